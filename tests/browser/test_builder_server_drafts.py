"""A signed-in player's draft is kept on the server (issue: "Keep a draft as the player edits (the
server for a signed-in player, the browser's storage otherwise), restore it on return"): it follows
them to another browser, and a save there drops it everywhere."""
from __future__ import annotations

import time
from typing import Any

import pytest
from django.contrib.auth.models import AbstractBaseUser
from django.test import Client
from django.urls import reverse
from playwright.sync_api import Browser, Page, expect

from decks.models import BuilderDraft, Deck
from engine.decklist import parse_decklist

pytestmark = pytest.mark.browser

MEMBER = "Resmi Val'Rance, Village Pariah"


def signed_in_page(browser: Browser, live_server: Any, user: AbstractBaseUser) -> Page:
    """A new browser (its own storage and cookies) with the user's session."""
    session = Client()
    session.force_login(user)
    context = browser.new_context()
    context.add_cookies([{"name": "sessionid", "value": session.cookies["sessionid"].value, "url": live_server.url}])
    return context.new_page()


def open_builder(page: Page, url: str) -> None:
    page.goto(url)
    expect(page.locator("#validation-panel .validation")).to_have_attribute("data-legal", "false")


def listed(page: Page) -> dict[str, int]:
    return {e.name: e.count for e in parse_decklist(page.input_value("#id_list"), "qqdnd").entries}


def wait_for_server_draft(owner: AbstractBaseUser, name: str) -> BuilderDraft:
    """The draft as the server keeps it, once the builder's debounced save has reached it."""
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        draft = BuilderDraft.objects.filter(owner=owner, deck=None).first()
        if draft is not None and draft.state.get("name") == name:
            return draft
        time.sleep(0.1)
    raise AssertionError(f"No draft named {name!r} reached the server")


def test_a_signed_in_players_draft_follows_them_to_another_browser_and_a_save_drops_it(
    live_server: Any, transactional_db: None, loaded_cards: None, browser: Browser, ann: AbstractBaseUser
) -> None:
    new_deck = live_server.url + reverse("deck-new", args=["qqdnd"])
    laptop = signed_in_page(browser, live_server, ann)
    open_builder(laptop, new_deck)
    laptop.fill("#id_name", "Started on the laptop")
    laptop.fill("#quick-add", "1 resmi")
    expect(laptop.locator("#quick-add-options .quick-add-option").first).to_be_visible()
    laptop.press("#quick-add", "Enter")
    expect(laptop.locator('#deck-panel .panel-card[data-name="' + MEMBER + '"]')).to_be_visible()
    kept = wait_for_server_draft(ann, "Started on the laptop")
    assert parse_decklist(kept.state["list"], "qqdnd").entries[0].name == MEMBER

    phone = signed_in_page(browser, live_server, ann)
    open_builder(phone, new_deck)
    expect(phone.locator("#draft-status")).to_contain_text("Restored your unsaved changes")
    assert phone.input_value("#id_name") == "Started on the laptop"
    assert listed(phone) == {MEMBER: 1}

    phone.click("#save-deck")
    phone.wait_for_url(f"{live_server.url}/decks/*/")
    assert Deck.objects.get().name == "Started on the laptop"
    assert not BuilderDraft.objects.exists()

    # Back on the laptop, its own copy of the draft was the one the server dropped: nothing to restore.
    open_builder(laptop, new_deck)
    laptop.wait_for_timeout(500)
    expect(laptop.locator("#draft-status")).to_be_hidden()
    assert listed(laptop) == {}
    assert laptop.input_value("#id_name") == ""


def test_saving_at_once_after_a_change_leaves_no_draft_behind(
    live_server: Any, transactional_db: None, loaded_cards: None, browser: Browser, ann: AbstractBaseUser
) -> None:
    new_deck = live_server.url + reverse("deck-new", args=["qqdnd"])
    page = signed_in_page(browser, live_server, ann)
    open_builder(page, new_deck)
    page.fill("#id_name", "Saved straight away")
    page.fill("#quick-add", "1 resmi")
    expect(page.locator("#quick-add-options .quick-add-option").first).to_be_visible()
    page.press("#quick-add", "Enter")
    # A draft sent once the save is under way may land after it: none may be sent.
    after_save: list[str] = []
    page.on("request", lambda request: after_save.append(request.method) if "/api/drafts/" in request.url else None)
    page.click("#save-deck")  # within the second the builder waits before sending its draft
    page.wait_for_url(f"{live_server.url}/decks/*/")
    assert Deck.objects.get().name == "Saved straight away"
    assert after_save == []

    page.wait_for_timeout(1500)  # longer than the builder waits: a draft sent late would be here now
    assert not BuilderDraft.objects.exists()
    open_builder(page, new_deck)
    page.wait_for_timeout(500)
    expect(page.locator("#draft-status")).to_be_hidden()
    assert listed(page) == {}


def test_a_draft_begun_before_a_save_elsewhere_is_dropped_here_too(
    live_server: Any, transactional_db: None, loaded_cards: None, browser: Browser, ann: AbstractBaseUser
) -> None:
    """The server refuses (409) a new-deck draft begun before a new deck was saved; the builder then
    drops its own copy too, so that neither brings the draft back."""
    new_deck = live_server.url + reverse("deck-new", args=["qqdnd"])
    laptop = signed_in_page(browser, live_server, ann)
    open_builder(laptop, new_deck)

    elsewhere = Client()
    elsewhere.force_login(ann)
    saved = elsewhere.post(reverse("deck-new", args=["qqdnd"]), {
        "name": "Saved on the phone", "side": "Good", "format": "constructed", "visibility": "private",
        "description": "", "list": "Party:\n1 " + MEMBER + "\n",
    })
    assert saved.status_code == 302, saved.content

    with laptop.expect_response(lambda r: "/api/drafts/" in r.url and r.request.method == "PUT") as answer:
        laptop.fill("#id_name", "Begun before that save")
    assert answer.value.status == 409
    kept_here = laptop.evaluate(
        "localStorage.getItem(JSON.parse(document.getElementById('builder-config').textContent).draftKey)"
    )
    assert kept_here is None
    assert not BuilderDraft.objects.exists()
    expect(laptop.locator("#draft-status")).to_contain_text("saved after this page was opened")

    open_builder(laptop, new_deck)
    laptop.wait_for_timeout(500)
    expect(laptop.locator("#draft-status")).to_be_hidden()
    assert laptop.input_value("#id_name") == ""
