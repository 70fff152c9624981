"""The Anguish CCG card schema and the demo set (fixtures/anguish/demo.json)."""
from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from engine.games import game_schema
from engine.games.anguish.cards import SCHEMA, SPECIES

DEMO_FILE = Path(__file__).resolve().parents[2] / "fixtures" / "anguish" / "demo.json"
DEMO: dict[str, Any] = json.loads(DEMO_FILE.read_text(encoding="utf-8"))
DEMO_CARDS: list[dict[str, Any]] = [SCHEMA.prepare(card) for card in DEMO["cards"]]
LIFEBLOOD_SIZE = 36
MAX_COPIES = 4

CREATURE: dict[str, Any] = {
    "name": "Test Beast",
    "card_type": "creature",
    "subtypes": [],
    "text": "",
    "attributes": {"species": ["Nightmare"], "hour": 5, "arsenal": 2, "protection": 3, "abilities": []},
}

STRONGHOLD: dict[str, Any] = {
    "name": "Test Keep",
    "card_type": "stronghold",
    "subtypes": [],
    "text": "",
    "attributes": {"species": ["Survivor"], "hour": None, "strength": 12},
}


def card_with(base: dict[str, Any], card_type: str | None = None, **attributes: Any) -> dict[str, Any]:
    card = copy.deepcopy(base)
    card["attributes"].update(attributes)
    if card_type is not None:
        card["card_type"] = card_type
    return card


def discovery(**attributes: Any) -> dict[str, Any]:
    card = card_with(CREATURE, "discovery", **attributes)
    del card["attributes"]["arsenal"], card["attributes"]["protection"]
    return card


def error_fields(card: dict[str, Any]) -> list[str]:
    return [error.field for error in SCHEMA.validate_card(SCHEMA.prepare(card))]


def derived(card: dict[str, Any]) -> dict[str, Any]:
    return SCHEMA.prepare(card)["attributes"]


def fits(card: dict[str, Any], species: str) -> bool:
    """4.2: the card's own Species, dual-type cards naming it, and Agnostic cards (read from the
    printed list, so the check does not lean on the derived attributes it helps to test)."""
    named = card["attributes"]["species"]
    return not named or species in named


def is_tenth_hour_creature(card: dict[str, Any]) -> bool:
    return card["card_type"] == "creature" and card["attributes"]["hour"] == 10


def test_it_is_the_schema_the_registry_finds() -> None:
    assert game_schema("anguish") is SCHEMA
    assert (SCHEMA.slug, SCHEMA.name) == ("anguish", "Anguish CCG")


def test_it_puts_every_card_type_in_the_lifeblood() -> None:
    """4.1: "A standard Lifeblood (i.e. Deck) size is 36 cards, which includes exactly one Stronghold" """
    assert {card_type.slug: card_type.default_section for card_type in SCHEMA.card_types} == {
        "creature": "Lifeblood", "discovery": "Lifeblood", "stronghold": "Lifeblood",
    }


def test_it_reports_a_species_that_is_not_one_of_the_five() -> None:
    """ "choose a Species from Colossal, Cosmic, Enchanted, Nightmare, and Survivor" """
    assert error_fields(card_with(CREATURE, species=["Undead"])) == ["attributes.species"]
    assert error_fields(card_with(CREATURE, species=["nightmare"])) == ["attributes.species"]


def test_it_reports_a_card_of_three_species_or_one_species_twice() -> None:
    """4.2: "Cards that have two Species indicated are dual-type" """
    assert error_fields(card_with(CREATURE, species=["Cosmic", "Nightmare", "Survivor"])) == ["attributes.species"]
    assert error_fields(card_with(CREATURE, species=["Cosmic", "Cosmic"])) == ["attributes.species"]


@pytest.mark.parametrize("hour", [0, 12])
def test_it_reports_an_hour_outside_the_first_to_the_eleventh(hour: int) -> None:
    """2.1: "Hours increment from 1 to 11 to include the 1st to 11th hour" """
    assert error_fields(card_with(CREATURE, hour=hour)) == ["attributes.hour"]
    assert error_fields(discovery(hour=hour)) == ["attributes.hour"]


def test_it_accepts_a_card_without_an_hour() -> None:
    """9.3: "Cards without an indicated Hour may be played free of cost" """
    assert error_fields(card_with(CREATURE, hour=None)) == []
    assert error_fields(discovery(hour=None)) == []


def test_it_reports_a_negative_arsenal_or_protection_but_accepts_zero() -> None:
    """5.1: "cards without a Protection Score (i.e. 0) cannot be placed in the defense line" """
    assert error_fields(card_with(CREATURE, arsenal=0, protection=0)) == []
    assert error_fields(card_with(CREATURE, arsenal=-1, protection=-2)) == [
        "attributes.arsenal", "attributes.protection",
    ]


def test_it_reports_a_stronghold_of_no_species_or_of_two() -> None:
    """4.3: "sideboards may contain different Strongholds of the same Species" """
    assert error_fields(card_with(STRONGHOLD, species=[])) == ["attributes.species"]
    assert error_fields(card_with(STRONGHOLD, species=["Cosmic", "Survivor"])) == ["attributes.species"]


def test_it_reports_a_creature_without_its_scores() -> None:
    card = copy.deepcopy(CREATURE)
    del card["attributes"]["protection"]
    assert error_fields(card) == ["attributes.protection"]


@pytest.mark.parametrize(
    ("species", "kind", "tags", "fitting"),
    [
        (["Cosmic"], "single", ["Cosmic"], ["Cosmic"]),
        (["Survivor", "Colossal"], "dual", ["Survivor", "Colossal"], ["Colossal", "Survivor"]),
        ([], "agnostic", ["Agnostic"], list(SPECIES)),
    ],
)
def test_it_derives_what_kind_of_species_card_it_is_and_where_it_fits(
    species: list[str], kind: str, tags: list[str], fitting: list[str]
) -> None:
    """4.2: "Cards that have two Species indicated are dual-type and allowed in either Species deck
    builds. Cards without a designated Species are considered Agnostic and are allowed in any deck build." """
    attributes = derived(card_with(CREATURE, species=species))
    assert attributes["species_kind"] == kind
    assert attributes["species_tags"] == tags
    assert attributes["fits_species"] == fitting


def test_it_derives_nothing_from_an_unreadable_species_list_and_reports_it_once() -> None:
    card = SCHEMA.prepare(card_with(CREATURE, species=["Undead"]))
    assert not {"species_kind", "species_tags", "fits_species"} & set(card["attributes"])
    assert [error.field for error in SCHEMA.validate_card(card)] == ["attributes.species"]


@pytest.mark.parametrize(("hour", "tenth"), [(10, True), (9, False), (11, False), (None, False)])
def test_it_marks_a_creature_of_hour_ten_as_a_tenth_hour_creature(hour: int | None, tenth: bool) -> None:
    """4.1: "up to two 10th-Hour creatures (with a minimum of one)" """
    assert derived(card_with(CREATURE, hour=hour))["tenth_hour"] is tenth


def test_it_never_marks_a_discovery_as_a_tenth_hour_creature() -> None:
    """4.1: "up to two 10th-Hour creatures" counts Creatures only."""
    assert "tenth_hour" not in derived(discovery(hour=10))


def test_it_replaces_derived_values_a_card_already_holds() -> None:
    stale = card_with(CREATURE, species=[], species_kind="single", tenth_hour=True)
    attributes = derived(stale)
    assert (attributes["species_kind"], attributes["tenth_hour"]) == ("agnostic", False)


def test_it_finds_agnostic_cards_with_the_species_search_field() -> None:
    """The `species` search field reads `species_tags`, where a card naming no Species holds "Agnostic"."""
    field = SCHEMA.search_field("species")
    assert field is not None and field.path == ("attributes", "species_tags")
    tagged = {card["name"] for card in DEMO_CARDS if "Agnostic" in card["attributes"]["species_tags"]}
    assert tagged == {card["name"] for card in DEMO["cards"] if card["attributes"]["species"] == []}
    assert field.value_aliases["none"] == "Agnostic"


@pytest.mark.parametrize("species", SPECIES)
def test_it_has_enough_demo_cards_for_a_legal_lifeblood_of_each_species(species: str) -> None:
    """4.1: "A standard Lifeblood (i.e. Deck) size is 36 cards, which includes exactly one Stronghold,
    up to two 10th-Hour creatures (with a minimum of one) and a maximum of 4 copies of every other card" """
    fitting = [card for card in DEMO["cards"] if fits(card, species)]
    strongholds = [card for card in fitting if card["card_type"] == "stronghold"]
    tenth_hour = [card for card in fitting if is_tenth_hour_creature(card)]
    others = [card for card in fitting if card["card_type"] != "stronghold" and not is_tenth_hour_creature(card)]
    assert len(strongholds) >= 2
    assert all(card["attributes"]["species"] == [species] for card in strongholds)
    assert tenth_hour
    # One Stronghold and one 10th-Hour Creature; the other cards fill the rest, 4 copies each at most.
    assert len(others) * MAX_COPIES >= LIFEBLOOD_SIZE - 2


def test_it_has_tenth_hour_creatures_of_more_than_one_species() -> None:
    tenth_hour = [card for card in DEMO["cards"] if is_tenth_hour_creature(card)]
    assert len(tenth_hour) >= 2
    assert len({tuple(card["attributes"]["species"]) for card in tenth_hour}) >= 2


def test_it_has_several_dual_type_and_agnostic_cards() -> None:
    kinds = [card["attributes"]["species_kind"] for card in DEMO_CARDS]
    assert kinds.count("dual") >= 3
    assert kinds.count("agnostic") >= 3


def test_it_has_cards_at_every_hour_and_cards_without_an_hour() -> None:
    """2.1: "Hours increment from 1 to 11"; 9.3: "Cards without an indicated Hour may be played free of cost" """
    played = [card for card in DEMO["cards"] if card["card_type"] != "stronghold"]
    hours = {card["attributes"]["hour"] for card in played}
    assert hours == {*range(1, 12), None}


def test_it_has_ambush_creatures_and_creatures_with_a_zero_score() -> None:
    """9.4: "cards with the Ambush ability may attack or activate abilities on the Hour they are
    played"; 5.1: "cards without a Protection Score (i.e. 0) cannot be placed in the defense line" """
    creatures = [card["attributes"] for card in DEMO["cards"] if card["card_type"] == "creature"]
    assert sum("Ambush" in creature["abilities"] for creature in creatures) >= 2
    assert any(creature["protection"] == 0 for creature in creatures)
    assert any(creature["arsenal"] == 0 for creature in creatures)


def test_it_searches_and_sorts_only_attributes_the_card_types_define() -> None:
    defined = {attr.name for card_type in SCHEMA.card_types for attr in card_type.attrs}
    for field in SCHEMA.search_fields:
        if field.path[0] == "attributes":
            assert field.path[1] in defined, field.name
        assert set(field.value_aliases.values()) <= set(field.choices), field.name
    assert {key for key, _label in SCHEMA.sortable} <= defined


def test_it_finds_search_fields_by_their_short_names() -> None:
    for name, field in [("ars", "arsenal"), ("prot", "protection"), ("sp", "species"), ("t", "type")]:
        found = SCHEMA.search_field(name)
        assert found is not None and found.name == field
