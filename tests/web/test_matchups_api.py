"""Matchups and gauntlets without a worker process: the API (docs/contract.md, "Matchups and
gauntlets"), its refusals and quotas, who reads which run, and chunks played in this process in any
order giving the results of the engine in one call. tests/web/test_matchups_worker.py runs them on
real workers."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import AbstractBaseUser
from pytest_django.fixtures import Settings
from rest_framework.test import APIClient

from cardsdb.models import Game
from decks import services as deck_services
from decks.models import Deck, Visibility
from decks.simulations.models import RunKind, SimulationRun
from engine.cli import load_cards, resolved_deck
from engine.matchup import MatchupStats, run_matchup
from engine.validation import CardIndex
from tests.web.test_simulations_api import FOUR_COPIES, LEGAL, client_of, make_deck, play_all
from tests.worker_fixtures import isolated_broker_fixture  # noqa: F401

pytestmark = pytest.mark.usefixtures("loaded_cards", "isolated_broker")

DECKS = Path(__file__).resolve().parents[1] / "engine" / "decks" / "condemned"
MEDIC = (DECKS / "legal_medic_no_headers.txt").read_text(encoding="utf-8")
MATCHUPS = "/api/matchups/"
GAUNTLETS = "/api/gauntlets/"


def engine_report(text_a: str, text_b: str, games: int, seed: int, slices: list[int] | None = None,
                  game: str = "condemned") -> dict[str, Any]:
    """The same matchup played by the engine alone, in one call or in `slices` of games merged."""
    cards = CardIndex(game, load_cards(game))
    deck_a, deck_b = resolved_deck(game, text_a, cards), resolved_deck(game, text_b, cards)
    if slices is None:
        return run_matchup(game, deck_a, deck_b, games, seed).report()
    stats, start = MatchupStats(game, seed), 0
    for count in slices:
        stats.merge(run_matchup(game, deck_a, deck_b, count, seed, start))
        start += count
    assert start == games
    return stats.report()


def run_of(body: dict[str, Any]) -> SimulationRun:
    return SimulationRun.objects.get(public_id=body["id"])


def test_a_matchup_split_in_chunks_played_in_any_order_gives_the_engines_results(ann: AbstractBaseUser) -> None:
    opponent = make_deck(ann, Visibility.PUBLIC, MEDIC)
    response = client_of(None).post(MATCHUPS, {"game": "condemned", "list": LEGAL, "opponent": opponent.share_id,
                                               "games": 1200, "seed": 5}, format="json")
    assert response.status_code == 202, response.content
    body = response.json()
    assert (body["kind"], body["status"], body["games"], body["pairing_games"]) == ("matchup", "queued", 1200, 1200)
    assert body["opponents"] == [{"index": 0, "name": opponent.name, "deck": opponent.share_id,
                                  "deck_version": 1, "format": opponent.format}]
    assert response["Location"] == body["api_url"] and body["api_url"].endswith(f"/api/matchups/{body['id']}/")
    run = run_of(body)
    assert list(run.chunks.order_by("index").values_list("count", flat=True)) == [500, 500, 200]
    play_all(run, order=[2, 0, 1])

    done = client_of(None).get(body["api_url"]).json()

    assert (done["status"], done["progress"]) == ("done", 1.0)
    # Three chunks in any order, one call, and uneven slices: the same report.
    assert done["results"] == engine_report(LEGAL, MEDIC, 1200, 5)
    assert done["results"] == engine_report(LEGAL, MEDIC, 1200, 5, slices=[7, 650, 43, 500])
    assert done["results"]["wins_a"] + done["results"]["wins_b"] + done["results"]["draws"] == 1200


def test_a_gauntlet_is_one_run_with_a_row_an_opponent(ann: AbstractBaseUser) -> None:
    medic = make_deck(ann, Visibility.UNLISTED, MEDIC)
    brute = make_deck(ann, Visibility.PUBLIC, LEGAL)
    response = client_of(ann).post(GAUNTLETS, {"deck": brute.share_id, "games": 120, "seed": 9,
                                               "opponents": [f"http://testserver/decks/{medic.share_id}/",
                                                             brute.share_id]}, format="json")
    assert response.status_code == 202, response.content
    body = response.json()
    assert (body["kind"], body["games"], body["pairing_games"]) == ("gauntlet", 240, 120)
    assert [row["deck"] for row in body["opponents"]] == [medic.share_id, brute.share_id]
    run = run_of(body)
    play_all(run, order=list(reversed(range(run.chunks.count()))))

    done = client_of(ann).get(body["api_url"]).json()

    assert done["status"] == "done"
    rows = done["results"]["opponents"]
    assert [row["name"] for row in rows] == [medic.name, brute.name]
    for row, text in zip(rows, (MEDIC, LEGAL), strict=True):
        report = engine_report(LEGAL, text, 120, 9)
        assert (row["wins"], row["losses"], row["draws"]) == (report["wins_a"], report["wins_b"], report["draws"])
        assert (row["win_rate"], row["win_rate_low"], row["win_rate_high"]) == (
            report["a_win_rate"], report["a_win_rate_low"], report["a_win_rate_high"])
        assert row["win_rate_low"] <= row["win_rate"] <= row["win_rate_high"]


SAMPLE_DECKS = Path(__file__).resolve().parents[2] / "bench" / "decks"


@pytest.mark.parametrize(("game", "player", "games", "counts"), [
    # A fast engine's chunks hold 500 games: a 2,000-game matchup is four chunks, one each for two
    # workers twice, and its messages and writes stay small next to its games.
    ("condemned", "heuristic", 2000, [500] * 4),
    ("anguish", "random", 1200, [500, 500, 200]),
    # QQDND's games are some thirty times slower, and a search player's slower still: usual chunks.
    ("qqdnd", "heuristic", 300, [100] * 3),
    ("condemned", "search", 50, [50]),
])
def test_a_matchups_chunks_are_sized_by_how_fast_its_games_play(game: str, player: str, games: int,
                                                                 counts: list[int], ann: AbstractBaseUser) -> None:
    sample = (SAMPLE_DECKS / f"{game}.txt").read_text(encoding="utf-8")
    opponent = deck_services.deck_import(owner=ann, game=Game.objects.get(slug=game), text=sample,
                                         visibility=Visibility.PUBLIC).deck
    response = client_of(ann).post(MATCHUPS, {"game": game, "list": sample, "opponent": opponent.share_id,
                                              "games": games, "player": player}, format="json")
    assert response.status_code == 202, response.content
    run = run_of(response.json())
    assert list(run.chunks.order_by("index").values_list("count", flat=True)) == counts


def test_it_refuses_an_illegal_opponent_with_its_problems_and_says_which(ann: AbstractBaseUser) -> None:
    illegal = make_deck(ann, Visibility.PUBLIC, FOUR_COPIES)

    response = client_of(None).post(MATCHUPS, {"game": "condemned", "list": LEGAL, "opponent": illegal.share_id},
                                    format="json")

    assert response.status_code == 400
    body = response.json()
    assert body["detail"].startswith(f"The opponent ({illegal.name}) is not legal")
    assert body["problems"] and all(problem["message"] for problem in body["problems"])
    assert not SimulationRun.objects.exists()


def test_a_private_opponent_of_someone_else_is_404_and_nothing_is_kept(ann: AbstractBaseUser,
                                                                         bob: AbstractBaseUser) -> None:
    private = make_deck(ann, Visibility.PRIVATE, MEDIC)

    for url, body in ((MATCHUPS, {"opponent": private.share_id}), (GAUNTLETS, {"opponents": [private.share_id]})):
        response = client_of(bob).post(url, {"game": "condemned", "list": LEGAL, **body}, format="json")
        assert response.status_code == 404, response.content
    assert not SimulationRun.objects.exists()


def test_a_run_against_a_private_deck_is_its_owners_only(ann: AbstractBaseUser, bob: AbstractBaseUser) -> None:
    private = make_deck(ann, Visibility.PRIVATE, MEDIC)
    body = client_of(ann).post(MATCHUPS, {"game": "condemned", "list": LEGAL, "opponent": private.share_id,
                                          "games": 10}, format="json").json()

    assert client_of(ann).get(body["api_url"]).status_code == 200
    assert client_of(bob).get(body["api_url"]).status_code == 404
    assert client_of(None).get(body["api_url"]).status_code == 404


def test_a_matchup_game_counts_twice_in_the_quota(ann: AbstractBaseUser, settings: Settings) -> None:
    settings.RUN_GAMES_PER_DAY_USER = 1000
    opponent = make_deck(ann, Visibility.PUBLIC, MEDIC)
    first = client_of(ann).post(MATCHUPS, {"game": "condemned", "list": LEGAL, "opponent": opponent.share_id,
                                           "games": 400}, format="json")
    assert first.status_code == 202

    over = client_of(ann).post(MATCHUPS, {"game": "condemned", "list": LEGAL, "opponent": opponent.share_id,
                                          "games": 101}, format="json")
    never = client_of(ann).post(MATCHUPS, {"game": "condemned", "list": LEGAL, "opponent": opponent.share_id,
                                           "games": 501}, format="json")

    # 400 matchup games are 800 of the 1,000: 101 more would be 1,002; 501 alone would be 1,002.
    assert over.status_code == 429 and "ask for at most 100 games" in over.json()["detail"]
    assert int(over["Retry-After"]) > 0
    assert never.status_code == 400 and "counts 2 times" in never.json()["detail"]
    assert SimulationRun.objects.count() == 1


def test_the_search_player_has_a_stricter_budget_in_matchups(ann: AbstractBaseUser) -> None:
    opponent = make_deck(ann, Visibility.PUBLIC, MEDIC)
    base = {"game": "condemned", "list": LEGAL, "opponent": opponent.share_id, "player": "search"}

    too_many = client_of(ann).post(MATCHUPS, {**base, "games": 51}, format="json")
    too_deep = client_of(ann).post(MATCHUPS, {**base, "games": 10, "budget": 33}, format="json")
    gauntlet = client_of(ann).post(GAUNTLETS, {**base, "opponents": [opponent.share_id] * 2, "games": 26},
                                   format="json")

    assert too_many.status_code == 400 and "at most 50 games" in too_many.json()["detail"]
    assert too_deep.status_code == 400 and "budget" in str(too_deep.json())
    assert gauntlet.status_code == 400 and "at most 50 games" in gauntlet.json()["detail"]
    assert not SimulationRun.objects.exists()


@pytest.mark.parametrize("body", [
    {"game": "condemned", "list": LEGAL},  # no opponent
    {"opponent": "abcdefghijkl"},  # no deck A
    {"game": "condemned", "list": LEGAL, "opponent": "not a link !"},
])
def test_it_answers_400_to_a_matchup_it_cannot_read(body: dict[str, Any]) -> None:
    response = APIClient().post(MATCHUPS, body, format="json")
    assert response.status_code == 400, response.content
    assert not SimulationRun.objects.exists()


def test_a_gauntlet_without_opponents_against_an_empty_field_is_refused() -> None:
    response = APIClient().post(GAUNTLETS, {"game": "anguish", "list": "Deck:\n", "opponents": []}, format="json")
    assert response.status_code == 400
    assert response.json()["detail"] == "The Anguish CCG field has no public legal decks yet."
    assert not SimulationRun.objects.exists()


def test_it_lists_the_callers_runs_and_a_decks_runs(ann: AbstractBaseUser, bob: AbstractBaseUser,
                                                    django_assert_max_num_queries: Any) -> None:
    opponents = [make_deck(ann, Visibility.PUBLIC, MEDIC) for _ in range(3)]
    deck = make_deck(ann, Visibility.PUBLIC, LEGAL)
    for opponent in opponents:
        client_of(ann).post(MATCHUPS, {"deck": deck.share_id, "opponent": opponent.share_id, "games": 10},
                            format="json")
    client_of(bob).post(GAUNTLETS, {"deck": deck.share_id, "opponents": [o.share_id for o in opponents],
                                    "games": 10}, format="json")

    with django_assert_max_num_queries(8):
        mine = client_of(ann).get(MATCHUPS).json()
    of_deck = client_of(bob).get(GAUNTLETS, {"deck": deck.share_id}).json()

    assert mine["count"] == 3 and {row["kind"] for row in mine["results"]} == {RunKind.MATCHUP}
    assert client_of(bob).get(MATCHUPS).json()["count"] == 0
    assert of_deck["count"] == 1 and len(of_deck["results"][0]["opponents"]) == 3


def test_a_matchup_is_not_a_gauntlet(ann: AbstractBaseUser) -> None:
    opponent: Deck = make_deck(ann, Visibility.PUBLIC, MEDIC)
    body = client_of(None).post(MATCHUPS, {"game": "condemned", "list": LEGAL, "opponent": opponent.share_id,
                                           "games": 10}, format="json").json()
    assert client_of(None).get(f"{GAUNTLETS}{body['id']}/").status_code == 404


def test_a_matchup_is_not_a_goldfish_run_of_the_simulations_api_or_comparisons(ann: AbstractBaseUser) -> None:
    opponent = make_deck(ann, Visibility.PUBLIC, MEDIC)
    body = client_of(None).post(MATCHUPS, {"game": "condemned", "list": LEGAL, "opponent": opponent.share_id,
                                           "games": 10}, format="json").json()
    goldfish = client_of(None).post("/api/simulations/", {"game": "condemned", "list": LEGAL, "games": 10},
                                    format="json").json()

    assert client_of(None).get(f"/api/simulations/{body['id']}/").status_code == 404
    assert APIClient().get(f"/simulations/{goldfish['id']}/vs/{body['id']}/").status_code == 404
