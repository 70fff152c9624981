"""Builder drafts kept on the server for signed-in players (decks/drafts_api.py, /api/drafts/...):
kept, read back, replaced, dropped, only by their owner, within their size limits, and dropped by
a save of the deck in the builder."""
from __future__ import annotations

import json
import re
from typing import Any

import pytest
from django.contrib.auth.models import AbstractBaseUser
from django.test import Client
from rest_framework.test import APIClient

from cardsdb.models import Game
from decks import services
from decks.models import BuilderDraft, Deck

pytestmark = pytest.mark.usefixtures("loaded_cards")

LIST = "Party:\n1 Eptol Noir, Forgetful Ronin\n"
NEW = "/api/drafts/qqdnd/new/"


def client_of(user: AbstractBaseUser | None) -> APIClient:
    api = APIClient()
    if user is not None:
        api.force_authenticate(user)
    return api


def ann_deck(owner: AbstractBaseUser) -> Deck:
    game = Game.objects.get(slug="qqdnd")
    return services.deck_import(owner=owner, game=game, text="Name: Kept\nSide: Good\n" + LIST).deck


def test_a_draft_is_kept_read_back_replaced_and_dropped(ann: AbstractBaseUser) -> None:
    api = client_of(ann)
    assert api.get(NEW).status_code == 404

    kept = api.put(NEW, {"state": {"name": "Half a party", "list": LIST, "side": "Good"}}, format="json")
    assert kept.status_code == 200, kept.content
    assert kept.json()["state"] == {"name": "Half a party", "list": LIST, "side": "Good"}

    read = api.get(NEW).json()
    assert read["state"]["name"] == "Half a party" and read["saved_at"]

    api.put(NEW, {"state": {"name": "Renamed", "list": ""}}, format="json")
    assert api.get(NEW).json()["state"] == {"name": "Renamed", "list": ""}
    assert BuilderDraft.objects.filter(owner=ann).count() == 1

    assert api.delete(NEW).status_code == 204
    assert api.get(NEW).status_code == 404
    assert api.delete(NEW).status_code == 204  # dropping what is not there is no error


def test_drafts_are_one_per_game_for_new_decks_and_one_per_deck(ann: AbstractBaseUser) -> None:
    api = client_of(ann)
    deck = ann_deck(ann)
    api.put(NEW, {"state": {"name": "New QQDND"}}, format="json")
    api.put("/api/drafts/condemned/new/", {"state": {"name": "New Condemned"}}, format="json")
    api.put(f"/api/drafts/qqdnd/{deck.share_id}/", {"state": {"name": "Kept, edited", "version": "1"}}, format="json")
    assert api.get(NEW).json()["state"]["name"] == "New QQDND"
    assert api.get("/api/drafts/condemned/new/").json()["state"]["name"] == "New Condemned"
    assert api.get(f"/api/drafts/qqdnd/{deck.share_id}/").json()["state"]["name"] == "Kept, edited"


def test_only_the_owner_reaches_a_draft(ann: AbstractBaseUser, bob: AbstractBaseUser) -> None:
    deck = ann_deck(ann)
    mine = f"/api/drafts/qqdnd/{deck.share_id}/"
    client_of(ann).put(mine, {"state": {"name": "Ann's edit", "version": "1"}}, format="json")
    client_of(ann).put(NEW, {"state": {"name": "Ann's new deck"}}, format="json")

    anonymous = client_of(None)
    assert anonymous.get(NEW).status_code == 401
    assert anonymous.put(NEW, {"state": {"name": "x"}}, format="json").status_code == 401

    other = client_of(bob)
    assert other.get(mine).status_code == 404
    assert other.put(mine, {"state": {"name": "Bob's", "version": "1"}}, format="json").status_code == 404
    assert other.delete(mine).status_code == 404
    assert other.get(NEW).status_code == 404  # Bob's own new-deck draft: he has none
    assert BuilderDraft.objects.get(deck=deck).state == {"name": "Ann's edit", "version": "1"}
    assert BuilderDraft.objects.get(deck=None).state == {"name": "Ann's new deck"}


@pytest.mark.parametrize(
    ("body", "status", "words"),
    [
        ({"name": "no state"}, 400, "state"),
        ({"state": "a list"}, 400, "must be an object"),
        ({"state": {"name": 3}}, 400, "state.name"),
        ({"state": {"owner": "bob"}}, 400, "owner"),
        ({"state": {"description": "a\x00b"}}, 400, "`state.description` has a NUL"),
        ({"state": {"list": "1 Katana Lunge\n" * 1500}}, 413, "state.list"),
        ({"state": {"name": "x" * 121}}, 413, "at most 120"),
    ],
)
def test_bad_drafts_are_refused_saying_what_and_nothing_is_kept(
    ann: AbstractBaseUser, body: dict[str, Any], status: int, words: str
) -> None:
    response = client_of(ann).put(NEW, body, format="json")
    assert response.status_code == status, response.content
    assert words in response.json()["detail"]
    assert not BuilderDraft.objects.exists()


def test_unknown_games_and_decks_answer_404(ann: AbstractBaseUser) -> None:
    api = client_of(ann)
    assert api.put("/api/drafts/chess/new/", {"state": {}}, format="json").status_code == 404
    assert api.put("/api/drafts/qqdnd/nosuchdeck00/", {"state": {}}, format="json").status_code == 404
    deck = ann_deck(ann)
    # A deck of another game is not that game's draft target.
    assert api.put(f"/api/drafts/anguish/{deck.share_id}/", {"state": {}}, format="json").status_code == 404


def test_saving_in_the_builder_drops_the_draft(ann: AbstractBaseUser) -> None:
    browser = Client()
    browser.force_login(ann)
    deck = ann_deck(ann)
    api = client_of(ann)
    api.put(NEW, {"state": {"name": "About to be saved", "list": LIST}}, format="json")
    api.put(f"/api/drafts/qqdnd/{deck.share_id}/", {"state": {"name": "Kept v2", "version": "1"}}, format="json")

    created = browser.post("/decks/new/qqdnd/", {
        "name": "About to be saved", "side": "Good", "format": "constructed", "visibility": "private",
        "description": "", "list": LIST,
    })
    assert created.status_code == 302, created.content
    assert api.get(NEW).status_code == 404

    edited = browser.post(f"/decks/{deck.share_id}/edit/", {
        "name": "Kept v2", "side": "Good", "format": "constructed", "visibility": "private",
        "description": "", "list": LIST, "version": deck.version,
    })
    assert edited.status_code == 302, edited.content
    assert api.get(f"/api/drafts/qqdnd/{deck.share_id}/").status_code == 404


def test_it_is_described_in_the_openapi_schema(client: Client) -> None:
    schema = client.get("/api/schema/", headers={"Accept": "application/vnd.oai.openapi+json"}).json()
    path = schema["paths"]["/api/drafts/{game}/{target}/"]
    assert set(path) >= {"get", "put", "delete"}
    assert {p["name"] for p in path["put"]["parameters"]} == {"game", "target"}
    # Its own answers, and those every operation with a body shares (config/api_schema.py).
    assert set(path["put"]["responses"]) == {"200", "400", "401", "404", "409", "413", "414", "415", "429"}
    components = schema["components"]["schemas"]
    answer = path["get"]["responses"]["200"]["content"]["application/json"]["schema"]["$ref"].rsplit("/", 1)[-1]
    state = components[answer]["properties"]["state"]["$ref"].rsplit("/", 1)[-1]
    assert set(components[state]["properties"]) == {
        "list", "name", "side", "format", "visibility", "description", "tags", "version",
    }


def test_a_session_must_send_its_csrf_token_to_keep_a_draft(ann: AbstractBaseUser) -> None:
    session = Client(enforce_csrf_checks=True)
    session.force_login(ann)
    refused = session.put(NEW, {"state": {"name": "Forged"}}, content_type="application/json")
    assert refused.status_code == 403
    assert "CSRF" in refused.json()["detail"]
    assert not BuilderDraft.objects.exists()


def edit_in_the_builder(browser: Client, deck: Deck, name: str, version: int) -> None:
    saved = browser.post(f"/decks/{deck.share_id}/edit/", {
        "name": name, "side": "Good", "format": "constructed", "visibility": "private",
        "description": "", "list": LIST, "version": version,
    })
    assert saved.status_code == 302, saved.content


def test_a_draft_of_a_version_the_deck_was_saved_past_is_refused(ann: AbstractBaseUser) -> None:
    """A draft PUT that was on its way when the deck was saved arrives after the save: it is refused
    with 409, and the save's drop of the draft stands."""
    browser = Client()
    browser.force_login(ann)
    deck = ann_deck(ann)
    api = client_of(ann)
    url = f"/api/drafts/qqdnd/{deck.share_id}/"
    assert api.put(url, {"state": {"name": "Edited", "version": "1"}}, format="json").status_code == 200

    edit_in_the_builder(browser, deck, "Saved as v2", version=1)
    deck.refresh_from_db()
    assert deck.version == 2

    late = api.put(url, {"state": {"name": "Edited more", "version": "1"}}, format="json")
    assert late.status_code == 409, late.content
    assert f"saved as version {deck.version} after this draft of version 1" in late.json()["detail"]
    assert api.get(url).status_code == 404  # nothing brought back

    # A draft of the version saved is kept.
    kept = api.put(url, {"state": {"name": "Editing v2", "version": str(deck.version)}}, format="json")
    assert kept.status_code == 200, kept.content
    assert api.get(url).json()["state"]["name"] == "Editing v2"


@pytest.mark.parametrize("version", [None, "", "two", "²"])
def test_a_draft_of_a_saved_deck_must_name_its_version(ann: AbstractBaseUser, version: str | None) -> None:
    deck = ann_deck(ann)
    state = {"name": "Edited"} if version is None else {"name": "Edited", "version": version}
    response = client_of(ann).put(f"/api/drafts/qqdnd/{deck.share_id}/", {"state": state}, format="json")
    assert response.status_code == 400, response.content
    assert "`state.version`" in response.json()["detail"]
    assert not BuilderDraft.objects.exists()


def opened_at(browser: Client) -> str:
    """When the new-deck builder page says it was opened (its builder config)."""
    page = browser.get("/decks/new/qqdnd/")
    assert page.status_code == 200
    found = re.search(r'<script id="builder-config" type="application/json">(.*?)</script>', page.content.decode())
    assert found, "the builder page has its config"
    started: str = json.loads(found.group(1))["draftStarted"]
    return started


def test_a_new_deck_draft_begun_before_a_new_deck_was_saved_is_refused(ann: AbstractBaseUser) -> None:
    """The new-deck builder's page gives the time it was opened; a new deck of the game saved after
    it makes a draft sent with that time outdated (409), while a draft begun after the save is kept."""
    browser = Client()
    browser.force_login(ann)
    started_at = opened_at(browser)
    api = client_of(ann)
    body = {"state": {"name": "About to be saved", "list": LIST}, "started_at": started_at}
    assert api.put(NEW, body, format="json").status_code == 200

    created = browser.post("/decks/new/qqdnd/", {
        "name": "About to be saved", "side": "Good", "format": "constructed", "visibility": "private",
        "description": "", "list": LIST,
    })
    assert created.status_code == 302, created.content

    late = api.put(NEW, body, format="json")
    assert late.status_code == 409, late.content
    assert "new deck of this game was saved after this draft was begun" in late.json()["detail"]
    assert api.get(NEW).status_code == 404

    # Another game's new-deck draft, and a draft begun after the save, are kept.
    other_game = api.put("/api/drafts/condemned/new/", body, format="json")
    assert other_game.status_code == 200, other_game.content
    reopened = opened_at(browser)
    fresh = api.put(NEW, {"state": {"name": "The next one"}, "started_at": reopened}, format="json")
    assert fresh.status_code == 200, fresh.content


def test_a_started_at_that_is_no_time_is_refused(ann: AbstractBaseUser) -> None:
    response = client_of(ann).put(NEW, {"state": {"name": "x"}, "started_at": "yesterday"}, format="json")
    assert response.status_code == 400, response.content
    assert "`started_at`" in response.json()["detail"]
    assert not BuilderDraft.objects.exists()

