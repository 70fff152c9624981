"""The Condemned CCG card schema, its equip restrictions and the demo set (fixtures/condemned/demo.json)."""
from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from engine.games import game_schema
from engine.games.condemned.cards import DAMAGE_TYPES, SCHEMA, SLOTS
from engine.games.condemned.equipment import can_equip
from engine.games.condemned.modifiers import parse_modifier

DEMO_FILE = Path(__file__).resolve().parents[2] / "fixtures" / "condemned" / "demo.json"
DEMO: dict[str, Any] = json.loads(DEMO_FILE.read_text(encoding="utf-8"))
DEMO_CARDS: list[dict[str, Any]] = [SCHEMA.prepare(card) for card in DEMO["cards"]]
MAX_COPIES = 3
DECK_SIZE = 30

WEAPON: dict[str, Any] = {
    "name": "Test Blade",
    "card_type": "weapon",
    "subtypes": [],
    "text": "",
    "attributes": {
        "damage": 2, "damage_type": "slash", "durability": 3, "hands": 1, "hand": "either",
        "range": "melee", "keywords": [], "requires": [],
    },
}

ARMOR: dict[str, Any] = {
    "name": "Test Helmet",
    "card_type": "armor",
    "subtypes": [],
    "text": "",
    "attributes": {
        "slot": "head", "durability": 2, "modifiers": {"slash": "+1", "impact": "-1"},
        "armor_set": None, "shielding": False, "requires": [],
    },
}


def card_with(base: dict[str, Any], **attributes: Any) -> dict[str, Any]:
    card = copy.deepcopy(base)
    card["attributes"].update(attributes)
    return card


def condemned(*subtypes: str) -> dict[str, Any]:
    return SCHEMA.prepare(
        {"name": "Test Inmate", "card_type": "condemned", "subtypes": list(subtypes), "text": "",
         "attributes": {"life": 20}}
    )


def error_fields(card: dict[str, Any]) -> list[str]:
    return [error.field for error in SCHEMA.validate_card(SCHEMA.prepare(card))]


def of_type(card_type: str) -> list[dict[str, Any]]:
    return [card for card in DEMO_CARDS if card["card_type"] == card_type]


def test_it_is_the_schema_the_registry_finds() -> None:
    assert game_schema("condemned") is SCHEMA
    assert (SCHEMA.slug, SCHEMA.name) == ("condemned", "The Condemned CCG")


def test_it_sends_the_condemned_to_its_own_section_and_the_rest_to_the_deck() -> None:
    """ "Your condemned should never be shuffled into your deck" """
    sections = {card_type.slug: card_type.default_section for card_type in SCHEMA.card_types}
    assert sections == {
        "condemned": "Condemned", "weapon": "Deck", "armor": "Deck", "event": "Deck", "preparation": "Deck",
    }


def test_it_reports_a_damage_type_outside_the_six() -> None:
    """ "Damage comes in 6 types: Slash, Impact, Puncture, Bio, Fire, Electric" """
    assert error_fields(card_with(WEAPON, damage_type="acid")) == ["attributes.damage_type"]


def test_it_reports_a_weapon_for_three_hands() -> None:
    """ "Weapons will always specify One Hand or Two Hand" """
    assert error_fields(card_with(WEAPON, hands=3)) == ["attributes.hands"]


def test_it_reports_a_two_hand_weapon_held_in_the_off_hand() -> None:
    """ "Weapons will always specify One Hand or Two Hand": a Two Hand Weapon fills both hands and
    attacks in the Main Hand step, so its hand is "main". """
    assert error_fields(card_with(WEAPON, hands=2, hand="main")) == []
    assert error_fields(card_with(WEAPON, hands=2, hand="off")) == ["attributes.hand"]


def test_it_reports_a_missing_weapon_attribute_by_name() -> None:
    card = copy.deepcopy(WEAPON)
    del card["attributes"]["range"]
    assert error_fields(card) == ["attributes.range"]


@pytest.mark.parametrize("printed", ["+1", "-2", "x2", "/2", "=0", "x0"])
def test_it_accepts_each_kind_of_modifier(printed: str) -> None:
    """Damage Modifier Order: "sets a specific number", "add or subtract damage", "multiply or divide damage"."""
    assert error_fields(card_with(ARMOR, modifiers={"fire": printed})) == []


@pytest.mark.parametrize("printed", ["2", "+", "*2", "+1.5", "x-1", " +1", "/0", "half"])
def test_it_reports_a_modifier_that_breaks_the_grammar(printed: str) -> None:
    """ "Apply the damage modifier as written on the card" """
    errors = SCHEMA.validate_card(SCHEMA.prepare(card_with(ARMOR, modifiers={"fire": printed})))
    assert [error.field for error in errors] == ["attributes.modifiers.fire"]
    assert "modifier" in errors[0].message or "divide" in errors[0].message


def test_it_reports_a_modifier_for_something_that_is_not_a_damage_type() -> None:
    assert error_fields(card_with(ARMOR, modifiers={"acid": "+1"})) == ["attributes.modifiers.acid"]


def test_it_reports_a_modifier_that_is_not_text() -> None:
    assert error_fields(card_with(ARMOR, modifiers={"slash": 1})) == ["attributes.modifiers.slash"]


def test_it_reports_an_armor_slot_other_than_head_body_or_legs() -> None:
    """ "Armor fits into one of three categories: Head, Body, Legs" """
    assert error_fields(card_with(ARMOR, slot="hands")) == ["attributes.slot"]


def test_it_reads_a_modifier_into_operator_and_amount() -> None:
    assert (parse_modifier("x2").operator, parse_modifier("x2").amount) == ("x", 2)
    assert (parse_modifier("=0").operator, parse_modifier("=0").amount) == ("=", 0)


def test_it_derives_the_damage_types_an_armor_is_strong_and_weak_against() -> None:
    """ "All Armor have damage types they are strong against and weak against." """
    modifiers = {
        "slash": "+1", "impact": "/2", "puncture": "=0", "bio": "x2", "fire": "=3", "electric": "-1",
    }
    attributes = SCHEMA.prepare(card_with(ARMOR, modifiers=modifiers))["attributes"]
    assert attributes["strong_against"] == ["impact", "puncture", "electric"]
    assert attributes["weak_against"] == ["slash", "bio"]


def test_it_derives_nothing_from_unreadable_modifiers_and_reports_them_once() -> None:
    card = SCHEMA.prepare(card_with(ARMOR, modifiers={"slash": "+1", "fire": "lots"}))
    assert "strong_against" not in card["attributes"]
    assert [error.field for error in SCHEMA.validate_card(card)] == ["attributes.modifiers.fire"]


def test_it_replaces_derived_values_a_card_already_holds() -> None:
    stale = card_with(ARMOR, strong_against=["bio"], weak_against=["bio"])
    attributes = SCHEMA.prepare(stale)["attributes"]
    assert (attributes["strong_against"], attributes["weak_against"]) == (["impact"], ["slash"])


def test_it_takes_a_condemneds_subtypes_from_its_printed_subtypes() -> None:
    """ "Condemned may have Sub-Types that affect the Weapons and Armor they can equip." """
    printed: dict[str, Any] = {
        "name": "Test Inmate", "card_type": "condemned", "subtypes": ["Brute", "Tech"], "text": "",
        "attributes": {"life": 20, "subtypes": ["Stale"]},
    }
    prepared = SCHEMA.prepare(printed)
    assert prepared["attributes"]["subtypes"] == ["Brute", "Tech"]
    assert printed["attributes"]["subtypes"] == ["Stale"], "prepare must not change its input"
    assert SCHEMA.validate_card(prepared) == []


def test_it_lets_any_condemned_equip_what_requires_no_subtype() -> None:
    """ "Condemned may have Sub-Types that affect the Weapons and Armor they can equip." """
    item = SCHEMA.prepare(WEAPON)
    assert can_equip(condemned(), item)
    assert can_equip(condemned("Brute"), item)


def test_it_lets_only_a_condemned_of_a_required_subtype_equip() -> None:
    """ "Condemned may have Sub-Types that affect the Weapons and Armor they can equip." """
    item = SCHEMA.prepare(card_with(ARMOR, requires=["Brute", "Soldier"]))
    assert can_equip(condemned("Soldier"), item)
    assert can_equip(condemned("brute", "Medic"), item)
    assert not can_equip(condemned("Medic"), item)
    assert not can_equip(condemned(), item)


def test_it_has_enough_distinct_cards_for_several_different_decks() -> None:
    """ "31 cards per deck - 1 Condemned, 30 other cards. Maximum of 3 duplicates of any card": 30
    distinct cards give three times the cards one deck needs, so decks can differ. """
    others = [card for card in DEMO_CARDS if card["card_type"] != "condemned"]
    assert len(others) >= DECK_SIZE


def test_it_has_enough_cards_each_demo_condemned_can_use_for_a_deck() -> None:
    """ "1 Condemned, 30 other cards" and "Maximum of 3 duplicates of any card", counting only the
    Weapons and Armor the Condemned can equip. """
    for inmate in of_type("condemned"):
        usable = [
            card for card in DEMO_CARDS
            if card["card_type"] != "condemned" and can_equip(inmate, card)
        ]
        assert len(usable) * MAX_COPIES >= DECK_SIZE, inmate["name"]


def test_it_has_condemned_whose_subtypes_make_equipment_restrictions_matter() -> None:
    inmates = of_type("condemned")
    equipment = of_type("weapon") + of_type("armor")
    assert len(inmates) >= 4
    assert len({tuple(inmate["attributes"]["subtypes"]) for inmate in inmates}) >= 4
    for inmate in inmates:
        assert any(not can_equip(inmate, item) for item in equipment), f"{inmate['name']} can equip anything"
    for item in equipment:
        assert any(can_equip(inmate, item) for inmate in inmates), f"no demo Condemned can equip {item['name']}"


def test_it_has_weapons_of_all_six_damage_types() -> None:
    """ "Damage comes in 6 types" """
    assert {weapon["attributes"]["damage_type"] for weapon in of_type("weapon")} == set(DAMAGE_TYPES)


def test_it_has_weapons_for_every_hand_and_range() -> None:
    """ "Weapons will always specify One Hand or Two Hand"; One Hand Weapons go in the Main Hand, the
    Off Hand or either; "Melee and Ranged Weapons have their own rules". """
    weapons = [weapon["attributes"] for weapon in of_type("weapon")]
    one_hand = [weapon for weapon in weapons if weapon["hands"] == 1]
    assert {weapon["hands"] for weapon in weapons} == {1, 2}
    assert {weapon["hand"] for weapon in one_hand} == {"main", "off", "either"}
    assert {weapon["range"] for weapon in weapons} == {"melee", "ranged"}
    assert {weapon["range"] for weapon in weapons if weapon["hands"] == 2} == {"melee", "ranged"}


def test_it_has_a_full_armor_set_and_armor_with_shielding() -> None:
    """ "If you have Handyman Armor equipped in the Head, Body, and Legs slots, all three of them gain
    +1 Durability" """
    slots_by_set: dict[str, set[str]] = {}
    for armor in of_type("armor"):
        if armor["attributes"]["armor_set"] is not None:
            slots_by_set.setdefault(armor["attributes"]["armor_set"], set()).add(armor["attributes"]["slot"])
    assert slots_by_set.get("Handyman") == set(SLOTS)
    assert any(armor["attributes"]["shielding"] for armor in of_type("armor"))


def test_it_has_several_events_and_preparations() -> None:
    assert len(of_type("event")) >= 3
    assert len(of_type("preparation")) >= 3


def test_it_searches_and_sorts_only_attributes_the_card_types_define() -> None:
    defined = {attr.name for card_type in SCHEMA.card_types for attr in card_type.attrs}
    for field in SCHEMA.search_fields:
        if field.path[0] == "attributes":
            assert field.path[1] in defined, field.name
        assert set(field.value_aliases.values()) <= set(field.choices), field.name
    assert {key for key, _label in SCHEMA.sortable} <= defined


def test_it_finds_search_fields_by_their_short_names() -> None:
    for name, field in [("dt", "dmgtype"), ("dur", "durability"), ("kw", "keyword"), ("t", "type")]:
        found = SCHEMA.search_field(name)
        assert found is not None and found.name == field
