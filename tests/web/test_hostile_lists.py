"""Lists built to be expensive, sent anonymously: every answer is quick to make and small.

A 16 KB list of 500 lines of "999 <Party Member>" once made the QQDND section check build a flow
network node per copy (13-30 s of CPU, an 8.5 MB answer). These tests check what is answered, its
size and its shape, through the validate endpoint, the goldfish runs API and run form, and a saved
public deck's page and API. bench/validate_bench.py times the same list.
"""
from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from cardsdb.models import Card, Game
from decks import services
from decks.models import Deck, Visibility
from engine.decklist import MAX_LINES
from engine.games.qqdnd.rules import MAX_CHECKED_PARTY
from engine.problems import MAX_PROBLEMS_SHOWN
from tests.worker_fixtures import isolated_broker_fixture  # noqa: F401

pytestmark = pytest.mark.usefixtures("loaded_cards")

# Far above any legal answer (a legal deck's is a few KB), far below the megabytes it once was.
ANSWER_BYTES = 64_000
PAGE_BYTES = 400_000


def party_members() -> list[str]:
    return list(Card.objects.filter(game__slug="qqdnd", card_type="party_member").values_list("name", flat=True))


def hostile_list(lines: int = MAX_LINES, copies: int = 999) -> str:
    """The list of the report: "Side:", "Party:", then `copies` of each Party Member in turn."""
    members = party_members()
    cards = [f"{copies} {members[i % len(members)]}" for i in range(lines - 2)]
    return "\n".join(["Side: Good", "Party:", *cards])


def unknown_names_list() -> str:
    return "\n".join(f"1 No Such Card {n}" for n in range(MAX_LINES))


def codes(problems: list[dict[str, Any]]) -> list[str]:
    return [p["code"] for p in problems]


def test_the_hostile_list_is_answered_small_with_the_party_size_problem() -> None:
    text = hostile_list()
    assert 15_000 < len(text.encode()) < 20_000
    response = APIClient().post("/api/validate/", {"game": "qqdnd", "list": text}, format="json")
    assert response.status_code == 200
    assert len(response.content) < ANSWER_BYTES
    result = response.json()
    assert result["legal"] is False
    party_size = next(p for p in result["problems"] if p["code"] == "party_size")
    members = len(party_members())
    expected_members = sum(999 for _ in range(MAX_LINES - 2))
    assert f"{expected_members:,} Party Members" in party_size["message"]
    assert f"not checked until it has at most {MAX_CHECKED_PARTY}" in party_size["message"]
    assert len(party_size["cards"]) == members
    # No section plan was made: the summary has no assignment of Resources to half a million members.
    assert "assignment" not in result["summary"]
    assert "restriction" not in codes(result["problems"])


def test_a_party_a_little_over_four_still_gets_its_sections_checked() -> None:
    members = party_members()[:MAX_CHECKED_PARTY]
    text = "Side: Good\nParty:\n" + "\n".join(f"1 {name}" for name in members)
    result = APIClient().post("/api/validate/", {"game": "qqdnd", "list": text}, format="json").json()
    assert len(result["summary"]["assignment"]) == MAX_CHECKED_PARTY


def test_an_answer_lists_at_most_fifty_problems_and_counts_the_rest() -> None:
    response = APIClient().post("/api/validate/", {"game": "qqdnd", "list": unknown_names_list()}, format="json")
    result = response.json()
    unknown = [p for p in result["problems"] if p["code"] == "unknown_card"]
    assert len(result["problems"]) == MAX_PROBLEMS_SHOWN
    # Every line named an unknown card; the rules' own problems (party size, side) come after them.
    total = len(result["problems"]) + result["omitted"]["problems"]
    assert total >= MAX_LINES and len(unknown) == MAX_PROBLEMS_SHOWN
    assert [p["line"] for p in unknown] == list(range(1, MAX_PROBLEMS_SHOWN + 1))
    assert len(response.content) < ANSWER_BYTES


@pytest.mark.usefixtures("isolated_broker")
def test_a_goldfish_run_of_the_hostile_list_is_refused_small() -> None:
    response = APIClient().post("/api/simulations/", {"game": "qqdnd", "list": hostile_list()}, format="json")
    assert response.status_code == 400
    assert len(response.content) < ANSWER_BYTES
    body = response.json()
    assert "party_size" in codes(body["problems"]) and body["omitted"] == {"problems": 0, "warnings": 0}


@pytest.mark.usefixtures("isolated_broker")
def test_the_run_form_refuses_the_hostile_list_with_a_small_page() -> None:
    data = {"games": 100, "game": "qqdnd", "list": hostile_list()}
    response = Client().post(reverse("simulation-start"), data)
    assert response.status_code == 400
    assert len(response.content) < PAGE_BYTES
    assert b'data-code="party_size"' in response.content


def test_a_saved_public_deck_of_the_hostile_kind_renders_small(ann: Any) -> None:
    # A deck keeps at most 32,767 copies of a card, so the saved one has 30 lines of each member.
    text = hostile_list(lines=2 + 30 * len(party_members()))
    saved = services.deck_import(
        owner=ann, game=Game.objects.get(slug="qqdnd"), text=text, name="Everyone", visibility=Visibility.PUBLIC,
    )
    deck = Deck.objects.get(pk=saved.deck.pk)
    assert deck.is_legal is False
    page = Client().get(deck.get_absolute_url())
    assert page.status_code == 200 and len(page.content) < PAGE_BYTES
    assert b'data-code="party_size"' in page.content
    api = APIClient().get(f"/api/decks/{deck.share_id}/")
    assert api.status_code == 200 and len(api.content) < ANSWER_BYTES
    body = json.loads(api.content)
    assert "assignment" not in body["validation"]["summary"]
