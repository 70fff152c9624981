"""The two-deck Games of a game's recent deck pairs, kept between calls.

A worker plays a matchup a slice of games at a time, and each call of run_matchup asks for the same two
Games again (deck A first, then deck B first). A Game never changes once built, and the heuristic
players keep their per-Game tables (a deck's opening-hand worth, its card-worth tables) keyed by the
Game: building it again for every slice throws those tables away, and measuring them again cost more
than the slice's games. So the Games are kept, keyed by the two decks' entries (the cards and counts,
which are all a two-deck Game is made of), as each kit's goldfish_game keeps its deck's Game.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

from engine.deck import DeckCard, ResolvedDeck

GameT = TypeVar("GameT")

KEPT_PAIRS = 8  # a gauntlet's chunks come a pairing at a time: a few pairs (two Games each) suffice


class PairGames(Generic[GameT]):
    """The last KEPT_PAIRS Games made by `build(first deck, second deck)`, newest first."""

    def __init__(self, build: Callable[[ResolvedDeck, ResolvedDeck], GameT]) -> None:
        self.build = build
        self.kept: list[tuple[list[DeckCard], list[DeckCard], GameT]] = []

    def __call__(self, first: ResolvedDeck, second: ResolvedDeck) -> GameT:
        for index, (first_entries, second_entries, game) in enumerate(self.kept):
            if first_entries == first.entries and second_entries == second.entries:
                if index:
                    self.kept.insert(0, self.kept.pop(index))
                return game
        game = self.build(first, second)
        self.kept.insert(0, (list(first.entries), list(second.entries), game))
        del self.kept[KEPT_PAIRS:]
        return game
