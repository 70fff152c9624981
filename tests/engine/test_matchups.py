"""Matchups (engine/matchup.py, docs: goldfish rules, "Matchups"): deck A against deck B by the full
two-player rules, both decks played by the game's heuristic player from either seat.

The spec: "Seats alternate: in game i, A is the first player when i is even, B when i is odd [...] so the
first player's advantage cancels out and a mirror match (A against A) is even." "Game i uses the stream
derived from (S, i), as in goldfish runs: the same results however it is split." "A rules loop that could
go on for ever (the rules allow some) is ended by a documented cap on actions per round or turn and counted
as a draw, and reported."

Sizes: a mirror match plays 2,000 games of The Condemned and of Anguish (about a second each). A QQDND
game between two real parties costs far more (the heuristic weighs every card of a real board, and many
games run to the 30th round), so its mirror plays 200 games of the fastest sample deck (qqdnd-chaotic):
the smallest run whose interval is narrow enough (about +-10%) to show a seat's edge, in under a minute.
"""
from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from engine.cli import load_cards, resolved_deck
from engine.core import OPPONENT, PLAYER, game_stream, player_stream
from engine.deck import ResolvedDeck
from engine.games import GAME_PACKAGES
from engine.goldfish import in_canonical_order
from engine.matchup import MatchupStats, run_matchup, wilson_interval
from engine.play.kits import game_kit
from engine.play.match import play_out
from engine.validation import CardIndex
from tests.engine.test_qqdnd_engine import GALATEA, QUIET_PARTY, deck

ROOT = Path(__file__).resolve().parents[2]
DECKS = ROOT / "bench" / "decks"
# (deck A, deck B) of each game: two different sample decks, and the mirror's deck with its size.
PAIRS = {"condemned": ("condemned", "condemned-ranged"), "anguish": ("anguish", "anguish-survivor"),
         "qqdnd": ("qqdnd-chaotic", "qqdnd-devil-swarm")}
MIRRORS = {"condemned": ("condemned", 2000), "anguish": ("anguish", 2000), "qqdnd": ("qqdnd-chaotic", 200)}
SWAP_GAMES = {"condemned": 2000, "anguish": 2000, "qqdnd": 60}


def sample(game: str, name: str) -> ResolvedDeck:
    index = CardIndex(game, load_cards(game))
    return resolved_deck(game, (DECKS / f"{name}.txt").read_text(), index)


def within(share: float, low: float | None, high: float | None) -> bool:
    assert low is not None and high is not None
    return low <= share <= high


@pytest.mark.parametrize("game", list(GAME_PACKAGES))
def test_a_mirror_match_is_even_within_its_interval(game: str) -> None:
    """ "a mirror match (A against A) is even": A's win rate has 50% inside its 95% Wilson interval, and the
    games were played out (most of them decided, each card of the deck drawn and played on both sides). """
    name, games = MIRRORS[game]
    mirror = sample(game, name)
    report = run_matchup(game, mirror, mirror, games, seed=11).report()
    assert report["games"] == games == report["wins_a"] + report["wins_b"] + report["draws"]
    assert report["wins_a"] + report["wins_b"] >= games // 5
    assert within(0.5, report["a_win_rate_low"], report["a_win_rate_high"]), report
    for side in ("a", "b"):
        assert sum(row["played_per_game"] for row in report["cards"][side]) > 1


@pytest.mark.parametrize("game", list(GAME_PACKAGES))
def test_swapping_the_decks_mirrors_the_result(game: str) -> None:
    """Deck A against deck B, then B against A with the same seed: wins_a and wins_b trade places and so do the
    two decks' card tables, within statistical noise (each win rate inside the other run's interval, mirrored),
    and each card's draws per game agree within noise."""
    first, second = PAIRS[game]
    a, b = sample(game, first), sample(game, second)
    games = SWAP_GAMES[game]
    ab = run_matchup(game, a, b, games, seed=5).report()
    ba = run_matchup(game, b, a, games, seed=5).report()
    assert ab["a_win_rate"] is not None and ba["a_win_rate"] is not None
    assert within(1 - ba["a_win_rate"], ab["a_win_rate_low"], ab["a_win_rate_high"]), (ab, ba)
    assert within(1 - ab["a_win_rate"], ba["a_win_rate_low"], ba["a_win_rate_high"]), (ab, ba)
    assert abs(ab["draws"] - ba["draws"]) <= max(10, 0.1 * games)
    assert {r["name"] for r in ab["cards"]["a"]} == {r["name"] for r in ba["cards"]["b"]}
    assert {r["name"] for r in ab["cards"]["b"]} == {r["name"] for r in ba["cards"]["a"]}
    for mine, theirs in (("a", "b"), ("b", "a")):
        swapped = {row["name"]: row for row in ba["cards"][theirs]}
        for row in ab["cards"][mine]:
            drawn, again = row["drawn_per_game"], swapped[row["name"]]["drawn_per_game"]
            assert abs(drawn - again) <= 0.2 * max(drawn, again) + 0.3, (row, swapped[row["name"]])


@pytest.mark.parametrize("game", list(GAME_PACKAGES))
def test_a_run_split_in_any_chunking_gives_identical_results(game: str) -> None:
    """ "Game i uses the stream derived from (S, i) [...]: the same results however it is split." Chunks of
    different sizes, merged with MatchupStats.merge (and through to_dict/from_dict, as a worker hands them
    back), equal the run played in one piece. """
    first, second = PAIRS[game]
    a, b = sample(game, first), sample(game, second)
    games = 16 if game == "qqdnd" else 120
    whole = run_matchup(game, a, b, games, seed=3)
    for sizes in ((games // 2, games // 2), (1, 7, games - 8), (5,) * (games // 5) + (games % 5,)):
        merged = MatchupStats(game, 3)
        start = 0
        for size in sizes:
            chunk = run_matchup(game, a, b, size, seed=3, start=start)
            merged.merge(MatchupStats.from_dict(json.loads(json.dumps(chunk.to_dict()))))
            start += size
        assert start == games
        assert merged.to_dict() == whole.to_dict()
        assert merged.report() == whole.report()


def test_the_loop_cap_ends_a_looping_qqdnd_game_as_a_draw_and_the_run_reports_it() -> None:
    """ Borrow Trick: "If there is a Taskshaper in your party, add target Action card in an opponent's discard
    pile to your hand. When you would discard that card, it returns to your opponent's discard pile." Two
    Galatea (Taskshaper) parties of Borrow Tricks only: from round 2 each hand holds Borrow Tricks and each
    discard pile the other's, so each Borrow Trick at 20 takes back one the other played ("identical
    Initiative values may be treated as either higher or lower"), for ever. The cap on Actions a round ends
    the game, a draw, counted as capped. """
    tricks = deck([GALATEA, *QUIET_PARTY[:3]], {"Borrow Trick": 12})
    stats = run_matchup("qqdnd", tricks, tricks, 4, seed=1)
    report = stats.report()
    assert report["draws"] == report["capped"] == 4
    assert report["wins_a"] == report["wins_b"] == 0 and report["a_win_rate"] is None
    assert report["capped_turns"] == 4  # one capped round a game: the one that ended it
    assert all(turn == 2 for turn in stats.end_turns.elements())  # the loop starts in round 2
    for side in ("a", "b"):
        # A deck's plays are of its own cards: the copies it borrowed back and forth are the other deck's.
        (row,) = report["cards"][side]
        assert row["name"] == "Borrow Trick" and row["played_per_game"] >= 1 and row["win_rate_when_played"] is None


def test_the_borrow_trick_loop_is_one_the_heuristic_players_really_play() -> None:
    """The looping game of the test above, played move by move: it is the heuristic players who trade Borrow
    Tricks at 20, seat after seat, each taking back the card the other just played. """
    tricks = in_canonical_order(deck([GALATEA, *QUIET_PARTY[:3]], {"Borrow Trick": 12}))
    kit = game_kit("qqdnd")
    assert kit.matchup_game is not None
    state = kit.matchup_game(tricks, tricks).new_initial_state(game_stream(1, 0))
    players = [kit.heuristic(), kit.heuristic()]
    for seat, player in enumerate(players):
        player.restart(state, seat, player_stream(1, 0, seat))
    seen: Counter[tuple[int, int]] = Counter()
    while not state.is_terminal():
        seat = state.current_player()
        move = players[seat].choose(state)
        if move.kind != 0:  # not a pass
            seen[(seat, move.initiative)] += 1
            assert state.describe(move).startswith("play Borrow Trick (20)") or state.round == 1
        state.apply_trusted(move)
    assert state.winner() is None and state.capped == 1
    assert seen[(PLAYER, 20)] >= 90 and seen[(OPPONENT, 20)] >= 90


@pytest.mark.parametrize("game", list(GAME_PACKAGES))
def test_the_heuristic_player_plays_either_seat_against_a_real_deck(game: str) -> None:
    """Each deck wins games from each seat, and each seat's record holds its own deck's cards: drawn and played
    per card per seat (no goldfish: the other seat's hand, deck and board are a real deck's)."""
    first, second = PAIRS[game]
    a, b = sample(game, first), sample(game, second)
    games = 20 if game == "qqdnd" else 200
    report = run_matchup(game, a, b, games, seed=8).report()
    assert report["wins_a"] > 0 and report["wins_b"] > 0
    names = {"a": {e.name for e in a.entries}, "b": {e.name for e in b.entries}}
    for side in ("a", "b"):
        rows = report["cards"][side]
        assert {row["name"] for row in rows} <= names[side]
        assert sum(row["played_per_game"] for row in rows) > 1
    kit = game_kit(game)
    assert kit.matchup_game is not None
    for seed in range(3 if game == "qqdnd" else 10):
        state = kit.matchup_game(in_canonical_order(a), in_canonical_order(b)).new_initial_state(game_stream(seed, 0))
        players = [kit.heuristic(), kit.heuristic()]
        for seat, player in enumerate(players):
            player.restart(state, seat, player_stream(seed, 0, seat))
        assert play_out(state, players, 20_000)
        for seat, own in ((PLAYER, a), (OPPONENT, b)):
            record = kit.record(state, seat)
            assert set(record.drawn) <= {e.name for e in own.entries}
            assert set(record.played) <= {e.name for e in own.entries}
            assert record.drawn.total() >= 4 and record.won == (state.winner() == seat)


def cli_json(*args: str) -> dict[str, Any]:
    done = subprocess.run([sys.executable, "-m", "engine", *args, "--json"], cwd=ROOT, capture_output=True,
                          text=True, check=True)
    data: dict[str, Any] = json.loads(done.stdout)
    return data


@pytest.mark.parametrize("game", list(GAME_PACKAGES))
def test_the_cli_prints_a_matchup_as_json_with_the_fields_the_product_lists(game: str) -> None:
    """ `python -m engine match DECK_A DECK_B --game G --games N --seed S --json`: games, wins_a, wins_b,
    draws, a_win_rate with a_win_rate_low and a_win_rate_high (95% Wilson interval over decided games),
    first_player_win_rate, the ending-turn distribution (the goldfish runs' shape), and per deck a card table
    (drawn, played, win rate when played); the same seed prints the same report. """
    first, second = PAIRS[game]
    args = ("match", str(DECKS / f"{first}.txt"), str(DECKS / f"{second}.txt"), "--game", game,
            "--games", "6", "--seed", "4")
    report = cli_json(*args)
    assert report == cli_json(*args)
    assert report == run_matchup(game, sample(game, first), sample(game, second), 6, 4).report()
    assert report["games"] == 6 == report["wins_a"] + report["wins_b"] + report["draws"]
    decided = report["wins_a"] + report["wins_b"]
    for key in ("a_win_rate", "a_win_rate_low", "a_win_rate_high", "first_player_win_rate"):
        assert (report[key] is None) == (decided == 0)
    if decided:
        assert report["a_win_rate_low"] <= report["a_win_rate"] <= report["a_win_rate_high"]
    assert set(report["end_turn"]) >= {"histogram", "mean", "median", "p10", "p90", "ended_by"}
    assert sum(row["games"] for row in report["end_turn"]["histogram"]) == 6
    for side in ("a", "b"):
        assert report["cards"][side]
        for row in report["cards"][side]:
            assert set(row) >= {"name", "drawn_per_game", "played_per_game", "win_rate_when_played"}


def test_the_win_rate_interval_holds_a_rate_of_none_or_every_game() -> None:
    """ The Wilson interval holds the win rate it is drawn around: at no wins (or every game won) floating point put
    the low bound a hair above 0 (2.8e-17 for 0 wins of 6), above the rate itself. """
    for games in range(1, 60):
        for wins in (0, games):
            low, high = wilson_interval(wins, games)
            assert low is not None and high is not None
            assert low <= wins / games <= high
