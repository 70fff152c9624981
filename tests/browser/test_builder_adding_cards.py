"""Adding cards fast, with the rules guiding it: the quick-add box takes "3 Arm Up", "3x arm" and
"arm up x3" and forgives a slip, search results show what deckbuilding needs, add buttons stop at a
card's limit and say why, a fifth Party Member is refused, the focus stays on +, − and ×, and the
changes and the verdict are announced."""
from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse
from playwright.sync_api import Browser, Page, expect

from cardsdb.models import Card
from engine.decklist import parse_decklist

pytestmark = pytest.mark.browser


def builder(browser: Browser, base_url: str, game: str) -> Page:
    page = browser.new_context().new_page()
    page.goto(base_url + reverse("deck-new", args=[game]))
    expect(page.locator("#validation-panel .validation")).to_have_attribute("data-legal", "false")
    return page


def quick_add(page: Page, text: str) -> None:
    box = page.locator("#quick-add")
    box.fill(text)
    # A slip can take three searches in a row (what was typed, then a word's first letters).
    expect(page.locator("#quick-add-options .quick-add-option").first).to_be_visible(timeout=15000)
    box.press("Enter")


def counts(page: Page, game: str) -> dict[str, int]:
    return {e.name: e.count for e in parse_decklist(page.input_value("#id_list"), game).entries}


def frequency(name: str) -> int:
    value = Card.objects.get(game__slug="qqdnd", name=name).attributes["frequency"]
    assert isinstance(value, int)
    return value


def test_quick_add_takes_the_three_spellings_forgives_a_slip_and_stops_at_the_frequency(
    live_server: Any, transactional_db: None, loaded_cards: None, browser: Browser
) -> None:
    page = builder(browser, live_server.url, "qqdnd")
    limit = frequency("Arm Up")
    assert limit >= 3
    quick_add(page, "1 Arm Up")
    assert counts(page, "qqdnd") == {"Arm Up": 1}
    quick_add(page, "1x arm")
    assert counts(page, "qqdnd") == {"Arm Up": 2}
    quick_add(page, "arm uo x1")  # a slip of a letter still finds Arm Up
    assert counts(page, "qqdnd") == {"Arm Up": 3}
    expect(page.locator("#builder-announcer")).to_contain_text("Added 1 Arm Up (3 in the deck)")

    quick_add(page, f"arm up x{limit + 2}")
    assert counts(page, "qqdnd") == {"Arm Up": limit}
    expect(page.locator("#quick-add-status")).to_contain_text(f"its Frequency is {limit}")
    # Enter kept the focus in the box for the next card.
    assert page.evaluate("document.activeElement.id") == "quick-add"
    # The suggestions say so before Enter: Arm Up is at its limit.
    page.locator("#quick-add").fill("arm up")
    expect(page.locator('#quick-add-options .quick-add-option[data-card="Arm Up"]')).to_contain_text("at the limit")


def test_search_results_show_the_facts_and_the_add_button_stops_at_the_limit_with_the_reason(
    live_server: Any, transactional_db: None, loaded_cards: None, browser: Browser
) -> None:
    page = builder(browser, live_server.url, "qqdnd")
    page.fill("#card-query", 'name:"Arm Up"')
    page.press("#card-query", "Enter")
    result = page.locator('#card-results .card-result[data-name="Arm Up"]')
    limit = frequency("Arm Up")
    card = Card.objects.get(game__slug="qqdnd", name="Arm Up")
    expect(result.locator(".result-facts")).to_contain_text(f"Initiative {card.attributes['initiative']}")
    expect(result.locator(".result-facts")).to_contain_text(f"Frequency {limit}")
    expect(result.locator(".result-facts")).to_contain_text(f"{limit} copies allowed")
    add = result.locator("button.add-card").first
    for _ in range(limit):
        add.click()
    expect(add).to_have_attribute("aria-disabled", "true")
    add.click(force=True)  # a click on a button at its limit says why it adds nothing
    assert counts(page, "qqdnd") == {"Arm Up": limit}
    expect(add).to_have_attribute("aria-disabled", "true")
    expect(result.locator(".limit-note")).to_contain_text(f"its Frequency is {limit}, and the deck has {limit}")
    expect(page.locator("#builder-announcer")).to_contain_text("Not added")

    page.fill("#card-query", "t:pm")
    page.press("#card-query", "Enter")
    members = page.locator("#card-results .card-result")
    expect(members.first).to_be_visible()
    expect(members.first.locator(".result-facts")).to_contain_text("RV ")
    for index in range(4):
        members.nth(index).locator("button.add-card").first.click()
    members.nth(4).locator("button.add-card").first.click(force=True)
    expect(page.locator("#builder-announcer")).to_contain_text("Not added: A party has exactly 4 Party Members")
    party = [e for e in parse_decklist(page.input_value("#id_list"), "qqdnd").entries if e.section == "Party"]
    assert len(party) == 4
    expect(members.nth(4).locator(".limit-note")).to_contain_text(
        "A party has exactly 4 Party Members, and the deck has 4.")


def test_the_focus_stays_on_plus_minus_and_times_and_each_change_is_announced(
    live_server: Any, transactional_db: None, loaded_cards: None, browser: Browser
) -> None:
    page = builder(browser, live_server.url, "anguish")
    quick_add(page, "2 pebbel giantling")  # two letters swapped
    quick_add(page, "1 xitan's cradle")  # a slip in the first letter ("xi" finds Pixie Lanternbearer)
    assert counts(page, "anguish") == {"Pebble Giantling": 2, "Titan's Cradle": 1}
    row = page.locator('#deck-panel .panel-card[data-name="Pebble Giantling"]')
    row.locator('button[data-step="1"]').focus()
    page.keyboard.press("Enter")
    expect(row.locator(".panel-count")).to_have_text("3")
    assert page.evaluate("document.activeElement.dataset.step") == "1"
    assert page.evaluate("document.activeElement.closest('.panel-card').dataset.name") == "Pebble Giantling"
    expect(page.locator("#builder-announcer")).to_have_text("Pebble Giantling: 3 in Lifeblood.")

    page.keyboard.press("Enter")
    page.keyboard.press("Enter")  # a fifth copy is over the limit of 4
    expect(row.locator(".panel-count")).to_have_text("4")
    expect(page.locator("#builder-announcer")).to_contain_text("at most 4 cards of one exact name")

    page.keyboard.press("Shift+Tab")  # to −
    page.keyboard.press("Enter")
    expect(row.locator(".panel-count")).to_have_text("3")
    assert page.evaluate("document.activeElement.dataset.step") == "-1"

    row.locator('button[data-step="0"]').focus()
    page.keyboard.press("Enter")
    expect(row).to_have_count(0)
    # The card is gone: the focus goes to the next card's ×, not to the top of the page.
    assert page.evaluate("document.activeElement.closest('.panel-card').dataset.name") == "Titan's Cradle"
    expect(page.locator("#builder-announcer")).to_have_text("Removed Pebble Giantling from the deck.")
    expect(page.locator("#legality-summary")).to_contain_text("Not legal")


def test_quick_add_suggests_from_the_autocomplete_as_a_keyboard_combobox(
    live_server: Any, transactional_db: None, loaded_cards: None, browser: Browser
) -> None:
    page = builder(browser, live_server.url, "qqdnd")
    box = page.locator("#quick-add")
    options = page.locator("#quick-add-options")
    expect(box).to_have_attribute("role", "combobox")
    expect(box).to_have_attribute("aria-expanded", "false")
    expect(options).to_have_attribute("role", "listbox")

    with page.expect_response(lambda r: "/api/cards/autocomplete/" in r.url and "q=ka" in r.url) as answer:
        box.press_sequentially("2 ka")
    suggested = [s["name"] for s in answer.value.json()["results"]]
    # What the box lists is what the autocomplete ranked, in its order.
    expect(options.locator('[role="option"]')).to_have_count(len(suggested))
    assert options.locator('[role="option"] .option-name').all_inner_texts() == suggested
    assert len(suggested) >= 2 and all(name.lower().startswith("ka") or " ka" in name.lower() for name in suggested)
    expect(box).to_have_attribute("aria-expanded", "true")
    expect(box).to_have_attribute("aria-activedescendant", "quick-add-option-0")
    expect(page.locator("#quick-add-status")).to_contain_text(f"{len(suggested)} cards match")

    box.press("ArrowDown")
    expect(box).to_have_attribute("aria-activedescendant", "quick-add-option-1")
    expect(options.locator("#quick-add-option-1")).to_have_attribute("aria-selected", "true")
    expect(options.locator("#quick-add-option-0")).to_have_attribute("aria-selected", "false")
    box.press("ArrowUp")
    box.press("ArrowUp")  # wraps to the last
    expect(box).to_have_attribute("aria-activedescendant", f"quick-add-option-{len(suggested) - 1}")
    box.press("ArrowDown")  # and back to the first
    box.press("ArrowDown")
    box.press("Enter")
    assert counts(page, "qqdnd") == {suggested[1]: 2}
    expect(box).to_have_value("")
    expect(box).to_have_attribute("aria-expanded", "false")
    expect(page.locator("#builder-announcer")).to_contain_text(f"Added 2 {suggested[1]}")

    box.press_sequentially("katna")  # a typo: the autocomplete's close spellings
    expect(options.locator('[role="option"]').first).to_contain_text("Katana")
    box.press("Escape")
    expect(box).to_have_attribute("aria-expanded", "false")
    expect(options).to_be_hidden()
    box.press("Escape")
    expect(box).to_have_value("")
