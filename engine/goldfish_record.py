"""What one goldfish game reports (docs: goldfish rules). Each game's goldfish module returns one
GameRecord per game; engine/goldfish.py adds them up into the statistics of a run."""
from __future__ import annotations

# _count_elements: the C loop Counter.update counts with (CPython's collections module; the type stubs
# leave it out).
from collections import Counter, _count_elements  # type: ignore[attr-defined]
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field


@dataclass(slots=True)
class GameRecord:
    end_turn: int  # the round (QQDND), turn (Condemned) or Hour (Anguish) the game ended in
    won: bool  # the goal was reached (opponent defeated / Lifeblood emptied) before the limit
    damage_by_turn: list[int] = field(default_factory=list)  # damage (or Lifeblood milled) dealt in each turn
    mulligans: int = 0
    first_turn_play: bool = False  # the deck's player had something to play on its first turn
    drawn: Counter[str] = field(default_factory=Counter)  # card name -> copies drawn
    played: Counter[str] = field(default_factory=Counter)  # card name -> copies played
    # Cards whose effect the engine treated as doing nothing (a run must say so, never hide it).
    no_effect: Counter[str] = field(default_factory=Counter)
    # Of the copies drawn and never played, those that never had a legal moment to be played while in
    # hand (no window at their Initiative or cost, nothing to equip onto, no target): dead by the
    # rules, not by the player's choice. Never more than drawn - played for a card.
    no_moment: Counter[str] = field(default_factory=Counter)
    # Damage (or Lifeblood milled) past what its target needed to be defeated, per turn as
    # damage_by_turn: dealt, but it counted for nothing. damage_by_turn holds only damage that counted.
    overkill_by_turn: list[int] = field(default_factory=list)
    # Rounds or turns ended by the engine's cap on actions (a rules loop that could go on for ever).
    capped: int = 0


# Every game's record makes its four tallies, and Counter's constructor is Python code (its __init__,
# then update, which asks isinstance(iterable, Mapping) before it counts): several times what the
# counting itself costs. The helpers below make the same Counters (same counts, names in the order
# first seen) from C calls only. A record's tallies stay Counters, since readers index them for names
# they never saw (0) and total them.


def new_counter(counts: Mapping[str, int] | None = None) -> Counter[str]:
    """Counter(counts): the same counts in the same order (a fresh empty Counter without counts, as a
    record's tallies are its reader's to change), made without Counter's __init__ and update: an empty
    Counter from dict's own constructor, filled by dict.update, which is what Counter.update does for a
    mapping into an empty Counter."""
    made: Counter[str] = Counter.__new__(Counter)
    if counts:
        dict.update(made, counts)
    return made


def tally(names: Iterable[str]) -> Counter[str]:
    """Counter(names), without Counter's Python code: an empty Counter from dict's own constructor,
    counted by the C loop Counter.update uses."""
    counts: Counter[str] = Counter.__new__(Counter)
    _count_elements(counts, names)
    return counts
