"""The field of a game: gauntlets against it, and the field page's round-robin (run by staff on demand or
by the schedule) shown as a matchup matrix. Chunks are played in this process."""
from __future__ import annotations

import re
from typing import Any

import pytest
from django.contrib.auth.models import AbstractBaseUser
from django.urls import reverse

from decks.field import field_decks
from decks.models import Visibility
from decks.simulations.matchup_views import run_every_field
from decks.simulations.models import RunKind, RunStatus, SimulationRun
from tests.web.test_matchups_api import GAUNTLETS, MEDIC
from tests.web.test_simulations_api import LEGAL, client_of, make_deck, play_all
from tests.web.test_simulations_pages import browser_of, started_run
from tests.worker_fixtures import isolated_broker_fixture  # noqa: F401

pytestmark = pytest.mark.usefixtures("loaded_cards", "isolated_broker")


@pytest.fixture
def staff(django_user_model: Any) -> AbstractBaseUser:
    user: AbstractBaseUser = django_user_model.objects.create_user("sam", password="pw-for-tests-only", is_staff=True)
    return user


def test_a_gauntlet_against_the_field_plays_each_field_deck_but_itself(ann: AbstractBaseUser) -> None:
    field = [make_deck(ann, Visibility.PUBLIC, text) for text in (MEDIC, LEGAL, MEDIC)]
    make_deck(ann, Visibility.PRIVATE, MEDIC)  # not in the field

    response = client_of(ann).post(GAUNTLETS, {"deck": field[1].share_id, "games": 20},
                                   format="json")

    assert response.status_code == 202, response.content
    expected = [deck.share_id for deck in field_decks("condemned", 20) if deck != field[1]]
    assert [row["deck"] for row in response.json()["opponents"]] == expected
    assert set(expected) == {field[0].share_id, field[2].share_id}


def test_staff_run_the_field_and_its_page_shows_the_matrix(ann: AbstractBaseUser, bob: AbstractBaseUser,
                                                           staff: AbstractBaseUser, settings: Any) -> None:
    settings.FIELD_GAMES_PER_PAIRING = 40
    decks = [make_deck(ann, Visibility.PUBLIC, text) for text in (MEDIC, LEGAL, MEDIC)]
    page = browser_of(bob).get(reverse("simulation-field", args=["condemned"])).content.decode()
    assert "has not been played yet" in page and 'id="field-run"' not in page
    assert browser_of(bob).post(reverse("simulation-field-start", args=["condemned"])).status_code == 403
    assert 'id="field-run"' in browser_of(staff).get(reverse("simulation-field", args=["condemned"])).content.decode()

    run = started_run(browser_of(staff).post(reverse("simulation-field-start", args=["condemned"])))
    assert (run.kind, run.pairing_games, run.games, run.pairings.count()) == (RunKind.FIELD, 40, 120, 3)
    play_all(run)

    page = browser_of(None).get(reverse("simulation-field", args=["condemned"])).content.decode()
    matrix = page[page.index('id="field-matrix"'):page.index("</table>", page.index('id="field-matrix"'))]
    rows = re.findall(r"<tr>\s*<th scope=\"row\">", matrix)
    assert len(rows) == 3 and matrix.count('class="heat-self"') == 3
    for deck in decks:
        assert deck.get_absolute_url() in matrix
    overall = [float(v) for v in re.findall(r"<strong>([\d.]+)%</strong>", matrix)]
    assert overall == sorted(overall, reverse=True)  # best overall first
    results = SimulationRun.objects.get(pk=run.pk).results
    wins = sum(p["wins"] for p in results["pairings"])
    assert sum(d["overall"]["wins"] for d in results["decks"]) == sum(
        p["wins"] + p["losses"] for p in results["pairings"]) and wins <= 120


def test_the_schedule_runs_each_field_once_at_a_time(ann: AbstractBaseUser) -> None:
    for text in (MEDIC, LEGAL):
        make_deck(ann, Visibility.PUBLIC, text)

    first = run_every_field()
    again = run_every_field()

    assert [run.game.slug for run in first] == ["condemned"]  # the only game with a field of two decks
    assert again == []  # still being played
    assert first[0].status == RunStatus.QUEUED and first[0].requester == "server:field"
