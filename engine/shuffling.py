"""Shuffling a pile exactly as random.Random.shuffle does (and drawing a number as randrange does), a
little faster.

Every game deals its cards through shuffles (both decks at the start, and again at a mulligan, a search,
an empty deck, a determinized copy for a search player), and some heuristics deal sample hands:
random.shuffle's call of _randbelow for every card is a good part of a short game's time. This is the
same loop with that call inlined: for a random.Random it takes the same numbers from the stream, in the
same order, and makes the same order of the pile (the tests compare the two), written out step by
step for each size of pile. Any other stream is shuffled by its own shuffle.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

# For each pile size a game has, the shuffle's steps: each index i from the top down to 1, with the bits
# _randbelow(i + 1) draws (i + 1).bit_length(), worked out once. Larger piles work them out.
_STEPS = tuple(tuple((i, (i + 1).bit_length()) for i in range(size - 1, 0, -1)) for size in range(128))

# The shuffle of a pile of each size met so far, its steps written out one after the other with their
# index and bits as constants (made by _unrolled on first use): a loop over _STEPS spends a fifth of a
# shuffle stepping through the steps and unpacking them.
_UNROLLED: dict[int, Callable[[Callable[[int], int], list[Any]], None]] = {}


def _unrolled(size: int) -> Callable[[Callable[[int], int], list[Any]], None]:
    """shuffle's loop for a pile of `size` cards, written out step by step: the same draws from the
    stream in the same order, the same swaps."""
    lines = ["def shuffle_pile(getrandbits, pile):"]
    for i, bits in _STEPS[size]:
        lines.append(f"    r = getrandbits({bits})")
        lines.append(f"    while r > {i}:")
        lines.append(f"        r = getrandbits({bits})")
        lines.append(f"    pile[{i}], pile[r] = pile[r], pile[{i}]")
    lines.append("    return None")
    namespace: dict[str, Any] = {}
    exec(compile("\n".join(lines), f"<shuffle of {size}>", "exec"), namespace)
    made: Callable[[Callable[[int], int], list[Any]], None] = namespace["shuffle_pile"]
    return made


def shuffle(rng: random.Random, pile: list[Any]) -> None:
    """Shuffle `pile` in place as rng.shuffle(pile) would."""
    if type(rng) is not random.Random:
        rng.shuffle(pile)
        return
    size = len(pile)
    unrolled = _UNROLLED.get(size)
    if unrolled is not None:
        unrolled(rng.getrandbits, pile)
        return
    if size < 128:
        unrolled = _UNROLLED[size] = _unrolled(size)
        unrolled(rng.getrandbits, pile)
        return
    getrandbits = rng.getrandbits
    for i in range(size - 1, 0, -1):
        # random.Random._randbelow_with_getrandbits(i + 1), inlined
        bits = (i + 1).bit_length()
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
