"""Goldfish runs without a worker process: the API (docs/contract.md, "Simulations"), who sees which run,
a broker that is down, and the chunks played in this process in any order, twice, or after a worker
stopped (decks/simulations/chunks.py). tests/web/test_simulations_worker.py runs them on real workers."""
from __future__ import annotations

import random
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from celery import current_app
from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.utils import timezone
from rest_framework.test import APIClient

from cardsdb.models import Game
from decks import services as deck_services
from decks.models import Deck, Visibility
from decks.simulations import chunks, services
from decks.simulations.models import ChunkStatus, RunStatus, SimulationChunk, SimulationRun
from decks.simulations.queue import QUEUE_DOWN
from engine.cli import load_cards, resolved_deck
from engine.goldfish import run_goldfish
from engine.validation import CardIndex
from tests.worker_fixtures import isolated_broker_fixture  # noqa: F401

pytestmark = pytest.mark.usefixtures("loaded_cards", "isolated_broker")

DECKS = Path(__file__).resolve().parents[1] / "engine" / "decks" / "condemned"
LEGAL = (DECKS / "legal_brute_constructed.txt").read_text(encoding="utf-8")
FOUR_COPIES = (DECKS / "illegal_four_copies.txt").read_text(encoding="utf-8")
URL = "/api/simulations/"


def client_of(user: AbstractBaseUser | None) -> APIClient:
    api = APIClient()
    if user is not None:
        api.force_authenticate(user)
    return api


def make_deck(owner: AbstractBaseUser, visibility: str, text: str = LEGAL) -> Deck:
    game = Game.objects.get(slug="condemned")
    return deck_services.deck_import(owner=owner, game=game, text=text, visibility=visibility).deck


def start(user: AbstractBaseUser | None, **body: Any) -> Any:
    return client_of(user).post(URL, body, format="json")


def in_one_process(text: str, games: int, seed: int) -> dict[str, Any]:
    """The report of the same games played by the engine alone, from the fixture files."""
    deck = resolved_deck("condemned", text, CardIndex("condemned", load_cards("condemned")))
    return run_goldfish("condemned", deck, games, seed).report()


def run_of(response: Any) -> SimulationRun:
    assert response.status_code == 202, response.content
    return SimulationRun.objects.get(public_id=response.json()["id"])


def play_all(run: SimulationRun, order: list[int] | None = None) -> None:
    """Be the worker: play the run's chunks here, in `order` (chunk indexes) or in order."""
    rows = {chunk.index: chunk for chunk in run.chunks.all()}
    for index in order if order is not None else sorted(rows):
        chunk = rows[index]
        chunks.play_chunk(run.pk, chunk.index, chunk.start, chunk.count)


# Starting and reading runs ------------------------------------------------------------------------------


def test_it_starts_a_run_of_a_list_and_answers_the_contract() -> None:
    response = start(None, game="condemned", list=LEGAL, games=250, seed=7)
    assert response.status_code == 202, response.content
    body = response.json()
    assert (body["status"], body["progress"], body["games"], body["seed"]) == ("queued", 0.0, 250, 7)
    assert body["results"] is None and body["error"] is None and body["deck"] is None
    assert response["Location"].endswith(f"{URL}{body['id']}/")

    polled = client_of(None).get(f"{URL}{body['id']}/")
    assert polled.status_code == 200
    assert {"id", "status", "progress", "games", "seed", "results", "error"} <= polled.json().keys()
    run = SimulationRun.objects.get(public_id=body["id"])
    assert run.list_text == LEGAL and run.name == "Brute Force" and run.requested_by is None
    assert [(c.start, c.count) for c in run.chunks.order_by("index")] == services.plan_chunks(250)


def test_it_picks_a_seed_when_none_is_given_and_keeps_it(ann: AbstractBaseUser) -> None:
    body = start(ann, game="condemned", list=LEGAL, games=10).json()
    run = SimulationRun.objects.get(public_id=body["id"])
    assert body["seed"] == run.seed and run.requested_by == ann


def test_it_refuses_an_illegal_deck_with_its_problems() -> None:
    response = start(None, game="condemned", list=FOUR_COPIES, games=10, seed=1)
    assert response.status_code == 400
    body = response.json()
    assert [p["code"] for p in body["problems"]] == ["copies"]
    assert "Alpha Strike" in body["problems"][0]["cards"]
    assert not SimulationRun.objects.exists()


@pytest.mark.parametrize(
    "body",
    [
        {"game": "condemned", "games": 10},  # no list
        {"list": LEGAL, "games": 10},  # no game
        {"game": "condemned", "list": LEGAL, "games": 0},
        {"game": "condemned", "list": LEGAL, "games": services.MAX_GAMES + 1},
        {"game": "condemned", "list": LEGAL, "seed": -1},
        {"game": "chess", "list": LEGAL},
    ],
)
def test_it_answers_400_to_a_request_it_cannot_read(body: dict[str, Any]) -> None:
    response = start(None, **body)
    assert response.status_code == 400
    assert not SimulationRun.objects.exists()


def test_it_plays_a_deck_by_its_share_id_and_never_by_its_row_number(ann: AbstractBaseUser) -> None:
    deck = make_deck(ann, Visibility.PUBLIC)
    response = start(None, deck=deck.share_id, games=10, seed=3)
    assert response.status_code == 202
    run = SimulationRun.objects.get(public_id=response.json()["id"])
    assert (run.deck, run.deck_version, run.list_text) == (deck, deck.version, deck.current.text)
    assert response.json()["deck"] == deck.share_id

    assert start(None, deck=str(deck.pk), games=10).status_code == 404


def test_it_shows_a_private_decks_runs_to_its_owner_only(ann: AbstractBaseUser, bob: AbstractBaseUser) -> None:
    deck = make_deck(ann, Visibility.PRIVATE)
    assert start(bob, deck=deck.share_id, games=10).status_code == 404
    assert start(None, deck=deck.share_id, games=10).status_code == 404

    run_id = start(ann, deck=deck.share_id, games=10).json()["id"]
    assert client_of(ann).get(f"{URL}{run_id}/").status_code == 200
    assert client_of(bob).get(f"{URL}{run_id}/").status_code == 404
    assert client_of(None).get(f"{URL}{run_id}/").status_code == 404
    assert client_of(bob).get(f"/simulations/{run_id}/").status_code == 404


def test_it_plays_an_owners_edited_list_as_a_run_of_the_deck(ann: AbstractBaseUser, bob: AbstractBaseUser) -> None:
    deck = make_deck(ann, Visibility.PUBLIC)
    edited = LEGAL.replace("3 Alpha Strike", "2 Alpha Strike\n1 Blood Magic")
    assert start(bob, deck=deck.share_id, list=edited, games=10).status_code == 404  # not bob's to edit

    run = SimulationRun.objects.get(public_id=start(ann, deck=deck.share_id, list=edited, games=10).json()["id"])
    assert (run.deck, run.deck_version, run.list_text) == (deck, None, edited)


def test_it_keeps_the_run_and_the_deck_and_answers_503_when_the_broker_is_down(
    ann: AbstractBaseUser, monkeypatch: pytest.MonkeyPatch
) -> None:
    deck = make_deck(ann, Visibility.PRIVATE)
    version, text = deck.version, deck.current.text
    # Nothing listens on port 1. (Celery reads CELERY_BROKER_URL from the environment before its settings.)
    monkeypatch.setenv("CELERY_BROKER_URL", "redis://127.0.0.1:1/0")
    monkeypatch.setitem(current_app.conf, "broker_url", "redis://127.0.0.1:1/0")
    monkeypatch.setitem(current_app.conf, "broker_transport_options", {})

    response = start(ann, deck=deck.share_id, games=500, seed=5)

    assert response.status_code == 503
    body = response.json()
    assert body["detail"] == QUEUE_DOWN and body["status"] == "failed"
    run = SimulationRun.objects.get(public_id=body["id"])
    assert (run.status, run.error, run.games, run.seed, run.deck) == (RunStatus.FAILED, QUEUE_DOWN, 500, 5, deck)
    assert run.list_text == text
    deck.refresh_from_db()
    assert (deck.version, deck.current.text) == (version, text)
    assert client_of(ann).get(f"{URL}{run.public_id}/").json()["error"] == QUEUE_DOWN


# Chunks ------------------------------------------------------------------------------------------------


def test_it_merges_chunks_played_in_any_order_into_the_results_of_one_process() -> None:
    run = run_of(start(None, game="condemned", list=LEGAL, games=700, seed=11))
    order = list(range(run.chunks.count()))
    assert len(order) == 7
    random.Random(3).shuffle(order)

    play_all(run, order)

    body = client_of(None).get(f"{URL}{run.public_id}/").json()
    assert (body["status"], body["progress"], body["error"]) == ("done", 1.0, None)
    assert body["results"] == in_one_process(LEGAL, 700, 11)


def test_it_counts_progress_as_chunks_finish() -> None:
    run = run_of(start(None, game="condemned", list=LEGAL, games=250, seed=2))
    seen = []
    for chunk in run.chunks.order_by("index"):
        chunks.play_chunk(run.pk, chunk.index, chunk.start, chunk.count)
        run.refresh_from_db()
        seen.append((run.status, run.progress))
    assert seen == [("running", 100 / 250), ("running", 200 / 250), ("done", 1.0)]
    assert run.started_at is not None and run.finished_at is not None and run.started_at <= run.finished_at


def test_it_skips_a_chunk_delivered_again_after_it_was_played() -> None:
    run = run_of(start(None, game="condemned", list=LEGAL, games=200, seed=4))
    first = run.chunks.get(index=0)
    chunks.play_chunk(run.pk, 0, first.start, first.count)
    played = SimulationChunk.objects.get(pk=first.pk)

    chunks.play_chunk(run.pk, 0, first.start, first.count)

    again = SimulationChunk.objects.get(pk=first.pk)
    assert (again.attempts, again.claim, again.finished_at) == (1, played.claim, played.finished_at)


def test_it_ignores_a_message_that_names_other_games_than_the_chunk() -> None:
    run = run_of(start(None, game="condemned", list=LEGAL, games=200, seed=4))
    chunks.play_chunk(run.pk, 0, 0, 150)
    assert run.chunks.get(index=0).status == ChunkStatus.QUEUED


def stall(chunk: SimulationChunk, attempts: int) -> None:
    """Make the chunk look taken by a worker that stopped beating a while ago."""
    past = timezone.now() - timedelta(seconds=settings.SIMULATION_HEARTBEAT_LEASE + 5)
    SimulationChunk.objects.filter(pk=chunk.pk).update(
        status=ChunkStatus.RUNNING, claim="dead-worker", worker="gone:1", attempts=attempts,
        started_at=past, heartbeat_at=past,
    )


def test_it_sends_a_stalled_chunk_again_when_the_run_is_polled_and_a_worker_takes_it_over() -> None:
    run = run_of(start(None, game="condemned", list=LEGAL, games=300, seed=8))
    stalled = run.chunks.get(index=1)
    stall(stalled, attempts=1)

    assert client_of(None).get(f"{URL}{run.public_id}/").json()["status"] == "queued"
    assert SimulationChunk.objects.get(pk=stalled.pk).status == ChunkStatus.QUEUED

    play_all(run)
    stalled.refresh_from_db()
    assert (stalled.status, stalled.attempts) == (ChunkStatus.DONE, 2)
    run.refresh_from_db()
    assert run.status == RunStatus.DONE and run.results == in_one_process(LEGAL, 300, 8)


def test_it_leaves_a_chunk_alone_while_its_worker_beats() -> None:
    run = run_of(start(None, game="condemned", list=LEGAL, games=200, seed=8))
    chunk = run.chunks.get(index=0)
    SimulationChunk.objects.filter(pk=chunk.pk).update(
        status=ChunkStatus.RUNNING, claim="live-worker", attempts=1, heartbeat_at=timezone.now()
    )
    client_of(None).get(f"{URL}{run.public_id}/")
    chunks.play_chunk(run.pk, 0, chunk.start, chunk.count)  # another delivery of its message
    chunk.refresh_from_db()
    assert (chunk.status, chunk.claim, chunk.attempts) == (ChunkStatus.RUNNING, "live-worker", 1)


def test_it_fails_the_run_with_the_reason_when_a_chunks_workers_keep_dying() -> None:
    run = run_of(start(None, game="condemned", list=LEGAL, games=300, seed=8))
    stall(run.chunks.get(index=2), attempts=settings.SIMULATION_MAX_ATTEMPTS)

    body = client_of(None).get(f"{URL}{run.public_id}/").json()

    assert body["status"] == "failed"
    assert "games 201\u2013300 stopped" in body["error"]
    assert f"{settings.SIMULATION_MAX_ATTEMPTS} attempts" in body["error"]
    play_all(run)  # the chunks still queued are skipped: the run has ended
    assert not SimulationChunk.objects.filter(run=run, status=ChunkStatus.DONE).exists()


def test_it_fails_the_run_with_the_engines_error(monkeypatch: pytest.MonkeyPatch) -> None:
    run = run_of(start(None, game="condemned", list=LEGAL, games=200, seed=8))

    def broken(*args: Any, **options: Any) -> None:
        raise RuntimeError("no rule for this")

    monkeypatch.setattr(chunks, "run_goldfish", broken)
    play_all(run)

    body = client_of(None).get(f"{URL}{run.public_id}/").json()
    assert body["status"] == "failed" and body["results"] is None
    assert body["error"] == "The engine stopped while playing games 1\u2013100: RuntimeError: no rule for this"


# Planning ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("games", [1, 99, 100, 101, 2_499, 2_500, 2_501, 49_999, 100_000])
def test_it_plans_chunks_that_cover_every_game_once(games: int) -> None:
    plan = services.plan_chunks(games)
    assert [start for start, _ in plan] == [sum(count for _, count in plan[:i]) for i in range(len(plan))]
    assert sum(count for _, count in plan) == games
    assert all(services.MIN_CHUNK_GAMES <= count <= services.MAX_CHUNK_GAMES for _, count in plan[:-1])
    assert len(plan) <= max(services.TARGET_CHUNKS, games // services.MAX_CHUNK_GAMES + 1)
