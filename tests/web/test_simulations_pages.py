"""The run pages: "Test this deck" on a deck's page and from the builder, a run's page with its progress
and results (server-side SVG charts, dead cards), a comparison of two decks on the same games, and the
page that says why a run did not start. Chunks are played in this process (test_simulations_api.py)."""
from __future__ import annotations

import re
from typing import Any

import pytest
from celery import current_app
from django.contrib.auth.models import AbstractBaseUser
from django.db import connection
from django.template.loader import render_to_string
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from cardsdb.models import Game
from decks.models import Visibility
from decks.simulations import services
from decks.simulations.models import RunStatus, SimulationRun
from decks.simulations.queue import QUEUE_DOWN
from tests.web.test_simulations_api import DECKS, FOUR_COPIES, LEGAL, in_one_process, make_deck, play_all
from tests.worker_fixtures import isolated_broker_fixture  # noqa: F401

pytestmark = pytest.mark.usefixtures("loaded_cards", "isolated_broker")

OTHER = (DECKS / "legal_medic_no_headers.txt").read_text(encoding="utf-8")


def browser_of(user: AbstractBaseUser | None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def started_run(response: Any) -> SimulationRun:
    assert response.status_code == 302, response.content.decode()
    run_id = re.fullmatch(r"/simulations/([^/]+)/", response["Location"])
    assert run_id is not None, response["Location"]
    return SimulationRun.objects.get(public_id=run_id.group(1))


def test_it_offers_test_this_deck_on_a_legal_decks_page_and_starts_a_run_of_it(ann: AbstractBaseUser) -> None:
    deck = make_deck(ann, Visibility.PUBLIC)
    page = browser_of(None).get(deck.get_absolute_url()).content.decode()
    assert 'id="sim-test-form"' in page and f'name="deck" value="{deck.share_id}"' in page
    assert f'max="{services.MAX_GAMES}"' in page and f'value="{services.DEFAULT_GAMES}"' in page

    run = started_run(browser_of(None).post(reverse("simulation-start"), {"deck": deck.share_id, "games": 300,
                                                                           "seed": 9}))
    assert (run.deck, run.games, run.seed, run.status) == (deck, 300, 9, RunStatus.QUEUED)


def test_a_decks_page_lists_its_past_runs_newest_first(ann: AbstractBaseUser) -> None:
    deck = make_deck(ann, Visibility.PUBLIC)
    assert "No runs of this deck yet" in browser_of(None).get(deck.get_absolute_url()).content.decode()
    runs = [
        started_run(browser_of(None).post(reverse("simulation-start"), {"deck": deck.share_id, "games": games,
                                                                         "seed": seed}))
        for games, seed in ((200, 3), (400, 5))
    ]
    with CaptureQueriesContext(connection) as queries:
        page = browser_of(None).get(deck.get_absolute_url()).content.decode()
    section = page[page.index('id="past-runs"'):]
    links = re.findall(r'<a href="(/simulations/[^/]+/)">', section)
    assert links[:2] == [runs[1].get_absolute_url(), runs[0].get_absolute_url()]
    assert "<td>400</td>\n                <td>5</td>" in section
    # Goldfish runs play no other deck: the opponents of two-deck runs are not looked for.
    assert not [q for q in queries.captured_queries if "decks_runpairing" in q["sql"]]


def test_it_says_an_illegal_deck_cannot_be_tested_on_its_page(ann: AbstractBaseUser) -> None:
    deck = make_deck(ann, Visibility.PUBLIC, FOUR_COPIES)
    page = browser_of(ann).get(deck.get_absolute_url()).content.decode()
    assert 'id="test-deck"' in page and 'id="sim-test-form"' not in page
    assert "Only a legal deck can be tested" in page


def test_it_gives_the_builder_a_form_that_sends_the_list_being_edited(rf: Any) -> None:
    request = rf.get("/")
    form = render_to_string("simulations/_test_form.html", {
        "game": Game.objects.get(slug="qqdnd"), "list_source": "#id_list", "side_source": "#id_side"}, request)
    assert 'data-list-source="#id_list"' in form and "js/simulation-form.js" in form
    for field in ("game", "list", "side", "format"):
        assert f'type="hidden" name="{field}"' in form
    assert 'name="deck"' not in form  # a new deck: the run is of the list alone
    sideless = render_to_string("simulations/_test_form.html",
                                {"game": Game.objects.get(slug="anguish"), "list_source": "#id_list"}, request)
    assert 'type="hidden" name="list"' in sideless and 'name="side"' not in sideless


def test_it_plays_the_builders_list_and_refuses_an_illegal_one_with_its_problems() -> None:
    run = started_run(browser_of(None).post(reverse("simulation-start"),
                                            {"game": "condemned", "list": LEGAL, "games": 100, "format": ""}))
    assert (run.deck, run.list_text, run.seed < 2**31) == (None, LEGAL, True)

    refused = browser_of(None).post(reverse("simulation-start"), {"game": "condemned", "list": FOUR_COPIES,
                                                                  "games": 100})
    assert refused.status_code == 400
    page = refused.content.decode()
    assert "This deck is not legal" in page and 'data-code="copies"' in page


def test_it_shows_the_progress_of_a_running_run_and_the_results_once_done() -> None:
    run = started_run(browser_of(None).post(reverse("simulation-start"),
                                            {"game": "condemned", "list": LEGAL, "games": 400, "seed": 12}))
    page = browser_of(None).get(run.get_absolute_url()).content.decode()
    assert '<progress max="1" value="0.0"' in page
    assert f'data-api="{reverse("api-simulation", args=[run.public_id])}"' in page
    assert f'data-section-url="{reverse("simulation-section", args=[run.public_id])}"' in page
    assert 'id="sim-results"' not in page

    play_all(run)

    section = browser_of(None).get(reverse("simulation-section", args=[run.public_id])).content.decode()
    assert "data-section-url" not in section  # nothing left to watch
    assert '<progress max="1" value="1.0"' in section
    assert re.findall(r'data-chart="([a-z-]+)"', section) == ["end-turn", "ended-by", "damage"]
    assert section.count("<svg") == 3
    report = in_one_process(LEGAL, 400, 12)
    median = f"<dt>Median ending turn</dt><dd class=\"sim-fact-value\">{report['end_turn']['median']}</dd>"
    assert median in section
    dead_rows = re.findall(r'<tr data-card="([^"]+)">', section)
    assert sorted(dead_rows) == sorted(card["name"] for card in report["cards"])
    deadest = max(report["cards"], key=lambda card: card["dead_share"] or 0)
    assert dead_rows[0] == deadest["name"]


def test_it_compares_another_deck_on_the_same_games(ann: AbstractBaseUser) -> None:
    deck_a = make_deck(ann, Visibility.PRIVATE)
    deck_b = make_deck(ann, Visibility.PRIVATE, OTHER)
    owner = browser_of(ann)
    run_a = started_run(owner.post(reverse("simulation-start"), {"deck": deck_a.share_id, "games": 300, "seed": 4}))
    play_all(run_a)

    link = "http://testserver" + deck_b.get_absolute_url()
    response = owner.post(reverse("simulation-compare-start", args=[run_a.public_id]), {"deck": link})

    assert response.status_code == 302
    run_b = SimulationRun.objects.exclude(pk=run_a.pk).get()
    assert (run_b.deck, run_b.games, run_b.seed) == (deck_b, 300, 4)
    assert response["Location"] == reverse("simulation-compare", args=[run_a.public_id, run_b.public_id])
    play_all(run_b)
    page = owner.get(response["Location"]).content.decode()
    assert 'id="compare-table"' in page and "did not play the same games" not in page
    assert page.count('<span class="sim-swatch series-1"') == 3  # deck B in the legend of each chart
    mean_b = f"{in_one_process(deck_b.current.text, 300, 4)['end_turn']['mean']:.2f}"
    assert re.search(rf"Mean ending turn</th>\s*<td[^>]*>[\d.]+</td>\s*<td[^>]*>{mean_b}</td>", page)
    assert browser_of(None).get(response["Location"]).status_code == 404  # private decks' runs


def test_it_keeps_the_run_and_says_so_when_the_job_queue_is_down(
    ann: AbstractBaseUser, monkeypatch: pytest.MonkeyPatch
) -> None:
    deck = make_deck(ann, Visibility.PRIVATE)
    monkeypatch.setenv("CELERY_BROKER_URL", "redis://127.0.0.1:1/0")
    monkeypatch.setitem(current_app.conf, "broker_url", "redis://127.0.0.1:1/0")
    monkeypatch.setitem(current_app.conf, "broker_transport_options", {})

    response = browser_of(ann).post(reverse("simulation-start"), {"deck": deck.share_id, "games": 100})

    assert response.status_code == 503
    run = SimulationRun.objects.get()
    page = response.content.decode()
    assert QUEUE_DOWN in page and f'href="{run.get_absolute_url()}" id="kept-run"' in page
    assert (run.status, run.error, run.deck) == (RunStatus.FAILED, QUEUE_DOWN, deck)
