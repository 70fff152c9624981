"""Copies of an Anguish game (AnguishState.clone) and determinized copies (resample_hidden), as a
search player uses them: a copy is the same position with the same tallies, it plays on exactly as
the original, nothing done to it changes the original, and a determinized copy keeps everything its
player can see while dealing again what it cannot."""
from __future__ import annotations

import random
from collections import Counter
from typing import Any

from engine.core import OPPONENT, PLAYER
from engine.games.anguish import actions as act
from engine.games.anguish.seat import Seat
from engine.games.anguish.state import KEEP, MAIN, AnguishState, make_game
from tests.engine.test_anguish_engine import deck_file, lifeblood, new_state

NIGHTMARE = "legal_nightmare_two_tenth_hour"
SURVIVOR = "legal_survivor_no_headers"
SHARED = ("game", "profiles", "rng")  # compared apart: shared data, and the stream by its state


def field_names(cls: type) -> list[str]:
    """The fields of the class: its __slots__ as plain Python, the attributes mypyc lists compiled."""
    names: tuple[str, ...] = getattr(cls, "__mypyc_attrs__", None) or cls.__slots__
    return [name for name in names if name != "__dict__"]


def everything(state: AnguishState) -> dict[str, Any]:
    """Every field of the state (the seats field by field), as plain values."""
    out: dict[str, Any] = {name: getattr(state, name) for name in field_names(AnguishState) if name not in SHARED}
    out["seats"] = [{name: getattr(seat, name) for name in field_names(Seat)} for seat in state.seats]
    out["zones"] = state.zones()
    return out


def two_deck_positions(seed: int, stops: int = 12) -> list[AnguishState]:
    """Positions along a random game of two decks, from the mulligans to the End Game."""
    state = make_game(deck_file(NIGHTMARE), opponent=deck_file(SURVIVOR)).new_initial_state(random.Random(seed))
    chooser = random.Random(seed)
    positions = []
    step = 0
    while not state.is_terminal():
        if step % 9 == 0 and len(positions) < stops:
            positions.append(state.clone())
        state.apply_action(chooser.choice(state.legal_actions()))
        step += 1
    return positions + [state]


def play_on(state: AnguishState, seed: int) -> list[object]:
    chooser = random.Random(seed)
    actions: list[object] = []
    while not state.is_terminal():
        action = chooser.choice(state.legal_actions())
        state.apply_action(action)
        actions.append(action)
    return actions


def test_a_clone_is_the_same_position_with_the_same_tallies_and_stream() -> None:
    phases = set()
    for seed in range(4):
        for state in two_deck_positions(seed):
            copy = state.clone()
            assert everything(copy) == everything(state)
            assert copy.legal_actions() == state.legal_actions()
            assert copy.rng.getstate() == state.rng.getstate() and copy.rng is not state.rng
            assert copy.game is state.game and copy.profiles is state.profiles  # shared, never copied
            phases.add(state.phase)
    assert {"mulligan", "keep", "main", "protect", "end_game_draw", "over"} <= phases


def test_a_clone_given_a_stream_draws_from_it() -> None:
    state = new_state(lifeblood("Void Hound"))
    stream = random.Random(5)
    assert state.clone(stream).rng is stream


def test_a_clone_is_independent_of_its_original() -> None:
    """Playing the copy to its end changes nothing of the original, and the other way round."""
    for seed in range(3):
        for state in two_deck_positions(seed)[:-1]:
            before = everything(state)
            copy = state.clone()
            play_on(copy, seed)
            assert everything(state) == before
            copy = state.clone()
            copied = everything(copy)
            play_on(state, seed)
            assert everything(copy) == copied


def test_a_clone_with_the_same_stream_plays_on_exactly_as_the_original() -> None:
    for seed in range(3):
        for state in two_deck_positions(seed)[:-1]:
            copy = state.clone()
            assert play_on(copy, seed + 100) == play_on(state, seed + 100)
            assert everything(copy) == everything(state)
            assert (copy.winner(), copy.returns()) == (state.winner(), state.returns())


def test_a_clone_of_a_new_game_replays_the_game_from_the_shuffle_on() -> None:
    """The copy keeps the random stream: a game that draws from it after the copy (none yet in
    Anguish after the opening shuffle) would draw the same numbers in both."""
    state = make_game(deck_file(SURVIVOR)).new_initial_state(random.Random(11))
    copy = state.clone()
    assert copy.rng.random() == state.rng.random()


# ----- determinizing -----

def hidden_resampled(state: AnguishState, seat: int, seed: int) -> AnguishState:
    copy = state.clone(random.Random(seed))
    copy.resample_hidden(seat, copy.rng)
    return copy


def test_resampling_keeps_what_the_player_sees_and_every_count() -> None:
    orders_changed = hands_changed = 0
    for seed in range(3):
        for state in two_deck_positions(seed)[:-1]:
            for seat in (PLAYER, OPPONENT):
                copy = hidden_resampled(state, seat, seed)
                mine, theirs = copy.seats[seat], copy.seats[1 - seat]
                was_mine, was_theirs = state.seats[seat], state.seats[1 - seat]
                for zone in ("arsenal", "protection", "discard", "stronghold"):
                    assert getattr(mine, zone) == getattr(was_mine, zone)
                    assert getattr(theirs, zone) == getattr(was_theirs, zone)
                assert (mine.hand, mine.drawing) == (was_mine.hand, was_mine.drawing)
                assert Counter(mine.lifeblood) == Counter(was_mine.lifeblood)
                sizes = [len(zone) for zone in (theirs.hand, theirs.drawing, theirs.lifeblood)]
                assert sizes == [len(zone) for zone in (was_theirs.hand, was_theirs.drawing, was_theirs.lifeblood)]
                unseen = Counter(theirs.hand + theirs.drawing + theirs.lifeblood)
                assert unseen == Counter(was_theirs.hand + was_theirs.drawing + was_theirs.lifeblood)
                assert copy.legal_actions() == state.legal_actions() or copy.actor != seat
                orders_changed += mine.lifeblood != was_mine.lifeblood
                hands_changed += theirs.hand != was_theirs.hand
    assert orders_changed and hands_changed  # something really was dealt again


def test_resampling_gives_the_acting_player_the_same_choices() -> None:
    """Only what the player cannot see changes: its own legal actions are the same."""
    for seed in range(3):
        for state in two_deck_positions(seed)[:-1]:
            copy = hidden_resampled(state, state.actor, seed)
            assert copy.legal_actions() == state.legal_actions()


def test_resampling_keeps_the_cards_a_player_put_on_its_own_lifeblood() -> None:
    """9.1: the player decides "which card to place on the bottom of their Lifeblood", and 8.2 "the
    other is placed on either the top or bottom": the player knows where those cards are."""
    state = new_state(lifeblood(), lifeblood(), seed=2)
    state.apply_action((act.END,))  # the second player's first draw: it may put the other card on top
    assert state.phase == KEEP and state.actor == OPPONENT
    kept, other = state.seats[OPPONENT].drawing
    state.apply_action((act.KEEP, kept, act.TO_TOP))
    state.apply_action((act.END,))  # the 2nd Hour: the first player keeps one and bottoms the other
    first, second = state.seats[PLAYER].drawing
    state.apply_action((act.KEEP, first, act.TO_BOTTOM))
    assert state.phase == MAIN
    for seed in range(10):
        mine = hidden_resampled(state, PLAYER, seed).seats[PLAYER].lifeblood
        assert mine[0] == second
        theirs = hidden_resampled(state, OPPONENT, seed).seats[OPPONENT].lifeblood
        assert theirs[-1] == other


def test_resampling_a_goldfish_game_deals_only_the_players_own_lifeblood() -> None:
    state = make_game(deck_file(NIGHTMARE)).new_initial_state(random.Random(3))
    orders = set()
    for seed in range(5):
        copy = hidden_resampled(state, PLAYER, seed)
        assert copy.seats[OPPONENT].lifeblood == state.seats[OPPONENT].lifeblood
        assert copy.seats[PLAYER].hand == state.seats[PLAYER].hand
        orders.add(tuple(copy.seats[PLAYER].lifeblood))
    assert len(orders) == 5
