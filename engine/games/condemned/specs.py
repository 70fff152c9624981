"""Each card's rules-relevant data, read once per game from its record and its effect program.

The engine looks cards up by name many thousands of times a game, so a CardSpec holds plain
fields (damage, Durability, the verbs sorted by the moment they act) instead of the record's
nested dictionaries.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from engine.games.condemned import effects as fx
from engine.games.condemned.modifiers import Modifier, parse_modifier

CONDEMNED: Final = "condemned"
WEAPON: Final = "weapon"
ARMOR: Final = "armor"
EVENT: Final = "event"
PREPARATION: Final = "preparation"

# The publisher's stand-in for a player without a Condemned: "a 'generic inmate' with 20 Life and
# no abilities". It has no card, so it is never in a zone.
INMATE: dict[str, Any] = {
    "name": "Generic Inmate",
    "card_type": CONDEMNED,
    "subtypes": [],
    "text": "",
    "attributes": {"life": 20, "subtypes": []},
}


class CardSpec:
    """What the rules need to know about one card."""

    __slots__ = (
        "name", "card_type", "record", "unimplemented", "program",
        # Weapon
        "damage", "damage_type", "two_hand", "hand", "ranged", "attacks", "usable_at_ranged",
        "breaks_at_ranged", "ignores_armor_first", "on_hit", "after_attack",
        # Weapon and Armor
        "durability", "places",
        # Armor
        "slot", "modifiers", "armor_set", "shielding", "thorns", "set_bonus", "leafy",
        # Event and Preparation
        "timing", "actions", "choice", "life_cost", "attack_bonus",
        # Condemned
        "life", "at_start", "on_switch", "type_bonus",
    )

    def __init__(self, card: Mapping[str, Any]) -> None:
        attributes = card["attributes"]
        self.name: str = card["name"]
        self.card_type: str = card["card_type"]
        self.record = card
        self.unimplemented = fx.unimplemented(card)
        self.program = fx.program_of(card)
        allowed = fx.ALLOWED.get(self.card_type, ())
        for verb in self.program:
            if not isinstance(verb, allowed):
                raise ValueError(f"{self.name}: a {self.card_type} cannot use {verb!r}")

        self.damage = int(attributes.get("damage", 0))
        self.damage_type: str | None = attributes.get("damage_type")
        self.two_hand = attributes.get("hands") == 2
        self.hand: str = attributes.get("hand", "main")
        self.ranged = attributes.get("range") == "ranged"
        self.attacks = 1 + self._count(fx.ExtraAttack)
        # "Ranged Weapons can be used at Melee and Ranged", and some Melee Weapons say they can too.
        self.usable_at_ranged = self.ranged or self._has(fx.AttacksAtRanged)
        self.breaks_at_ranged = self._has(fx.BreaksAfterRangedAttack)
        self.ignores_armor_first = self._has(fx.IgnoresArmorFirst)
        self.on_hit = self._actions(fx.OnHitCondemned)
        self.after_attack = self._actions(fx.AfterAttack)

        self.durability = int(attributes.get("durability", 0))
        # Where the card can be equipped: a Weapon's hands ("either" is both), an Armor's slot.
        self.places: tuple[str, ...] = ()

        self.slot: str | None = attributes.get("slot")
        printed = attributes.get("modifiers") or {}
        self.modifiers: dict[str, Modifier] = {t: parse_modifier(m) for t, m in printed.items()}
        self.armor_set: str | None = attributes.get("armor_set") or None
        self.shielding = bool(attributes.get("shielding"))
        self.thorns = sum(v.amount for v in self.program if isinstance(v, fx.Thorns))
        self.set_bonus = sum(v.amount for v in self.program if isinstance(v, fx.SetDurabilityBonus))
        self.leafy = self._has(fx.DiscardToMoveToRanged)
        if self.card_type == WEAPON:
            self.places = ("main", "off") if self.hand == "either" else (self.hand,)
        elif self.card_type == ARMOR and self.slot is not None:
            self.places = (self.slot,)

        self.timing: str | None = attributes.get("timing")
        self.actions: tuple[fx.Verb, ...] = (
            self.program if self.card_type in (EVENT, PREPARATION) else ()
        )
        self.choice = next((v for v in self.actions if isinstance(v, fx.CHOICES)), None)
        self.life_cost = sum(v.amount for v in self.actions if isinstance(v, fx.LoseLife))
        self.attack_bonus = sum(v.amount for v in self.actions if isinstance(v, fx.AttackBonus))
        if any(isinstance(v, fx.ATTACK_ACTIONS) for v in self.actions) and self.timing not in (
            "attacking", "defending"
        ):
            raise ValueError(f"{self.name}: only an Event played at an attack can change that attack")

        self.life = int(attributes.get("life", 0))
        self.at_start = self._actions(fx.AtStartOfTurn)
        self.on_switch = self._actions(fx.OnSwitch)
        self.type_bonus: dict[str, int] = {}
        for verb in self.program:
            if isinstance(verb, fx.TypeBonus):
                self.type_bonus[verb.damage_type] = self.type_bonus.get(verb.damage_type, 0) + verb.amount

    def _has(self, verb: type[fx.Verb]) -> bool:
        return any(isinstance(v, verb) for v in self.program)

    def _count(self, verb: type[fx.Verb]) -> int:
        return sum(isinstance(v, verb) for v in self.program)

    def _actions(self, trigger: type[fx.Trigger]) -> tuple[fx.Verb, ...]:
        return tuple(a for v in self.program if isinstance(v, trigger) for a in v.then)

    def __repr__(self) -> str:
        return f"CardSpec({self.name!r})"
