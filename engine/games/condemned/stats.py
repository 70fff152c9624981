"""The Condemned deck charts: the Weapons' damage types and the deck's card types.

Both count the deck besides the Condemned (the 30 cards of a constructed deck): the Condemned
starts in play and is never drawn.
"""
from __future__ import annotations

from typing import Any

from engine.deck import ResolvedDeck
from engine.games.condemned.cards import ARMOR, CONDEMNED, DAMAGE_TYPES, EVENT, PREPARATION, WEAPON
from engine.stats import chart, copies_by, fixed_order, total

DECK_TYPES = (WEAPON, ARMOR, EVENT, PREPARATION)


def deck_stats(deck: ResolvedDeck) -> dict[str, Any]:
    others = [e for e in deck.entries if e.card_type != CONDEMNED.slug]
    weapons = [e for e in others if e.card_type == WEAPON.slug]
    damage_types = copies_by(weapons, lambda e: e.attributes.get("damage_type"))
    card_types = copies_by(others, lambda e: e.card_type)
    return {
        "charts": [
            chart("damage_types", "Weapons by damage type",
                  fixed_order(damage_types, DAMAGE_TYPES, lambda t: str(t).capitalize())),
            chart("card_types", "Cards by type",
                  [(t.label, card_types[t.slug]) for t in DECK_TYPES]),
        ],
        "totals": [
            total("cards", "Cards besides the Condemned", sum(e.count for e in others)),
        ],
    }
