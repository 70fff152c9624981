"""Sending chunks of games to the workers through Celery's broker.

A message names a chunk and its games, (run id, chunk index, start, count), never the deck: the
deck list is in the run's row, so messages stay small whatever the deck.
"""
from __future__ import annotations

import contextlib
import os
import threading
from collections.abc import Iterable
from typing import Any, cast

from celery import current_app
from kombu import Connection
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


class _KeptConnection(threading.local):
    """This thread's connection to the broker, and the configuration it was made from."""

    made_from: tuple[Any, ...] | None = None
    connection: Connection | None = None


_kept = _KeptConnection()


def _configuration() -> tuple[Any, ...]:
    conf = current_app.conf
    # The process id too: a connection must not be shared with a forked child (a prefork worker's).
    return (os.getpid(), conf.broker_url, repr(conf.broker_transport_options))


def _connection() -> Connection:
    """The thread's kept connection, made anew when the broker's configuration changed. On Redis,
    opening a connection costs about four times a message's send in CPU (some 8 ms against 2), and a
    worker sends a chunk after each one it takes."""
    made_from = _configuration()
    if _kept.connection is None or _kept.made_from != made_from:
        _forget_connection()
        _kept.connection, _kept.made_from = current_app.connection_for_write(), made_from
    assert _kept.connection is not None
    return _kept.connection


def _forget_connection() -> None:
    if _kept.connection is not None:
        with contextlib.suppress(Exception):  # a broken connection may fail to close: it is dropped anyway
            _kept.connection.release()
    _kept.connection = _kept.made_from = None


def send_chunks(chunks: Iterable[SimulationChunk]) -> None:
    """One message a chunk, on the thread's kept connection. Raises QueueUnavailable when the broker is
    down."""
    app = current_app
    connection = _connection()
    # The queue is declared again at each sending, not once a connection: a broker that restarted
    # without keeping its state (Redis) forgot the queue's binding, and a message sent without it
    # would be dropped. The default queue is named explicitly, as app.conf says at the time of sending.
    cast(set[int], connection.declared_entities).clear()  # kombu annotates it None
    try:
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
        _forget_connection()
        raise QueueUnavailable() from error
