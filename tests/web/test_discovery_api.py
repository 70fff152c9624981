"""Finding good decks through the API: sorts and keyset pages of the public list, filters, likes,
tags, Markdown descriptions, the counters kept by events, most played cards and the field."""
from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import AbstractBaseUser
from django.core.management import call_command
from rest_framework.test import APIClient

from cardsdb.models import Card, Game
from decks import services
from decks.field import field_decks
from decks.models import CardPlay, Deck, DeckVersion, Visibility
from tests.worker_fixtures import isolated_broker_fixture  # noqa: F401

pytestmark = pytest.mark.usefixtures("loaded_cards")

DECKS = Path(__file__).resolve().parents[1] / "engine" / "decks"


def deck_file(game: str, name: str) -> str:
    return (DECKS / game / f"{name}.txt").read_text(encoding="utf-8")


LEGAL_QQDND = deck_file("qqdnd", "legal_samurai_good")
SHORT_QQDND = "Name: Short\nSide: Evil\nParty:\n1 Eptol Noir, Forgetful Ronin\nResources:\n4 Katana Lunge\n"
COSMIC = deck_file("anguish", "legal_cosmic_with_sideboard")
NIGHTMARE = deck_file("anguish", "legal_nightmare_two_tenth_hour")


def client_of(user: AbstractBaseUser | None) -> APIClient:
    api = APIClient()
    if user is not None:
        api.force_authenticate(user)
    return api


def make_deck(owner: AbstractBaseUser, text: str = LEGAL_QQDND, game: str = "qqdnd",
              visibility: str = Visibility.PUBLIC, **fields: Any) -> Deck:
    saved = services.deck_import(owner=owner, game=Game.objects.get(slug=game), text=text, visibility=visibility,
                                 **fields)
    return saved.deck


def ids(api: APIClient, **params: Any) -> list[str]:
    response = api.get("/api/decks/", params)
    assert response.status_code == 200, response.content
    return [d["id"] for d in response.json()["results"]]


def like(user: AbstractBaseUser, deck: Deck) -> Any:
    return client_of(user).post(f"/api/decks/{deck.share_id}/like/")


@pytest.fixture
def cyd(django_user_model: Any) -> AbstractBaseUser:
    user: AbstractBaseUser = django_user_model.objects.create_user("cyd", password="a long test password")
    return user


# Sorts and keyset pages ---------------------------------------------------------------------------


def test_it_sorts_by_likes_and_copies_with_the_counts_kept_by_likes_and_copies(
    ann: AbstractBaseUser, bob: AbstractBaseUser, cyd: AbstractBaseUser
) -> None:
    quiet, liked, copied = (make_deck(ann, name=name) for name in ("Quiet", "Liked", "Copied"))
    assert like(bob, liked).json() == {"liked": True, "likes_count": 1}
    assert like(cyd, liked).json() == {"liked": True, "likes_count": 2}
    for user in (bob, cyd):
        assert client_of(user).post(f"/api/decks/{copied.share_id}/copy/").status_code == 201
    client_of(ann).post(f"/api/decks/{quiet.share_id}/copy/")  # the owner's own copy is not counted
    api = client_of(None)
    assert ids(api, sort="likes", game="qqdnd")[:2] == [liked.share_id, copied.share_id]
    assert ids(api, sort="copies", game="qqdnd")[0] == copied.share_id
    rows = {d["id"]: d for d in api.get("/api/decks/", {"sort": "copies"}).json()["results"]}
    assert rows[copied.share_id]["copies_count"] == 2 and rows[copied.share_id]["popularity"] == 20
    assert rows[quiet.share_id]["copies_count"] == 0 and rows[liked.share_id]["likes_count"] == 2
    # The copies are private: they are never listed.
    assert set(rows) == {quiet.share_id, liked.share_id, copied.share_id}


def test_it_pages_every_sort_by_cursor_without_repeating_or_skipping_a_deck(ann: AbstractBaseUser,
                                                                           bob: AbstractBaseUser) -> None:
    decks = [make_deck(ann, name=f"Deck {n}") for n in range(7)]
    for deck in decks[::2]:
        like(bob, deck)
    api = client_of(None)
    for sort in ("new", "copies", "runs", "likes", "popular"):
        seen: list[str] = []
        response = api.get("/api/decks/", {"sort": sort, "page_size": 3})
        pages = 0
        while True:
            body = response.json()
            seen += [d["id"] for d in body["results"]]
            pages += 1
            if body["next"] is None:
                break
            assert "cursor=" in body["next"] and f"sort={sort}" in body["next"]
            response = api.get(body["next"])
        assert pages == 3 and sorted(seen) == sorted(d.share_id for d in decks), sort
        assert len(seen) == len(set(seen))
    newest_first = ids(api, sort="new")
    assert newest_first == [d.share_id for d in reversed(decks)]
    liked_first = ids(api, sort="likes")
    assert set(liked_first[:4]) == {d.share_id for d in decks[::2]}


@pytest.mark.parametrize(("params", "param"), [
    ({"sort": "best"}, "sort"),
    ({"cursor": "not-a-cursor"}, "cursor"),
    ({"legal": "maybe"}, "legal"),
    ({"tag": "!!"}, "tag"),
    ({"game": "qqdnd", "side": "Cosmic"}, "side"),
    ({"game": "condemned", "side": "Good"}, "side"),
    ({"page_size": "0"}, "page_size"),
    ({"game": "chess"}, "game"),
])
def test_it_answers_400_naming_the_parameter_it_cannot_read(params: dict[str, str], param: str) -> None:
    response = client_of(None).get("/api/decks/", params)
    assert response.status_code == 400
    assert response.json()["param"] == param and response.json()["detail"]


def test_a_cursor_of_one_sort_is_refused_by_another(ann: AbstractBaseUser) -> None:
    for n in range(3):
        make_deck(ann, name=f"D{n}")
    api = client_of(None)
    cursor = api.get("/api/decks/", {"sort": "likes", "page_size": 1}).json()["next"].split("cursor=")[1]
    cursor = cursor.split("&")[0]
    assert api.get("/api/decks/", {"sort": "new", "cursor": cursor}).status_code == 400


# Filters ------------------------------------------------------------------------------------------


def test_it_filters_by_side_species_legality_card_and_tag(ann: AbstractBaseUser) -> None:
    good = make_deck(ann)
    evil_short = make_deck(ann, SHORT_QQDND)
    cosmic = make_deck(ann, COSMIC, game="anguish")
    nightmare = make_deck(ann, NIGHTMARE, game="anguish")
    api = client_of(ann)
    assert api.patch(f"/api/decks/{good.share_id}/", {"version": 1, "tags": ["Samurai Rush", "budget"]},
                     format="json").status_code == 200
    public = client_of(None)
    assert ids(public, game="qqdnd", side="Good") == [good.share_id]
    assert ids(public, game="qqdnd", side="Evil") == [evil_short.share_id]
    assert ids(public, game="anguish", side="Cosmic") == [cosmic.share_id]
    assert ids(public, game="anguish", side="Nightmare") == [nightmare.share_id]
    assert ids(public, game="qqdnd", legal="true") == [good.share_id]
    assert ids(public, game="qqdnd", legal="false") == [evil_short.share_id]
    assert ids(public, tag="samurai-rush") == [good.share_id]
    assert ids(public, tag="Samurai Rush") == [good.share_id]
    assert ids(public, tag="control") == []
    katana = Card.objects.get(game__slug="qqdnd", name="Katana Lunge")
    holding = set(ids(public, game="qqdnd", card_slug=katana.slug))
    assert evil_short.share_id in holding
    assert ids(public, game="anguish", card_slug=katana.slug) == []
    cosmic_row = next(d for d in public.get("/api/decks/", {"game": "anguish"}).json()["results"]
                      if d["id"] == cosmic.share_id)
    assert cosmic_row["species"] == "Cosmic" and cosmic_row["side"] == ""


# Likes --------------------------------------------------------------------------------------------


def test_likes_count_once_and_only_for_readable_decks_of_others(ann: AbstractBaseUser, bob: AbstractBaseUser) -> None:
    deck = make_deck(ann, visibility=Visibility.UNLISTED)
    secret = make_deck(ann, visibility=Visibility.PRIVATE)
    assert like(bob, deck).json() == {"liked": True, "likes_count": 1}
    assert like(bob, deck).json() == {"liked": True, "likes_count": 1}
    assert like(ann, deck).status_code == 403
    assert like(bob, secret).status_code == 404
    assert client_of(None).post(f"/api/decks/{deck.share_id}/like/").status_code == 401
    unliked = client_of(bob).delete(f"/api/decks/{deck.share_id}/like/")
    assert unliked.json() == {"liked": False, "likes_count": 0}
    assert client_of(bob).delete(f"/api/decks/{deck.share_id}/like/").json()["likes_count"] == 0
    assert Deck.objects.get(pk=deck.pk).likes_count == 0


# Tags and descriptions ----------------------------------------------------------------------------


def test_tags_are_normalised_replaced_and_bad_ones_save_nothing(ann: AbstractBaseUser) -> None:
    deck = make_deck(ann)
    api = client_of(ann)
    url = f"/api/decks/{deck.share_id}/"
    body = api.patch(url, {"version": 1, "tags": ["  Aggro ", "two_words", "aggro"]}, format="json").json()
    assert body["tags"] == ["aggro", "two-words"] and body["version"] == 1
    refused = api.patch(url, {"version": 1, "name": "Renamed", "tags": ["ok", "<b>"]}, format="json")
    assert refused.status_code == 400 and "tags" in refused.json()["errors"]
    assert api.get(url).json()["tags"] == ["aggro", "two-words"]
    assert Deck.objects.get(pk=deck.pk).name != "Renamed"
    too_many = api.patch(url, {"version": 1, "tags": [f"t{n}x" for n in range(6)]}, format="json")
    assert too_many.status_code == 400 and "at most 5" in str(too_many.json())
    assert api.patch(url, {"version": 1, "tags": []}, format="json").json()["tags"] == []
    created = api.post("/api/decks/", {"game": "qqdnd", "name": "Tagged", "tags": ["Midrange"]}, format="json")
    assert created.status_code == 201 and created.json()["tags"] == ["midrange"]


def test_a_description_is_markdown_rendered_without_raw_html_and_with_nofollow_links(ann: AbstractBaseUser) -> None:
    text = "**Fast** deck.\n\n<script>alert(1)</script> [guide](https://example.com/g) [x](javascript:alert(1))"
    deck = make_deck(ann, description=text)
    body = client_of(None).get(f"/api/decks/{deck.share_id}/").json()
    html = body["description_html"]
    assert body["description"] == text
    assert "<strong>Fast</strong>" in html
    assert "<script>" not in html and "&lt;script&gt;" in html
    assert '<a href="https://example.com/g" rel="nofollow noopener noreferrer">guide</a>' in html
    assert "javascript:" not in html.replace("[x](javascript:alert(1))", "")


# Counters kept by events --------------------------------------------------------------------------


@pytest.mark.usefixtures("isolated_broker")
def test_a_goldfish_run_of_a_deck_counts_as_a_test_of_it(ann: AbstractBaseUser) -> None:
    deck = make_deck(ann, deck_file("condemned", "legal_brute_constructed"), game="condemned")
    response = client_of(None).post("/api/simulations/", {"deck": deck.share_id, "games": 10, "seed": 1},
                                    format="json")
    assert response.status_code == 202, response.content
    row = client_of(None).get("/api/decks/", {"sort": "runs"}).json()["results"][0]
    assert (row["id"], row["runs_count"], row["popularity"]) == (deck.share_id, 1, 3)


def test_card_counts_follow_public_decks_saved_hidden_and_deleted(ann: AbstractBaseUser) -> None:
    def plays() -> dict[str, int]:
        body = client_of(None).get("/api/decks/most-played-cards/", {"game": "qqdnd", "limit": 100}).json()
        return {row["name"]: row["public_decks"] for row in body}

    first = make_deck(ann, SHORT_QQDND)
    assert plays() == {"Eptol Noir, Forgetful Ronin": 1, "Katana Lunge": 1}
    second = make_deck(ann, SHORT_QQDND, visibility=Visibility.PRIVATE)
    assert plays()["Katana Lunge"] == 1
    api = client_of(ann)
    assert api.patch(f"/api/decks/{second.share_id}/", {"version": 1, "visibility": "public"},
                     format="json").status_code == 200
    assert plays() == {"Eptol Noir, Forgetful Ronin": 2, "Katana Lunge": 2}
    edited = "Name: Short\nSide: Evil\nParty:\n1 Eptol Noir, Forgetful Ronin\n"
    assert api.patch(f"/api/decks/{first.share_id}/", {"version": 1, "list": edited},
                     format="json").status_code == 200
    assert plays() == {"Eptol Noir, Forgetful Ronin": 2, "Katana Lunge": 1}
    assert api.patch(f"/api/decks/{second.share_id}/", {"version": 2, "visibility": "unlisted"},
                     format="json").status_code == 200
    assert plays() == {"Eptol Noir, Forgetful Ronin": 1}
    assert api.delete(f"/api/decks/{first.share_id}/").status_code == 204
    assert plays() == {}
    top = client_of(None).get("/api/decks/most-played-cards/", {"game": "qqdnd"})
    assert top.status_code == 200 and top.json() == []
    assert client_of(None).get("/api/decks/most-played-cards/", {"game": "chess"}).status_code == 400


def test_most_played_cards_link_to_the_decks_holding_them(ann: AbstractBaseUser) -> None:
    deck = make_deck(ann, SHORT_QQDND)
    make_deck(ann)
    rows = client_of(None).get("/api/decks/most-played-cards/", {"game": "qqdnd"}).json()
    counts = [row["public_decks"] for row in rows]
    assert counts == sorted(counts, reverse=True)
    katana = next(row for row in rows if row["name"] == "Katana Lunge")
    assert deck.share_id in [d["id"] for d in client_of(None).get(katana["decks_url"]).json()["results"]]


# The field ----------------------------------------------------------------------------------------


def test_the_field_is_the_most_played_public_legal_decks_of_the_game(
    ann: AbstractBaseUser, bob: AbstractBaseUser, cyd: AbstractBaseUser
) -> None:
    plain, copied, viewed = (make_deck(ann, name=name) for name in ("Plain", "Copied", "Viewed"))
    make_deck(ann, SHORT_QQDND)  # not legal
    hidden = make_deck(ann, visibility=Visibility.UNLISTED)
    make_deck(ann, COSMIC, game="anguish")  # another game
    client_of(bob).post(f"/api/decks/{copied.share_id}/copy/")
    client_of(cyd).post(f"/api/decks/{hidden.share_id}/copy/")
    for user in (bob, cyd):
        client = APIClient()
        client.force_login(user)
        assert client.get(viewed.get_absolute_url()).status_code == 200
    call_command("flush_deck_views", stdout=io.StringIO())  # views counted in Redis are written in batches
    assert field_decks("qqdnd") == [copied, viewed, plain]
    assert field_decks(Game.objects.get(slug="qqdnd"), size=1) == [copied]
    assert Deck.objects.get(pk=viewed.pk).views_count == 2


# Query counts -------------------------------------------------------------------------------------


def test_the_public_list_costs_the_same_queries_however_many_decks(
    ann: AbstractBaseUser, bob: AbstractBaseUser, django_assert_max_num_queries: Any
) -> None:
    for n in range(12):
        deck = make_deck(ann if n % 2 else bob, name=f"Deck {n}")
        services_tags = client_of(deck.owner).patch(f"/api/decks/{deck.share_id}/",
                                                    {"version": 1, "tags": ["aggro", f"t{n}x"]}, format="json")
        assert services_tags.status_code == 200
    api = client_of(None)
    katana = Card.objects.get(game__slug="qqdnd", name="Katana Lunge")
    for params in ({}, {"sort": "likes", "tag": "aggro"}, {"game": "qqdnd", "card_slug": katana.slug, "legal": "true"}):
        with django_assert_max_num_queries(6):
            response = api.get("/api/decks/", {**params, "page_size": 10})
        assert response.status_code == 200 and len(response.json()["results"]) == 10
    assert DeckVersion.objects.count() == 12


def test_deleting_an_account_takes_its_public_decks_out_of_the_card_counts(ann: AbstractBaseUser,
                                                                         bob: AbstractBaseUser) -> None:
    make_deck(ann, SHORT_QQDND)
    make_deck(bob, SHORT_QQDND)
    bob.delete()
    rows = client_of(None).get("/api/decks/most-played-cards/", {"game": "qqdnd"}).json()
    assert {row["name"]: row["public_decks"] for row in rows} == {"Eptol Noir, Forgetful Ronin": 1, "Katana Lunge": 1}


def test_recount_rebuilds_the_counters_that_bulk_writes_bypassed(ann: AbstractBaseUser, bob: AbstractBaseUser) -> None:
    deck = make_deck(ann, SHORT_QQDND)
    client_of(bob).post(f"/api/decks/{deck.share_id}/copy/")
    like(bob, deck)
    before = client_of(None).get("/api/decks/").json()["results"][0]
    plays_before = client_of(None).get("/api/decks/most-played-cards/", {"game": "qqdnd"}).json()
    # A bulk load writes rows without the events: the counters are wrong until recounted.
    Deck.objects.update(copies_count=0, likes_count=0, popularity=0)
    CardPlay.objects.all().delete()
    call_command("recount_discovery", stdout=io.StringIO())
    assert client_of(None).get("/api/decks/").json()["results"][0] == before
    assert client_of(None).get("/api/decks/most-played-cards/", {"game": "qqdnd"}).json() == plays_before
    assert (before["copies_count"], before["likes_count"], before["popularity"]) == (1, 1, 10)
