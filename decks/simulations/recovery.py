"""Keeping runs moving when a worker dies or a message is lost, without anyone looking at the run.

Celery beat sends the watch task every SIMULATION_WATCH_SECONDS (`make run` starts beat inside its
worker; a deployment runs one `celery -A config beat`). It calls `watch`, which, for every active run:

- sends again a chunk whose message was lost (a Redis restart without persistence, a deleted queue, a
  worker that took the message but could not reach the database): one sent more than
  SIMULATION_QUEUE_LEASE seconds ago and not taken, while the workers sit idle or have taken a chunk
  sent after it (the broker hands messages out in the order they were sent). A chunk merely waiting
  behind long chunks on busy workers is left alone. A chunk sent SIMULATION_MAX_SENDS times without
  being taken fails the run with the reason;
- sends again a chunk whose worker stopped writing heartbeats for SIMULATION_HEARTBEAT_LEASE seconds
  (Celery redelivers such a message when it can, but not always soon: a Redis broker keeps an
  unacknowledged message for an hour, and the filesystem broker loses it); a chunk taken
  SIMULATION_MAX_ATTEMPTS times fails the run with the reason;
- finishes a run whose chunks are all played (its last worker stopped before merging them);

then dispatches waiting chunks (decks/simulations/scheduling.py). Whoever looks at a run (its page, the
poll endpoint, a worker finishing one of its chunks) also calls `recover_run` for that run.

All times are the database's (Now()): the one clock every machine shares.
"""
from __future__ import annotations

import logging
from datetime import timedelta

from django.conf import settings
from django.db.models import Exists, F, OuterRef, Q
from django.db.models.functions import Now

from .chunks import count_progress, games_of
from .endings import fail_run
from .models import ACTIVE_RUN, ChunkStatus, SimulationChunk, SimulationRun
from .queue import QueueUnavailable, send_chunks
from .scheduling import dispatch

logger = logging.getLogger(__name__)


def _seconds(name: str) -> timedelta:
    return timedelta(seconds=getattr(settings, name))


OVERTAKING_GRACE = timedelta(seconds=5)  # two workers taking two messages at once may take them out of order


def _workers_busy() -> bool:
    """Whether some worker is playing a chunk now (its heartbeat is fresh)."""
    return SimulationChunk.objects.filter(
        status=ChunkStatus.RUNNING, heartbeat_at__gte=Now() - _seconds("SIMULATION_HEARTBEAT_LEASE"),
        run__status__in=ACTIVE_RUN,
    ).exists()


def _lost() -> Q:
    """Chunks whose message is gone: sent over the queue lease ago and not taken, while the workers are
    idle, or while a chunk sent after them was taken (well before now)."""
    waited = Q(status=ChunkStatus.QUEUED, queued_at__lt=Now() - _seconds("SIMULATION_QUEUE_LEASE"))
    if not _workers_busy():
        return waited
    overtaken = SimulationChunk.objects.filter(
        queued_at__gt=OuterRef("queued_at"), started_at__gte=F("queued_at"), started_at__lt=Now() - OVERTAKING_GRACE
    )
    return waited & Q(Exists(overtaken))


def _stalled() -> Q:
    """Chunks taken by a worker that stopped writing heartbeats."""
    return Q(status=ChunkStatus.RUNNING, heartbeat_at__lt=Now() - _seconds("SIMULATION_HEARTBEAT_LEASE"))


def recover_run(run: SimulationRun) -> None:
    """Send again the chunks of an active run that were lost or whose worker stopped, or fail the run
    with the reason once they have had their tries. One indexed query when nothing is wrong."""
    if run.is_finished:
        return
    for chunk in SimulationChunk.objects.filter(_lost() | _stalled(), run=run).order_by("index"):
        resend = _resend_lost(run, chunk) if chunk.status == ChunkStatus.QUEUED else _resend_stalled(run, chunk)
        if not resend:
            return


def _times(count: int) -> str:
    return "once" if count == 1 else f"{count} times"


def _resend_lost(run: SimulationRun, chunk: SimulationChunk) -> bool:
    if chunk.sends >= settings.SIMULATION_MAX_SENDS:
        fail_run(
            run.pk,
            f"No worker took {games_of(chunk)}: they were sent {_times(chunk.sends)} and waited "
            f"{settings.SIMULATION_QUEUE_LEASE} seconds each time; the run was stopped. Are the workers running?",
        )
        return False
    # Of several processes recovering at once, one wins this UPDATE (still lost, not yet sent again) and
    # sends the chunk.
    if not SimulationChunk.objects.filter(_lost(), pk=chunk.pk, sends=chunk.sends).update(
        sends=F("sends") + 1, queued_at=Now()
    ):
        return True
    logger.warning("Sending %s of run %s again: no worker took them", games_of(chunk), run.public_id)
    try:
        send_chunks([chunk])
    except QueueUnavailable:
        return False  # still queued with a fresh lease: the next look tries again
    return True


def _resend_stalled(run: SimulationRun, chunk: SimulationChunk) -> bool:
    if chunk.attempts >= settings.SIMULATION_MAX_ATTEMPTS:
        SimulationChunk.objects.filter(pk=chunk.pk, claim=chunk.claim).update(
            status=ChunkStatus.FAILED, error=f"The worker {chunk.worker} stopped.", finished_at=Now()
        )
        fail_run(
            run.pk,
            f"The worker playing {games_of(chunk)} stopped before finishing them, on each of "
            f"{chunk.attempts} attempts (the last on {chunk.worker}); the run was stopped.",
        )
        return False
    if not SimulationChunk.objects.filter(pk=chunk.pk, claim=chunk.claim, status=ChunkStatus.RUNNING).update(
        status=ChunkStatus.QUEUED, sends=F("sends") + 1, queued_at=Now()
    ):
        return True
    logger.warning("Sending %s of run %s again: %s stopped", games_of(chunk), run.public_id, chunk.worker)
    try:
        send_chunks([chunk])
    except QueueUnavailable:
        return False  # queued with a fresh lease: the lost-message rule sends it when the broker is back
    return True


def watch() -> None:
    """The watch task's body: recover every active run that needs it, finish the runs whose chunks
    are all played, then dispatch waiting chunks."""
    troubled = (
        SimulationChunk.objects.filter(_lost() | _stalled(), run__status__in=ACTIVE_RUN)
        .values_list("run_id", flat=True).distinct()
    )
    for run in SimulationRun.objects.filter(pk__in=list(troubled)).select_related("game"):
        recover_run(run)
    played = SimulationRun.objects.filter(status__in=ACTIVE_RUN).exclude(
        chunks__status__in=[s for s in ChunkStatus if s != ChunkStatus.DONE]
    )
    for run in played.select_related("game"):
        count_progress(run)
    try:
        dispatch()
    except QueueUnavailable:
        logger.warning("The broker is down: waiting chunks stay waiting until the next tick")
