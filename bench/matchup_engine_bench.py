"""Matchup speed per game, direct (one process, one core): run_matchup over pairs of sample decks.

For each game, plays the game's sample deck (bench/decks/<game>.txt) against itself and against each other
sample deck of the game (bench/decks/<game>-*.txt), with the heuristic player on both sides, and prints the
games a second of CPU time (the process's own: the figure does not move with the machine's load) of each
pairing and of the game overall, with the CPU time a 2,000-game matchup takes at that pace, the wall-clock
games a second beside it, the mean ending turn and the share of draws (QQDND games between two parties
often run to round 30, which is most of their cost).

    .venv/bin/python bench/matchup_engine_bench.py [--games 200] [--qqdnd-games 20] [--seed 1] [--game G]
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.cli import load_cards, resolved_deck  # noqa: E402
from engine.deck import ResolvedDeck  # noqa: E402
from engine.games import GAME_PACKAGES  # noqa: E402
from engine.matchup import run_matchup  # noqa: E402
from engine.validation import CardIndex  # noqa: E402

DECKS = ROOT / "bench" / "decks"


def sample_decks(game: str) -> list[tuple[str, ResolvedDeck]]:
    index = CardIndex(game, load_cards(game))
    paths = [DECKS / f"{game}.txt", *sorted(DECKS.glob(f"{game}-*.txt"))]
    return [(path.stem, resolved_deck(game, path.read_text(), index)) for path in paths]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="games a pairing (The Condemned, Anguish)")
    parser.add_argument("--qqdnd-games", type=int, default=20, help="games a QQDND pairing")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", choices=list(GAME_PACKAGES), help="one game only")
    args = parser.parse_args()
    print(f"{'game':<10} {'deck A':<22} {'deck B':<22} {'games':>6} {'games/s':>8} {'2,000 in':>9} "
          f"{'wall g/s':>8} {'mean end':>8} {'draws':>6}")
    for game in [args.game] if args.game else list(GAME_PACKAGES):
        decks = sample_decks(game)
        games = args.qqdnd_games if game == "qqdnd" else args.games
        (name_a, deck_a) = decks[0]
        total_games, total_time = 0, 0.0
        for name_b, deck_b in decks:
            started, wall = time.process_time(), time.perf_counter()
            report = run_matchup(game, deck_a, deck_b, games, args.seed).report()
            spent, wall = time.process_time() - started, time.perf_counter() - wall
            total_games += games
            total_time += spent
            rate = games / spent
            print(f"{game:<10} {name_a:<22} {name_b:<22} {games:>6} {rate:>8.1f} {2000 / rate:>8.1f}s "
                  f"{games / wall:>8.1f} {report['end_turn']['mean']:>8.2f} {report['draws'] / games:>6.1%}",
                  flush=True)
        rate = total_games / total_time
        print(f"{game:<10} {'all pairings':<45} {total_games:>6} {rate:>8.1f} {2000 / rate:>8.1f}s", flush=True)


if __name__ == "__main__":
    main()
