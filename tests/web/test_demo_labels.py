""""Unofficial demo set" wherever The Condemned's or Anguish's made-up cards are shown (README: the
demo sets are "labelled as such on every page"): a goldfish run's page, a comparison of two runs and
a deck's changes between versions. QQDND's published cards carry no such label."""
from __future__ import annotations

from pathlib import Path

import pytest
from django.contrib.auth.models import AbstractBaseUser
from django.test import Client
from django.urls import reverse
from django.utils.html import escape

from cardsdb.models import CardSet, Game
from decks import services as deck_services
from decks.models import Deck, Visibility
from decks.simulations import services
from decks.simulations.quotas import Requester
from tests.worker_fixtures import isolated_broker_fixture  # noqa: F401

pytestmark = pytest.mark.usefixtures("loaded_cards", "isolated_broker")

DECKS = Path(__file__).resolve().parents[1] / "engine" / "decks"
LISTS = {
    "condemned": (DECKS / "condemned" / "legal_brute_constructed.txt").read_text(encoding="utf-8"),
    "anguish": (DECKS / "anguish" / "legal_survivor_no_headers.txt").read_text(encoding="utf-8"),
    "qqdnd": (DECKS / "qqdnd" / "legal_samurai_good.txt").read_text(encoding="utf-8"),
}
BANNER = 'class="demo-banner"'


def label_shown(html: str, game: str) -> bool:
    """The banner, with the notice of the game's demo set when it has one."""
    demo = CardSet.objects.filter(game__slug=game, is_demo=True).first()
    shown = BANNER in html
    if shown:
        assert demo is not None and escape(demo.notice) in html
    return shown


def as_ann(ann: AbstractBaseUser) -> Requester:
    return Requester.of_client(ann, "127.0.0.1")


def public_deck(owner: AbstractBaseUser, game: str) -> Deck:
    return deck_services.deck_import(
        owner=owner, game=Game.objects.get(slug=game), text=LISTS[game], visibility=Visibility.PUBLIC
    ).deck


@pytest.mark.parametrize(("game", "demo"), [("condemned", True), ("anguish", True), ("qqdnd", False)])
def test_a_run_page_and_a_comparison_say_when_the_cards_are_a_demo_set(
    game: str, demo: bool, ann: AbstractBaseUser
) -> None:
    deck = public_deck(ann, game)
    run_a = services.start_run(user=ann, requester=as_ann(ann), games=10, seed=1, deck=deck)
    run_b = services.start_run(user=ann, requester=as_ann(ann), games=10, seed=1, game=deck.game, text=LISTS[game])

    run_page = Client().get(run_a.get_absolute_url()).content.decode()
    assert label_shown(run_page, game) is demo
    compare = Client().get(reverse("simulation-compare", args=[run_a.public_id, run_b.public_id]))
    assert compare.status_code == 200
    assert label_shown(compare.content.decode(), game) is demo


@pytest.mark.parametrize(("game", "demo"), [("condemned", True), ("anguish", True), ("qqdnd", False)])
def test_the_changes_between_two_versions_say_when_the_cards_are_a_demo_set(
    game: str, demo: bool, ann: AbstractBaseUser
) -> None:
    deck = public_deck(ann, game)
    deck_services.deck_update(deck=deck, user=ann, version=1, description="Second version")
    diff = Client().get(reverse("deck-diff", args=[deck.share_id]) + "?from=1&to=2")
    assert diff.status_code == 200
    assert label_shown(diff.content.decode(), game) is demo
