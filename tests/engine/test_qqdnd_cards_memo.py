"""QQDNDState.cards_memo(): what a player works out of the cards alone is kept while the cards stay as they are, and
never read again once they may have changed (an Action performed, a round begun, a position set up and reopened)."""
from __future__ import annotations

from typing import Any

from engine.core import OPPONENT, PLAYER
from engine.games.qqdnd.heuristic import (
    _DISCARD_TO_FOLLOW,
    _GUARD_POINTS,
    _NAMES_IN_PLAY,
    HeuristicPolicy,
    _discard_to_follow,
    _guard_of,
    _guard_points,
    guard_points,
)
from engine.games.qqdnd.state import QQDNDState
from tests.engine.test_qqdnd_engine import QUIET_PARTY, SAMURAI_DECK, SAMURAI_PARTY, SARINAK, Table


def worked_out_anew(state: QQDNDState, key: Any) -> Any:
    """What a memo entry holds, worked out again from the cards as they are now."""
    kind = key[0]
    if kind == _GUARD_POINTS:
        card = state.cards[key[1]]
        return _guard_points(state, card, key[2], _guard_of(card.d))
    if kind == _DISCARD_TO_FOLLOW:
        return _discard_to_follow(state, key[1])
    if kind == _NAMES_IN_PLAY:
        return frozenset(p.d.base_name for p in state.in_play() if p.owner == key[1])
    raise AssertionError(f"a memo entry no test works out again: {key!r}")


def test_an_action_performed_empties_the_memo_and_a_pass_keeps_it() -> None:
    table = Table([SARINAK, *QUIET_PARTY[:3]], opponent=QUIET_PARTY)
    host = table.member("Dummy Party Member 1", OPPONENT)
    shirt = table.give("Chainmail Shirt", player=OPPONENT, zone="field", host=host)  # Block 1
    host.damage = 6  # Life 6: the point of Snipe's 2 the Block lets through defeats it
    table.open()
    state = table.state
    assert guard_points(state, shirt, PLAYER) > 0
    memo = state.cards_memo()
    assert (_GUARD_POINTS, shirt.uid, PLAYER) in memo
    table.play("Snipe", host)
    assert host.defeated
    assert state.cards_memo() is not memo and not state.cards_memo()
    # The Shirt's host is defeated: it keeps damage off no Party Member any more.
    assert guard_points(state, shirt, PLAYER) == 0
    memo = state.cards_memo()
    table.pass_turn()
    assert state.cards_memo() is memo  # a pass moves no card


def test_a_position_set_up_and_reopened_is_read_anew() -> None:
    table = Table([SARINAK, *QUIET_PARTY[:3]], opponent=QUIET_PARTY)
    host = table.member("Dummy Party Member 1", OPPONENT)
    shirt = table.give("Chainmail Shirt", player=OPPONENT, zone="field", host=host)
    table.open()
    before = guard_points(table.state, shirt, PLAYER)
    assert before > 0
    host.defeated = True
    table.open()
    assert guard_points(table.state, shirt, PLAYER) == 0


def test_no_memo_entry_is_stale_at_any_decision_of_a_matchup() -> None:
    """Two real parties with guards (Chainmail Shirt, Louise Lake's Shield counters) play a game out: at each decision
    every entry the policies left in the memo is what the cards give now."""
    for seed in range(2):
        table = Table(SAMURAI_PARTY, SAMURAI_DECK, opponent=SAMURAI_PARTY, opponent_resources=SAMURAI_DECK, seed=seed)
        state = table.state
        policies = (HeuristicPolicy(), HeuristicPolicy())
        checked = 0
        for _ in range(2000):
            if state.is_terminal():
                break
            move = policies[state.current_player()].choose(state)
            for key, value in state.cards_memo().items():
                assert worked_out_anew(state, key) == value, key
                checked += 1
            state.apply_action(move)
        assert checked
