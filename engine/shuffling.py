"""Shuffling a pile exactly as random.Random.shuffle does (and drawing a number as randrange does), a
little faster.

Every game deals its cards through shuffles (both decks at the start, and again at a mulligan, a search,
an empty deck, a determinized copy for a search player), and some heuristics deal sample hands:
random.shuffle's call of _randbelow for every card is a good part of a short game's time. This is the
same loop with that call inlined: for a random.Random it takes the same numbers from the stream, in the
same order, and makes the same order of the pile (the tests compare the two). Any other stream is
shuffled by its own shuffle.
"""

from __future__ import annotations

import random
from typing import Any

# For each pile size a game has, the shuffle's steps: each index i from the top down to 1, with the bits
# _randbelow(i + 1) draws (i + 1).bit_length(), worked out once. Larger piles work them out.
_STEPS = tuple(tuple((i, (i + 1).bit_length()) for i in range(size - 1, 0, -1)) for size in range(128))


def shuffle(rng: random.Random, pile: list[Any]) -> None:
    """Shuffle `pile` in place as rng.shuffle(pile) would."""
    if type(rng) is not random.Random:
        rng.shuffle(pile)
        return
    size = len(pile)
    steps = _STEPS[size] if size < 128 else tuple((i, (i + 1).bit_length()) for i in range(size - 1, 0, -1))
    getrandbits = rng.getrandbits
    for i, bits in steps:
        # random.Random._randbelow_with_getrandbits(i + 1), inlined
        r = getrandbits(bits)
        while r > i:
            r = getrandbits(bits)
        pile[i], pile[r] = pile[r], pile[i]


def randbelow(rng: random.Random, n: int) -> int:
    """rng.randrange(n) for n >= 1, taking the same numbers from the stream, without randrange's checks
    of its arguments (a coin flip is asked at the start of every game)."""
    if type(rng) is not random.Random:
        return rng.randrange(n)
    bits = n.bit_length()
    r = rng.getrandbits(bits)
    while r >= n:
        r = rng.getrandbits(bits)
    return r
