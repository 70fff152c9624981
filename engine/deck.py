"""A deck whose card names have been resolved to card records: what each game's rules check.

Parsing text into a deck list is engine/decklist.py's job; resolving names (and reporting
unknown cards and cards in the wrong section) is engine/validation.py's. A game's rules module
(engine/games/<slug>/rules.py) receives a ResolvedDeck and adds its problems to a
ValidationResult:

    def check(deck: ResolvedDeck, result: ValidationResult) -> None
"""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class DeckCard:
    """Some copies of one card in one section of a deck."""

    card: dict[str, Any]  # the card record: name, card_type, subtypes, text, attributes
    count: int
    section: str  # "Party", "Resources", "Condemned", "Deck", "Lifeblood", "Sideboard"
    pinned_to: str | None = None  # QQDND "Resources (Eptol Noir):" pins cards to one member

    @property
    def name(self) -> str:
        return str(self.card["name"])

    @property
    def card_type(self) -> str:
        return str(self.card["card_type"])

    @property
    def attributes(self) -> dict[str, Any]:
        return dict(self.card["attributes"])


@dataclass
class ResolvedDeck:
    game: str
    format: str
    headers: dict[str, str] = field(default_factory=dict)  # e.g. {"Side": "Good", "Name": "..."}
    entries: list[DeckCard] = field(default_factory=list)

    def section(self, name: str) -> list[DeckCard]:
        return [e for e in self.entries if e.section == name]

    def of_type(self, card_type: str, section: str | None = None) -> Iterator[DeckCard]:
        return (e for e in self.entries if e.card_type == card_type and (section is None or e.section == section))

    def count(self, section: str | None = None) -> int:
        return sum(e.count for e in self.entries if section is None or e.section == section)

    def contents(self) -> tuple[tuple[str, str, int], ...]:
        """What the deck plays, (section, card name, copies) sorted, whatever its list's order and name:
        two lists with the same contents are the same deck."""
        copies: dict[tuple[str, str], int] = {}
        for entry in self.entries:
            key = (entry.section, entry.name)
            copies[key] = copies.get(key, 0) + entry.count
        return tuple(sorted((section, name, count) for (section, name), count in copies.items()))
