"""An attack's damage after its modifiers, in the rules' Damage Modifier Order.

The rules: "Damage Modifier Order: Effects that sets a specific number (e.g. sets damage to 0);
Effects that add or subtract damage; Effects that multiply or divide damage." and, for a second
attack, "Any Attack after the first attack in the turn deals half damage, rounded up. Apply this
during the modifier step."

Readings (docs/rules-notes.md): when several effects set the damage, the last one applied wins;
damage is never below 0; the multiplications and divisions are applied together and rounded up
once, so "x2" and "half" cancel out whatever the order they were played in.
"""
from __future__ import annotations

from collections.abc import Iterable

from engine.games.condemned.modifiers import Modifier


class DamageSteps:
    """The modifiers gathered for one attack, by step."""

    __slots__ = ("set_to", "added", "multiplier", "divisor")

    def __init__(self) -> None:
        self.set_to: int | None = None
        self.added = 0
        self.multiplier = 1
        self.divisor = 1

    def copy(self) -> DamageSteps:
        copy = DamageSteps()
        self.copy_steps(copy)
        return copy

    def copy_steps(self, into: DamageSteps) -> None:
        """Set the steps of `into` (a copy, of this class or a subclass) as these."""
        into.set_to, into.added, into.multiplier, into.divisor = self.set_to, self.added, self.multiplier, self.divisor

    def apply(self, modifier: Modifier) -> None:
        """Add one printed modifier ("=0", "+1", "-1", "x2", "/2") to its step."""
        operator, amount = modifier.operator, modifier.amount
        if operator == "=":
            self.set_to = amount
        elif operator == "+":
            self.added += amount
        elif operator == "-":
            self.added -= amount
        elif operator == "x":
            self.multiplier *= amount
        else:
            self.divisor *= amount

    def extend(self, modifiers: Iterable[Modifier]) -> None:
        for modifier in modifiers:
            self.apply(modifier)

    def damage(self, base: int) -> int:
        damage = (base if self.set_to is None else self.set_to) + self.added
        if damage < 0:  # never below 0 (max(), without its call: this comes at every attack)
            damage = 0
        # Ceiling division: "half damage, rounded up".
        return -(-damage * self.multiplier // self.divisor)


def modified_damage(base: int, modifiers: Iterable[Modifier]) -> int:
    """The damage of an attack of `base` damage with these modifiers, in the rules' order."""
    steps = DamageSteps()
    steps.extend(modifiers)
    return steps.damage(base)


HALF = Modifier("/", 2)
