"""The API's error shape and the schema's account of it (docs/contract.md, "Errors every endpoint
shares"): every refusal under /api/ is JSON with a `detail` sentence, and the OpenAPI schema documents
each status code an operation can answer, with that shape."""
from __future__ import annotations

import re
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import AbstractBaseUser
from rest_framework.test import APIClient

from cardsdb.models import Game
from decks import services
from decks.models import Visibility
from tests.web.test_hostile_requests import free_port, gunicorn_on_the_test_database

pytestmark = pytest.mark.usefixtures("loaded_cards")


def signed_in(user: AbstractBaseUser) -> APIClient:
    api = APIClient()
    api.force_authenticate(user)
    return api


def test_a_deck_without_cards_lists_0_cards_not_null(ann: AbstractBaseUser, django_assert_max_num_queries: Any) -> None:
    game = Game.objects.get(slug="qqdnd")
    services.deck_create(owner=ann, game=game, name="Empty", visibility=Visibility.PUBLIC)
    api = signed_in(ann)
    with django_assert_max_num_queries(6):
        mine = api.get("/api/decks/mine/").json()["results"]
    public = api.get("/api/decks/").json()["results"]
    assert [deck["cards"] for deck in mine] == [0] and [deck["cards"] for deck in public] == [0]


def test_a_field_error_answers_detail_naming_the_field_and_errors_by_field() -> None:
    response = APIClient().post("/api/simulations/", {"game": "condemned", "list": "", "games": 0}, format="json")
    body = response.json()
    assert response.status_code == 400
    assert body["detail"].startswith("games: ") and list(body["errors"]) == ["games"]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"game": "qqdnd", "list": 12}, "list"),  # a number for a string
        ({"game": "qqdnd", "list": "", "games": "12"}, "games"),  # a string for a number
        ({"game": "qqdnd", "list": "", "games": True}, "games"),  # true for a number
    ],
)
def test_a_json_value_of_the_wrong_type_is_refused_naming_its_field(body: dict[str, Any], field: str) -> None:
    response = APIClient().post("/api/simulations/", body, format="json")
    assert response.status_code == 400 and response.json()["detail"].startswith(f"{field}: Must be ")


def test_a_share_setting_that_is_not_true_or_false_is_refused(ann: AbstractBaseUser) -> None:
    game = Game.objects.get(slug="qqdnd")
    deck = services.deck_create(owner=ann, game=game, name="Blades").deck
    response = signed_in(ann).patch(f"/api/decks/{deck.share_id}/", {"version": 1, "share_history": 1}, format="json")
    assert response.status_code == 400 and response.json()["detail"] == "share_history: Must be true or false."
    deck.refresh_from_db()
    assert deck.version == 1  # nothing saved


def test_a_change_to_the_largest_version_number_is_refused_not_a_server_error(ann: AbstractBaseUser) -> None:
    game = Game.objects.get(slug="qqdnd")
    deck = services.deck_create(owner=ann, game=game, name="Blades").deck
    response = signed_in(ann).put(f"/api/decks/{deck.share_id}/", {"version": 2**31 - 1, "name": "Axes"}, format="json")
    assert response.status_code == 400 and response.json()["detail"].startswith("version: ")


def test_an_unknown_api_address_answers_json_and_a_page_address_the_site_page(client: Any) -> None:
    api = client.get("/api/cards/not-a-number/")
    page = client.get("/no/such/page/")
    assert api.status_code == 404 and api["Content-Type"] == "application/json"
    assert "/api/cards/not-a-number/" in api.json()["detail"]
    assert page.status_code == 404 and page["Content-Type"].startswith("text/html")


@pytest.mark.parametrize("page_size", ["0", "abc", "-3"])
def test_a_page_size_that_is_not_a_whole_number_from_1_is_refused(page_size: str) -> None:
    response = APIClient().get("/api/cards/", {"game": "qqdnd", "page_size": page_size})
    assert response.status_code == 400 and "page_size" in response.json()["detail"]


def test_a_blank_autocomplete_limit_is_refused() -> None:
    response = APIClient().get("/api/cards/autocomplete/", {"game": "qqdnd", "q": "kat", "limit": ""})
    assert response.status_code == 400 and "`limit` must be a whole number" in response.json()["detail"]


@pytest.mark.parametrize("page", ["", "last", "0"])
def test_a_page_that_is_not_a_number_from_1_is_not_found(page: str) -> None:
    response = APIClient().get("/api/decks/", {"page": page})
    assert response.status_code == 404 and response.json() == {"detail": "Invalid page."}


def test_a_form_body_is_refused_where_the_api_reads_json(ann: AbstractBaseUser) -> None:
    response = signed_in(ann).post("/api/decks/", {"game": "qqdnd", "name": "Blades"}, format="multipart")
    assert response.status_code == 415 and "detail" in response.json()


def test_the_schema_documents_the_shared_errors_of_every_operation() -> None:
    schema = APIClient().get("/api/schema/", {"format": "json"}).json()
    operations = [
        (path, method, operation)
        for path, item in schema["paths"].items()
        for method, operation in item.items()
        if method in {"get", "post", "put", "patch", "delete"}
    ]
    assert len(operations) >= 20
    for path, method, operation in operations:
        responses = operation["responses"]
        expected = {"400", "429"} | ({"413", "415"} if "requestBody" in operation else set())
        if any(p["in"] == "path" for p in operation.get("parameters", [])):
            expected.add("404")
        if any("knoxApiToken" in requirement for requirement in operation.get("security", [])):
            expected.add("401")
        assert expected <= set(responses), (method, path, sorted(responses))
        for code in expected:
            body = responses[code]["content"]["application/json"]["schema"]
            assert "$ref" in body or "detail" in body.get("properties", {}), (method, path, code)
        assert "Retry-After" in responses["429"]["headers"], (method, path)
    assert schema["components"]["schemas"]["Error"]["required"] == ["detail"]


@pytest.mark.parametrize("username", [" ", "\t", " \n\u3000"])
def test_a_user_name_blank_once_trimmed_is_refused_and_the_schema_says_so(username: str) -> None:
    """The token endpoint trims the user name: one of only white space is blank, so the schema's pattern
    must refuse it too, or a schema-valid request would be refused."""
    response = APIClient().post("/api/token/", {"username": username, "password": "secret"}, format="json")
    assert response.status_code == 400 and response.json()["detail"].startswith("username: ")
    schema = APIClient().get("/api/schema/", {"format": "json"}).json()
    pattern = schema["components"]["schemas"]["TokenInputRequest"]["properties"]["username"]["pattern"]
    assert re.search(pattern, username) is None
    assert re.search(pattern, f"{username}ann{username}") is not None


def test_creating_a_deck_reads_no_query_parameter_and_the_schema_lists_none(ann: AbstractBaseUser) -> None:
    """The list's filters (`game`, `q`, `card`, `page`) are GET's: a POST that sends them is not refused for
    them, so the schema must not document them on POST, or schemathesis rightly calls a bad `game`
    there an invalid request the API took."""
    response = signed_in(ann).post("/api/decks/?game=nope&page=0", {"game": "qqdnd", "name": "Blades"}, format="json")
    assert response.status_code == 201
    schema = APIClient().get("/api/schema/", {"format": "json"}).json()
    operations = schema["paths"]["/api/decks/"]
    assert not [p for p in operations["post"].get("parameters", []) if p["in"] == "query"]
    assert {p["name"] for p in operations["get"]["parameters"]} == {"game", "q", "card", "page"}


def test_a_request_line_over_the_servers_limit_answers_a_status_the_schema_documents(tmp_path: Path) -> None:
    """gunicorn answers 414, in HTML, a request line over its limit before the site sees it: every
    operation documents that answer, with that media type (schemathesis sends such query strings)."""
    port = free_port()
    server = gunicorn_on_the_test_database(port, tmp_path)
    try:
        url = f"http://127.0.0.1:{port}/api/decks/mine/?page=1&q={'a' * 5000}"
        for _ in range(100):  # until gunicorn listens
            try:
                with urllib.request.urlopen(url, timeout=10):
                    pass
            except urllib.error.HTTPError as error:
                answer = error
                break
            except OSError:
                time.sleep(0.1)
        assert answer.code == 414
        media_type = answer.headers.get_content_type()
    finally:
        server.terminate()
        server.wait(timeout=10)
    schema = APIClient().get("/api/schema/", {"format": "json"}).json()
    for path, item in schema["paths"].items():
        for method, operation in item.items():
            if method in {"get", "post", "put", "patch", "delete"}:
                assert media_type in operation["responses"]["414"]["content"], (method, path)
