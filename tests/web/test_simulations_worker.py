"""Goldfish runs on real Celery workers (separate processes, started by tests/worker_fixtures.py) through
the configured broker: the results of one process however the games are split, progress as chunks
finish, and a worker killed mid-chunk."""
from __future__ import annotations

import time
from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone
from pytest_django.fixtures import Settings
from rest_framework.test import APIClient

from decks.simulations.models import ChunkStatus, SimulationChunk, SimulationRun
from tests.web.test_simulations_api import LEGAL, in_one_process
from tests.worker_fixtures import (  # noqa: F401
    StartWorker,
    Worker,
    isolated_broker_fixture,
    shared_worker_fixture,
    simulation_worker_fixture,
    start_worker_fixture,
)

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("loaded_cards", "isolated_broker")]

URL = "/api/simulations/"
FINISHED = {"done", "failed"}


def start(games: int, seed: int) -> str:
    response = APIClient().post(URL, {"game": "condemned", "list": LEGAL, "games": games, "seed": seed}, format="json")
    assert response.status_code == 202, response.content
    return str(response.json()["id"])


def poll_until(run_id: str, done: Callable[[dict[str, Any]], bool], timeout: float,
               seen: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """GET the run (as a page or script would) until `done` says so; every answer goes into `seen`."""
    deadline = time.monotonic() + timeout
    while True:
        body = APIClient().get(f"{URL}{run_id}/").json()
        if seen is not None:
            seen.append(body)
        if done(body):
            return body
        if time.monotonic() > deadline:
            pytest.fail(f"After {timeout:.0f} s the run is still {body['status']} at {body['progress']:.0%}")
        time.sleep(0.02)


def finished(body: dict[str, Any]) -> bool:
    return body["status"] in FINISHED


def test_it_gives_the_results_of_one_process_however_the_workers_split_the_games(
    simulation_worker: Worker,
) -> None:
    run_id = start(1500, 21)

    body = poll_until(run_id, finished, timeout=90)

    assert (body["status"], body["error"], body["progress"]) == ("done", None, 1.0), simulation_worker.output()
    assert body["results"] == in_one_process(LEGAL, 1500, 21)
    played_by = set(SimulationChunk.objects.filter(run__public_id=run_id).values_list("worker", flat=True))
    assert len(played_by) == 2  # both of the worker's processes took chunks


def test_it_moves_the_progress_as_chunks_finish(simulation_worker: Worker) -> None:
    run_id = start(2500, 3)
    seen: list[dict[str, Any]] = []

    poll_until(run_id, finished, timeout=90, seen=seen)

    progress = [body["progress"] for body in seen]
    assert progress == sorted(progress)
    assert progress[-1] == 1.0 and seen[-1]["status"] == "done"
    assert any(0 < p < 1 for p in progress), "no poll saw the run part way through"
    run = SimulationRun.objects.get(public_id=run_id)
    assert run.games % run.chunk_games == 0
    # Each value seen counts the games of whole chunks.
    assert all(round(p * run.games) % run.chunk_games == 0 for p in progress)


def running_chunk_just_taken() -> SimulationChunk | None:
    """A chunk a worker took in the last tenth of a second: it has most of its games still to play."""
    recent = timezone.now() - timedelta(seconds=0.1)
    return SimulationChunk.objects.filter(status=ChunkStatus.RUNNING, started_at__gt=recent).first()


def kill_mid_chunk(worker: Worker) -> SimulationChunk:
    deadline = time.monotonic() + 60
    while running_chunk_just_taken() is None:
        assert time.monotonic() < deadline, f"the worker took no chunk:\n{worker.output()}"
        time.sleep(0.005)
    worker.kill()
    stalled = SimulationChunk.objects.filter(status=ChunkStatus.RUNNING).get()
    assert stalled.worker.endswith(f":{worker.process.pid}")
    return stalled


def test_it_finishes_a_run_on_another_worker_when_a_worker_is_killed_mid_chunk(
    start_worker: StartWorker, settings: Settings
) -> None:
    settings.SIMULATION_HEARTBEAT_LEASE = 3
    first = start_worker()
    run_id = start(8000, 5)  # chunks of 320 games, about a quarter of a second each
    stalled = kill_mid_chunk(first)
    second = start_worker()

    body = poll_until(run_id, finished, timeout=120)

    assert (body["status"], body["error"]) == ("done", None), second.output()
    assert body["results"] == in_one_process(LEGAL, 8000, 5)
    stalled.refresh_from_db()
    assert (stalled.status, stalled.attempts) == (ChunkStatus.DONE, 2)
    assert stalled.worker.endswith(f":{second.process.pid}")


def test_it_fails_the_run_with_the_reason_when_the_worker_of_a_chunk_keeps_dying(
    start_worker: StartWorker, settings: Settings
) -> None:
    settings.SIMULATION_HEARTBEAT_LEASE = 2
    settings.SIMULATION_MAX_ATTEMPTS = 1
    worker = start_worker()
    run_id = start(8000, 6)
    stalled = kill_mid_chunk(worker)

    body = poll_until(run_id, finished, timeout=60)

    assert body["status"] == "failed" and body["results"] is None
    games = f"games {stalled.start + 1:,}\u2013{stalled.start + stalled.count:,}"
    assert f"The worker playing {games} stopped before finishing them" in body["error"]
    assert f":{worker.process.pid}" in body["error"]
