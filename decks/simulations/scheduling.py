"""Fair scheduling: which chunks go to the broker next.

A run's chunks are not all sent when it starts. They wait (ChunkStatus.WAITING) in the database, and
the broker holds at most SIMULATION_QUEUE_DEPTH chunks not yet taken (QUEUED), of all runs together.
Whenever there is room (a run started, a worker took a chunk, a run ended, the watch task's tick),
`dispatch` fills it, one chunk at a time, from the requester with the fewest chunks sent and not yet
played; among that requester's runs, the run with the fewest, then the oldest. So:

- a new requester's first chunk waits behind at most SIMULATION_QUEUE_DEPTH chunks, however many
  games others have asked for, and requesters then take turns;
- one requester's runs take turns among themselves, the older first;
- the workers never wait for the database: each take is followed by a send, so the broker stays full.

This works the same with any broker (Redis or the filesystem transport): it needs neither priorities
nor a queue per requester. Several processes may dispatch at once: each chunk is marked sent by one
conditional UPDATE, so none is sent twice, and the depth is exceeded by at most one chunk per process
dispatching at that moment.
"""
from __future__ import annotations

import logging
from collections import Counter
from dataclasses import dataclass
from datetime import datetime

from django.conf import settings
from django.db.models import Count, F, Q
from django.db.models.functions import Now

from .models import ACTIVE_RUN, OUTSTANDING_CHUNK, ChunkStatus, SimulationChunk, SimulationRun
from .queue import QueueUnavailable, send_chunks

logger = logging.getLogger(__name__)


@dataclass
class _Candidate:
    run_id: int
    requester: str
    created_at: datetime
    waiting: int
    outstanding: int


def queued_chunks() -> int:
    """Chunks of active runs sent to the broker and not yet taken."""
    return SimulationChunk.objects.filter(status=ChunkStatus.QUEUED, run__status__in=ACTIVE_RUN).count()


def fair_order(room: int) -> list[int]:
    """The runs whose next waiting chunk goes next, one entry a chunk, at most `room` entries."""
    runs = (
        SimulationRun.objects.filter(status__in=ACTIVE_RUN)
        .annotate(
            waiting=Count("chunks", filter=Q(chunks__status=ChunkStatus.WAITING)),
            outstanding=Count("chunks", filter=Q(chunks__status__in=OUTSTANDING_CHUNK)),
        )
        .values_list("pk", "requester", "created_at", "waiting", "outstanding")
    )
    candidates: list[_Candidate] = []
    by_requester: Counter[str] = Counter()
    for pk, requester, created_at, waiting, outstanding in runs:
        by_requester[requester] += outstanding
        if waiting:
            candidates.append(_Candidate(pk, requester, created_at, waiting, outstanding))
    order: list[int] = []
    while candidates and len(order) < room:
        best = min(candidates, key=lambda c: (by_requester[c.requester], c.outstanding, c.created_at, c.run_id))
        order.append(best.run_id)
        by_requester[best.requester] += 1
        best.outstanding += 1
        best.waiting -= 1
        if not best.waiting:
            candidates.remove(best)
    return order


def dispatch() -> int:
    """Send waiting chunks, fairly, until the broker holds SIMULATION_QUEUE_DEPTH of them; the number
    sent. Raises QueueUnavailable when the broker is down (the chunks wait for the next try)."""
    room = settings.SIMULATION_QUEUE_DEPTH - queued_chunks()
    if room <= 0:
        return 0
    wanted = Counter(fair_order(room))
    marked: list[SimulationChunk] = []
    for run_id, count in wanted.items():
        waiting = SimulationChunk.objects.filter(run_id=run_id, status=ChunkStatus.WAITING).order_by("index")
        for chunk in waiting[:count]:
            # Of several processes dispatching at once, one wins this UPDATE and sends the chunk.
            if SimulationChunk.objects.filter(pk=chunk.pk, status=ChunkStatus.WAITING).update(
                status=ChunkStatus.QUEUED, sends=F("sends") + 1, queued_at=Now()
            ):
                marked.append(chunk)
    if not marked:
        return 0
    try:
        send_chunks(marked)
    except QueueUnavailable:
        # Back to waiting; a message that did go out before the failure is harmless (a worker takes a
        # waiting chunk as well), and one sent twice is played once.
        SimulationChunk.objects.filter(pk__in=[c.pk for c in marked], status=ChunkStatus.QUEUED).update(
            status=ChunkStatus.WAITING, sends=F("sends") - 1
        )
        raise
    return len(marked)


def dispatch_quietly() -> None:
    """Dispatch where a broker that is down must not stop the caller (a worker, a cancel): the watch
    task's next tick tries again."""
    try:
        dispatch()
    except QueueUnavailable:
        logger.warning("The broker is down: waiting chunks stay waiting until the next try")
