"""The heuristic player's look for a Creature that may attack (_any_attacker) says what safe_attackers says,
whether any, at every position of many random games, two decks' and the goldfish's: with nothing weakened
and no enemy defender it stops at the first Creature that may attack."""
from __future__ import annotations

import random

from engine.games.anguish.combat import safe_attackers
from engine.games.anguish.heuristic import _any_attacker
from engine.games.anguish.state import AnguishState, make_game
from tests.engine.test_anguish_engine import deck_file

NIGHTMARE = "legal_nightmare_two_tenth_hour"
SURVIVOR = "legal_survivor_no_headers"


def _positions(state: AnguishState, seed: int) -> list[AnguishState]:
    """Every position of a game played on by random legal actions, each a copy."""
    chooser = random.Random(seed)
    positions = [state.clone()]
    while not state.is_terminal():
        state.apply_action(chooser.choice(state.legal_actions()))
        positions.append(state.clone())
    return positions


def test_any_attacker_says_whether_there_is_a_safe_attacker() -> None:
    seen: dict[tuple[bool, bool], int] = {}
    for seed in range(40):
        two_decks = make_game(deck_file(NIGHTMARE), opponent=deck_file(SURVIVOR)).new_initial_state(random.Random(seed))
        goldfish = make_game(deck_file(SURVIVOR)).new_initial_state(random.Random(seed))
        for state in _positions(two_decks, seed) + _positions(goldfish, seed):
            expected = bool(safe_attackers(state))
            assert _any_attacker(state) == expected
            looked = not state.weakening and not state.seats[1 - state.active].protection
            seen[looked, expected] = seen.get((looked, expected), 0) + 1
    assert min(seen.get((True, found), 0) for found in (True, False)) > 500  # its own look, often either way
    assert min(seen.get((False, found), 0) for found in (True, False)) > 50  # and safe_attackers' look
