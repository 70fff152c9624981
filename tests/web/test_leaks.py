"""What others must not learn about a deck: an unlisted original's link through a public copy, a
private deck's game through a run, and the versions saved while a deck was private (docs/contract.md,
"Deck history": they stay the owner's when the deck is shared, unless the owner shares them)."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import AbstractBaseUser
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from cardsdb.models import Game
from decks import services
from decks.models import Deck, Visibility
from decks.simulations import services as run_services
from decks.simulations.quotas import Requester
from tests.worker_fixtures import isolated_broker_fixture  # noqa: F401

pytestmark = pytest.mark.usefixtures("loaded_cards")

DECKS = Path(__file__).resolve().parents[1] / "engine" / "decks"
QQDND = (DECKS / "qqdnd" / "legal_samurai_good.txt").read_text(encoding="utf-8")
CONDEMNED = (DECKS / "condemned" / "legal_brute_constructed.txt").read_text(encoding="utf-8")


@pytest.fixture
def carl(django_user_model: Any) -> AbstractBaseUser:
    user: AbstractBaseUser = django_user_model.objects.create_user("carl", password="a long test password")
    return user


def as_ann(ann: AbstractBaseUser) -> Requester:
    return Requester.of_client(ann, "127.0.0.1")


def api_as(user: AbstractBaseUser | None) -> APIClient:
    api = APIClient()
    if user is not None:
        api.force_authenticate(user)
    return api


def page_as(user: AbstractBaseUser | None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def new_deck(owner: AbstractBaseUser, visibility: str, game: str = "condemned") -> Deck:
    text = CONDEMNED if game == "condemned" else QQDND
    return services.deck_import(owner=owner, game=Game.objects.get(slug=game), text=text, visibility=visibility).deck


# A copy's link to its original -------------------------------------------------------------------

def test_a_public_copy_of_an_unlisted_deck_shows_the_original_only_to_the_two_owners(
    ann: AbstractBaseUser, bob: AbstractBaseUser, carl: AbstractBaseUser
) -> None:
    original = new_deck(ann, Visibility.UNLISTED)
    copy = services.deck_copy(deck=original, user=bob).deck
    copy = services.deck_update(deck=copy, user=bob, version=1, visibility=Visibility.PUBLIC).deck

    for viewer, shown in ((None, False), (carl, False), (bob, True), (ann, True)):
        body = api_as(viewer).get(f"/api/decks/{copy.share_id}/").json()
        assert (body["copied_from"] == original.share_id) is shown, viewer
        assert body["copied_from"] in (None, original.share_id)
        page = page_as(viewer).get(copy.get_absolute_url()).content.decode()
        assert (original.share_id in page) is shown, viewer

    # Made public, the original is everyone's to see; made private, only its owner's.
    services.deck_update(deck=original, user=ann, version=1, visibility=Visibility.PUBLIC)
    assert api_as(carl).get(f"/api/decks/{copy.share_id}/").json()["copied_from"] == original.share_id
    original.refresh_from_db()
    services.deck_update(deck=original, user=ann, version=original.version, visibility=Visibility.PRIVATE)
    assert api_as(bob).get(f"/api/decks/{copy.share_id}/").json()["copied_from"] is None
    assert api_as(ann).get(f"/api/decks/{copy.share_id}/").json()["copied_from"] == original.share_id


# A private deck's game ---------------------------------------------------------------------------

@pytest.mark.usefixtures("isolated_broker")
def test_a_run_of_someone_elses_private_deck_under_the_wrong_game_is_a_404_like_an_unknown_id(
    ann: AbstractBaseUser, bob: AbstractBaseUser
) -> None:
    private = new_deck(ann, Visibility.PRIVATE, game="qqdnd")
    for user in (None, bob):
        wrong_game = api_as(user).post("/api/simulations/", {"deck": private.share_id, "game": "condemned"},
                                       format="json")
        unknown = api_as(user).post("/api/simulations/", {"deck": "NoSuchDeck12", "game": "condemned"},
                                    format="json")
        assert (wrong_game.status_code, unknown.status_code) == (404, 404)
        assert "QQDND" not in wrong_game.content.decode()
        page = page_as(user).post(reverse("simulation-start"), {"deck": private.share_id, "game": "condemned",
                                                                "games": 10})
        assert page.status_code == 404 and "QQDND CCG deck" not in page.content.decode()
    # Its owner is told what is wrong.
    owner = api_as(ann).post("/api/simulations/", {"deck": private.share_id, "game": "condemned"}, format="json")
    assert owner.status_code == 400 and "QQDND CCG deck" in owner.json()["detail"]


# Versions saved while a deck was private ----------------------------------------------------------

def shared_after_two_private_versions(ann: AbstractBaseUser) -> Deck:
    """v1 and v2 saved private (v2 with a secret in its description and list), v3 made it public."""
    deck = new_deck(ann, Visibility.PRIVATE)
    secret = CONDEMNED.replace("Name: ", "# secret plan\nName: ")
    deck = services.deck_update(deck=deck, user=ann, version=1, description="secret tech",
                                text=secret.replace("3 Alpha Strike", "2 Alpha Strike\n1 Blood Magic")).deck
    return services.deck_update(deck=deck, user=ann, version=2, visibility=Visibility.PUBLIC).deck


def test_sharing_a_private_deck_keeps_its_earlier_versions_to_its_owner(
    ann: AbstractBaseUser, bob: AbstractBaseUser
) -> None:
    deck = shared_after_two_private_versions(ann)
    assert (deck.version, deck.history_from) == (3, 3)
    share = deck.share_id
    for viewer in (None, bob):
        api = api_as(viewer)
        assert [v["number"] for v in api.get(f"/api/decks/{share}/versions/").json()] == [3]
        assert api.get(f"/api/decks/{share}/").json()["history_from"] == 3
        assert api.get(f"/api/decks/{share}/export/", {"version": 2}).status_code == 404
        assert api.get(f"/api/decks/{share}/export/", {"version": 3}).status_code == 200
        assert api.get(f"/api/decks/{share}/diff/", {"from": 1, "to": 3}).status_code == 404
        assert api.get(f"/api/decks/{share}/diff/").status_code == 200  # v3 against itself: nothing to see
        pages = page_as(viewer)
        detail = pages.get(deck.get_absolute_url()).content.decode()
        assert "?version=3" in detail and "?version=2" not in detail and "?version=1" not in detail
        assert "Versions before v3 are private" in detail
        for name in ("deck-export", "deck-download"):
            assert pages.get(reverse(name, args=[share]), {"version": 1}).status_code == 404
        assert pages.get(reverse("deck-diff", args=[share]), {"from": 2, "to": 3}).status_code == 404

    owner = api_as(ann)
    assert [v["number"] for v in owner.get(f"/api/decks/{share}/versions/").json()] == [3, 2, 1]
    assert "Blood Magic" in owner.get(f"/api/decks/{share}/export/", {"version": 2}).content.decode()
    assert "Others see the versions from v3 on" in page_as(ann).get(deck.get_absolute_url()).content.decode()


def test_the_owner_can_share_the_earlier_versions_too(ann: AbstractBaseUser, bob: AbstractBaseUser) -> None:
    deck = shared_after_two_private_versions(ann)
    response = api_as(ann).patch(f"/api/decks/{deck.share_id}/", {"version": 3, "share_history": True}, format="json")
    assert response.status_code == 200 and response.json()["history_from"] == 1
    assert response.json()["version"] == 3  # nothing of the deck changed, so no new version
    assert [v["number"] for v in api_as(bob).get(f"/api/decks/{deck.share_id}/versions/").json()] == [3, 2, 1]
    # ... and to hide them again.
    api_as(ann).patch(f"/api/decks/{deck.share_id}/", {"version": 3, "share_history": False}, format="json")
    assert [v["number"] for v in api_as(bob).get(f"/api/decks/{deck.share_id}/versions/").json()] == [3]


def test_sharing_from_the_builder_page_can_share_the_history(ann: AbstractBaseUser, bob: AbstractBaseUser) -> None:
    deck = new_deck(ann, Visibility.PRIVATE)
    deck = services.deck_update(deck=deck, user=ann, version=1, description="second").deck
    builder = page_as(ann)
    form = builder.get(reverse("deck-edit", args=[deck.share_id])).content.decode()
    assert 'name="share_history"' in form
    body = "".join(f"{line}\n" for line in deck.current.text.splitlines() if not line.startswith(("Name:", "Format:")))
    response = builder.post(reverse("deck-edit", args=[deck.share_id]), {
        "name": deck.name, "format": deck.format, "visibility": "public", "list": body, "version": 2,
        "description": "second", "share_history": "on",
    })
    assert response.status_code == 302, response.content.decode()[:2000]
    deck.refresh_from_db()
    assert (deck.visibility, deck.version, deck.history_from) == ("public", 3, 1)
    assert [v["number"] for v in api_as(bob).get(f"/api/decks/{deck.share_id}/versions/").json()] == [3, 2, 1]


def test_a_deck_created_shared_shares_its_whole_history(ann: AbstractBaseUser, bob: AbstractBaseUser) -> None:
    deck = new_deck(ann, Visibility.UNLISTED)
    deck = services.deck_update(deck=deck, user=ann, version=1, description="more").deck
    assert deck.history_from == 1
    assert [v["number"] for v in api_as(bob).get(f"/api/decks/{deck.share_id}/versions/").json()] == [2, 1]


@pytest.mark.usefixtures("isolated_broker")
def test_runs_from_before_the_deck_was_shared_stay_the_owners(ann: AbstractBaseUser, bob: AbstractBaseUser) -> None:
    deck = new_deck(ann, Visibility.PRIVATE)
    of_version = run_services.start_run(user=ann, requester=as_ann(ann), games=10, seed=1, deck=deck)
    edited = run_services.start_run(user=ann, requester=as_ann(ann), games=10, seed=1, deck=deck, text=CONDEMNED)
    deck = services.deck_update(deck=deck, user=ann, version=1, visibility=Visibility.PUBLIC).deck
    after = run_services.start_run(user=ann, requester=as_ann(ann), games=10, seed=1, deck=deck)

    def seen_by(user: AbstractBaseUser, run_id: str) -> int:
        return int(api_as(user).get(f"/api/simulations/{run_id}/").status_code)

    assert [seen_by(bob, run.public_id) for run in (of_version, edited, after)] == [404, 404, 200]
    assert [seen_by(ann, run.public_id) for run in (of_version, edited, after)] == [200, 200, 200]
    assert page_as(bob).get(of_version.get_absolute_url()).status_code == 404
    services.deck_update(deck=deck, user=ann, version=2, share_history=True)
    assert [seen_by(bob, run.public_id) for run in (of_version, edited, after)] == [200, 200, 200]


def test_decks_shared_before_history_was_kept_private_show_others_their_current_version_on(
    ann: AbstractBaseUser,
) -> None:
    """Which versions of an older deck were saved while it was private is not known: the migration
    that adds `history_from` shares a shared deck from its current version on (its owner can share
    the rest), and leaves private decks as they are."""
    from importlib import import_module

    from django.apps import apps

    shared = new_deck(ann, Visibility.PUBLIC)
    shared = services.deck_update(deck=shared, user=ann, version=1, description="v2").deck
    private = new_deck(ann, Visibility.PRIVATE)
    Deck.objects.update(history_from=1)  # as every deck was before the migration
    migration = import_module("decks.migrations.0004_deck_history_from")
    migration.hide_history_of_shared_decks(apps, None)
    assert Deck.objects.get(pk=shared.pk).history_from == 2
    assert Deck.objects.get(pk=private.pk).history_from == 1
