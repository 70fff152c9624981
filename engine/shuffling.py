"""Shuffling a pile exactly as random.Random.shuffle does (and drawing a number as randrange does), a
little faster.

Every game deals its cards through shuffles (both decks at the start, and again at a mulligan, a search,
an empty deck, a determinized copy for a search player), and some heuristics deal sample hands:
random.shuffle's call of _randbelow for every card is a good part of a short game's time. This is the
same loop with that call inlined: for a random.Random it takes the same numbers from the stream, in the
same order, and makes the same order of the pile (the tests compare the two), written out step by
step for each size of pile, or, compiled (engine/native.py), as a loop, which is then the faster. Any
other stream is shuffled by its own shuffle.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

# The shuffle of a pile of each size met so far, its steps written out one after the other with their
# index and bits as constants (made by _unrolled on first use): a loop spends a fifth of a shuffle
# stepping from one index to the next and working out its bits. Piles of UNROLLED_UP_TO cards or more
# (larger than any deck) are shuffled by the loop.
_UNROLLED: dict[int, Callable[[Callable[[int], int], list[Any]], None]] = {}
UNROLLED_UP_TO = 128
# Compiled, the loop runs faster than Python written out (about 1% of a QQDND goldfish game): every pile is
# shuffled by it.
LOOP_ONLY = not __file__.endswith(".py")


def _unrolled(size: int) -> Callable[[Callable[[int], int], list[Any]], None]:
    """shuffle's loop for a pile of `size` cards, written out step by step: the same draws from the
    stream in the same order, the same swaps."""
    lines = ["def shuffle_pile(getrandbits, pile):"]
    for i in range(size - 1, 0, -1):
        bits = (i + 1).bit_length()  # what _randbelow(i + 1) draws
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
    if unrolled is None:
        if size >= UNROLLED_UP_TO or LOOP_ONLY:
            _shuffle_loop(rng.getrandbits, pile)
            return
        unrolled = _UNROLLED[size] = _unrolled(size)
    unrolled(rng.getrandbits, pile)


def _shuffle_loop(getrandbits: Callable[[int], int], pile: list[Any]) -> None:
    """random.Random.shuffle's loop with _randbelow_with_getrandbits(i + 1) inlined."""
    for i in range(len(pile) - 1, 0, -1):
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
