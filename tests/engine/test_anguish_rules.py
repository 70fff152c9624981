"""Anguish CCG deck building rules (engine/games/anguish/rules.py), card records built here."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from engine.cli import load_cards
from engine.deck import DeckCard, ResolvedDeck
from engine.games.anguish import rules
from engine.problems import ValidationResult
from engine.validation import CardIndex, validate_decklist
from tests.engine.sample_decks import expectation, sample_deck_lists

DECKS = Path(__file__).parent / "decks" / "anguish"
DEMO = CardIndex("anguish", load_cards("anguish"))

LIFEBLOOD = "Lifeblood"
SIDEBOARD = "Sideboard"


def creature(name: str, species: tuple[str, ...] = ("Cosmic",), hour: int | None = 3) -> dict[str, Any]:
    attributes = {"species": list(species), "hour": hour, "arsenal": 1, "protection": 2, "abilities": []}
    return {"name": name, "card_type": "creature", "subtypes": [], "text": "", "attributes": attributes}


def discovery(name: str, species: tuple[str, ...] = ("Cosmic",), hour: int | None = 2) -> dict[str, Any]:
    attributes = {"species": list(species), "hour": hour}
    return {"name": name, "card_type": "discovery", "subtypes": [], "text": "", "attributes": attributes}


def stronghold(name: str = "Astral Spire", species: tuple[str, ...] = ("Cosmic",)) -> dict[str, Any]:
    attributes = {"species": list(species), "hour": None, "strength": 20}
    return {"name": name, "card_type": "stronghold", "subtypes": [], "text": "", "attributes": attributes}


def tenth_hour(name: str = "Star Leviathan", species: tuple[str, ...] = ("Cosmic",)) -> dict[str, Any]:
    return creature(name, species, hour=10)


def entry(card: dict[str, Any], count: int = 1, section: str = LIFEBLOOD) -> DeckCard:
    return DeckCard(card, count, section)


def filler(cards: int, species: tuple[str, ...] = ("Cosmic",), prefix: str = "Drifter") -> list[DeckCard]:
    """`cards` Lifeblood Creatures of Hours 1 to 8, four of each name (the last takes what is left)."""
    return [
        entry(creature(f"{prefix} {n // 4 + 1}", species, hour=n // 4 % 8 + 1), min(4, cards - n))
        for n in range(0, cards, 4)
    ]


def core(species: tuple[str, ...] = ("Cosmic",)) -> list[DeckCard]:
    """A Stronghold and a 10th-Hour Creature: with 34 more cards, a legal Lifeblood."""
    return [entry(stronghold(species=species)), entry(tenth_hour(species=species))]


def spares(names: int) -> list[dict[str, Any]]:
    """Discoveries of `names` different names, for a sideboard."""
    return [discovery(f"Spare {n}") for n in range(names)]


def validate(*entries: DeckCard) -> ValidationResult:
    result = ValidationResult("anguish", "constructed")
    rules.check(ResolvedDeck("anguish", "constructed", entries=list(entries)), result)
    return result


def codes(result: ValidationResult) -> list[str]:
    return [p.code for p in result.problems]


def test_it_has_one_format_constructed() -> None:
    assert rules.FORMATS == ("constructed",)


def test_it_accepts_a_lifeblood_of_36_cards_with_a_stronghold_and_a_tenth_hour_creature() -> None:
    """4.1: "A standard Lifeblood (i.e. Deck) size is 36 cards, which includes exactly one
    Stronghold, up to two 10th-Hour creatures (with a minimum of one)" """
    result = validate(*core(), *filler(34))
    assert result.legal
    assert result.warnings == []


@pytest.mark.parametrize(("others", "message"), [
    (32, "The Lifeblood has 34 cards; it needs exactly 36 (2 more)."),
    (35, "The Lifeblood has 37 cards; it needs exactly 36 (1 too many)."),
])
def test_it_reports_a_lifeblood_that_is_not_36_cards(others: int, message: str) -> None:
    """4.1: "A standard Lifeblood (i.e. Deck) size is 36 cards" """
    result = validate(*core(), *filler(others))
    assert codes(result) == ["deck_size"]
    assert result.problems[0].message == message


def test_it_does_not_count_the_sideboard_in_the_lifeblood() -> None:
    """4.1: "A standard Lifeblood (i.e. Deck) size is 36 cards"; 4.3: the sideboard is apart from it."""
    result = validate(*core(), *filler(33), entry(creature("Comet Hound"), 1, SIDEBOARD))
    assert codes(result) == ["deck_size"]


def test_it_reports_a_lifeblood_without_a_stronghold() -> None:
    """4.1: "which includes exactly one Stronghold" """
    result = validate(entry(tenth_hour()), *filler(35))
    assert codes(result) == ["stronghold_count"]
    assert result.problems[0].message == "The Lifeblood has no Stronghold; it needs exactly one."
    assert result.problems[0].cards == ()


def test_it_does_not_count_a_sideboard_stronghold_for_the_lifeblood() -> None:
    """4.1: "which includes exactly one Stronghold" — in the Lifeblood, not the sideboard."""
    result = validate(entry(tenth_hour()), *filler(35), entry(stronghold(), 1, SIDEBOARD))
    assert codes(result) == ["stronghold_count"]
    assert result.problems[0].message.endswith("Strongholds in the Sideboard do not count.")


def test_it_reports_two_strongholds_and_names_them() -> None:
    """4.1: "which includes exactly one Stronghold" """
    result = validate(*core(), entry(stronghold("Nebula Keep")), *filler(33))
    assert codes(result) == ["stronghold_count"]
    assert result.problems[0].cards == ("Astral Spire", "Nebula Keep")
    assert result.problems[0].message == (
        "The Lifeblood has 2 Strongholds (Astral Spire, Nebula Keep); it needs exactly one."
    )


def test_it_reports_a_lifeblood_without_a_tenth_hour_creature() -> None:
    """4.1: "up to two 10th-Hour creatures (with a minimum of one)" """
    result = validate(entry(stronghold()), *filler(35))
    assert codes(result) == ["tenth_hour_count"]
    assert result.problems[0].message == "The Lifeblood has no 10th-Hour Creature; it needs one or two."


def test_it_accepts_two_tenth_hour_creatures_even_of_one_name() -> None:
    """4.1: "up to two 10th-Hour creatures (with a minimum of one)" """
    assert validate(entry(stronghold()), entry(tenth_hour(), 2), *filler(33)).legal


def test_it_reports_three_tenth_hour_creatures() -> None:
    """4.1: "up to two 10th-Hour creatures (with a minimum of one)" """
    result = validate(entry(stronghold()), entry(tenth_hour(), 2), entry(tenth_hour("Void Titan")), *filler(32))
    assert codes(result) == ["tenth_hour_count"]
    assert result.problems[0].cards == ("Star Leviathan", "Void Titan")
    assert result.problems[0].message == (
        "The Lifeblood has 3 10th-Hour Creatures (2 Star Leviathan, Void Titan); it may hold at most 2 "
        "(1 too many)."
    )


def test_it_does_not_count_a_tenth_hour_discovery_as_a_tenth_hour_creature() -> None:
    """4.1: "up to two 10th-Hour creatures" — Creatures only."""
    result = validate(entry(stronghold()), entry(discovery("Eclipse", hour=10)), *filler(34))
    assert codes(result) == ["tenth_hour_count"]


def test_it_reports_a_fifth_card_of_one_name() -> None:
    """4.1: "a maximum of 4 copies of every other card" """
    result = validate(*core(), *filler(29), entry(discovery("Starfall"), 5))
    assert codes(result) == ["copies"]
    assert result.problems[0].cards == ("Starfall",)
    assert result.problems[0].message == (
        "The deck has 5 copies of Starfall; at most 4 cards of one exact name (1 too many)."
    )


def test_it_counts_cards_of_one_exact_name_together_whatever_their_mechanism() -> None:
    """4.1: "if a character has two copies with a single name but with a different mechanism, then
    both copies of this card counts towards the 4-card copy limit" """
    first = creature("Orbweaver", hour=3)
    reprint = {**creature("Orbweaver", hour=5), "text": "Ambush."}
    result = validate(*core(), *filler(29), entry(first, 3), entry(reprint, 2))
    assert codes(result) == ["copies"]
    assert result.problems[0].cards == ("Orbweaver",)


def test_it_leaves_a_tenth_hour_version_of_a_name_to_its_own_limit() -> None:
    """4.1: "up to two 10th-Hour creatures [...] and a maximum of 4 copies of every other card": the
    4 other-Hour copies of a name are within the limit beside a 10th-Hour Creature of that name."""
    result = validate(entry(stronghold()), entry(tenth_hour("Orbweaver")), *filler(31), entry(creature("Orbweaver"), 3))
    assert result.legal


def test_it_counts_similar_names_apart() -> None:
    """4.1: "Cards may have similar names, but only exact names count towards the card copy limit." """
    assert validate(*core(), *filler(26), entry(creature("Orbweaver"), 4), entry(creature("Orbweaver Queen"), 4)).legal


def test_it_counts_sideboard_copies_towards_the_limit() -> None:
    """4.1: "a maximum of 4 copies of every other card", with 4.3: the sideboard's cards are swapped
    into the Lifeblood between rounds, so its copies count too."""
    result = validate(*core(), *filler(30), entry(discovery("Starfall"), 4), entry(discovery("Starfall"), 1, SIDEBOARD))
    assert codes(result) == ["copies"]
    assert "(4 in the Lifeblood, 1 in the Sideboard)" in result.problems[0].message


def test_it_leaves_the_stronghold_and_tenth_hour_creatures_to_their_own_limits() -> None:
    """4.1: "exactly one Stronghold, up to two 10th-Hour creatures [...] and a maximum of 4 copies of
    every other card": the sideboard may hold more of them without breaking the 4-copy limit."""
    sideboard = [entry(tenth_hour(), 4, SIDEBOARD), entry(stronghold(), 4, SIDEBOARD)]
    assert validate(*core(), *filler(34), *sideboard).legal


def test_it_reports_a_sideboard_of_more_than_ten_cards() -> None:
    """4.3: "a sideboard of 10 cards is allowed" """
    assert validate(*core(), *filler(34), *(entry(c, 2, SIDEBOARD) for c in spares(5))).legal
    result = validate(*core(), *filler(34), *(entry(c, 2, SIDEBOARD) for c in spares(6)))
    assert codes(result) == ["sideboard_size"]
    assert result.problems[0].message == "The Sideboard has 12 cards; it may hold at most 10 (2 too many)."


def test_it_reports_cards_of_a_second_species_and_names_the_species() -> None:
    """4.2: "A Lifeblood must comprise of a single Species" """
    intruders = [entry(creature("Night Lurker", ("Nightmare",)), 2), entry(discovery("Dread Pact", ("Nightmare",)))]
    result = validate(*core(), *filler(31), *intruders)
    assert codes(result) == ["species"]
    problem = result.problems[0]
    assert problem.cards == ("Night Lurker", "Dread Pact")
    assert problem.message == (
        "The Lifeblood is Cosmic (33 cards) but also holds 3 Nightmare cards (2 Night Lurker, Dread Pact); "
        "a Lifeblood is a single Species plus dual-type and Agnostic cards."
    )
    assert result.summary["species"] == ["Cosmic"]


def test_it_accepts_dual_type_and_agnostic_cards_in_a_single_species_lifeblood() -> None:
    """4.2: "Cards that have two Species indicated are dual-type and allowed in either Species deck
    builds. Cards without a designated Species are considered Agnostic and are allowed in any deck
    build." """
    result = validate(
        *core(), *filler(30), entry(creature("Twilight Moth", ("Cosmic", "Nightmare")), 2),
        entry(discovery("Old Map", ()), 2),
    )
    assert result.legal
    assert result.summary["species"] == ["Cosmic"]


def test_it_accepts_a_lifeblood_of_dual_type_cards_of_one_pair() -> None:
    """4.2: dual-type cards are "allowed in either Species deck builds": a Lifeblood of Cosmic and
    Nightmare dual-type cards is both a Cosmic and a Nightmare Lifeblood."""
    result = validate(*core(("Cosmic", "Nightmare")), *filler(34, ("Nightmare", "Cosmic")))
    assert result.legal
    assert result.summary["species"] == ["Cosmic", "Nightmare"]


def test_it_accepts_an_agnostic_lifeblood() -> None:
    """4.2: "Cards without a designated Species are considered Agnostic and are allowed in any deck build." """
    result = validate(*core(()), *filler(34, ()))
    assert result.legal
    assert result.summary["species"] == []


def test_it_reports_dual_type_cards_that_share_no_species() -> None:
    """4.2: a dual-type card is allowed in either of its two Species' builds, and no other."""
    result = validate(*core(("Cosmic", "Nightmare")), *filler(30, ("Cosmic", "Nightmare")),
                      *filler(4, ("Colossal", "Survivor"), prefix="Titan"))
    assert codes(result) == ["species"]
    assert result.problems[0].cards == ("Titan 1",)
    assert "4 Colossal/Survivor cards (4 Titan 1)" in result.problems[0].message


def test_it_names_the_species_most_cards_share_and_reports_the_rest() -> None:
    """4.2: "A Lifeblood must comprise of a single Species" — the fewest cards are reported."""
    result = validate(*core(("Nightmare",)), *filler(14, ("Nightmare",)), *filler(20, prefix="Star"))
    assert result.summary["species"] == ["Cosmic"]
    assert set(result.problems[0].cards) == {"Astral Spire", "Star Leviathan", "Drifter 1", "Drifter 2",
                                             "Drifter 3", "Drifter 4"}


def test_it_settles_an_even_split_of_species_by_the_stronghold() -> None:
    """4.2: "A Lifeblood must comprise of a single Species"; the Stronghold is the Species' own."""
    result = validate(entry(stronghold(species=("Survivor",))), entry(tenth_hour(species=())),
                      *filler(17, ("Enchanted",), prefix="Pixie"), *filler(17, ("Survivor",)))
    assert result.summary["species"] == ["Survivor"]
    assert result.problems[0].cards == ("Pixie 1", "Pixie 2", "Pixie 3", "Pixie 4", "Pixie 5")


def test_it_accepts_different_strongholds_of_the_same_species_in_the_sideboard() -> None:
    """4.3: "sideboards may contain different Strongholds of the same Species." """
    sideboard = [entry(stronghold("Nebula Keep"), 1, SIDEBOARD), entry(stronghold("Comet Bastion"), 1, SIDEBOARD)]
    assert validate(*core(), *filler(34), *sideboard).legal


def test_it_reports_sideboard_cards_of_another_species() -> None:
    """4.3: "Players are not allowed to switch between Species in between rounds during a match unless
    the cards being swapped are dual-type or agnostic." """
    sideboard = [
        entry(stronghold("Dread Hollow", ("Nightmare",)), 1, SIDEBOARD),
        entry(creature("Twilight Moth", ("Cosmic", "Nightmare")), 2, SIDEBOARD),
        entry(discovery("Old Map", ()), 2, SIDEBOARD),
    ]
    result = validate(*core(), *filler(34), *sideboard)
    assert codes(result) == ["species"]
    assert result.problems[0].cards == ("Dread Hollow",)
    assert result.problems[0].message == (
        "The Sideboard holds 1 Nightmare card (Dread Hollow) in a Cosmic deck; sideboard cards must be "
        "Cosmic, dual-type with Cosmic, or Agnostic."
    )


def test_it_lets_the_sideboard_settle_the_species_of_a_dual_type_lifeblood() -> None:
    """4.3: no switching Species between rounds: a dual-type Lifeblood's sideboard picks one Species."""
    lifeblood = [*core(("Cosmic", "Nightmare")), *filler(34, ("Cosmic", "Nightmare"))]
    assert validate(*lifeblood, entry(creature("Comet Hound"), 2, SIDEBOARD)).summary["species"] == ["Cosmic"]
    result = validate(*lifeblood, entry(creature("Comet Hound"), 2, SIDEBOARD),
                      entry(creature("Night Lurker", ("Nightmare",)), 1, SIDEBOARD))
    assert codes(result) == ["species"]
    assert result.problems[0].cards == ("Night Lurker",)


def test_it_summarises_sections_card_types_species_and_the_hour_curve() -> None:
    """The summary counts each section, the Lifeblood's card types, and its cards per Hour cost."""
    result = validate(
        *core(), *filler(30), entry(discovery("Flare", hour=None), 2), entry(discovery("Starfall", hour=4), 2),
        entry(creature("Comet Hound"), 3, SIDEBOARD),
    )
    assert result.summary == {
        "sections": {"Lifeblood": 36, "Sideboard": 3},
        "card_types": {"stronghold": 1, "creature": 31, "discovery": 4},
        "species": ["Cosmic"],
        # filler(30): four of each of Hours 1 to 7 and two of Hour 8.
        "hour_curve": {"1": 4, "2": 4, "3": 4, "4": 6, "5": 4, "6": 4, "7": 4, "8": 2, "9": 0, "10": 1,
                       "11": 0, "free": 2},
    }


def test_it_summarises_a_demo_deck_list() -> None:
    """The summary of a list of demo cards: its sections, Species and Hour curve."""
    result = validate_decklist("anguish", (DECKS / "legal_cosmic_with_sideboard.txt").read_text(), DEMO)
    assert result.summary["sections"] == {"Lifeblood": 36, "Sideboard": 6}
    assert result.summary["species"] == ["Cosmic"]
    # Starling Wisp and Fleeting Light cost 1 Hour; Eclipse Leviathan 10; nothing is free.
    assert result.summary["hour_curve"]["1"] == 6
    assert result.summary["hour_curve"]["10"] == 1
    assert "free" not in result.summary["hour_curve"]


@pytest.mark.parametrize("path", sample_deck_lists("anguish"), ids=lambda path: path.stem)
def test_it_gives_each_sample_deck_list_its_expected_verdict(path: Path) -> None:
    """The sample lists in tests/engine/decks/anguish/ checked as a user's paste would be."""
    text = path.read_text(encoding="utf-8")
    legal, problems, warnings = expectation(text)
    result = validate_decklist("anguish", text, DEMO)
    assert {p.code for p in result.problems} == problems, [p.message for p in result.problems]
    assert {w.code for w in result.warnings} == warnings, [w.message for w in result.warnings]
    assert result.legal is legal
