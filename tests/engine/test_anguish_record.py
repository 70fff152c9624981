"""What a finished Anguish game reports (engine/games/anguish/record.py, read through KIT.record): the
copies that never had a legal moment to be played, and the Lifeblood milled past its last card."""
from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.core import OPPONENT, PLAYER, game_stream
from engine.deck import ResolvedDeck
from engine.games.anguish import actions as act
from engine.games.anguish.players import KIT
from engine.games.anguish.state import MAIN, MULLIGAN, PROTECT, AnguishState, make_game
from engine.goldfish import CardTally, RunStats
from engine.goldfish_record import GameRecord
from tests.engine import run_totals
from tests.engine.test_anguish_engine import (
    FILLER,
    arrange,
    bench_deck,
    eleventh_hour_over,
    end_turn,
    into_the_end_game,
    lifeblood,
    new_state,
    play,
    play_goldfish,
    to_hour,
    uid_of,
)

SAMPLES = ["anguish", "anguish-survivor", "anguish-colossal", "anguish-cosmic", "anguish-enchanted"]


def finish(state: AnguishState) -> GameRecord:
    """End turns until the game is over (nothing more is played) and read the record of PLAYER."""
    while not state.is_terminal():
        end_turn(state)
    return KIT.record(state, PLAYER)


def dealt(mine: ResolvedDeck, hand: list[str], theirs: ResolvedDeck | None = None,
          their_hand: list[str] = ()) -> AnguishState:  # type: ignore[assignment]
    """A game whose players drew these opening hands: the named cards are stacked on top of the
    Lifeblood and the first five cards drawn all go back by the mulligan (8.1), so the named ones
    are drawn, as any card is. The starting player's first turn."""
    options = {} if theirs is None else {"opponent": theirs}
    state = make_game(mine, **options).new_initial_state(random.Random(0))
    arrange(state, PLAYER, top=hand)
    if theirs is not None:
        arrange(state, OPPONENT, top=their_hand)
    while state.phase == MULLIGAN:
        state.apply_action((act.MULLIGAN, tuple(state.seats[state.actor].hand)))
    assert state.phase == MAIN
    return state


# ----- no legal moment -----

def test_a_response_card_never_has_a_moment_against_the_goldfish() -> None:
    """Desperate Gambit: "Play in response to an enemy attack"; the goldfish never attacks. The
    Pebble Giantlings (1 Hour, a free location) could be played from the 1st Hour: they were not, by
    choice."""
    state = dealt(lifeblood("Desperate Gambit"), ["Desperate Gambit", *[FILLER] * 4])
    result = finish(state)
    assert result.no_moment == Counter({"Desperate Gambit": 1})
    assert result.drawn["Desperate Gambit"] == 1 and result.drawn[FILLER] >= 4


def test_a_card_that_costs_more_than_any_hour_it_was_held_in_never_had_a_moment() -> None:
    """9.2: "Players may play cards with the total card cost of the turn equal to or less than the
    current Hour." Ancient Relic (11 Hours) held from the 1st Hour in a game that ends in the 10th."""
    state = dealt(lifeblood("Ancient Relic", "Night Lurker"), ["Ancient Relic", *[FILLER] * 4])
    to_hour(state, 10)
    arrange(state, PLAYER, arsenal=["Night Lurker"])
    del state.seats[OPPONENT].lifeblood[3:]
    state.apply_action((act.ATTACK, tuple(state.seats[PLAYER].arsenal)))
    assert state.is_terminal() and state.hour == 10
    assert KIT.record(state, PLAYER).no_moment == Counter({"Ancient Relic": 1})


def test_a_discovery_without_a_target_has_no_moment_until_one_comes() -> None:
    """A Discovery needs its target: Rockslide ("Deal 2 damage to target enemy Creature") against the
    goldfish never has one; Colossal Might ("Target Creature you control") has one once a Creature is
    played, in the same turn, with 2 of the 5th Hour's Hours left."""
    state = dealt(lifeblood("Rockslide", "Colossal Might", "Boulder Hurler"),
                  ["Rockslide", "Colossal Might", "Boulder Hurler", FILLER, FILLER])
    to_hour(state, 5)
    might = uid_of(state, state.seats[PLAYER].hand, "Colossal Might")
    assert not any(a[0] == act.PLAY and a[1] == might for a in state.legal_actions())
    play(state, "Boulder Hurler")
    assert any(a[0] == act.PLAY and a[1] == might for a in state.legal_actions())
    assert finish(state).no_moment == Counter({"Rockslide": 1})


def test_a_card_put_back_by_the_mulligan_was_given_up_by_choice() -> None:
    """8.1: "place up to 5 cards from your current draw at the bottom of your Lifeblood": a card put back
    was drawn but never held through a turn."""
    deck = lifeblood("Desperate Gambit")
    for seed in range(100):
        state = make_game(deck).new_initial_state(random.Random(seed))
        gambit = next((uid for uid in state.seats[PLAYER].hand if state.profiles[uid].name == "Desperate Gambit"),
                      None)
        if gambit is not None:
            break
    assert gambit is not None
    state.apply_action((act.MULLIGAN, (gambit,)))
    result = finish(state)
    assert gambit in state.seats[PLAYER].lifeblood  # at the bottom, never drawn again
    assert result.drawn["Desperate Gambit"] == 1 and result.no_moment == Counter()


@pytest.mark.parametrize("attacked", [True, False])
def test_desperate_gambit_has_its_moment_when_an_attack_comes(attacked: bool) -> None:
    """9.3: cards "with the Ambush ability may be played free of cost [...] during their opponents turn,
    so long as the card being played is in direct response to an opponents play"."""
    state = dealt(lifeblood("Void Hound"), ["Void Hound", *[FILLER] * 4],
                  lifeblood("Desperate Gambit"), ["Desperate Gambit", *[FILLER] * 4])
    to_hour(state, 3)
    play(state, "Void Hound")  # Ambush: it may attack at once
    if attacked:
        state.apply_action((act.ATTACK, tuple(state.seats[PLAYER].arsenal)))
        assert state.phase == PROTECT
        state.apply_action((act.PROTECT, state.attackers[0], None))
    end_turn(state)
    assert state.active == OPPONENT and state.phase == MAIN  # the Gambit was held through a turn
    result = KIT.record(state, OPPONENT)
    assert result.drawn["Desperate Gambit"] == 1
    assert result.no_moment["Desperate Gambit"] == (0 if attacked else 1)


@pytest.mark.parametrize("name", SAMPLES)
def test_no_moment_counts_only_copies_drawn_and_never_played(name: str) -> None:
    deck = bench_deck(name)
    seen = Counter()
    for index in range(60):
        _, result = play_goldfish(deck, game_stream(6, index), checked=False)
        for card, copies in result.no_moment.items():
            assert 0 < copies <= result.drawn[card] - result.played[card]
        seen.update(result.no_moment)
    if "Desperate Gambit" in {entry.name for entry in deck.entries}:
        assert seen["Desperate Gambit"] > 0  # held, and never playable against the goldfish


def test_the_first_turn_play_is_a_legal_play_in_the_first_turn() -> None:
    """The record's first_turn_play: the hand had a legal play in the seat's first turn."""
    deck = bench_deck("anguish-colossal")
    seen = set()
    for index in range(40):
        state = KIT.goldfish_game(deck, "silent").new_initial_state(game_stream(8, index))
        state.apply_action((act.MULLIGAN, ()))
        assert state.phase == MAIN and state.phase != MULLIGAN
        legal = any(a[0] in (act.PLAY, act.REPLACE) for a in state.legal_actions())
        assert state.first_turn_play[PLAYER] == legal
        seen.add(legal)
    assert seen == {True, False}


# ----- overkill -----

def test_milling_past_the_last_card_is_overkill_not_damage() -> None:
    """3.3: "If a players Lifeblood is depleted by an attack sequence, the remaining damage, if any,
    does not carry over to the Stronghold." Night Terror mills 2 of the goldfish's last card."""
    state = new_state(lifeblood("Night Terror"))
    to_hour(state, 2)
    arrange(state, PLAYER, hand=["Night Terror"])
    del state.seats[OPPONENT].lifeblood[1:]
    play(state, "Night Terror")
    result = KIT.record(state, PLAYER)
    assert state.is_terminal() and result.won
    assert result.damage_by_turn == [0, 1] and result.overkill_by_turn == [0, 1]


def test_an_attack_past_the_last_card_counts_only_what_it_milled() -> None:
    state = new_state(lifeblood("Night Lurker", "Night Lurker"))
    to_hour(state, 7)
    arrange(state, PLAYER, hand=[], arsenal=["Night Lurker", "Night Lurker"])  # 4 each in the dark
    del state.seats[OPPONENT].lifeblood[3:]
    state.apply_action((act.ATTACK, tuple(state.seats[PLAYER].arsenal)))
    result = KIT.record(state, PLAYER)
    assert result.damage_by_turn[6] == 3 and result.overkill_by_turn[6] == 5
    assert len(result.overkill_by_turn) == len(result.damage_by_turn) == 7


def test_in_the_end_game_cards_milled_past_the_lifeblood_hit_the_stronghold_and_are_no_overkill() -> None:
    """10.6: "if a player forces an opponent to discard two cards from their Lifeblood without having any
    Lifeblood remaining, then two damage is inflicted on the opponent Stronghold." """
    state = eleventh_hour_over(lifeblood("Night Terror"), lifeblood())
    into_the_end_game(state, ["Night Terror"], [])
    before = state.seats[OPPONENT].strength
    play(state, "Night Terror")
    assert state.seats[OPPONENT].strength == before - 2
    assert sum(KIT.record(state, PLAYER).overkill_by_turn) == 0


@pytest.mark.parametrize("name", SAMPLES)
def test_a_won_goldfish_game_mills_exactly_the_lifeblood_and_the_rest_is_overkill(name: str) -> None:
    deck = bench_deck(name)
    for index in range(40):
        state, result = play_goldfish(deck, game_stream(7, index), checked=False)
        assert sum(result.damage_by_turn) == 35 - len(state.seats[OPPONENT].lifeblood)
        assert len(result.overkill_by_turn) == len(result.damage_by_turn) == result.end_turn
        last = result.end_turn - 1
        assert all(over == 0 for over in result.overkill_by_turn[:last])  # only the last Hour runs out
        if not result.won:
            assert sum(result.overkill_by_turn) == 0


# ----- a run's totals without the records -----

def records_added(states: list[AnguishState]) -> RunStats:
    return run_totals.records_added(KIT, "anguish", states)


def added_to_run(states: list[AnguishState]) -> RunStats:
    return run_totals.added_to_run(KIT, "anguish", states)


@pytest.mark.parametrize("sample", SAMPLES)
def test_a_run_adds_up_the_same_totals_without_the_records(sample: str) -> None:
    """KIT.add_to_run counts a game's cards apart from its record: the run's totals are those of its records."""
    states = [play_goldfish(bench_deck(sample), game_stream(3, index), checked=False)[0] for index in range(40)]
    assert added_to_run(states).to_dict() == records_added(states).to_dict()


def test_a_game_with_a_copy_drawn_twice_is_added_as_its_record_says() -> None:
    """A copy drawn a second time (put back under the Lifeblood and drawn again) is no longer one
    dead copy or one played: such a game is added whole, from its record."""
    states = [play_goldfish(bench_deck("anguish"), game_stream(3, index), checked=False)[0] for index in range(6)]
    for state in states[::2]:
        never_played = next(uid for uid in state.drawn[PLAYER] if uid not in state.played[PLAYER])
        state.drawn[PLAYER].append(never_played)
        state.drawn[PLAYER].append(state.played[PLAYER][0])
    assert added_to_run(states).to_dict() == records_added(states).to_dict()


class FoldingOften(CardTally):
    """A tally that adds up its games' turns every 3 games, as a run of thousands does every GAMES_A_FOLD."""

    GAMES_A_FOLD = 3


@pytest.mark.parametrize("sample", SAMPLES[:2])
def test_turns_added_up_a_few_games_at_a_time_give_the_records_totals(sample: str) -> None:
    """The damage and overkill by turn a tally adds up every GAMES_A_FOLD games, and the rest at the run's end,
    are the run's totals of its records (10 games: three folds and one left over)."""
    states = [play_goldfish(bench_deck(sample), game_stream(5, index), checked=False)[0] for index in range(10)]
    stats, cards = RunStats("anguish", 1), FoldingOften()
    assert KIT.add_to_run is not None
    for state in states:
        KIT.add_to_run(stats, cards, state, PLAYER)
    stats.add_cards(cards)
    assert cards.turn_totals.damage_games  # the folds ran
    assert stats.to_dict() == records_added(states).to_dict()
