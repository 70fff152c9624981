"""The QQDND card schema and the parsers of printed Initiatives and Resource Restrictions."""
from __future__ import annotations

import copy
import re
from typing import Any

import pytest

from engine.games import game_schema
from engine.games.qqdnd.cards import DERIVED_KEYS, SCHEMA
from engine.games.qqdnd.initiative import Initiative, parse_initiative
from engine.games.qqdnd.restrictions import KNOWN_TERMS, PHRASE_TERMS, parse_restriction

PARTY_MEMBER: dict[str, Any] = {
    "name": "Eptol Noir, Forgetful Ronin",
    "card_type": "party_member",
    "subtypes": ["Human", "Samurai"],
    "text": "Challenge: (12-10) Remove all Challenge counters you own.",
    "attributes": {
        "alignment": "LG",
        "ancestry": ["Human"],
        "classes": ["Samurai"],
        "rv": 10,
        "rr": "No spells, no Evil.",
        "hv": 1,
        "life": 7,
        "actions": [
            {"name": "Challenge", "initiative": "12-10", "text": "Remove all Challenge counters you own."},
            {"name": "Lunge", "initiative": "17", "text": "Deal 1 damage."},
        ],
    },
}

RESOURCE: dict[str, Any] = {
    "name": "Lotus Slash",
    "card_type": "resource",
    "subtypes": ["Samurai", "Martial", "Attack"],
    "text": "Deal 1 damage to target Resource card if there is a Samurai in your party. Draw a card.",
    "attributes": {
        "initiative": "5-3",
        "category": "Action",
        "unique": False,
        "alignment": None,
        "life": None,
        "frequency": 3,
        "actions": [],
    },
}


def card_with(base: dict[str, Any], **attributes: Any) -> dict[str, Any]:
    card = copy.deepcopy(base)
    card["attributes"].update(attributes)
    return card


def error_fields(card: dict[str, Any]) -> list[str]:
    return [error.field for error in SCHEMA.validate_card(SCHEMA.prepare(card))]


# --- Initiative -------------------------------------------------------------------------------


def test_it_reads_a_single_number_as_a_fixed_initiative() -> None:
    assert parse_initiative("17") == Initiative("17", "fixed", 17, 17)


@pytest.mark.parametrize(("printed", "low", "high"), [("5-3", 3, 5), ("17-20", 17, 20), ("12–10", 10, 12)])
def test_it_reads_a_range_whichever_way_it_is_printed(printed: str, low: int, high: int) -> None:
    """Rules: "They may be represented by a range of numbers (i.e. 17-20), in which case their
    owner chooses which value to play them as." The document prints both 17-20 and 5-3."""
    initiative = parse_initiative(printed)
    assert (initiative.kind, initiative.low, initiative.high) == ("range", low, high)
    assert initiative.printed == printed


def test_it_reads_x_as_an_initiative_without_bounds() -> None:
    """Rules: "They may also be represented as an X – in which case the value of X will be
    defined in the card"."""
    assert parse_initiative("X") == Initiative("X", "x", None, None)


def test_it_reads_a_star_as_an_initiative_without_bounds() -> None:
    assert parse_initiative("*") == Initiative("*", "star", None, None)


@pytest.mark.parametrize("printed", ["", "abc", "5-", "-3", "1-2-3", "12.5", "(17)", "XX", "١٧"])
def test_it_rejects_an_unreadable_initiative_naming_it(printed: str) -> None:
    with pytest.raises(ValueError, match="unreadable Initiative") as raised:
        parse_initiative(printed)
    assert repr(printed) in str(raised.value)


def test_it_rejects_an_initiative_that_is_not_text() -> None:
    with pytest.raises(ValueError, match="must be text"):
        parse_initiative(17)


# --- Resource Restriction ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("printed", "terms"),
    [
        ("Cannot deal damage, no Evil.", ("cannot_deal_damage", "no_evil")),
        ("No spells, no Evil.", ("no_spells", "no_evil")),
        ("No Lawful", ("no_lawful",)),
        ("(None)", ()),
        ("No Lawful, No Good", ("no_lawful", "no_good")),
        ("No magic, no Evil", ("no_magic", "no_evil")),
        ("No martial", ("no_martial",)),
        ("No spells, no allies", ("no_spells", "no_allies")),
        ("No Lawful, No martial", ("no_lawful", "no_martial")),
        ("No Evil", ("no_evil",)),
        ("No evil, no martial", ("no_evil", "no_martial")),
        ("No evil, no chaotic", ("no_evil", "no_chaotic")),
        ("No magic, must be either items or attacks", ("no_magic", "only:item|attack")),
    ],
)
def test_it_reads_each_printed_restriction_into_terms(printed: str, terms: tuple[str, ...]) -> None:
    """Rules: "Usually, Party Members will also have a Resource Restriction – this is a rule that the
    Resource cards in that Member's “section” of your deck must follow." """
    assert parse_restriction(printed) == terms


def test_it_reads_phrases_regardless_of_case_spacing_and_a_trailing_comma() -> None:
    assert parse_restriction("  no   LAWFUL ,No good,") == ("no_lawful", "no_good")


def test_it_names_an_unknown_restriction_phrase() -> None:
    with pytest.raises(ValueError, match="'No undead'"):
        parse_restriction("No Evil, No undead")


def test_it_exports_every_term_a_phrase_can_give() -> None:
    assert set(PHRASE_TERMS.values()) == set(KNOWN_TERMS)
    assert len(KNOWN_TERMS) == len(set(KNOWN_TERMS))


# --- Schema -----------------------------------------------------------------------------------


def test_it_is_the_schema_the_registry_gives_for_qqdnd() -> None:
    assert game_schema("qqdnd") is SCHEMA


def test_it_accepts_well_formed_cards_of_both_types() -> None:
    assert error_fields(PARTY_MEMBER) == []
    assert error_fields(RESOURCE) == []


def test_it_derives_a_party_members_initiative_span_and_restriction_terms() -> None:
    attributes = SCHEMA.prepare(PARTY_MEMBER)["attributes"]
    assert (attributes["initiative_low"], attributes["initiative_high"]) == (10, 17)
    assert attributes["rr_terms"] == ["no_spells", "no_evil"]


def test_it_derives_no_span_for_a_party_member_without_actions() -> None:
    attributes = SCHEMA.prepare(card_with(PARTY_MEMBER, actions=[], rr="(None)"))["attributes"]
    assert (attributes["initiative_low"], attributes["initiative_high"]) == (None, None)
    assert attributes["rr_terms"] == []


@pytest.mark.parametrize(
    ("printed", "kind", "low", "high"),
    [("5-3", "range", 3, 5), ("17", "fixed", 17, 17), ("X", "x", None, None), ("*", "star", None, None)],
)
def test_it_derives_a_resources_initiative(
    printed: str, kind: str, low: int | None, high: int | None
) -> None:
    prepared = SCHEMA.prepare(card_with(RESOURCE, initiative=printed))
    attributes = prepared["attributes"]
    assert (attributes["initiative_kind"], attributes["initiative_low"], attributes["initiative_high"]) == (
        kind, low, high,
    )
    assert SCHEMA.validate_card(prepared) == []


def test_it_leaves_the_input_card_unchanged_and_replaces_stale_derived_values() -> None:
    card = card_with(RESOURCE, initiative_low=99, initiative_high=99, initiative_kind="x")
    before = copy.deepcopy(card)
    attributes = SCHEMA.prepare(card)["attributes"]
    assert card == before
    assert (attributes["initiative_low"], attributes["initiative_high"]) == (3, 5)


def test_it_reports_a_missing_rv() -> None:
    card = copy.deepcopy(PARTY_MEMBER)
    del card["attributes"]["rv"]
    assert error_fields(card) == ["attributes.rv"]


def test_it_reports_an_rv_of_the_wrong_type() -> None:
    errors = SCHEMA.validate_card(SCHEMA.prepare(card_with(PARTY_MEMBER, rv="13")))
    assert [(e.field, "whole number" in e.message) for e in errors] == [("attributes.rv", True)]


def test_it_reports_an_alignment_off_the_chart() -> None:
    assert error_fields(card_with(PARTY_MEMBER, alignment="GG")) == ["attributes.alignment"]
    assert error_fields(card_with(RESOURCE, alignment="Good")) == ["attributes.alignment"]


def test_it_reports_an_unknown_restriction_phrase_on_rr_without_crashing() -> None:
    prepared = SCHEMA.prepare(card_with(PARTY_MEMBER, rr="No undead"))
    errors = SCHEMA.validate_card(prepared)
    assert [e.field for e in errors] == ["attributes.rr"]
    assert "No undead" in errors[0].message
    assert "rr_terms" not in prepared["attributes"]


def test_it_reports_an_unreadable_resource_initiative_without_crashing() -> None:
    prepared = SCHEMA.prepare(card_with(RESOURCE, initiative="soon"))
    assert [e.field for e in SCHEMA.validate_card(prepared)] == ["attributes.initiative"]
    assert not set(DERIVED_KEYS) & set(prepared["attributes"])


def test_it_reports_an_unreadable_action_initiative_by_its_position() -> None:
    actions = copy.deepcopy(PARTY_MEMBER["attributes"]["actions"])
    actions[1]["initiative"] = "(Ef)"
    prepared = SCHEMA.prepare(card_with(PARTY_MEMBER, actions=actions))
    assert [e.field for e in SCHEMA.validate_card(prepared)] == ["attributes.actions[1].initiative"]
    assert "initiative_low" not in prepared["attributes"]


def test_it_reports_a_category_other_than_action_or_permanent() -> None:
    """Rules: "Resources are a wide range of cards, split into Action Resources and Permanent
    Resources." """
    assert error_fields(card_with(RESOURCE, category="Instant")) == ["attributes.category"]


def test_it_allows_a_resource_without_frequency_or_life_but_not_without_the_keys() -> None:
    assert error_fields(card_with(RESOURCE, frequency=None, life=None)) == []
    card = copy.deepcopy(RESOURCE)
    del card["attributes"]["frequency"]
    assert error_fields(card) == ["attributes.frequency"]


def test_it_reports_an_attribute_the_card_type_does_not_have() -> None:
    assert error_fields(card_with(RESOURCE, rv=12)) == ["attributes.rv"]


def test_it_sends_each_card_type_to_its_deck_section() -> None:
    sections = {t.slug: t.default_section for t in SCHEMA.card_types}
    assert sections == {"party_member": "Party", "resource": "Resources"}


# --- Search -----------------------------------------------------------------------------------


def test_it_gives_every_search_field_help_and_an_example_using_the_field() -> None:
    for field in SCHEMA.search_fields:
        assert field.help, field.name
        used = re.match(r"\w+", field.example)
        assert used is not None and used.group() in (field.name, *field.aliases), field.name


@pytest.mark.parametrize(
    ("word", "field"),
    [("freq", "frequency"), ("f", "frequency"), ("ini", "initiative"), ("al", "alignment"),
     ("rv", "rv"), ("class", "class"), ("type", "type")],
)
def test_it_finds_search_fields_by_name_and_alias(word: str, field: str) -> None:
    found = SCHEMA.search_field(word)
    assert found is not None and found.name == field


def test_it_maps_type_words_to_card_types() -> None:
    field = SCHEMA.search_field("type")
    assert field is not None
    slugs = {t.slug for t in SCHEMA.card_types}
    assert set(field.value_aliases.values()) <= slugs
    assert field.value_aliases["pm"] == "party_member" and field.value_aliases["res"] == "resource"


def test_it_searches_initiative_by_the_derived_bounds() -> None:
    field = SCHEMA.search_field("initiative")
    assert field is not None and field.kind == "range"
    prepared = SCHEMA.prepare(RESOURCE)
    low = prepared[field.low_path[0]][field.low_path[1]]
    high = prepared[field.high_path[0]][field.high_path[1]]
    assert (low, high) == (3, 5)


def test_it_only_sorts_by_attributes_some_card_type_has() -> None:
    names = {a.name for t in SCHEMA.card_types for a in t.attrs}
    assert [key for key, _ in SCHEMA.sortable] == ["rv", "hv", "life", "initiative_high", "frequency"]
    assert {key for key, _ in SCHEMA.sortable} <= names
