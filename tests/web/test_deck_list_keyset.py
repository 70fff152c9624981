"""Deck lists a page at a time by keyset (decks/keyset.py): "Older →" and "← Newer" links walk the
whole list in order, ties of date broken by id, at any depth in the same queries."""
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

from decks.models import Deck, Visibility
from decks.views import PAGE_SIZE

pytestmark = pytest.mark.django_db

LINK = re.compile(r'<a (?:rel="(?:prev|next)" )?href="([^"]+)">(← Newer|Older →)</a>')


def community(loaded_cards: None) -> None:
    call_command("make_community", users=4, decks=500, seed=11, public=0.6, copies=0, stdout=io.StringIO())


def links(page: str) -> dict[str, str]:
    return {label: html.unescape(href) for href, label in LINK.findall(page)}


def deck_links(page: str) -> list[str]:
    return re.findall(r'<a class="deck-link" href="/decks/([^/]+)/">', page)


def walk(client: Client, url: str) -> list[list[str]]:
    """Every page of a list from its first, following "Older →"; each page's share ids."""
    pages, address = [], url
    while address:
        response = client.get(address)
        assert response.status_code == 200
        page = response.content.decode()
        pages.append(deck_links(page))
        older = links(page).get("Older →", "")
        address = f"{url}{older}" if older else ""
    return pages


def test_public_pages_walk_the_whole_list_newest_first_and_back(loaded_cards: None, client: Client) -> None:
    community(loaded_cards)
    public = Deck.objects.filter(game__slug="qqdnd", visibility=Visibility.PUBLIC)
    # A run of decks published in the same microsecond across a page boundary: ids order them.
    tied = list(public.order_by("-created_at", "-pk").values_list("pk", flat=True)[PAGE_SIZE - 3:PAGE_SIZE + 4])
    public.filter(pk__in=tied).update(created_at=public.get(pk=tied[0]).created_at)
    expected = list(public.order_by("-created_at", "-pk").values_list("share_id", flat=True))
    assert len(expected) > 2 * PAGE_SIZE
    url = reverse("deck-public", args=["qqdnd"])
    pages = walk(client, url)
    assert [deck for page in pages for deck in page] == expected
    assert all(len(page) == PAGE_SIZE for page in pages[:-1])
    # Back from the last page, one page at a time, to the first.
    address = url
    for _ in range(2):  # to the third page
        address = url + links(client.get(address).content.decode())["Older →"]
    seen: list[list[str]] = []
    while address:
        page = client.get(address).content.decode()
        seen.insert(0, deck_links(page))
        newer = links(page).get("← Newer", "")
        address = f"{url}{newer}" if newer else ""
    assert seen == pages[: len(seen)] and len(seen) == 3


def test_a_deep_page_costs_the_queries_of_the_first(loaded_cards: None, client: Client) -> None:
    community(loaded_cards)
    url = reverse("deck-public", args=["qqdnd"])
    first = client.get(url).content.decode()
    with CaptureQueriesContext(connection) as on_first:
        client.get(url)
    second = f"{url}{links(first)['Older →']}"
    with CaptureQueriesContext(connection) as on_second:
        assert client.get(second).status_code == 200
    assert len(on_second) == len(on_first)
    assert not any("COUNT(" in q["sql"].upper() or "OFFSET" in q["sql"].upper() for q in on_second.captured_queries)


def test_my_decks_pages_walk_every_deck_last_saved_first(loaded_cards: None) -> None:
    community(loaded_cards)
    heavy = User.objects.get(username="player0000000")
    client = Client()
    client.force_login(heavy)
    expected = list(Deck.objects.filter(owner=heavy).order_by("-updated_at", "-pk").values_list("share_id", flat=True))
    assert len(expected) > PAGE_SIZE
    assert [deck for page in walk(client, reverse("deck-mine")) for deck in page] == expected


@pytest.mark.parametrize("cursor", ["after=yesterday", "before=12-x", "after=99999999999999999999-1", "after=1-"])
def test_a_cursor_that_is_not_one_is_refused_with_400(loaded_cards: None, client: Client, cursor: str) -> None:
    response = client.get(f"{reverse('deck-public', args=['qqdnd'])}?{cursor}")
    assert response.status_code == 400
    assert "cursor" in response.content.decode() or "out of range" in response.content.decode()
