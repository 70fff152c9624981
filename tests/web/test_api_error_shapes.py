"""The API's error shape and the schema's account of it (docs/contract.md, "Errors every endpoint
shares"): every refusal under /api/ is JSON with a `detail` sentence, and the OpenAPI schema documents
each status code an operation can answer, with that shape."""
from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import AbstractBaseUser
from rest_framework.test import APIClient

from cardsdb.models import Game
from decks import services
from decks.models import Visibility

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
