"""The admin edits cards only within their game's schema."""
from __future__ import annotations

import json

import pytest
from django.contrib.auth.models import User
from django.test import Client

from cardsdb.models import Card

pytestmark = pytest.mark.usefixtures("loaded_cards")


@pytest.fixture
def admin_client(client: Client) -> Client:
    User.objects.create_superuser("admin", "admin@example.org", "correct horse battery")
    response = client.post("/admin/login/", {"username": "admin", "password": "correct horse battery",
                                             "next": "/admin/"})
    assert response.status_code == 302, response.content
    return client


def change_form(card: Card, **changes: object) -> dict[str, object]:
    data: dict[str, object] = {
        "game": card.game_id,
        "card_set": card.card_set_id,
        "number": card.number,
        "name": card.name,
        "slug": card.slug,
        "card_type": card.card_type,
        "subtypes": json.dumps(card.subtypes),
        "text": card.text,
        "attributes": json.dumps(card.attributes),
    }
    data.update(changes)
    return data


def test_it_refuses_attributes_outside_the_schema(admin_client: Client) -> None:
    card = Card.objects.get(name="Katana Lunge")
    attributes = {**card.attributes, "frequency": "lots"}
    response = admin_client.post(
        f"/admin/cardsdb/card/{card.id}/change/", change_form(card, attributes=json.dumps(attributes))
    )
    assert response.status_code == 200  # the form again, with the error
    assert "attributes.frequency: must be a whole number" in response.content.decode()
    card.refresh_from_db()
    assert card.attributes["frequency"] == 4


def test_it_saves_a_valid_edit_and_recomputes_derived_attributes(admin_client: Client) -> None:
    card = Card.objects.get(name="Katana Lunge")
    attributes = {**card.attributes, "initiative": "18-16"}
    response = admin_client.post(
        f"/admin/cardsdb/card/{card.id}/change/", change_form(card, attributes=json.dumps(attributes))
    )
    assert response.status_code == 302
    card.refresh_from_db()
    assert card.attributes["initiative"] == "18-16"
    assert (card.attributes["initiative_low"], card.attributes["initiative_high"]) == (16, 18)


def test_it_lists_cards_games_and_sets(admin_client: Client) -> None:
    for url in ("/admin/cardsdb/card/", "/admin/cardsdb/game/", "/admin/cardsdb/cardset/"):
        assert admin_client.get(url).status_code == 200
