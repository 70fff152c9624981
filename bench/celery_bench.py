"""Goldfish games per second through Celery, with 1 and with 2 worker processes, against the engine
called directly in one process.

Plays the sample deck bench/decks/<game>.txt for --games games (default 100,000) three ways:

    direct      run_goldfish in this process, the deck read as the workers read it
    1 worker    a run started as the site starts one (decks.simulations.services.start_run), played by
                one `celery -A config worker --pool solo` process
    2 workers   the same run played by two such processes (two workers, as on two machines)

and prints the games per second of each, the Celery overhead (1 worker against direct) and the
speed-up of 2 workers over 1. Celery times run from the POST's work (start_run) to the run being
done, with the workers already started; each run's results are checked against the direct run's.

It uses DATABASE_URL and CELERY_BROKER_URL as the site does (SQLite and the filesystem broker by
default): the database must be migrated and the cards loaded (`make cards`). The workers consume a
queue of the bench's own, and the bench's runs are deleted at the end.

    .venv/bin/python bench/celery_bench.py [--games 100000] [--game condemned] [--seed 1]
"""
from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ.setdefault("SECRET_KEY", "bench-only-not-secret")

import django  # noqa: E402

django.setup()

from celery import current_app  # noqa: E402
from django.contrib.auth.models import AnonymousUser  # noqa: E402
from django.db import connection  # noqa: E402

from cardsdb.models import Game  # noqa: E402
from decks.lists import check_list  # noqa: E402
from decks.selectors import game_cards  # noqa: E402
from decks.simulations.models import RunStatus, SimulationRun  # noqa: E402
from decks.simulations.services import MAX_GAMES, start_run  # noqa: E402
from engine.goldfish import run_goldfish  # noqa: E402

DECKS = ROOT / "bench" / "decks"
READY_TIMEOUT = 60.0


@contextmanager
def workers(count: int, queue: str, logs: Path) -> Iterator[None]:
    """`count` solo workers on `queue`, ready before the block starts, stopped after it."""
    started = []
    for number in range(count):
        log = logs / f"worker-{count}-{number}.log"
        with log.open("wb") as out:
            command = [
                sys.executable, "-m", "celery", "-A", "config", "worker", "--pool", "solo", "--queues", queue,
                "--hostname", f"bench-{count}-{number}-{uuid.uuid4().hex[:6]}@%h", "--loglevel", "INFO",
                "--without-gossip", "--without-mingle", "--without-heartbeat",
            ]
            process = subprocess.Popen(command, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT,
                                       start_new_session=True)
        started.append((process, log))
    try:
        deadline = time.monotonic() + READY_TIMEOUT
        for process, log in started:
            while " ready." not in log.read_text(errors="replace"):
                if process.poll() is not None or time.monotonic() > deadline:
                    sys.exit(f"A worker did not start:\n{log.read_text(errors='replace')}")
                time.sleep(0.1)
        yield
    finally:
        for process, _ in started:
            process.send_signal(signal.SIGTERM)
        for process, _ in started:
            try:
                process.wait(30)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)


def wait_for(run: SimulationRun, began: float) -> float:
    """Seconds from `began` until the run has ended."""
    while True:
        run.refresh_from_db(fields=["status", "error", "results", "games_done"])
        if run.status in (RunStatus.DONE, RunStatus.FAILED):
            return time.perf_counter() - began
        time.sleep(0.05)


def busy_seconds(run: SimulationRun) -> float:
    """The time the workers spent in the run's chunks, from taking each to storing its statistics."""
    spans = run.chunks.values_list("started_at", "finished_at")
    return sum((finished - started).total_seconds() for started, finished in spans)


def row(label: str, games: int, seconds: float, note: str = "") -> None:
    print(f"{label:<22} {games:>9,} games {seconds:>8.1f} s {games / seconds:>9,.0f} games/s   {note}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=MAX_GAMES, help=f"games a run (default {MAX_GAMES:,})")
    parser.add_argument("--game", default="condemned", help="the game whose sample deck is played")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    game = Game.objects.filter(slug=args.game).first()
    if game is None:
        sys.exit(f"No {args.game} cards in the database: run `make cards` (with the same DATABASE_URL).")
    text = (DECKS / f"{args.game}.txt").read_text(encoding="utf-8")
    deck = check_list(game_cards(args.game), text).deck

    print(f"{game.name}, {DECKS / (args.game + '.txt')}, seed {args.seed}, on {os.cpu_count()} cores; "
          f"broker {current_app.conf.broker_url.split('://')[0]}, database {connection.vendor}")
    began = time.perf_counter()
    direct = run_goldfish(args.game, deck, args.games, args.seed).report()
    direct_seconds = time.perf_counter() - began
    row("direct, 1 process", args.games, direct_seconds)

    queue = f"bench-{uuid.uuid4().hex[:10]}"
    current_app.conf.task_default_queue = queue
    runs = []
    seconds = {}
    try:
        with tempfile.TemporaryDirectory(prefix="celery-bench-") as logs:
            for count in (1, 2):
                with workers(count, queue, Path(logs)):
                    began = time.perf_counter()
                    run = start_run(user=AnonymousUser(), games=args.games, seed=args.seed, game=game, text=text)
                    runs.append(run)
                    seconds[count] = wait_for(run, began)
                if run.status == RunStatus.FAILED:
                    sys.exit(f"The run on {count} worker(s) failed: {run.error}")
                if run.results != direct:
                    sys.exit(f"The run on {count} worker(s) gave other results than the direct run.")
                note = (f"Celery overhead {seconds[1] / direct_seconds - 1:+.1%} against direct" if count == 1
                        else f"speed-up x{seconds[1] / seconds[2]:.2f} over 1 worker")
                row(f"Celery, {count} worker{'s' if count > 1 else ''}", args.games, seconds[count],
                    f"{note}; workers busy {busy_seconds(run) / (count * seconds[count]):.0%} of the time")
        print(f"Both runs ({runs[0].chunks.count()} chunks of {runs[0].chunk_games:,} games) gave exactly the "
              "direct run's results.")
    finally:
        SimulationRun.objects.filter(pk__in=[run.pk for run in runs]).delete()
        with current_app.connection_for_write() as broker:
            broker.default_channel.queue_delete(queue)


if __name__ == "__main__":
    main()
