"""The one game loop: every move of a simulated game is chosen by the Player of the seat to act."""
from __future__ import annotations

from collections.abc import Sequence

from engine.core import State
from engine.players.base import Player


def play_out(state: State, players: Sequence[Player], max_actions: int | None = None) -> bool:
    """Play `state` to its end, each move chosen by players[state.current_player()]. With
    `max_actions`, stop after that many actions: True when the game ended, False when the cap
    stopped it (the engines cap their own rules loops; this is the last line for any other)."""
    if max_actions is None:
        while not state.is_terminal():
            state.apply_trusted(players[state.current_player()].choose(state))
        return True
    for _ in range(max_actions):
        if state.is_terminal():
            return True
        state.apply_trusted(players[state.current_player()].choose(state))
    return state.is_terminal()
