"""Ending a run before its games are all played: failed (with the reason) or cancelled by its requester.

Either way the run's chunks that no worker has finished are cancelled, so they leave the scheduler's
count of work in the queue. A worker still playing one notices at its next heartbeat (the run is no
longer active, decks/simulations/chunks.py) and stops; a message of one still in the broker is skipped
when a worker takes it.
"""
from __future__ import annotations

from django.db import transaction
from django.db.models.functions import Now

from .models import ACTIVE_RUN, UNFINISHED_CHUNK, ChunkStatus, RunStatus, SimulationChunk, SimulationRun


def _end(run_id: int, status: RunStatus, reason: str) -> bool:
    with transaction.atomic():
        ended = SimulationRun.objects.filter(pk=run_id, status__in=ACTIVE_RUN).update(
            status=status, error=reason, finished_at=Now()
        )
        if ended:
            SimulationChunk.objects.filter(run_id=run_id, status__in=UNFINISHED_CHUNK).update(
                status=ChunkStatus.CANCELLED
            )
    return bool(ended)


def fail_run(run_id: int, reason: str) -> bool:
    """End a run that is still queued or running as failed; False if it had already ended."""
    return _end(run_id, RunStatus.FAILED, reason)


def cancel_run(run_id: int) -> bool:
    """End a run that is still queued or running as cancelled; False if it had already ended."""
    return _end(run_id, RunStatus.CANCELLED, "")
