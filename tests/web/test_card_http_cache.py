"""The card endpoints at static speed: the card data version drives ETag, Last-Modified and
Cache-Control, conditional requests answer 304, rendered JSON pages are kept in the cache, and any
change to the card data (a load, an admin edit, a save) makes a new version that nothing stale
survives (cardsdb/versions.py, cardsdb/http_cache.py)."""
from __future__ import annotations

import io
import json
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.conf import settings as django_settings
from django.contrib.auth.models import User
from django.core.management import call_command
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils.http import http_date, parse_http_date
from pytest_django.fixtures import Settings

from cardsdb.models import Card, CardDataVersion, CardSet, Game
from cardsdb.versions import current_version
from decks import services
from tests.conftest import FIXTURE_DIRS

pytestmark = pytest.mark.usefixtures("loaded_cards")

CARD_LIST = "/api/cards/?game=qqdnd"
KATANA_SEARCH = "/api/cards/?game=qqdnd&q=name%3A%22Katana+Lunge%22"


def json_endpoints() -> list[str]:
    return [
        "/api/games/",
        CARD_LIST,
        "/api/cards/?game=qqdnd&q=type%3Aresource+ini%3E10&ordering=-name",
        f"/api/cards/{Card.objects.get(name='Katana Lunge').pk}/",
        "/api/cards/autocomplete/?game=qqdnd&q=kat",
    ]


@pytest.fixture
def admin_client() -> Client:
    client = Client()
    client.force_login(User.objects.create_superuser("admin", "admin@example.org", "correct horse battery"))
    return client


def katana_text(client: Client, **headers: str) -> str:
    response = client.get(KATANA_SEARCH, headers=headers)
    assert response.status_code == 200, response.content
    text: str = response.json()["results"][0]["text"]
    return text


@pytest.fixture
def qqdnd_set_files(tmp_path: Path) -> Iterator[Path]:
    """A copy of QQDND's set files to edit and load."""
    folder = tmp_path / "qqdnd"
    shutil.copytree(FIXTURE_DIRS[0], folder)
    yield folder


def edit_card_in_file(folder: Path, name: str, text: str) -> None:
    path = folder / "core.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    card = next(card for card in data["cards"] if card["name"] == name)
    card["text"] = text
    path.write_text(json.dumps(data), encoding="utf-8")


def load(folder: Path) -> None:
    call_command("load_cards", str(folder), stdout=io.StringIO())


# ETag / Last-Modified / 304


def test_every_card_endpoint_sends_validators_and_answers_its_etag_with_304(client: Client) -> None:
    for url in json_endpoints():
        first = client.get(url)
        assert first.status_code == 200, url
        assert first["ETag"].startswith('"') and first["Last-Modified"]
        assert "public" in first["Cache-Control"] and "max-age=0" in first["Cache-Control"]
        assert "Accept" in first["Vary"]
        again = client.get(url, headers={"If-None-Match": first["ETag"]})
        assert again.status_code == 304, url
        assert again.content == b""
        assert again["ETag"] == first["ETag"] and again["Last-Modified"] == first["Last-Modified"]
        assert again["Cache-Control"] == first["Cache-Control"]


def test_it_answers_if_modified_since_by_the_versions_time(client: Client) -> None:
    first = client.get(CARD_LIST)
    last_modified = parse_http_date(first["Last-Modified"])
    assert client.get(CARD_LIST, headers={"If-Modified-Since": first["Last-Modified"]}).status_code == 304
    earlier = http_date(last_modified - 1)
    assert client.get(CARD_LIST, headers={"If-Modified-Since": earlier}).status_code == 200


def test_an_etag_of_another_version_gets_the_page(client: Client) -> None:
    response = client.get(CARD_LIST, headers={"If-None-Match": '"1-0123456789abcdef"'})
    assert response.status_code == 200
    assert response.json()["count"] == 66


def test_a_304_and_a_cached_page_each_cost_one_query(client: Client) -> None:
    """One primary-key read of the version; nothing else touches the database."""
    first = client.get(CARD_LIST)
    with CaptureQueriesContext(connection) as not_modified:
        assert client.get(CARD_LIST, headers={"If-None-Match": first["ETag"]}).status_code == 304
    with CaptureQueriesContext(connection) as cached:
        again = client.get(CARD_LIST)
    assert len(not_modified.captured_queries) == 1
    assert len(cached.captured_queries) == 1
    assert CardDataVersion._meta.db_table in cached.captured_queries[0]["sql"]
    assert again.content == first.content
    assert again["ETag"] == first["ETag"]


def test_the_cached_page_is_the_rendered_one_in_every_header_that_matters(client: Client) -> None:
    rendered = client.get(CARD_LIST)
    cached = client.get(CARD_LIST)
    for header in ("Content-Type", "Allow", "ETag", "Last-Modified", "Cache-Control"):
        assert cached[header] == rendered[header], header
    assert cached["Content-Length"] == str(len(rendered.content))


def test_query_parameters_in_another_order_share_a_page_and_other_values_do_not(client: Client) -> None:
    page_two = client.get("/api/cards/?game=qqdnd&page=2&page_size=10").json()
    with CaptureQueriesContext(connection) as reordered:
        same = client.get("/api/cards/?page_size=10&page=2&game=qqdnd").json()
    assert same == page_two
    assert len(reordered.captured_queries) == 1  # served from the cache
    page_three = client.get("/api/cards/?game=qqdnd&page=3&page_size=10").json()
    assert page_three["results"] != page_two["results"]


def test_each_host_gets_links_to_itself(client: Client) -> None:
    """Pages hold absolute links, so the host is part of what a cached page is kept under."""
    one = client.get(CARD_LIST, headers={"Host": "localhost"}).json()
    other = client.get(CARD_LIST, headers={"Host": "127.0.0.1"}).json()
    assert one["results"][0]["url"].startswith("http://localhost/")
    assert other["results"][0]["url"].startswith("http://127.0.0.1/")


def test_the_browsable_api_is_rendered_for_browsers_and_never_cached(client: Client) -> None:
    json_page = client.get(CARD_LIST)
    html_page = client.get(CARD_LIST, headers={"Accept": "text/html"})
    assert html_page["Content-Type"].startswith("text/html")
    assert "ETag" not in html_page
    assert client.get(CARD_LIST, headers={"Accept": "text/html", "If-None-Match": json_page["ETag"]}).status_code == 200
    indented = client.get(CARD_LIST, headers={"Accept": "application/json; indent=4"})
    assert indented.content.startswith(b"{\n    ")


def test_errors_are_not_cached_or_validated(client: Client) -> None:
    for _ in range(2):
        response = client.get("/api/cards/?game=qqdnd&q=rv%3E")
        assert response.status_code == 400
        assert "ETag" not in response


# A new version: loads, admin edits, saves


def test_loading_a_changed_set_file_makes_a_new_version_and_the_new_card(client: Client, qqdnd_set_files: Path) -> None:
    before = client.get(KATANA_SEARCH)
    assert katana_text(client) != "Deal 9 damage."
    edit_card_in_file(qqdnd_set_files, "Katana Lunge", "Deal 9 damage.")
    load(qqdnd_set_files)
    after = client.get(KATANA_SEARCH, headers={"If-None-Match": before["ETag"]})
    assert after.status_code == 200
    assert after.json()["results"][0]["text"] == "Deal 9 damage."
    assert after["ETag"] != before["ETag"]
    assert parse_http_date(after["Last-Modified"]) > parse_http_date(before["Last-Modified"])


def test_loading_the_same_files_again_keeps_the_version(client: Client) -> None:
    before = client.get(CARD_LIST)
    call_command("load_cards", *map(str, FIXTURE_DIRS), stdout=io.StringIO())
    assert client.get(CARD_LIST, headers={"If-None-Match": before["ETag"]}).status_code == 304


def test_a_load_that_changes_many_cards_makes_one_new_version(qqdnd_set_files: Path) -> None:
    before = current_version()
    path = qqdnd_set_files / "core.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    for card in data["cards"]:
        card["text"] += " (reprint)"
    path.write_text(json.dumps(data), encoding="utf-8")
    load(qqdnd_set_files)
    assert current_version().number == before.number + 1


def test_a_load_that_fails_keeps_the_version(qqdnd_set_files: Path) -> None:
    before = current_version()
    (qqdnd_set_files / "broken.json").write_text("{ not json", encoding="utf-8")
    edit_card_in_file(qqdnd_set_files, "Katana Lunge", "Deal 9 damage.")
    with pytest.raises(Exception, match="Nothing was loaded"):
        load(qqdnd_set_files)
    assert current_version() == before


def test_an_admin_edit_of_a_card_makes_a_new_version(client: Client, admin_client: Client) -> None:
    before = client.get(KATANA_SEARCH)
    card = Card.objects.get(name="Katana Lunge")
    form = {
        "game": card.game_id, "card_set": card.card_set_id, "number": card.number, "name": card.name,
        "slug": card.slug, "card_type": card.card_type, "subtypes": json.dumps(card.subtypes),
        "text": "Deal 2 damage.", "attributes": json.dumps(card.attributes),
    }
    assert admin_client.post(f"/admin/cardsdb/card/{card.pk}/change/", form).status_code == 302
    after = client.get(KATANA_SEARCH, headers={"If-None-Match": before["ETag"]})
    assert after.status_code == 200
    assert after.json()["results"][0]["text"] == "Deal 2 damage."


def test_an_admin_edit_of_a_set_makes_a_new_version(client: Client, admin_client: Client) -> None:
    before = client.get(KATANA_SEARCH)
    assert before.json()["results"][0]["is_demo"] is False
    card_set = CardSet.objects.get(game__slug="qqdnd", code="core")
    form = {
        "game": card_set.game_id, "code": card_set.code, "name": card_set.name, "is_demo": "on",
        "notice": "Made up.", "source": card_set.source,
    }
    assert admin_client.post(f"/admin/cardsdb/cardset/{card_set.pk}/change/", form).status_code == 302
    after = client.get(KATANA_SEARCH, headers={"If-None-Match": before["ETag"]})
    assert after.status_code == 200
    assert after.json()["results"][0]["is_demo"] is True


def test_an_admin_delete_that_cascades_makes_one_new_version(client: Client, admin_client: Client) -> None:
    before = current_version()
    card_set = CardSet.objects.get(game__slug="anguish")
    response = admin_client.post(f"/admin/cardsdb/cardset/{card_set.pk}/delete/", {"post": "yes"})
    assert response.status_code == 302
    assert current_version().number == before.number + 1
    assert client.get("/api/cards/?game=anguish").json()["count"] == 0


def test_no_stale_page_is_served_after_a_version_change(client: Client) -> None:
    """The cached page of the old version stays in the cache, but the new version never reads it."""
    old_text = katana_text(client)
    assert katana_text(client) == old_text  # now served from the cache
    card = Card.objects.get(name="Katana Lunge")
    card.text = "Deal 3 damage."
    card.save()
    assert katana_text(client) == "Deal 3 damage."
    games = client.get("/api/games/").json()
    Card.objects.get(name="Arm Up").delete()
    assert client.get("/api/games/").json()[0]["card_count"] == games[0]["card_count"] - 1


def test_a_game_edit_makes_a_new_version(client: Client) -> None:
    before = client.get("/api/games/")
    game = Game.objects.get(slug="qqdnd")
    game.tagline = "A new tagline."
    game.save()
    after = client.get("/api/games/", headers={"If-None-Match": before["ETag"]})
    assert after.status_code == 200
    assert after.json()[0]["tagline"] == "A new tagline."


def test_each_version_has_a_later_second_than_the_one_before() -> None:
    """Last-Modified counts whole seconds, so two versions must never share one."""
    seconds = []
    for text in ("one", "two", "three"):
        card = Card.objects.get(name="Katana Lunge")
        card.text = text
        card.save()
        seconds.append(current_version().last_modified)
    assert seconds == sorted(set(seconds))


def test_migrate_makes_a_new_version() -> None:
    """A release runs migrate: pages rendered by the code before it are not served after."""
    before = current_version()
    call_command("migrate", verbosity=0)
    assert current_version().number == before.number + 1


def test_a_cache_that_is_down_costs_speed_not_answers(client: Client, settings: Settings) -> None:
    """No Redis listens on port 9: every page read and write fails."""
    dead = {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": "redis://127.0.0.1:9/0"}
    settings.CACHES = {**settings.CACHES, "dead": dead}
    settings.CARD_PAGE_CACHES = ["dead"]
    for _ in range(2):
        response = client.get(CARD_LIST)
        assert response.status_code == 200
        assert response.json()["count"] == 66


def shared_cache() -> dict[str, object]:
    """The Redis the settings name (CACHE_URL, or the broker) when there is one, as production uses it."""
    if str(django_settings.CACHE_URL).startswith("redis"):
        return {"BACKEND": "config.cache.RedisCache", "LOCATION": django_settings.CACHE_URL, "KEY_PREFIX": "test"}
    return {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "far"}


def test_a_page_found_further_away_is_kept_nearer(client: Client, settings: Settings) -> None:
    """Redis holds what another process rendered; this process keeps a copy in its own memory."""
    settings.CACHES = {
        **settings.CACHES,
        "near": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "near"},
        "far": shared_cache(),
    }
    settings.CARD_PAGE_CACHES = ["far"]
    rendered = client.get(CARD_LIST)
    settings.CARD_PAGE_CACHES = ["near", "far"]
    with CaptureQueriesContext(connection) as from_far:
        assert client.get(CARD_LIST).content == rendered.content
    assert len(from_far.captured_queries) == 1  # the version: the page came from "far"
    settings.CARD_PAGE_CACHES = ["near"]
    with CaptureQueriesContext(connection) as from_near:
        assert client.get(CARD_LIST).content == rendered.content
    assert len(from_near.captured_queries) == 1


def test_autocomplete_answers_are_kept_only_in_the_nearest_cache(
    client: Client, settings: Settings, tmp_path: Path
) -> None:
    """Each prefix a player types is asked once, and renders in about a millisecond: its answer is
    not worth a round trip to the shared cache, while a card page is kept in both."""
    far = tmp_path / "far"
    settings.CACHES = {
        **settings.CACHES,
        "near": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "near-autocomplete"},
        "far": {"BACKEND": "django.core.cache.backends.filebased.FileBasedCache", "LOCATION": str(far)},
    }
    settings.CARD_PAGE_CACHES = ["near", "far"]
    autocomplete = "/api/cards/autocomplete/?game=qqdnd&q=lot"
    first = client.get(autocomplete)
    assert first.status_code == 200 and first.json()["results"]
    assert not list(far.glob("*.djcache"))
    again = client.get(autocomplete)  # from the nearest cache, the same page and validators
    assert again.content == first.content and again["ETag"] == first["ETag"]
    assert client.get(autocomplete, headers={"If-None-Match": first["ETag"]}).status_code == 304
    assert client.get(CARD_LIST).status_code == 200
    assert len(list(far.glob("*.djcache"))) == 1


def test_304s_and_cached_pages_are_throttled_like_every_api_request(client: Client, settings: Settings) -> None:
    """README "Limits": API requests from one address are throttled; the answers the middleware gives
    without the view count too, and a 429 reads as the API's own."""
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "anon": "3/minute"},
    }
    first = client.get(CARD_LIST, REMOTE_ADDR="192.0.2.44")  # rendered: the view counts it
    assert client.get(CARD_LIST, REMOTE_ADDR="192.0.2.44").status_code == 200  # cached
    assert client.get(CARD_LIST, REMOTE_ADDR="192.0.2.44", headers={"If-None-Match": first["ETag"]}).status_code == 304
    refused = client.get(CARD_LIST, REMOTE_ADDR="192.0.2.44", headers={"If-None-Match": first["ETag"]})
    assert refused.status_code == 429 and int(refused["Retry-After"]) > 0
    assert "Too many requests to the API" in refused.json()["detail"] and "3 a minute" in refused.json()["detail"]
    assert client.get(CARD_LIST, REMOTE_ADDR="192.0.2.45").status_code == 200  # another address


# The HTML card pages


CARD_PAGE = "/qqdnd/cards/katana-lunge/"


@pytest.mark.parametrize("url", ["/qqdnd/cards/", "/qqdnd/cards/?q=t%3Ares&order=-ini&view=table", CARD_PAGE])
def test_card_pages_answer_their_etag_with_304(client: Client, url: str) -> None:
    first = client.get(url)
    assert first.status_code == 200
    assert "private" in first["Cache-Control"] and "Cookie" in first["Vary"]
    again = client.get(url, headers={"If-None-Match": first["ETag"]})
    assert again.status_code == 304 and again.content == b""


def test_a_card_page_shows_a_changed_card_despite_an_old_etag(client: Client) -> None:
    first = client.get(CARD_PAGE)
    card = Card.objects.get(name="Katana Lunge")
    card.text = "Deal 4 damage to everything."
    card.save()
    again = client.get(CARD_PAGE, headers={"If-None-Match": first["ETag"]})
    assert again.status_code == 200
    assert "Deal 4 damage to everything." in again.content.decode()


def test_a_card_page_is_not_reused_across_sign_in(client: Client, ann: User) -> None:
    """The page shows who is signed in: an anonymous copy must not stand in for Ann's."""
    anonymous = client.get(CARD_PAGE)
    client.force_login(ann)
    signed_in = client.get(CARD_PAGE, headers={"If-None-Match": anonymous["ETag"]})
    assert signed_in.status_code == 200
    assert "ann" in signed_in.content.decode()
    assert signed_in["ETag"] != anonymous["ETag"]
    assert client.get(CARD_PAGE, headers={"If-None-Match": signed_in["ETag"]}).status_code == 304


def test_a_card_page_with_a_message_waiting_is_rendered(client: Client, ann: User) -> None:
    client.force_login(ann)
    first = client.get(CARD_PAGE)
    deck = services.deck_import(owner=ann, game=Game.objects.get(slug="qqdnd"), text="1 Katana Lunge\n").deck
    assert client.post(f"/decks/{deck.share_id}/delete/").status_code == 302  # queues "Deleted ..."
    with_message = client.get(CARD_PAGE, headers={"If-None-Match": first["ETag"]})
    assert with_message.status_code == 200
    assert "Deleted" in with_message.content.decode()
    assert client.get(CARD_PAGE, headers={"If-None-Match": first["ETag"]}).status_code == 304
