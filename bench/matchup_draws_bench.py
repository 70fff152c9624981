"""Where a gauntlet's CPU time goes: each pairing's cost a game and the draws the turn limit ends.

Plays the game's sample deck (bench/decks/<game>.txt) against each opponent the gauntlet bench plays
(bench/gauntlet_lists.py: the other sample decks, then bench/gauntlet/<game>-*.txt, sorted, distinct lists
only, 10 at most), games 0 .. N-1 seeded `seed`, exactly as run_matchup plays them, in this process, and
prints for each pairing: the CPU milliseconds a game (the process's own time), wins of each side, the draws
that reached the game's turn limit and the share of the pairing's CPU time they took, and the mean ending
turn; then the CPU seconds the whole gauntlet takes at --gauntlet-games games a pairing at that pace.

    .venv/bin/python bench/matchup_draws_bench.py [--game qqdnd] [--games 200] [--seed 1]
        [--gauntlet-games 2000]
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from gauntlet_lists import distinct_opponents, sample_decks  # noqa: E402

from engine.cli import load_cards, resolved_deck  # noqa: E402
from engine.core import OPPONENT, PLAYER, game_stream  # noqa: E402
from engine.deck import ResolvedDeck  # noqa: E402
from engine.games import GAME_PACKAGES  # noqa: E402
from engine.goldfish import goldfish_rules, in_canonical_order  # noqa: E402
from engine.matchup import MAX_ACTIONS, matchup_value  # noqa: E402
from engine.play.kits import DEFAULT_PLAYER, game_kit, make_player  # noqa: E402
from engine.play.match import play_out  # noqa: E402
from engine.players.base import Player, restart_seats  # noqa: E402
from engine.players.search import DEFAULT_BUDGET  # noqa: E402
from engine.validation import CardIndex  # noqa: E402


def gauntlet(game: str) -> tuple[ResolvedDeck, list[tuple[str, ResolvedDeck]]]:
    """The sample deck and the distinct opponent lists the gauntlet bench plays it against."""
    index = CardIndex(game, load_cards(game))

    def deck_of(path: Path) -> ResolvedDeck:
        return resolved_deck(game, path.read_text(encoding="utf-8"), index)

    sample = deck_of(sample_decks(game)[0])
    chosen = distinct_opponents(game, lambda path: deck_of(path).contents(), sample.contents())
    return sample, [(path.stem, deck_of(path)) for path in chosen]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=list(GAME_PACKAGES), default="qqdnd")
    parser.add_argument("--games", type=int, default=200, help="games a pairing")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--gauntlet-games", type=int, default=2000, help="games a pairing of the gauntlet to scale to")
    args = parser.parse_args()
    kit = game_kit(args.game)
    if kit.matchup_game is None:
        sys.exit(f"{args.game}: the engine plays no matchups of this game yet")
    limit = goldfish_rules(args.game).turn_limit
    sample, opponents = gauntlet(args.game)
    deck_a = in_canonical_order(sample)

    def rollout_players() -> list[Player]:
        return [kit.heuristic(), kit.heuristic()]

    print(f"{'opponent':<28} {'ms/game':>8} {'A wins':>7} {'B wins':>7} {'limit draws':>12} {'their CPU':>10} "
          f"{'mean end':>9}")
    total = 0.0
    for name, deck in opponents:
        deck_b = in_canonical_order(deck)
        seatings = ((kit.matchup_game(deck_a, deck_b), PLAYER), (kit.matchup_game(deck_b, deck_a), OPPONENT))
        players = [make_player(DEFAULT_PLAYER, kit, rollout_players, matchup_value, DEFAULT_BUDGET) for _ in range(2)]
        wins_a = wins_b = at_limit = 0
        limit_time = 0.0
        ends = 0
        began = time.process_time()
        for index in range(args.games):
            board, a_seat = seatings[index % 2]
            started = time.process_time()
            state = board.new_initial_state(game_stream(args.seed, index))
            restart_seats(state, players, args.seed, index)
            finished = play_out(state, players, MAX_ACTIONS)
            winner = state.winner() if finished else None
            spent = time.process_time() - started
            ends += state.turn()
            if winner is None:
                if state.turn() >= limit:
                    at_limit += 1
                    limit_time += spent
            elif winner == a_seat:
                wins_a += 1
            else:
                wins_b += 1
        spent = time.process_time() - began
        total += spent
        print(f"{name:<28} {1000 * spent / args.games:>8.1f} {wins_a:>7} {wins_b:>7} {at_limit:>12} "
              f"{limit_time / spent:>10.1%} {ends / args.games:>9.2f}", flush=True)
    print(f"{len(opponents)} pairings: {total:.1f} CPU-s for {args.games} games each; "
          f"{total * args.gauntlet_games / args.games:.0f} CPU-s at {args.gauntlet_games:,} games each")


if __name__ == "__main__":
    main()
