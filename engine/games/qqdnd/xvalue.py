"""What X is, for a card whose Initiative is printed "X".

The rules: "They may also be represented as an X – in which case the value of X will be defined in the card
(such as the number of cards you have in hand)." The effects table may define X for a card
(CardEffects.x); otherwise `read_x` reads the definition from the printed text, in the words cards use for
it: "X is the number of cards in your hand", "where X is the number of Allies you control", "X is equal to
the number of Charge counters on this card". X is worked out when the Action is chosen: a card played from
hand is still in the hand then.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from engine.games.qqdnd.board import Board
    from engine.games.qqdnd.pieces import Piece

XValue = Callable[["Board", int, "Piece"], int]  # (board, the performing player, the card) -> X

# "X is the number of ...", "where X is equal to the number of ...", "X equals the number of ...".
_DEFINITION: Final = re.compile(r"\bx (?:is|equals) (?:equal to )?(?:the )?(?:number|amount) of (.+?)(?:[.;:(]|$)")


def _zone_size(zone: str, whose: str) -> XValue:
    def value(b: Board, player: int, source: Piece) -> int:
        owner = player if whose == "your" else 1 - player
        return len({"hand": b.hand, "deck": b.deck, "discard pile": b.discard}[zone][owner])
    return value


def _controlled(kind: str, state: str) -> XValue:
    def matches(b: Board, p: Piece, player: int) -> bool:
        if state == "undefeated " and p.defeated or state == "defeated " and not p.defeated:
            return False
        if kind == "party members":
            return p.d.is_party_member
        if kind == "allies":
            return b.has_trait(p, "Ally", player)
        if kind == "permanents":
            return p.d.category == "Permanent"
        if kind == "resources":
            return not p.d.is_party_member
        return True  # cards

    def value(b: Board, player: int, source: Piece) -> int:
        return sum(1 for p in b.field[player] if matches(b, p, player))
    return value


def _counters(kind: str) -> XValue:
    def value(b: Board, player: int, source: Piece) -> int:
        if kind == "damage":
            return source.damage
        if kind == "challenge":  # Challenge counters belong to a player: count every player's
            return source.counters.get("challenge0", 0) + source.counters.get("challenge1", 0)
        return source.counters.get(kind, 0)
    return value


def _in_party(trait: str) -> XValue:
    def value(b: Board, player: int, source: Piece) -> int:
        return sum(1 for p in b.field[player]
                   if p.d.is_party_member and not p.defeated and b.has_trait(p, trait, player))
    return value


_READINGS: Final[tuple[tuple[re.Pattern[str], Callable[[re.Match[str]], XValue]], ...]] = (
    (re.compile(r"cards (?:you have )?in (your|your opponent's|an opponent's) (hand|deck|discard pile)"),
     lambda m: _zone_size(m[2], "your" if m[1] == "your" else "their")),
    (re.compile(r"cards (?:you have )?in hand"), lambda m: _zone_size("hand", "your")),
    (re.compile(r"(undefeated |defeated |)(party members|allies|permanents|resources|cards) you control"),
     lambda m: _controlled(m[2], m[1])),
    (re.compile(r"(damage|charge|shield|life|craft|challenge) counters on (?:this card|it)"),
     lambda m: _counters(m[1])),
    (re.compile(r"(\w+?)s? in your party"), lambda m: _in_party(m[1].capitalize())),
)


def read_x(text: str) -> XValue | None:
    """The value of X the text defines, or None if it defines none the engine reads."""
    words = " ".join(text.lower().replace("’", "'").split())
    for definition in _DEFINITION.finditer(words):
        what = definition[1]
        for pattern, reading in _READINGS:
            match = pattern.match(what)
            if match:
                return reading(match)
    return None


def unreadable_x(b: Board, player: int, source: Piece) -> int:
    """X for a card whose definition of X the engine cannot read: 0 (its plays are counted as having no
    effect, like those of a card the engine does not know)."""
    return 0
