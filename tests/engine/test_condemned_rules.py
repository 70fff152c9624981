"""The Condemned CCG deck building rules (engine/games/condemned/rules.py), card records built here."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from engine.cli import load_cards
from engine.deck import DeckCard, ResolvedDeck
from engine.games.condemned import rules
from engine.problems import ValidationResult
from engine.validation import CardIndex, game_formats, validate_decklist
from tests.engine.sample_decks import expectation, sample_deck_lists

DEMO = CardIndex("condemned", load_cards("condemned"))
# Ten demo cards with no equip restriction: 3 of each make a 30-card deck.
DEMO_EVENTS_AND_PREPARATIONS = (
    "Critical Failure", "Duck and Cover", "Alpha Strike", "Adrenaline Rush", "Second Wind",
    "Simple Mending", "Quick Patch", "Hidden Pocket", "Scavenge", "Blood Magic",
)


def card(name: str, card_type: str = "event", **attributes: Any) -> dict[str, Any]:
    return {"name": name, "card_type": card_type, "subtypes": [], "text": "", "attributes": attributes}


def condemned(name: str = "Kris Evangel", subtypes: tuple[str, ...] = ()) -> DeckCard:
    return DeckCard(card(name, "condemned", life=20, subtypes=list(subtypes)), 1, "Condemned")


def filler(cards: int, prefix: str = "Event", copies: int = 3) -> list[DeckCard]:
    """`cards` Events, `copies` of each name (the last name takes what is left)."""
    entries = []
    for index in range(0, cards, copies):
        count = min(copies, cards - index)
        entries.append(DeckCard(card(f"{prefix} {index // copies + 1}"), count, "Deck"))
    return entries


def validate(*entries: DeckCard, format: str = "constructed") -> ValidationResult:
    result = ValidationResult("condemned", format)
    rules.check(ResolvedDeck("condemned", format, entries=list(entries)), result)
    return result


def codes(result: ValidationResult) -> list[str]:
    return [p.code for p in result.problems]


def test_it_offers_constructed_first_then_sealed_and_draft() -> None:
    assert rules.FORMATS == ("constructed", "sealed", "draft")


def test_it_accepts_one_condemned_and_thirty_other_cards() -> None:
    """ "31 cards per deck - 1 Condemned, 30 other cards" """
    result = validate(condemned(), *filler(30))
    assert result.legal
    assert result.warnings == []


def test_it_reports_a_deck_without_a_condemned() -> None:
    """ "1 Condemned, 30 other cards" """
    result = validate(*filler(30))
    assert codes(result) == ["condemned_count"]
    assert result.problems[0].message == "The deck has no Condemned; it needs exactly one."
    assert result.problems[0].cards == ()
    assert result.summary["sections"] == {"Condemned": 0, "Deck": 30}
    assert result.summary["condemned"] is None


def test_it_reports_two_condemned_and_names_them() -> None:
    """ "1 Condemned, 30 other cards" """
    result = validate(condemned("Kris Evangel"), condemned("Ophid"), *filler(30))
    assert codes(result) == ["condemned_count"]
    assert result.problems[0].cards == ("Kris Evangel", "Ophid")
    assert "2 Condemned (Kris Evangel, Ophid)" in result.problems[0].message


def test_it_reports_two_copies_of_the_same_condemned() -> None:
    """ "1 Condemned, 30 other cards" """
    twice = DeckCard(card("Sentinel", "condemned", life=20, subtypes=[]), 2, "Condemned")
    result = validate(twice, *filler(30))
    assert codes(result) == ["condemned_count"]
    assert "2 Sentinel" in result.problems[0].message


@pytest.mark.parametrize(("others", "fix"), [(28, "2 more"), (31, "1 too many"), (0, "30 more")])
def test_it_reports_a_deck_that_is_not_thirty_cards_besides_the_condemned(others: int, fix: str) -> None:
    """ "31 cards per deck - 1 Condemned, 30 other cards" """
    result = validate(condemned(), *filler(others))
    assert codes(result) == ["deck_size"]
    assert result.problems[0].message.endswith(f"constructed needs exactly 30 ({fix}).")


def test_it_never_counts_the_condemned_among_the_thirty() -> None:
    """ "Your condemned should never be shuffled into your deck": 31 cards are not enough when one
    more Condemned is among them."""
    result = validate(condemned("Kris Evangel"), condemned("Ophid"), *filler(29))
    assert codes(result) == ["condemned_count", "deck_size"]
    assert result.problems[1].message == (
        "The deck has 29 cards besides the Condemned; constructed needs exactly 30 (1 more)."
    )


def test_it_reports_a_condemned_listed_under_deck_without_counting_it_among_the_thirty() -> None:
    """ "Your condemned should never be shuffled into your deck": listed under Deck, it is in the wrong
    section (and left out), never a 31st card."""
    text = "Condemned:\nDeck:\n1 Ophid\n" + "".join(f"3 {name}\n" for name in DEMO_EVENTS_AND_PREPARATIONS)
    result = validate_decklist("condemned", text, DEMO)
    assert [p.code for p in result.problems] == ["zone", "condemned_count"]


def test_it_reports_a_fourth_copy_of_a_card_in_constructed() -> None:
    """ "Maximum of 3 duplicates of any card" """
    result = validate(condemned(), *filler(26), DeckCard(card("Molotov Cocktail"), 4, "Deck"))
    assert codes(result) == ["copies"]
    problem = result.problems[0]
    assert problem.cards == ("Molotov Cocktail",)
    assert problem.message == "The deck has 4 copies of Molotov Cocktail; at most 3 of a card (1 too many)."


def test_it_accepts_three_copies_of_a_card() -> None:
    """ "Maximum of 3 duplicates of any card" """
    assert validate(condemned(), *filler(27), DeckCard(card("Alpha Strike"), 3, "Deck")).legal


def test_it_allows_any_number_of_copies_in_sealed() -> None:
    """Sealed: "4 booster packs make a 31-card deck, no copy limit" """
    assert validate(condemned(), *filler(30, copies=6), format="sealed").legal


def test_it_needs_thirty_cards_besides_the_condemned_in_sealed() -> None:
    """Sealed: "4 booster packs make a 31-card deck" (the Condemned is one of the 31)."""
    result = validate(condemned(), *filler(31), format="sealed")
    assert codes(result) == ["deck_size"]
    assert result.problems[0].message.endswith("sealed needs exactly 30 (1 too many).")


def test_it_needs_twenty_five_cards_besides_the_condemned_in_booster_draft() -> None:
    """Booster draft: "a 26-card deck (25 cards + 1 Condemned), no copy limit" """
    assert validate(condemned(), *filler(25, copies=5), format="draft").legal
    result = validate(condemned(), *filler(30), format="draft")
    assert codes(result) == ["deck_size"]
    assert result.problems[0].message == (
        "The deck has 30 cards besides the Condemned; booster draft needs exactly 25 (5 too many)."
    )


def test_it_needs_exactly_one_condemned_in_sealed_and_draft_too() -> None:
    """Sealed and draft decks are "31-card" and "25 cards + 1 Condemned" decks."""
    assert codes(validate(*filler(30), format="sealed")) == ["condemned_count"]
    assert codes(validate(*filler(25), format="draft")) == ["condemned_count"]


def test_it_warns_of_weapons_and_armor_the_condemned_cannot_equip() -> None:
    """ "Condemned may have Sub-Types that affect the Weapons and Armor they can equip." """
    nailgun = card("MB-599 Nailgun", "weapon", requires=["Handyman", "Engineer"])
    helm = card("Spiky Helm", "armor", requires=["Brute"])
    event = card("Blood Magic", "event", requires=["Brute"])
    result = validate(
        condemned("Kris Evangel", ("Human",)), *filler(27),
        DeckCard(nailgun, 1, "Deck"), DeckCard(helm, 1, "Deck"), DeckCard(event, 1, "Deck"),
    )
    assert result.legal
    assert [(w.code, w.severity, w.cards) for w in result.warnings] == [
        ("equip", "warning", ("MB-599 Nailgun",)), ("equip", "warning", ("Spiky Helm",)),
    ]
    assert result.warnings[0].message == (
        "Kris Evangel cannot equip MB-599 Nailgun: only a Handyman or Engineer Condemned can."
    )


@pytest.mark.parametrize("requires", [[], ["human"], ["Mutant", "Human"]])
def test_it_does_not_warn_of_equipment_the_condemned_can_equip(requires: list[str]) -> None:
    """ "Condemned may have Sub-Types that affect the Weapons and Armor they can equip": equipment
    naming none fits anyone, and sub-types compare without regard to case."""
    pads = card("Leafy Pads", "armor", requires=requires)
    result = validate(condemned("Kona Yuki", ("Human",)), *filler(29), DeckCard(pads, 1, "Deck"))
    assert result.warnings == []


def test_it_does_not_judge_equipment_without_a_single_condemned() -> None:
    """With no Condemned (or several) there are no sub-types to judge equipment by."""
    prod = card("Cattle Prod of Doom", "weapon", requires=["Brute"])
    assert validate(*filler(29), DeckCard(prod, 1, "Deck")).warnings == []


def test_it_summarises_counts_per_section_and_card_type() -> None:
    """The summary gives counts per section and per card type, and names the Condemned."""
    result = validate(
        condemned("Dr. Mrtav"),
        DeckCard(card("Pilfered Scalpel", "weapon", requires=[]), 3, "Deck"),
        DeckCard(card("Exo-Legs", "armor", requires=[]), 2, "Deck"),
        DeckCard(card("Hidden Pocket", "preparation"), 1, "Deck"),
        *filler(24),
    )
    assert result.summary == {
        "sections": {"Condemned": 1, "Deck": 30},
        "card_types": {"condemned": 1, "weapon": 3, "armor": 2, "preparation": 1, "event": 24},
        "condemned": "Dr. Mrtav",
    }


def test_it_judges_demo_equipment_by_the_demo_condemned_sub_types() -> None:
    """ "Condemned may have Sub-Types that affect the Weapons and Armor they can equip": Dr. Mrtav is a
    Medic and a Tech."""
    text = """
        Condemned:
        1 Dr. Mrtav
        Deck:
        1 Rusty Syringe
        1 MB-599 Nailgun
        1 Exo-Head
        1 Pilfered Scalpel
        1 The Ripper
        1 Tainted Kunai
        1 Spiky Helm
    """
    result = validate_decklist("condemned", text, DEMO)
    assert [w.cards for w in result.warnings] == [("The Ripper",), ("Tainted Kunai",), ("Spiky Helm",)]


@pytest.mark.parametrize("path", sample_deck_lists("condemned"), ids=lambda path: path.stem)
def test_it_gives_each_sample_deck_list_its_expected_verdict(path: Path) -> None:
    """The sample lists in tests/engine/decks/condemned/ checked as a user's paste would be."""
    text = path.read_text(encoding="utf-8")
    legal, problems, warnings = expectation(text)
    result = validate_decklist("condemned", text, DEMO)
    assert {p.code for p in result.problems} == problems, [p.message for p in result.problems]
    assert {w.code for w in result.warnings} == warnings, [w.message for w in result.warnings]
    assert result.legal is legal


@pytest.mark.parametrize("written", ["booster draft", "Booster-Draft", "booster_draft", "BOOSTER  DRAFT", "draft"])
def test_it_reads_the_publishers_name_for_booster_draft(written: str) -> None:
    """Public facts: "booster draft — 2 packs a player, a 26-card deck (25 cards + 1 Condemned)"."""
    cards = load_cards("condemned")
    condemned = next(c["name"] for c in cards if c["card_type"] == "condemned")
    others = [c["name"] for c in cards if c["card_type"] != "condemned"][:25]
    text = f"Format: {written}\nCondemned:\n1 {condemned}\nDeck:\n" + "\n".join(f"1 {n}" for n in others)
    result = validate_decklist("condemned", text, DEMO)
    assert result.format == "draft" and "draft" in game_formats("condemned")
    assert result.legal, result.as_dict()
