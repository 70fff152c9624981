"""One-click fixes beside the rules check's problems, problems named in words, and cards seen: a
card name in the builder, on a deck's page and in a diff shows the card as its page draws it, on
hover with a mouse and on a tap on a phone."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.urls import reverse
from playwright.sync_api import Browser, Page, expect

from cardsdb.models import Game
from decks import services
from decks.models import Visibility
from engine.decklist import parse_decklist

pytestmark = pytest.mark.browser

DECKS = Path(__file__).resolve().parents[1] / "engine" / "decks"
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


def deck_text(game: str, name: str) -> str:
    return (DECKS / game / f"{name}.txt").read_text(encoding="utf-8")


def builder_with(browser: Browser, base_url: str, game: str, text: str) -> Page:
    page = browser.new_context().new_page()
    page.goto(base_url + reverse("deck-new", args=[game]))
    expect(page.locator("#validation-panel .validation")).to_be_visible()
    page.fill("#id_list", text)
    return page


def counts(page: Page, game: str) -> dict[str, int]:
    return {e.name: e.count for e in parse_decklist(page.input_value("#id_list"), game).entries}


def problem(page: Page, code: str) -> Any:
    return page.locator(f'#validation-panel .problem[data-code="{code}"]')


def test_a_fix_button_removes_the_copies_over_the_limit(
    live_server: Any, transactional_db: None, loaded_cards: None, browser: Browser
) -> None:
    page = builder_with(browser, live_server.url, "condemned", deck_text("condemned", "illegal_four_copies"))
    copies = problem(page, "copies")
    expect(copies.locator(".problem-words")).to_have_text("Too many copies")
    copies.get_by_role("button", name="Remove 1 extra Alpha Strike").click()
    expect(copies).to_have_count(0)
    assert counts(page, "condemned")["Alpha Strike"] == 3


def test_the_side_problem_points_at_the_side_menu_and_its_fix_sets_a_side_the_party_allows(
    live_server: Any, transactional_db: None, loaded_cards: None, browser: Browser
) -> None:
    page = builder_with(browser, live_server.url, "qqdnd", deck_text("qqdnd", "illegal_no_side_too_many"))
    side = problem(page, "side_missing")
    expect(side.locator(".problem-words")).to_have_text("No side chosen")
    expect(side.locator(".problem-message")).to_have_text(
        "Choose a side of the alignment chart in the Side menu above.")
    expect(page.locator("#validation-panel")).not_to_contain_text("side_missing")
    # Three Lawful Good members and a True Neutral one: Good and Lawful are open, Evil and Chaotic not.
    expect(side.locator(".fix-button")).to_have_text(["Set Side: Good", "Set Side: Lawful"])
    side.get_by_role("button", name="Set Side: Good").click()
    expect(problem(page, "side_missing")).to_have_count(0)
    assert page.input_value("#id_side") == "Good"

    problem(page, "frequency").get_by_role("button", name="Remove 1 extra Katana Lunge").click()
    expect(problem(page, "frequency").locator("xpath=self::*[contains(@class, 'problem-error')]")).to_have_count(0)
    assert counts(page, "qqdnd")["Katana Lunge"] == 4


def test_a_missing_stronghold_fix_finds_strongholds(
    live_server: Any, transactional_db: None, loaded_cards: None, browser: Browser
) -> None:
    text = deck_text("anguish", "illegal_no_stronghold_three_tenth_hour")
    page = builder_with(browser, live_server.url, "anguish", text)
    strongholds = problem(page, "stronghold_count")
    strongholds.get_by_role("button", name="Find a Stronghold").click()
    results = page.locator("#card-results .card-result")
    expect(results.first).to_be_visible()
    expect(page.locator("#card-query")).to_have_value("t:stronghold")
    assert set(results.locator(".result-type").all_inner_texts()) == {"Stronghold"}
    # Three 10th-Hour Creatures are one too many; which to drop is the player's choice: no button.
    expect(problem(page, "tenth_hour_count").locator(".fix-button")).to_have_count(0)


def test_hovering_a_card_name_in_the_builder_shows_the_card_as_its_page_draws_it(
    live_server: Any, transactional_db: None, loaded_cards: None, browser: Browser
) -> None:
    page = builder_with(browser, live_server.url, "condemned", deck_text("condemned", "illegal_four_copies"))
    page.locator('#deck-panel .panel-card[data-name="The Pacifier"] .panel-name').hover()
    preview = page.locator("#card-preview")
    expect(preview).to_be_visible()
    expect(preview.locator(".card-frame h1")).to_have_text("The Pacifier")
    card_page = browser.new_context().new_page()
    card_page.goto(live_server.url + reverse("card-detail", args=["condemned", "the-pacifier"]))
    assert preview.locator(".card-frame").inner_text() == card_page.locator(".card-face .card-frame").inner_text()
    page.keyboard.press("Escape")
    expect(preview).to_be_hidden()


def test_a_card_on_a_deck_page_and_in_a_diff_shows_on_hover_and_on_a_tap_on_a_phone(
    live_server: Any, transactional_db: None, loaded_cards: None, browser: Browser, ann: User
) -> None:
    text = deck_text("condemned", "legal_brute_constructed")
    saved = services.deck_create(owner=ann, game=Game.objects.get(slug="condemned"), name="Brute", text=text,
                                 visibility=Visibility.PUBLIC)
    deck = saved.deck
    entries = parse_decklist(text, "condemned").entries
    first = entries[0].name
    changed = next(e for e in entries if e.count > 1)
    services.deck_update(deck=deck, user=ann, version=1,
                         text=text.replace(f"{changed.count} {changed.name}", f"{changed.count - 1} {changed.name}"))

    page = browser.new_context().new_page()
    page.goto(live_server.url + deck.get_absolute_url())
    page.locator(".deck-section-cards a", has_text=first).hover()
    expect(page.locator("#card-preview .card-frame h1")).to_have_text(first)

    page.goto(live_server.url + reverse("deck-diff", args=[deck.share_id]))
    page.locator(".diff-changed .card-name").hover()
    expect(page.locator("#card-preview .card-frame h1")).to_have_text(changed.name)

    phone = browser.new_context(**PHONE).new_page()
    phone.goto(live_server.url + deck.get_absolute_url())
    link = phone.locator(".deck-section-cards a", has_text=first)
    link.tap()
    expect(phone.locator("#card-preview .card-frame h1")).to_have_text(first)
    assert phone.url == live_server.url + deck.get_absolute_url()  # the first tap shows, it does not leave
    link.tap()
    phone.wait_for_url("**/condemned/cards/**")
