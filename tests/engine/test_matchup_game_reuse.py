"""A worker keeps a deck pair's two-deck Games between the calls that play a matchup's slices
(engine/play/pair_cache.py): the heuristic players' per-Game tables are then measured once a pair.

The spec: "Game i uses the stream derived from (S, i), as in goldfish runs: the same results however it is
split." So a matchup played in slices by a process whose Games were already used (by other slices of it
and by other pairings in between) reports exactly what a fresh process reports playing it in one call.
"""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from engine.cli import load_cards, resolved_deck
from engine.deck import ResolvedDeck
from engine.matchup import MatchupStats, run_matchup
from engine.play.kits import game_kit
from engine.validation import CardIndex

ROOT = Path(__file__).resolve().parents[2]
DECKS = ROOT / "bench" / "decks"
# Deck A, deck B, and another opponent played between their slices.
PAIRS = {"condemned": ("condemned", "condemned-armor", "condemned-ranged"),
         "anguish": ("anguish", "anguish-colossal", "anguish-cosmic")}
GAMES = 60


def sample(game: str, name: str) -> ResolvedDeck:
    return resolved_deck(game, (DECKS / f"{name}.txt").read_text(), CardIndex(game, load_cards(game)))


def fresh_process_report(game: str, first: str, second: str, seed: int) -> Any:
    result = subprocess.run(
        [sys.executable, "-m", "engine", "match", str(DECKS / f"{first}.txt"), str(DECKS / f"{second}.txt"),
         "--game", game, "--games", str(GAMES), "--seed", str(seed), "--json"],
        cwd=ROOT, check=True, capture_output=True, text=True,
    )
    return json.loads(result.stdout)


@pytest.mark.parametrize("game", list(PAIRS))
def test_slices_played_on_kept_games_report_what_a_fresh_process_reports(game: str) -> None:
    """ "the same results however it is split": slices of a matchup, each call reusing the pair's
    Games, with another pairing played between them, merge into the report of one call in a fresh
    process. """
    first, second, other = PAIRS[game]
    a, b, c = sample(game, first), sample(game, second), sample(game, other)
    stats = MatchupStats(game, 11)
    for start in range(0, GAMES, 15):
        stats.merge(run_matchup(game, a, b, 15, seed=11, start=start))
        run_matchup(game, a, c, 2, seed=11)  # another pairing's Games in between
    assert stats.report() == fresh_process_report(game, first, second, 11)


@pytest.mark.parametrize("game", list(PAIRS))
def test_a_pairs_games_are_kept_and_other_decks_get_their_own(game: str) -> None:
    """The kept Games are the pair's, in its order: the same two decks get the same Game, swapped decks
    or a different deck another one."""
    first, second, other = PAIRS[game]
    a, b, c = sample(game, first), sample(game, second), sample(game, other)
    matchup_game = game_kit(game).matchup_game
    assert matchup_game is not None
    kept = matchup_game(a, b)
    assert matchup_game(sample(game, first), sample(game, second)) is kept
    assert matchup_game(b, a) is not kept
    assert matchup_game(a, c) is not kept
