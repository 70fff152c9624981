"""What the deck builder's scripts know about a game besides its cards' search: the copy limits of
each card (so add buttons stop at a limit and say why), the problem codes as words, and the fixes
a problem has when the fix is clear.

The limits restate the rules modules' constants (engine/games/<game>/rules.py), so the builder and
the rules check cannot disagree on a number; the rules check stays the judge of legality.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any, TypedDict

from engine.decklist import normalize_name
from engine.games.anguish import rules as anguish_rules
from engine.games.anguish import state as anguish_state
from engine.games.condemned import rules as condemned_rules
from engine.games.condemned import state as condemned_state
from engine.games.qqdnd import rules as qqdnd_rules
from engine.games.qqdnd.alignment import OPPOSED, SIDES, alignment_sides
from engine.validation import CardIndex

# Each problem code of docs/contract.md as a player would name it.
PROBLEM_WORDS: dict[str, str] = {
    "parse_error": "Unreadable line",
    "unknown_card": "Unknown card",
    "zone": "Wrong section",
    "format": "Format",
    "party_size": "Party size",
    "party_unique": "Same Party Member twice",
    "side_missing": "No side chosen",
    "side_conflict": "Side conflict",
    "resource_count": "Too few Resources",
    "frequency": "Over its Frequency",
    "restriction": "Resource Restrictions",
    "condemned_count": "Number of Condemned",
    "deck_size": "Deck size",
    "copies": "Too many copies",
    "equip": "Cannot be equipped",
    "stronghold_count": "Number of Strongholds",
    "tenth_hour_count": "10th-Hour Creatures",
    "species": "Mixed Species",
    "sideboard_size": "Sideboard size",
}


def problem_words(code: str) -> str:
    """A problem code as words; an unknown code reads as its words rather than with underscores."""
    return PROBLEM_WORDS.get(code) or code.replace("_", " ").capitalize()


class CardLimit(TypedDict, total=False):
    """How many copies of one card a deck may hold.

    `max`: copies of this card (absent: no limit of its own); `formats`: the formats the limit
    applies in (absent: all); `group`/`groupMax`: a limit shared with other cards (four Party
    Members, one Condemned, one Stronghold, two 10th-Hour Creatures); `why`: the rule, in words.
    """

    type: str
    max: int
    formats: list[str]
    why: str
    group: str
    groupMax: int
    groupWhy: str
    sides: list[str]  # QQDND Party Members: the sides of the alignment chart they hold
    hv: int  # QQDND Party Members: the Hand Value (the opening hand is the party's total)


def _qqdnd_limit(card_type: str, attributes: dict[str, Any]) -> CardLimit:
    if card_type == "party_member":
        size = qqdnd_rules.PARTY_SIZE
        return {"type": card_type, "max": 1, "why": "a party holds each Party Member once",
                "group": "party", "groupMax": size, "groupWhy": f"a party has exactly {size} Party Members",
                "sides": sorted(alignment_sides(attributes.get("alignment"))), "hv": int(attributes.get("hv") or 0)}
    frequency = attributes.get("frequency")
    if frequency is None:
        return {"type": card_type}
    return {"type": card_type, "max": int(frequency), "why": f"its Frequency is {frequency}"}


def _condemned_limit(card_type: str, attributes: dict[str, Any]) -> CardLimit:
    if card_type == condemned_rules.CONDEMNED:
        return {"type": card_type, "max": 1, "why": "a deck has exactly one Condemned",
                "group": "condemned", "groupMax": 1, "groupWhy": "a deck has exactly one Condemned"}
    limited = [name for name, rule in condemned_rules.FORMAT_RULES.items() if rule.max_copies is not None]
    maxima = {condemned_rules.FORMAT_RULES[name].max_copies for name in limited}
    if len(maxima) != 1:  # one number today; a second would need a limit per format here
        return {"type": card_type}
    most = maxima.pop()
    assert most is not None
    why = f"at most {most} copies of a card in constructed"
    return {"type": card_type, "max": most, "formats": limited, "why": why}


def _anguish_limit(card_type: str, attributes: dict[str, Any]) -> CardLimit:
    if card_type == "stronghold":
        return {"type": card_type, "max": 1, "why": "a Lifeblood has exactly one Stronghold",
                "group": "stronghold", "groupMax": 1, "groupWhy": "a Lifeblood has exactly one Stronghold"}
    if card_type == "creature" and attributes.get("hour") == anguish_rules.TENTH_HOUR:
        most = anguish_rules.MAX_TENTH_HOUR_CREATURES
        return {"type": card_type, "max": most, "why": f"a deck has at most {most} 10th-Hour Creatures",
                "group": "tenth_hour", "groupMax": most, "groupWhy": f"a deck has at most {most} 10th-Hour Creatures"}
    most = anguish_rules.MAX_COPIES
    return {"type": card_type, "max": most, "why": f"at most {most} cards of one exact name"}


LIMITS = {"qqdnd": _qqdnd_limit, "condemned": _condemned_limit, "anguish": _anguish_limit}


def card_limits(game: str, index: CardIndex, names: Iterable[str]) -> dict[str, CardLimit]:
    """Each named card's limit, by its normalised name (static/js/decklist.js normalizeName)."""
    limit = LIMITS.get(game)
    limits: dict[str, CardLimit] = {}
    for name in names:
        card = index.get(name)
        if limit is not None and card is not None:
            limits[normalize_name(name)] = limit(str(card["card_type"]), dict(card.get("attributes") or {}))
    return limits


def side_rules(game: str) -> dict[str, Any]:
    """The sides of the alignment chart and their opposites, for a game whose decks choose one."""
    return {"sides": list(SIDES), "opposed": dict(OPPOSED)} if game == "qqdnd" else {}


def example_name(limits: dict[str, CardLimit], names: Iterable[str]) -> str:
    """A card to show in the quick-add hint: the first by name that has no shared limit."""
    plain = sorted(n for n in names if "group" not in limits.get(normalize_name(n), {"group": ""}))
    return plain[0] if plain else ""


def opening_rules(game: str) -> dict[str, Any]:
    """How a game's opening hand is drawn, for the sample hand and the draw odds (static/js/sample-hand.js).

    `handSize` null: the party's total Hand Value (QQDND). `mulligan`: "whole" (The Condemned: the
    hand shuffled back and 5 new drawn, `mulligans` times a game), "chosen" (Anguish: up to 5 cards
    put at the bottom and as many drawn, once) or null. `perTurn`: the cards seen each later turn,
    with `note` saying what that assumes. `pile`: the card types drawn from (the rest start in play).
    """
    if game == "qqdnd":
        return {"unit": "Round", "handSize": None, "mulligan": None, "mulligans": 0, "pile": ["resource"],
                "perTurn": None,
                "note": "Each round the hand is drawn back up to the party's total Hand Value; the odds assume "
                        "the hand was played out each round, so a round shows that many new cards."}
    if game == "condemned":
        return {"unit": "Turn", "handSize": condemned_state.HAND_SIZE, "mulligan": "whole",
                "mulligans": condemned_state.MAX_MULLIGANS, "pile": ["weapon", "armor", "event", "preparation"],
                "perTurn": 2,
                "note": "Each turn draws back up to 5; the odds assume 2 cards played a turn, so 2 new cards a turn."}
    if game == "anguish":
        return {"unit": "Hour", "handSize": anguish_state.OPENING_HAND, "mulligan": "chosen", "mulligans": 1,
                "pile": ["creature", "discovery"], "perTurn": 2,
                "note": "The Stronghold starts apart and the Sideboard is not drawn from. The odds are the starting "
                        "player's: no draw in the 1st Hour, then two cards seen each Hour (one of them kept)."}
    return {}
