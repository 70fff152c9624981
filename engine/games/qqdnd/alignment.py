"""The alignment chart: which sides a two-letter alignment or a card holds.

The rules: "When deckbuilding, you must choose a side of the alignment chart - Good, Lawful, Evil,
or Chaotic. You may not include party members with the opposing side in their alignment - if your
party is Good, you cannot have Evil party members, etc."
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

SIDES: Final[tuple[str, ...]] = ("Good", "Lawful", "Evil", "Chaotic")
OPPOSED: Final[dict[str, str]] = {"Good": "Evil", "Evil": "Good", "Lawful": "Chaotic", "Chaotic": "Lawful"}

# An alignment's first letter is its place on the Lawful-Chaotic axis, the second on Good-Evil;
# N (and the T of TN, True Neutral) hold no side.
_LAW_AXIS: Final = {"L": "Lawful", "C": "Chaotic"}
_MORAL_AXIS: Final = {"G": "Good", "E": "Evil"}


def parse_side(value: str) -> str | None:
    """The side a "Side:" header names ("good" reads as Good), or None if it names none."""
    wanted = value.strip().casefold()
    return next((side for side in SIDES if side.casefold() == wanted), None)


def alignment_sides(alignment: str | None) -> frozenset[str]:
    """The sides a two-letter alignment holds: "LG" -> Lawful and Good; "TN" or "N" -> none."""
    tag = (alignment or "").strip().upper()
    if len(tag) != 2:
        return frozenset()
    found = (_LAW_AXIS.get(tag[0]), _MORAL_AXIS.get(tag[1]))
    return frozenset(side for side in found if side is not None)


def card_sides(card: Mapping[str, Any]) -> frozenset[str]:
    """The sides a card holds: its alignment tag (Raging Savage: CE) and any side printed as a
    subtype word (TB Towers: "Location, Good")."""
    words = {str(s).casefold() for s in card.get("subtypes") or ()}
    printed = frozenset(side for side in SIDES if side.casefold() in words)
    return alignment_sides(card["attributes"].get("alignment")) | printed
