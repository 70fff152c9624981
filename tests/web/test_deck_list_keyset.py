"""Deck lists a page at a time by keyset: "my decks" (decks/keyset.py) walks every deck of a
player with thousands by "Older →" and back by "← Newer", ties of date broken by id; the public
list (decks/browse.py) reads a deep page in the queries of the first, never counting."""
from __future__ import annotations

import html
import io
import re

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from decks.models import Deck
from decks.views import PAGE_SIZE

pytestmark = pytest.mark.django_db

LINK = re.compile(r'<a (?:rel="(?:prev|next)" )?href="([^"]+)">(← Newer|Older →|Next →)</a>')


@pytest.fixture
def community(loaded_cards: None) -> User:
    """A small community; its first player owns the most decks."""
    call_command("make_community", users=4, decks=400, seed=11, public=0.6, copies=0, stdout=io.StringIO())
    return User.objects.get(username="player0000000")


def links(page: str) -> dict[str, str]:
    return {label: html.unescape(href) for href, label in LINK.findall(page)}


def deck_links(page: str) -> list[str]:
    return re.findall(r'<a class="deck-link" href="/decks/([^/]+)/">', page)


def follow(client: Client, url: str, address: str, label: str) -> list[list[str]]:
    """The pages from `address` on, following the link `label`; each page's share ids."""
    pages = []
    while address:
        response = client.get(address)
        assert response.status_code == 200
        page = response.content.decode()
        pages.append(deck_links(page))
        found = links(page).get(label, "")
        address = f"{url}{found}" if found.startswith("?") else found
    return pages


def test_my_decks_walk_every_deck_last_saved_first_and_back(community: User) -> None:
    mine = Deck.objects.filter(owner=community)
    # A run of decks saved in the same microsecond across a page boundary: ids order them.
    tied = list(mine.order_by("-updated_at", "-pk").values_list("pk", flat=True)[PAGE_SIZE - 3:PAGE_SIZE + 4])
    mine.filter(pk__in=tied).update(updated_at=mine.get(pk=tied[0]).updated_at)
    expected = list(mine.order_by("-updated_at", "-pk").values_list("share_id", flat=True))
    assert len(expected) > 2 * PAGE_SIZE
    client = Client()
    client.force_login(community)
    url = reverse("deck-mine")
    pages = follow(client, url, url, "Older →")
    assert [deck for page in pages for deck in page] == expected
    assert all(len(page) == PAGE_SIZE for page in pages[:-1])
    last = url
    for _ in range(len(pages) - 1):
        last = url + links(client.get(last).content.decode())["Older →"]
    assert follow(client, url, last, "← Newer") == pages[::-1]


def test_a_deep_page_costs_the_queries_of_the_first_and_counts_nothing(community: User, client: Client) -> None:
    mine = Client()
    mine.force_login(community)
    for url, label, reader in ((reverse("deck-public", args=["qqdnd"]), "Next →", client),
                               (reverse("deck-mine"), "Older →", mine)):
        reader.get(url)  # what a process keeps between requests (the card data version) is read once
        with CaptureQueriesContext(connection) as on_first:
            first = reader.get(url).content.decode()
        address = url
        for _ in range(3):
            address = url + links(reader.get(address).content.decode())[label].removeprefix(url)
        with CaptureQueriesContext(connection) as on_deep:
            assert reader.get(address).status_code == 200
        assert deck_links(first)
        assert len(on_deep) == len(on_first), [q["sql"][:80] for q in on_deep.captured_queries]
        for query in on_deep.captured_queries:
            assert "COUNT(" not in query["sql"].upper() and "OFFSET" not in query["sql"].upper(), query["sql"]


@pytest.mark.parametrize("cursor", ["after=yesterday", "before=12-x", "after=99999999999999999999-1",
                                    "after=9999999999999999999-1"])
def test_a_cursor_that_is_not_one_is_refused_with_400(community: User, cursor: str) -> None:
    client = Client()
    client.force_login(community)
    response = client.get(f"{reverse('deck-mine')}?{cursor}")
    assert response.status_code == 400
    assert "cursor" in response.content.decode() or "out of range" in response.content.decode()
