"""Initiative values as printed on QQDND cards: "17", "5-3", "X" or "*".

The rules: "They may be represented by a range of numbers (i.e. 17-20), in which case their owner
chooses which value to play them as. They may also be represented as an X – in which case the value
of X will be defined in the card". Dimensional Wave prints "*": it is played alongside another card
and has no Initiative of its own.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final, Literal

InitiativeKind = Literal["fixed", "range", "x", "star"]

# Hyphen, en dash, em dash and minus sign: the document mixes them and readers type any of them.
_DASHES: Final = "-\u2013\u2014\u2212"
_NUMBER: Final = re.compile(r"\d+", re.ASCII)
_RANGE: Final = re.compile(rf"(\d+)\s*[{_DASHES}]\s*(\d+)", re.ASCII)


@dataclass(frozen=True)
class Initiative:
    """A parsed Initiative. `low`/`high` bound the values its owner may choose; None for X and *."""

    printed: str
    kind: InitiativeKind
    low: int | None
    high: int | None


def parse_initiative(printed: object) -> Initiative:
    """Parse a printed Initiative; ranges are stored low-high whichever way they are printed. Card data may hold
    anything: it takes any object (and a compiled build would reject what is not text with a TypeError)."""
    if not isinstance(printed, str):
        raise ValueError(f"an Initiative must be text such as \"17\" or \"5-3\", not {printed!r}")
    value = printed.strip()
    if _NUMBER.fullmatch(value):
        number = int(value)
        return Initiative(printed, "fixed", number, number)
    match = _RANGE.fullmatch(value)
    if match:
        first, second = int(match.group(1)), int(match.group(2))
        return Initiative(printed, "range", min(first, second), max(first, second))
    if value in ("X", "x"):
        return Initiative(printed, "x", None, None)
    if value == "*":
        return Initiative(printed, "star", None, None)
    raise ValueError(
        f"unreadable Initiative {printed!r}: expected a number (17), a range (5-3), X or *"
    )
