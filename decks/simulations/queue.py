"""Sending chunks of games to the workers through Celery's broker.

A message names a chunk and its games, (run id, chunk index, start, count), never the deck: the
deck list is in the run's row, so messages stay small whatever the deck.
"""
from __future__ import annotations

from collections.abc import Iterable

from celery import current_app
from kombu.exceptions import OperationalError

from .models import SimulationChunk

PLAY_CHUNK = "decks.simulations.play_chunk"
WATCH = "decks.simulations.watch"
RUN_FIELDS = "decks.simulations.run_fields"
QUEUE_DOWN = "The job queue is unavailable; try again in a few minutes."
# A broker that is down answers within a second or two instead of holding the request.
PUBLISH_RETRY = {"max_retries": 2, "interval_start": 0, "interval_step": 0.5, "interval_max": 1}


class QueueUnavailable(Exception):
    """The broker could not be reached; nothing more was sent."""

    def __init__(self, message: str = QUEUE_DOWN) -> None:
        super().__init__(message)


def send_chunks(chunks: Iterable[SimulationChunk]) -> None:
    """One message a chunk, on one connection. Raises QueueUnavailable when the broker is down."""
    app = current_app
    # A connection made from the current configuration (not the app's pool), and the default
    # queue named explicitly: both read app.conf at the time of sending.
    try:
        with app.connection_for_write() as connection:
            for chunk in chunks:
                app.send_task(
                    PLAY_CHUNK,
                    args=(chunk.run_id, chunk.index, chunk.start, chunk.count),
                    connection=connection,
                    queue=app.conf.task_default_queue,
                    retry=True,
                    retry_policy=PUBLISH_RETRY,
                    ignore_result=True,
                )
    except OperationalError as error:
        raise QueueUnavailable() from error
