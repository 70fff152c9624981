"""The Condemned's players (engine/players/base.py): the heuristic goldfish player and the inmate."""
from __future__ import annotations

from collections import Counter
from collections.abc import Hashable

from engine.core import State
from engine.deck import ResolvedDeck
from engine.games.condemned import goldfish
from engine.games.condemned.state import CondemnedGame, CondemnedState, make_game
from engine.goldfish_record import GameRecord
from engine.players.base import GameKit, Player


class HeuristicPlayer(Player):
    """The goldfish policy (engine/games/condemned/goldfish.py's POLICY) at any seat."""

    kind = "heuristic"

    def choose(self, state: State) -> Hashable:
        assert isinstance(state, CondemnedState)
        return goldfish.choose(state)


class InmatePlayer(Player):
    """The generic inmate: offered only its passive choices, it takes them."""

    kind = "passive"

    def choose(self, state: State) -> Hashable:
        assert isinstance(state, CondemnedState)
        return goldfish.choose(state)


def goldfish_game(deck: ResolvedDeck, opponent: str) -> CondemnedGame:
    return goldfish._game(deck)


def record(state: State, seat: int) -> GameRecord:
    assert isinstance(state, CondemnedState)
    side = state.sides[seat]
    return GameRecord(
        end_turn=side.turns,
        won=state.winner() == seat,
        damage_by_turn=list(state.damage_by_turn),
        mulligans=side.mulligans,
        first_turn_play=state.first_turn_play,
        # "+" drops the cards a mulligan sent back (a plain copy is the same, and faster, without one)
        drawn=+side.drawn if side.mulligans else Counter(side.drawn),
        played=Counter(side.played),
        no_effect=Counter(side.no_effect),
    )


def matchup_game(deck_a: ResolvedDeck, deck_b: ResolvedDeck) -> CondemnedGame:
    return make_game(deck_a, opponent=deck_b)


KIT = GameKit(
    opponents=("inmate",),
    goldfish_game=goldfish_game,
    heuristic=HeuristicPlayer,
    goldfish_opponent=lambda name: InmatePlayer(),
    record=record,
    matchup_game=matchup_game,
)
