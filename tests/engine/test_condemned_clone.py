"""The Condemned's state contract for search players (engine/core.py State): clone() gives an exact,
independent copy, and resample_hidden() reshuffles only what a seat cannot know.

Games are played at random through the public State API, deck against deck (so that attacks,
Events on the stack, parries and start-of-turn choices all come up) and deck against the goldfish.
"""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable
from typing import Any

import pytest

from engine.core import OPPONENT, PLAYER, game_stream
from engine.games.condemned.state import CondemnedGame, CondemnedState, make_game
from tests.engine.test_condemned_engine import RIVAL, SAMPLE

PRIVATE_ZONES = ("deck", "hand")  # the zones whose order or content a seat may not know


def games() -> list[CondemnedGame]:
    return [make_game(SAMPLE, opponent=RIVAL), make_game(RIVAL, opponent=SAMPLE), make_game(SAMPLE)]


def picture(state: CondemnedState) -> dict[str, Any]:
    """Everything a player or a record can see of the state: zones, Life, damage on cards, tallies,
    whose decision it is and what it may do."""
    return {
        "zones": {zone: [(c.uid, c.name) for c in cards] for zone, cards in state.zones().items()},
        "sides": [
            (side.life, side.life_lost, dict(side.wear), side.turns, side.mulligans,
             side.weapon_equipped, side.event_played, side.switched, side.leafy_used, side.skip_attack,
             +side.drawn, +side.played, +side.no_effect)
            for side in state.sides
        ],
        "turn": (state.turn(), state.phase, state.current_player(), state.active, state.winner(), state.at_range),
        "attack": None if state.attack is None else (
            state.attack.weapon, state.attack.target, state.attack.index, state.attack.parry,
            state.attack.damage(5),
        ),
        "damage_by_turn": list(state.damage_by_turn),
        "legal": [] if state.is_terminal() else list(state.legal_actions()),
    }


def play_random(state: CondemnedState, chooser: random.Random, limit: int | None = None) -> list[Hashable]:
    """Random legal actions until the game ends (or `limit` actions); the actions taken."""
    actions: list[Hashable] = []
    while not state.is_terminal() and (limit is None or len(actions) < limit):
        action = chooser.choice(state.legal_actions())
        state.apply_action(action)
        actions.append(action)
    return actions


def in_a_window(state: CondemnedState) -> bool:
    """A decision in the middle of things: an attack declared or an Event waiting to resolve."""
    return state.attack is not None or bool(state.stack)


def positions(game: CondemnedGame, seeds: range) -> list[CondemnedState]:
    """Games stopped after a random number of random actions, from their opening to their last moves;
    every other one at the first decision after that inside an attack or an Event's answer."""
    found = []
    for seed in seeds:
        state = game.new_initial_state(game_stream(seed, 0))
        chooser = random.Random(seed)
        play_random(state, chooser, limit=chooser.randrange(0, 120))
        while seed % 2 and not state.is_terminal() and not in_a_window(state):
            state.apply_action(chooser.choice(state.legal_actions()))
        if not state.is_terminal():
            found.append(state)
    return found


@pytest.mark.parametrize("game", games(), ids=["sample vs rival", "rival vs sample", "goldfish"])
def test_it_clones_a_state_identical_in_every_zone_tally_and_legal_action(game: CondemnedGame) -> None:
    """State.clone: "An exact, independent copy: the same position, the same tallies" """
    states = positions(game, range(40))
    assert len(states) > 20
    assert any(in_a_window(state) for state in states) or game.contenders[OPPONENT].passive

    for state in states:
        assert picture(state.clone()) == picture(state)


@pytest.mark.parametrize("game", games(), ids=["sample vs rival", "rival vs sample", "goldfish"])
def test_it_leaves_the_original_unchanged_whatever_the_clone_does(game: CondemnedGame) -> None:
    """State.clone: "nothing the copy does changes the original" (and the original's random stream
    is not drawn from by the copy's shuffles)."""
    for seed, state in enumerate(positions(game, range(40))):
        before, stream = picture(state), state.rng.getstate()
        clone = state.clone()
        play_random(clone, random.Random(1000 + seed))

        assert clone.is_terminal()
        assert picture(state) == before and state.rng.getstate() == stream


@pytest.mark.parametrize("game", games(), ids=["sample vs rival", "rival vs sample", "goldfish"])
def test_it_replays_the_original_game_from_a_clone_with_the_same_stream(game: CondemnedGame) -> None:
    """State.clone: "(without `rng`) the same random stream, so the copy plays on exactly as the
    original would" """
    for seed, state in enumerate(positions(game, range(30))):
        clone = state.clone()
        original_actions = play_random(state, random.Random(seed))
        clone_actions = play_random(clone, random.Random(seed))

        assert clone_actions == original_actions
        assert picture(clone) == picture(state)


def test_it_draws_the_chance_events_of_a_clone_from_the_stream_it_is_given() -> None:
    """State.clone: "With `rng`, the copy's chance events draw from that stream instead": two copies
    given different streams shuffle differently at a mulligan."""
    state = make_game(SAMPLE, opponent=RIVAL, first_player=PLAYER).new_initial_state(random.Random(3))
    hands = set()
    for seed in range(10):
        clone = state.clone(random.Random(seed))
        clone.apply_action(("mulligan",))
        hands.add(tuple(card.uid for card in clone.sides[PLAYER].hand))

    assert len(hands) > 1
    assert state.sides[PLAYER].mulligans == 0


def public(state: CondemnedState, seat: int) -> dict[str, Any]:
    """What `seat` can know: every zone but the decks (their order) and the other side's hand, and the
    count of cards in each zone."""
    hidden = {f"p{seat}.deck", f"p{1 - seat}.deck", f"p{1 - seat}.hand"}
    zones = state.zones()
    return {
        "seen": {zone: [c.uid for c in cards] for zone, cards in zones.items() if zone not in hidden},
        "counts": {zone: len(cards) for zone, cards in zones.items()},
        "own deck": Counter(c.uid for c in zones[f"p{seat}.deck"]),
        "other hand and deck": Counter(c.uid for zone in (f"p{1 - seat}.deck", f"p{1 - seat}.hand")
                                       for c in zones[zone]),
        "life": [side.life for side in state.sides],
        "decision": (state.current_player(), state.phase),
    }


@pytest.mark.parametrize("seat", [PLAYER, OPPONENT])
def test_it_resamples_only_what_a_seat_cannot_know(seat: int) -> None:
    """State.resample_hidden: "reshuffle what that seat cannot know (the order of every deck, the
    opponent's hand [...]) from `rng`, keeping what it can see and counts of cards in each zone" """
    other_hands, own_orders = 0, 0
    for state in positions(make_game(SAMPLE, opponent=RIVAL), range(30)):
        clone = state.clone()
        clone.resample_hidden(seat, random.Random(7))
        zones, new = state.zones(), clone.zones()

        assert public(clone, seat) == public(state, seat)
        assert picture(state) == picture(state.clone())  # the original is untouched
        other_hands += [c.uid for c in new[f"p{1 - seat}.hand"]] != [c.uid for c in zones[f"p{1 - seat}.hand"]]
        own_orders += [c.uid for c in new[f"p{seat}.deck"]] != [c.uid for c in zones[f"p{seat}.deck"]]
        assert clone.check_invariants() == [] and clone.invariant_problems() == []
        play_random(clone, random.Random(5))  # a determinized state plays on to its end

    assert other_hands > 10 and own_orders > 10
