"""Anguish card effects as data: each card's program is a tuple of steps, a step a verb and an amount.

The verbs are a small closed set; the state (state.py) runs them. When a step runs depends on its
verb's timing:

- "play": when the card is played (a Discovery's effect; a Creature's "When played, ...");
- "static": for as long as the Creature is in play (its light or darkness bonus);
- "response": the card may only be played in response to an enemy attack, and its step then runs.

A step's verb may name a target: an enemy Creature, a Creature its player controls, or an attacking
Creature. A program holds at most one targeted step, so an action names at most one target.
Keyword abilities (Ambush) are not steps: the engine reads them from the card's `abilities`.
A card with text the table does not cover is listed in UNIMPLEMENTED and its plays are counted as
having no effect; a card with no text, or only keyword reminder text, has the empty program.
"""
from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

Timing = Literal["play", "static", "response"]
TargetKind = Literal["enemy", "own", "attacker"]


@dataclass(frozen=True, slots=True)
class Verb:
    timing: Timing
    target: TargetKind | None = None


VERBS: dict[str, Verb] = {
    # "Deal N damage to target enemy Creature."
    "damage_enemy": Verb("play", "enemy"),
    # "Target Creature you control gets +N Protection." (no duration given: while it stays in play)
    "protect_own": Verb("play", "own"),
    # "Draw N cards."
    "draw": Verb("play"),
    # "Your opponent discards the top N cards of their Lifeblood."
    "mill_opponent": Verb("play"),
    # "During Absolute Darkness (Hours 7-11), this Creature has +N Arsenal."
    "dark_arsenal": Verb("static"),
    # "During Light Availability (Hours 1-6), this Creature has +N Protection."
    "light_protection": Verb("static"),
    # "Play in response to an enemy attack: the attacking Creature gets -N Arsenal this turn."
    "weaken_attacker": Verb("response", "attacker"),
}

Step = tuple[str, int]
Program = tuple[Step, ...]

# Every demo card (fixtures/anguish/demo.json), in printed order. Cards with no text, or only the
# Ambush reminder, have the empty program.
EFFECTS: dict[str, Program] = {
    "Titan's Cradle": (),
    "The Stone Throne": (),
    "Pebble Giantling": (),
    "Boulder Hurler": (("damage_enemy", 1),),
    "Mountain Warden": (),
    "Quake Stomper": (("dark_arsenal", 1),),
    "Worldspine Titan": (("mill_opponent", 3),),
    "Colossal Might": (("protect_own", 2),),
    "Rockslide": (("damage_enemy", 2),),
    "Observatory Spire": (),
    "The Void Lantern": (),
    "Starling Wisp": (),
    "Nebula Seer": (("draw", 1),),
    "Comet Rider": (),
    "Orbit Keeper": (),
    "Eclipse Leviathan": (("dark_arsenal", 1),),
    "Starfall": (("mill_opponent", 3),),
    "Gravity Well": (("damage_enemy", 3), ("draw", 1)),
    "Mooncircle Grove": (),
    "The Glass Orchard": (),
    "Pixie Lanternbearer": (("light_protection", 1),),
    "Willow Mender": (("protect_own", 1),),
    "Thornback Dryad": (),
    "Gladeguard Stag": (),
    "Elder Sylvan Queen": (("draw", 1),),
    "Fairy Ring": (("draw", 1),),
    "Moonlit Blessing": (("protect_own", 3),),
    "The Hollow Manor": (),
    "Dreadhollow Pit": (),
    "Creeping Shade": (),
    "Void Hound": (),
    "Night Lurker": (("dark_arsenal", 1),),
    "Dread Stalker": (),
    "The Unwaking Maw": (),
    "Night Terror": (("mill_opponent", 2),),
    "Lights Out": (("damage_enemy", 3),),
    "Barricade Outpost": (),
    "The Last Bunker": (),
    "Scavenger Scout": (("draw", 1),),
    "Barricade Builder": (),
    "Militia Rifleman": (),
    "Veteran Sentry": (("light_protection", 1),),
    "Last Light Commander": (("protect_own", 2),),
    "Field Rations": (("draw", 2),),
    "Last Stand": (("protect_own", 4),),
    "Meteor Golem": (),
    "Stardust Sprite": (),
    "Hexed Briar": (("damage_enemy", 2), ("draw", 1)),
    "Haunted Wanderer": (("dark_arsenal", 1),),
    "Mountain Hermit": (),
    "Lurking Urchin": (),
    "Drifting Husk": (),
    "Stray Familiar": (),
    "Wandering Behemoth": (),
    "Fleeting Light": (("draw", 1),),
    "Desperate Gambit": (("weaken_attacker", 2),),
    "Ancient Relic": (("draw", 3),),
}

# Card name -> what the engine does not do of its text. Every demo card is implemented.
UNIMPLEMENTED: dict[str, str] = {}


class UnknownVerb(ValueError):
    pass


def check_program(name: str, program: Program) -> None:
    """Fail at import on a verb outside the closed set, a bad amount, or two targets in one program."""
    for verb, amount in program:
        if verb not in VERBS:
            raise UnknownVerb(f"{name}: unknown effect verb {verb!r}; known verbs: {', '.join(VERBS)}")
        if amount < 1:
            raise ValueError(f"{name}: {verb} needs a positive amount, not {amount}")
    if sum(VERBS[verb].target is not None for verb, _ in program) > 1:
        raise ValueError(f"{name}: a program may hold at most one targeted step")


for _name, _program in EFFECTS.items():
    check_program(_name, _program)


def _reminder_free(text: str, abilities: list[str]) -> str:
    """The text without the reminders of the card's keyword abilities ("Ambush (this card may ...).")."""
    for ability in abilities:
        text = re.sub(rf"\b{re.escape(ability)}\b\s*(\([^)]*\))?\.?", "", text)
    return text.strip()


def program_for(card: Mapping[str, Any]) -> Program | None:
    """The program of a card record, or None when the engine cannot play its text."""
    name = str(card["name"])
    if name in UNIMPLEMENTED:
        return None
    if name in EFFECTS:
        return EFFECTS[name]
    abilities = list(card.get("attributes", {}).get("abilities") or [])
    return () if not _reminder_free(str(card.get("text") or ""), abilities) else None
