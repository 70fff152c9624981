"""The card data version: one database row that changes whenever a game, set or card changes.

Every save or delete of a Game, CardSet or Card changes it inside the same transaction, so a
reader that sees the new version also sees the new data (the cached pages keyed by a version
can only hold data at least as new as it). `card_data_changes()` folds a batch of changes (a
load, an admin delete that cascades) into one new version. `migrate` makes a new version too,
so a release that changes how cards are shown starts with fresh caches. Requests take the
version from `request_version`: on PostgreSQL each process's copy, kept current by NOTIFY
(version_watch.py); otherwise a read of the row.
"""
from __future__ import annotations

import secrets
import threading
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any, Generic, TypeVar

from django.db import DEFAULT_DB_ALIAS, connections, transaction
from django.http import HttpRequest
from django.utils import timezone

from .models import Card, CardDataVersion, CardSet, Game
from .version_watch import CHANNEL, VersionWatcher, watching

VERSION_ROW = 1
K = TypeVar("K", bound=Hashable)
V = TypeVar("V")
CARD_DATA_MODELS = (Game, CardSet, Card)


@dataclass(frozen=True)
class CardVersion:
    number: int
    token: str
    changed_at: datetime

    @property
    def tag(self) -> str:
        """Names this version in ETags and cache keys."""
        return f"{self.number}-{self.token}"

    @property
    def last_modified(self) -> int:
        """`changed_at` in whole seconds since the epoch, as Last-Modified carries it."""
        return int(self.changed_at.timestamp())


# Before the first change (an empty database, or a test database just flushed).
NO_VERSION = CardVersion(0, "none", datetime(2000, 1, 1, tzinfo=UTC))


# Every request to a card endpoint runs this: plain SQL, since building it through the ORM would
# cost more than running it.
_READ_VERSION = (
    f"SELECT number, token, changed_at FROM {CardDataVersion._meta.db_table} WHERE id = {VERSION_ROW}"
)


def current_version(using: str = DEFAULT_DB_ALIAS) -> CardVersion:
    """The version every web process agrees on: one primary-key read."""
    with connections[using].cursor() as cursor:
        return _read_with(cursor)


def _read_with(cursor: Any) -> CardVersion:
    cursor.execute(_READ_VERSION)
    row = cursor.fetchone()
    if row is None:
        return NO_VERSION
    number, token, changed_at = row
    if isinstance(changed_at, str):  # SQLite without its type converters
        changed_at = datetime.fromisoformat(changed_at)
    if changed_at.tzinfo is None:  # SQLite stores UTC without an offset
        changed_at = changed_at.replace(tzinfo=UTC)
    return CardVersion(number, token, changed_at)


# The watching thread reads on its own connection.
watcher = VersionWatcher(_read_with)


def request_version(request: HttpRequest) -> CardVersion:
    """The version this request is served at: once per request, from the watching thread's copy
    (cardsdb/version_watch.py) when there is one, else from the database."""
    version: CardVersion | None = getattr(request, "card_data_version", None)
    if version is None:
        version = (watcher.known_version() if watching() else None) or current_version()
        request.card_data_version = version  # type: ignore[attr-defined]
    return version


def process_version(using: str = DEFAULT_DB_ALIAS) -> CardVersion:
    """The version for what a process keeps of the card data outside the HTTP caches (the engine's
    card index, decks/selectors.py): the watching thread's copy when there is one, else a read.

    Inside a transaction it always reads the row: a transaction that changed cards sees its own new
    version there, and the watching thread learns of it only once it commits."""
    if watching() and not connections[using].in_atomic_block:
        known = watcher.known_version()
        if known is not None:
            return known
    return current_version(using)


def changes_pending() -> bool:
    """Whether this thread is inside `card_data_changes()` after a change that has not yet made its
    version: until the batch ends, the version does not tell that the cards changed."""
    return _batch.depth > 0 and _batch.changed


class KeptPerVersion(Generic[K, V]):
    """What a process builds from the card data (the engine's card index, the navigation's games),
    kept while the card data version is the one it was built at: every change to a game, set or card
    makes a new one. Inside a `card_data_changes()` batch whose changes have no version yet, it is
    built afresh and not kept."""

    def __init__(self) -> None:
        self._kept: dict[K, tuple[str, V]] = {}

    def get(self, key: K, version: CardVersion, build: Callable[[], V]) -> V:
        if changes_pending():
            return build()
        kept = self._kept.get(key)
        if kept is not None and kept[0] == version.tag:
            return kept[1]
        value = build()
        self._kept[key] = (version.tag, value)
        return value


def bump_version(using: str = DEFAULT_DB_ALIAS) -> CardVersion:
    """Make a new version, in the caller's transaction if there is one."""
    with transaction.atomic(using=using):
        # The row lock orders concurrent changes: each one starts from the version before it.
        row = CardDataVersion.objects.using(using).select_for_update().filter(pk=VERSION_ROW).first()
        now = timezone.now()
        if row is None:
            row = CardDataVersion(pk=VERSION_ROW, number=0, changed_at=now)
        else:
            # At least one whole second after the previous version's second: Last-Modified has
            # one-second resolution, and two versions in one second would look unmodified.
            floor = row.changed_at.replace(microsecond=0) + timedelta(seconds=1)
            row.changed_at = max(now, floor)
        row.number += 1
        row.token = secrets.token_hex(8)
        row.save(using=using)
        if connections[using].vendor == "postgresql":
            # Delivered to the web processes' watching threads when (and only if) this commits.
            with connections[using].cursor() as cursor:
                cursor.execute("SELECT pg_notify(%s, %s)", [CHANNEL, f"{row.number}-{row.token}"])
        # This process reads its own change from the database at once, without waiting for the notice.
        transaction.on_commit(watcher.forget, using=using)
    return CardVersion(row.number, row.token, row.changed_at)


class _Batch(threading.local):
    depth = 0
    changed = False


_batch = _Batch()


@contextmanager
def card_data_changes() -> Iterator[None]:
    """A transaction whose changes to card data make one new version (at its end) instead of many."""
    with transaction.atomic():
        _batch.depth += 1
        try:
            yield
        except BaseException:
            if _batch.depth == 1:
                _batch.changed = False
            raise
        finally:
            _batch.depth -= 1
        if _batch.depth == 0 and _batch.changed:
            _batch.changed = False
            bump_version()


def card_data_changed(sender: type, using: str = DEFAULT_DB_ALIAS, **kwargs: Any) -> None:
    """post_save / post_delete of a Game, CardSet or Card (loaddata's raw saves too: they change cards)."""
    if _batch.depth:
        _batch.changed = True
    else:
        bump_version(using)


def version_after_migrate(using: str = DEFAULT_DB_ALIAS, **kwargs: Any) -> None:
    """post_migrate of this app: a release starts with a new version (when the table exists)."""
    if CardDataVersion._meta.db_table in connections[using].introspection.table_names():
        bump_version(using)
