"""Tags in the deck builder: typed comma-separated, normalised as the API's (decks/tags.py), saved with
the deck (a change of tags alone makes no new version), refused with the reason and nothing saved; and
kept in a builder draft with the other fields (docs/contract.md, "Tags" and "Builder drafts")."""
from __future__ import annotations

import html

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from cardsdb.models import Game
from decks import services
from decks.models import Deck
from decks.tags import BadTags, parse_tags

pytestmark = pytest.mark.usefixtures("loaded_cards")

LIST = "Party:\n1 Eptol Noir, Forgetful Ronin\n"


def signed_in(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def api_tags(deck: Deck) -> list[str]:
    """The deck's tags as its owner reads them through the API."""
    api = APIClient()
    api.force_authenticate(deck.owner)
    tags: list[str] = api.get(f"/api/decks/{deck.share_id}/").json()["tags"]
    return tags


def fields(**changes: object) -> dict[str, object]:
    return {"name": "Tagged", "side": "Good", "format": "constructed", "visibility": "unlisted", "list": LIST,
            **changes}


def as_saved(deck: Deck, **changes: object) -> dict[str, object]:
    """The builder's fields of a saved deck, as its page sends them back unchanged, with `changes`."""
    return fields(**{"name": deck.name, "format": deck.format, "visibility": deck.visibility,
                     "version": deck.version, **changes})


def test_a_new_deck_is_saved_with_its_tags_normalised_as_the_api_does(ann: User) -> None:
    typed = " Aggro, Budget_Build ,aggro, "
    response = signed_in(ann).post(reverse("deck-new", args=["qqdnd"]), fields(tags=typed))
    assert response.status_code == 302
    assert api_tags(Deck.objects.get()) == sorted(parse_tags(typed))


def test_tags_that_are_no_tags_are_refused_with_the_reason_and_nothing_is_saved(ann: User) -> None:
    typed = "aggro, x, <b>"
    response = signed_in(ann).post(reverse("deck-new", args=["qqdnd"]), fields(tags=typed))
    assert response.status_code == 400
    assert not Deck.objects.exists()
    with pytest.raises(BadTags) as refusal:
        parse_tags(typed)
    page = response.content.decode()
    assert html.escape(str(refusal.value)) in page
    assert html.escape(typed) in page  # kept in the field to fix


def test_the_builder_opens_with_the_decks_tags_and_saves_a_change_of_tags_alone_without_a_new_version(
    ann: User,
) -> None:
    deck = services.deck_import(owner=ann, game=Game.objects.get(slug="qqdnd"), text="Side: Good\n" + LIST).deck
    client = signed_in(ann)
    client.post(reverse("deck-edit", args=[deck.share_id]), as_saved(deck, tags="combo, tempo"))
    deck.refresh_from_db()
    assert (deck.version, api_tags(deck)) == (1, ["combo", "tempo"])

    page = client.get(reverse("deck-edit", args=[deck.share_id])).content.decode()
    assert 'name="tags" value="combo, tempo"' in page

    saved = client.post(reverse("deck-edit", args=[deck.share_id]), as_saved(deck, tags=""),
                        follow=True)
    deck.refresh_from_db()
    assert (deck.version, api_tags(deck)) == (1, [])
    assert "Saved the tags" in saved.content.decode()


def test_tags_are_saved_with_a_new_version_of_the_list(ann: User) -> None:
    deck = services.deck_import(owner=ann, game=Game.objects.get(slug="qqdnd"), text="Side: Good\n" + LIST).deck
    edited = LIST.replace("1 Eptol", "2 Eptol")
    signed_in(ann).post(reverse("deck-edit", args=[deck.share_id]),
                        as_saved(deck, list=edited, tags="Two Of Them"))
    deck.refresh_from_db()
    assert (deck.version, api_tags(deck)) == (2, ["two-of-them"])


def test_a_stale_save_keeps_the_old_tags(ann: User) -> None:
    deck = services.deck_import(owner=ann, game=Game.objects.get(slug="qqdnd"), text="Side: Good\n" + LIST).deck
    services.deck_update(deck=deck, user=ann, version=1, text="Side: Good\n" + LIST.replace("1 E", "3 E"))
    response = signed_in(ann).post(reverse("deck-edit", args=[deck.share_id]),
                                   as_saved(deck, tags="lost", version=1))
    assert response.status_code == 409
    assert api_tags(deck) == []


def test_a_draft_keeps_the_tags_field_as_typed(ann: User) -> None:
    api = APIClient()
    api.force_authenticate(ann)
    state = {"name": "Draft", "list": LIST, "tags": "Aggro, not a tag!", "description": "*soon*"}
    assert api.put("/api/drafts/qqdnd/new/", {"state": state}, format="json").status_code == 200
    assert api.get("/api/drafts/qqdnd/new/").json()["state"] == state
    too_long = {**state, "tags": "a" * 201}
    assert api.put("/api/drafts/qqdnd/new/", {"state": too_long}, format="json").status_code == 413
