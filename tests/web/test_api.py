"""The card API, checked against docs/contract.md ("Cards")."""
from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from cardsdb.models import Card

pytestmark = pytest.mark.usefixtures("loaded_cards")

CARD_KEYS = {"id", "game", "set", "name", "slug", "card_type", "subtypes", "text", "attributes"}


@pytest.fixture
def api() -> APIClient:
    return APIClient()


def get_json(api: APIClient, url: str, status: int = 200, **params: Any) -> Any:
    response = api.get(url, params)
    assert response.status_code == status, response.content
    return response.json()


def test_it_lists_the_three_games(api: APIClient) -> None:
    games = get_json(api, "/api/games/")
    assert [g["slug"] for g in games] == ["qqdnd", "condemned", "anguish"]
    qqdnd = games[0]
    assert qqdnd["card_count"] == 66
    assert {t["slug"] for t in qqdnd["card_types"]} == {"party_member", "resource"}
    field_names = {f["name"] for f in qqdnd["search_fields"]}
    assert {"type", "subtype", "alignment", "rv", "hv", "life", "initiative", "frequency", "unique"} <= field_names


def test_it_pages_cards_in_the_contract_shape(api: APIClient) -> None:
    body = get_json(api, "/api/cards/", game="qqdnd", page_size=10)
    assert set(body) == {"count", "next", "previous", "results"}
    assert body["count"] == 66 and len(body["results"]) == 10
    assert body["previous"] is None and "page=2" in body["next"]
    assert set(body["results"][0]) >= CARD_KEYS
    last = get_json(api, "/api/cards/", game="qqdnd", page_size=10, page=7)
    assert len(last["results"]) == 6 and last["next"] is None


def test_it_shows_a_resource_as_the_contract_says(api: APIClient) -> None:
    body = get_json(api, "/api/cards/", game="qqdnd", q='name:"Katana Lunge"')
    assert body["count"] == 1
    card = body["results"][0]
    assert card["game"] == "qqdnd" and card["set"] == "core"
    assert card["name"] == "Katana Lunge" and card["slug"] == "katana-lunge"
    assert card["card_type"] == "resource"
    assert card["subtypes"] == ["Samurai", "Martial", "Attack"]
    assert card["text"].startswith("Deal 1 damage")
    attrs = card["attributes"]
    assert attrs["initiative"] == "17" and attrs["category"] == "Action"
    assert attrs["frequency"] == 4 and attrs["unique"] is False and attrs["alignment"] is None


def test_it_shows_a_party_member_as_the_contract_says(api: APIClient) -> None:
    card_id = Card.objects.get(name="Eptol Noir, Forgetful Ronin").id
    card = get_json(api, f"/api/cards/{card_id}/")
    assert card["card_type"] == "party_member"
    attrs = card["attributes"]
    assert attrs["alignment"] == "LG" and attrs["ancestry"] == ["Human"] and attrs["classes"] == ["Samurai"]
    assert (attrs["rv"], attrs["hv"], attrs["life"]) == (10, 1, 7)
    assert attrs["rr"] == "No spells, no Evil."
    assert attrs["actions"][0]["name"] == "Challenge" and attrs["actions"][0]["initiative"] == "12-10"


def test_it_lists_cards_exactly_as_the_card_serializer_shows_them(api: APIClient) -> None:
    """The list endpoint builds its JSON from rows for speed; it must match the serializer."""
    from cardsdb.serializers import CardSerializer

    for game in ("qqdnd", "condemned", "anguish"):
        listed = get_json(api, "/api/cards/", game=game, page_size=200)["results"]
        cards = Card.objects.filter(id__in=[c["id"] for c in listed]).select_related("game", "card_set")
        request = api.get("/").wsgi_request
        expected = {c.id: CardSerializer(c, context={"request": request}).data for c in cards}
        assert {c["id"]: c for c in listed} == expected


def test_it_gives_the_parsed_initiative_in_detail(api: APIClient) -> None:
    card_id = Card.objects.get(name="Lotus Slash").id
    card = get_json(api, f"/api/cards/{card_id}/")
    assert card["initiative"]["low"] == 3 and card["initiative"]["high"] == 5
    wave = get_json(api, f"/api/cards/{Card.objects.get(name='Dimensional Wave').id}/")
    assert wave["attributes"]["initiative"] == "*"
    assert wave["initiative"]["low"] is None and wave["initiative"]["high"] is None


def test_it_filters_by_query_and_orders(api: APIClient) -> None:
    body = get_json(api, "/api/cards/", game="qqdnd", q="type:pm rv>=13", ordering="-rv")
    rvs = [c["attributes"]["rv"] for c in body["results"]]
    assert rvs and all(rv >= 13 for rv in rvs)
    assert rvs == sorted(rvs, reverse=True)
    assert body["count"] == Card.objects.filter(card_type="party_member", attributes__rv__gte=13).count()


def test_it_serves_the_demo_games(api: APIClient) -> None:
    for slug, types in (("condemned", {"condemned", "weapon", "armor"}), ("anguish", {"creature", "stronghold"})):
        body = get_json(api, "/api/cards/", game=slug, page_size=200)
        assert types <= {c["card_type"] for c in body["results"]}
        assert all(c["is_demo"] for c in body["results"])


def test_it_explains_a_bad_query(api: APIClient) -> None:
    body = get_json(api, "/api/cards/", status=400, game="qqdnd", q="rvv>3")
    assert "rvv" in body["detail"] and body["position"] == 0


def test_it_refuses_an_unknown_game(api: APIClient) -> None:
    body = get_json(api, "/api/cards/", status=400, game="magic")
    assert "magic" in body["detail"] and "qqdnd" in body["detail"]


def test_it_refuses_a_query_without_a_game(api: APIClient) -> None:
    body = get_json(api, "/api/cards/", status=400, q="rv>3")
    assert "game" in body["detail"]


def test_it_answers_404_for_a_missing_card(api: APIClient) -> None:
    get_json(api, "/api/cards/999999/", status=404)


@pytest.mark.parametrize("game", ["qqdnd", "condemned", "anguish"])
def test_it_uses_the_same_number_of_queries_whatever_the_page_size(api: APIClient, game: str) -> None:
    counts = []
    get_json(api, "/api/cards/", game=game)  # reads the games, once per card data version
    for size in (1, 5, 60):
        with CaptureQueriesContext(connection) as ctx:
            get_json(api, "/api/cards/", game=game, page_size=size)
        counts.append(len(ctx.captured_queries))
    assert counts[0] == counts[1] == counts[2], counts
    assert counts[0] <= 3  # the card data version, the count, the page


def test_it_publishes_an_openapi_schema_and_docs(api: APIClient) -> None:
    response = api.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert response.status_code == 200
    schema = response.json()
    assert {"/api/games/", "/api/cards/", "/api/cards/{id}/"} <= set(schema["paths"])
    docs = api.get("/api/docs/")
    assert docs.status_code == 200 and b"swagger" in docs.content.lower()
