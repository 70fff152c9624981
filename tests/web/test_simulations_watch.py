"""The watch task (decks/simulations/recovery.py), sent by Celery beat running inside a real worker as
`make run` starts it: runs finish, or fail with the reason, without anyone polling them. The tests look at
the database only, never at the run's page or API (which would recover the run themselves)."""
from __future__ import annotations

import time

import pytest
from celery import current_app

from decks.simulations.models import ChunkStatus, RunStatus, SimulationChunk, SimulationRun
from tests.web.test_simulations_api import LEGAL, in_one_process, run_of, start
from tests.web.test_simulations_worker import kill_mid_chunk
from tests.worker_fixtures import StartWorker, Worker, isolated_broker_fixture, start_worker_fixture  # noqa: F401

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("loaded_cards", "isolated_broker")]

# Short leases and a tick a second, as environment variables of the worker and its beat.
FAST = {"SIMULATION_WATCH_SECONDS": "1", "SIMULATION_QUEUE_LEASE": "2", "SIMULATION_HEARTBEAT_LEASE": "2"}


def delete_queue() -> None:
    """Lose every message of the test's queue, as a Redis restart without persistence does."""
    with current_app.connection_for_write() as broker:
        queue = current_app.amqp.queues[current_app.conf.task_default_queue](broker.default_channel)
        queue.declare()
        queue.delete()



def wait_until_ended(run: SimulationRun, timeout: float, worker: Worker) -> SimulationRun:
    deadline = time.monotonic() + timeout
    while True:
        run.refresh_from_db()
        if run.is_finished:
            return run
        if time.monotonic() > deadline:
            chunks = list(run.chunks.values_list("index", "status", "sends", "attempts"))
            pytest.fail(f"After {timeout:.0f} s the run is still {run.status}: {chunks}\n{worker.output()}")
        time.sleep(0.1)


def test_chunks_lost_with_the_queue_are_sent_again_and_the_run_completes(start_worker: StartWorker) -> None:
    run = run_of(start(None, game="condemned", list=LEGAL, games=1000, seed=9))
    sent = list(run.chunks.filter(status=ChunkStatus.QUEUED).values_list("index", flat=True))
    assert sent  # their messages are in the broker...
    delete_queue()  # ...and now they are not

    worker = start_worker(beat=True, **FAST)
    run = wait_until_ended(run, 120, worker)

    assert (run.status, run.error) == (RunStatus.DONE, ""), worker.output()
    assert run.results == in_one_process(LEGAL, 1000, 9)
    resent = SimulationChunk.objects.filter(run=run, index__in=sent)
    assert all(chunk.attempts == 1 for chunk in resent)  # each played once, after its message was sent again
    assert "Sending games" in worker.output() and "again: no worker took them" in worker.output()


def test_a_run_fails_with_the_reason_when_its_chunks_are_never_taken(start_worker: StartWorker) -> None:
    run = run_of(start(None, game="condemned", list=LEGAL, games=300, seed=9))
    delete_queue()

    worker = start_worker(beat=True, SIMULATION_MAX_SENDS="1", **FAST)
    run = wait_until_ended(run, 60, worker)

    assert run.status == RunStatus.FAILED, worker.output()
    assert run.error == ("No worker took games 1\u2013100: they were sent once and waited 2 seconds each time; the "
                         "run was stopped. Are the workers running?")
    assert set(run.chunks.values_list("status", flat=True)) == {ChunkStatus.CANCELLED}


def test_a_run_whose_worker_keeps_dying_fails_with_the_reason(start_worker: StartWorker) -> None:
    first = start_worker()
    run = run_of(start(None, game="condemned", list=LEGAL, games=8000, seed=6))
    stalled = kill_mid_chunk(first)

    second = start_worker(beat=True, SIMULATION_MAX_ATTEMPTS="1", **FAST)
    run = wait_until_ended(run, 60, second)

    assert run.status == RunStatus.FAILED and run.results is None, second.output()
    games = f"games {stalled.start + 1:,}\u2013{stalled.start + stalled.count:,}"
    assert run.error == (f"The worker playing {games} stopped before finishing them, on each of 1 attempts (the "
                         f"last on {stalled.worker}); the run was stopped.")
    stalled.refresh_from_db()
    assert stalled.status == ChunkStatus.FAILED
