"""The one game loop: every move of a simulated game is chosen by the Player of the seat to act."""
from __future__ import annotations

from collections.abc import Sequence

from engine.core import TERMINAL, State
from engine.players.base import Player


def play_out(state: State, players: Sequence[Player], max_actions: int | None = None) -> bool:
    """Play `state` to its end, each move chosen by players[state.current_player()]. With
    `max_actions`, stop after that many actions: True when the game ended, False when the cap
    stopped it (the engines cap their own rules loops; this is the last line for any other)."""
    # The state's methods, looked up once a game rather than at every action. current_player() is
    # TERMINAL once the game is over, so it alone says whether to go on (State.current_player).
    current_player, apply_trusted = state.current_player, state.apply_trusted
    if max_actions is None:
        for player in players:  # any() of the players' play_on, without a generator's frame a game
            if player.play_on is not None:
                _play_on(state, players)
                return True
        while (seat := current_player()) != TERMINAL:
            apply_trusted(players[seat].choose(state))
        return True
    for _ in range(max_actions):
        seat = current_player()
        if seat == TERMINAL:
            return True
        apply_trusted(players[seat].choose(state))
    return state.is_terminal()


def _play_on(state: State, players: Sequence[Player]) -> None:
    """play_out to the end, handing the state to each player that plays on by itself (Player.play_on)."""
    current_player, apply_trusted = state.current_player, state.apply_trusted
    while (seat := current_player()) != TERMINAL:
        play_on = players[seat].play_on
        if play_on is None:
            apply_trusted(players[seat].choose(state))
        else:
            play_on(state)
