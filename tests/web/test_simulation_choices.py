"""Who a goldfish run plays against and who plays the deck: the choice is part of the run everywhere
(the API, the run form, the stored run, the run page, comparisons), and bad choices are refused with
a message that says what the game offers."""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import AbstractBaseUser
from django.test import Client
from django.urls import reverse

from decks.simulations import services
from decks.simulations.models import SimulationRun
from engine.play.kits import goldfish_opponents
from tests.web.test_simulations_api import LEGAL, client_of, play_all, run_of, start
from tests.worker_fixtures import isolated_broker_fixture  # noqa: F401

pytestmark = pytest.mark.usefixtures("loaded_cards", "isolated_broker")

QQDND_LEGAL = (Path(__file__).resolve().parents[1] / "engine" / "decks" / "qqdnd" / "legal_exact_fit.txt").read_text(
    encoding="utf-8")


def test_the_games_api_lists_each_games_goldfish_opponents_default_first() -> None:
    games = {game["slug"]: game for game in client_of(None).get("/api/games/").json()}
    assert games["qqdnd"]["goldfish_opponents"] == ["sparring", "passive"]
    assert games["condemned"]["goldfish_opponents"] == ["inmate"]
    assert games["anguish"]["goldfish_opponents"] == ["silent"]


def test_a_run_without_an_opponent_plays_the_games_default_with_the_heuristic_player() -> None:
    body = start(None, game="qqdnd", list=QQDND_LEGAL, games=20, seed=3).json()
    assert (body["opponent"], body["player"], body["budget"]) == ("sparring", "heuristic", None)
    run = SimulationRun.objects.get(public_id=body["id"])
    assert (run.opponent, run.player) == ("sparring", "heuristic")


def test_a_qqdnd_run_against_the_passive_party_says_so_in_its_results() -> None:
    run = run_of(start(None, game="qqdnd", list=QQDND_LEGAL, games=20, seed=3, opponent="passive"))
    play_all(run)
    body = client_of(None).get(f"/api/simulations/{run.public_id}/").json()
    assert body["status"] == "done"
    assert (body["opponent"], body["results"]["opponent"], body["results"]["player"]) == (
        "passive", "passive", "heuristic")
    page = Client().get(run.get_absolute_url()).content.decode()
    assert re.search(r"<dt>Opponent</dt><dd[^>]*>The passive party</dd>", page)


def test_it_refuses_an_opponent_the_game_does_not_offer_and_names_those_it_does() -> None:
    response = start(None, game="condemned", list=LEGAL, games=10, seed=1, opponent="sparring")
    assert response.status_code == 400
    assert response.json()["detail"] == "The Condemned CCG decks are tested against \"inmate\"; not 'sparring'."
    assert not SimulationRun.objects.exists()


@pytest.mark.parametrize(("body", "message"), [
    ({"player": "search", "games": services.MAX_SEARCH_GAMES + 1}, "at most 200 games"),
    ({"player": "heuristic", "budget": 8}, "Only the search player takes a budget."),
])
def test_it_refuses_a_costly_or_meaningless_player_request(body: dict[str, Any], message: str) -> None:
    response = start(None, game="condemned", list=LEGAL, seed=1, **{"games": 10, **body})
    assert response.status_code == 400
    assert message in response.json()["detail"]


def test_it_refuses_a_search_budget_above_the_limit() -> None:
    response = start(None, game="condemned", list=LEGAL, games=5, seed=1, player="search",
                     budget=services.MAX_SEARCH_BUDGET + 1)
    body = response.json()
    assert response.status_code == 400 and body["detail"].startswith("budget:") and "budget" in body["errors"]


def test_a_search_run_plays_through_the_chunks_and_reports_its_player() -> None:
    run = run_of(start(None, game="condemned", list=LEGAL, games=3, seed=5, player="search", budget=4))
    assert (run.player, run.budget) == ("search", 4)
    play_all(run)
    run.refresh_from_db()
    assert run.status == "done" and run.results["player"] == "search" and run.results["games"] == 3


def test_the_run_form_offers_qqdnds_two_opponents_and_no_choice_where_there_is_one(ann: AbstractBaseUser) -> None:
    client = Client()
    client.force_login(ann)
    qqdnd = client.get(reverse("deck-new", args=["qqdnd"])).content.decode()
    options = re.findall(r'<option value="([a-z]+)" title="[^"]*">', qqdnd.split('id="sim-opponent"')[1])
    assert options[:2] == list(goldfish_opponents("qqdnd")) == ["sparring", "passive"]
    condemned = client.get(reverse("deck-new", args=["condemned"])).content.decode()
    assert 'id="sim-opponent"' not in condemned
    assert '<input type="hidden" name="opponent" value="inmate">' in condemned


def test_two_runs_are_compared_only_on_the_same_opponent() -> None:
    sparring = run_of(start(None, game="qqdnd", list=QQDND_LEGAL, games=20, seed=3))
    passive = run_of(start(None, game="qqdnd", list=QQDND_LEGAL, games=20, seed=3, opponent="passive"))
    for run in (sparring, passive):
        play_all(run)
    url = reverse("simulation-compare", args=[sparring.public_id, passive.public_id])
    response = Client().get(url)
    assert response.status_code == 404
    again = run_of(start(None, game="qqdnd", list=QQDND_LEGAL, games=20, seed=3, opponent="sparring"))
    play_all(again)
    assert Client().get(reverse("simulation-compare", args=[sparring.public_id, again.public_id])).status_code == 200
