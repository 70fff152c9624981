"""QQDND CCG deck building rules (docs/rules/qqdnd.txt; readings in docs/rules-notes.md)."""
from __future__ import annotations

import json
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from engine.decklist import normalize_name
from engine.games.qqdnd.cards import SCHEMA
from engine.games.qqdnd.restrictions import KNOWN_TERMS
from engine.games.qqdnd.rules import MAX_CHECKED_PARTY
from engine.games.qqdnd.terms import compile_term, deals_damage, restriction_of
from engine.problems import MAX_CARDS_SHOWN, MAX_PROBLEMS_SHOWN, Problem, ValidationResult
from engine.validation import CardIndex, validate_decklist
from tests.engine.sample_decks import expectation, sample_deck_lists

ROOT = Path(__file__).resolve().parents[2]
DECKS = ROOT / "tests" / "engine" / "decks" / "qqdnd"


# Cards: the core set as loaded, and made-up cards for scenarios the core set cannot stage.

@pytest.fixture(scope="module")
def core() -> CardIndex:
    fixture = json.loads((ROOT / "fixtures" / "qqdnd" / "core.json").read_text())
    return CardIndex("qqdnd", [SCHEMA.prepare(card) for card in fixture["cards"]])


def card(index: CardIndex, name: str) -> dict[str, Any]:
    found = index.get(name)
    assert found is not None, name
    return found


def member(name: str, rv: int, rr: str = "(None)", alignment: str = "TN") -> dict[str, Any]:
    return prepared({
        "name": name, "card_type": "party_member", "subtypes": ["Human", "Fighter"], "text": "",
        "attributes": {"alignment": alignment, "ancestry": ["Human"], "classes": ["Fighter"], "rv": rv,
                       "rr": rr, "hv": 1, "life": 5, "actions": []},
    })


def resource(
    name: str,
    subtypes: Sequence[str] = ("Skill",),
    text: str = "Draw a card.",
    alignment: str | None = None,
    frequency: int | None = 20,
) -> dict[str, Any]:
    return prepared({
        "name": name, "card_type": "resource", "subtypes": list(subtypes), "text": text,
        "attributes": {"initiative": "10", "category": "Action", "unique": False, "alignment": alignment,
                       "life": None, "frequency": frequency, "actions": []},
    })


def prepared(record: dict[str, Any]) -> dict[str, Any]:
    ready = SCHEMA.prepare(record)
    assert SCHEMA.validate_card(ready) == []
    return ready


def validate(text: str, cards: list[dict[str, Any]] | CardIndex) -> ValidationResult:
    return validate_decklist("qqdnd", text, cards)


def deck(party: Sequence[tuple[int, str]], resources: Sequence[tuple[int, str]], side: str = "Good",
         pinned: dict[str, Sequence[tuple[int, str]]] | None = None) -> str:
    lines = [f"Side: {side}", "Party:", *(f"{n} {name}" for n, name in party), "Resources:",
             *(f"{n} {name}" for n, name in resources)]
    for pin, cards in (pinned or {}).items():
        lines += [f"Resources ({pin}):", *(f"{n} {name}" for n, name in cards)]
    return "\n".join(lines) + "\n"


def problems(result: ValidationResult, code: str) -> list[Problem]:
    return [p for p in result.problems if p.code == code]


def codes(result: ValidationResult) -> set[str]:
    return {p.code for p in result.problems}


# Four members that take anything; their Resource Values add up to 8.
OPEN_PARTY = [member(f"Open {n}, Anyone", 2) for n in "ABCD"]
OPEN_NAMES = [(1, m["name"]) for m in OPEN_PARTY]
FILLER = resource("Filler", frequency=20)


# Party size and unique names

def test_it_accepts_exactly_four_party_members() -> None:
    """ "Each deck has 4 Party Members, which are on the field at all times." """
    result = validate(deck(OPEN_NAMES, [(8, "Filler")]), [*OPEN_PARTY, FILLER])
    assert result.legal, result.problems


@pytest.mark.parametrize("size", [0, 3, 5])
def test_it_reports_a_party_of_other_than_four(size: int) -> None:
    """ "Each deck has 4 Party Members" """
    party = [member(f"Member {n}, Someone", 1) for n in range(size)]
    result = validate(deck([(1, m["name"]) for m in party], [(8, "Filler")]), [*party, FILLER])
    [problem] = problems(result, "party_size")
    assert f"has {size} Party Member" in problem.message


def test_it_counts_copies_of_a_party_member() -> None:
    """ "Each deck has 4 Party Members": two copies of one card are two of them. """
    result = validate(deck([(2, OPEN_PARTY[0]["name"]), (1, OPEN_PARTY[1]["name"])], [(8, "Filler")]),
                      [*OPEN_PARTY, FILLER])
    assert "has 3 Party Members" in problems(result, "party_size")[0].message


def test_it_reports_two_copies_of_a_party_member() -> None:
    """ "Whenever a nontoken card shares a name (excluding anything after a comma) with a Unique
    card owned by the same player, the owner must destroy one of them immediately. [...] Party
    Members are unique by default." """
    text = deck([(2, OPEN_PARTY[0]["name"]), (1, OPEN_PARTY[1]["name"]), (1, OPEN_PARTY[2]["name"])],
                [(8, "Filler")])
    result = validate(text, [*OPEN_PARTY, FILLER])
    [problem] = problems(result, "party_unique")
    assert problem.cards == (OPEN_PARTY[0]["name"],)
    assert "party_size" not in codes(result)


def test_it_reports_two_party_members_sharing_the_name_before_the_comma() -> None:
    """ "shares a name (excluding anything after a comma)" """
    young = member("Eptol Noir, Forgetful Ronin", 2)
    old = member("Eptol Noir, Remembering Shogun", 2)
    party = [young, old, *OPEN_PARTY[:2]]
    result = validate(deck([(1, m["name"]) for m in party], [(8, "Filler")]), [*party, FILLER])
    [problem] = problems(result, "party_unique")
    assert set(problem.cards) == {young["name"], old["name"]}
    assert "Eptol Noir" in problem.message


def test_it_tells_apart_names_that_only_share_words() -> None:
    party = [member("Eptol Noir, Forgetful Ronin", 2), member("Eptol, Noir's Cousin", 2), *OPEN_PARTY[:2]]
    result = validate(deck([(1, m["name"]) for m in party], [(8, "Filler")]), [*party, FILLER])
    assert result.legal, result.problems


# Side

def test_it_reports_a_missing_side() -> None:
    """ "When deckbuilding, you must choose a side of the alignment chart" """
    text = deck(OPEN_NAMES, [(8, "Filler")]).replace("Side: Good\n", "")
    result = validate(text, [*OPEN_PARTY, FILLER])
    assert [p.code for p in result.problems] == ["side_missing"]


def test_it_reports_a_side_that_is_not_on_the_chart() -> None:
    """ "you must choose a side of the alignment chart - Good, Lawful, Evil, or Chaotic" """
    result = validate(deck(OPEN_NAMES, [(8, "Filler")], side="Neutral"), [*OPEN_PARTY, FILLER])
    [problem] = problems(result, "side_missing")
    assert "Neutral" in problem.message


@pytest.mark.parametrize("side", ["good", "LAWFUL", " Evil ", "chaotic"])
def test_it_reads_the_side_in_any_case(side: str) -> None:
    result = validate(deck(OPEN_NAMES, [(8, "Filler")], side=side), [*OPEN_PARTY, FILLER])
    assert result.legal, result.problems


@pytest.mark.parametrize(
    ("side", "alignment", "conflict"),
    [
        ("Good", "LE", True), ("Good", "NE", True), ("Good", "CE", True),
        ("Good", "LG", False), ("Good", "CN", False), ("Good", "TN", False),
        ("Evil", "NG", True), ("Evil", "LN", False),
        ("Lawful", "CG", True), ("Lawful", "CN", True), ("Lawful", "NE", False),
        ("Chaotic", "LG", True), ("Chaotic", "NG", False), ("Chaotic", "TN", False),
    ],
)
def test_it_bars_party_members_holding_the_opposed_side(side: str, alignment: str, conflict: bool) -> None:
    """ "You may not include party members with the opposing side in their alignment - if your party
    is Good, you cannot have Evil party members, etc." Good opposes Evil, Lawful opposes Chaotic;
    neutral (N, TN) holds no side. """
    odd = member("Odd One, Out", 2, alignment=alignment)
    party = [odd, *OPEN_PARTY[:3]]
    result = validate(deck([(1, m["name"]) for m in party], [(8, "Filler")], side=side), [*party, FILLER])
    found = problems(result, "side_conflict")
    assert bool(found) == conflict
    if conflict:
        assert found[0].cards == ("Odd One, Out",)
        assert alignment in found[0].message


# Resource count

def test_it_reports_fewer_resources_than_the_resource_values() -> None:
    """ "If your Pary Members have Resource Values of 15, 12, 12, and 13, your deck can have no fewer
    than 52 Resource cards in it." """
    party = [member(f"M{n}, Member", rv) for n, rv in enumerate((15, 12, 12, 13))]
    names = [(1, m["name"]) for m in party]
    filler = resource("Filler", frequency=60)
    short = validate(deck(names, [(51, "Filler")]), [*party, filler])
    [problem] = problems(short, "resource_count")
    assert "51" in problem.message and "52" in problem.message
    # The whole party short of cards of any kind is resource_count's problem alone.
    assert "restriction" not in codes(short)
    assert validate(deck(names, [(52, "Filler")]), [*party, filler]).legal
    assert validate(deck(names, [(53, "Filler")]), [*party, filler]).legal


def test_it_counts_pinned_resources() -> None:
    text = deck(OPEN_NAMES, [(6, "Filler")], pinned={"Open A": [(2, "Filler")]})
    assert validate(text, [*OPEN_PARTY, FILLER]).legal


# Frequency

def test_it_reports_more_copies_than_the_frequency(core: CardIndex) -> None:
    """ "Resource cards also have a Frequency value, which is how many of a given card you may have
    in your deck." Katana Lunge: "Frequency - 4". """
    cards = [*OPEN_PARTY, card(core, "Katana Lunge"), FILLER]
    assert not problems(validate(deck(OPEN_NAMES, [(4, "Katana Lunge"), (4, "Filler")]), cards), "frequency")
    result = validate(deck(OPEN_NAMES, [(5, "Katana Lunge"), (3, "Filler")]), cards)
    [problem] = problems(result, "frequency")
    assert problem.cards == ("Katana Lunge",)
    assert "5" in problem.message and "4" in problem.message


def test_it_counts_copies_over_every_section(core: CardIndex) -> None:
    """ "how many of a given card you may have in your deck": the deck, not one section. """
    cards = [*OPEN_PARTY, card(core, "Katana Lunge"), FILLER]
    text = deck(OPEN_NAMES, [(3, "Katana Lunge"), (3, "Filler")], pinned={"Open A": [(2, "Katana Lunge")]})
    assert [p.cards for p in problems(validate(text, cards), "frequency")] == [("Katana Lunge",)]


@pytest.mark.parametrize("name", ["Malachi's Laboratory", "Noxspace"])
def test_it_sets_no_limit_where_no_frequency_is_printed(name: str, core: CardIndex) -> None:
    """Malachi's Laboratory and Noxspace print no Frequency: no limit is checked (docs/rules-notes.md),
    and more than one copy gets a warning saying so."""
    cards = [*OPEN_PARTY, card(core, name), FILLER]
    assert card(core, name)["attributes"]["frequency"] is None
    one = validate(deck(OPEN_NAMES, [(1, name), (7, "Filler")]), cards)
    assert one.legal and one.warnings == []
    many = validate(deck(OPEN_NAMES, [(8, name)]), cards)
    assert many.legal, many.problems
    [warning] = many.warnings
    assert (warning.code, warning.severity, warning.cards) == ("frequency", "warning", (name,))


# Sections: restrictions and the assignment

def greedy_fills(text: str, index: CardIndex) -> bool:
    """Filling each member's section in party order with the first listed cards that fit it: the
    wrong method, here to show that a test deck really is a trap for it."""
    party: list[dict[str, Any]] = []
    stock: list[list[Any]] = []
    section = None
    for line in text.splitlines():
        if line.endswith(":"):
            section = line[:-1]
        elif section and line[:1].isdigit():
            count, name = line.split(" ", 1)
            record = card(index, name)
            if section == "Party":
                party.append(record)
            else:
                stock.append([record, int(count)])
    for pm in party:
        need = pm["attributes"]["rv"]
        for entry in stock:
            if need and restriction_of(pm).fits(entry[0]):
                taken = min(need, entry[1])
                entry[1] -= taken
                need -= taken
        if need:
            return False
    return True


def assert_sound_assignment(result: ValidationResult, index: CardIndex) -> None:
    """The summary's assignment gives each member its Resource Value in cards that fit it."""
    assignment = result.summary["assignment"]
    for label, cards in assignment.items():
        pm = card(index, re.sub(r" \(\d+\)$", "", label))
        assert sum(cards.values()) >= pm["attributes"]["rv"], label
        for name in cards:
            assert restriction_of(pm).fits(card(index, name)), (label, name)
    assigned = sum(n for cards in assignment.values() for n in cards.values())
    assert assigned == result.summary["sections"]["Resources"]


def test_it_finds_an_assignment_greedy_filling_misses() -> None:
    """The rules: "Usually, Party Members will also have a Resource Restriction – this is a rule
    that the Resource cards in that Member's “section” of your deck must follow."

    The first member takes anything, the second no Magic: the two cards without Magic must go to the
    second, though the first is listed first."""
    everyone = member("Galatea, Taker", 2)
    picky = member("Damien, Picky", 2, rr="No magic")
    shared, magic = resource("Shared Trick"), resource("Magic Trick", ("Magic",))
    index = CardIndex("qqdnd", [everyone, picky, shared, magic, *OPEN_PARTY[:2]])
    text = deck([(1, everyone["name"]), (1, picky["name"]), *OPEN_NAMES[:2]],
                [(2, "Shared Trick"), (6, "Magic Trick")])
    assert not greedy_fills(text, index)
    result = validate(text, index)
    assert result.legal, result.problems
    assert result.summary["assignment"]["Damien, Picky"] == {"Shared Trick": 2}
    assert_sound_assignment(result, index)


def test_it_finds_an_assignment_along_a_chain() -> None:
    """The rules: "Usually, Party Members will also have a Resource Restriction – this is a rule
    that the Resource cards in that Member's “section” of your deck must follow."

    A fits X or Y, B fits Y or Z, C fits only Z: listed Y, Z, X, greedy filling gives A the Y, B the
    Z, and leaves C nothing."""
    a = member("Ana, No Martial", 1, rr="No martial")
    b = member("Bo, No Magic", 1, rr="No magic")
    c = member("Cy, Items Or Attacks", 1, rr="Must be either items or attacks")
    x, y = resource("X Magic", ("Magic",)), resource("Y Skill", ("Skill",))
    z = resource("Z Attack", ("Martial", "Attack"))
    index = CardIndex("qqdnd", [a, b, c, x, y, z, OPEN_PARTY[0]])
    text = deck([(1, a["name"]), (1, b["name"]), (1, c["name"]), OPEN_NAMES[0]],
                [(1, "Y Skill"), (1, "Z Attack"), (1, "X Magic"), (2, "Y Skill")])
    assert not greedy_fills(text, index)
    result = validate(text, index)
    assert result.legal, result.problems
    assert result.summary["assignment"]["Cy, Items Or Attacks"] == {"Z Attack": 1}
    assert_sound_assignment(result, index)


def test_it_finds_the_assignment_of_a_deck_with_no_card_to_spare(core: CardIndex) -> None:
    """The rules: "Usually, Party Members will also have a Resource Restriction – this is a rule
    that the Resource cards in that Member's “section” of your deck must follow."

    Exactly 52 Resources for 10+13+13+16 and exactly 13 that deal no damage, listed first: Eptol
    Noir, listed first, must leave all 13 to Resmi Val'Rance."""
    text = (DECKS / "legal_exact_fit.txt").read_text()
    assert not greedy_fills(text, core)
    result = validate(text, core)
    assert result.legal, result.problems
    resmi = result.summary["assignment"]["Resmi Val'Rance, Village Pariah"]
    assert sum(resmi.values()) == 13
    assert not any(deals_damage(card(core, name)) for name in resmi)
    assert_sound_assignment(result, core)


def test_it_names_the_member_that_is_short(core: CardIndex) -> None:
    """The rules: "Usually, Party Members will also have a Resource Restriction – this is a rule
    that the Resource cards in that Member's “section” of your deck must follow."

    contract example: "Resmi Val'Rance needs 13 cards that deal no damage and are not Evil; only 12
    fit." """
    result = validate((DECKS / "illegal_resmi_short.txt").read_text(), core)
    [problem] = problems(result, "restriction")
    assert problem.message.startswith(
        "Resmi Val'Rance needs 13 cards that deal no damage and are not Evil; only 12 fit"
    )
    # The cards that could fit her, none of which deals damage.
    assert problem.cards and not any(deals_damage(card(core, name)) for name in problem.cards)
    assert {"Arm Up", "Deadshot", "Curative Potion", "Voicechat Network", "League of Samurai"} == set(problem.cards)


def test_it_blames_a_member_alone_when_only_its_own_cards_run_short() -> None:
    """A needs 3 and fits only X (2 copies); B fits X and Y. Whatever the flow gives B, A alone is
    short: the 5 Y are B's for the taking."""
    a = member("Ana, Picky", 3, rr="No magic")
    b = member("Bo, Easy", 3)
    x, y = resource("X Skill"), resource("Y Magic", ("Magic",))
    index = CardIndex("qqdnd", [a, b, x, y, *OPEN_PARTY[:2]])
    text = deck([(1, b["name"]), (1, a["name"]), *OPEN_NAMES[:2]], [(2, "X Skill"), (5, "Y Magic"), (4, "Y Magic")])
    [problem] = problems(validate(text, index), "restriction")
    assert problem.message.startswith("Ana needs 3 cards that are not Magic; only 2 fit")
    assert problem.cards == ("X Skill",)


def test_it_blames_members_together_when_they_compete_for_the_same_cards() -> None:
    """Hall's theorem: A and B each need 3 and both fit only X (5 copies); each alone could be
    served, but not both. The flow leaves one of them short; the problem names both, and not C."""
    a = member("Ana, No Magic", 3, rr="No magic")
    b = member("Bo, No Magic", 3, rr="No magic, no allies")
    c = member("Cy, Anything", 2)
    x, y = resource("X Skill"), resource("Y Magic", ("Magic",))
    index = CardIndex("qqdnd", [a, b, c, x, y, OPEN_PARTY[0]])
    text = deck([(1, a["name"]), (1, b["name"]), (1, c["name"]), OPEN_NAMES[0]], [(5, "X Skill"), (8, "Y Magic")])
    result = validate(text, index)
    [problem] = problems(result, "restriction")
    assert problem.message.startswith("Ana and Bo need 6 cards between them (3 + 3)")
    assert "only 5" in problem.message and "add 1" in problem.message
    assert "Cy" not in problem.message
    assert problem.cards == ("X Skill",)


def test_it_reports_each_group_that_is_short() -> None:
    """A (no Magic) and B (no Martial) each need 3 and each has 2 cards of its own; the cards that
    are both Magic and Martial fit only the other two members. Two shortfalls, one each."""
    a = member("Ana, No Magic", 3, rr="No magic")
    b = member("Bo, No Martial", 3, rr="No martial")
    x, y = resource("X Martial", ("Martial",)), resource("Y Magic", ("Magic",))
    z = resource("Z Both", ("Magic", "Martial"))
    index = CardIndex("qqdnd", [a, b, x, y, z, *OPEN_PARTY[:2]])
    text = deck([(1, a["name"]), (1, b["name"]), *OPEN_NAMES[:2]], [(2, "X Martial"), (2, "Y Magic"), (6, "Z Both")])
    found = sorted((p.message, p.cards) for p in problems(validate(text, index), "restriction"))
    assert len(found) == 2
    assert found[0][0].startswith("Ana needs 3 cards that are not Magic; only 2 fit")
    assert found[0][1] == ("X Martial",)
    assert found[1][0].startswith("Bo needs 3 cards that are not Martial; only 2 fit")
    assert found[1][1] == ("Y Magic",)


def test_it_reports_a_card_that_fits_no_member(core: CardIndex) -> None:
    """The rules: "Usually, Party Members will also have a Resource Restriction – this is a rule
    that the Resource cards in that Member's “section” of your deck must follow."

    Infernal Regeneration (an LE Spell) fits none of Resmi (no Evil), Eptol (no Evil), Sarinak (no
    Spells) and Will (no Evil), so it can be in no section."""
    result = validate((DECKS / "illegal_evil_card_in_good_party.txt").read_text(), core)
    unfit = [p for p in problems(result, "restriction") if p.cards == ("Infernal Regeneration",)]
    assert len(unfit) == 1
    assert result.summary["unassigned"] == {"Infernal Regeneration": 1}
    assert all("Infernal Regeneration" not in cards for cards in result.summary["assignment"].values())


def test_it_gives_cards_beyond_the_resource_values_to_a_member_they_fit() -> None:
    picky = member("Damien, Picky", 2, rr="No magic")
    magic = resource("Magic Trick", ("Magic",))
    index = CardIndex("qqdnd", [picky, magic, FILLER, *OPEN_PARTY[:3]])
    text = deck([(1, picky["name"]), *OPEN_NAMES[:3]], [(8, "Filler"), (4, "Magic Trick")])
    result = validate(text, index)
    assert result.legal, result.problems
    assert "Magic Trick" not in result.summary["assignment"]["Damien, Picky"]
    assert sum(n for cards in result.summary["assignment"].values() for n in cards.values()) == 12


# Pinned sections

def test_it_counts_pinned_cards_only_for_their_member() -> None:
    """ "Resources (Eptol Noir):" pins cards to one Party Member's section (contract). A and B take
    anything; 3 of the 4 X are pinned to A, so B, needing 2, finds only 1. """
    a, b = member("Ana, Anything", 2), member("Bo, Anything", 2)
    x = resource("X Skill")
    index = CardIndex("qqdnd", [a, b, x, member("Cy, Nothing", 0), member("Di, Nothing", 0)])
    text = deck([(1, a["name"]), (1, b["name"]), (1, "Cy, Nothing"), (1, "Di, Nothing")], [(1, "X Skill")],
                pinned={"Ana": [(3, "X Skill")]})
    [problem] = problems(validate(text, index), "restriction")
    assert problem.message.startswith("Bo needs 2 cards; only 1 fit")


@pytest.mark.parametrize("pin", ["Resmi Val'Rance", "resmi val\u2019rance", "Resmi Val'Rance, Village Pariah"])
def test_it_reads_a_pin_by_full_or_short_name(pin: str, core: CardIndex) -> None:
    original = (DECKS / "legal_pinned_cleric.txt").read_text()
    text = original.replace("Resources (Resmi Val'Rance):", f"Resources ({pin}):")
    result = validate(text, core)
    assert result.legal, result.problems
    resmi = result.summary["assignment"]["Resmi Val'Rance, Village Pariah"]
    assert sum(resmi.values()) >= 13
    assert {"Channel Positive Energy": 3, "Cure Wounds": 2}.items() <= resmi.items()


def test_it_reports_a_pin_that_names_no_party_member(core: CardIndex) -> None:
    text = (DECKS / "legal_pinned_cleric.txt").read_text().replace("Resources (Resmi Val'Rance):", "Resources (Resmo):")
    result = validate(text, core)
    [pinned] = [p for p in problems(result, "restriction") if "Resmo" in p.message]
    assert set(pinned.cards) == {"Channel Positive Energy", "Cure Wounds", "Allgods Church",
                                 "The Hall of the Just and Righteous", "Pious Villager", "Curative Potion"}
    assert result.summary["unassigned"]["Cure Wounds"] == 2


def test_it_reports_pinned_cards_that_break_the_members_restriction(core: CardIndex) -> None:
    """The rules: "Usually, Party Members will also have a Resource Restriction – this is a rule
    that the Resource cards in that Member's “section” of your deck must follow."

    Katana Lunge deals damage; Resmi Val'Rance's section takes none."""
    text = (DECKS / "legal_pinned_cleric.txt").read_text().replace(
        "1 Allgods Church\n", "1 Allgods Church\n1 Katana Lunge\n")
    result = validate(text, core)
    [problem] = [p for p in problems(result, "restriction") if p.cards == ("Katana Lunge",)]
    assert "Resmi Val'Rance" in problem.message and "Cannot deal damage, no Evil." in problem.message


# What each restriction term means for a Resource

@pytest.mark.parametrize(
    ("term", "fits", "breaks"),
    [
        ("no_evil", ["Pious Villager", "Channel Positive Energy", "Arm Up"],
         ["Raging Savage", "Gluttony", "Infernal Regeneration", "Liquidate Assetts"]),
        ("no_good", ["Samurai Slayer", "Raging Savage", "Arm Up"],
         ["TB Towers", "Louise Lake, Shieldmaiden", "Cure Wounds", "The Hall of the Just and Righteous"]),
        ("no_lawful", ["Raging Savage", "Pious Villager"],
         ["League of Samurai", "Samurai Slayer", "The Hall of the Just and Righteous"]),
        ("no_chaotic", ["League of Samurai", "Arm Up"], ["Raging Savage"]),
        ("no_spells", ["Spellstrike", "Arm Up", "Channel Positive Energy"],
         ["Burning Hands", "Cure Wounds", "Infernal Regeneration"]),
        ("no_allies", ["Golden Katana", "Riding Camel"], ["Samurai Slayer", "Pious Villager", "C.O.R.E"]),
        ("no_martial", ["Arm Up", "Golden Katana"], ["Katana Lunge", "Deadshot", "Pummel"]),
        ("no_magic", ["Arm Up", "Katana Lunge"], ["Grease", "Channel Positive Energy", "Spellstrike"]),
        ("only:item|attack", ["Golden Katana", "Katana Lunge", "Chainmail Shirt"], ["Arm Up", "Grease"]),
    ],
)
def test_it_reads_each_restriction_term(term: str, fits: list[str], breaks: list[str], core: CardIndex) -> None:
    """A Resource holds a side by its alignment tag or a side printed as a subtype word; the other
    terms name subtypes (docs/rules-notes.md, "What each restriction term means")."""
    meaning = compile_term(term)
    assert [name for name in fits if not meaning.allows(card(core, name))] == []
    assert [name for name in breaks if meaning.allows(card(core, name))] == []


@pytest.mark.parametrize(
    ("name", "deals"),
    [
        ("Katana Lunge", True),            # "Deal 1 damage to target card"
        ("Starguard", True),               # "Guard's Strike: (10-7) Deal one damage"
        ("Mothdragon", True),              # "Sporebreath: (9) Deal two damage"
        ("Alchemical Bomb", True),         # "Deal one damage to a random Party Member"
        ("Golden Katana", True),           # grants "Golden Strike: (13) Deal 1 damage"
        ("Holo-Trident", True),            # grants "Trident Hurl: [...] deal one damage"
        ("Dragonsmouth Bow", True),        # grants "Dragonshot: (10) Deal 1 damage"
        ("Burning Hands", True),           # "Equipped card takes 1 damage"
        ("Strength Mutagen", True),        # "it deals 1 damage more"
        ("Holo-Lance", True),              # "deals 1 additional damage"
        ("Spellstrike", True),             # "increase that damage by one"
        ("Skulking Sniper", False),        # "Whenever this card deals damage to a Resource"
        ("TB Towers", False),              # "The first time a card you control takes damage"
        ("Riding Camel", False),           # "When equipped card would be dealt damage"
        ("Cure Wounds", False),            # "Remove up to 2 damage counters"
        ("Deadshot", False),               # "Discard target Resource with one or more Damage counters"
        ("Infernal Regeneration", False),  # "equal to the number of damage counters"
        ("Chainmail Shirt", False),        # "Block 1"
        ("Arm Up", False),
    ],
)
def test_it_reads_cannot_deal_damage(name: str, deals: bool, core: CardIndex) -> None:
    """Resmi Val'Rance: "RR: Cannot deal damage, no Evil." A card deals damage when its text (with
    the Actions it grants) makes damage happen or adds to it; a trigger or condition on damage
    with no amount, and removing Damage counters, do not (docs/rules-notes.md)."""
    assert deals_damage(card(core, name)) is deals
    assert compile_term("cannot_deal_damage").allows(card(core, name)) is not deals


def test_it_understands_every_term_a_restriction_is_read_into() -> None:
    for term in KNOWN_TERMS:
        assert compile_term(term).description


def test_it_reads_a_new_no_subtype_phrase_as_a_subtype_ban() -> None:
    assert not compile_term("no_technology").allows(resource("Gadget", ("Item", "Technology")))
    assert compile_term("no_technology").allows(resource("Stick", ("Item",)))


def test_it_refuses_a_term_it_cannot_read() -> None:
    with pytest.raises(ValueError, match="always_blue"):
        compile_term("always_blue")


def test_it_describes_a_restriction_in_words(core: CardIndex) -> None:
    resmi = restriction_of(card(core, "Resmi Val'Rance, Village Pariah"))
    assert resmi.description == "deal no damage and are not Evil"
    assert restriction_of(card(core, "Galatea, Adaptive Gynoid")).description == ""


def test_it_reads_an_unprepared_party_member_by_its_printed_restriction(core: CardIndex) -> None:
    raw = {**card(core, "Eptol Noir, Forgetful Ronin")}
    raw["attributes"] = {k: v for k, v in raw["attributes"].items() if k != "rr_terms"}
    assert not restriction_of(raw).fits(card(core, "Grease"))
    assert restriction_of(raw).fits(card(core, "Katana Lunge"))


# Complete deck lists

def expectations(path: Path) -> tuple[bool, set[str], set[str]]:
    return expectation(path.read_text(encoding="utf-8"))


DECK_FILES = sample_deck_lists("qqdnd")


def test_it_has_legal_and_illegal_deck_lists() -> None:
    verdicts = [expectations(path)[0] for path in DECK_FILES]
    assert verdicts.count(True) >= 4 and verdicts.count(False) >= 4


@pytest.mark.parametrize("path", DECK_FILES, ids=lambda p: p.stem)
def test_it_judges_each_deck_list(path: Path, core: CardIndex) -> None:
    legal, expected, warnings = expectations(path)
    result = validate(path.read_text(), core)
    assert result.legal is legal
    assert codes(result) == expected, [p.message for p in result.problems]
    assert {w.code for w in result.warnings} == warnings
    if legal:
        assert_sound_assignment(result, core)


def test_it_reads_names_as_the_list_wrote_them(core: CardIndex) -> None:
    # "Sniper’s Camp" is written with a typographic apostrophe in legal_lawful_no_headers.txt.
    text = (DECKS / "legal_lawful_no_headers.txt").read_text()
    assert "Sniper\u2019s Camp" in text
    assigned = {normalize_name(n) for cards in validate(text, core).summary["assignment"].values() for n in cards}
    assert normalize_name("Sniper's Camp") in assigned


# Lists built to be expensive

def test_a_party_far_over_four_is_told_its_size_without_a_section_check() -> None:
    """ "Each deck has 4 Party Members": a list of 999 copies of each Party Member (half a million
    in 500 lines) is answered with party_size; its sections are not planned member by member."""
    party = [member(f"Member {n}, Someone", 1) for n in range(10)]
    lines = [(999, party[i % len(party)]["name"]) for i in range(400)]
    result = validate(deck(lines, [(8, "Filler")]), [*party, FILLER])
    [problem] = problems(result, "party_size")
    assert "has 399,600 Party Members" in problem.message
    assert f"not checked until it has at most {MAX_CHECKED_PARTY}" in problem.message
    assert "assignment" not in result.summary and "restriction" not in codes(result)


def test_a_party_up_to_twice_four_still_gets_its_sections_checked() -> None:
    """A deck being built may have a member or two too many: its sections are still planned."""
    party = [member(f"Member {n}, Someone", 1, rr="No magic") for n in range(MAX_CHECKED_PARTY)]
    magic = resource("Fireball", subtypes=("Magic",))
    result = validate(deck([(1, m["name"]) for m in party], [(8, "Fireball")]), [*party, magic])
    assert len(result.summary["assignment"]) == MAX_CHECKED_PARTY
    assert "restriction" in codes(result)


def test_a_problem_about_many_cards_names_the_first_twenty_in_the_answer() -> None:
    """ "Resource Restriction – this is a rule that the Resource cards in that Member's “section”
    of your deck must follow": 30 cards that fit no member make one problem; the answer lists 20
    of its cards and counts the rest, and its message names 10."""
    party = [member(f"Picky {n}, Someone", 1, rr="No magic") for n in "ABCD"]
    spells = [resource(f"Spell {n}", subtypes=("Magic",)) for n in range(30)]
    result = validate(deck([(1, m["name"]) for m in party], [(1, s["name"]) for s in spells] + [(4, "Filler")]),
                      [*party, *spells, FILLER])
    [unfit] = [p for p in problems(result, "restriction") if len(p.cards) == 30]
    assert "and 20 more" in unfit.message
    shown = next(p for p in result.as_dict()["problems"] if p["message"] == unfit.message)
    assert shown["cards"] == list(unfit.cards[:MAX_CARDS_SHOWN]) and shown["cards_omitted"] == 30 - MAX_CARDS_SHOWN


def test_an_answer_lists_the_first_fifty_problems_and_counts_the_rest() -> None:
    """Every copy over a Resource's Frequency is a problem: "Resource cards also have a Frequency
    value, which is how many of a given card you may have in your deck." 120 such cards make 120
    problems; the answer lists 50 and says how many it left out, and the deck is still illegal."""
    limited = [resource(f"Rare {n}", frequency=1) for n in range(120)]
    result = validate(deck(OPEN_NAMES, [(2, r["name"]) for r in limited]), [*OPEN_PARTY, *limited])
    answer = result.as_dict()
    assert len(problems(result, "frequency")) == 120
    assert answer["legal"] is False and len(answer["problems"]) == MAX_PROBLEMS_SHOWN
    assert answer["omitted"] == {"problems": len(result.problems) - MAX_PROBLEMS_SHOWN, "warnings": 0}
