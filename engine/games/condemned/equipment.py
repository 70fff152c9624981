"""Which Weapons and Armor a Condemned may equip.

The rules: "Condemned may have Sub-Types that affect the Weapons and Armor they can equip." That is
kept as data on both sides: a Condemned's `subtypes` attribute lists its sub-types (e.g. ["Brute"]),
and a Weapon's or Armor's `requires` attribute lists the sub-types allowed to equip it. An empty
`requires` means any Condemned may; otherwise the Condemned needs at least one of the listed
sub-types. Sub-types compare without regard to case ("brute" is "Brute").
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

# The card types a Condemned equips; only they carry `requires`.
EQUIPMENT_TYPES: tuple[str, ...] = ("weapon", "armor")


def can_equip(condemned: Mapping[str, Any], item: Mapping[str, Any]) -> bool:
    """Whether the Condemned card may equip the Weapon or Armor card (both card records)."""
    requires = {r.casefold() for r in item["attributes"].get("requires") or []}
    if not requires:
        return True
    subtypes = {s.casefold() for s in condemned["attributes"].get("subtypes") or []}
    return bool(requires & subtypes)
