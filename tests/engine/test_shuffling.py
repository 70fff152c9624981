"""The games shuffle their piles with engine/shuffling.py (The Condemned: "Each player shuffles and
cuts their deck", and again at a mulligan, a search and an empty deck; Anguish its Lifebloods as a game
begins; QQDND its decks and an empty deck's discard pile; all of them when a search player deals again
what it cannot know). Game records stay what random.Random.shuffle made them, so the shuffle must be the
same one: the same order of the pile, and the same numbers taken from the stream."""

from __future__ import annotations

import random
from collections.abc import MutableSequence
from typing import Any

import pytest

from engine.shuffling import randbelow, shuffle


@pytest.mark.parametrize("size", [0, 1, 2, 5, 25, 30, 127, 128, 200, 1000])
def test_it_orders_a_pile_as_random_shuffle_does_and_leaves_the_stream_where_it_does(size: int) -> None:
    for seed in range(40):
        ours, theirs = random.Random(seed), random.Random(seed)
        pile, expected = list(range(size)), list(range(size))
        shuffle(ours, pile)
        theirs.shuffle(expected)
        assert pile == expected
        assert ours.getstate() == theirs.getstate()


class CountingRandom(random.Random):
    """A stream of another kind: its own shuffle is the one used."""

    shuffles = 0

    def shuffle(self, x: MutableSequence[Any]) -> None:
        CountingRandom.shuffles += 1
        super().shuffle(x)


def test_another_kind_of_stream_shuffles_with_its_own_shuffle() -> None:
    pile = list(range(10))
    shuffle(CountingRandom(3), pile)
    assert CountingRandom.shuffles == 1 and sorted(pile) == list(range(10))


@pytest.mark.parametrize("n", [1, 2, 3, 5, 8, 30, 1000])
def test_randbelow_draws_what_randrange_draws(n: int) -> None:
    for seed in range(40):
        ours, theirs = random.Random(seed), random.Random(seed)
        assert [randbelow(ours, n) for _ in range(20)] == [theirs.randrange(n) for _ in range(20)]
        assert ours.getstate() == theirs.getstate()
