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
from dataclasses import dataclass
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
from decks.simulations.services import MAX_GAMES, Requester, start_run  # noqa: E402
from engine.goldfish import run_goldfish  # noqa: E402

DECKS = ROOT / "bench" / "decks"
READY_TIMEOUT = 60.0


@dataclass
class Workers:
    """Solo worker processes started by `workers`."""

    processes: list[subprocess.Popen[bytes]]

    def cpu(self) -> float:
        """CPU seconds the worker processes have used so far (Linux: /proc/<pid>/stat). Read once they
        are ready and again once a run is done, it leaves out their start-up and their stop."""
        ticks = os.sysconf("SC_CLK_TCK")
        total = 0
        for process in self.processes:
            # The fields after the command's closing parenthesis; utime and stime are the 12th and 13th.
            fields = Path(f"/proc/{process.pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])
        return total / ticks


@contextmanager
def workers(count: int, queue: str, logs: Path) -> Iterator[Workers]:
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
            # The workers send the chunks that wait their turn (decks/simulations/scheduling.py) to this queue.
            process = subprocess.Popen(command, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT,
                                       env={**os.environ, "CELERY_QUEUE": queue}, start_new_session=True)
        started.append((process, log))
    try:
        deadline = time.monotonic() + READY_TIMEOUT
        for process, log in started:
            while " ready." not in log.read_text(errors="replace"):
                if process.poll() is not None or time.monotonic() > deadline:
                    sys.exit(f"A worker did not start:\n{log.read_text(errors='replace')}")
                time.sleep(0.1)
        yield Workers([process for process, _ in started])
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


@dataclass(frozen=True)
class Timing:
    wall: float  # seconds
    cpu: float  # CPU seconds of the process(es) playing, from the run's start to its end


def row(label: str, games: int, timing: Timing, note: str = "") -> None:
    print(f"{label:<18} {timing.wall:>7.1f} s {games / timing.wall:>8,.0f} games/s   "
          f"CPU {timing.cpu:>6.1f} s {games / timing.cpu:>8,.0f} games/CPU-s   {note}")


def through_celery(count: int, game: Game, text: str, args: argparse.Namespace, queue: str, logs: Path,
                   runs: list[SimulationRun]) -> tuple[Timing, SimulationRun]:
    with workers(count, queue, logs) as started:
        before = started.cpu()
        began = time.perf_counter()
        run = start_run(user=AnonymousUser(), requester=Requester.server("bench"), games=args.games, seed=args.seed,
                        game=game, text=text)
        runs.append(run)
        wall = wait_for(run, began)
        timing = Timing(wall, started.cpu() - before)
    if run.status == RunStatus.FAILED:
        sys.exit(f"The run on {count} worker(s) failed: {run.error}")
    return timing, run


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

    print(f"{game.name}, bench/decks/{args.game}.txt, {args.games:,} games, seed {args.seed}, on "
          f"{os.cpu_count()} cores; broker {current_app.conf.broker_url.split('://')[0]}, database "
          f"{connection.vendor}")
    began, began_cpu = time.perf_counter(), time.process_time()
    direct = run_goldfish(args.game, deck, args.games, args.seed).report()
    timings = {0: Timing(time.perf_counter() - began, time.process_time() - began_cpu)}
    row("direct, 1 process", args.games, timings[0])

    queue = f"bench-{uuid.uuid4().hex[:10]}"
    current_app.conf.task_default_queue = queue
    runs: list[SimulationRun] = []
    try:
        with tempfile.TemporaryDirectory(prefix="celery-bench-") as folder:
            logs = Path(folder)
            for count in (1, 2):
                timings[count], run = through_celery(count, game, text, args, queue, logs, runs)
                if run.results != direct:
                    sys.exit(f"The run on {count} worker(s) gave other results than the direct run.")
                note = (
                    f"overhead {timings[1].wall / timings[0].wall - 1:+.1%} wall, "
                    f"{timings[1].cpu / timings[0].cpu - 1:+.1%} CPU against direct"
                    if count == 1 else f"speed-up x{timings[1].wall / timings[2].wall:.2f} over 1 worker"
                )
                row(f"Celery, {count} worker{'s' if count > 1 else ''}", args.games, timings[count], note)
        print(f"Both runs ({runs[0].chunks.count()} chunks of {runs[0].chunk_games:,} games) gave exactly the "
              "direct run's results. Workers' CPU is counted from the run's start to its end: their start-up "
              "is left out, their first reading of the cards is not.")
        print("CPU time under wall time (per process) means waiting: for the broker, the database, or for "
              "other programs on the same cores.")
    finally:
        SimulationRun.objects.filter(pk__in=[run.pk for run in runs]).delete()
        with current_app.connection_for_write() as broker:
            # Declared first: a virtual transport (Redis, filesystem) only deletes the bindings it knows.
            bound = current_app.amqp.queues[queue](broker.default_channel)
            bound.declare()
            bound.delete()


if __name__ == "__main__":
    main()
