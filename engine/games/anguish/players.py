"""Anguish's players (engine/players/base.py): the heuristic player (heuristic.py) and the goldfish.

Goldfish games: the deck against an opponent with an empty board and a full Lifeblood that plays
nothing. A game ends when the End Game is triggered (a Lifeblood is empty) or when the 11th Hour
ends; it is won when the goldfish's Lifeblood was emptied (record.py says what a game reports).
"""
from __future__ import annotations

from collections.abc import Hashable

from engine.core import State
from engine.deck import DeckCard, ResolvedDeck
from engine.games.anguish.heuristic import HeuristicPlayer
from engine.games.anguish.record import add_to_run, record
from engine.games.anguish.state import AnguishGame, make_game
from engine.play.pair_cache import PairGames
from engine.players.base import GameKit, Player


class SilentPlayer(Player):
    """The goldfish opponent: it plays nothing (its empty turns are taken by the engine)."""

    kind = "passive"
    uses_stream = False

    def choose(self, state: State) -> Hashable:
        raise ValueError("the Anguish goldfish opponent is never asked to choose")


_last: tuple[list[DeckCard], AnguishGame] | None = None


def goldfish_game(deck: ResolvedDeck, opponent: str) -> AnguishGame:
    """A run plays one deck many times: its Game (which never changes once built) is built again only
    when the deck's cards differ from the last deck's."""
    global _last
    if _last is None or _last[0] != deck.entries:
        _last = (list(deck.entries), make_game(deck))
    return _last[1]


def _two_deck_game(deck_a: ResolvedDeck, deck_b: ResolvedDeck) -> AnguishGame:
    return make_game(deck_a, opponent=deck_b)


# Kept between a run's calls: the heuristic's worth tables are built once per Game.
matchup_game = PairGames(_two_deck_game)


KIT = GameKit(
    opponents=("silent",),
    goldfish_game=goldfish_game,
    heuristic=HeuristicPlayer,
    goldfish_opponent=lambda name: SilentPlayer(),
    record=record,
    add_to_run=add_to_run,
    matchup_game=matchup_game,
)
