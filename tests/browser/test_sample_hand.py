"""A sample opening hand follows each game's opening rules, and the draw odds are the hypergeometric
chance of at least one copy, in the builder and on a deck's page.

QQDND: "All party members also have a Hand Value, the sum of which is the amount you draw at the
start of each turn." The Condemned: "Each player draws 5 cards. Either player may opt to mulligan.
If they do, they shuffle their hand into their deck, then draw 5 new cards. ... Each player may
mulligan twice per game." Anguish 8.1: "Each player draws 5 cards with the chance to mulligan up to
5 new cards. When a mulligan is enacted, place up to 5 cards from your current draw at the bottom of
your Lifeblood and draw an equal number"."""
from __future__ import annotations

from collections import Counter
from math import comb
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.urls import reverse
from playwright.sync_api import Browser, Page, expect

from cardsdb.models import Card, Game
from decks import services
from decks.models import Visibility
from engine.decklist import parse_decklist

pytestmark = pytest.mark.browser

DECKS = Path(__file__).resolve().parents[1] / "engine" / "decks"


def deck_text(game: str, name: str) -> str:
    return (DECKS / game / f"{name}.txt").read_text(encoding="utf-8")


def card_types(game: str) -> dict[str, str]:
    return dict(Card.objects.filter(game__slug=game).values_list("name", "card_type"))


def hand(page: Page) -> list[str]:
    return page.locator("#hand-cards .hand-card .card-name").all_inner_texts()


def chance(size: int, copies: int, seen: int) -> str:
    value = 1 - comb(size - copies, seen) / comb(size, seen)
    return f"{value * 100:.1f}%"


def in_builder(browser: Browser, base_url: str, game: str, text: str) -> Page:
    page = browser.new_context().new_page()
    page.goto(base_url + reverse("deck-new", args=[game]))
    expect(page.locator("#validation-panel .validation")).to_be_visible()
    page.fill("#id_list", text)
    page.locator("#id_list").blur()  # the list's Name and Side lines become the fields above it
    expect(page.locator("#validation-panel .validation")).to_have_attribute("data-legal", "true")
    return page


def test_a_qqdnd_opening_is_the_partys_total_hand_value_drawn_from_the_resources(
    live_server: Any, transactional_db: None, loaded_cards: None, browser: Browser
) -> None:
    text = deck_text("qqdnd", "legal_samurai_good")
    page = in_builder(browser, live_server.url, "qqdnd", text)
    entries = parse_decklist(text, "qqdnd").entries
    types = card_types("qqdnd")
    party = [e for e in entries if types[e.name] == "party_member"]
    hand_value = sum(Card.objects.get(game__slug="qqdnd", name=e.name).attributes["hv"] * e.count for e in party)
    resources = Counter({e.name: e.count for e in entries if types[e.name] == "resource"})

    page.click("#hand-draw")
    drawn = hand(page)
    assert len(drawn) == hand_value
    assert not Counter(drawn) - resources  # only Resources, never more copies than the deck has
    expect(page.locator("#hand-mulligan")).to_be_hidden()  # QQDND has no mulligan
    page.click("#hand-next")
    assert len(hand(page)) == hand_value + 1

    name, copies = sorted(resources.items())[0]
    page.select_option("#odds-card", name)
    size = sum(resources.values())
    rows = page.locator("#odds-table tbody tr")
    expect(rows.nth(0).locator("th")).to_have_text("Round 1")
    expect(rows.nth(0).locator(".odds-chance")).to_have_text(chance(size, copies, hand_value))
    expect(rows.nth(1).locator(".odds-chance")).to_have_text(chance(size, copies, 2 * hand_value))


def test_a_condemned_opening_is_five_cards_with_two_whole_hand_mulligans_on_the_deck_page(
    live_server: Any, transactional_db: None, loaded_cards: None, browser: Browser, ann: User
) -> None:
    text = deck_text("condemned", "legal_brute_constructed")
    deck = services.deck_create(owner=ann, game=Game.objects.get(slug="condemned"), name="Brute", text=text,
                                visibility=Visibility.PUBLIC).deck
    entries = parse_decklist(text, "condemned").entries
    types = card_types("condemned")
    pile = Counter({e.name: e.count for e in entries if types[e.name] != "condemned"})
    page = browser.new_context().new_page()
    page.goto(live_server.url + deck.get_absolute_url())

    page.click("#hand-draw")
    assert len(hand(page)) == 5
    assert not Counter(hand(page)) - pile  # the Condemned is never drawn
    expect(page.locator("#hand-mulligan")).to_have_text("Mulligan (2 left)")
    page.click("#hand-mulligan")
    assert len(hand(page)) == 5
    expect(page.locator("#hand-mulligan")).to_have_text("Mulligan (1 left)")
    page.click("#hand-mulligan")
    expect(page.locator("#hand-mulligan")).to_be_hidden()
    assert len(hand(page)) == 5

    name, copies = max(pile.items(), key=lambda item: (item[1], item[0]))
    page.select_option("#odds-card", name)
    size = sum(pile.values())
    one_hand = 1 - comb(size - copies, 5) / comb(size, 5)
    rows = page.locator("#odds-table tbody tr")
    expect(rows.nth(0).locator(".odds-chance")).to_have_text(chance(size, copies, 5))
    expect(rows.nth(1).locator(".odds-chance")).to_have_text(f"{(1 - (1 - one_hand) ** 3) * 100:.1f}%")


def test_an_anguish_opening_is_five_lifeblood_cards_and_one_mulligan_of_the_chosen_cards(
    live_server: Any, transactional_db: None, loaded_cards: None, browser: Browser
) -> None:
    text = deck_text("anguish", "legal_cosmic_with_sideboard")
    page = in_builder(browser, live_server.url, "anguish", text)
    entries = parse_decklist(text, "anguish").entries
    types = card_types("anguish")
    pile = Counter({e.name: e.count for e in entries if types[e.name] != "stronghold" and e.section == "Lifeblood"})

    page.click("#hand-draw")
    first = hand(page)
    assert len(first) == 5
    assert not Counter(first) - pile  # no Stronghold, nothing from the Sideboard
    marks = page.locator("#hand-cards .hand-mark")
    marks.nth(0).click()
    marks.nth(1).click()
    kept = Counter(first) - Counter(first[:2])
    page.click("#hand-mulligan")
    after = hand(page)
    assert len(after) == 5
    assert not kept - Counter(after)  # the unmarked three are still in hand
    expect(page.locator("#hand-mulligan")).to_be_hidden()  # one mulligan
    expect(page.locator("#hand-cards .hand-mark")).to_have_count(0)
