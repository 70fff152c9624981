"""ResolvedDeck.contents: what a deck plays, whatever its list's name and order (two lists with the same
contents are one deck, as the gauntlet bench counts its opponents)."""
from __future__ import annotations

from pathlib import Path

from engine.cli import load_cards
from engine.validation import CardIndex, check_decklist

SAMPLE = Path(__file__).resolve().parents[2] / "bench" / "decks" / "condemned.txt"


def contents_of(text: str) -> tuple[tuple[str, str, int], ...]:
    return check_decklist("condemned", text, CardIndex("condemned", load_cards("condemned"))).deck.contents()


def card_lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if line[:1].isdigit()]


def test_the_same_cards_under_another_name_and_order_are_the_same_contents() -> None:
    text = SAMPLE.read_text(encoding="utf-8")
    deck_section = text[text.index("Deck:\n") + len("Deck:\n"):].strip().splitlines()
    reordered = text.replace("\n".join(deck_section), "\n".join(reversed(deck_section)))
    renamed = reordered.replace("Name: Brute Force", "Name: Another name")

    assert renamed != text
    assert contents_of(renamed) == contents_of(text)


def test_one_copy_less_is_other_contents() -> None:
    text = SAMPLE.read_text(encoding="utf-8")
    line = next(line for line in card_lines(text) if not line.startswith("1 "))
    count, name = line.split(" ", 1)
    fewer = text.replace(line, f"{int(count) - 1} {name}", 1)

    assert contents_of(fewer) != contents_of(text)
    assert (next(c for c in contents_of(fewer) if c[1] == name)[2]
            == next(c for c in contents_of(text) if c[1] == name)[2] - 1)
