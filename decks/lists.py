"""Checking a deck list against a game's cards, for the validate endpoint and for saving decks.

Saving needs the resolved deck as well as the verdict (to write the canonical text and the
DeckCard rows), and the builder needs its chart data: the engine's check_decklist gives both.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.deck import ResolvedDeck
from engine.problems import Problem, ValidationResult
from engine.stats import deck_stats
from engine.validation import CardIndex, check_decklist

# Problems that make a list unsaveable (the deck it describes is not the deck that was written),
# each with how a refusal names it. A list that breaks only construction rules is saved: a deck
# is built over many saves.
REFUSALS: dict[str, str] = {
    "parse_error": "lines that are not card lines",
    "unknown_card": "names no card has",
    "zone": "cards in a section they can't go in",
    "format": "a format the game does not have",
}


@dataclass(frozen=True)
class GameCards:
    """A game's cards, ready for checking lists: the engine's index and each card's row id."""

    game: str
    index: CardIndex
    ids: dict[str, int]  # card name -> Card.pk, to write DeckCard rows


@dataclass(frozen=True)
class CheckedList:
    result: ValidationResult
    deck: ResolvedDeck  # the cards that could be read and placed

    @property
    def refusals(self) -> list[Problem]:
        return [p for p in self.result.problems if p.code in REFUSALS]

    def stats(self) -> dict[str, Any]:
        return deck_stats(self.deck)


def check_list(cards: GameCards, text: str, format: str | None = None) -> CheckedList:
    """Validate a list and resolve it. Raises DecklistTooLong for a list over the size limits."""
    checked = check_decklist(cards.game, text, cards.index, format)
    return CheckedList(checked.result, checked.deck)
