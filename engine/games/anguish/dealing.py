"""Shuffling a Lifeblood: the permutation `random.Random.shuffle` makes, drawn from the same stream.

A game shuffles one or two Lifebloods as it begins, and a search deals again what its player cannot
know at every play-out; `Random.shuffle` calls a Python method for each of the 35 cards. This loop
asks the stream for the same bits in the same order (Fisher-Yates from the last card down, each
index drawn by rejection from `n.bit_length()` bits, as `Random._randbelow_with_getrandbits` does),
so the cards come out in the same order and the stream is left where `shuffle` would leave it.
"""
from __future__ import annotations

import random
from typing import TypeVar

T = TypeVar("T")
# Per number of cards, the steps of the shuffle: the place swapped into, how many places it draws
# from, and the bits that takes (a Lifeblood is shuffled at every game: worked out once).
_STEPS: dict[int, tuple[tuple[int, int, int], ...]] = {}


def shuffle(cards: list[T], rng: random.Random) -> None:
    """Shuffle `cards` in place exactly as `rng.shuffle(cards)` would."""
    if type(rng) is not random.Random:  # a subclass may draw its indexes another way
        rng.shuffle(cards)
        return
    size = len(cards)
    steps = _STEPS.get(size)
    if steps is None:
        steps = _STEPS[size] = tuple((i, i + 1, (i + 1).bit_length()) for i in range(size - 1, 0, -1))
    getrandbits = rng.getrandbits
    for i, n, bits in steps:
        j = getrandbits(bits)
        while j >= n:
            j = getrandbits(bits)
        cards[i], cards[j] = cards[j], cards[i]
