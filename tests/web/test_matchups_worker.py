"""Matchups and gauntlets on real Celery workers (tests/worker_fixtures.py) through the HTTP API: the
results of the engine in one process however the workers split the games, and one progress bar for a
whole gauntlet."""
from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import AbstractBaseUser
from rest_framework.test import APIClient

from cardsdb.models import Game
from decks import services as deck_services
from decks.models import Visibility
from decks.simulations.models import SimulationChunk
from tests.web.test_matchups_api import GAUNTLETS, MATCHUPS, MEDIC, engine_report
from tests.web.test_simulations_api import LEGAL, client_of, make_deck
from tests.worker_fixtures import (  # noqa: F401
    Worker,
    isolated_broker_fixture,
    shared_worker_fixture,
    simulation_worker_fixture,
)

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("loaded_cards", "isolated_broker")]


def poll(api_url: str, timeout: float, seen: list[dict[str, Any]]) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while True:
        body = APIClient().get(api_url).json()
        seen.append(body)
        if body["status"] in {"done", "failed", "cancelled"}:
            return body
        if time.monotonic() > deadline:
            pytest.fail(f"After {timeout:.0f} s the run is still {body['status']} at {body['progress']:.0%}")
        time.sleep(0.05)


def test_a_matchup_on_the_workers_gives_the_engines_results(ann: AbstractBaseUser,
                                                            simulation_worker: Worker) -> None:
    opponent = make_deck(ann, Visibility.PUBLIC, MEDIC)
    started = client_of(None).post(MATCHUPS, {"game": "condemned", "list": LEGAL, "opponent": opponent.share_id,
                                              "games": 1500, "seed": 17}, format="json")
    assert started.status_code == 202, started.content

    body = poll(started.json()["api_url"], 120, [])

    assert (body["status"], body["error"], body["progress"]) == ("done", None, 1.0), simulation_worker.output()
    assert body["results"] == engine_report(LEGAL, MEDIC, 1500, 17)
    played_by = set(SimulationChunk.objects.filter(run__public_id=body["id"]).values_list("worker", flat=True))
    assert len(played_by) == 2  # both of the worker's processes took chunks


SAMPLE_DECKS = Path(__file__).resolve().parents[2] / "bench" / "decks"


@pytest.mark.parametrize(("game", "deck_a", "deck_b", "games"), [
    ("anguish", "anguish.txt", "anguish-colossal.txt", 120),
    ("qqdnd", "qqdnd-chaotic.txt", "qqdnd-devil-swarm.txt", 6),
])
def test_the_other_games_play_matchups_on_the_workers(game: str, deck_a: str, deck_b: str, games: int,
                                                      ann: AbstractBaseUser, simulation_worker: Worker) -> None:
    """Every game's engine plays two real decks: a matchup of Anguish or QQDND decks started through
    the API gives, on the workers, what the engine gives alone."""
    text_a, text_b = ((SAMPLE_DECKS / name).read_text() for name in (deck_a, deck_b))
    opponent = deck_services.deck_import(owner=ann, game=Game.objects.get(slug=game), text=text_b,
                                         visibility=Visibility.PUBLIC).deck
    started = client_of(None).post(MATCHUPS, {"game": game, "list": text_a, "opponent": opponent.share_id,
                                              "games": games, "seed": 5}, format="json")
    assert started.status_code == 202, started.content

    body = poll(started.json()["api_url"], 300, [])

    assert (body["status"], body["error"]) == ("done", None), simulation_worker.output()
    assert body["results"] == engine_report(text_a, text_b, games, 5, game=game)
    assert body["results"]["games"] == games


def test_a_gauntlet_is_one_job_with_one_progress_bar(ann: AbstractBaseUser, simulation_worker: Worker) -> None:
    opponents = [make_deck(ann, Visibility.PUBLIC, text) for text in (MEDIC, LEGAL, MEDIC)]
    started = client_of(ann).post(GAUNTLETS, {"game": "condemned", "list": LEGAL, "games": 300, "seed": 2,
                                              "opponents": [o.share_id for o in opponents]}, format="json")
    assert started.status_code == 202, started.content
    seen: list[dict[str, Any]] = []

    body = poll(started.json()["api_url"], 180, seen)

    assert body["status"] == "done", simulation_worker.output()
    progress = [answer["progress"] for answer in seen]
    assert progress == sorted(progress) and any(0 < p < 1 for p in progress)
    rows = body["results"]["opponents"]
    assert [row["deck"] for row in rows] == [o.share_id for o in opponents]
    for row, text in zip(rows, (MEDIC, LEGAL, MEDIC), strict=True):
        report = engine_report(LEGAL, text, 300, 2)
        assert (row["wins"], row["losses"], row["draws"]) == (report["wins_a"], report["wins_b"], report["draws"])
    assert rows[0]["wins"] == rows[2]["wins"]  # the same opponent list, the same seed: the same games
