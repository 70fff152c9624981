"""An automated accessibility check: axe-core (from the npm registry, installed by `make test` into
tests/browser/node_modules, see tests/browser/package.json) injected by Playwright into the main
pages, at a desktop size and on a phone. No serious or critical finding is allowed."""
from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.urls import reverse
from playwright.sync_api import Browser, Page

from cardsdb.models import Card, Game
from decks import services
from decks.models import Deck, Visibility

pytestmark = pytest.mark.browser

AXE = Path(__file__).resolve().parent / "node_modules" / "axe-core" / "axe.min.js"
DECKS = Path(__file__).resolve().parents[1] / "engine" / "decks"
SIZES = {"desktop": {"width": 1366, "height": 900}, "phone": {"width": 390, "height": 844}}


def serious_findings(page: Page) -> list[str]:
    assert AXE.exists(), f"axe-core is missing: run `npm ci --prefix {AXE.parents[2]}` (make test does)"
    page.add_script_tag(path=str(AXE))
    result: dict[str, Any] = page.evaluate("async () => await axe.run(document, {resultTypes: ['violations']})")
    return [
        f"{v['impact']} {v['id']}: {v['help']} at {[n['target'] for n in v['nodes']][:3]}"
        for v in result["violations"]
        if v["impact"] in ("serious", "critical")
    ]


def main_pages(ann: User) -> list[str]:
    text = (DECKS / "condemned" / "illegal_four_copies.txt").read_text(encoding="utf-8")
    deck = services.deck_create(owner=ann, game=Game.objects.get(slug="condemned"), name="Four copies", text=text,
                                visibility=Visibility.PUBLIC).deck
    services.deck_update(deck=deck, user=ann, version=1, text=text.replace("4 Alpha Strike", "3 Alpha Strike"))
    card = Card.objects.get(game__slug="qqdnd", name="Arm Up")
    # A sample deck of each game: each game's colours, and lists long enough to scroll.
    call_command("load_sample_decks", stdout=io.StringIO())
    samples = [Deck.objects.filter(game__slug=slug, visibility=Visibility.PUBLIC).exclude(owner=ann).first()
               for slug in ("qqdnd", "condemned", "anguish")]
    assert None not in samples
    return [
        reverse("home"),
        reverse("syntax"),
        *(reverse("game-cards", args=[slug]) for slug in ("qqdnd", "condemned", "anguish")),
        reverse("game-cards", args=["anguish"]) + "?view=table",
        card.get_absolute_url(),
        reverse("deck-index"),
        *(reverse("deck-new", args=[slug]) for slug in ("qqdnd", "condemned", "anguish")),
        deck.get_absolute_url(),
        *(sample.get_absolute_url() for sample in samples if sample),
        reverse("deck-diff", args=[deck.share_id]),
        reverse("deck-public", args=["condemned"]),
        reverse("login"),
        reverse("signup"),
        "/no-such-page/",
    ]


@pytest.mark.parametrize("size", SIZES)
def test_the_main_pages_have_no_serious_or_critical_accessibility_findings(
    live_server: Any, transactional_db: None, loaded_cards: None, browser: Browser, ann: User, size: str
) -> None:
    # The site's Content-Security-Policy forbids injected scripts; axe-core is the test's, not the page's
    # (test_content_security_policy.py checks the policy itself).
    page = browser.new_context(viewport=SIZES[size], bypass_csp=True).new_page()
    findings: dict[str, list[str]] = {}
    for path in main_pages(ann):
        page.goto(live_server.url + path)
        page.wait_for_load_state("networkidle")
        found = serious_findings(page)
        if found:
            findings[path] = found
    for path, found in findings.items():
        print("FINDING", size, path, *found, sep="\n  ")
    assert findings == {}
