"""How good is the built-in (heuristic) player? Measured against the search player on the same games.

For each deck under bench/decks/ (every game's sample decks and the styles beside them), plays the
same games (same seed, so the same deals) with the heuristic player and with the search player
(flat Monte Carlo over determinized copies, rolling out with the heuristic player; engine/players/
search.py), and prints per deck the mean ending turn and the win rate of each and the heuristic's
gap: how much later, in percent, its games end than the search player's (negative: sooner).

The goal: every deck's gap is at most 3%, and the search player matches or beats the heuristic (a
search that loses to its own roll-out player would be broken).

    .venv/bin/python bench/player_bench.py [--games 100] [--seed 1] [--budget 16] [--game qqdnd]
        [--deck qqdnd-chaotic] [--jobs 2]

The search player is costly (its budget of play-outs a decision, each a game played to its end), so
the default is 100 games a deck; --jobs spreads the decks over processes.
"""
from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.cli import load_cards, resolved_deck  # noqa: E402
from engine.games import GAME_PACKAGES  # noqa: E402
from engine.goldfish import run_goldfish  # noqa: E402
from engine.validation import CardIndex, validate_decklist  # noqa: E402

DECKS = ROOT / "bench" / "decks"


@dataclass(frozen=True)
class Row:
    game: str
    deck: str
    games: int
    heuristic_turn: float
    heuristic_se: float
    heuristic_wins: float
    search_turn: float
    search_se: float
    search_wins: float
    seconds: float

    @property
    def gap(self) -> float:
        """How much later the heuristic's games end than the search player's, in percent."""
        return 100 * (self.heuristic_turn - self.search_turn) / self.search_turn


def deck_files(game: str | None, deck: str | None) -> list[tuple[str, Path]]:
    files = []
    for slug in GAME_PACKAGES:
        if game not in (None, slug):
            continue
        for path in sorted(DECKS.glob(f"{slug}*.txt")):
            if (path.stem == slug or path.stem.startswith(f"{slug}-")) and deck in (None, path.stem):
                files.append((slug, path))
    return files


def standard_error(report: dict) -> float:
    """The standard error of the mean ending turn, from the run's histogram of ending turns."""
    counts = [(row["turn"], row["games"]) for row in report["end_turn"]["histogram"]]
    n = sum(games for _turn, games in counts)
    if n < 2:
        return 0.0
    mean = sum(turn * games for turn, games in counts) / n
    variance = sum(games * (turn - mean) ** 2 for turn, games in counts) / (n - 1)
    return float((variance / n) ** 0.5)


def measure(game: str, path: Path, games: int, seed: int, budget: int) -> Row:
    text = path.read_text(encoding="utf-8")
    index = CardIndex(game, load_cards(game))
    result = validate_decklist(game, text, index)
    if not result.legal:
        raise SystemExit(f"{path} is not a legal deck: {[p.message for p in result.problems]}")
    deck = resolved_deck(game, text, index)
    started = time.process_time()
    heuristic = run_goldfish(game, deck, games, seed).report()
    search = run_goldfish(game, deck, games, seed, player="search", budget=budget).report()
    return Row(game, path.stem, games, heuristic["end_turn"]["mean"], standard_error(heuristic),
               heuristic["win_rate"], search["end_turn"]["mean"], standard_error(search), search["win_rate"],
               time.process_time() - started)


def print_row(row: Row) -> None:
    heuristic = f"{row.heuristic_turn:.2f}±{row.heuristic_se:.2f}"
    search = f"{row.search_turn:.2f}±{row.search_se:.2f}"
    print(f"{row.deck:<26} {heuristic:>15} {row.heuristic_wins:>6.1%} {search:>15} "
          f"{row.search_wins:>6.1%} {row.gap:>+6.1f}% {row.seconds:>5.0f}s", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budget", type=int, default=16, help="the search player's play-outs a decision")
    parser.add_argument("--game", choices=list(GAME_PACKAGES))
    parser.add_argument("--deck", help="one deck, by its file's name without .txt")
    parser.add_argument("--jobs", type=int, default=1, help="processes to spread the decks over")
    args = parser.parse_args()
    files = deck_files(args.game, args.deck)
    print(f"{args.games:,} games a deck, seed {args.seed}, search budget {args.budget} play-outs a decision")
    print(f"{'deck':<26} {'heuristic turn':>15} {'win':>6} {'search turn':>15} {'win':>6} {'gap':>7} {'time':>6}")
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        futures = [pool.submit(measure, game, path, args.games, args.seed, args.budget) for game, path in files]
        rows = []
        for future in futures:  # each row as soon as its deck is done, in the table's order
            row = future.result()
            rows.append(row)
            print_row(row)
    worst = max(rows, key=lambda row: row.gap)
    beaten = [row.deck for row in rows if row.search_turn > row.heuristic_turn or row.search_wins < row.heuristic_wins]
    print("turn: mean ending turn ± its standard error; gap: (heuristic - search) / search; time: CPU seconds.")
    print(f"Largest gap: {worst.gap:+.1f}% ({worst.deck}); goal: at most +3.0% on every deck.")
    print("The search player matches or beats the heuristic on every deck." if not beaten else
          f"The search player did worse than the heuristic on: {', '.join(beaten)}.")


if __name__ == "__main__":
    main()
