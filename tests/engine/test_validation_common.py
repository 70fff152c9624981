"""Validation steps every game shares: names, sections, formats, the summary (engine/validation.py)."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine.decklist import GAME_SECTIONS, DecklistTooLong
from engine.games import UnknownGame, game_schema, game_slugs
from engine.validation import (
    MAX_SUGGESTED_NAMES,
    CardIndex,
    ListedCard,
    check_deck,
    resolve,
    validate_decklist,
)

ROOT = Path(__file__).resolve().parents[2]

PARTY = """Side: Good
Party:
1 Resmi Val'Rance, Village Pariah
1 Eptol Noir, Forgetful Ronin
1 Sarinak Ara'ahna, Clanless Archer
1 Will, Euclid
"""


def load(game: str, set_code: str) -> list[dict[str, Any]]:
    schema = game_schema(game)
    fixture = json.loads((ROOT / "fixtures" / game / f"{set_code}.json").read_text())
    return [schema.prepare(card) for card in fixture["cards"]]


@pytest.fixture(scope="module")
def qqdnd() -> CardIndex:
    return CardIndex("qqdnd", load("qqdnd", "core"))


def codes(result: Any) -> list[str]:
    return [p.code for p in result.problems]


# Every game

def test_it_knows_the_sections_of_every_registered_game() -> None:
    assert set(GAME_SECTIONS) == set(game_slugs())


@pytest.mark.parametrize("game", game_slugs())
def test_it_has_a_section_for_every_card_type(game: str) -> None:
    """contract: "A list without headers is accepted where the card types make the section
    obvious"; so every card type names a section of its game."""
    for card_type in game_schema(game).card_types:
        assert card_type.default_section in GAME_SECTIONS[game], card_type.slug


@pytest.mark.parametrize("game", game_slugs())
def test_it_checks_every_game_with_its_rules_module(game: str) -> None:
    result = validate_decklist(game, "", [])
    assert result.game == game
    assert result.format == "constructed"
    assert not result.legal  # an empty deck breaks every game's size rule
    assert result.summary["sections"] == {name: 0 for name in GAME_SECTIONS[game]}


def test_it_refuses_an_unknown_game() -> None:
    with pytest.raises(UnknownGame):
        validate_decklist("chess", "1 Pawn", [])


def test_it_refuses_a_list_over_the_limits(qqdnd: CardIndex) -> None:
    with pytest.raises(DecklistTooLong):
        validate_decklist("qqdnd", "1 Arm Up\n" * 501, qqdnd)


def test_it_refuses_an_index_of_another_game(qqdnd: CardIndex) -> None:
    with pytest.raises(ValueError, match="qqdnd"):
        validate_decklist("condemned", "", qqdnd)


# Names

def test_it_reports_an_unknown_card_with_the_closest_names(qqdnd: CardIndex) -> None:
    """contract: `unknown_card`: "no card of this game has that name; the message suggests the
    closest names"."""
    result = validate_decklist("qqdnd", PARTY + "Resources:\n4 Katana Lunj\n", qqdnd)
    [problem] = [p for p in result.problems if p.code == "unknown_card"]
    assert problem.line == 8
    assert problem.cards == ("Katana Lunj",)
    assert problem.message.startswith("Line 8:")
    assert '"Katana Lunge"' in problem.message


def test_it_suggests_a_party_member_from_the_name_before_the_comma(qqdnd: CardIndex) -> None:
    assert qqdnd.suggest("eptol noir") == ["Eptol Noir, Forgetful Ronin"]


def test_it_suggests_nothing_for_a_name_like_no_card(qqdnd: CardIndex) -> None:
    result = validate_decklist("qqdnd", "1 Zzyzx Qwvp", qqdnd)
    [problem] = [p for p in result.problems if p.code == "unknown_card"]
    assert "Did you mean" not in problem.message


def test_it_suggests_names_for_the_first_unknown_names_only(qqdnd: CardIndex) -> None:
    text = "\n".join(f"1 Katana Lunge {n}" for n in range(MAX_SUGGESTED_NAMES + 5))
    unknown = [p for p in validate_decklist("qqdnd", text, qqdnd).problems if p.code == "unknown_card"]
    assert len(unknown) == MAX_SUGGESTED_NAMES + 5
    suggested = ["Did you mean" in p.message for p in unknown]
    assert suggested == [True] * MAX_SUGGESTED_NAMES + [False] * 5


def test_it_names_every_line_of_an_unknown_card(qqdnd: CardIndex) -> None:
    result = validate_decklist("qqdnd", "Resources:\n1 Katana Lunj\n1 Arm Up\n2 katana lunj", qqdnd)
    [problem] = [p for p in result.problems if p.code == "unknown_card"]
    assert problem.message.startswith("Lines 2, 4:")


def test_it_resolves_names_written_loosely(qqdnd: CardIndex) -> None:
    text = PARTY + "Resources:\n4 KATANA  LUNGE\n3 alchemist\u2019s fire\n2 Holo\u2013Lance\n"
    result = validate_decklist("qqdnd", text, qqdnd)
    assert "unknown_card" not in codes(result)
    assert result.summary["sections"]["Resources"] == 9


def test_it_finds_a_card_by_normalised_name_in_the_index(qqdnd: CardIndex) -> None:
    card = qqdnd.get("  sniper\u2019s   CAMP ")
    assert card is not None and card["name"] == "Sniper's Camp"
    assert qqdnd.get("Snipers Camp") is None


# Sections

def test_it_puts_cards_without_a_section_in_their_types_section(qqdnd: CardIndex) -> None:
    """contract: "a Party Member goes to Party [...] everything else to the main deck"."""
    result = validate_decklist("qqdnd", "1 Will, Euclid\n3 Arm Up\n1 Eptol Noir, Forgetful Ronin", qqdnd)
    assert "zone" not in codes(result)
    assert result.summary["sections"] == {"Party": 2, "Resources": 3}


def test_it_sums_a_card_listed_with_and_without_a_section(qqdnd: CardIndex) -> None:
    resolution = resolve("qqdnd", [
        ListedCard(qqdnd.get("Arm Up") or {}, 2),
        ListedCard(qqdnd.get("Arm Up") or {}, 1, "Resources"),
    ])
    [entry] = resolution.deck.entries
    assert (entry.name, entry.count, entry.section) == ("Arm Up", 3, "Resources")


@pytest.mark.parametrize(
    ("text", "card", "line"),
    [
        ("Party:\n1 Chainmail Shirt", "Chainmail Shirt", 2),
        ("Resources:\n1 Will, Euclid", "Will, Euclid", 2),
        ("Side: Good\nResources (Will):\n1 Eptol Noir, Forgetful Ronin", "Eptol Noir, Forgetful Ronin", 3),
    ],
)
def test_it_reports_a_card_in_a_section_its_type_cannot_go_in(
    text: str, card: str, line: int, qqdnd: CardIndex
) -> None:
    """contract: `zone`: "a card is in a section its type can't go in (a Resource under Party, a
    Weapon under Condemned)"."""
    result = validate_decklist("qqdnd", text, qqdnd)
    [problem] = [p for p in result.problems if p.code == "zone"]
    assert problem.cards == (card,)
    assert problem.line == line
    # The misplaced card is left out of the deck the rules check.
    assert sum(result.summary["sections"].values()) == 0


def test_it_reports_a_weapon_under_condemned() -> None:
    """contract: `zone`: "a Weapon under Condemned"."""
    cards = load("condemned", "demo")
    result = validate_decklist("condemned", "Condemned:\n1 Sentinel\n1 Torch\nDeck:\n1 Torch", cards)
    [problem] = [p for p in result.problems if p.code == "zone"]
    assert problem.cards == ("Torch",)
    assert problem.line == 3
    assert result.summary["sections"] == {"Condemned": 1, "Deck": 1}


def test_it_lets_any_card_type_go_in_a_section_that_is_no_types_own() -> None:
    """Anguish 4.3: "sideboards may contain different Strongholds of the same Species": the
    Sideboard is no card type's section, so every type may go in it."""
    cards = load("anguish", "demo")
    types = {c["card_type"]: c["name"] for c in cards}
    text = "Sideboard:\n" + "\n".join(f"1 {name}" for name in types.values())
    result = validate_decklist("anguish", text, cards)
    assert "zone" not in codes(result)
    assert result.summary["sections"]["Sideboard"] == len(types) == 3


def test_it_resolves_saved_cards_without_text(qqdnd: CardIndex) -> None:
    listed = [
        ListedCard(qqdnd.get("Will, Euclid") or {}, 1),
        ListedCard(qqdnd.get("Arm Up") or {}, 3, "Resources", "Will"),
        ListedCard(qqdnd.get("Arm Up") or {}, 1, "Party"),
    ]
    resolution = resolve("qqdnd", listed, headers={"Side": "Good"})
    assert [(e.name, e.count, e.section, e.pinned_to) for e in resolution.deck.entries] == [
        ("Will, Euclid", 1, "Party", None),
        ("Arm Up", 3, "Resources", "Will"),
    ]
    assert [p.code for p in resolution.problems] == ["zone"]
    result = check_deck(resolution.deck, resolution.problems)
    assert result.summary["sections"] == {"Party": 1, "Resources": 3}
    assert "zone" in codes(result) and "party_size" in codes(result)


# Formats

def test_it_checks_constructed_by_default(qqdnd: CardIndex) -> None:
    assert validate_decklist("qqdnd", PARTY, qqdnd).format == "constructed"


def test_it_reads_the_format_header(qqdnd: CardIndex) -> None:
    result = validate_decklist("qqdnd", "Format: Sealed\n" + PARTY, qqdnd)
    assert result.format == "sealed"
    [problem] = [p for p in result.problems if p.code == "format"]
    assert "sealed" in problem.message and "constructed" in problem.message
    # A format the game does not know checks no rule: they depend on the format.
    assert codes(result) == ["format"]


def test_it_prefers_the_format_asked_for_and_warns_of_the_header(qqdnd: CardIndex) -> None:
    result = validate_decklist("qqdnd", "Format: Sealed\n" + PARTY, qqdnd, format="Constructed")
    assert result.format == "constructed"
    assert "format" not in codes(result)
    assert [w.code for w in result.warnings] == ["format"]


def test_it_knows_each_games_formats() -> None:
    cards = load("condemned", "demo")
    assert validate_decklist("condemned", "Format: sealed", cards).format == "sealed"
    assert "format" not in codes(validate_decklist("condemned", "Format: sealed", cards))


# Results

def test_it_orders_problems_about_lines_by_line(qqdnd: CardIndex) -> None:
    text = "Party:\n1 Arm Up\n0 Will, Euclid\n1 Nobody At All\nLifeblood:"
    result = validate_decklist("qqdnd", text, qqdnd)
    assert [(p.code, p.line) for p in result.problems if p.line is not None] == [
        ("zone", 2), ("parse_error", 3), ("unknown_card", 4), ("parse_error", 5),
    ]


def test_it_counts_each_section_in_the_summary(qqdnd: CardIndex) -> None:
    text = PARTY + "Resources:\n3 Arm Up\nResources (Will):\n2 Grease\n"
    result = validate_decklist("qqdnd", text, qqdnd)
    assert result.summary["sections"] == {"Party": 4, "Resources": 5}


def test_it_accepts_card_records_or_an_index(qqdnd: CardIndex) -> None:
    records = load("qqdnd", "core")
    text = PARTY + "Resources:\n3 Arm Up\n"
    assert validate_decklist("qqdnd", text, records).as_dict() == validate_decklist("qqdnd", text, qqdnd).as_dict()
