"""A Condemned goldfish run's totals (engine/goldfish.py's RunStats) added by KIT.add_to_run, without each
game's record, are those of its records (engine/games/condemned/players.py): the same counts, and the cards
in the same order."""
from __future__ import annotations

from pathlib import Path

import pytest

from engine.cli import load_cards, resolved_deck
from engine.core import PLAYER, game_stream
from engine.deck import ResolvedDeck
from engine.games.condemned.players import KIT, HeuristicPlayer, InmatePlayer
from engine.games.condemned.state import CondemnedState
from engine.goldfish import RunStats
from engine.play.match import play_out
from engine.validation import CardIndex
from tests.engine import run_totals

BENCH_DECKS = Path(__file__).resolve().parents[2] / "bench" / "decks"
SAMPLES = sorted(path.stem for path in BENCH_DECKS.glob("condemned*.txt"))


def bench_deck(name: str) -> ResolvedDeck:
    return resolved_deck("condemned", (BENCH_DECKS / f"{name}.txt").read_text(),
                         CardIndex("condemned", load_cards("condemned")))


def goldfish_games(deck: ResolvedDeck, games: int) -> list[CondemnedState]:
    board = KIT.goldfish_game(deck, "inmate")
    states = []
    for index in range(games):
        state = board.new_initial_state(game_stream(3, index))
        play_out(state, [HeuristicPlayer(), InmatePlayer()])
        states.append(state)
    return states


def records_added(states: list[CondemnedState]) -> RunStats:
    return run_totals.records_added(KIT, "condemned", states)


def added_to_run(states: list[CondemnedState]) -> RunStats:
    return run_totals.added_to_run(KIT, "condemned", states)


@pytest.mark.parametrize("sample", SAMPLES)
def test_a_run_adds_up_the_same_totals_without_the_records(sample: str) -> None:
    """Mulligans (cards sent back, some drawn again) and copies drawn a second time (a discard pile become
    the deck) among them."""
    states = goldfish_games(bench_deck(sample), 60)
    assert any(state.sides[PLAYER].returned for state in states)
    added, recorded = added_to_run(states), records_added(states)
    assert added.to_dict() == recorded.to_dict()
    assert list(added.cards) == list(recorded.cards)  # in the order first drawn


def test_a_copy_drawn_again_is_counted_as_its_record_says() -> None:
    states = goldfish_games(bench_deck("condemned"), 6)
    for state in states[::2]:
        side = state.sides[PLAYER]
        side.drawn_cards.append(side.drawn_cards[0])
        side.drawn_cards.append(side.played_cards[0])
    added, recorded = added_to_run(states), records_added(states)
    assert added.to_dict() == recorded.to_dict()
    assert list(added.cards) == list(recorded.cards)


def test_a_game_with_a_copy_played_and_never_drawn_is_added_as_its_record_says() -> None:
    """(No card of the game is played without being drawn: such a game is added whole, from its record.)"""
    states = goldfish_games(bench_deck("condemned"), 6)
    for state in states[1::2]:
        side = state.sides[PLAYER]
        side.played_cards.append(next(card for card in state.cards if card not in side.drawn_cards))
    assert added_to_run(states).to_dict() == records_added(states).to_dict()
