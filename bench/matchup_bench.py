"""Matchup games per second: the engine called directly, and matchups run as the site runs them on 1
and 2 Celery workers; then a 10-opponent gauntlet on 2 workers.

For each game (--game, repeatable; default all three) it plays bench/decks/<game>.txt against
bench/decks/<game>-<first other>.txt for --games games (default 2,000):

    direct      run_matchup in this process
    1 worker    a matchup started as the site starts one (decks.simulations.matchups.start_matchup),
                played by one `celery -A config worker --pool solo` process
    2 workers   the same, by two such processes

and prints games per second and games per CPU-second (a matchup game plays both decks); each Celery
run's results are checked against the direct run's. Then, unless --no-gauntlet, a gauntlet of the
sample deck against 10 distinct opponent lists of --gauntlet-games games each (default 2,000) on 2
workers, timed from start to done. The opponents are the game's other sample decks (bench/decks/
<game>-*.txt, sorted), then as many of bench/gauntlet/<game>-*.txt (sorted) as make 10: with fewer
sample decks than that, repeating them would make the gauntlet play fewer than 10 pairings. The bench
stops with a message if a game has fewer than 10 distinct lists (the same cards under another name
count once). A game whose engine plays no matchups yet is reported as such.

The bench's decks are saved (private) under a user of its own, and deleted with its runs at the end.
It uses DATABASE_URL and CELERY_BROKER_URL as the site does; the cards must be loaded.

    nice -n 10 .venv/bin/python bench/matchup_bench.py [--game condemned] [--games 2000] [--gauntlet-games 2000]
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from celery import current_app  # noqa: E402
from celery_bench import Timing, row, wait_for, workers  # noqa: E402
from django.contrib.auth import get_user_model  # noqa: E402
from gauntlet_lists import GAUNTLET, OPPONENTS, distinct_opponents, sample_decks  # noqa: E402

from cardsdb.models import Game  # noqa: E402
from decks import services as deck_services  # noqa: E402
from decks.lists import GameCards, check_list  # noqa: E402
from decks.models import Deck, Visibility  # noqa: E402
from decks.selectors import game_cards  # noqa: E402
from decks.simulations.matchups import matchups_available, start_gauntlet, start_matchup  # noqa: E402
from decks.simulations.models import RunStatus, SimulationRun  # noqa: E402
from decks.simulations.quotas import Requester  # noqa: E402
from engine.deck import ResolvedDeck  # noqa: E402
from engine.matchup import run_matchup  # noqa: E402

GAMES = ("condemned", "anguish", "qqdnd")


def gauntlet_opponents(slug: str, cards: GameCards, sample: ResolvedDeck) -> list[Path]:
    """The gauntlet's opponent lists (gauntlet_lists.distinct_opponents); exits if there are fewer
    than OPPONENTS."""
    chosen = distinct_opponents(
        slug, lambda path: check_list(cards, path.read_text(encoding="utf-8")).deck.contents(), sample.contents())
    if len(chosen) < OPPONENTS:
        sys.exit(f"{slug}: the gauntlet needs {OPPONENTS} distinct opponent lists, found {len(chosen)} "
                 f"({', '.join(p.name for p in chosen)}): add lists to {GAUNTLET}/{slug}-<style>.txt")
    return chosen


def save(owner: object, game: Game, path: Path) -> Deck:
    deck: Deck = deck_services.deck_import(owner=owner, game=game, text=path.read_text(encoding="utf-8"),
                                           visibility=Visibility.PRIVATE).deck
    return deck


def bench_game(slug: str, args: argparse.Namespace, owner: object, queue: str, logs: Path,
               runs: list[SimulationRun]) -> None:
    game = Game.objects.filter(slug=slug).first()
    if game is None:
        print(f"{slug}: no cards loaded")
        return
    if not matchups_available(slug):
        print(f"{game.name}: the engine plays no matchups of this game yet")
        return
    paths = sample_decks(slug)
    cards = game_cards(slug)
    deck_a, deck_b = (check_list(cards, p.read_text(encoding="utf-8")).deck for p in paths[:2])
    # Chosen before any timing, so that a game without enough lists stops the bench at once.
    opponent_paths = [] if args.no_gauntlet else gauntlet_opponents(slug, cards, deck_a)
    print(f"\n{game.name}: {paths[0].name} against {paths[1].name}, {args.games:,} games, seed {args.seed}")
    began, began_cpu = time.perf_counter(), time.process_time()
    direct = run_matchup(slug, deck_a, deck_b, args.games, args.seed).report()
    timings = {0: Timing(time.perf_counter() - began, time.process_time() - began_cpu)}
    row("direct, 1 process", args.games, timings[0])

    saved = [save(owner, game, path) for path in paths[:2]]
    for count in (1, 2):
        with workers(count, queue, logs) as started:
            before = started.cpu()
            began = time.perf_counter()
            run = start_matchup(user=owner, requester=Requester.server("bench"), deck=saved[0], opponent=saved[1],
                                games=args.games, seed=args.seed)
            runs.append(run)
            wall = wait_for(run, began)
            timings[count] = Timing(wall, started.cpu() - before)
        if run.status != RunStatus.DONE or run.results != direct:
            sys.exit(f"The matchup on {count} worker(s) ended {run.status} or gave other results: {run.error}")
        note = (f"overhead {timings[1].wall / timings[0].wall - 1:+.1%} wall against direct" if count == 1
                else f"speed-up x{timings[1].wall / timings[2].wall:.2f} over 1 worker")
        row(f"Celery, {count} worker{'s' if count > 1 else ''}", args.games, timings[count], note)
    print(f"  worker CPU for {args.games:,} games: {timings[1].cpu:.1f} s (goal: under 2 s a core for 2,000 games "
          "of The Condemned or Anguish)")

    if args.no_gauntlet:
        return
    opponents = [save(owner, game, path) for path in opponent_paths]
    print(f"  gauntlet opponents: {', '.join(path.name for path in opponent_paths)}")
    with workers(2, queue, logs) as started:
        before = started.cpu()
        began = time.perf_counter()
        run = start_gauntlet(user=owner, requester=Requester.server("bench"), deck=saved[0], opponents=opponents,
                             games=args.gauntlet_games, seed=args.seed)
        runs.append(run)
        wall = wait_for(run, began)
        timing = Timing(wall, started.cpu() - before)
    if run.status != RunStatus.DONE:
        sys.exit(f"The gauntlet ended {run.status}: {run.error}")
    row(f"gauntlet, {OPPONENTS} opp.", run.games, timing,
        f"{OPPONENTS} x {args.gauntlet_games:,} games on 2 workers (goal: 60 s; QQDND 3 minutes)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", choices=GAMES, help="a game to bench (default: all three)")
    parser.add_argument("--games", type=int, default=2000, help="games of each matchup (default 2,000)")
    parser.add_argument("--gauntlet-games", type=int, default=2000, help="games against each gauntlet opponent")
    parser.add_argument("--no-gauntlet", action="store_true", help="leave the gauntlet out")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"On {os.cpu_count()} cores; broker {current_app.conf.broker_url.split('://')[0]}")

    owner = get_user_model().objects.create_user(f"bench-{uuid.uuid4().hex[:8]}")
    queue = f"bench-{uuid.uuid4().hex[:10]}"
    current_app.conf.task_default_queue = queue
    runs: list[SimulationRun] = []
    try:
        with tempfile.TemporaryDirectory(prefix="matchup-bench-") as folder:
            logs = Path(folder)
            for slug in args.game or GAMES:
                bench_game(slug, args, owner, queue, logs, runs)
        print("\nCPU time under wall time (per process) means waiting: for the broker, the database, or for other "
              "programs on the same cores. Workers' CPU is counted from a run's start to its end: their start-up is "
              "left out, their first reading of the cards is not.")
    finally:
        SimulationRun.objects.filter(pk__in=[run.pk for run in runs]).delete()
        owner.delete()  # and the bench's decks with it
        with current_app.connection_for_write() as broker:
            bound = current_app.amqp.queues[queue](broker.default_channel)
            bound.declare()
            bound.delete()


if __name__ == "__main__":
    main()
