"""The arithmetic of a Condemned's Weapons, as the heuristic player weighs them: how much an Attack
Phase deals with the Weapons in hand, and what equipping one more would make of it.

The rules behind it: "Any Attack after the first attack in the turn deals half damage, rounded up",
"Your Weapon takes 1 damage" after each attack (so a Weapon with less Durability left than attacks
makes only that many), "Melee weapons can only be used when you are at Melee", and a Two Hand Weapon
fills both hands.
"""
from __future__ import annotations

from typing import Final

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


EMPTY: Final = Held(None, 0)


def attack_damage(side: Side, spec: CardSpec) -> int:
    """One attack's damage with the Weapon, with its Condemned's bonus for the damage type."""
    return spec.damage + (side.condemned.type_bonus.get(spec.damage_type, 0) if spec.damage_type else 0)


def phase_damage(side: Side, main: Held, off: Held, at_range: bool) -> int:
    """The damage of an Attack Phase with these Weapons at that distance: the Main Hand's attacks,
    then the Off Hand's, the first in full and every later one halved (rounded up)."""
    # The two hands one after the other, unrolled: the weapon step weighs every loadout it could make.
    type_bonus = side.condemned.type_bonus
    damage = 0
    first = True
    spec = main.spec
    if spec is not None and (not at_range or spec.usable_at_ranged):
        # attack_damage, inlined
        hit = spec.damage + (type_bonus.get(spec.damage_type, 0) if spec.damage_type else 0)
        left = main.left
        attacks = spec.attacks if spec.attacks < left else left
        damage = hit + (attacks - 1) * -(-hit // 2)
        first = False
    spec = off.spec
    if spec is not None and (not at_range or spec.usable_at_ranged):
        hit = spec.damage + (type_bonus.get(spec.damage_type, 0) if spec.damage_type else 0)
        left = off.left
        attacks = spec.attacks if spec.attacks < left else left
        damage += hit + (attacks - 1) * -(-hit // 2) if first else attacks * -(-hit // 2)
    return damage


def equipped(main: Held, off: Held, spec: CardSpec, place: str) -> tuple[Held, Held, int]:
    """The hands once `spec` is equipped fresh in `place` with `main` and `off` held, and the
    Durability left on the Weapons dropped for it (0 when it goes into an empty hand). A Two Hand
    Weapon fills both hands: it drops both, and a One Hand Weapon drops it."""
    fresh = Held(spec, spec.durability)
    if spec.two_hand or (main.spec is not None and main.spec.two_hand):
        return (fresh, EMPTY, main.left + off.left) if place == "main" else (EMPTY, fresh, main.left + off.left)
    if place == "main":
        return fresh, off, main.left
    return main, fresh, off.left


def worn(held: Held, at_range: bool) -> Held:
    """The Weapon after its attacks of an Attack Phase (1 Durability each), or an empty hand once it
    breaks."""
    spec = held.spec
    if spec is None or (at_range and not spec.usable_at_ranged):
        return held
    if at_range and spec.breaks_at_ranged:
        return EMPTY  # Ace of Spades: "When this Weapon attacks while you are at Ranged, it breaks after the attack."
    left = held.left - min(spec.attacks, held.left)
    return Held(spec, left) if left > 0 else EMPTY
