"""Shuffling a pile exactly as random.Random.shuffle does, a little faster.

The games deal every card through a shuffle (each game shuffles both decks, and a mulligan, a search or
an empty deck shuffles again), and the heuristic deals 200 sample hands a deck: random.shuffle's call of
_randbelow for every card is a good part of a game's time. This is the same loop with that call
inlined: for a random.Random it takes the same numbers from the stream, in the same order, and makes
the same order of the pile (the tests compare the two). Any other stream is shuffled by its own
shuffle.
"""

from __future__ import annotations

import random
from typing import Any

# n.bit_length() for the pile sizes a game has; larger piles compute it.
_BITS = tuple(n.bit_length() for n in range(128))


def shuffle(rng: random.Random, pile: list[Any]) -> None:
    """Shuffle `pile` in place as rng.shuffle(pile) would."""
    if type(rng) is not random.Random:
        rng.shuffle(pile)
        return
    getrandbits = rng.getrandbits
    bits = _BITS
    for i in reversed(range(1, len(pile))):
        # random.Random._randbelow_with_getrandbits(i + 1), inlined
        n = i + 1
        k = bits[n] if n < 128 else n.bit_length()
        r = getrandbits(k)
        while r >= n:
            r = getrandbits(k)
        pile[i], pile[r] = pile[r], pile[i]
