"""The watch task's rules for lost messages (decks/simulations/recovery.py), played in this process: the
task's body runs as beat's tick would run it, and chunks are played as a worker plays them.
tests/web/test_simulations_watch.py runs it in a real worker with beat."""
from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone
from pytest_django.fixtures import Settings

from decks.simulations import recovery
from decks.simulations.models import ChunkStatus, RunStatus, SimulationChunk, SimulationRun
from tests.web.test_simulations_api import LEGAL, in_one_process, play_all, run_of, start
from tests.worker_fixtures import isolated_broker_fixture  # noqa: F401

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("loaded_cards", "isolated_broker")]


def a_run(games: int = 800) -> SimulationRun:
    return run_of(start(None, game="condemned", list=LEGAL, games=games, seed=3))


def sent_ago(run: SimulationRun, indexes: list[int], minutes: float) -> None:
    SimulationChunk.objects.filter(run=run, index__in=indexes).update(
        queued_at=timezone.now() - timedelta(minutes=minutes)
    )


def busy_worker_on(run: SimulationRun, index: int) -> None:
    """A worker took the chunk a while ago and is still playing it."""
    now = timezone.now()
    SimulationChunk.objects.filter(run=run, index=index).update(
        status=ChunkStatus.RUNNING, claim="busy", attempts=1, sends=0, started_at=now - timedelta(minutes=9),
        heartbeat_at=now,
    )


def sends(run: SimulationRun) -> dict[int, tuple[str, int]]:
    return {c.index: (c.status, c.sends) for c in run.chunks.filter(index__lt=4)}


def test_chunks_sent_long_ago_to_idle_workers_are_sent_again() -> None:
    run = a_run()
    assert sends(run) == {i: (ChunkStatus.QUEUED, 1) for i in range(4)}
    sent_ago(run, [0, 1, 2, 3], minutes=10)

    recovery.watch()

    assert sends(run) == {i: (ChunkStatus.QUEUED, 2) for i in range(4)}
    play_all(run)
    run.refresh_from_db()
    assert run.status == RunStatus.DONE and run.results == in_one_process(LEGAL, 800, 3)


def test_a_chunk_waiting_behind_busy_workers_is_left_alone() -> None:
    run = a_run()
    sent_ago(run, [0, 1, 2, 3], minutes=10)
    busy_worker_on(run, 0)  # taken ten minutes after it was sent, as chunks 1-3 were: they wait behind it

    recovery.watch()

    assert sends(run) == {0: (ChunkStatus.RUNNING, 0), 1: (ChunkStatus.QUEUED, 1), 2: (ChunkStatus.QUEUED, 1),
                          3: (ChunkStatus.QUEUED, 1)}


def test_a_chunk_overtaken_by_one_sent_after_it_is_sent_again() -> None:
    run = a_run()
    sent_ago(run, [0], minutes=10)
    sent_ago(run, [1, 2], minutes=9.6)
    busy_worker_on(run, 3)  # sent after chunks 1 and 2 and taken before them: theirs are gone...
    sent_ago(run, [3], minutes=9.5)
    SimulationChunk.objects.filter(run=run, index=0).update(status=ChunkStatus.DONE)  # (...and 0 was played)

    recovery.watch()

    assert sends(run) == {0: (ChunkStatus.DONE, 1), 1: (ChunkStatus.QUEUED, 2), 2: (ChunkStatus.QUEUED, 2),
                          3: (ChunkStatus.RUNNING, 0)}


def test_a_recent_send_is_left_alone(settings: Settings) -> None:
    run = a_run()
    sent_ago(run, [0, 1, 2, 3], minutes=settings.SIMULATION_QUEUE_LEASE / 60 - 0.25)
    recovery.watch()
    assert sends(run) == {i: (ChunkStatus.QUEUED, 1) for i in range(4)}


def test_the_run_fails_when_a_chunk_was_sent_its_last_time(settings: Settings) -> None:
    run = a_run()
    SimulationChunk.objects.filter(run=run, index=2).update(sends=settings.SIMULATION_MAX_SENDS)
    sent_ago(run, [2], minutes=10)

    recovery.watch()

    run.refresh_from_db()
    assert run.status == RunStatus.FAILED
    assert run.error == (f"No worker took games 201\u2013300: they were sent {settings.SIMULATION_MAX_SENDS} times "
                         f"and waited {settings.SIMULATION_QUEUE_LEASE} seconds each time; the run was stopped. Are "
                         "the workers running?")


def test_the_watch_finishes_a_run_whose_last_worker_stopped_before_merging() -> None:
    run = a_run(games=200)
    play_all(run)
    SimulationRun.objects.filter(pk=run.pk).update(status=RunStatus.RUNNING, results=None, finished_at=None)

    recovery.watch()

    run.refresh_from_db()
    assert run.status == RunStatus.DONE and run.results == in_one_process(LEGAL, 200, 3)
