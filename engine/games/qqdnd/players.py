"""QQDND's players (engine/players/base.py): the heuristic goldfish player and the dummy party."""
from __future__ import annotations

from collections import Counter
from collections.abc import Hashable

from engine.core import State
from engine.deck import ResolvedDeck
from engine.games.qqdnd import goldfish
from engine.games.qqdnd.state import PASS, QQDNDGame, QQDNDState
from engine.goldfish_record import GameRecord
from engine.players.base import GameKit, Player


class HeuristicPlayer(Player):
    """The goldfish policy (engine/games/qqdnd/goldfish.py's POLICY)."""

    kind = "heuristic"

    def __init__(self) -> None:
        super().__init__()
        self.policy = goldfish.GoldfishPolicy()

    def choose(self, state: State) -> Hashable:
        assert isinstance(state, QQDNDState)
        return self.policy.choose(state)


class PassiveParty(Player):
    """The passive dummy party: it declines at every chance."""

    kind = "passive"

    def choose(self, state: State) -> Hashable:
        return PASS


def goldfish_game(deck: ResolvedDeck, opponent: str) -> QQDNDGame:
    return goldfish._game_for(deck)[0]


def record(state: State, seat: int) -> GameRecord:
    assert isinstance(state, QQDNDState)
    return GameRecord(
        end_turn=state.round,
        won=state.won(),
        damage_by_turn=list(state.damage_by_round),
        mulligans=0,  # QQDND has no mulligans
        first_turn_play=state.first_round_play,
        drawn=Counter(state.drawn),
        played=Counter(state.played),
        no_effect=Counter(state.no_effect),
    )


KIT = GameKit(
    opponents=("passive",),
    goldfish_game=goldfish_game,
    heuristic=HeuristicPlayer,
    goldfish_opponent=lambda name: PassiveParty(),
    record=record,
)
