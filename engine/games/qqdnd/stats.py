"""QQDND deck charts: when the Resources act, and what they are.

The Initiative chart places each Resource at the highest value it can be played at (a "10-6"
Resource counts under 10): what a hand declares at the start of a round is its highest
Initiative. X and * Resources have no number and get bars of their own.
"""
from __future__ import annotations

from typing import Any, Final

from engine.deck import DeckCard, ResolvedDeck
from engine.games.qqdnd.cards import ALIGNMENTS, CATEGORIES, PARTY_MEMBER, RESOURCE
from engine.games.qqdnd.initiative import parse_initiative
from engine.stats import chart, copies_by, copies_by_each, fixed_order, most_common_first, total

# The rules' Initiatives run from 1 to 20; the axis always spans them so decks compare.
INITIATIVE_AXIS: Final = range(1, 21)
NO_ALIGNMENT: Final = "None"


def deck_stats(deck: ResolvedDeck) -> dict[str, Any]:
    resources = list(deck.of_type(RESOURCE.slug))
    party = list(deck.of_type(PARTY_MEMBER.slug))
    return {
        "charts": [
            chart("initiative", "Resources by Initiative (highest value)", _initiative_bars(resources)),
            chart("alignment", "Resources by alignment", _alignment_bars(resources)),
            chart("subtypes", "Resources by subtype", most_common_first(copies_by_each(resources, _subtypes))),
            chart("category", "Action and Permanent Resources",
                  fixed_order(copies_by(resources, lambda e: e.attributes.get("category")), CATEGORIES)),
        ],
        "totals": [
            total("resources", "Resources", sum(e.count for e in resources)),
            total("resource_value", "Resource Value of the Party", _party_sum(party, "rv")),
            total("hand_value", "Hand Value of the Party", _party_sum(party, "hv")),
        ],
    }


def _initiative_key(entry: DeckCard) -> int | str:
    """The highest Initiative, or the printed "X" or "*" (also for an unreadable value)."""
    printed = str(entry.attributes.get("initiative", ""))
    try:
        high = parse_initiative(printed).high
    except ValueError:
        return printed.strip() or "?"
    return high if high is not None else printed.strip().upper()


def _initiative_bars(resources: list[DeckCard]) -> list[tuple[str, int]]:
    counts = copies_by(resources, _initiative_key)
    numbers = [key for key in counts if isinstance(key, int)]
    axis = range(min([INITIATIVE_AXIS.start, *numbers]), max([INITIATIVE_AXIS.stop - 1, *numbers]) + 1)
    words = sorted(str(key) for key in counts if not isinstance(key, int))
    return [(str(value), counts[value]) for value in axis] + [(word, counts[word]) for word in words]


def _alignment_bars(resources: list[DeckCard]) -> list[tuple[str, int]]:
    """The alignment tags the Resources carry, in the chart's order; untagged Resources last."""
    counts = copies_by(resources, lambda e: e.attributes.get("alignment") or NO_ALIGNMENT)
    order = [a for a in ALIGNMENTS if counts[a]] + ([NO_ALIGNMENT] if counts[NO_ALIGNMENT] else [])
    return fixed_order(counts, order)


def _subtypes(entry: DeckCard) -> list[str]:
    return [str(s) for s in entry.card.get("subtypes", [])]


def _party_sum(party: list[DeckCard], key: str) -> int:
    return sum(int(e.attributes.get(key) or 0) * e.count for e in party)
