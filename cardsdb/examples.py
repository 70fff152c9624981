"""The example of each search field as shown to a game's players (the syntax page, GET /api/games/).

The fields every game shares (engine/schema.py COMMON_SEARCH_FIELDS) carry QQDND's examples; each
other game gets its own here, so that every example finds cards of its game (a test runs them all).
An empty example shows none: no Anguish card has a subtype yet.
"""
from __future__ import annotations

from engine.schema import SearchField

COMMON_FIELD_EXAMPLES: dict[str, dict[str, str]] = {
    "condemned": {"name": 'name:"machete"', "set": "set:demo", "subtype": "st:medic"},
    "anguish": {"name": 'name:"giant"', "set": "set:demo", "subtype": ""},
}


def field_example(game: str, field: SearchField) -> str:
    return COMMON_FIELD_EXAMPLES.get(game, {}).get(field.name, field.example)
