"""Views of deck pages, counted in Redis and written to the decks in batches (decks/view_counts.py):
by Celery beat's task or `manage.py flush_deck_views`; directly without Redis. On the real Redis the
settings name (CACHE_URL or the broker), else the one on this machine's default port."""
from __future__ import annotations

import contextlib
import io
import re
import socket
import threading
import time
from pathlib import Path
from typing import Any

import pytest
import redis
from django.contrib.auth.models import User
from django.core.management import call_command
from django.db import connection, transaction
from django.test import Client, TestCase
from pytest_django.fixtures import Settings

from cardsdb.models import Game
from decks import services, view_counts
from decks.models import Deck, Visibility
from tests.worker_fixtures import StartWorker, isolated_broker_fixture, start_worker_fixture  # noqa: F401

pytestmark = pytest.mark.usefixtures("loaded_cards")

LEGAL_QQDND = (Path(__file__).resolve().parents[1] / "engine" / "decks" / "qqdnd" / "legal_samurai_good.txt").read_text(
    encoding="utf-8"
)
LOCAL_REDIS = "redis://127.0.0.1:6379/0"


@pytest.fixture
def redis_url(settings: Settings) -> str:
    url = str(settings.CACHE_URL) if str(settings.CACHE_URL).startswith("redis") else LOCAL_REDIS
    settings.DECK_VIEWS_REDIS_URL = url
    view_counts.discard_pending()
    return url


def make_deck(owner: User, name: str = "Samurai") -> Deck:
    game = Game.objects.get(slug="qqdnd")
    return services.deck_import(owner=owner, game=game, text=LEGAL_QQDND, visibility=Visibility.PUBLIC,
                                name=name).deck


def signed_in(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def views_shown(client: Client, deck: Deck) -> int:
    page = client.get(deck.get_absolute_url()).content.decode()
    found = re.search(r"<span>(\d+) views?</span>", page)
    assert found is not None
    return int(found.group(1))


def flush() -> str:
    """The command, as run outside any transaction: what it does once its writes commit is done (a
    test runs inside a transaction that never commits)."""
    out = io.StringIO()
    with TestCase.captureOnCommitCallbacks(execute=True):
        call_command("flush_deck_views", stdout=out)
    return out.getvalue()


def stored(deck: Deck) -> Deck:
    return Deck.objects.get(pk=deck.pk)


def test_views_by_others_wait_in_redis_until_a_flush_writes_them_with_the_popularity(
    redis_url: str, ann: User, bob: User
) -> None:
    deck = make_deck(ann)
    assert signed_in(bob).post(f"/decks/{deck.share_id}/copy/").status_code == 302  # popularity 10
    assert views_shown(signed_in(bob), deck) == 1
    assert views_shown(Client(), deck) == 2
    assert views_shown(signed_in(ann), deck) == 2  # the owner's view is not counted, and sees the others'
    assert (stored(deck).views_count, stored(deck).popularity) == (0, 10)  # not written yet
    assert flush() == "Wrote 2 views of 1 deck.\n"
    # popularity = 10 x copies by others + 3 x runs + 1 x views
    assert (stored(deck).views_count, stored(deck).popularity) == (2, 12)
    assert views_shown(signed_in(ann), deck) == 2
    assert flush() == "Wrote 0 views of 0 decks.\n"
    assert views_shown(Client(), deck) == 3
    flush()
    assert (stored(deck).views_count, stored(deck).popularity) == (3, 13)


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("isolated_broker")
def test_celery_beat_in_a_real_worker_writes_the_views(
    redis_url: str, ann: User, loaded_cards: None, start_worker: StartWorker
) -> None:
    deck, other = make_deck(ann), make_deck(ann, "Other")
    for viewed in (deck, deck, other):
        Client().get(viewed.get_absolute_url())
    assert (stored(deck).views_count, stored(other).views_count) == (0, 0)
    worker = start_worker(beat=True, CACHE_URL=redis_url, DECK_VIEWS_FLUSH_SECONDS="1")
    deadline = time.monotonic() + 90
    while stored(other).views_count == 0:
        if time.monotonic() > deadline:
            pytest.fail(f"No flush within 90 s:\n{worker.output()}")
        time.sleep(0.2)
    assert (stored(deck).views_count, stored(other).views_count) == (2, 1)
    assert (stored(deck).popularity, stored(other).popularity) == (2, 1)


@pytest.mark.django_db(transaction=True)
def test_no_view_is_lost_or_counted_twice_by_flushes_while_views_come_in(
    redis_url: str, ann: User, loaded_cards: None
) -> None:
    """Four threads count 300 views each over three decks while flushes run one after another."""
    decks = [make_deck(ann, f"Deck {n}") for n in range(3)]
    per_thread, threads = 300, 4

    def view() -> None:
        for n in range(per_thread):
            view_counts.count_view(decks[n % 3].pk)

    viewers = [threading.Thread(target=view) for _ in range(threads)]
    for viewer in viewers:
        viewer.start()
    flushes = 0
    while any(viewer.is_alive() for viewer in viewers) or flushes < 3:
        view_counts.flush()
        flushes += 1
        time.sleep(0.001)
    for viewer in viewers:
        viewer.join()
    view_counts.flush()
    assert [stored(d).views_count for d in decks] == [per_thread * threads // 3] * 3
    assert [stored(d).popularity for d in decks] == [per_thread * threads // 3] * 3


def test_a_batch_left_by_a_flush_that_died_is_written_by_a_later_one(redis_url: str, ann: User) -> None:
    """A flush renames the hash of pending views to a batch of its own, stamped with the time, and
    deletes it once written: one that died left it. A batch under ten minutes old may be a live
    flush's and is left alone; an older one is taken over."""
    deck = make_deck(ann)
    for _ in range(3):
        Client().get(deck.get_absolute_url())
    client: Any = redis.Redis.from_url(redis_url)
    key = f"cardtable:deck-views:{connection.settings_dict['NAME']}"
    client.rename(key, f"{key}:batch:{int(time.time()) - 60}:young")
    assert flush() == "Wrote 0 views of 0 decks.\n"
    client.rename(f"{key}:batch:{int(time.time()) - 60}:young", f"{key}:batch:{int(time.time()) - 700}:dead")
    Client().get(deck.get_absolute_url())
    assert flush() == "Wrote 4 views of 1 deck.\n"
    assert stored(deck).views_count == 4
    assert list(client.scan_iter(match=f"{key}*")) == []


def test_without_redis_each_view_is_written_at_once(settings: Settings, ann: User, bob: User) -> None:
    settings.DECK_VIEWS_REDIS_URL = ""
    deck = make_deck(ann)
    Client().get(deck.get_absolute_url())
    signed_in(ann).get(deck.get_absolute_url())
    assert (stored(deck).views_count, stored(deck).popularity) == (1, 1)
    assert flush().startswith("Views are written to the decks as they happen")
    assert views_shown(signed_in(bob), deck) == 1  # read before this view was written, as it always was
    assert stored(deck).views_count == 2


def test_with_redis_down_the_page_is_served_and_its_view_written_at_once(
    settings: Settings, ann: User, bob: User
) -> None:
    """No Redis listens on port 9."""
    settings.DECK_VIEWS_REDIS_URL = "redis://127.0.0.1:9/0"
    deck = make_deck(ann)
    assert views_shown(signed_in(ann), deck) == 0
    assert views_shown(Client(), deck) == 0  # read before this view was written
    assert (stored(deck).views_count, stored(deck).popularity) == (1, 1)


def test_after_redis_fails_to_answer_views_are_written_directly_for_a_while(
    settings: Settings, ann: User
) -> None:
    """A Redis that accepts connections and never answers costs one view its timeouts; the views
    after it, within view_counts.PAUSE_AFTER_FAILURE_SECONDS, do not try it again."""
    with socket.socket() as hung:
        hung.bind(("127.0.0.1", 0))
        hung.listen(8)
        settings.DECK_VIEWS_REDIS_URL = f"redis://127.0.0.1:{hung.getsockname()[1]}/0"
        deck = make_deck(ann)
        for _ in range(3):
            assert Client().get(deck.get_absolute_url()).status_code == 200
        hung.setblocking(False)
        attempts = 0
        with contextlib.suppress(BlockingIOError):
            while True:
                hung.accept()[0].close()
                attempts += 1
    assert stored(deck).views_count == 3  # each written at once
    assert attempts == 2  # the first view's try and its one retry; none for the next two views


def test_a_flush_inside_a_transaction_rolled_back_loses_no_view(redis_url: str, ann: User) -> None:
    """The batch is deleted only once its views are committed: rolled back, it stays for a later
    flush, which takes it over once it is old enough to be a dead flush's."""
    deck = make_deck(ann)
    for _ in range(2):
        Client().get(deck.get_absolute_url())
    with contextlib.suppress(RuntimeError), transaction.atomic():
        assert view_counts.flush() == view_counts.Flushed(decks=1, views=2)
        raise RuntimeError("the caller's transaction fails after the flush")
    assert stored(deck).views_count == 0
    client: Any = redis.Redis.from_url(redis_url)
    key = f"cardtable:deck-views:{connection.settings_dict['NAME']}"
    (batch,) = [name.decode() for name in client.scan_iter(match=f"{key}:batch:*")]
    client.rename(batch, f"{key}:batch:{int(time.time()) - 700}:rolled-back")  # ten minutes later
    assert flush() == "Wrote 2 views of 1 deck.\n"
    assert stored(deck).views_count == 2
    assert list(client.scan_iter(match=f"{key}*")) == []
