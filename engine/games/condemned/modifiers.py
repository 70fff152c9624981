"""Armor damage modifiers as printed: "+1", "-2", "x2", "/2", "=0".

The rules: "All Armor have damage types they are strong against and weak against. Apply the damage
modifier as written on the card", and the Damage Modifier Order names the three kinds a modifier can
be: "Effects that sets a specific number (e.g. sets damage to 0)", "Effects that add or subtract
damage", "Effects that multiply or divide damage". A modifier is one operator and a whole number.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal, cast

Operator = Literal["+", "-", "x", "/", "="]

_MODIFIER = re.compile(r"([+\-x/=])(\d+)", re.ASCII)

GRAMMAR = 'a modifier is "+N", "-N", "xN", "/N" or "=N" (N a whole number), e.g. "+1", "x2", "=0"'


@dataclass(frozen=True)
class Modifier:
    operator: Operator
    amount: int

    @property
    def lowers_damage(self) -> bool:
        """True when the modifier lowers any attack's damage: the Armor is strong against the type."""
        if self.operator == "-":
            return self.amount > 0
        if self.operator == "/":
            return self.amount > 1
        if self.operator in ("x", "="):
            # "=N" with N above 0 may raise a weak attack or lower a strong one: neither, in general.
            return self.amount == 0
        return False

    @property
    def raises_damage(self) -> bool:
        """True when the modifier raises any attack's damage: the Armor is weak against the type."""
        if self.operator == "+":
            return self.amount > 0
        if self.operator == "x":
            return self.amount > 1
        return False


def parse_modifier(printed: object) -> Modifier:
    """Read a printed modifier; raises ValueError naming the grammar when it can't (anything not text too:
    typed `object` so that compiled code, which checks the types of arguments, says the same)."""
    if not isinstance(printed, str):
        raise ValueError(f"must be text: {GRAMMAR}; not {printed!r}")
    match = _MODIFIER.fullmatch(printed)
    if match is None:
        raise ValueError(f"{GRAMMAR}; not {printed!r}")
    operator, amount = cast(Operator, match.group(1)), int(match.group(2))
    if operator == "/" and amount == 0:
        raise ValueError(f"cannot divide damage by 0; {GRAMMAR}")
    return Modifier(operator, amount)
