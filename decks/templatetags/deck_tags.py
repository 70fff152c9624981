"""Template helpers of the deck pages: problem codes as words, and messages as the page reads them."""
from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from django import template
from django.urls import reverse
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from decks.builder import problem_words as _problem_words

register = template.Library()

SIDE_MENU_MESSAGE = "Choose a side of the alignment chart in the Side menu above."


@register.filter
def problem_words(code: str) -> str:
    """`side_missing` reads "No side chosen"."""
    return _problem_words(code)


@register.simple_tag
def problem_message(problem: dict[str, Any], side_menu: bool = False) -> str:
    """The problem's message; on the builder, where a Side menu sets the side, side_missing says
    to use the menu rather than to write a "Side:" line."""
    if side_menu and problem.get("code") == "side_missing":
        return SIDE_MENU_MESSAGE
    return str(problem.get("message", ""))


# A card slug that reverse() would put in the address as it is (nothing to quote).
PLAIN_SLUG = re.compile(r"[A-Za-z0-9_-]+")
SLUG_MARK = "card-slug-mark"


@register.simple_tag
def card_sections(sections: Iterable[Any], game_slug: str) -> SafeString:
    """The deck page's card sections (decks.views.SectionCards), written in Python.

    Through the template language each of a deck's 25 to 40 rows cost several variable lookups
    and a URL reversal: a few ms of CPU a page. The card pages' address is reversed once per page
    and each card's slug put in it (a slug with any character reverse() would quote is reversed on
    its own). Every name is escaped.
    """
    prefix, _, suffix = reverse("card-detail", args=[game_slug, SLUG_MARK]).partition(SLUG_MARK)

    def url(card: Any) -> str:
        if PLAIN_SLUG.fullmatch(card.slug):
            return f"{prefix}{card.slug}{suffix}"
        return str(card.get_absolute_url())

    parts = []
    for section in sections:
        items = "".join(
            f'\n              <li><span class="card-count">{row.count}</span> '
            f'<a href="{escape(url(row.card))}">{escape(row.card.name)}</a></li>'
            for row in section.rows
        )
        parts.append(
            f'\n        <section class="deck-section">\n          <h3>{escape(section.title)} '
            f'<span class="muted">{section.total}</span></h3>\n          <ul class="deck-section-cards">'
            f"{items}\n          </ul>\n        </section>"
        )
    return mark_safe("".join(parts))
