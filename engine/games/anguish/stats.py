"""Anguish deck charts: the Hour curve of the Lifeblood and its Creatures' Arsenal and Protection.

Only the Lifeblood counts; the Sideboard is not played. The Stronghold is never played from the
hand, so it is not on the curve. Cards with no Hour are played free (9.3: "Cards without an
indicated Hour may be played free of cost") and get a bar of their own.
"""
from __future__ import annotations

from typing import Any

from engine.deck import DeckCard, ResolvedDeck
from engine.games.anguish.cards import CREATURE, FIRST_HOUR, LAST_HOUR, STRONGHOLD
from engine.stats import chart, copies_by, total

LIFEBLOOD = "Lifeblood"
FREE = "free"


def deck_stats(deck: ResolvedDeck) -> dict[str, Any]:
    lifeblood = deck.section(LIFEBLOOD)
    creatures = [e for e in lifeblood if e.card_type == CREATURE.slug]
    return {
        "charts": [chart("curve", "Lifeblood by Hour cost", _curve(lifeblood))],
        "totals": [
            total("creatures", "Creatures", sum(e.count for e in creatures)),
            total("arsenal", "Arsenal", _score(creatures, "arsenal")),
            total("protection", "Protection", _score(creatures, "protection")),
        ],
    }


def _curve(lifeblood: list[DeckCard]) -> list[tuple[str, int]]:
    """A bar for every Hour from the 1st to the 11th, then the free cards."""
    played = [e for e in lifeblood if e.card_type != STRONGHOLD.slug]
    by_hour = copies_by(played, lambda e: e.attributes.get("hour"))
    bars = [(str(hour), by_hour[hour]) for hour in range(FIRST_HOUR, LAST_HOUR + 1)]
    if by_hour[None]:
        bars.append((FREE, by_hour[None]))
    return bars


def _score(creatures: list[DeckCard], key: str) -> int:
    return sum(int(e.attributes.get(key) or 0) * e.count for e in creatures)
