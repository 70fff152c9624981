"""The field page of a game in a real browser: the round-robin of its most-played public decks, played
through, shown as a matchup matrix that fits a 390 px phone, passes axe-core's serious checks and
keeps within the site's Content-Security-Policy."""
from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import AbstractBaseUser
from django.urls import reverse
from playwright.sync_api import Browser, expect

from decks.models import Visibility
from decks.simulations.matchup_views import run_every_field
from tests.browser.conftest import watch_csp
from tests.browser.test_matchup_run import check_page_at_phone_width_and_with_axe, signed_in
from tests.web.test_matchups_api import MEDIC
from tests.web.test_simulations_api import LEGAL, make_deck, play_all
from tests.worker_fixtures import isolated_broker_fixture  # noqa: F401

pytestmark = pytest.mark.browser


def test_the_field_page_shows_the_played_round_robin_as_a_matrix(
    live_server: Any, transactional_db: None, loaded_cards: None, isolated_broker: Any,
    browser: Browser, django_user_model: Any,
) -> None:
    owner: AbstractBaseUser = django_user_model.objects.create_user("fern")
    decks = [make_deck(owner, Visibility.PUBLIC, text) for text in (MEDIC, LEGAL, MEDIC)]
    (run,) = run_every_field()
    play_all(run)  # be the worker: the chunks are played here
    url = live_server.url + reverse("simulation-field", args=["condemned"])

    context = signed_in(browser, live_server, owner)
    csp_violations = watch_csp(context)
    page = context.new_page()
    page.goto(url)

    matrix = page.locator("#field-matrix")
    expect(matrix).to_be_visible()
    expect(matrix.locator('tbody th[scope="row"]')).to_have_count(len(decks))
    expect(matrix.locator(".heat-self")).to_have_count(len(decks))
    for deck in decks:
        expect(matrix.locator(f'a[href="{deck.get_absolute_url()}"]').first).to_be_visible()
    assert csp_violations == []
    check_page_at_phone_width_and_with_axe(browser, live_server, owner, url)
