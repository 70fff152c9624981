"""A player that picks uniformly at random among the legal actions: the floor any real player must
beat, and the conformance test's way of reaching positions no sensible player would."""
from __future__ import annotations

from collections.abc import Hashable

from engine.core import State
from engine.players.base import Player


class RandomPlayer(Player):
    kind = "random"

    def choose(self, state: State) -> Hashable:
        legal = state.legal_actions()
        return legal[self.rng.randrange(len(legal))]
