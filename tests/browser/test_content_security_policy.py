"""The Content-Security-Policy in a real browser: every kind of page works under it (its scripts
run, its charts draw) and nothing on it is blocked. The builder, deck and run pages are checked by
test_deck_builder.py and test_simulation_run.py; these are the others, the API docs among them."""
from __future__ import annotations

import re
from typing import Any

import pytest
from django.urls import reverse
from playwright.sync_api import Browser, expect

from cardsdb.models import Card
from tests.browser.conftest import watch_csp

pytestmark = pytest.mark.browser


def test_the_card_pages_and_the_api_docs_work_with_nothing_blocked(
    live_server: Any, transactional_db: None, loaded_cards: None, browser: Browser
) -> None:
    context = browser.new_context()
    violations = watch_csp(context)
    page = context.new_page()
    card = Card.objects.filter(game__slug="condemned").first()
    assert card is not None

    response = page.goto(live_server.url + "/")
    assert response is not None and "default-src 'self'" in response.headers["content-security-policy"]
    page.goto(live_server.url + reverse("game-cards", args=["qqdnd"]) + "?q=t:pm")
    expect(page.locator(".tile").first).to_be_visible()
    # The sort menu submits itself when changed (a script file, not an inline handler).
    order = page.locator("#order option").nth(1).get_attribute("value")
    assert order
    page.select_option("#order", order)
    page.wait_for_url(f"**order={order}*")
    page.goto(live_server.url + card.get_absolute_url())
    expect(page.locator(".demo-banner")).to_be_visible()
    page.goto(live_server.url + reverse("syntax"))
    page.goto(live_server.url + reverse("deck-index"))
    assert violations == []

    # The API docs: Swagger UI and ReDoc draw the schema with their scripts, allowed by the nonce.
    page.goto(live_server.url + reverse("api-docs"))
    expect(page.locator("#swagger-ui .opblock").first).to_be_visible(timeout=30_000)
    page.goto(live_server.url + reverse("api-redoc"))
    expect(page.locator("#redoc-container h1").first).to_be_visible(timeout=30_000)
    # ReDoc's "powered by" logo comes from its makers' site: blocking that is the policy at work.
    assert [v for v in violations if not outside_load(v, live_server.url)] == []


def outside_load(violation: str, site: str) -> bool:
    """A violation that blocked loading something from another site (no page of ours needs one)."""
    urls = re.findall(r"https?://[^\s'\"]+", violation)
    return bool(urls) and not any(url.startswith(site) for url in urls)


def test_an_inline_script_is_blocked(live_server: Any, transactional_db: None, browser: Browser) -> None:
    """The policy is enforced, not only sent: a script injected into a page without the nonce does
    not run (what an XSS that got past the templates' escaping would be)."""
    context = browser.new_context()
    violations = watch_csp(context)
    page = context.new_page()
    page.goto(live_server.url + "/")
    page.evaluate("""() => {
        const script = document.createElement("script");
        script.textContent = "window.injected = true;";
        document.body.appendChild(script);
    }""")
    assert page.evaluate("window.injected === undefined")
    assert any("script-src" in v for v in violations), violations
