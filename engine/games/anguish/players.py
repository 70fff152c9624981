"""Anguish's players (engine/players/base.py): the heuristic goldfish player and the silent goldfish."""
from __future__ import annotations

import random
from collections.abc import Hashable

from engine.core import State
from engine.deck import ResolvedDeck
from engine.games.anguish import goldfish
from engine.games.anguish.state import AnguishGame, AnguishState, make_game
from engine.goldfish_record import GameRecord
from engine.players.base import GameKit, Player


class HeuristicPlayer(Player):
    """The goldfish policy (engine/games/anguish/goldfish.py's POLICY) at any seat."""

    kind = "heuristic"

    def __init__(self) -> None:
        super().__init__()
        self.policy: goldfish.GoldfishPolicy | None = None

    def restart(self, state: State, seat: int, rng: random.Random) -> None:
        super().restart(state, seat, rng)
        assert isinstance(state, AnguishState)
        if self.policy is None or self.policy.game is not state.game:
            self.policy = goldfish.GoldfishPolicy(state.game, goldfish.worth_table(state.game))
        else:
            self.policy.plan_key = (-1, -1)

    def choose(self, state: State) -> Hashable:
        assert isinstance(state, AnguishState) and self.policy is not None
        return self.policy.choose(state)


class SilentPlayer(Player):
    """The goldfish opponent: it plays nothing (its empty turns are taken by the engine)."""

    kind = "passive"

    def choose(self, state: State) -> Hashable:
        raise ValueError("the Anguish goldfish opponent is never asked to choose")


def goldfish_game(deck: ResolvedDeck, opponent: str) -> AnguishGame:
    return goldfish._game_of(deck)[0]


def record(state: State, seat: int) -> GameRecord:
    assert isinstance(state, AnguishState)
    return goldfish.record(state, seat)


def matchup_game(deck_a: ResolvedDeck, deck_b: ResolvedDeck) -> AnguishGame:
    return make_game(deck_a, opponent=deck_b)


KIT = GameKit(
    opponents=("silent",),
    goldfish_game=goldfish_game,
    heuristic=HeuristicPlayer,
    goldfish_opponent=lambda name: SilentPlayer(),
    record=record,
    matchup_game=matchup_game,
)
