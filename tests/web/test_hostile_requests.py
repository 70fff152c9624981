"""Requests that once made the site answer 500, each now a 4xx that says what was wrong.

Run on PostgreSQL (as CI does) for the NUL cases: PostgreSQL cannot store or compare a string with a
NUL character in it, which is what made them server errors. The search's limits are tested on both
databases in test_search_language.py.
"""
from __future__ import annotations

import io
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.db import connection
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from rest_framework.test import APIClient

from cardsdb.models import Game
from decks import services
from decks.models import Deck, Visibility
from tests.worker_fixtures import isolated_broker_fixture  # noqa: F401

ROOT = Path(__file__).resolve().parents[2]
LEGAL_QQDND = (ROOT / "tests" / "engine" / "decks" / "qqdnd" / "legal_samurai_good.txt").read_text(encoding="utf-8")
NUL = "%00"


def signed_in(user: AbstractBaseUser) -> APIClient:
    api = APIClient()
    api.force_authenticate(user)
    return api


def public_deck(owner: AbstractBaseUser) -> Deck:
    game = Game.objects.get(slug="qqdnd")
    return services.deck_import(owner=owner, game=game, text=LEGAL_QQDND, visibility=Visibility.PUBLIC).deck


# NUL characters in the address -------------------------------------------------------------------

def routes(patterns: list[Any] | None = None, prefix: str = "") -> list[str]:
    """Every route of the site as a path, each <parameter> holding a NUL (admin's regex routes aside)."""
    found: list[str] = []
    for entry in get_resolver().url_patterns if patterns is None else patterns:
        route = getattr(entry.pattern, "_route", None)
        if route is None:
            continue  # a regular-expression route (the admin's own)
        path = prefix + re.sub(r"<(?:\w+:)?\w+>", f"a{NUL}b", route)
        if isinstance(entry, URLResolver):
            found.extend(routes(entry.url_patterns, path))
        elif isinstance(entry, URLPattern):
            found.append("/" + path)
    return found


def test_a_nul_in_any_path_or_query_parameter_is_refused_with_400(ann: AbstractBaseUser) -> None:
    """On every route, signed in (so that pages behind a login are reached too): a NUL in the path,
    and one in each query parameter the pages read."""
    paths = routes()
    assert len(paths) > 30 and sum(NUL in path for path in paths) > 15
    client = Client()
    client.force_login(ann)
    query = "&".join(f"{name}=x{NUL}" for name in ("q", "card", "game", "version", "from", "to", "page"))
    answers = {}
    for path in paths:
        for url in ([path] if NUL in path else []) + [f"{path}?{query}"]:
            response = client.get(url)
            answers[url] = (response.status_code, b"NUL character" in response.content)
    assert {url: answer for url, answer in answers.items() if answer != (400, True)} == {}


def test_the_api_says_what_was_wrong_in_its_error_shape() -> None:
    response = APIClient().get(f"/api/decks/?card=Katana{NUL}")
    assert response.status_code == 400
    assert response.json() == {"detail": 'The query parameter "card" has a NUL character (%00); remove it.'}
    response = APIClient().get(f"/api/decks/abc{NUL}def/")
    assert response.status_code == 400 and "path" in response.json()["detail"]


# JSON nested too deep, huge counts, versions that are not numbers --------------------------------

DEEP_JSON = "[" * 100_000 + "]" * 100_000


@pytest.mark.usefixtures("loaded_cards")
@pytest.mark.parametrize("url", ["/api/validate/", "/api/simulations/", "/api/decks/", "/api/decks/import/"])
def test_json_nested_100000_deep_is_refused_with_400(url: str, ann: AbstractBaseUser) -> None:
    response = signed_in(ann).generic("POST", url, DEEP_JSON, content_type="application/json")
    assert response.status_code == 400
    assert "nested too deeply" in response.json()["detail"]


@pytest.mark.usefixtures("loaded_cards")
def test_a_count_of_thousands_of_digits_is_a_parse_error_not_a_crash(ann: AbstractBaseUser) -> None:
    """Python refuses to read a number of more than 4,300 digits (the CLI: tests/engine/test_cli.py)."""
    text = "Side: Good\nResources:\n" + "9" * 5000 + " Katana Lunge\n"
    result = APIClient().post("/api/validate/", {"game": "qqdnd", "list": text}, format="json").json()
    [problem] = [p for p in result["problems"] if p["code"] == "parse_error"]
    assert problem["line"] == 3 and "5,000 digits" in problem["message"]
    saved = signed_in(ann).post("/api/decks/import/", {"game": "qqdnd", "list": text}, format="json")
    assert saved.status_code == 400 and saved.json()["problems"][0]["code"] == "parse_error"
    assert not Deck.objects.exists()


@pytest.mark.usefixtures("loaded_cards")
@pytest.mark.parametrize("value", ["²", "٣", "1e3", "-1", "9" * 5000])
def test_a_version_that_is_not_a_number_is_refused_with_400(value: str, ann: AbstractBaseUser) -> None:
    """`?version=²` once passed str.isdigit() and then failed int(): a 500. (The API reads numbers as
    DRF does, "٣" as 3: a version the deck does not have.)"""
    deck = public_deck(ann)
    for name in ("deck-export", "deck-download"):
        page = Client().get(reverse(name, args=[deck.share_id]), {"version": value})
        assert page.status_code == 400 and b"must be a version number" in page.content
    for params in ({"from": value}, {"to": value}):
        page = Client().get(reverse("deck-diff", args=[deck.share_id]), params)
        assert page.status_code == 400 and b"must be a version number" in page.content
    api = APIClient()
    assert api.get(f"/api/decks/{deck.share_id}/export/", {"version": value}).status_code in (400, 404)
    assert api.get(f"/api/decks/{deck.share_id}/diff/", {"from": value}).status_code in (400, 404)


# NUL in an imported list's headers ---------------------------------------------------------------

@pytest.mark.usefixtures("loaded_cards")
def test_a_nul_in_an_imported_name_or_side_header_is_dropped_and_the_deck_saved(ann: AbstractBaseUser) -> None:
    """A NUL is invisible and PostgreSQL cannot store it: the list is read without it."""
    text = LEGAL_QQDND.replace("Name: Samurai Rush", "Name: Samurai\x00 Rush").replace("Side: Good", "Side: Go\x00od")
    response = signed_in(ann).post("/api/decks/import/", {"game": "qqdnd", "list": text}, format="json")
    assert response.status_code == 201, response.content
    deck = Deck.objects.get()
    assert (deck.name, deck.side, deck.is_legal) == ("Samurai Rush", "Good", True)
    assert "\x00" not in deck.current.text


@pytest.mark.usefixtures("loaded_cards")
def test_nuls_and_zero_width_characters_inside_card_names_are_ignored() -> None:
    """Not "no card named "Katana Lunge". Did you mean "Katana Lunge"?": the name is the card's."""
    text = LEGAL_QQDND.replace("Katana Lunge", "Katana\x00 Lu\u200bnge").replace("Arm Up", "\ufeffArm\u200d Up")
    result = APIClient().post("/api/validate/", {"game": "qqdnd", "list": text}, format="json").json()
    assert result["legal"] is True, result["problems"]


@pytest.mark.usefixtures("loaded_cards", "isolated_broker")
def test_a_run_of_a_list_with_a_nul_keeps_the_list_as_read(ann: AbstractBaseUser) -> None:
    from decks.simulations.models import SimulationRun

    text = LEGAL_QQDND.replace("Name: Samurai Rush", "Name: Samurai\x00 Rush")
    response = APIClient().post("/api/simulations/", {"game": "qqdnd", "list": text, "games": 10}, format="json")
    assert response.status_code == 202, response.content
    run = SimulationRun.objects.get(public_id=response.json()["id"])
    assert run.name == "Samurai Rush" and "\x00" not in run.list_text


@pytest.mark.usefixtures("loaded_cards")
def test_a_nul_in_an_uploaded_list_file_is_dropped_too(ann: AbstractBaseUser) -> None:
    upload = io.BytesIO(LEGAL_QQDND.replace("Name: Samurai Rush", "Name: Nul\x00Deck").encode())
    upload.name = "deck.txt"
    client = Client()
    client.force_login(ann)
    response = client.post(reverse("deck-import"), {"game": "qqdnd", "file": upload, "visibility": "private"})
    assert response.status_code == 302
    assert Deck.objects.get().name == "NulDeck"


# Request size -------------------------------------------------------------------------------------

def test_a_body_over_the_limit_is_refused_413_before_it_is_read(tmp_path: Path, settings: Any) -> None:
    """A 300 MB anonymous upload was written to disk before being refused; now the size in the
    Content-Length header is enough to refuse it, and no temporary file is made."""
    settings.FILE_UPLOAD_TEMP_DIR = str(tmp_path)
    limit = settings.REQUEST_MAX_BYTES
    body = b"x" * (limit + 1)
    upload = io.BytesIO(body)
    upload.name = "huge.txt"
    page = Client().post(reverse("deck-import"), {"game": "qqdnd", "file": upload})
    assert page.status_code == 413 and f"the limit is {limit:,} bytes".encode() in page.content
    api = APIClient().post("/api/validate/", {"game": "qqdnd", "list": "x" * (limit + 1)}, format="json")
    assert api.status_code == 413 and "limit" in api.json()["detail"]
    assert list(tmp_path.iterdir()) == []


@pytest.mark.usefixtures("loaded_cards")
def test_an_upload_under_the_limit_is_kept_in_memory_not_on_disk(
    tmp_path: Path, settings: Any, ann: AbstractBaseUser
) -> None:
    settings.FILE_UPLOAD_TEMP_DIR = str(tmp_path)
    upload = io.BytesIO(b"1 Katana Lunge\n" * 20_000)  # 300 KB: over the list limit, under the body limit
    upload.name = "long.txt"
    client = Client()
    client.force_login(ann)
    response = client.post(reverse("deck-import"), {"game": "qqdnd", "file": upload})
    assert response.status_code == 400 and b"characters" in response.content
    assert list(tmp_path.iterdir()) == []
    assert settings.FILE_UPLOAD_MAX_MEMORY_SIZE >= settings.REQUEST_MAX_BYTES


# /healthz/ behind a TLS proxy ---------------------------------------------------------------------

HEALTH_PROBE = (
    "import django; django.setup(); from django.test import Client; c = Client(); "
    "print(c.get('/healthz/').status_code, c.get('/').status_code, c.get('/healthz/', secure=True).status_code)"
)


def test_healthz_answers_200_over_plain_http_with_secure_ssl(tmp_path: Path) -> None:
    """A load balancer checks health over plain HTTP: with SECURE_SSL=1 every other page redirects
    to HTTPS, /healthz/ answers."""
    env = {
        "DJANGO_SETTINGS_MODULE": "config.settings", "SECRET_KEY": "x" * 50, "SECURE_SSL": "1",
        "VAR_DIR": str(tmp_path), "ALLOWED_HOSTS": "testserver", "PATH": "/usr/bin:/bin",
    }
    probe = subprocess.run([sys.executable, "-c", HEALTH_PROBE], cwd=ROOT, env=env, capture_output=True, text=True)
    assert probe.returncode == 0, probe.stderr
    assert probe.stdout.split() == ["200", "301", "200"]


# The first request after a database restart -------------------------------------------------------

def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def gunicorn_on_the_test_database(port: int, var_dir: Path) -> subprocess.Popen[bytes]:
    db = connection.settings_dict
    host = f"{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}"
    url = f"postgres://{db['USER']}:{db['PASSWORD'] or ''}@{host}/{db['NAME']}"
    env = {
        "PATH": "/usr/bin:/bin", "DJANGO_SETTINGS_MODULE": "config.settings", "SECRET_KEY": "x" * 50,
        "DATABASE_URL": url, "CONN_MAX_AGE": "600", "ALLOWED_HOSTS": "127.0.0.1",
        "VAR_DIR": str(var_dir),
    }
    return subprocess.Popen(
        [str(Path(sys.executable).parent / "gunicorn"), "config.wsgi", "--bind", f"127.0.0.1:{port}",
         "--workers", "1", "--timeout", "30"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )


def status_of(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return int(response.status)
    except urllib.error.HTTPError as error:
        return int(error.code)


def test_the_first_request_after_the_database_dropped_its_connections_succeeds(
    transactional_db: None, tmp_path: Path
) -> None:
    """With CONN_MAX_AGE a web worker keeps its connection between requests; after a PostgreSQL
    restart that connection is dead, and without CONN_HEALTH_CHECKS the next request used it and
    failed with a 500. Here a real gunicorn worker's connection is cut as a restart cuts it, and the
    next request is answered. (SQLite is a file with no server to restart: there the settings the
    worker would run with are checked.)"""
    assert settings.DATABASES["default"]["CONN_HEALTH_CHECKS"] is True
    assert settings.DATABASES["default"]["CONN_MAX_AGE"] > 0
    if connection.vendor != "postgresql":
        return
    port = free_port()
    server = gunicorn_on_the_test_database(port, tmp_path)
    try:
        url = f"http://127.0.0.1:{port}/api/games/"
        for _ in range(100):  # until gunicorn listens
            try:
                first = status_of(url)
                break
            except OSError:
                time.sleep(0.1)
        assert first == 200  # the worker now holds a connection
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                "WHERE datname = current_database() AND pid <> pg_backend_pid()"
            )
            (cut,) = cursor.fetchone()
        assert cut >= 1
        assert status_of(url) == 200
    finally:
        server.terminate()
        server.wait(timeout=10)
