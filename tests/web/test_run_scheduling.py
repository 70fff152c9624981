"""Fair scheduling of goldfish chunks (decks/simulations/scheduling.py): one requester's big run does not
starve another's small one, and a cancelled run stops being played. First what is sent when, played in
this process as a worker plays; then on a real worker through the configured broker."""
from __future__ import annotations

import time
from typing import Any

import pytest
from django.contrib.auth.models import AbstractBaseUser
from django.utils import timezone
from pytest_django.fixtures import Settings

from decks.simulations import chunks
from decks.simulations.models import ChunkStatus, RunStatus, SimulationChunk, SimulationRun
from tests.web.test_simulations_api import LEGAL, client_of, in_one_process, run_of
from tests.worker_fixtures import StartWorker, isolated_broker_fixture, start_worker_fixture  # noqa: F401

pytestmark = pytest.mark.usefixtures("loaded_cards", "isolated_broker")

URL = "/api/simulations/"


def start(user: AbstractBaseUser | None, games: int, seed: int = 1) -> SimulationRun:
    body = {"game": "condemned", "list": LEGAL, "games": games, "seed": seed}
    return run_of(client_of(user).post(URL, body, format="json"))


def queued() -> list[tuple[str, int]]:
    """(requester, chunk index) of the chunks in the broker, not yet taken."""
    rows = SimulationChunk.objects.filter(status=ChunkStatus.QUEUED).order_by("run_id", "index")
    return [(chunk.run.requested_by.get_username(), chunk.index) for chunk in rows.select_related("run__requested_by")]


def take(run: SimulationRun, index: int) -> None:
    """Be a worker taking the chunk's message and playing it."""
    chunk = run.chunks.get(index=index)
    chunks.play_chunk(run.pk, index, chunk.start, chunk.count)


@pytest.mark.django_db
def test_a_run_sends_no_more_than_the_queue_depth(settings: Settings, ann: AbstractBaseUser) -> None:
    settings.SIMULATION_QUEUE_DEPTH = 4
    big = start(ann, 10_000)
    assert big.chunks.count() == 25
    assert queued() == [("ann", 0), ("ann", 1), ("ann", 2), ("ann", 3)]
    assert big.chunks.filter(status=ChunkStatus.WAITING).count() == 21


@pytest.mark.django_db
def test_a_newcomers_chunks_go_next_and_requesters_then_take_turns(
    settings: Settings, ann: AbstractBaseUser, bob: AbstractBaseUser
) -> None:
    settings.SIMULATION_QUEUE_DEPTH = 4
    big = start(ann, 10_000)
    small = start(bob, 300)
    assert queued() == [("ann", 0), ("ann", 1), ("ann", 2), ("ann", 3)]  # the queue is full: bob waits

    take(big, 0)  # a worker takes one of ann's, so one chunk may go in: bob's, who has none out
    assert queued() == [("ann", 1), ("ann", 2), ("ann", 3), ("bob", 0)]
    take(big, 1)  # ann has 2 out, bob 1: bob again
    assert queued() == [("ann", 2), ("ann", 3), ("bob", 0), ("bob", 1)]
    take(small, 0)  # both have two out: the older run's next chunk goes in
    take(small, 1)  # ann has three out, bob one: bob's last
    assert queued() == [("ann", 2), ("ann", 3), ("ann", 4), ("bob", 2)]
    take(small, 2)

    small.refresh_from_db()
    assert small.status == RunStatus.DONE and small.results == in_one_process(LEGAL, 300, 1)
    assert big.chunks.filter(status=ChunkStatus.DONE).count() == 2


@pytest.mark.django_db
def test_one_requesters_runs_take_turns_the_older_first(settings: Settings, ann: AbstractBaseUser) -> None:
    settings.SIMULATION_QUEUE_DEPTH = 2
    settings.RUNS_IN_FLIGHT_USER = 3
    first = start(ann, 1000)
    second = start(ann, 1000)
    assert [c.run_id for c in SimulationChunk.objects.filter(status=ChunkStatus.QUEUED)] == [first.pk, first.pk]
    take(first, 0)
    take(first, 1)
    assert sorted((c.run_id, c.index) for c in SimulationChunk.objects.filter(status=ChunkStatus.QUEUED)) == [
        (first.pk, 2), (second.pk, 0)
    ]


@pytest.mark.django_db
def test_cancelling_a_run_makes_room_for_others(settings: Settings, ann: AbstractBaseUser,
                                                bob: AbstractBaseUser) -> None:
    settings.SIMULATION_QUEUE_DEPTH = 3
    big = start(ann, 10_000)
    start(bob, 300)
    assert client_of(ann).post(f"{URL}{big.public_id}/cancel/").status_code == 200
    assert queued() == [("bob", 0), ("bob", 1), ("bob", 2)]


# On a real worker ----------------------------------------------------------------------------------------


def wait_for(done: Any, timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not done():
        if time.monotonic() > deadline:
            pytest.fail(f"After {timeout:.0f} s: {what}")
        time.sleep(0.05)


@pytest.mark.django_db(transaction=True)
def test_a_small_run_finishes_while_a_big_one_started_before_it_is_still_playing(
    start_worker: StartWorker, ann: AbstractBaseUser, bob: AbstractBaseUser
) -> None:
    worker = start_worker()  # one process: the two runs share it
    big = start(ann, 12_000, seed=2)  # 25 chunks of 480 games
    wait_for(lambda: SimulationChunk.objects.filter(run=big, status=ChunkStatus.DONE).exists(), 60,
             f"the worker finished no chunk:\n{worker.output()}")

    small = start(bob, 300, seed=3)
    wait_for(lambda: SimulationRun.objects.get(pk=small.pk).is_finished, 60, f"the small run is not done:\n"
             f"{worker.output()}")

    small.refresh_from_db()
    big.refresh_from_db()
    assert small.status == RunStatus.DONE and small.results == in_one_process(LEGAL, 300, 3)
    assert big.status == RunStatus.RUNNING and big.progress < 0.5, big.progress
    wait_for(lambda: SimulationRun.objects.get(pk=big.pk).is_finished, 180, f"the big run is not done:\n"
             f"{worker.output()}")
    big.refresh_from_db()
    assert big.status == RunStatus.DONE and big.results == in_one_process(LEGAL, 12_000, 2)


@pytest.mark.django_db(transaction=True)
def test_a_cancelled_run_stops_on_the_worker_and_the_worker_moves_on(
    start_worker: StartWorker, ann: AbstractBaseUser
) -> None:
    worker = start_worker()
    big = start(ann, 40_000, seed=4)  # chunks of 1,600 games, a second or more each
    wait_for(lambda: big.chunks.filter(status=ChunkStatus.RUNNING).exists(), 60,
             f"the worker took no chunk:\n{worker.output()}")

    cancelled = client_of(ann).post(f"{URL}{big.public_id}/cancel/")
    cancelled_at = timezone.now()

    assert cancelled.status_code == 200 and cancelled.json()["status"] == "cancelled"
    after = start(ann, 200, seed=5)
    wait_for(lambda: SimulationRun.objects.get(pk=after.pk).is_finished, 60,
             f"the next run is not done:\n{worker.output()}")
    assert SimulationRun.objects.get(pk=after.pk).status == RunStatus.DONE
    assert not big.chunks.filter(status=ChunkStatus.DONE, finished_at__gt=cancelled_at).exists()
    assert set(big.chunks.exclude(status=ChunkStatus.DONE).values_list("status", flat=True)) == {
        ChunkStatus.CANCELLED
    }
    big.refresh_from_db()
    assert big.status == RunStatus.CANCELLED and big.results is None
