"""What the cards of The Condemned do, as data: each card's rules text as a short program of verbs.

A program is a tuple of verbs from the closed set below, in three kinds:

- actions, things that happen when the program resolves ("Heal 1 Life", "Draw 1 card");
- triggers, which say when their actions happen ("At the start of your turn, ...");
- standing rules, which change a rule while the card is in play ("Your Bio Weapons deal +1 damage").

What a card's printed attributes already say (damage, Durability, Shielding, ...) is not repeated
here: the rules engine reads the attributes, and the keywords through KEYWORDS. EFFECTS maps each
card name to the program of the rest of its text. A program that does not fit these verbs fails
when this module is imported, and UNIMPLEMENTED names any card whose text is not (fully) played:
the goldfish reports count every play of such a card as having no effect.
"""
from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.games.condemned.cards import DAMAGE_TYPES


class Verb:
    """One step of a card's program."""

    __slots__ = ()


# ---------------------------------------------------------------------------------------------
# Actions: what happens when a program resolves. Amounts are whole numbers of Life, cards or
# Durability. An action that names "an enemy Weapon" or "one of your Armor" lets the card's player
# choose (when the card is played, or when its trigger resolves); a program holds at most one.


@dataclass(frozen=True, slots=True)
class Heal(Verb):
    """Heal Life, never above the Condemned's maximum."""

    amount: int


@dataclass(frozen=True, slots=True)
class LoseLife(Verb):
    amount: int


@dataclass(frozen=True, slots=True)
class Draw(Verb):
    amount: int


@dataclass(frozen=True, slots=True)
class DamageEnemyWeapon(Verb):
    """Deal damage to one enemy Weapon (a choice)."""

    amount: int


@dataclass(frozen=True, slots=True)
class DamageEnemyArmor(Verb):
    """Deal damage to one enemy Armor (a choice)."""

    amount: int


@dataclass(frozen=True, slots=True)
class DamageEachEnemyArmor(Verb):
    amount: int


@dataclass(frozen=True, slots=True)
class Repair(Verb):
    """Repair Durability on one of your Weapons or Armor (a choice among `kinds`)."""

    amount: int
    kinds: tuple[str, ...]  # "weapon", "armor"


@dataclass(frozen=True, slots=True)
class Search(Verb):
    """Search your deck for a card of a type, put it into your hand, then shuffle (a choice)."""

    card_type: str


@dataclass(frozen=True, slots=True)
class AttackBonus(Verb):
    """ "That attack deals +2 damage": added in the add/subtract step of the attack's damage."""

    amount: int


@dataclass(frozen=True, slots=True)
class SetAttackDamage(Verb):
    """ "Set that attack's damage to 0": the set step of the attack's damage."""

    value: int


# ---------------------------------------------------------------------------------------------
# Triggers: when their actions happen.


@dataclass(frozen=True, slots=True)
class Trigger(Verb):
    """Its actions happen when the card's moment comes."""

    then: tuple[Verb, ...]


class AtStartOfTurn(Trigger):
    """A Condemned's "At the start of your turn, ...": before the draw to 5."""

    __slots__ = ()


class OnSwitch(Trigger):
    """A Condemned's "When you switch between Melee and Ranged, ..."."""

    __slots__ = ()


class OnHitCondemned(Trigger):
    """A Weapon's "When this Weapon deals damage to the enemy Condemned, ..."."""

    __slots__ = ()


class AfterAttack(Trigger):
    """A Weapon's "After this Weapon attacks, ...": after it has taken its 1 damage."""

    __slots__ = ()


# ---------------------------------------------------------------------------------------------
# Standing rules: how the card changes the rules while it is in play.


@dataclass(frozen=True, slots=True)
class TypeBonus(Verb):
    """A Condemned's "Your <type> Weapons deal +N damage" (the add/subtract step)."""

    damage_type: str
    amount: int


@dataclass(frozen=True, slots=True)
class ExtraAttack(Verb):
    """Multi-Hit: the Weapon attacks once more in each of your Attack Phases."""


@dataclass(frozen=True, slots=True)
class AttacksAtRanged(Verb):
    """A Melee Weapon that "can attack while you are at Ranged"."""


@dataclass(frozen=True, slots=True)
class BreaksAfterRangedAttack(Verb):
    """ "When this Weapon attacks while you are at Ranged, it breaks after the attack." """


@dataclass(frozen=True, slots=True)
class IgnoresArmorFirst(Verb):
    """ "This Weapon may target the enemy Condemned even when Armor must be targeted first." """


@dataclass(frozen=True, slots=True)
class Thorns(Verb):
    """An Armor's "When an enemy Weapon attacks this Armor at Melee, deal N damage to that Weapon"."""

    amount: int


@dataclass(frozen=True, slots=True)
class SetDurabilityBonus(Verb):
    """An armor set's "while you have <set> Armor equipped in the Head, Body and Legs slots, each
    of them gets +N Durability" (the set is the card's printed `armor_set`)."""

    amount: int


@dataclass(frozen=True, slots=True)
class DiscardToMoveToRanged(Verb):
    """Leafy Pads: "Once per turn, during your Main Phase, you may discard a card to move to Ranged.
    If you do, you still have your Attack Phase this turn." """


ACTIONS: tuple[type[Verb], ...] = (
    Heal, LoseLife, Draw, DamageEnemyWeapon, DamageEnemyArmor, DamageEachEnemyArmor, Repair, Search,
    AttackBonus, SetAttackDamage,
)
TRIGGERS: tuple[type[Verb], ...] = (AtStartOfTurn, OnSwitch, OnHitCondemned, AfterAttack)
STANDING: tuple[type[Verb], ...] = (
    TypeBonus, ExtraAttack, AttacksAtRanged, BreaksAfterRangedAttack, IgnoresArmorFirst, Thorns,
    SetDurabilityBonus, DiscardToMoveToRanged,
)
# Actions that ask their player to choose a card.
CHOICES: tuple[type[Verb], ...] = (DamageEnemyWeapon, DamageEnemyArmor, Repair, Search)
# Actions that change "that attack": only an attack's Events carry them.
ATTACK_ACTIONS: tuple[type[Verb], ...] = (AttackBonus, SetAttackDamage)

# The verbs each card type's program may use. A Condemned, Weapon or Armor acts only through its
# triggers and standing rules; an Event or Preparation only through actions when it resolves.
ALLOWED: dict[str, tuple[type[Verb], ...]] = {
    "condemned": (AtStartOfTurn, OnSwitch, TypeBonus),
    "weapon": (OnHitCondemned, AfterAttack, ExtraAttack, AttacksAtRanged, BreaksAfterRangedAttack,
               IgnoresArmorFirst),
    "armor": (Thorns, SetDurabilityBonus, DiscardToMoveToRanged),
    "event": ACTIONS,
    "preparation": tuple(v for v in ACTIONS if v not in ATTACK_ACTIONS),
}

Program = tuple[Verb, ...]

_ARMOR_SET = (SetDurabilityBonus(1),)

EFFECTS: dict[str, Program] = {
    # Condemned
    "The Pacifier": (AtStartOfTurn((DamageEnemyWeapon(1),)),),
    "Kris Evangel": (AtStartOfTurn((Heal(1),)),),
    "Sentinel": (AtStartOfTurn((Repair(1, ("armor",)),)),),
    "Dr. Mrtav": (TypeBonus("bio", 1),),
    "Ophid": (OnSwitch((Draw(1),)),),
    "Kona Yuki": (TypeBonus("electric", 1),),
    # Weapons (Multi-Hit and Leech come from the printed keywords)
    "Ace of Spades": (BreaksAfterRangedAttack(),),
    "Tainted Kunai": (AttacksAtRanged(),),
    "Flamethrower": (AfterAttack((DamageEachEnemyArmor(1),)),),
    "Cattle Prod of Doom": (IgnoresArmorFirst(),),
    "Taser": (OnHitCondemned((Draw(1),)),),
    # Armor (Shielding is the printed `shielding`)
    "Handyman Helmet": _ARMOR_SET,
    "Handyman Overalls": _ARMOR_SET,
    "Handyman Pants": _ARMOR_SET,
    "Football Helmet": _ARMOR_SET,
    "Football Pads": _ARMOR_SET,
    "Football Pants": _ARMOR_SET,
    "Spiky Helm": (Thorns(1),),
    "Leafy Pads": (DiscardToMoveToRanged(),),
    # Events
    "Critical Failure": (SetAttackDamage(0),),
    "Duck and Cover": (AttackBonus(-2),),
    "Alpha Strike": (AttackBonus(2),),
    "Adrenaline Rush": (AttackBonus(1), Draw(1)),
    "Mechanical Malfunction": (DamageEnemyWeapon(2),),
    "Second Wind": (Heal(2),),
    "Dirty Trick": (DamageEnemyArmor(2),),
    # Preparations
    "Simple Mending": (Heal(1), Repair(1, ("weapon", "armor"))),
    "Quick Patch": (Repair(2, ("weapon", "armor")),),
    "Hidden Pocket": (Search("weapon"),),
    "Scavenge": (Search("armor"),),
    "Molotov Cocktail": (DamageEachEnemyArmor(1),),
    "Blood Magic": (LoseLife(2), Draw(2)),
    "Crowd Favorite": (Heal(1), Draw(1)),
}

# Printed keywords (the `keywords` attribute, compared without regard to case) and their verbs.
KEYWORDS: dict[str, Program] = {
    "multi-hit": (ExtraAttack(),),
    "leech": (OnHitCondemned((Heal(1),)),),
}

# Card name -> what is not played of its text. Every demo card is played in full.
UNIMPLEMENTED: dict[str, str] = {}


def _check_actions(where: str, actions: tuple[Verb, ...]) -> None:
    if not actions:
        raise ValueError(f"{where}: a trigger needs at least one action")
    for verb in actions:
        if not isinstance(verb, ACTIONS):
            raise ValueError(f"{where}: {verb!r} is not an action a trigger can perform")
        if isinstance(verb, ATTACK_ACTIONS):
            raise ValueError(f"{where}: {verb!r} changes an attack; only an attack's Events can")


def check_program(where: str, program: tuple[object, ...]) -> None:
    """Raise ValueError when a program uses a verb outside the closed set or in the wrong place (anything that
    is no verb too: its verbs typed `object`, so that compiled code, which checks the types it reads, says so)."""
    choices = 0
    for verb in program:
        if not isinstance(verb, ACTIONS + TRIGGERS + STANDING):
            raise ValueError(f"{where}: unknown verb {verb!r}")
        if isinstance(verb, Trigger):
            actions = verb.then
            _check_actions(where, actions)
            chooses = sum(isinstance(action, CHOICES) for action in actions)
            # Only a start-of-turn trigger stops the game for its player's choice.
            if chooses and not isinstance(verb, AtStartOfTurn):
                raise ValueError(f"{where}: only a start-of-turn trigger may ask for a choice")
            choices += chooses
        choices += isinstance(verb, CHOICES)
        if isinstance(verb, TypeBonus) and verb.damage_type not in DAMAGE_TYPES:
            raise ValueError(f"{where}: unknown damage type {verb.damage_type!r}")
        if isinstance(verb, Repair) and (not verb.kinds or set(verb.kinds) - {"weapon", "armor"}):
            raise ValueError(f"{where}: Repair kinds must be weapon and/or armor, not {verb.kinds!r}")
    if choices > 1:
        raise ValueError(f"{where}: a program may ask for one choice at most")


for _name, _program in (*EFFECTS.items(), *KEYWORDS.items()):
    check_program(_name, _program)

# A keyword with its reminder text in brackets, e.g. "Multi-Hit (this Weapon attacks twice ...)."
_REMINDER = re.compile(r"\s*([A-Za-z][\w-]*(?: [A-Za-z][\w-]*)*) \([^()]*\)\.?\s*")


def _keyword_only(text: str, known: set[str]) -> bool:
    """Whether the text is nothing but reminders of keywords the engine knows."""
    position = 0
    while position < len(text):
        match = _REMINDER.match(text, position)
        if match is None or match.group(1).casefold() not in known:
            return False
        position = match.end()
    return True


def program_of(card: Mapping[str, Any]) -> Program:
    """The card's whole program: its printed keywords' verbs, then its EFFECTS entry."""
    keywords = card["attributes"].get("keywords") or []
    verbs: list[Verb] = []
    for keyword in keywords:
        verbs.extend(KEYWORDS.get(keyword.casefold(), ()))
    verbs.extend(EFFECTS.get(card["name"], ()))
    return tuple(verbs)


def unimplemented(card: Mapping[str, Any]) -> str | None:
    """Why the engine does not play the card's text in full, or None when it does."""
    name = card["name"]
    if name in UNIMPLEMENTED:
        return UNIMPLEMENTED[name]
    attributes = card["attributes"]
    unknown = [k for k in attributes.get("keywords") or [] if k.casefold() not in KEYWORDS]
    if unknown:
        return f"unknown keyword(s): {', '.join(unknown)}"
    text = card.get("text") or ""
    if name in EFFECTS or not text.strip():
        return None
    known = {k.casefold() for k in attributes.get("keywords") or []}
    if attributes.get("shielding"):
        known.add("shielding")
    if _keyword_only(text, known):
        return None
    return "no effect program for its text"
