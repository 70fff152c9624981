"""What the builder's scripts are given by the server: each card's copy limit (the rules' numbers),
the problem codes in words, and the card preview a card name shows on hover."""
from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from cardsdb.models import Card, Game
from decks import services
from decks.models import Deck, Visibility
from engine.games.anguish import rules as anguish_rules
from engine.games.qqdnd import rules as qqdnd_rules

pytestmark = pytest.mark.django_db


def builder_config(client: Client, game: str) -> dict[str, Any]:
    page = client.get(reverse("deck-new", args=[game])).content.decode()
    found = re.search(r'<script id="builder-config" type="application/json">(.*?)</script>', page, re.S)
    assert found is not None
    config: dict[str, Any] = json.loads(found.group(1))
    return config


def test_each_qqdnd_card_is_limited_by_its_frequency_and_the_party_by_its_size(
    client: Client, loaded_cards: None
) -> None:
    limits = builder_config(client, "qqdnd")["limits"]
    cards = Card.objects.filter(game__slug="qqdnd")
    assert len(limits) == cards.count()
    for card in cards:
        limit = limits[card.name.lower()]
        if card.card_type == "party_member":
            assert (limit["max"], limit["group"], limit["groupMax"]) == (1, "party", qqdnd_rules.PARTY_SIZE)
        elif card.attributes["frequency"] is None:
            assert "max" not in limit
        else:
            assert limit["max"] == card.attributes["frequency"]
            assert limit["why"] == f"its Frequency is {card.attributes['frequency']}"


def test_condemned_copies_are_limited_in_constructed_only_and_anguish_keeps_its_own_limits(
    client: Client, loaded_cards: None
) -> None:
    condemned = builder_config(client, "condemned")["limits"]
    weapon = Card.objects.filter(game__slug="condemned", card_type="weapon").first()
    assert weapon is not None
    assert condemned[weapon.name.lower()] == {
        "type": "weapon", "max": 3, "formats": ["constructed"], "why": "at most 3 copies of a card in constructed",
    }
    anguish = builder_config(client, "anguish")["limits"]
    for card in Card.objects.filter(game__slug="anguish"):
        limit = anguish[card.name.lower()]
        if card.card_type == "stronghold":
            assert (limit["max"], limit["groupMax"]) == (1, 1)
        elif card.card_type == "creature" and card.attributes["hour"] == anguish_rules.TENTH_HOUR:
            assert limit["groupMax"] == anguish_rules.MAX_TENTH_HOUR_CREATURES
        else:
            assert limit["max"] == anguish_rules.MAX_COPIES


def test_problem_words_name_every_code_of_the_contract_without_underscores(client: Client, loaded_cards: None) -> None:
    words = builder_config(client, "qqdnd")["problemWords"]
    contract = (Path(__file__).resolve().parents[2] / "docs" / "contract.md").read_text(encoding="utf-8")
    codes = set(re.findall(r"^\| \w+ \| `(\w+)` \|", contract, re.M))
    assert codes and codes <= set(words)
    assert all("_" not in text for text in words.values())


def test_the_card_preview_draws_the_card_page_frame_by_name_or_by_slug(client: Client, loaded_cards: None) -> None:
    card = Card.objects.get(game__slug="qqdnd", name="Arm Up")
    url = reverse("card-preview", args=["qqdnd"])
    by_name = client.get(url, {"name": "  arm   UP "})
    by_slug = client.get(url, {"slug": card.slug})
    assert by_name.status_code == by_slug.status_code == 200
    assert by_name.content == by_slug.content
    frame = by_name.content.decode()
    assert '<article class="card-frame frame-resource" data-game="qqdnd">' in frame
    assert f'<a href="{card.get_absolute_url()}">Open Arm Up</a>' in frame
    assert "<html" not in frame

    assert client.get(url, {"name": "Arm Upp"}).status_code == 404
    assert client.get(url, {"name": ""}).status_code == 404
    assert client.get(reverse("card-preview", args=["anguish"]), {"name": "Arm Up"}).status_code == 404


def test_sample_decks_load_once_as_public_decks_labelled_samples(client: Client, loaded_cards: None) -> None:
    call_command("load_sample_decks", stdout=io.StringIO())
    decks = Deck.objects.filter(owner__username="cardtable-samples")
    lists = sorted((Path(__file__).resolve().parents[2] / "bench" / "decks").glob("*.txt"))
    assert decks.count() == len(lists) and {d.game.slug for d in decks} == {"qqdnd", "condemned", "anguish"}
    assert all(d.name.startswith("Sample: ") and d.visibility == Visibility.PUBLIC for d in decks)
    assert not decks.first().owner.has_usable_password()  # type: ignore[union-attr]
    versions = {d.pk: d.version for d in decks}
    out = io.StringIO()
    call_command("load_sample_decks", stdout=out)
    assert out.getvalue().strip() == "Sample decks: 0 loaded, 0 changed."
    assert {d.pk: d.version for d in Deck.objects.filter(owner__username="cardtable-samples")} == versions
    page = client.get(reverse("deck-public", args=["anguish"])).content.decode()
    assert page.count("Sample: ") == decks.filter(game__slug="anguish").count()


def test_two_condemned_never_show_as_none_or_null(client: Client, loaded_cards: None, ann: Any) -> None:
    text = (Path(__file__).resolve().parents[1] / "engine" / "decks" / "condemned" / "illegal_two_condemned.txt")
    deck = services.deck_import(owner=ann, game=Game.objects.get(slug="condemned"), text=text.read_text(),
                                visibility=Visibility.PUBLIC).deck
    page = client.get(deck.get_absolute_url()).content.decode()
    assert 'data-code="condemned_count"' in page
    assert "None" not in page and "null" not in page
