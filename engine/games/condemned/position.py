"""A game set up by hand: which cards are where, and whose turn starts.

The rules speak of moments ("If an enemy Condemned has Armor equipped in all three slots ...");
a position builds such a moment directly, without playing the turns that lead to it. Scenario
tests use it to give cards, play actions and look at the result.
"""
from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.core import OPPONENT, PLAYER
from engine.games.condemned.state import CondemnedGame, CondemnedState, Contender, Side


@dataclass
class Setup:
    """One Condemned's side of a position, cards given by name."""

    condemned: str | None = None  # None: the generic inmate (20 Life, no abilities)
    life: int | None = None  # None: full Life
    hand: Sequence[str] = ()
    deck: Sequence[str] = ()  # the top card first
    discard: Sequence[str] = ()
    main: str | None = None  # a Two Hand Weapon goes here
    off: str | None = None
    head: str | None = None
    body: str | None = None
    legs: str | None = None
    wear: Mapping[str, int] = field(default_factory=dict)  # damage on equipped cards, by name
    passive: bool = False
    turns: int = 1  # turns already taken: 0 makes the coming turn the Ready Turn

    def names(self) -> list[str]:
        equipped = [self.main, self.off, self.head, self.body, self.legs]
        return [*self.hand, *self.deck, *self.discard, *(name for name in equipped if name)]


def position(cards: Mapping[str, Mapping[str, Any]], player: Setup, opponent: Setup | None = None, *,
             active: int = PLAYER, seed: int = 0, turn_limit: int = 30, at_range: bool = False) -> CondemnedState:
    """The game at the start of `active`'s turn, with the cards where the setups put them, both
    Condemned at Ranged with `at_range` (else at Melee); the turn then begins as the rules say
    (start-of-turn effects, the draw to 5)."""
    setups = (player, opponent or Setup(passive=True))
    contenders = tuple(
        Contender(cards[s.condemned] if s.condemned else None, [cards[name] for name in s.names()], s.passive)
        for s in setups
    )
    game = CondemnedGame((contenders[PLAYER], contenders[OPPONENT]), turn_limit=turn_limit, first_player=PLAYER)
    state = CondemnedState(game, random.Random(seed))
    for side, setup in zip(state.sides, setups, strict=True):
        _place(state, side, setup)
    state.at_range = at_range
    state.begin_turn(active)
    state.settle()
    return state


def _place(state: CondemnedState, side: Side, setup: Setup) -> None:
    if setup.condemned:
        side.condemned_card = state.new_card(setup.condemned)
    side.hand = [state.new_card(name) for name in setup.hand]
    side.deck = [state.new_card(name) for name in reversed(setup.deck)]
    side.discard = [state.new_card(name) for name in setup.discard]
    side.main = state.new_card(setup.main) if setup.main else None
    side.off = state.new_card(setup.off) if setup.off else None
    side.armor = [state.new_card(name) if name else None for name in (setup.head, setup.body, setup.legs)]
    for card in side.weapons() + side.armors():
        if setup.wear.get(card.name):
            side.wear[card.uid] = setup.wear[card.name]
    if setup.life is not None:
        side.life = setup.life
    side.turns = setup.turns
