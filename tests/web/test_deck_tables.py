"""The tables of decks on the pages (templates/decks/_deck_table.html, rows built by
decks/templatetags/deck_table_tags.py): each column says what the deck holds, and whatever a player
wrote is shown as text, never as HTML."""
from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from cardsdb.models import Game
from decks import services
from decks.models import Deck, Visibility
from decks.tags import set_tags

pytestmark = pytest.mark.usefixtures("loaded_cards")

LEGAL_QQDND = (Path(__file__).resolve().parents[1] / "engine" / "decks" / "qqdnd" / "legal_samurai_good.txt").read_text(
    encoding="utf-8"
)
HOSTILE = '<script>alert("x")</script> & "Rush"'


def rows(page: str) -> list[str]:
    return re.findall(r"<tr data-game=.*?</tr>", page, flags=re.S)


def cells(row: str) -> list[str]:
    return re.findall(r"<td>(.*?)</td>", row, flags=re.S)


@pytest.fixture
def deck(ann: User) -> Deck:
    game = Game.objects.get(slug="qqdnd")
    saved = services.deck_import(owner=ann, game=game, text=LEGAL_QQDND, name=HOSTILE, visibility=Visibility.PUBLIC)
    set_tags(saved.deck, ["aggro", "budget"])
    return Deck.objects.get(pk=saved.deck.pk)


def test_the_public_list_shows_each_column_and_escapes_the_name(deck: Deck, client: Client) -> None:
    page = client.get(reverse("deck-public", args=["qqdnd"])).content.decode()
    assert "<script>" not in page.split("<tbody>")[1]
    (row,) = rows(page)
    first, owner, total, legal, copies, runs, likes, published = cells(row)
    link = f'<a class="deck-link" href="{deck.get_absolute_url()}">{html.escape(HOSTILE)}</a>'
    assert first.startswith(link)
    assert f'<span class="muted small">{deck.side.capitalize()}</span>' in first
    assert re.findall(r'badge-tag">([^<]+)<', first) == ["aggro", "budget"]
    assert (owner, total) == ("ann", str(sum(deck.cards.values_list("count", flat=True))))
    assert "Legal" in legal and deck.is_legal
    assert (copies, runs, likes) == ("0", "0", "0")
    created = timezone.localtime(deck.created_at)
    assert f'datetime="{created.isoformat()}"' in published and created.strftime("%b %Y") in published


def test_my_decks_show_game_visibility_and_version_but_no_tags(deck: Deck, ann: User) -> None:
    client = Client()
    client.force_login(ann)
    page = client.get(reverse("deck-mine")).content.decode()
    (row,) = rows(page)
    first, game, total, legal, visibility, version, saved = cells(row)
    assert html.escape(HOSTILE) in first and "badge-tag" not in first
    assert (game, visibility, version) == (
        "QQDND CCG", '<span class="badge badge-visibility">Public (listed)</span>', f"v{deck.version}"
    )
    assert f'datetime="{timezone.localtime(deck.updated_at).isoformat()}"' in saved
