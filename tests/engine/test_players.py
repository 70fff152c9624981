"""The Player interface, the random player and the search player, on a small game made for the test
(so each property is visible in a few lines), then on every real game through the goldfish runner.

The small game, "Race to 10": a deck of cards numbered 1 to 6, shuffled (its order is hidden); the
player holds two cards, plays one a turn (adding its number to a total) and draws a card. The game
is won when the total reaches 10; it ends after 6 turns without.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Sequence

import pytest

from engine.core import OPPONENT, PLAYER, TERMINAL, CardInstance, State
from engine.goldfish import goldfish_value
from engine.play.match import play_out
from engine.players.base import Player
from engine.players.search import SearchPlayer
from engine.players.uniform import RandomPlayer

GOAL, LIMIT = 10, 6


class RaceState(State):
    resamples = 0  # how often any search determinized a copy (class-wide, for the test)

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.deck = [1, 2, 3, 4, 5, 6]
        rng.shuffle(self.deck)
        self.hand = [self.deck.pop(), self.deck.pop()]
        self.total = 0
        self.turns = 0

    def current_player(self) -> int:
        return TERMINAL if self.is_terminal() else PLAYER

    def legal_actions(self) -> Sequence[Hashable]:
        return sorted(set(self.hand)) if not self.is_terminal() else []

    def apply_action(self, action: Hashable) -> None:
        assert action in self.legal_actions()
        self.hand.remove(action)  # type: ignore[arg-type]
        self.total += action  # type: ignore[operator]
        self.turns += 1
        if self.deck:
            self.hand.append(self.deck.pop())

    def is_terminal(self) -> bool:
        return self.total >= GOAL or self.turns >= LIMIT or not self.hand

    def turn(self) -> int:
        return self.turns

    def winner(self) -> int | None:
        return PLAYER if self.total >= GOAL else (OPPONENT if self.is_terminal() else None)

    def zones(self) -> dict[str, list[CardInstance]]:
        return {"deck": [CardInstance(n, str(n)) for n in self.deck],
                "hand": [CardInstance(n, str(n)) for n in self.hand]}

    def clone(self, rng: random.Random | None = None) -> RaceState:
        copy = RaceState.__new__(RaceState)
        copy.rng = rng if rng is not None else random.Random()
        if rng is None:
            copy.rng.setstate(self.rng.getstate())
        copy.deck, copy.hand = list(self.deck), list(self.hand)
        copy.total, copy.turns = self.total, self.turns
        return copy

    def resample_hidden(self, seat: int, rng: random.Random) -> None:
        RaceState.resamples += 1
        rng.shuffle(self.deck)


class LowestFirst(Player):
    """A poor heuristic: it plays its lowest card."""

    kind = "heuristic"

    def choose(self, state: State) -> Hashable:
        return min(state.legal_actions())  # type: ignore[type-var]


class HighestFirst(Player):
    """The best play of this game: the highest card."""

    kind = "heuristic"

    def choose(self, state: State) -> Hashable:
        return max(state.legal_actions())  # type: ignore[type-var]


def mean_turns(make_player: Callable[[], Player], games: int = 200) -> float:
    turns = 0
    for index in range(games):
        state = RaceState(random.Random(index))
        player = make_player()
        player.restart(state, PLAYER, random.Random(1000 + index))
        play_out(state, [player])
        turns += state.turns
    return turns / games


def search(rollout: type[Player], budget: int = 16) -> SearchPlayer:
    return SearchPlayer([rollout()], goldfish_value(LIMIT), budget=budget)


def test_it_plays_every_move_through_the_players_of_the_seats() -> None:
    state = RaceState(random.Random(3))
    play_out(state, [HighestFirst()])
    assert state.is_terminal() and state.winner() == PLAYER


class HighestOnItsOwn(HighestFirst):
    """HighestFirst, playing its moves on by itself (Player.play_on) two at a time."""

    def restart(self, state: State, seat: int, rng: random.Random) -> None:
        super().restart(state, seat, rng)
        self.handed = 0
        self.play_on = self.two_moves

    def two_moves(self, state: State) -> None:
        self.handed += 1
        for _ in range(2):
            if not state.is_terminal():
                state.apply_trusted(HighestFirst.choose(self, state))

    def choose(self, state: State) -> Hashable:
        raise AssertionError("play_out hands the state to play_on instead")


def test_play_out_hands_the_state_to_a_player_that_plays_on_by_itself() -> None:
    """A Player that sets play_on is handed the state each time its seat is to act, and plays the moves
    choose() would: the game is the one of its choices one at a time."""
    for seed in range(10):
        asked, handed = RaceState(random.Random(seed)), RaceState(random.Random(seed))
        play_out(asked, [HighestFirst()])
        player = HighestOnItsOwn()
        player.restart(handed, PLAYER, random.Random(0))
        play_out(handed, [player])
        assert (handed.total, handed.turns, handed.hand) == (asked.total, asked.turns, asked.hand)
        assert player.handed == (handed.turns + 1) // 2


def test_the_random_player_only_picks_legal_actions_and_repeats_with_its_stream() -> None:
    first = RaceState(random.Random(1))
    second = RaceState(random.Random(1))
    for state in (first, second):
        player = RandomPlayer()
        player.restart(state, PLAYER, random.Random(9))
        play_out(state, [player])
    assert (first.total, first.turns) == (second.total, second.turns)


def test_the_search_improves_on_a_poor_rollout_player() -> None:
    """The search plays out each action with the rollout player and keeps the one that ended best,
    so it does better than the player it rolls out with."""
    poor = mean_turns(LowestFirst)
    searched = mean_turns(lambda: search(LowestFirst))
    assert searched < poor


def test_the_search_keeps_the_rollout_players_choice_unless_another_did_strictly_better() -> None:
    """With the best rollout player there is nothing to improve: the search plays exactly its games."""
    best = mean_turns(HighestFirst)
    assert mean_turns(lambda: search(HighestFirst)) == best


def test_the_search_never_plays_out_the_real_hidden_order() -> None:
    """Each play-out is a determinized copy: its deck is reshuffled, so the search cannot know it."""
    state = RaceState(random.Random(5))
    deck_before = list(state.deck)
    before = RaceState.resamples
    player = search(LowestFirst, budget=8)
    player.restart(state, PLAYER, random.Random(2))
    player.choose(state)
    assert RaceState.resamples - before == player.playouts > 0
    assert state.deck == deck_before  # and the real state is untouched


def test_the_search_refuses_a_budget_below_one() -> None:
    with pytest.raises(ValueError, match="at least 1"):
        SearchPlayer([HighestFirst()], goldfish_value(LIMIT), budget=0)


class RankingLowestFirst(LowestFirst):
    """The poor heuristic, ranking its options: its own choice first, then the others, lowest first."""

    def candidates(self, state: State) -> list[Hashable] | None:
        return sorted(state.legal_actions())  # type: ignore[type-var]


def test_the_search_weighs_only_the_rollout_players_top_candidates() -> None:
    """With top_k candidates the search plays out only those: with one, it plays its rollout player's games
    without a play-out; with two, the budget goes to two actions."""
    state = RaceState(random.Random(5))
    only_its_choice = SearchPlayer([RankingLowestFirst()], goldfish_value(LIMIT), budget=8, top_k=1)
    only_its_choice.restart(state, PLAYER, random.Random(2))
    assert only_its_choice.choose(state) == min(state.legal_actions())  # type: ignore[type-var]
    assert only_its_choice.playouts == 0
    two = SearchPlayer([RankingLowestFirst()], goldfish_value(LIMIT), budget=8, top_k=2)
    two.restart(state, PLAYER, random.Random(2))
    two.choose(state)
    assert two.playouts == 8
    assert mean_turns(lambda: SearchPlayer([RankingLowestFirst()], goldfish_value(LIMIT), budget=16, top_k=1)) == \
        mean_turns(LowestFirst)


def test_a_search_of_the_top_candidates_still_improves_on_a_poor_rollout_player() -> None:
    poor = mean_turns(LowestFirst)
    searched = mean_turns(lambda: SearchPlayer([RankingLowestFirst()], goldfish_value(LIMIT), budget=16, top_k=2))
    assert searched < poor
