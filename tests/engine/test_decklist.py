"""The deck list text format (contract.md, "Deck list text format"): reading and writing it."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.deck import DeckCard, ResolvedDeck
from engine.decklist import (
    MAX_CHARACTERS,
    MAX_LINES,
    DecklistTooLong,
    normalize_name,
    parse_decklist,
    write_decklist,
)
from engine.games import game_schema
from engine.validation import CardIndex, ListedCard, resolve, validate_decklist

ROOT = Path(__file__).resolve().parents[2]


def entries_of(text: str, game: str | None = "qqdnd") -> list[tuple[str, int, str | None, str | None]]:
    return [(e.name, e.count, e.section, e.pinned_to) for e in parse_decklist(text, game).entries]


def error_lines(text: str, game: str | None = "qqdnd") -> list[int | None]:
    return [p.line for p in parse_decklist(text, game).problems]


# Counts and names

def test_it_reads_n_name_and_nx_name() -> None:
    assert entries_of("4 Katana Lunge\n3x Lotus Slash\n2X Sword Throw") == [
        ("Katana Lunge", 4, None, None),
        ("Lotus Slash", 3, None, None),
        ("Sword Throw", 2, None, None),
    ]


def test_it_reads_a_bare_name_as_one_copy() -> None:
    assert entries_of("Arm Up\nEptol Noir, Forgetful Ronin") == [
        ("Arm Up", 1, None, None),
        ("Eptol Noir, Forgetful Ronin", 1, None, None),
    ]


def test_it_keeps_a_name_that_begins_with_digits_whole() -> None:
    # No white space after the digits: a name such as "10th-Hour Beast", not a count.
    assert entries_of("10th-Hour Beast", game=None) == [("10th-Hour Beast", 1, None, None)]


def test_it_sums_the_same_card_on_several_lines() -> None:
    """contract: "The same card on several lines is summed.\""""
    parsed = parse_decklist("2 Katana Lunge\n1 Arm Up\n1 katana  lunge\nKATANA LUNGE", "qqdnd")
    assert [(e.name, e.count, e.lines) for e in parsed.entries] == [
        ("Katana Lunge", 4, (1, 3, 4)),
        ("Arm Up", 1, (2,)),
    ]


def test_it_does_not_sum_a_card_across_sections() -> None:
    text = "Resources:\n2 Arm Up\nResources (Resmi):\n1 Arm Up\nResources:\n1 Arm Up"
    assert entries_of(text) == [("Arm Up", 3, "Resources", None), ("Arm Up", 1, "Resources", "Resmi")]


def test_it_accepts_999_copies_on_a_line() -> None:
    assert entries_of("999 Katana Lunge") == [("Katana Lunge", 999, None, None)]


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("0 Katana Lunge", "at least 1"),
        ("-2 Katana Lunge", "at least 1"),
        ("1000 Katana Lunge", "at most 999"),
        ("4", "card name after the count"),
        ("4x", "card name after the count"),
    ],
)
def test_it_rejects_a_bad_count_naming_the_line(line: str, expected: str) -> None:
    """contract: "Bad input gets a clear error naming the line number and what was expected".
    Limits: "999 copies a line"."""
    parsed = parse_decklist(f"# a comment\n\n{line}\n1 Arm Up", "qqdnd")
    [problem] = parsed.problems
    assert problem.code == "parse_error"
    assert problem.line == 3
    assert problem.message.startswith("Line 3:")
    assert expected in problem.message
    assert entries_of(f"{line}\n1 Arm Up") == [("Arm Up", 1, None, None)]


def test_it_refuses_a_count_of_thousands_of_digits_by_its_length() -> None:
    """A count of 5,000 digits is over Python's limit for reading numbers (4,300 digits): it is a
    parse error naming the line, not a crash."""
    parsed = parse_decklist(f"1 Arm Up\n{'9' * 5000} Katana Lunge\n", "qqdnd")
    [problem] = parsed.problems
    assert (problem.code, problem.line) == ("parse_error", 2)
    assert "at most 999 copies a line" in problem.message and "5,000 digits" in problem.message
    assert entries_of("1 Arm Up") == [("Arm Up", 1, None, None)]


# Invisible characters and line breaks

def test_it_reads_a_list_saved_with_a_byte_order_mark() -> None:
    """Windows editors start a UTF-8 file with U+FEFF; the first line is still a card line."""
    parsed = parse_decklist("\ufeff4 Katana Lunge\n1 Arm Up\n", "qqdnd")
    assert parsed.problems == []
    assert entries_of("\ufeff4 Katana Lunge\n1 Arm Up\n") == [
        ("Katana Lunge", 4, None, None),
        ("Arm Up", 1, None, None),
    ]


@pytest.mark.parametrize(
    "written",
    [
        "Kata\u200bna Lunge",  # zero-width space
        "Katana\u200d Lunge",  # zero-width joiner
        "Katana Lu\u00adnge",  # soft hyphen
        "\u202eKatana Lunge\u202c",  # right-to-left override and its end
        "Katana\x00 Lunge",  # NUL
        "Katana Lunge\u2060",  # word joiner
    ],
)
def test_it_ignores_invisible_characters_inside_card_names(written: str, qqdnd_cards: CardIndex) -> None:
    """A name that looks like a card's is that card, whatever unseen characters it carries."""
    result = validate_decklist("qqdnd", f"Resources:\n4 {written}\n", qqdnd_cards)
    assert "unknown_card" not in [p.code for p in result.problems]
    assert result.summary["sections"]["Resources"] == 4


def test_it_drops_nul_and_direction_marks_from_headers() -> None:
    """A "Name:" or "Side:" header with a NUL would be a value no database stores."""
    parsed = parse_decklist("Name: Samurai\x00 Rush\u202e\nSide: Go\x00od\nParty:\n", "qqdnd")
    assert parsed.headers == {"Name": "Samurai Rush", "Side": "Good"}
    assert parsed.problems == []


@pytest.mark.parametrize("separator", ["\v", "\f", "\u2028", "\u2029", "\x85", "\x1c"])
def test_only_newlines_and_carriage_returns_break_lines(separator: str) -> None:
    """Line numbers are an editor's: vertical tab, form feed, U+2028 and the like are white space
    inside a line, so the error on the third line an editor shows is reported on line 3."""
    text = f"4 Katana{separator}Lunge\r\n1 Arm Up\r0 Lotus Slash\n"
    parsed = parse_decklist(text, "qqdnd")
    assert [p.line for p in parsed.problems] == [3]
    assert entries_of(text) == [("Katana Lunge", 4, None, None), ("Arm Up", 1, None, None)]


def test_the_line_limit_counts_lines_as_an_editor_does() -> None:
    """contract: "Limits: [...] 500 lines": 500 lines joined by form feeds are one line."""
    parse_decklist("1 Arm Up\f" * (MAX_LINES * 2), "qqdnd")
    with pytest.raises(DecklistTooLong):
        parse_decklist("1 Arm Up\r" * (MAX_LINES + 1), "qqdnd")


# Name normalisation

@pytest.mark.parametrize(
    ("written", "printed"),
    [
        ("ALCHEMIST'S FIRE", "Alchemist's Fire"),
        ("Alchemist\u2019s Fire", "Alchemist's Fire"),
        ("Alchemist\u2018s   Fire", "Alchemist's Fire"),
        ("  holo\u2013lance ", "Holo-Lance"),
        ("Holo\u2014Lance", "Holo-Lance"),
        ("Holo\u2212Lance", "Holo-Lance"),
        ("Sarinak Ara\u2019ahna,\tClanless\u00a0Archer", "Sarinak Ara'ahna, Clanless Archer"),
        ("\u201cQuoted\u201d Card", '"Quoted" Card'),
    ],
)
def test_it_normalises_case_white_space_apostrophes_and_dashes(written: str, printed: str) -> None:
    """contract: "Card names match case-insensitively, with runs of white space folded and
    typographic apostrophes and dashes treated as their plain forms.\""""
    assert normalize_name(written) == normalize_name(printed)


def test_it_tells_different_names_apart() -> None:
    assert normalize_name("Holo-Lance") != normalize_name("Holo-Trident")
    assert normalize_name("Holo-Lance") != normalize_name("Holo Lance")


# Headers and sections

def test_it_reads_headers_before_the_first_section() -> None:
    parsed = parse_decklist("# deck\nName: Samurai Rush\nside:  Good\nFORMAT: constructed\nParty:\n", "qqdnd")
    assert parsed.headers == {"Name": "Samurai Rush", "Side": "Good", "Format": "constructed"}
    assert parsed.problems == []


def test_it_rejects_a_header_after_the_first_section() -> None:
    """contract: "optional header lines "Key: value" before the first section"."""
    parsed = parse_decklist("Party:\n1 Eptol Noir, Forgetful Ronin\nSide: Good", "qqdnd")
    assert [(p.code, p.line) for p in parsed.problems] == [("parse_error", 3)]
    assert "before the first section" in parsed.problems[0].message
    assert parsed.headers == {}


def test_it_rejects_a_header_given_twice() -> None:
    parsed = parse_decklist("Side: Good\nside: Evil", "qqdnd")
    assert [(p.code, p.line) for p in parsed.problems] == [("parse_error", 2)]
    assert "line 1" in parsed.problems[0].message
    assert parsed.headers == {"Side": "Good"}


def test_it_reads_a_card_with_a_colon_when_it_has_a_count() -> None:
    assert entries_of("Party:\n1 Side: Good") == [("Side: Good", 1, "Party", None)]


def test_it_reads_section_headers_in_any_case() -> None:
    text = "party:\n1 Eptol Noir, Forgetful Ronin\nRESOURCES :\n4 Katana Lunge"
    assert entries_of(text) == [
        ("Eptol Noir, Forgetful Ronin", 1, "Party", None),
        ("Katana Lunge", 4, "Resources", None),
    ]


def test_it_reads_a_pinned_resources_section() -> None:
    text = "Resources (Eptol Noir):\n4 Katana Lunge\nResources:\n2 Arm Up"
    assert entries_of(text) == [
        ("Katana Lunge", 4, "Resources", "Eptol Noir"),
        ("Arm Up", 2, "Resources", None),
    ]


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("Deck:", "not a section of QQDND CCG"),
        ("Commander:", "not a section of QQDND CCG"),
        ("Name:", "not a section of QQDND CCG"),
        ("Party (Eptol Noir):", "cannot be pinned"),
        ("Resources ( ):", "Party Member's name"),
    ],
)
def test_it_rejects_a_section_the_game_does_not_have(line: str, expected: str) -> None:
    parsed = parse_decklist(f"Side: Good\n{line}\n1 Arm Up", "qqdnd")
    assert [(p.code, p.line) for p in parsed.problems] == [("parse_error", 2)]
    assert expected in parsed.problems[0].message


def test_it_accepts_every_games_sections_without_a_game() -> None:
    text = "Lifeblood:\n1 A\nSideboard:\n1 B\nCondemned:\n1 C\nDeck:\n1 D\nParty:\n1 E\nResources:\n1 F"
    assert [e.section for e in parse_decklist(text).entries] == [
        "Lifeblood", "Sideboard", "Condemned", "Deck", "Party", "Resources",
    ]


def test_it_reports_every_bad_line_and_reads_the_rest() -> None:
    text = "Side: Good\nParty:\n0 Eptol Noir, Forgetful Ronin\nDeck:\n1000 Arm Up\nResources:\n4 Katana Lunge"
    assert error_lines(text) == [3, 4, 5]
    assert entries_of(text) == [("Katana Lunge", 4, "Resources", None)]


def test_it_ignores_comments_and_blank_lines_but_counts_them() -> None:
    parsed = parse_decklist("# one\n\n   \n  # two\n0 Arm Up", "qqdnd")
    assert [p.line for p in parsed.problems] == [5]
    assert parsed.entries == []


# Limits

def test_it_accepts_a_list_at_the_limits() -> None:
    lines = ["1 Arm Up"] * MAX_LINES
    parse_decklist("\n".join(lines), "qqdnd")
    parse_decklist("#" * MAX_CHARACTERS, "qqdnd")


def test_it_refuses_a_list_over_the_character_limit() -> None:
    """contract: "Limits: 20,000 characters, 500 lines, 999 copies a line.\""""
    with pytest.raises(DecklistTooLong, match="20,000"):
        parse_decklist("#" * (MAX_CHARACTERS + 1), "qqdnd")


def test_it_refuses_a_list_over_the_line_limit() -> None:
    with pytest.raises(DecklistTooLong, match="500"):
        parse_decklist("\n".join(["1 Arm Up"] * (MAX_LINES + 1)), "qqdnd")


# Writing

@pytest.fixture(scope="module")
def qqdnd_cards() -> CardIndex:
    schema = game_schema("qqdnd")
    fixture = json.loads((ROOT / "fixtures" / "qqdnd" / "core.json").read_text())
    return CardIndex("qqdnd", [schema.prepare(card) for card in fixture["cards"]])


def deck_card(index: CardIndex, name: str, count: int, section: str, pinned_to: str | None = None) -> DeckCard:
    card = index.get(name)
    assert card is not None, name
    return DeckCard(card, count, section, pinned_to)


def test_it_writes_sections_in_the_games_order_with_cards_sorted_by_type_then_name(
    qqdnd_cards: CardIndex,
) -> None:
    """contract: "Export writes this format, sections in the order above, cards sorted by type then
    name"."""
    entries = [
        deck_card(qqdnd_cards, "Katana Lunge", 4, "Resources", "Eptol Noir"),
        deck_card(qqdnd_cards, "Lotus Slash", 3, "Resources"),
        deck_card(qqdnd_cards, "Will, Euclid", 1, "Party"),
        deck_card(qqdnd_cards, "Arm Up", 2, "Resources"),
        deck_card(qqdnd_cards, "Cure Wounds", 2, "Resources", "Resmi"),
        deck_card(qqdnd_cards, "Eptol Noir, Forgetful Ronin", 1, "Party"),
    ]
    text = write_decklist("qqdnd", {"Name": "Test", "Side": "Good"}, entries)
    assert text == (
        "Name: Test\nSide: Good\n\n"
        "Party:\n1 Eptol Noir, Forgetful Ronin\n1 Will, Euclid\n\n"
        "Resources:\n2 Arm Up\n3 Lotus Slash\n\n"
        "Resources (Eptol Noir):\n4 Katana Lunge\n\n"
        "Resources (Resmi):\n2 Cure Wounds\n"
    )


def test_it_sorts_by_card_type_before_name() -> None:
    """The Condemned's Deck holds Weapons, Armor and Events: they are written in the schema's order
    of card types (Weapon, Armor, Event), by name within each."""
    fixture = json.loads((ROOT / "fixtures" / "condemned" / "demo.json").read_text())
    index = CardIndex("condemned", fixture["cards"])
    entries = [
        DeckCard(index.get(name) or {}, 1, "Deck")
        for name in ("Critical Failure", "Torch", "Exo-Head", "Alpha Strike", "Blowgun")
    ]
    entries.append(DeckCard(index.get("Sentinel") or {}, 1, "Condemned"))
    assert write_decklist("condemned", {}, entries) == (
        "Condemned:\n1 Sentinel\n\n"
        "Deck:\n1 Blowgun\n1 Torch\n1 Exo-Head\n1 Alpha Strike\n1 Critical Failure\n"
    )


def test_it_splits_more_than_999_copies_over_lines(qqdnd_cards: CardIndex) -> None:
    text = write_decklist("qqdnd", {}, [deck_card(qqdnd_cards, "Arm Up", 1500, "Resources")])
    assert text == "Resources:\n999 Arm Up\n501 Arm Up\n"
    assert entries_of(text) == [("Arm Up", 1500, "Resources", None)]


def test_it_leaves_out_a_header_without_a_value(qqdnd_cards: CardIndex) -> None:
    text = write_decklist("qqdnd", {"Name": " ", "Side": "Good"}, [])
    assert text == "Side: Good\n"


def test_it_refuses_to_write_what_it_could_not_read_back(qqdnd_cards: CardIndex) -> None:
    with pytest.raises(ValueError, match="header key"):
        write_decklist("qqdnd", {"Deck name": "x"}, [])
    with pytest.raises(ValueError, match="not a section"):
        write_decklist("qqdnd", {}, [deck_card(qqdnd_cards, "Arm Up", 1, "Deck")])


DECKS = ROOT / "tests" / "engine" / "decks" / "qqdnd"


@pytest.mark.parametrize("path", sorted(DECKS.glob("legal_*.txt")), ids=lambda p: p.stem)
def test_it_reads_back_what_it_writes(path: Path, qqdnd_cards: CardIndex) -> None:
    """contract: "Export writes this format [...] and re-imports to the same deck (round trip).\""""
    first = validate_decklist("qqdnd", path.read_text(), qqdnd_cards)
    deck = first_deck(path.read_text(), qqdnd_cards)
    text = write_decklist("qqdnd", deck.headers, deck.entries)
    again = first_deck(text, qqdnd_cards)
    assert again.headers == deck.headers
    assert canonical(again.entries) == canonical(deck.entries)
    assert validate_decklist("qqdnd", text, qqdnd_cards).as_dict() == first.as_dict()


def first_deck(text: str, index: CardIndex) -> ResolvedDeck:
    parsed = parse_decklist(text, "qqdnd")
    assert parsed.problems == []
    listed = []
    for entry in parsed.entries:
        card = index.get(entry.name)
        assert card is not None
        listed.append(ListedCard(card, entry.count, entry.section, entry.pinned_to))
    return resolve("qqdnd", listed, headers=parsed.headers).deck


def canonical(entries: list[DeckCard]) -> list[tuple[str, int, str, str | None]]:
    return sorted((e.name, e.count, e.section, e.pinned_to) for e in entries)
