"""A goldfish run in a real browser: "Test this deck" on a private deck's page, the run page's progress bar
following a real worker, and the results with their charts."""
from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import AbstractBaseUser
from django.test import Client
from playwright.sync_api import Browser, expect

from decks.models import Visibility
from decks.simulations.models import RunStatus, SimulationRun
from tests.browser.conftest import watch_csp
from tests.web.test_simulations_api import make_deck
from tests.worker_fixtures import (  # noqa: F401
    Worker,
    isolated_broker_fixture,
    shared_worker_fixture,
    simulation_worker_fixture,
)

pytestmark = pytest.mark.browser



def test_it_starts_a_run_from_the_deck_page_and_follows_it_to_the_charts(
    live_server: Any, transactional_db: None, loaded_cards: None, isolated_broker: Any,
    simulation_worker: Worker, browser: Browser, django_user_model: Any,
) -> None:
    owner: AbstractBaseUser = django_user_model.objects.create_user("rina")
    deck = make_deck(owner, Visibility.PRIVATE)
    session = Client()
    session.force_login(owner)
    context = browser.new_context()
    csp_violations = watch_csp(context)
    context.add_cookies([{"name": "sessionid", "value": session.cookies["sessionid"].value, "url": live_server.url}])
    page = context.new_page()

    page.goto(live_server.url + deck.get_absolute_url())
    page.fill("#sim-games", "3000")
    page.fill("#sim-seed", "17")
    page.click("#sim-test-start")

    page.wait_for_url("**/simulations/*/")
    run = SimulationRun.objects.get()
    assert (run.deck, run.games, run.seed) == (deck, 3000, 17)
    progress = page.locator("#sim-run .sim-progress")
    expect(progress.locator("progress")).to_be_visible()
    assert progress.get_attribute("data-status") in {"queued", "running"}

    # The script polls the API (with the owner's session: the deck is private) and swaps in the results.
    expect(page.locator("#sim-results")).to_be_visible(timeout=60_000)
    expect(progress).to_have_attribute("data-status", "done")
    expect(page.locator("#sim-run progress")).to_have_js_property("value", 1)
    expect(page.locator("#sim-run [data-progress-text]")).to_have_text("3,000 of 3,000 games played")
    for key in ("end-turn", "ended-by", "damage"):
        expect(page.locator(f'.sim-chart[data-chart="{key}"] svg')).to_be_visible()
    expect(page.locator('.sim-chart[data-chart="end-turn"] rect.sim-bar').first).to_be_visible()
    expect(page.locator("#dead-cards tbody tr").first).to_be_visible()
    run.refresh_from_db()
    assert run.status == RunStatus.DONE

    # Cards are seen in the run's tables too: hovering a card name shows the card as its page draws it.
    first = page.locator("#dead-cards tbody .card-name[data-card]").first
    name = first.get_attribute("data-card")
    first.hover()
    expect(page.locator("#card-preview")).to_be_visible()
    expect(page.locator("#card-preview .card-frame h1")).to_have_text(str(name))

    # The deck's page lists its past runs, the new one linked.
    page.goto(live_server.url + deck.get_absolute_url())
    expect(page.locator(f'#past-runs a[href="{run.get_absolute_url()}"]')).to_be_visible()
    # The progress script and the results it swapped in ran under the Content-Security-Policy.
    assert csp_violations == []
