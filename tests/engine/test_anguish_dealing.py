"""Anguish shuffles its Lifebloods with engine/games/anguish/dealing.py (as a game begins, and when a
search deals again what its player cannot know). Game records stay what random.Random.shuffle made
them, so the shuffle must be the same one: the same order of the cards, and the same numbers taken
from the stream."""
from __future__ import annotations

import random
from collections.abc import MutableSequence
from typing import Any

import pytest

from engine.games.anguish.dealing import shuffle


@pytest.mark.parametrize("size", [0, 1, 2, 5, 35, 36, 70, 127, 128, 300])
def test_it_orders_cards_as_random_shuffle_does_and_leaves_the_stream_where_it_does(size: int) -> None:
    for seed in range(40):
        ours, theirs = random.Random(seed), random.Random(seed)
        cards, expected = list(range(size)), list(range(size))
        shuffle(cards, ours)
        theirs.shuffle(expected)
        assert cards == expected
        assert ours.getstate() == theirs.getstate()


class CountingRandom(random.Random):
    """A stream of another kind: its own shuffle is the one used."""

    shuffles = 0

    def shuffle(self, x: MutableSequence[Any]) -> None:
        CountingRandom.shuffles += 1
        super().shuffle(x)


def test_another_kind_of_stream_shuffles_with_its_own_shuffle() -> None:
    cards = list(range(10))
    shuffle(cards, CountingRandom(3))
    assert CountingRandom.shuffles == 1 and sorted(cards) == list(range(10))
