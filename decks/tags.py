"""Deck tags: a few words its owner puts on a deck, so that others can find it by them.

A tag is normalised before it is checked: folded to lower case, with runs of spaces and
underscores turned into one "-". What is left must be 2 to 24 letters, digits and single "-"
between them. A deck holds at most MAX_TAGS tags; a tag given twice counts once.
"""
from __future__ import annotations

import re
from collections.abc import Iterable

from django.db import transaction

from .models import Deck, DeckTag

MAX_TAGS = 5
MIN_LENGTH, MAX_LENGTH = 2, 24
_TAG = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")


class BadTags(ValueError):
    """The tags cannot be saved; the message says which and why."""


def normalise_tag(raw: str) -> str:
    return re.sub(r"[\s_-]+", "-", raw.strip().casefold()).strip("-")


def parse_tags(raw: str | Iterable[str]) -> list[str]:
    """The tags of a comma-separated string or a list, normalised, in the order given, each once.
    Raises BadTags naming the first tag that is not one."""
    items = raw.split(",") if isinstance(raw, str) else list(raw)
    tags: list[str] = []
    for item in items:
        if not isinstance(item, str):
            raise BadTags(f"Tags are words; {item!r} is not one.")
        tag = normalise_tag(item)
        if not tag and not item.strip():
            continue  # "a, , b" or a trailing comma
        if not MIN_LENGTH <= len(tag) <= MAX_LENGTH or not _TAG.fullmatch(tag):
            raise BadTags(
                f'"{item.strip()[:40]}" is not a tag: a tag is {MIN_LENGTH} to {MAX_LENGTH} letters (a-z) or '
                'digits, words joined by "-".'
            )
        if tag not in tags:
            tags.append(tag)
    if len(tags) > MAX_TAGS:
        raise BadTags(f"A deck has at most {MAX_TAGS} tags; {len(tags)} were given.")
    return tags


@transaction.atomic
def set_tags(deck: Deck, tags: list[str]) -> list[str]:
    """Replace the deck's tags by `tags` (already parsed by parse_tags)."""
    DeckTag.objects.filter(deck=deck).exclude(tag__in=tags).delete()
    DeckTag.objects.bulk_create([DeckTag(deck=deck, tag=tag) for tag in tags], ignore_conflicts=True)
    return sorted(tags)
