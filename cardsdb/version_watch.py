"""Each web process keeps the card data version in memory, told of every new one by PostgreSQL.

Reading the version from the database on every request is exact but costs a round trip, more than
all the rest of a 304 or a cached page. So on PostgreSQL each process runs one thread with its own
connection that LISTENs on a channel; `bump_version` sends NOTIFY on it inside its transaction,
which PostgreSQL delivers only once that transaction commits. On each notice (and every few
seconds besides, in case one was lost) the thread reads the version and keeps it in memory, and
requests use that copy without a query. Every process still takes the version from the database;
it learns of a new one within a few milliseconds of the commit, as a request that had read the
version just before the commit would have served the old one anyway.

Whenever the thread has no connection (starting up, PostgreSQL restarting) `known_version()`
answers None and requests read the database themselves. The process that makes a change forgets
its copy when the change commits, so its own next request reads the new version.

Off with CARD_VERSION_WATCH=0 (e.g. behind a pooler in transaction mode, which cannot LISTEN), on
SQLite (whose reads are local and cheap) and in the test settings (tests change cards inside
transactions that never commit, so only a per-request read sees those changes).
"""
from __future__ import annotations

import logging
import os
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, connections

if TYPE_CHECKING:
    from .versions import CardVersion

logger = logging.getLogger(__name__)

CHANNEL = "cardtable_card_data_version"
# A lost notice (a connection that died silently) leaves a process behind for at most this long.
RECHECK_SECONDS = 5.0
RETRY_SECONDS = 1.0


class VersionWatcher:
    def __init__(self, read_version: Callable[[Any], CardVersion]) -> None:
        self._read_version = read_version  # reads the version with the cursor it is given
        self._version: CardVersion | None = None
        self._pid = 0
        self._lock = threading.Lock()
        self._stopping = threading.Event()
        self._thread: threading.Thread | None = None
        self.recheck_seconds = RECHECK_SECONDS

    def known_version(self) -> CardVersion | None:
        """The version as last told, or None when the caller must read the database."""
        if self._pid != os.getpid():
            self._start()
        return self._version

    def forget(self) -> None:
        """A change committed here: read the database until the notice of it arrives."""
        self._version = None

    def _start(self) -> None:
        with self._lock:
            if self._pid == os.getpid():
                return
            # A forked child has its parent's memory but not its thread: it starts its own.
            self._pid = os.getpid()
            self._version = None
            self._stopping.clear()
            self._thread = threading.Thread(target=self._run, name="card-version-watch", daemon=True)
            self._thread.start()

    def stop(self) -> None:
        """End the thread and close its connection (tests: a test database with a listener can't be dropped)."""
        thread = self._thread
        if thread is None:
            return
        self._stopping.set()
        with _connect() as conn:
            conn.execute("SELECT pg_notify(%s, 'stop')", [CHANNEL])  # wakes the thread now
        thread.join(timeout=self.recheck_seconds + 1)
        self._thread, self._pid, self._version = None, 0, None

    def _run(self) -> None:
        while not self._stopping.is_set():
            try:
                with _connect() as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    # Listening before reading, so no change can fall in between.
                    while not self._stopping.is_set():
                        with conn.cursor() as cursor:
                            self._version = self._read_version(cursor)
                        for _ in conn.notifies(timeout=self.recheck_seconds, stop_after=1):
                            pass
            except Exception:
                self._version = None
                logger.warning("card data version watch lost its connection; retrying", exc_info=True)
                self._stopping.wait(RETRY_SECONDS)
        self._version = None


def _connect() -> Any:
    import psycopg

    return psycopg.connect(**connections[DEFAULT_DB_ALIAS].get_connection_params(), autocommit=True)


def watching() -> bool:
    return bool(getattr(settings, "CARD_VERSION_WATCH", False)) and connections[DEFAULT_DB_ALIAS].vendor == "postgresql"
