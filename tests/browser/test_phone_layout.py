"""On a 390 × 844 phone no page is wider than the screen, the builder keeps a compact verdict in
sight, and a first visit finds a builder for each game and sample decks (make run loads them)."""
from __future__ import annotations

import io
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.urls import reverse
from playwright.sync_api import Browser, expect

from cardsdb.models import Card, Game
from decks.models import Deck, Visibility
from tests.conftest import PASSWORD

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


def test_no_page_is_wider_than_a_phone(
    live_server: Any, transactional_db: None, loaded_cards: None, browser: Browser, ann: User
) -> None:
    call_command("load_sample_decks", stdout=io.StringIO())
    deck = Deck.objects.filter(game__slug="anguish").first()
    assert deck is not None
    pages = [
        reverse("home"), reverse("syntax"), reverse("deck-index"), reverse("login"), reverse("signup"),
        deck.get_absolute_url(), reverse("deck-diff", args=[deck.share_id]), reverse("deck-public", args=["qqdnd"]),
        reverse("password_reset"), "/no-such-page/",
        *(reverse("game-cards", args=[slug]) for slug in ("qqdnd", "condemned", "anguish")),
        *(reverse("game-cards", args=[slug]) + "?view=table" for slug in ("qqdnd", "condemned", "anguish")),
        *(reverse("deck-new", args=[slug]) for slug in ("qqdnd", "condemned", "anguish")),
        *(card.get_absolute_url() for card in Card.objects.filter(name__in=["Arm Up", "The Pacifier"])),
    ]
    page = browser.new_context(**PHONE).new_page()
    too_wide = {}
    for path in pages:
        page.goto(live_server.url + path)
        page.wait_for_load_state("networkidle")
        width = page.evaluate("document.documentElement.scrollWidth")
        if width > 390:
            too_wide[path] = width
    assert too_wide == {}


def test_the_builder_keeps_a_compact_verdict_in_sight_on_a_phone(
    live_server: Any, transactional_db: None, loaded_cards: None, browser: Browser
) -> None:
    page = browser.new_context(**PHONE).new_page()
    page.goto(live_server.url + reverse("deck-new", args=["condemned"]))
    summary = page.locator("#legality-summary")
    expect(summary).to_contain_text("Not legal · 2 problems")
    page.locator("#quick-add").fill("1 pacifier")
    page.locator("#quick-add-options .quick-add-option").first.wait_for()
    page.locator("#quick-add").press("Enter")
    expect(summary).to_contain_text("Not legal · 1 problem · 1 card")
    page.mouse.wheel(0, 3000)
    page.wait_for_timeout(200)
    box = summary.bounding_box()
    assert box is not None and 0 <= box["y"] < 844  # still on screen after scrolling down the page
    desktop = browser.new_context(viewport={"width": 1366, "height": 900}).new_page()
    desktop.goto(live_server.url + reverse("deck-new", args=["condemned"]))
    expect(desktop.locator("#validation-panel .validation")).to_be_visible()
    expect(desktop.locator("#legality-summary")).to_be_hidden()  # the Rules check column is in sight there


def test_a_first_visit_builds_from_the_home_page_and_a_new_account_lands_in_a_builder(
    live_server: Any, transactional_db: None, loaded_cards: None, browser: Browser
) -> None:
    call_command("load_sample_decks", stdout=io.StringIO())
    page = browser.new_context().new_page()
    page.goto(live_server.url + reverse("home"))
    for game in Game.objects.all():
        expect(page.locator(f'.game-card[data-game="{game.slug}"] a.build-deck')).to_have_attribute(
            "href", reverse("deck-new", args=[game.slug]))
    page.locator('.game-card[data-game="anguish"] a.build-deck').click()
    expect(page.locator("h1")).to_have_text("New Anguish CCG deck")

    page.goto(live_server.url + reverse("deck-public", args=["condemned"]))
    samples = page.locator(".deck-link", has_text="Sample: ")
    assert samples.count() == Deck.objects.filter(game__slug="condemned", visibility=Visibility.PUBLIC).count() >= 1

    page.goto(live_server.url + reverse("signup"))
    page.fill("#id_username", "newcomer")
    page.fill("#id_password1", PASSWORD)
    page.fill("#id_password2", PASSWORD)
    page.click("form.stacked-form button[type=submit]")
    first = Game.objects.order_by("sort_order", "name").first()
    assert first is not None
    page.wait_for_url(live_server.url + reverse("deck-new", args=[first.slug]))
    expect(page.locator(".message-success")).to_contain_text("Build your first deck here")
    expect(page.locator("#quick-add")).to_be_visible()
