"""Work is never lost in the builder (issue: "The deck builder players choose over a spreadsheet"):
a draft survives a reload and a refused test run, leaving with unsaved changes asks first, testing
an illegal deck says why, and a visitor builds, downloads and is asked to sign up only to save,
with the deck kept through signing up."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.urls import reverse
from playwright.sync_api import Browser, Page, expect

from decks.models import Deck
from engine.decklist import parse_decklist
from tests.conftest import PASSWORD

pytestmark = pytest.mark.browser

MEMBER = "Resmi Val'Rance, Village Pariah"


def quick_add(page: Page, text: str) -> None:
    box = page.locator("#quick-add")
    box.fill(text)
    expect(page.locator("#quick-add-options .quick-add-option").first).to_be_visible()
    box.press("Enter")
    expect(box).to_have_value("")


def listed(page: Page, game: str) -> dict[str, int]:
    return {e.name: e.count for e in parse_decklist(page.input_value("#id_list"), game).entries}


def open_builder(browser: Browser, url: str) -> Page:
    page = browser.new_context().new_page()
    page.goto(url)
    expect(page.locator("#validation-panel .validation")).to_have_attribute("data-legal", "false")
    return page


def test_a_draft_survives_a_reload_and_a_test_of_an_illegal_deck_says_why_it_cannot_run(
    live_server: Any, transactional_db: None, loaded_cards: None, browser: Browser
) -> None:
    page = open_builder(browser, live_server.url + reverse("deck-new", args=["qqdnd"]))
    page.fill("#id_name", "Half a party")
    quick_add(page, "1 resmi")
    expect(page.locator('#deck-panel .panel-card[data-name="' + MEMBER + '"]')).to_be_visible()
    expect(page.locator('#validation-panel .problem[data-code="party_size"]')).to_be_visible()

    page.click("#sim-test-start")
    blocked = page.locator("#sim-blocked")
    expect(blocked).to_be_visible()
    expect(blocked).to_contain_text("can't be tested yet")
    expect(blocked).to_contain_text("Party size")
    assert page.url.endswith(reverse("deck-new", args=["qqdnd"]))  # no dead end: still here

    page.reload()
    expect(page.locator("#draft-status")).to_contain_text("Restored your unsaved changes")
    assert page.input_value("#id_name") == "Half a party"
    assert listed(page, "qqdnd") == {MEMBER: 1}
    expect(page.locator('#deck-panel .panel-card[data-name="' + MEMBER + '"]')).to_be_visible()

    page.click("#discard-draft")
    assert listed(page, "qqdnd") == {}
    page.reload()
    expect(page.locator("#draft-status")).to_be_hidden()
    assert listed(page, "qqdnd") == {}


def test_leaving_with_unsaved_changes_asks_first(
    live_server: Any, transactional_db: None, loaded_cards: None, browser: Browser
) -> None:
    page = open_builder(browser, live_server.url + reverse("deck-new", args=["condemned"]))
    page.click("#quick-add")
    page.keyboard.type("1 pacifier")
    expect(page.locator("#quick-add-options .quick-add-option").first).to_be_visible()
    page.keyboard.press("Enter")
    expect(page.locator('#deck-panel .panel-card[data-name="The Pacifier"]')).to_be_visible()
    asked: list[str] = []

    def answer(dialog: Any) -> None:
        asked.append(dialog.type)
        dialog.dismiss()

    page.on("dialog", answer)
    page.close(run_before_unload=True)
    page.wait_for_timeout(300)
    assert asked == ["beforeunload"]
    assert not page.is_closed()


def test_a_visitor_builds_downloads_and_keeps_the_deck_through_signing_up_to_save(
    live_server: Any, transactional_db: None, loaded_cards: None, browser: Browser
) -> None:
    page = open_builder(browser, live_server.url + reverse("deck-new", args=["condemned"]))
    expect(page.locator(".user-name")).to_have_count(0)
    page.fill("#id_name", "Visitor's deck")
    quick_add(page, "1 pacifier")
    quick_add(page, "2 scalpel")

    with page.expect_download() as download:
        page.click("#download-list")
    text = Path(download.value.path()).read_text(encoding="utf-8")
    exported = parse_decklist(text, "condemned")
    assert exported.headers["Name"] == "Visitor's deck"
    assert {e.name: e.count for e in exported.entries} == {"The Pacifier": 1, "Pilfered Scalpel": 2}

    page.click("#save-deck")
    expect(page.locator("#save-needs-account")).to_be_visible()
    assert not Deck.objects.exists()
    page.click("#save-signup")
    page.fill("#id_username", "vera")
    page.fill("#id_password1", PASSWORD)
    page.fill("#id_password2", PASSWORD)
    page.click("form.stacked-form button[type=submit]")

    page.wait_for_url(live_server.url + reverse("deck-new", args=["condemned"]))
    expect(page.locator(".user-name")).to_have_text("vera")
    expect(page.locator("#draft-status")).to_contain_text("Restored")
    assert page.input_value("#id_name") == "Visitor's deck"
    assert listed(page, "condemned") == {"The Pacifier": 1, "Pilfered Scalpel": 2}

    page.click("#save-deck")
    page.wait_for_url(f"{live_server.url}/decks/*/")
    deck = Deck.objects.get()
    assert (deck.owner.get_username(), deck.name) == ("vera", "Visitor's deck")
    assert {e.name: e.count for e in parse_decklist(deck.current.text, "condemned").entries} == {
        "The Pacifier": 1, "Pilfered Scalpel": 2,
    }
    # The save cleared the draft: a new deck starts empty, with nothing to restore.
    page.goto(live_server.url + reverse("deck-new", args=["condemned"]))
    expect(page.locator("#validation-panel .validation")).to_have_attribute("data-legal", "false")
    expect(page.locator("#draft-status")).to_be_hidden()
    assert listed(page, "condemned") == {}


def test_a_draft_survives_a_run_the_server_refuses_and_the_way_back(
    live_server: Any, transactional_db: None, loaded_cards: None, browser: Browser
) -> None:
    text = (Path(__file__).resolve().parents[1] / "engine" / "decks" / "condemned" / "legal_brute_constructed.txt")
    page = open_builder(browser, live_server.url + reverse("deck-new", args=["condemned"]))
    page.fill("#id_list", text.read_text(encoding="utf-8"))
    page.locator("#id_list").blur()
    expect(page.locator("#validation-panel .validation")).to_have_attribute("data-legal", "true")
    before = listed(page, "condemned")
    # A game count over the limit gets past the page (its max is removed) to be refused by the server.
    page.evaluate("document.getElementById('sim-games').removeAttribute('max')")
    page.fill("#sim-games", "1000000")
    page.click("#sim-test-start")
    expect(page.locator("h1")).to_have_text("The run did not start")

    page.go_back()
    expect(page.locator("#validation-panel .validation")).to_have_attribute("data-legal", "true")
    assert listed(page, "condemned") == before
    page.reload()
    expect(page.locator("#draft-status")).to_contain_text("Restored your unsaved changes")
    assert listed(page, "condemned") == before
