"""Each web process's copy of the card data version (cardsdb/version_watch.py): on PostgreSQL a
thread LISTENs for the NOTIFY that every new version sends when it commits, so requests need no
query for it; elsewhere (SQLite) requests read it themselves. Either way a change made by another
process is served at once.

These tests commit (another process must see their data), and turn the watch on, which the test
settings leave off.
"""
from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from urllib.parse import quote

import pytest
from django.core.management import call_command
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from pytest_django.fixtures import Settings

import tests.worker_fixtures  # noqa: F401  (makes a SQLite test database a file other processes can open)
from cardsdb.models import Card
from cardsdb.version_watch import RECHECK_SECONDS, watching
from cardsdb.versions import current_version, watcher
from tests.conftest import FIXTURE_DIRS, ROOT

pytestmark = pytest.mark.django_db(transaction=True)

KATANA_SEARCH = "/api/cards/?game=qqdnd&q=name%3A%22Katana+Lunge%22"
ON_POSTGRESQL = connection.vendor == "postgresql"


def wait_until(condition: Callable[[], bool], seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)
    return True


@pytest.fixture
def watch_on(settings: Settings) -> Iterator[None]:
    """The cards loaded (committed), the watch on, and (PostgreSQL) the process's copy up to date.
    The periodic re-read is pushed past the test, so only a notice can bring news."""
    settings.CARD_VERSION_WATCH = True
    call_command("load_cards", *map(str, FIXTURE_DIRS), stdout=io.StringIO())
    watcher.recheck_seconds = 600
    Client().get("/api/games/")  # a first request starts the thread
    if ON_POSTGRESQL:
        assert wait_until(lambda: watcher.known_version() == current_version(), 10), "the watch never caught up"
    yield
    watcher.stop()
    watcher.recheck_seconds = RECHECK_SECONDS


def katana_text(client: Client) -> str:
    text: str = client.get(KATANA_SEARCH).json()["results"][0]["text"]
    return text


def database_url() -> str:
    db = connection.settings_dict
    if connection.vendor == "sqlite":
        return f"sqlite:///{db['NAME']}"
    credentials = quote(db["USER"] or "", safe="") + (":" + quote(db["PASSWORD"], safe="") if db["PASSWORD"] else "")
    return f"postgres://{credentials}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{quote(db['NAME'], safe='')}"


def load_in_another_process(folder: Path) -> None:
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.test_settings", "DATABASE_URL": database_url()}
    subprocess.run(
        [sys.executable, "manage.py", "load_cards", str(folder)], cwd=ROOT, env=env, check=True, capture_output=True
    )


def test_it_watches_exactly_on_postgresql_when_the_setting_says_so(settings: Settings) -> None:
    settings.CARD_VERSION_WATCH = True
    assert watching() is ON_POSTGRESQL
    settings.CARD_VERSION_WATCH = False
    assert watching() is False


@pytest.mark.usefixtures("watch_on")
def test_a_304_and_a_cached_page_need_no_query_where_postgresql_tells_the_version() -> None:
    client = Client()
    first = client.get(KATANA_SEARCH)
    with CaptureQueriesContext(connection) as not_modified:
        assert client.get(KATANA_SEARCH, headers={"If-None-Match": first["ETag"]}).status_code == 304
    with CaptureQueriesContext(connection) as cached:
        assert client.get(KATANA_SEARCH).content == first.content
    expected = 0 if ON_POSTGRESQL else 1  # SQLite: the version read
    assert len(not_modified.captured_queries) == expected
    assert len(cached.captured_queries) == expected


@pytest.mark.usefixtures("watch_on")
def test_a_change_loaded_by_another_process_is_served_at_once(tmp_path: Path) -> None:
    client = Client()
    old_text = katana_text(client)
    folder = tmp_path / "qqdnd"
    shutil.copytree(FIXTURE_DIRS[0], folder)
    data = json.loads((folder / "core.json").read_text(encoding="utf-8"))
    next(card for card in data["cards"] if card["name"] == "Katana Lunge")["text"] = "Deal 7 damage."
    (folder / "core.json").write_text(json.dumps(data), encoding="utf-8")
    load_in_another_process(folder)
    # PostgreSQL delivers the notice within milliseconds of the commit; allow for a busy machine.
    assert wait_until(lambda: katana_text(client) == "Deal 7 damage.", 3), f"still {old_text!r}"


@pytest.mark.usefixtures("watch_on")
def test_the_process_that_makes_a_change_serves_it_without_waiting_for_the_notice() -> None:
    client = Client()
    katana_text(client)
    card = Card.objects.get(name="Katana Lunge")
    card.text = "Deal 8 damage."
    card.save()  # commits at once (no transaction around it)
    assert katana_text(client) == "Deal 8 damage."
