"""Shuffling a pile exactly as random.Random.shuffle does, a little faster.

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
