"""The two-deck run pages: "Test against..." on a deck's page and the builder, the matchup page (progress,
then its charts), the gauntlet page (a sortable, coloured table) and a deck's past runs of every kind.
The chunks are played in this process (tests/web/test_matchups_worker.py plays them on workers)."""
from __future__ import annotations

import re
from typing import Any

import pytest
from django.contrib.auth.models import AbstractBaseUser
from django.urls import reverse
from pytest_django.fixtures import Settings

from decks.models import Visibility
from decks.simulations.models import RunKind, SimulationRun
from tests.web.test_matchups_api import MEDIC, engine_report
from tests.web.test_simulations_api import FOUR_COPIES, LEGAL, make_deck, play_all
from tests.web.test_simulations_pages import browser_of, started_run
from tests.worker_fixtures import isolated_broker_fixture  # noqa: F401

pytestmark = pytest.mark.usefixtures("loaded_cards", "isolated_broker")


def test_a_decks_page_offers_test_against_with_my_decks_and_starts_a_matchup(ann: AbstractBaseUser) -> None:
    deck = make_deck(ann, Visibility.PUBLIC)
    other = make_deck(ann, Visibility.PRIVATE, MEDIC)
    page = browser_of(ann).get(deck.get_absolute_url()).content.decode()
    assert 'id="matchup-form"' in page and 'id="gauntlet-form"' in page
    assert f'<option value="{other.share_id}">{other.name}</option>' in page
    assert f'value="{deck.share_id}">{deck.name}</option>' not in page  # not against itself

    run = started_run(browser_of(ann).post(reverse("matchup-start"), {
        "deck": deck.share_id, "opponent_mine": other.share_id, "games": 200, "seed": 4}))

    assert (run.kind, run.deck, run.games, run.seed) == (RunKind.MATCHUP, deck, 200, 4)
    assert [p.b_deck for p in run.pairings.all()] == [other]


def test_the_matchup_page_shows_progress_then_the_charts(ann: AbstractBaseUser) -> None:
    deck = make_deck(ann, Visibility.PUBLIC)
    other = make_deck(ann, Visibility.UNLISTED, MEDIC)
    run = started_run(browser_of(None).post(reverse("matchup-start"), {
        "deck": deck.share_id, "opponent_link": f"https://example.org/decks/{other.share_id}/", "games": 200,
        "seed": 8}))
    page = browser_of(None).get(run.get_absolute_url()).content.decode()
    assert 'aria-live="polite"' in page and "<progress" in page and 'id="sim-results"' not in page
    assert f'data-api="/api/matchups/{run.public_id}/"' in page

    play_all(run)
    page = browser_of(None).get(run.get_absolute_url()).content.decode()

    report = engine_report(LEGAL, MEDIC, 200, 8)
    assert 'id="sim-results"' in page
    for chart in ("win-rate", "first-player", "end-turn", "ended-by"):
        assert f'data-chart="{chart}"' in page
    assert f"won {report['a_win_rate']:.1%} of {report['wins_a'] + report['wins_b']:,} decided games" in page
    assert 'id="impact-1"' in page and 'id="impact-2"' in page
    assert "<script>" not in page  # the CSP allows no inline script


def test_the_gauntlet_page_sorts_its_table_and_colours_the_win_rates(ann: AbstractBaseUser) -> None:
    deck = make_deck(ann, Visibility.PUBLIC)
    opponents = [make_deck(ann, Visibility.PUBLIC, text) for text in (MEDIC, LEGAL)]
    run = started_run(browser_of(None).post(reverse("gauntlet-start"), {
        "deck": deck.share_id, "games": 100, "seed": 3,
        "opponent_links": "\n".join(o.get_absolute_url() for o in opponents)}))
    assert (run.kind, run.games, run.pairing_games) == (RunKind.GAUNTLET, 200, 100)
    play_all(run)

    rates = {}
    for direction in ("asc", "desc"):
        page = browser_of(None).get(run.get_absolute_url(), {"sort": "win_rate", "dir": direction}).content.decode()
        table = page[page.index('id="gauntlet-table"'):]
        rates[direction] = [float(value) for value in re.findall(r"data-win-rate>([\d.]+)%", table)]
        assert f'aria-sort="{direction}ending"' in table
        assert re.search(r'class="num heat-\d+" data-win-rate>', table)
    assert len(rates["asc"]) == 2
    assert rates["asc"] == sorted(rates["asc"]) and rates["desc"] == sorted(rates["asc"], reverse=True)


def test_the_builder_offers_test_against_for_the_list_being_edited(ann: AbstractBaseUser) -> None:
    page = browser_of(ann).get(reverse("deck-new", args=["condemned"])).content.decode()
    form = page[page.index('id="matchup-form"'):]
    assert 'data-list-source="#id_list"' in form[:400] and 'name="list"' in form

    opponent = make_deck(ann, Visibility.PUBLIC, MEDIC).share_id
    refused = browser_of(ann).post(reverse("matchup-start"), {"game": "condemned", "list": FOUR_COPIES,
                                                             "opponent_link": opponent, "games": 10})
    assert refused.status_code == 400 and "Deck A (the list) is not legal" in refused.content.decode()
    assert 'class="problem' in refused.content.decode() or "problem" in refused.content.decode()
    unread = browser_of(ann).post(reverse("matchup-start"), {"game": "condemned", "list": LEGAL,
                                                            "opponent_link": opponent})
    assert unread.status_code == 400 and "Games: This field is required." in unread.content.decode()
    assert not SimulationRun.objects.exists()


def test_a_decks_page_lists_its_past_runs_of_every_kind(ann: AbstractBaseUser, settings: Settings,
                                                        django_assert_max_num_queries: Any) -> None:
    settings.RUNS_IN_FLIGHT_ANON = 10  # five runs at once, none played
    deck = make_deck(ann, Visibility.PUBLIC)
    other = make_deck(ann, Visibility.PUBLIC, MEDIC)
    browser_of(None).post(reverse("simulation-start"), {"deck": deck.share_id, "games": 100})
    for _ in range(3):
        browser_of(None).post(reverse("matchup-start"), {"deck": deck.share_id, "opponent_link": other.share_id,
                                                         "games": 100})
    browser_of(None).post(reverse("gauntlet-start"), {"deck": deck.share_id, "games": 100,
                                                      "opponent_links": f"{other.share_id}\n{deck.share_id}"})

    with django_assert_max_num_queries(40):
        page = browser_of(None).get(deck.get_absolute_url()).content.decode()

    runs = page[page.index('id="past-runs"'):]
    assert runs.count("<td>Matchup</td>") == 3 and runs.count("<td>Gauntlet</td>") == 1
    assert runs.count("<td>Goldfish run</td>") == 1 and "2 decks" in runs and other.name in runs
