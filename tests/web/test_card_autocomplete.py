"""Card-name autocomplete, GET /api/cards/autocomplete/ (docs/contract.md, "Card name autocomplete").

Runs on PostgreSQL (pg_trgm) and, from `make test`, on SQLite too (difflib): the answers must
agree on both wherever a player could tell.
"""
from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client

from cardsdb.models import Card

pytestmark = pytest.mark.usefixtures("loaded_cards")

URL = "/api/cards/autocomplete/"


def suggest(client: Client, game: str = "qqdnd", status: int = 200, **params: Any) -> Any:
    response = client.get(URL, {"game": game, **params})
    assert response.status_code == status, response.content
    return response.json()


def names(client: Client, q: str, game: str = "qqdnd", **params: Any) -> list[str]:
    return [s["name"] for s in suggest(client, game, q=q, **params)["results"]]


def by_rule(game: str, text: str) -> tuple[list[str], list[str]]:
    """The game's names that start with `text`, and those with a later word starting with it,
    each alphabetical: worked out here from the card table, not by the code under test."""
    all_names = Card.objects.filter(game__slug=game).values_list("name", flat=True)
    starts = sorted((n for n in all_names if n.lower().startswith(text)), key=str.upper)
    later_word = re.compile(r"[^\w]" + re.escape(text), re.IGNORECASE)
    words = sorted((n for n in all_names if n not in starts and later_word.search(n)), key=str.upper)
    return starts, words


@pytest.mark.parametrize(("game", "text"), [("qqdnd", "ar"), ("qqdnd", "s"), ("condemned", "b"), ("anguish", "c")])
def test_names_starting_with_the_text_come_first_then_names_with_a_word_starting_with_it(
    client: Client, game: str, text: str
) -> None:
    starts, words = by_rule(game, text)
    assert starts or words, "the example should find something"
    found = names(client, text, game=game, limit=25)
    assert found[: len(starts)] == starts[:25]
    assert found[len(starts) : len(starts) + len(words)] == words[: max(0, 25 - len(starts))]


def test_each_suggestion_says_why_it_was_made(client: Client) -> None:
    results = suggest(client, q="ar")["results"]
    assert results[0] == {
        "id": Card.objects.get(name="Arm Up").pk, "name": "Arm Up", "slug": "arm-up",
        "card_type": "resource", "match": "prefix",
    }
    assert {s["match"] for s in results[1:]} == {"word"}


def test_the_whole_name_comes_first_whatever_its_case_and_spacing(client: Client) -> None:
    results = suggest(client, q="  ARM   up ")["results"]
    assert results[0]["name"] == "Arm Up" and results[0]["match"] == "exact"


@pytest.mark.parametrize(
    ("typed", "meant"),
    [
        ("katna lunge", "Katana Lunge"),  # a letter left out
        ("lotsu slash", "Lotus Slash"),  # two letters swapped
        ("mothdragn", "Mothdragon"),
        ("spelstrike", "Spellstrike"),
        ("shogn arm", "Shogun Armour"),  # the start of a name, misspelt
        ("eptl", "Eptol Noir, Forgetful Ronin"),
        ("resmi valrance", "Resmi Val'Rance, Village Pariah"),  # the apostrophe left out
    ],
)
def test_a_misspelt_name_finds_the_card(client: Client, typed: str, meant: str) -> None:
    results = suggest(client, q=typed)["results"]
    assert results and results[0]["name"] == meant
    assert results[0]["match"] == "similar"


def test_a_misspelt_word_inside_a_name_finds_every_card_with_that_word(client: Client) -> None:
    assert set(names(client, "katna")) == {"Katana Lunge", "Golden Katana"}


def test_close_spellings_come_after_every_real_prefix(client: Client) -> None:
    results = suggest(client, q="lance")["results"]
    assert results[0] == {**results[0], "name": "Holo-Lance", "match": "word"}
    ranks = ["exact", "prefix", "word", "similar"]
    assert [ranks.index(s["match"]) for s in results] == sorted(ranks.index(s["match"]) for s in results)


def test_two_letters_are_too_few_to_guess_a_misspelling(client: Client) -> None:
    assert {s["match"] for s in suggest(client, q="ra")["results"]} <= {"exact", "prefix", "word"}
    assert {s["match"] for s in suggest(client, q="r.a.")["results"]} <= {"exact", "prefix", "word"}


def test_nonsense_and_blank_text_suggest_nothing(client: Client) -> None:
    assert names(client, "zzqxv") == []
    assert names(client, "   ") == []
    assert suggest(client)["results"] == []  # no q at all


def test_it_suggests_only_the_games_own_cards(client: Client) -> None:
    condemned = set(Card.objects.filter(game__slug="condemned").values_list("name", flat=True))
    for text in ("a", "s", "katana"):
        assert not set(names(client, text, limit=25)) & condemned


def test_text_that_looks_like_a_pattern_is_matched_as_text(client: Client) -> None:
    assert names(client, "%") == []
    assert names(client, "_") == []
    assert names(client, "a.*") == []
    assert names(client, "c.o.r") == ["C.O.R.E"]


def test_the_limit_caps_the_suggestions(client: Client) -> None:
    assert len(names(client, "s")) == 10  # the default
    assert len(names(client, "s", limit=3)) == 3
    assert names(client, "s", limit=3) == names(client, "s")[:3]


@pytest.mark.parametrize("limit", ["0", "26", "ten", "-1"])
def test_a_bad_limit_is_refused_with_the_allowed_range(client: Client, limit: str) -> None:
    body = suggest(client, status=400, q="s", limit=limit)
    assert "`limit` must be a whole number from 1 to 25" in body["detail"]


def test_a_missing_or_unknown_game_is_refused(client: Client) -> None:
    assert "`game` is required" in client.get(URL, {"q": "ar"}).json()["detail"]
    body = suggest(client, game="poker", status=400, q="ar")
    assert "No game 'poker'" in body["detail"] and "qqdnd" in body["detail"]


def test_text_over_a_hundred_characters_is_refused(client: Client) -> None:
    assert "longer than 100" in suggest(client, status=400, q="a" * 101)["detail"]
    assert suggest(client, q="a" * 100)["results"] == []


def test_a_suggestions_slug_leads_to_its_card_page(client: Client) -> None:
    first = suggest(client, q="katana l")["results"][0]
    assert client.get(f"/qqdnd/cards/{first['slug']}/").status_code == 200


def test_a_renamed_card_is_suggested_by_its_new_name(client: Client) -> None:
    assert names(client, "katana l")[0] == "Katana Lunge"
    card = Card.objects.get(name="Katana Lunge")
    card.name = "Katana Thrust"
    card.save()
    assert names(client, "katana")[0] == "Katana Thrust"
    assert "Katana Lunge" not in names(client, "katana l")


def test_it_is_described_in_the_openapi_schema(client: Client) -> None:
    schema = client.get("/api/schema/", headers={"Accept": "application/vnd.oai.openapi+json"}).json()
    operation = schema["paths"]["/api/cards/autocomplete/"]["get"]
    assert {p["name"] for p in operation["parameters"]} == {"game", "q", "limit"}
    components = schema["components"]["schemas"]
    answer = operation["responses"]["200"]["content"]["application/json"]["schema"]["$ref"].rsplit("/", 1)[-1]
    suggestion = components[answer]["properties"]["results"]["items"]["$ref"].rsplit("/", 1)[-1]
    assert set(components[suggestion]["properties"]) == {"id", "name", "slug", "card_type", "match"}
