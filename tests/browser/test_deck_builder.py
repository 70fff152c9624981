"""The deck builder in a real browser: sign up, build a deck by searching and adding cards while the
rules check follows, save it, and open its share link as someone else."""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from django.urls import reverse
from playwright.sync_api import Browser, Page, expect

from decks.models import Deck
from engine.decklist import DeckListEntry, parse_decklist
from tests.browser.conftest import watch_csp
from tests.conftest import PASSWORD

pytestmark = pytest.mark.browser

DECK = Path(__file__).resolve().parents[1] / "engine" / "decks" / "condemned" / "legal_brute_constructed.txt"


def deck_entries() -> list[DeckListEntry]:
    """The legal deck to build, its Condemned first (the order a player builds in)."""
    entries = parse_decklist(DECK.read_text(encoding="utf-8"), "condemned").entries
    return sorted(entries, key=lambda e: e.section != "Condemned")


def add_by_search(page: Page, entry: DeckListEntry) -> None:
    page.fill("#card-query", f'name:"{entry.name}"')
    page.press("#card-query", "Enter")
    result = page.locator(f'#card-results .card-result[data-name="{entry.name}"]')
    expect(result).to_have_count(1)
    for _ in range(entry.count):
        result.locator("button.add-card").first.click()
    expect(result.locator(".in-deck")).to_have_text(f"{entry.count} in deck")


def sign_up(page: Page, base_url: str, username: str) -> None:
    page.goto(base_url + reverse("signup"))
    page.fill("#id_username", username)
    page.fill("#id_password1", PASSWORD)
    page.fill("#id_password2", PASSWORD)
    page.click("form.stacked-form button[type=submit]")
    expect(page.locator(".user-name")).to_have_text(username)


def test_it_builds_a_legal_deck_by_search_saves_it_and_shares_it_read_only(
    live_server: Any, transactional_db: None, loaded_cards: None, browser: Browser
) -> None:
    context = browser.new_context()
    csp_violations = watch_csp(context)
    page = context.new_page()
    sign_up(page, live_server.url, "dana")
    page.goto(live_server.url + reverse("deck-new", args=["condemned"]))
    page.fill("#id_name", "Browser Brute")
    page.select_option("#id_visibility", "unlisted")
    validation = page.locator("#validation-panel .validation")
    expect(validation).to_have_attribute("data-legal", "false")

    entries = deck_entries()
    add_by_search(page, entries[0])
    # The Condemned is in: the check now only misses the other 30 cards.
    expect(page.locator('#validation-panel .problem[data-code="condemned_count"]')).to_have_count(0)
    expect(page.locator('#validation-panel .problem[data-code="deck_size"]')).to_be_visible()
    expect(validation).to_have_attribute("data-legal", "false")

    for entry in entries[1:]:
        add_by_search(page, entry)
    expect(validation).to_have_attribute("data-legal", "true")
    expect(page.locator("#validation-panel .badge-legal")).to_have_text("Legal")
    expect(page.locator('#deck-panel .panel-section[data-section="Deck"] .panel-section-count')).to_have_text("30")
    listed = parse_decklist(page.input_value("#id_list"), "condemned")
    assert listed.problems == []
    assert {(e.section, e.name, e.count) for e in listed.entries} == {(e.section, e.name, e.count) for e in entries}
    expect(page.locator('#deck-charts figure[data-chart="damage_types"] rect.chart-bar')).to_have_count(6)

    page.click("#save-deck")
    page.wait_for_url(re.compile(r"/decks/[\w-]{12}/$"))
    expect(page.locator("h1")).to_have_text("Browser Brute")
    share_url = page.input_value("#share-url")
    deck = Deck.objects.get(name="Browser Brute")
    assert (deck.owner.get_username(), deck.visibility, deck.version, deck.is_legal) == ("dana", "unlisted", 1, True)
    assert share_url == live_server.url + deck.get_absolute_url()

    visitor = browser.new_context().new_page()
    visitor.goto(share_url)
    expect(visitor.locator("h1")).to_have_text("Browser Brute")
    expect(visitor.locator(".user-name")).to_have_count(0)
    expect(visitor.locator(".validation")).to_have_attribute("data-legal", "true")
    expect(visitor.locator(".read-only-note")).to_be_visible()
    expect(visitor.locator("#edit-deck")).to_have_count(0)
    expect(visitor.locator("#copy-deck")).to_have_text("Log in to copy this deck")
    expect(visitor.locator('#deck-charts figure[data-chart="card_types"] svg')).to_be_visible()
    assert visitor.locator("#deck-list-text").inner_text().strip() == deck.current.text.strip()
    # Every script and style of the builder and the deck page ran under the Content-Security-Policy.
    assert csp_violations == []
