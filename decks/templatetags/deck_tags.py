"""Template helpers of the deck pages: problem codes as words, and messages as the page reads them."""
from __future__ import annotations

from typing import Any

from django import template

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
