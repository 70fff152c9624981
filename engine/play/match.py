"""The one game loop: every move of a simulated game is chosen by the Player of the seat to act."""
from __future__ import annotations

from collections.abc import Sequence

from engine.core import State
from engine.players.base import Player


def play_out(state: State, players: Sequence[Player]) -> State:
    """Play `state` to its end, each move chosen by players[state.current_player()]; returns the state."""
    while not state.is_terminal():
        state.apply_trusted(players[state.current_player()].choose(state))
    return state
