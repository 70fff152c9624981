"""The arithmetic of a Condemned's Weapons, as the heuristic player weighs them: how much an Attack
Phase deals with the Weapons in hand, and what equipping one more would make of it.

The rules behind it: "Any Attack after the first attack in the turn deals half damage, rounded up",
"Your Weapon takes 1 damage" after each attack (so a Weapon with less Durability left than attacks
makes only that many), "Melee weapons can only be used when you are at Melee", and a Two Hand Weapon
fills both hands.
"""
from __future__ import annotations

from engine.core import CardInstance
from engine.games.condemned.specs import CardSpec
from engine.games.condemned.state import CondemnedState, Side


class Held:
    """A hand's Weapon as the loadout weighs it: its CardSpec (None: an empty hand) and Durability left."""

    __slots__ = ("spec", "left")

    def __init__(self, spec: CardSpec | None, left: int) -> None:
        self.spec = spec
        self.left = left

    @classmethod
    def of(cls, state: CondemnedState, side: Side, card: CardInstance | None) -> Held:
        if card is None:
            return EMPTY
        return cls(state.spec_of[card.uid], state.durability_left(side, card))


EMPTY = Held(None, 0)


def attack_damage(side: Side, spec: CardSpec) -> int:
    """One attack's damage with the Weapon, with its Condemned's bonus for the damage type."""
    return spec.damage + (side.condemned.type_bonus.get(spec.damage_type, 0) if spec.damage_type else 0)


def phase_damage(side: Side, main: Held, off: Held, at_range: bool) -> int:
    """The damage of an Attack Phase with these Weapons at that distance: the Main Hand's attacks,
    then the Off Hand's, the first in full and every later one halved (rounded up)."""
    damage = 0
    first = True
    type_bonus = side.condemned.type_bonus
    for held in (main, off):
        spec = held.spec
        if spec is not None and (not at_range or spec.usable_at_ranged):
            # attack_damage, inlined (the weapon step weighs every loadout it could make)
            hit = spec.damage + (type_bonus.get(spec.damage_type, 0) if spec.damage_type else 0)
            halves = min(spec.attacks, held.left)
            if first:
                damage += hit
                halves -= 1
                first = False
            damage += halves * -(-hit // 2)
    return damage


def after_equip(side: Side, main: Held, off: Held, spec: CardSpec, place: str,
                at_range: bool) -> tuple[int, int, int]:
    """The loadout once `spec` is equipped fresh in `place` with `main` and `off` held: the damage of
    the Attack Phase, the Durability left in both hands, and the Durability left on the Weapons
    dropped for it (0 when it goes into an empty hand)."""
    fresh = Held(spec, spec.durability)
    if spec.two_hand or (main.spec is not None and main.spec.two_hand):
        damage = phase_damage(side, fresh, EMPTY, at_range) if place == "main" else phase_damage(
            side, EMPTY, fresh, at_range)
        return damage, spec.durability, main.left + off.left
    if place == "main":
        return phase_damage(side, fresh, off, at_range), spec.durability + off.left, main.left
    return phase_damage(side, main, fresh, at_range), spec.durability + main.left, off.left
