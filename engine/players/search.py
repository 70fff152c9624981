"""A search player for every game: flat Monte Carlo over determinized copies of the state.

For each decision with more than one candidate action, the player plays each candidate out several times
and takes the one whose play-outs ended best. Each play-out:

1. copies the state with `State.clone(rng)` (the copy's chance events come from a fresh stream, so
   it cannot know the real game's future shuffles or coin flips);
2. determinizes it for its own seat with `State.resample_hidden` (its own deck's order and the
   opponent's hand are reshuffled: the search never plays on information it could not know);
3. applies the action and plays the game to its end with the rollout players (the game's heuristic
   player on both seats, or the goldfish opponent on the other);
4. scores the end with `value(state, seat)`.

The candidates: where the rollout player ranks its options (`Player.candidates`), only its `top_k` best
are searched (its own choice first; moves that do the same count once), so the budget goes to the moves
a player would weigh rather than to forty ways of passing; a decision with one legal action is forced and
not searched. Without a ranking, every legal action is a candidate.

Every action of one iteration is played out from the same determinization and the same stream
(common random numbers), so the actions are compared on the same deals and their difference is
what the action did, not luck. The rollout player's own choice is kept unless another action did
better over all iterations by more than `margin` (a share of a win): the search only departs from
its rollout player where it measured an improvement, which is why it must match or beat that player
(policy improvement).

`budget` is the number of play-outs per decision, spread over the candidates (each gets at least
`min_per_action`).
"""
from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Sequence

from engine.core import State
from engine.play.match import play_out
from engine.players.base import Player

Value = Callable[[State, int], float]

DEFAULT_BUDGET = 64
MIN_PER_ACTION = 2
TOP_K = 4
# How much better (in value per play-out: a win is worth 1 to 2) another action must do than the rollout
# player's own choice to be taken instead: a tie or a difference within one round's worth over one deal is
# noise, not a measured improvement.
MARGIN = 0.02


class SearchPlayer(Player):
    kind = "search"

    def __init__(self, rollout: Sequence[Player], value: Value, budget: int = DEFAULT_BUDGET,
                 min_per_action: int = MIN_PER_ACTION, top_k: int = TOP_K, margin: float = MARGIN) -> None:
        super().__init__()
        if budget < 1:
            raise ValueError(f"a search needs a budget of at least 1 play-out a decision; got {budget}")
        self.rollout = list(rollout)  # one Player per seat, restarted on each play-out's copy
        self.value = value
        self.budget = budget
        self.min_per_action = min_per_action
        self.top_k = top_k
        self.margin = margin
        self.decisions = 0  # decisions searched (those with more than one candidate)
        self.playouts = 0

    def choose(self, state: State) -> Hashable:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]  # forced: nothing to search
        actions = self._candidates(state, legal)
        if len(actions) == 1:
            return actions[0]
        totals = self._play_outs(state, actions)
        self.decisions += 1
        iterations = self._iterations(len(actions))
        best = max(range(len(actions)), key=lambda i: (totals[i], -i))
        if totals[best] - totals[0] <= self.margin * iterations:
            return actions[0]
        return actions[best]

    def _candidates(self, state: State, legal: Sequence[Hashable]) -> list[Hashable]:
        """The rollout player's choice first, then the others worth searching."""
        player = self.rollout[self.seat]
        player.restart(state, self.seat, random.Random(self.rng.getrandbits(64)))
        ranked = player.candidates(state)
        if ranked is None:
            default = player.choose(state)
            if default not in legal:  # a rollout player must choose a legal action; the search trusts it to
                raise ValueError(f"the rollout player chose {default!r}, which is not a legal action")
            return [default, *(action for action in legal if action != default)]
        if not ranked or ranked[0] not in legal:
            raise ValueError(f"the rollout player ranked {ranked[:1]!r} first, which is not a legal action")
        return ranked[:self.top_k]

    def _iterations(self, actions: int) -> int:
        return max(self.min_per_action, self.budget // actions)

    def _play_outs(self, state: State, actions: list[Hashable]) -> list[float]:
        iterations = self._iterations(len(actions))
        totals = [0.0] * len(actions)
        for _ in range(iterations):
            deal = self.rng.getrandbits(64)
            for index, action in enumerate(actions):
                totals[index] += self._play_out(state, action, deal)
        self.playouts += iterations * len(actions)
        return totals

    def _play_out(self, state: State, action: Hashable, deal: int) -> float:
        stream = random.Random(deal)
        copy = state.clone(stream)
        copy.resample_hidden(self.seat, stream)
        copy.apply_trusted(action)
        for seat, player in enumerate(self.rollout):
            player.restart(copy, seat, random.Random(deal + seat + 1))
        play_out(copy, self.rollout)
        return self.value(copy, self.seat)
