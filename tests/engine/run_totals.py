"""A goldfish run's totals (engine/goldfish.py's RunStats) made both ways a game's kit offers: from each game's
record, and by the kit's add_to_run, which counts a game's cards without building its record. The record tests of
the games that have add_to_run compare the two."""
from __future__ import annotations

from collections.abc import Sequence

from engine.core import PLAYER, State
from engine.goldfish import CardTally, RunStats
from engine.players.base import GameKit


def records_added(kit: GameKit, game: str, states: Sequence[State]) -> RunStats:
    stats = RunStats(game, 1)
    for state in states:
        stats.add(kit.record(state, PLAYER))
    return stats


def added_to_run(kit: GameKit, game: str, states: Sequence[State]) -> RunStats:
    stats, cards = RunStats(game, 1), CardTally()
    assert kit.add_to_run is not None
    for state in states:
        kit.add_to_run(stats, cards, state, PLAYER)
    stats.add_cards(cards)
    return stats
