"""Celery tasks of the decks app (found by the worker's autodiscovery)."""
from __future__ import annotations

from celery import shared_task

from .simulations import chunks
from .simulations.queue import PLAY_CHUNK


@shared_task(name=PLAY_CHUNK, ignore_result=True)
def play_chunk(run_id: int, index: int, start: int, count: int) -> None:
    """Play games start .. start+count-1 of a goldfish run (acks_late: redelivered if the worker dies)."""
    chunks.play_chunk(run_id, index, start, count)
