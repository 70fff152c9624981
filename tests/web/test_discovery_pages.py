"""Finding good decks on the pages: the public list's sorts, filters and Next links, the like button,
the owner's tags form, Markdown descriptions, most played cards and a card page's count of decks."""
from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from cardsdb.models import Card, Game
from decks import services
from decks.models import Deck, Visibility

pytestmark = pytest.mark.usefixtures("loaded_cards")

DECKS = Path(__file__).resolve().parents[1] / "engine" / "decks"
LEGAL_QQDND = (DECKS / "qqdnd" / "legal_samurai_good.txt").read_text(encoding="utf-8")
SHORT_QQDND = "Name: Short\nSide: Evil\nParty:\n1 Eptol Noir, Forgetful Ronin\nResources:\n4 Katana Lunge\n"


def make_deck(owner: User, text: str = LEGAL_QQDND, visibility: str = Visibility.PUBLIC, **fields: Any) -> Deck:
    game = Game.objects.get(slug="qqdnd")
    return services.deck_import(owner=owner, game=game, text=text, visibility=visibility, **fields).deck


def signed_in(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def listed_names(page: str) -> list[str]:
    return re.findall(r'class="deck-link" href="[^"]+">([^<]+)</a>', page)


def public_list(client: Client, **params: str) -> str:
    response = client.get(reverse("deck-public", args=["qqdnd"]), params)
    assert response.status_code == 200
    return response.content.decode()


def test_the_list_sorts_filters_and_pages_with_next_links(client: Client, ann: User, bob: User) -> None:
    names = [f"Deck {n}" for n in range(30)]
    decks = [make_deck(ann, name=name) for name in names]
    make_deck(ann, SHORT_QQDND, name="Short one")
    liked = decks[3]
    assert signed_in(bob).post(reverse("deck-like", args=[liked.share_id])).status_code == 302
    first = public_list(client)
    assert listed_names(first)[:2] == ["Short one", "Deck 29"] and len(listed_names(first)) == 24
    next_link = re.search(r'<a rel="next" href="([^"]+)"', first)
    assert next_link is not None
    second = client.get(next_link.group(1).replace("&amp;", "&")).content.decode()
    assert listed_names(second) == [f"Deck {n}" for n in range(6, -1, -1)]
    assert "First page" in second and 'rel="next"' not in second
    assert listed_names(public_list(client, sort="likes"))[0] == "Deck 3"
    assert listed_names(public_list(client, legal="false")) == ["Short one"]
    assert listed_names(public_list(client, side="Evil")) == ["Short one"]
    assert listed_names(public_list(client, q="deck 2", sort="new"))[:2] == ["Deck 29", "Deck 28"]
    refused = client.get(reverse("deck-public", args=["qqdnd"]), {"sort": "best"})
    assert refused.status_code == 400 and "`sort` is one of" in refused.content.decode()


def test_the_list_page_costs_the_same_queries_however_many_decks(
    client: Client, ann: User, django_assert_max_num_queries: Any
) -> None:
    for n in range(26):
        deck = make_deck(ann, name=f"D{n}")
        signed_in(ann).post(reverse("deck-tags", args=[deck.share_id]), {"tags": "aggro, budget"})
    katana = Card.objects.get(game__slug="qqdnd", name="Katana Lunge")
    url = reverse("deck-public", args=["qqdnd"])
    for params in ({}, {"sort": "copies", "tag": "aggro"}, {"card_slug": katana.slug, "legal": "true"}):
        with django_assert_max_num_queries(10):
            response = client.get(url, params)
        assert response.status_code == 200 and len(listed_names(response.content.decode())) == 24
    with django_assert_max_num_queries(8):
        assert client.get(reverse("deck-most-played-cards", args=["qqdnd"])).status_code == 200


def test_liking_from_the_deck_page_and_taking_it_back(ann: User, bob: User) -> None:
    deck = make_deck(ann, visibility=Visibility.UNLISTED)
    page_url = deck.get_absolute_url()
    like_url = reverse("deck-like", args=[deck.share_id])
    bob_client = signed_in(bob)
    assert 'id="like-deck" aria-pressed="false"' in bob_client.get(page_url).content.decode()
    bob_client.post(like_url)
    page = bob_client.get(page_url).content.decode()
    assert "1 like<" in page and 'aria-pressed="true"' in page
    bob_client.post(like_url, {"action": "unlike"})
    assert "0 likes" in bob_client.get(page_url).content.decode()
    owner_page = signed_in(ann).get(page_url).content.decode()
    assert 'id="like-deck"' not in owner_page
    signed_in(ann).post(like_url)
    assert Deck.objects.get(pk=deck.pk).likes_count == 0
    anonymous = Client().post(like_url)
    assert anonymous.status_code == 302 and "/login/" in anonymous["Location"]


def test_the_owner_tags_a_deck_and_bad_tags_save_nothing(ann: User, bob: User) -> None:
    deck = make_deck(ann)
    tags_url = reverse("deck-tags", args=[deck.share_id])
    owner = signed_in(ann)
    owner.post(tags_url, {"tags": "Samurai Rush, budget"})
    page = owner.get(deck.get_absolute_url()).content.decode()
    assert 'href="/qqdnd/decks/?tag=budget"' in page and ">samurai-rush</a>" in page
    answer = owner.post(tags_url, {"tags": "ok, <b>"}, follow=True).content.decode()
    assert "The tags were not saved" in answer
    assert sorted(deck.tags.values_list("tag", flat=True)) == ["budget", "samurai-rush"]
    assert signed_in(bob).post(tags_url, {"tags": "mine"}).status_code == 404
    assert listed_names(public_list(Client(), tag="budget")) == [deck.name]


def test_a_description_shows_as_sanitised_markdown_and_views_are_counted_for_others(ann: User, bob: User) -> None:
    deck = make_deck(ann, description="# Plan\n\n*Rush* early. <img src=x onerror=alert(1)> [more](https://e.org)")
    page = signed_in(bob).get(deck.get_absolute_url()).content.decode()
    description = page.split('id="deck-description">')[1].split("</div>")[0]
    assert "<h1>Plan</h1>" in description and "<em>Rush</em>" in description
    assert "<img" not in description and "&lt;img" in description
    assert 'rel="nofollow noopener noreferrer"' in description
    Client().get(deck.get_absolute_url())
    signed_in(ann).get(deck.get_absolute_url())
    call_command("flush_deck_views", stdout=io.StringIO())  # views counted in Redis are written in batches
    assert Deck.objects.get(pk=deck.pk).views_count == 2


def test_a_card_page_counts_the_public_decks_playing_it_and_links_to_them(client: Client, ann: User) -> None:
    katana = Card.objects.get(game__slug="qqdnd", name="Katana Lunge")
    card_url = katana.get_absolute_url()
    assert "No public deck plays this card yet." in client.get(card_url).content.decode()
    first = client.get(card_url)
    make_deck(ann, SHORT_QQDND)
    make_deck(ann, SHORT_QQDND, name="Second")
    make_deck(ann, SHORT_QQDND, name="Hidden", visibility=Visibility.PRIVATE)
    # The count is part of the page's ETag: a browser holding the old page gets the new one.
    again = client.get(card_url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 200
    page = again.content.decode()
    assert "2 public decks play this card" in page
    link = re.search(r'<a href="([^"]+)">2 public decks', page)
    assert link is not None
    listed = client.get(link.group(1).replace("&amp;", "&")).content.decode()
    assert sorted(listed_names(listed)) == ["Second", "Short"]
    most = client.get(reverse("deck-most-played-cards", args=["qqdnd"])).content.decode()
    assert "Katana Lunge" in most and "Eptol Noir, Forgetful Ronin" in most
