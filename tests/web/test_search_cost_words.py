"""Players search by "cost" as other card games taught them: each game reads it as its own word
(an Anguish card's Hour, a QQDND Party Member's Resource Value), and a game without costs says so
rather than suggesting an unrelated field."""
from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from cardsdb.models import Game
from cardsdb.search import QueryError, card_search, describe, parse_query

pytestmark = pytest.mark.django_db


def names(game: str, query: str) -> list[str]:
    return list(card_search(Game.objects.get(slug=game), query, None).values_list("name", flat=True))


def test_cost_is_the_hour_in_anguish_and_the_resource_value_in_qqdnd(loaded_cards: None) -> None:
    assert names("anguish", "cost<3") == names("anguish", "hour<3") != []
    assert names("anguish", "cmc>=10") == names("anguish", "hour>=10") != []
    assert names("qqdnd", "cost>=13") == names("qqdnd", "rv>=13") != []
    schema = Game.objects.get(slug="anguish").schema
    assert describe(parse_query("cost<3"), schema) == describe(parse_query("hour<3"), schema)


def test_a_game_without_costs_says_so(loaded_cards: None, client: Client) -> None:
    with pytest.raises(QueryError) as caught:
        names("condemned", "cost<3")
    assert caught.value.message.startswith('The Condemned CCG cards have no cost to search by "cost"; the fields are ')
    assert "did you mean" not in caught.value.message
    page = client.get(reverse("game-cards", args=["condemned"]), {"q": "cost<3"})
    assert page.status_code == 400 and "have no cost" in page.content.decode()
