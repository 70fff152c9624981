"""The decks API (decks/api.py): CRUD, visibility, versions, diff, import, export, copy, tokens."""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import AbstractBaseUser
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from cardsdb.models import Game
from decks import services
from decks.models import Deck, DeckCard, DeckVersion, Visibility

pytestmark = pytest.mark.usefixtures("loaded_cards")

DECKS = Path(__file__).resolve().parents[1] / "engine" / "decks"
LEGAL_QQDND = (DECKS / "qqdnd" / "legal_samurai_good.txt").read_text(encoding="utf-8")
SHORT_QQDND = "Name: Short\nSide: Good\nParty:\n1 Eptol Noir, Forgetful Ronin\nResources:\n4 Katana Lunge\n"


def client_of(user: AbstractBaseUser | None) -> APIClient:
    api = APIClient()
    if user is not None:
        api.force_authenticate(user)
    return api


def make_deck(owner: AbstractBaseUser, visibility: str = Visibility.PRIVATE, text: str = LEGAL_QQDND,
              **fields: Any) -> Deck:
    game = Game.objects.get(slug="qqdnd")
    return services.deck_import(owner=owner, game=game, text=text, visibility=visibility, **fields).deck


def card_rows(deck_id: str) -> set[tuple[str, str, str, int]]:
    rows = DeckCard.objects.filter(deck__share_id=deck_id).select_related("card")
    return {(r.section, r.pinned_to, r.card.name, r.count) for r in rows}


def url(deck: Deck, action: str = "") -> str:
    return f"/api/decks/{deck.share_id}/" + (f"{action}/" if action else "")


# Creating and reading -----------------------------------------------------------------------------


def test_it_creates_a_deck_that_breaks_the_rules_and_says_why(ann: AbstractBaseUser) -> None:
    response = client_of(ann).post(
        "/api/decks/", {"game": "qqdnd", "name": "Work in progress", "list": SHORT_QQDND}, format="json"
    )
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["name"] == "Work in progress" and body["owner"] == "ann" and body["version"] == 1
    assert body["is_legal"] is False and body["validation"]["legal"] is False
    assert {"party_size", "resource_count"} <= {p["code"] for p in body["validation"]["problems"]}
    assert body["list"].startswith("Name: Work in progress\nSide: Good\n")
    assert body["visibility"] == "private"
    assert {c["key"] for c in body["stats"]["charts"]} >= {"initiative", "alignment"}
    assert Deck.objects.get(share_id=body["id"]).owner == ann


def test_it_refuses_a_list_with_unknown_cards_and_saves_nothing(ann: AbstractBaseUser) -> None:
    response = client_of(ann).post(
        "/api/decks/", {"game": "qqdnd", "name": "Typo", "list": "Resources:\n4 Katana Lunj\n"}, format="json"
    )
    assert response.status_code == 400
    body = response.json()
    assert "names no card has" in body["detail"]
    unknown = [p for p in body["problems"] if p["code"] == "unknown_card"]
    assert len(unknown) == 1 and '"Katana Lunge"' in unknown[0]["message"]
    # The same problems as the validate endpoint gives, rules included.
    assert "side_missing" in {p["code"] for p in body["problems"]}
    assert not Deck.objects.exists()


def test_it_shows_a_deck_with_its_list_validation_and_charts(ann: AbstractBaseUser) -> None:
    deck = make_deck(ann, description="Fast blades")
    body = client_of(ann).get(url(deck)).json()
    assert body["id"] == deck.share_id and body["game"] == "qqdnd"
    assert (body["name"], body["description"], body["side"]) == ("Samurai Rush", "Fast blades", "Good")
    assert body["list"] == deck.current.text
    assert body["validation"]["legal"] is True and body["is_legal"] is True
    assert body["export_url"].endswith(url(deck, "export"))
    assert body["url"] == f"http://testserver/decks/{deck.share_id}/"


# Updating -----------------------------------------------------------------------------------------


def test_it_saves_a_change_as_a_new_version(ann: AbstractBaseUser) -> None:
    deck = make_deck(ann)
    changed = LEGAL_QQDND.replace("4 Katana Lunge", "2 Katana Lunge")
    response = client_of(ann).patch(url(deck), {"version": 1, "list": changed}, format="json")
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["version"] == 2 and body["is_legal"] is False
    assert [p["code"] for p in body["validation"]["problems"]] == ["resource_count"]
    versions = client_of(ann).get(url(deck, "versions")).json()
    assert [(v["number"], v["is_legal"]) for v in versions] == [(2, False), (1, True)]


def test_it_changes_only_the_fields_sent_with_put_or_patch(ann: AbstractBaseUser) -> None:
    deck = make_deck(ann)
    api = client_of(ann)
    assert api.put(url(deck), {"version": 1, "visibility": "public"}, format="json").status_code == 200
    assert api.patch(url(deck), {"version": 2, "name": "Blades"}, format="json").status_code == 200
    deck.refresh_from_db()
    assert (deck.name, deck.visibility, deck.version) == ("Blades", "public", 3)
    assert card_rows(deck.share_id) == card_rows(make_deck(ann).share_id)


def test_it_answers_409_with_the_current_version_to_a_stale_save(ann: AbstractBaseUser) -> None:
    deck = make_deck(ann)
    api = client_of(ann)
    assert api.patch(url(deck), {"version": 1, "description": "mine"}, format="json").status_code == 200
    stale = api.patch(url(deck), {"version": 1, "description": "theirs"}, format="json")
    assert stale.status_code == 409
    assert stale.json()["version"] == 2 and "version 2" in stale.json()["detail"]
    deck.refresh_from_db()
    assert deck.description == "mine" and DeckVersion.objects.filter(deck=deck).count() == 2


def test_it_needs_the_version_a_change_was_made_to(ann: AbstractBaseUser) -> None:
    deck = make_deck(ann)
    response = client_of(ann).patch(url(deck), {"name": "Blades"}, format="json")
    body = response.json()
    assert response.status_code == 400 and body["detail"].startswith("version:") and "version" in body["errors"]


def test_it_refuses_a_change_to_an_unreadable_list_and_keeps_the_deck(ann: AbstractBaseUser) -> None:
    deck = make_deck(ann)
    response = client_of(ann).patch(url(deck), {"version": 1, "list": "Party:\n4 Katana Lunge\n"}, format="json")
    assert response.status_code == 400 and "zone" in {p["code"] for p in response.json()["problems"]}
    deck.refresh_from_db()
    assert deck.version == 1 and DeckVersion.objects.filter(deck=deck).count() == 1


def test_it_deletes_a_deck_of_ones_own(ann: AbstractBaseUser) -> None:
    deck = make_deck(ann)
    assert client_of(ann).delete(url(deck)).status_code == 204
    assert not Deck.objects.exists()


# Versions and diff --------------------------------------------------------------------------------


def test_it_diffs_two_versions_through_the_api(ann: AbstractBaseUser) -> None:
    deck = make_deck(ann)
    api = client_of(ann)
    api.patch(url(deck), {"version": 1, "list": LEGAL_QQDND.replace("4 Katana Lunge", "1 Katana Lunge")},
              format="json")
    api.patch(url(deck), {"version": 2, "list": LEGAL_QQDND.replace("1 TB Towers\n", "")}, format="json")
    latest = api.get(url(deck, "diff")).json()
    assert (latest["from"], latest["to"]) == (2, 3)
    changes = latest["sections"][0]
    assert changes["changed"] == [{"name": "Katana Lunge", "before": 1, "after": 4}]
    assert changes["removed"] == [{"name": "TB Towers", "before": 1, "after": 0}]
    first_to_last = api.get(url(deck, "diff"), {"from": 1, "to": 3}).json()
    assert first_to_last["sections"][0]["changed"] == []
    assert first_to_last["sections"][0]["removed"] == [{"name": "TB Towers", "before": 1, "after": 0}]
    assert api.get(url(deck, "diff"), {"from": 1, "to": 9}).status_code == 404


# Import, export and the round trip ----------------------------------------------------------------


def test_it_exports_the_list_as_a_file_to_download(ann: AbstractBaseUser) -> None:
    deck = make_deck(ann)
    response = client_of(ann).get(url(deck, "export"))
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/plain")
    assert response["Content-Disposition"] == 'attachment; filename="samurai-rush-qqdnd-v1.txt"'
    assert response.content.decode() == deck.current.text


def test_it_exports_an_older_version(ann: AbstractBaseUser) -> None:
    deck = make_deck(ann)
    first = deck.current.text
    client_of(ann).patch(url(deck), {"version": 1, "name": "Blades"}, format="json")
    assert client_of(ann).get(url(deck, "export"), {"version": 1}).content.decode() == first
    assert client_of(ann).get(url(deck, "export"), {"version": 5}).status_code == 404


def test_it_round_trips_import_export_import(ann: AbstractBaseUser) -> None:
    api = client_of(ann)
    pasted = "Name: Pasted\nSide: good\n" + "".join(
        line.replace("4 Katana Lunge", "Katana Lunge\n3x katana lunge") + "\n"
        for line in LEGAL_QQDND.splitlines() if not line.startswith(("Name:", "Side:"))
    )
    first = api.post("/api/decks/import/", {"game": "qqdnd", "list": pasted}, format="json").json()
    exported = api.get(f"/api/decks/{first['id']}/export/").content.decode()
    second = api.post("/api/decks/import/", {"game": "qqdnd", "list": exported}, format="json").json()
    assert card_rows(first["id"]) == card_rows(second["id"])
    assert (second["name"], second["side"], second["format"]) == ("Pasted", "good", "constructed")
    assert second["list"] == exported == first["list"]
    assert ("Resources", "", "Katana Lunge", 4) in card_rows(second["id"])


def test_it_imports_an_uploaded_file(ann: AbstractBaseUser) -> None:
    upload = SimpleUploadedFile("rush.txt", LEGAL_QQDND.encode("utf-8"), content_type="text/plain")
    response = client_of(ann).post("/api/decks/import/", {"game": "qqdnd", "file": upload}, format="multipart")
    assert response.status_code == 201, response.content
    assert response.json()["name"] == "Samurai Rush" and response.json()["is_legal"] is True


def test_it_refuses_an_import_with_a_parse_error_naming_the_line(ann: AbstractBaseUser) -> None:
    response = client_of(ann).post(
        "/api/decks/import/", {"game": "qqdnd", "list": "Resources:\n4 Katana Lunge\n0 Arm Up\n"}, format="json"
    )
    assert response.status_code == 400
    assert [(p["code"], p["line"]) for p in response.json()["problems"] if p["code"] == "parse_error"] == [
        ("parse_error", 3)
    ]
    assert not Deck.objects.exists()


# Copies -------------------------------------------------------------------------------------------


def test_it_copies_a_public_deck_into_ones_own_private_decks(ann: AbstractBaseUser, bob: AbstractBaseUser) -> None:
    original = make_deck(ann, Visibility.PUBLIC)
    response = client_of(bob).post(url(original, "copy"))
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["owner"] == "bob" and body["visibility"] == "private" and body["copied_from"] == original.share_id
    assert card_rows(body["id"]) == card_rows(original.share_id)


# Who may do what ----------------------------------------------------------------------------------

# Each is (method, action, body); every one is a write to an existing deck or a read of one.
WRITES = [
    ("patch", "", {"version": 1, "name": "Taken"}),
    ("put", "", {"version": 1, "name": "Taken"}),
    ("delete", "", None),
]
READS = [("get", ""), ("get", "export"), ("get", "versions"), ("get", "diff")]


def call(api: APIClient, method: str, deck: Deck, action: str, body: Any = None) -> Any:
    request: Callable[..., Any] = getattr(api, method)
    return request(url(deck, action), body, format="json") if body is not None else request(url(deck, action))


@pytest.mark.parametrize("visibility", [Visibility.PRIVATE, Visibility.UNLISTED, Visibility.PUBLIC])
@pytest.mark.parametrize(("method", "action", "body"), WRITES)
def test_it_answers_404_to_anyone_but_the_owner_writing_a_deck(
    ann: AbstractBaseUser, bob: AbstractBaseUser, visibility: str, method: str, action: str, body: Any
) -> None:
    deck = make_deck(ann, visibility)
    assert call(client_of(bob), method, deck, action, body).status_code == 404
    deck.refresh_from_db()
    assert (deck.name, deck.version) == ("Samurai Rush", 1)


@pytest.mark.parametrize(("method", "action", "body"), [*WRITES, ("post", "copy", None)])
def test_it_answers_401_to_an_anonymous_write(ann: AbstractBaseUser, method: str, action: str, body: Any) -> None:
    deck = make_deck(ann, Visibility.PUBLIC)
    response = call(client_of(None), method, deck, action, body)
    assert response.status_code == 401 and response["WWW-Authenticate"] == "Token"
    deck.refresh_from_db()
    assert (deck.name, deck.version) == ("Samurai Rush", 1) and Deck.objects.count() == 1


@pytest.mark.parametrize(
    ("path", "body"),
    [("/api/decks/", {"game": "qqdnd", "name": "Mine", "list": ""}), ("/api/decks/import/", {"game": "qqdnd",
                                                                                            "list": LEGAL_QQDND})],
)
def test_it_answers_401_to_an_anonymous_create(path: str, body: dict[str, Any]) -> None:
    assert client_of(None).post(path, body, format="json").status_code == 401
    assert not Deck.objects.exists()


def test_it_answers_404_to_a_copy_of_someone_elses_private_deck(ann: AbstractBaseUser, bob: AbstractBaseUser) -> None:
    deck = make_deck(ann)
    assert client_of(bob).post(url(deck, "copy")).status_code == 404
    assert Deck.objects.count() == 1


@pytest.mark.parametrize("reader", ["bob", "anonymous"])
@pytest.mark.parametrize(("method", "action"), READS)
def test_it_answers_404_to_a_read_of_someone_elses_private_deck(
    ann: AbstractBaseUser, bob: AbstractBaseUser, reader: str, method: str, action: str
) -> None:
    deck = make_deck(ann)
    api = client_of(bob if reader == "bob" else None)
    assert call(api, method, deck, action).status_code == 404
    assert call(client_of(ann), method, deck, action).status_code == 200


@pytest.mark.parametrize("visibility", [Visibility.UNLISTED, Visibility.PUBLIC])
@pytest.mark.parametrize(("method", "action"), READS)
def test_it_lets_anyone_with_the_link_read_unlisted_and_public_decks(
    ann: AbstractBaseUser, visibility: str, method: str, action: str
) -> None:
    deck = make_deck(ann, visibility)
    assert call(client_of(None), method, deck, action).status_code == 200


def test_it_lists_public_decks_but_never_unlisted_or_private_ones(ann: AbstractBaseUser) -> None:
    public = make_deck(ann, Visibility.PUBLIC)
    make_deck(ann, Visibility.UNLISTED)
    make_deck(ann, Visibility.PRIVATE)
    body = client_of(None).get("/api/decks/").json()
    assert body["next"] is None and [d["id"] for d in body["results"]] == [public.share_id]


def test_it_filters_the_public_list_by_game_name_and_card(ann: AbstractBaseUser, bob: AbstractBaseUser) -> None:
    rush = make_deck(ann, Visibility.PUBLIC)
    grease = make_deck(bob, Visibility.PUBLIC, text="Name: Slick\nResources:\n4 Grease\n")
    api = client_of(None)

    def ids(**params: str) -> list[str]:
        return [d["id"] for d in api.get("/api/decks/", params).json()["results"]]

    assert ids(game="qqdnd") == [grease.share_id, rush.share_id]
    assert ids(game="anguish") == []
    assert ids(q="rush") == [rush.share_id]
    assert ids(card="grease") == [grease.share_id]
    assert ids(game="qqdnd", q="slick", card="katana") == []
    assert api.get("/api/decks/", {"game": "chess"}).status_code == 400


def test_it_lists_ones_own_decks_of_every_visibility(ann: AbstractBaseUser, bob: AbstractBaseUser) -> None:
    mine = {make_deck(ann, v).share_id for v in Visibility.values}
    make_deck(bob, Visibility.PUBLIC)
    body = client_of(ann).get("/api/decks/mine/").json()
    assert {d["id"] for d in body["results"]} == mine
    assert client_of(None).get("/api/decks/mine/").status_code == 401


@pytest.mark.parametrize("path", ["/api/decks/", "/api/decks/mine/", "/api/decks/?card=katana"])
def test_it_lists_decks_in_the_same_number_of_queries_however_many_there_are(
    ann: AbstractBaseUser, bob: AbstractBaseUser, path: str
) -> None:
    api = client_of(ann)

    def queries() -> int:
        with CaptureQueriesContext(connection) as captured:
            response = api.get(path)
        assert response.status_code == 200
        return len(captured)

    make_deck(ann, Visibility.PUBLIC)
    few = queries()
    for owner in (ann, bob, ann, bob):
        make_deck(owner, Visibility.PUBLIC)
    assert queries() == few
    assert len(api.get(path).json()["results"]) >= 3


# Tokens -------------------------------------------------------------------------------------------


def test_it_gives_a_token_that_authenticates_scripts(django_user_model: Any) -> None:
    django_user_model.objects.create_user("carol", password="a long test password")
    api = APIClient()
    assert api.post("/api/token/", {"username": "carol", "password": "wrong"}, format="json").status_code == 400
    token = api.post("/api/token/", {"username": "carol", "password": "a long test password"}, format="json")
    assert token.status_code == 200
    api.credentials(HTTP_AUTHORIZATION=f"Token {token.json()['token']}")
    created = api.post("/api/decks/import/", {"game": "qqdnd", "list": LEGAL_QQDND}, format="json")
    assert created.status_code == 201 and created.json()["owner"] == "carol"
