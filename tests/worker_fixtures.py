"""Real Celery workers for the tests: `celery -A config worker` processes on the test database and the
configured broker (CELERY_BROKER_URL: Redis in CI; by default the filesystem transport, which these
fixtures move to a folder of their own).

A test module imports the fixtures it uses (`from tests.worker_fixtures import start_worker_fixture`);
each is registered under the name without "_fixture". Tests with workers must be
`django_db(transaction=True)`: a worker is another process and only sees committed rows.

- The test database: on PostgreSQL a worker opens pytest-django's test_<name>. A SQLite test database
  is normally in memory, which no other process can open, so importing this module makes it a file
  (collection imports test modules before any database is created).
- Queues: everything the tests send goes to queues named for this run of the suite, never to the
  default "celery" queue, so a developer's running worker never takes test chunks, and test workers
  take nothing else. A worker's own sends (the chunks it dispatches, the ticks of its beat) go to its
  queue too (CELERY_QUEUE in its environment).
"""
from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from celery import current_app
from django.conf import settings
from django.db import connection

ROOT = Path(__file__).resolve().parent.parent
READY_TIMEOUT = 60.0  # seconds for a worker to start; a cold start loads Django and the engine
STOP_TIMEOUT = 20.0


def _share_sqlite_test_database() -> None:
    database = settings.DATABASES["default"]
    test = database.setdefault("TEST", {})
    if database["ENGINE"] == "django.db.backends.sqlite3" and not test.get("NAME"):
        test["NAME"] = str(Path(tempfile.mkdtemp(prefix="cardtable-test-db-")) / "test.sqlite3")


_share_sqlite_test_database()


def _database_url(db: dict[str, Any]) -> str:
    """The URL (as DATABASE_URL reads it) of the database the test process is connected to."""
    engine = db["ENGINE"]
    if engine == "django.db.backends.sqlite3":
        if str(db["NAME"]).startswith(("file:", ":memory:")):
            pytest.fail("A worker can't open an in-memory SQLite database; import tests.worker_fixtures at "
                        "collection so the test database is a file.")
        return f"sqlite:///{db['NAME']}"
    if engine == "django.db.backends.postgresql":
        credentials = quote(db["USER"] or "", safe="")
        if db["PASSWORD"]:
            credentials += ":" + quote(db["PASSWORD"], safe="")
        host = f"{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}"
        return f"postgres://{credentials}@{host}/{quote(db['NAME'], safe='')}"
    pytest.fail(f"Worker tests need PostgreSQL or SQLite, not {engine}.")


_started_queues: list[str] = []  # the queues of every worker started, deleted at the end of the session


def _queue_name(purpose: str) -> str:
    return f"cardtable-test-{purpose}-{uuid.uuid4().hex[:10]}"


@dataclass
class BrokerSetup:
    """Where test workers find the broker: the environment they start with."""

    env: dict[str, str]
    folder: Path  # the filesystem transport's folders live here (the workers' VAR_DIR)


@pytest.fixture(scope="session", name="isolated_broker")
def isolated_broker_fixture() -> Iterator[BrokerSetup]:
    """The broker of the tests, with every message the tests send going to a queue nobody reads
    unless a test starts a worker on it (the start_worker fixture)."""
    conf = current_app.conf
    folder = Path(tempfile.mkdtemp(prefix="cardtable-test-broker-"))
    saved = {key: conf[key] for key in ("task_default_queue", "broker_transport_options")}
    if conf.broker_url.startswith("filesystem://"):
        # The same folders config/settings.py makes under VAR_DIR, for this process and the workers.
        for sub in ("queue", "processed", "control"):
            (folder / "broker" / sub).mkdir(parents=True)
        conf.broker_transport_options = {
            "data_folder_in": str(folder / "broker" / "queue"),
            "data_folder_out": str(folder / "broker" / "queue"),
            "processed_folder": str(folder / "broker" / "processed"),
            "store_processed": False,
            "control_folder": str(folder / "broker" / "control"),
        }
    sink = _queue_name("sink")
    conf.task_default_queue = sink
    queues = [sink]
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.test_settings", "VAR_DIR": str(folder)}
    yield BrokerSetup(env, folder)
    for key, value in saved.items():
        conf[key] = value
    _delete_queues(queues + _started_queues)
    shutil.rmtree(folder, ignore_errors=True)


def _delete_queues(names: list[str]) -> None:
    with current_app.connection_for_write() as broker:
        for name in names:
            # Declared first: a virtual transport (Redis, filesystem) only deletes the bindings it knows.
            queue = current_app.amqp.queues[name](broker.default_channel)
            queue.declare()
            queue.delete()


@dataclass
class Worker:
    process: subprocess.Popen[bytes]
    log: Path
    queue: str

    def output(self) -> str:
        return self.log.read_text(encoding="utf-8", errors="replace")

    def kill(self) -> None:
        """SIGKILL, as when a machine dies: no clean-up, no acknowledgement of the chunk in hand."""
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait()

    def stop(self) -> None:
        if self.process.poll() is not None:
            return
        self.process.send_signal(signal.SIGTERM)  # a warm shutdown: finish the chunk in hand
        try:
            self.process.wait(STOP_TIMEOUT)
        except subprocess.TimeoutExpired:
            self.kill()


StartWorker = Callable[..., Worker]


def _start(broker: BrokerSetup, queue: str, name: str, pool: str, concurrency: int, beat: bool = False,
           settings_env: dict[str, str] | None = None) -> Worker:
    env = {**broker.env, "DATABASE_URL": _database_url(connection.settings_dict), "CELERY_QUEUE": queue,
           **(settings_env or {})}
    log = broker.folder / f"{name}.log"
    command = [
        sys.executable, "-m", "celery", "-A", "config", "worker", "--pool", pool, "--concurrency", str(concurrency),
        "--queues", queue, "--hostname", f"{name}@%h", "--loglevel", "INFO",
        "--without-gossip", "--without-mingle", "--without-heartbeat",
    ]
    if beat:
        # Celery beat inside the worker, as `make run` starts it, with a schedule file of its own.
        command += ["--beat", "--schedule", str(broker.folder / f"{name}-beat-schedule")]
    with log.open("wb") as out:
        # A session of its own, so that kill() takes the pool's child processes too.
        process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT,
                                   start_new_session=True)
    worker = Worker(process, log, queue)
    _started_queues.append(queue)
    deadline = time.monotonic() + READY_TIMEOUT
    while " ready." not in worker.output():
        if process.poll() is not None:
            pytest.fail(f"The worker {name} exited with {process.returncode}:\n{worker.output()}")
        if time.monotonic() > deadline:
            worker.kill()
            pytest.fail(f"The worker {name} was not ready after {READY_TIMEOUT:.0f} s:\n{worker.output()}")
        time.sleep(0.1)
    return worker


@pytest.fixture(scope="session", name="shared_worker")
def shared_worker_fixture(django_db_setup: None, isolated_broker: BrokerSetup) -> Iterator[Worker]:
    """One worker with two processes for the whole session, on a queue of its own."""
    worker = _start(isolated_broker, _queue_name("shared"), f"shared-{uuid.uuid4().hex[:6]}", "prefork", 2)
    yield worker
    worker.stop()


@pytest.fixture(name="simulation_worker")
def simulation_worker_fixture(shared_worker: Worker, monkeypatch: pytest.MonkeyPatch) -> Worker:
    """The shared worker, with this test's runs sent to it."""
    monkeypatch.setitem(current_app.conf, "task_default_queue", shared_worker.queue)
    return shared_worker


@pytest.fixture(name="start_worker")
def start_worker_fixture(
    django_db_setup: None, isolated_broker: BrokerSetup, monkeypatch: pytest.MonkeyPatch
) -> Iterator[StartWorker]:
    """Start workers of this test alone: they share a new queue, where this test's runs are sent.

        worker = start_worker()                       # one process (the solo pool)
        worker = start_worker(pool="prefork", concurrency=2)
        worker = start_worker(beat=True, SIMULATION_WATCH_SECONDS="1")   # with beat, and settings from
                                                                          # environment variables
    """
    queue = _queue_name("own")
    monkeypatch.setitem(current_app.conf, "task_default_queue", queue)
    started: list[Worker] = []

    def start(pool: str = "solo", concurrency: int = 1, beat: bool = False, **settings_env: str) -> Worker:
        name = f"own-{len(started)}-{uuid.uuid4().hex[:6]}"
        worker = _start(isolated_broker, queue, name, pool, concurrency, beat, settings_env)
        started.append(worker)
        return worker

    yield start
    for worker in started:
        worker.stop()
