"""What the engine needs to know of each card, read once per game from the card records.

A Game builds one CardProfile per physical card, so the hot loop never looks into a record's
attributes or the effects table again.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from engine.games.anguish.effects import VERBS, Program, TargetKind, program_for

CREATURE: Final = "creature"
DISCOVERY: Final = "discovery"
STRONGHOLD: Final = "stronghold"
# The goldfish opponent's Lifeblood: cards that are only ever milled, never looked at.
ANONYMOUS: Final = "anonymous"
AMBUSH: Final = "Ambush"


@dataclass(frozen=True, slots=True)
class CardProfile:
    name: str
    kind: str  # creature, discovery, stronghold or anonymous
    cost: int  # the Hour cost; 0 for a card without an Hour
    free: bool  # 9.3: "Cards without an indicated Hour may be played free of cost"
    arsenal: int
    protection: int
    ambush: bool
    on_play: Program  # the steps run when the card is played (or played in response)
    target: TargetKind | None  # what the card's one targeted step aims at, if it has one
    response: bool  # it may only be played in response to an enemy attack
    dark_arsenal: int  # + Arsenal during Absolute Darkness
    light_protection: int  # + Protection during Light Availability
    strength: int  # a Stronghold's starting value in the End Game
    implemented: bool  # False: the engine cannot play its text, so its plays have no effect

    @property
    def is_creature(self) -> bool:
        return self.kind == CREATURE


def profile(card: Mapping[str, Any]) -> CardProfile:
    attributes: Mapping[str, Any] = card.get("attributes") or {}
    program = program_for(card)
    steps: Program = program or ()
    hour = attributes.get("hour")
    targets = [VERBS[verb].target for verb, _ in steps if VERBS[verb].target is not None]
    return CardProfile(
        name=str(card["name"]),
        kind=str(card["card_type"]),
        cost=int(hour) if hour is not None else 0,
        free=hour is None,
        arsenal=int(attributes.get("arsenal") or 0),
        protection=int(attributes.get("protection") or 0),
        ambush=AMBUSH in (attributes.get("abilities") or []),
        on_play=tuple(step for step in steps if VERBS[step[0]].timing != "static"),
        target=targets[0] if targets else None,
        response=any(VERBS[verb].timing == "response" for verb, _ in steps),
        dark_arsenal=sum(n for verb, n in steps if verb == "dark_arsenal"),
        light_protection=sum(n for verb, n in steps if verb == "light_protection"),
        strength=int(attributes.get("strength") or 0),
        implemented=program is not None,
    )


def anonymous(name: str) -> CardProfile:
    return CardProfile(
        name=name, kind=ANONYMOUS, cost=0, free=False, arsenal=0, protection=0, ambush=False, on_play=(),
        target=None, response=False, dark_arsenal=0, light_protection=0, strength=0, implemented=True,
    )
