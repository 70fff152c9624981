"""A matchup and a gauntlet in a real browser, on a real worker: "Test against..." on a deck's page, the
progress bar following the worker, then the charts (matchup) and the sortable table (gauntlet); the
pages pass axe-core's serious checks and fit a 390 px wide phone."""
from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import AbstractBaseUser
from django.test import Client
from playwright.sync_api import Browser, BrowserContext, Page, expect

from decks.models import Visibility
from decks.simulations.models import RunKind, RunStatus, SimulationRun
from tests.browser.conftest import watch_csp
from tests.browser.test_accessibility import serious_findings
from tests.web.test_matchups_api import MEDIC
from tests.web.test_simulations_api import LEGAL, make_deck
from tests.worker_fixtures import (  # noqa: F401
    Worker,
    isolated_broker_fixture,
    shared_worker_fixture,
    simulation_worker_fixture,
)

pytestmark = pytest.mark.browser
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


def signed_in(browser: Browser, live_server: Any, user: AbstractBaseUser, **options: Any) -> BrowserContext:
    session = Client()
    session.force_login(user)
    context = browser.new_context(**options)
    context.add_cookies([{"name": "sessionid", "value": session.cookies["sessionid"].value, "url": live_server.url}])
    return context


def check_page_at_phone_width_and_with_axe(browser: Browser, live_server: Any, user: AbstractBaseUser,
                                           url: str) -> None:
    phone = signed_in(browser, live_server, user, **PHONE).new_page()
    phone.goto(url)
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    # axe-core is the test's script, not the page's: this context lets it in past the CSP.
    checked: Page = signed_in(browser, live_server, user, bypass_csp=True).new_page()
    checked.goto(url)
    assert serious_findings(checked) == []


def test_a_matchup_from_the_deck_page_to_the_charts(
    live_server: Any, transactional_db: None, loaded_cards: None, isolated_broker: Any,
    simulation_worker: Worker, browser: Browser, django_user_model: Any,
) -> None:
    owner: AbstractBaseUser = django_user_model.objects.create_user("rina")
    deck = make_deck(owner, Visibility.PUBLIC, LEGAL)
    opponent = make_deck(owner, Visibility.PRIVATE, MEDIC)
    context = signed_in(browser, live_server, owner)
    csp_violations = watch_csp(context)
    page = context.new_page()

    page.goto(live_server.url + deck.get_absolute_url())
    page.get_by_label("Or one of my decks").select_option(opponent.share_id)
    page.fill("#matchup-games", "600")
    page.fill("#matchup-seed", "11")
    page.click("#matchup-start")

    page.wait_for_url("**/simulations/*/")
    run = SimulationRun.objects.get()
    assert (run.kind, run.deck, run.games, run.seed) == (RunKind.MATCHUP, deck, 600, 11)
    expect(page.locator("#sim-run")).to_have_attribute("aria-live", "polite")
    expect(page.locator("#sim-run progress")).to_be_visible()

    expect(page.locator("#sim-results")).to_be_visible(timeout=90_000)
    expect(page.locator("#sim-run [data-progress-text]")).to_have_text("600 of 600 games played")
    for key in ("win-rate", "first-player", "end-turn", "ended-by"):
        expect(page.locator(f'.sim-chart[data-chart="{key}"] svg')).to_be_visible()
    expect(page.locator('.sim-chart[data-chart="win-rate"] circle.sim-dot')).to_have_count(2)
    expect(page.locator("#impact-1 tbody tr").first).to_be_visible()
    expect(page.locator("#impact-2 caption")).to_contain_text(opponent.name)
    run.refresh_from_db()
    assert run.status == RunStatus.DONE
    assert csp_violations == []
    check_page_at_phone_width_and_with_axe(browser, live_server, owner, page.url)

    # The deck page lists the matchup among its past runs.
    page.goto(live_server.url + deck.get_absolute_url())
    expect(page.locator("#past-runs")).to_contain_text("Matchup")
    expect(page.locator("#past-runs")).to_contain_text(opponent.name)


def test_a_gauntlet_from_the_deck_page_to_its_sortable_table(
    live_server: Any, transactional_db: None, loaded_cards: None, isolated_broker: Any,
    simulation_worker: Worker, browser: Browser, django_user_model: Any,
) -> None:
    owner: AbstractBaseUser = django_user_model.objects.create_user("rina")
    other: AbstractBaseUser = django_user_model.objects.create_user("omar")
    deck = make_deck(owner, Visibility.PUBLIC, LEGAL)
    mine = make_deck(owner, Visibility.PRIVATE, MEDIC)
    linked = [make_deck(other, Visibility.UNLISTED, text) for text in (LEGAL, MEDIC)]
    context = signed_in(browser, live_server, owner)
    csp_violations = watch_csp(context)
    page = context.new_page()

    page.goto(live_server.url + deck.get_absolute_url())
    page.get_by_label("Decks' links or ids, one a line").fill(
        "\n".join(live_server.url + d.get_absolute_url() for d in linked))
    page.get_by_label(mine.name).check()
    page.fill("#gauntlet-games", "200")
    page.click("#gauntlet-start")

    page.wait_for_url("**/simulations/*/")
    run = SimulationRun.objects.get()
    assert (run.kind, run.games, run.pairing_games, run.pairings.count()) == (RunKind.GAUNTLET, 600, 200, 3)
    expect(page.locator("#sim-run progress")).to_have_count(1)  # one progress bar for the whole gauntlet

    table = page.locator("#gauntlet-table")
    expect(table).to_be_visible(timeout=120_000)
    expect(table.locator("tbody tr")).to_have_count(3)
    expect(page.locator('.sim-chart[data-chart="gauntlet"] svg')).to_be_visible()

    def rates() -> list[float]:
        return [float(text.rstrip("%")) for text in table.locator("[data-win-rate]").all_inner_texts()]

    assert rates() == sorted(rates(), reverse=True)  # best first
    header = table.locator('th:has(a:text("Win rate"))')
    expect(header).to_have_attribute("aria-sort", "descending")
    header.locator("a").click()
    table = page.locator("#gauntlet-table")
    expect(table.locator('th:has(a:text("Win rate"))')).to_have_attribute("aria-sort", "ascending")
    assert rates() == sorted(rates())
    assert csp_violations == []
    check_page_at_phone_width_and_with_axe(browser, live_server, owner, page.url)
