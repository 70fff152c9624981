"""Builder drafts of signed-in players, kept on the server so that unsaved work follows the player to
another browser or device (visitors' drafts stay in their browser's storage, static/js/drafts.js).

A draft belongs to its owner and is found by game and target: `new` (the new-deck builder of that
game) or the share id of one of the owner's decks. Someone else's deck is no target: it answers as
if it did not exist. A draft holds the builder's fields as strings, each within the limits a saved
deck has, and at most MAX_DRAFT_BYTES in all; a save of the deck drops it (forget()).
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction

from cardsdb.models import Game

from .models import BuilderDraft, Deck

NEW_DECK = "new"
# The longest deck list (20,000 characters, docs/contract.md) and description (5,000), with room
# for the other fields and for characters that JSON escapes.
MAX_DRAFT_BYTES = 64 * 1024
# The builder's fields a draft keeps, with the longest value each may have.
FIELD_LIMITS: dict[str, int] = {
    "list": 20_000, "name": 120, "side": 20, "format": 30, "visibility": 10, "description": 5_000, "version": 12,
    "tags": 200,  # the builder's tags field as typed (decks/forms.py MAX_TAGS_TEXT), checked when saved
}


class DraftRefused(ValueError):
    """The state sent is not a draft the builder could restore; nothing was kept."""


class DraftTooLarge(DraftRefused):
    pass


class DraftOutdated(Exception):
    """The deck was saved after the draft was begun: the save is what the builder shows now, so a
    draft sent late (it was on its way when the save was made) is not kept."""


@dataclass(frozen=True)
class Target:
    game: Game
    deck: Deck | None


def find_target(user: Any, game_slug: str, target: str) -> Target | None:
    """The game and deck a draft is for, or None if there is no such game or deck of the user's."""
    game = Game.objects.filter(slug=game_slug).first()
    if game is None:
        return None
    if target == NEW_DECK:
        return Target(game, None)
    deck = Deck.objects.filter(share_id=target, owner_id=user.pk, game=game).first()
    return Target(game, deck) if deck else None


def clean_state(state: Any) -> dict[str, str]:
    """The state as kept: a JSON object of the builder's fields, strings within their limits."""
    if not isinstance(state, dict):
        raise DraftRefused("`state` must be an object of the builder's fields.")
    unknown = sorted(set(state) - set(FIELD_LIMITS))
    if unknown:
        raise DraftRefused(f"`state` has fields a draft does not keep: {', '.join(unknown)}; "
                           f"it keeps {', '.join(FIELD_LIMITS)}.")
    cleaned: dict[str, str] = {}
    for field, value in state.items():
        if not isinstance(value, str):
            raise DraftRefused(f"`state.{field}` must be a string.")
        if "\x00" in value:
            # PostgreSQL's jsonb cannot store a NUL character.
            raise DraftRefused(f"`state.{field}` has a NUL character.")
        if len(value) > FIELD_LIMITS[field]:
            raise DraftTooLarge(f"`state.{field}` has {len(value)} characters; a draft keeps at most "
                                f"{FIELD_LIMITS[field]}.")
        cleaned[field] = value
    size = len(json.dumps(cleaned).encode("utf-8"))
    if size > MAX_DRAFT_BYTES:
        raise DraftTooLarge(f"The draft is {size} bytes; at most {MAX_DRAFT_BYTES} are kept.")
    return cleaned


def read(user: Any, target: Target) -> BuilderDraft | None:
    return BuilderDraft.objects.filter(owner_id=user.pk, game=target.game, deck=target.deck).first()


def draft_version(target: Target, cleaned: dict[str, str]) -> int:
    """The deck version a draft of a saved deck was made from (its `version` field)."""
    version = cleaned.get("version", "")
    if not version.isascii() or not version.isdigit():
        raise DraftRefused("`state.version` must be the number of the deck version the draft edits.")
    return int(version)


def keep(user: Any, target: Target, state: Any, started_at: datetime | None = None) -> BuilderDraft:
    """Keep the draft, unless a save of the deck came after it was begun (DraftOutdated).

    A draft of a saved deck is begun from the version its `version` field names: once the deck has
    moved past it, the draft is outdated. A draft of a new deck is begun at `started_at` (when the
    builder page was served): once the player has saved a new deck of the game since, it is
    outdated. The check and the write hold a lock that the save's forget() also takes (the deck's
    row; for a new deck, the player's), so a draft sent while a save is under way is either
    dropped by forget() or refused here, never kept past the save.
    """
    cleaned = clean_state(state)
    with transaction.atomic():
        if target.deck is not None:
            version = draft_version(target, cleaned)
            current = Deck.objects.select_for_update().values_list("version", flat=True).get(pk=target.deck.pk)
            if version < current:
                raise DraftOutdated(f"The deck was saved as version {current} after this draft of version "
                                    f"{version} was begun; the draft is not kept.")
        else:
            _lock_player(user)
            if started_at is not None and Deck.objects.filter(
                owner_id=user.pk, game=target.game, created_at__gt=started_at
            ).exists():
                raise DraftOutdated("A new deck of this game was saved after this draft was begun; "
                                    "the draft is not kept.")
        # Two saves at once (two tabs): update_or_create locks the row, and retries a create that lost the race.
        draft, _ = BuilderDraft.objects.update_or_create(
            owner_id=user.pk, game=target.game, deck=target.deck, defaults={"state": cleaned},
        )
    return draft


def _lock_player(user: Any) -> None:
    """New-deck drafts have no deck row to lock: the player's row stands in."""
    list(get_user_model().objects.select_for_update().filter(pk=user.pk).values_list("pk", flat=True))


def forget(user: Any, game: Game, deck: Deck | None) -> None:
    """Drop the draft a save made obsolete (the saved deck is now what the builder shows)."""
    with transaction.atomic():
        if deck is None:
            _lock_player(user)  # waits for a new-deck draft being kept (keep())
        BuilderDraft.objects.filter(owner_id=user.pk, game=game, deck=deck).delete()
