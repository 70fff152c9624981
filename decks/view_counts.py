"""Views of deck pages, counted in Redis and written to the decks in batches.

A view used to be an UPDATE of its deck on the page's own path: a write (and a commit) per page
view, of a row whose `popularity` is in three indexes, so every view also wrote index entries. Now a
view is one HINCRBY on a Redis hash (deck id -> views not yet written), and `flush` moves the whole
hash into the decks in one batched UPDATE: Celery beat runs it every DECK_VIEWS_FLUSH_SECONDS
(settings.CELERY_BEAT_SCHEDULE), and `manage.py flush_deck_views` runs it by hand.

No view is lost by a flush: the hash is taken with RENAME (atomic: a view counted a moment later
starts a new hash) under a name of its own, written to the database, and only once that commits
deleted (a flush inside a transaction that is rolled back leaves it, as a dead one does). A flush
that dies before the delete leaves its batch under that name; a later flush takes over batches older
than ORPHAN_SECONDS (RENAME again, so one flush takes each) and writes them. The one loss-free order
has one cost: a flush that dies between its commit and its delete has that batch counted a second
time by the next. Views are a rough signal (1 point of popularity each); a crash in that instant
over-counting one minute of views is preferred to ever dropping them.

Until a flush, the deck's page shows the written count plus its pending views (the HINCRBY answers
the new pending count, so that costs nothing more), and the API and the sorts use the written
counts: at most one flush interval behind.

Without Redis (CACHE_URL and the broker are not Redis: `make run`'s SQLite and filesystem broker) a
view is counted by the direct UPDATE, as before (`counters.count_view`). Each web process keeping its
own buffer in memory would not do: Celery beat flushes from the worker, another process, which cannot
read it; and the file cache's increments are not atomic. A development site has few views, and
SQLite writes one at a time anyway. DECK_VIEWS_BUFFER=0 asks for the direct UPDATE with Redis too.

The hash is named for the database (settings' NAME), so a test database and a developer's sharing
one Redis never write each other's views; two sites whose databases have the same name keep their
views in different Redis databases (DECK_VIEWS_REDIS_URL).

The Redis database must keep them: neither cleared nor evicted. CACHE_URL's serves when the cache is
never cleared and has no eviction policy; otherwise DECK_VIEWS_REDIS_URL names one that does neither.
"""
from __future__ import annotations

import time
import uuid
from dataclasses import dataclass
from functools import cache, partial

import redis
from django.conf import settings
from django.db import connection, transaction
from django.db.models import F
from redis.backoff import NoBackoff
from redis.retry import Retry

from . import counters
from .models import Deck

# A batch taken by a flush more than this long ago and still there: that flush died. 10 minutes is
# far longer than a flush of any batch takes (a million decks viewed: seconds).
ORPHAN_SECONDS = 600
# Decks per UPDATE statement, so that no statement carries a huge list.
SLICE = 10_000
# After Redis failed to answer, a process counts views directly for this long before it tries Redis
# again: a Redis that hangs would otherwise cost every page view its timeouts (about a second).
PAUSE_AFTER_FAILURE_SECONDS = 5.0

# Redis URL -> time.monotonic() until which this process does not try it.
_paused_until: dict[str, float] = {}


def buffered() -> bool:
    """Whether views go through Redis (see the module's docstring for when they do not)."""
    return bool(settings.DECK_VIEWS_REDIS_URL)


@cache
def _client(url: str) -> redis.Redis:
    # One client per process: it is thread-safe, and its pool keeps the connections. Short timeouts
    # and one retry: with Redis down a page view falls back to the direct UPDATE within a second,
    # instead of redis-py's default backoff of seconds; the views after it do not try Redis for a
    # while (PAUSE_AFTER_FAILURE_SECONDS).
    return redis.Redis.from_url(url, socket_connect_timeout=0.5, socket_timeout=1, retry=Retry(NoBackoff(), 1))


def _redis() -> redis.Redis:
    return _client(settings.DECK_VIEWS_REDIS_URL)


def _reachable() -> bool:
    """False for a while after Redis failed to answer this process (PAUSE_AFTER_FAILURE_SECONDS)."""
    return time.monotonic() >= _paused_until.get(settings.DECK_VIEWS_REDIS_URL, 0.0)


def _failed() -> None:
    _paused_until[settings.DECK_VIEWS_REDIS_URL] = time.monotonic() + PAUSE_AFTER_FAILURE_SECONDS


def _key() -> str:
    return f"cardtable:deck-views:{connection.settings_dict['NAME']}"


def count_view(deck_id: int) -> int:
    """Count a view of the deck's page by someone other than its owner. Answers the deck's views not
    yet written to it (0 when counted directly: then they are)."""
    if buffered() and _reachable():
        try:
            return int(_redis().hincrby(_key(), str(deck_id), 1))
        except redis.RedisError:
            _failed()  # Redis is down: the page is still served, its view counted the slow way
    counters.count_view(deck_id)
    return 0


def discard_pending() -> None:
    """Forget the views counted and not yet written, and any batch a dead flush left: for a database
    made again from nothing (the test suite's), whose decks are not the ones they counted."""
    if not buffered():
        return
    client = _redis()
    key = _key()
    client.delete(key, *client.scan_iter(match=f"{key}:batch:*", count=1000))


def pending(deck_id: int) -> int:
    """The deck's views counted and not yet written to it."""
    if not buffered() or not _reachable():
        return 0
    try:
        return int(_redis().hget(_key(), str(deck_id)) or 0)
    except redis.RedisError:
        _failed()
        return 0


@dataclass(frozen=True)
class Flushed:
    decks: int  # decks whose counts were written
    views: int  # views written


def flush() -> Flushed:
    """Write the views counted so far (and any batch a dead flush left) to the decks, recomputing
    their popularity in the same UPDATE."""
    if not buffered():
        return Flushed(0, 0)
    client = _redis()
    key = _key()
    batches = [name for name in [*_orphans(client, key), _take(client, key)] if name is not None]
    counts: dict[int, int] = {}
    for batch in batches:
        for deck, n in client.hgetall(batch).items():
            counts[int(deck)] = counts.get(int(deck), 0) + int(n)
    _write(counts)
    if batches:
        # Once the views are committed. Inside a caller's transaction that is then rolled back, the
        # batches stay, and a later flush takes them over as a dead flush's: no view is lost.
        transaction.on_commit(partial(client.delete, *batches))
    return Flushed(len(counts), sum(counts.values()))


def _batch_name(key: str) -> str:
    # The time is in the name so that a later flush can tell a dead flush's batch from a live one's.
    return f"{key}:batch:{int(time.time())}:{uuid.uuid4().hex}"


def _take(client: redis.Redis, key: str) -> str | None:
    name = _batch_name(key)
    try:
        client.rename(key, name)
    except redis.ResponseError:  # no such key: no view since the last flush
        return None
    return name


def _orphans(client: redis.Redis, key: str) -> list[str]:
    """Batches that flushes which died left behind, each now taken by this flush."""
    taken = []
    deadline = time.time() - ORPHAN_SECONDS
    for raw in client.scan_iter(match=f"{key}:batch:*", count=1000):
        name = raw.decode()
        stamp = name[len(key) + len(":batch:"):].split(":", 1)[0]
        if not stamp.isdigit() or int(stamp) > deadline:
            continue
        mine = _batch_name(key)
        try:
            client.rename(name, mine)  # only one flush wins each batch
        except redis.ResponseError:
            continue
        taken.append(mine)
    return taken


def _write(counts: dict[int, int]) -> None:
    """One transaction for the whole batch: written entirely or not at all, so a failed flush leaves
    its batch to be written again whole, never half twice. Rows in id order: two writers of the same
    decks take their locks in the same order and never deadlock."""
    weight = counters.POPULARITY_WEIGHTS["views_count"]
    ids = sorted(counts)
    with transaction.atomic():
        for start in range(0, len(ids), SLICE):
            chunk = ids[start:start + SLICE]
            if connection.vendor == "postgresql":
                _write_postgresql(chunk, [counts[i] for i in chunk], weight)
            else:
                _write_each(chunk, counts, weight)


def _write_postgresql(ids: list[int], views: list[int], weight: int) -> None:
    """One UPDATE joining the decks with the batch's (id, views) pairs."""
    table = Deck._meta.db_table
    with connection.cursor() as cursor:
        cursor.execute(
            f"""UPDATE {table} AS d
                SET views_count = d.views_count + v.n, popularity = d.popularity + %s * v.n
                FROM unnest(%s::bigint[], %s::bigint[]) AS v(id, n)
                WHERE d.id = v.id""",
            [weight, ids, views],
        )


def _write_each(ids: list[int], counts: dict[int, int], weight: int) -> None:
    for deck_id in ids:
        n = counts[deck_id]
        Deck.objects.filter(pk=deck_id).update(
            views_count=F("views_count") + n, popularity=F("popularity") + weight * n
        )

