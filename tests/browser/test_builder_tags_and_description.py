"""The builder edits a deck's tags and previews its Markdown description (issue 12, "Finding good decks":
tags and a description in Markdown, sanitised, no raw HTML). The preview is the server's rendering
(POST /api/markdown/preview/), the same as the deck's page; tags are saved with the deck and kept in
the draft; the builder stays free of serious accessibility findings with the preview open."""
from __future__ import annotations

import time
from typing import Any

import pytest
from django.contrib.auth.models import AbstractBaseUser
from django.test import Client
from django.urls import reverse
from playwright.sync_api import Browser, Page, expect

from decks.models import BuilderDraft, Deck
from decks.tags import parse_tags
from tests.browser.conftest import watch_csp
from tests.browser.test_accessibility import serious_findings

pytestmark = pytest.mark.browser

TAGS = "Aggro, Budget Build"
DESCRIPTION = (
    "**Rush** early, see [the guide](https://example.org/guide).\n\n"
    "<script>document.title = 'owned'</script>\n\n- one\n- two\n"
)


def signed_in_page(browser: Browser, live_server: Any, user: AbstractBaseUser) -> tuple[Page, list[str]]:
    session = Client()
    session.force_login(user)
    context = browser.new_context()
    violations = watch_csp(context)
    context.add_cookies([{"name": "sessionid", "value": session.cookies["sessionid"].value, "url": live_server.url}])
    return context.new_page(), violations


def open_builder(page: Page, url: str) -> None:
    page.goto(url)
    expect(page.locator("#validation-panel .validation")).to_be_visible()
    expect(page.locator("#preview-description")).to_be_visible()


def wait_for_server_draft(owner: AbstractBaseUser, tags: str) -> BuilderDraft:
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        draft = BuilderDraft.objects.filter(owner=owner, deck=None).first()
        if draft is not None and draft.state.get("tags") == tags:
            return draft
        time.sleep(0.1)
    raise AssertionError(f"No draft with the tags {tags!r} reached the server")


def test_a_player_tags_a_deck_previews_its_description_as_the_server_renders_it_and_saves_both(
    live_server: Any, transactional_db: None, loaded_cards: None, browser: Browser, ann: AbstractBaseUser
) -> None:
    page, violations = signed_in_page(browser, live_server, ann)
    open_builder(page, live_server.url + reverse("deck-new", args=["qqdnd"]))
    page.fill("#id_name", "Tagged and described")
    page.fill("#id_tags", TAGS)
    page.fill("#id_description", DESCRIPTION)
    page.click("#preview-description")

    preview = page.locator("#description-preview-body")
    expect(preview.locator("strong")).to_have_text("Rush")
    expect(preview.locator("li")).to_have_count(2)
    link = preview.locator("a")
    expect(link).to_have_attribute("href", "https://example.org/guide")
    expect(link).to_have_attribute("rel", "nofollow noopener noreferrer")
    assert preview.locator("script").count() == 0
    assert page.title() != "owned"
    served = Client().post("/api/markdown/preview/", {"text": DESCRIPTION}, content_type="application/json")
    assert preview.inner_html() == served.json()["html"]

    page.fill("#id_description", DESCRIPTION + "\nMore.")
    expect(page.locator("#description-preview-status")).to_contain_text("earlier text")

    # The draft keeps the tags (and the description) as typed.
    draft = wait_for_server_draft(ann, TAGS)
    assert draft.state["description"] == DESCRIPTION + "\nMore."

    page.click("#save-deck")
    page.wait_for_url(f"{live_server.url}/decks/*/")
    deck = Deck.objects.get()
    assert sorted(deck.tags.values_list("tag", flat=True)) == sorted(parse_tags(TAGS))
    assert deck.description.replace("\r\n", "\n") == DESCRIPTION + "\nMore."  # a form sends CRLF

    # Opened again, the builder shows the saved tags.
    open_builder(page, live_server.url + reverse("deck-edit", args=[deck.share_id]))
    assert parse_tags(page.input_value("#id_tags")) == sorted(parse_tags(TAGS))
    assert violations == []


def test_a_visitor_previews_a_description_and_the_builder_has_no_serious_accessibility_findings(
    live_server: Any, transactional_db: None, loaded_cards: None, browser: Browser
) -> None:
    # axe-core is injected by the test: the site's Content-Security-Policy would refuse it.
    page = browser.new_context(bypass_csp=True).new_page()
    open_builder(page, live_server.url + reverse("deck-new", args=["anguish"]))
    page.fill("#id_tags", "Not a tag!")
    page.fill("#id_description", "# Heading\n\nA *short* note | with | pipes\n\n> quoted")
    page.click("#preview-description")
    expect(page.locator("#description-preview-body blockquote")).to_be_visible()
    expect(page.locator("#description-preview-status")).to_contain_text("Preview updated")
    page.wait_for_load_state("networkidle")
    assert serious_findings(page) == []
