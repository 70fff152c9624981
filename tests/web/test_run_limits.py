"""Limits on goldfish runs (README.md, "Limits"; docs/contract.md): throttles on starting runs and on the
API, quotas of games a day and runs in flight per account and per address, and cancelling a run.
Runs are started through the API and the run form; the chunks are played in this process, as a worker
plays them (tests/web/test_run_scheduling.py has real workers)."""
from __future__ import annotations

import threading
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth.models import AbstractBaseUser
from django.db import connection
from django.test import Client
from django.utils import timezone
from pytest_django.fixtures import Settings
from rest_framework.test import APIClient

from decks.models import Visibility
from decks.simulations import chunks
from decks.simulations.models import ChunkStatus, RunStatus, SimulationChunk, SimulationRun
from tests.web.test_simulations_api import LEGAL, client_of, make_deck, play_all, run_of
from tests.worker_fixtures import isolated_broker_fixture  # noqa: F401

pytestmark = pytest.mark.usefixtures("loaded_cards", "isolated_broker")

URL = "/api/simulations/"
HOME = "198.51.100.7"  # an anonymous client's address
AWAY = "203.0.113.9"  # another's


def post_run(api: APIClient | None = None, address: str = HOME, games: int = 100, **headers: str) -> Any:
    api = api or APIClient()
    body = {"game": "condemned", "list": LEGAL, "games": games, "seed": 1}
    return api.post(URL, body, format="json", REMOTE_ADDR=address, **headers)


def set_rates(settings: Settings, **rates: str) -> None:
    framework = settings.REST_FRAMEWORK
    settings.REST_FRAMEWORK = {**framework, "DEFAULT_THROTTLE_RATES": {**framework["DEFAULT_THROTTLE_RATES"], **rates}}


def assert_too_many(response: Any, *phrases: str) -> int:
    """A 429 whose detail holds the phrases; the Retry-After seconds."""
    assert response.status_code == 429, response.content
    detail = response.json()["detail"]
    for phrase in phrases:
        assert phrase in detail, detail
    return int(response["Retry-After"])


# Throttles ----------------------------------------------------------------------------------------------


def test_it_throttles_starting_runs_per_address_with_a_clear_429(settings: Settings) -> None:
    set_rates(settings, runs_anon="2/minute")
    settings.RUNS_IN_FLIGHT_ANON = 10

    assert [post_run().status_code for _ in range(2)] == [202, 202]
    wait = assert_too_many(post_run(), "Too many goldfish runs started",
                           "this address without an account may make 2 a minute")

    assert 0 < wait <= 60
    assert SimulationRun.objects.count() == 2  # nothing of the refused one
    assert post_run(address=AWAY).status_code == 202  # another address has its own count


def test_it_throttles_an_account_on_its_own_rate_wherever_it_comes_from(
    settings: Settings, ann: AbstractBaseUser
) -> None:
    set_rates(settings, runs_anon="1/minute", runs_user="3/minute")
    settings.RUNS_IN_FLIGHT_USER = 10
    assert post_run().status_code == 202
    assert post_run().status_code == 429

    codes = [post_run(client_of(ann), address=f"192.0.2.{n}").status_code for n in range(4)]

    assert codes == [202, 202, 202, 429]


def test_it_throttles_every_api_request_per_address(settings: Settings) -> None:
    set_rates(settings, anon="3/minute")
    api = APIClient()
    codes = [api.get("/api/cards/", {"game": "qqdnd"}, REMOTE_ADDR=HOME).status_code for _ in range(4)]
    assert codes == [200, 200, 200, 429]
    assert_too_many(api.get("/api/games/", REMOTE_ADDR=HOME), "Too many requests to the API", "3 a minute")


def test_it_ignores_x_forwarded_for_unless_told_of_proxies(settings: Settings) -> None:
    set_rates(settings, runs_anon="1/minute")
    assert post_run(HTTP_X_FORWARDED_FOR="192.0.2.1").status_code == 202
    assert post_run(HTTP_X_FORWARDED_FOR="192.0.2.2").status_code == 429  # a forged header changes nothing

    settings.NUM_PROXIES = 1  # behind one proxy, which appends the address it saw
    assert post_run(HTTP_X_FORWARDED_FOR="10.1.1.1, 192.0.2.3").status_code == 202
    assert post_run(HTTP_X_FORWARDED_FOR="10.1.1.1, 192.0.2.3").status_code == 429
    assert post_run(HTTP_X_FORWARDED_FOR="192.0.2.4").status_code == 202


def test_it_counts_an_ipv6_network_as_one_client(settings: Settings) -> None:
    set_rates(settings, runs_anon="1/minute")
    assert post_run(address="2001:db8:1:2::10").status_code == 202
    assert post_run(address="2001:db8:1:2:ffff::99").status_code == 429  # the same /64
    assert post_run(address="2001:db8:1:3::10").status_code == 202


def test_it_throttles_the_run_form_with_a_429_page(settings: Settings) -> None:
    set_rates(settings, runs_anon="1/minute")
    browser = Client(REMOTE_ADDR=HOME)
    form = {"game": "condemned", "list": LEGAL, "games": 100}
    assert browser.post("/simulations/new/", form).status_code == 302

    page = browser.post("/simulations/new/", form)

    assert page.status_code == 429 and 0 < int(page["Retry-After"]) <= 60
    assert "Too many goldfish runs started" in page.content.decode()
    assert SimulationRun.objects.count() == 1


# Quotas ------------------------------------------------------------------------------------------------


def test_it_refuses_a_run_over_the_runs_in_flight_until_one_ends() -> None:
    first, second = run_of(post_run()), run_of(post_run())

    refused = post_run()

    assert assert_too_many(refused, "2 runs started from this address without an account are still playing",
                           "cancel one", "Sign in") == 30
    assert SimulationRun.objects.count() == 2 and SimulationChunk.objects.count() == 2  # one chunk a run
    assert post_run(address=AWAY).status_code == 202  # another address has its own runs

    play_all(first)
    assert post_run().status_code == 202
    assert client_of(None).post(f"{URL}{second.public_id}/cancel/", REMOTE_ADDR=HOME).status_code == 200
    assert post_run().status_code == 202


def test_it_holds_each_account_to_its_own_quota(settings: Settings, ann: AbstractBaseUser,
                                                bob: AbstractBaseUser) -> None:
    settings.RUNS_IN_FLIGHT_USER = 1
    assert post_run(client_of(ann)).status_code == 202
    assert_too_many(post_run(client_of(ann), address=AWAY), "1 run started by this account is still playing")
    assert post_run(client_of(bob)).status_code == 202
    assert post_run().status_code == 202  # anonymous, from the same address as ann


def test_it_refuses_games_over_the_day_and_says_when_they_fit(settings: Settings) -> None:
    settings.RUN_GAMES_PER_DAY_ANON = 1000
    settings.RUNS_IN_FLIGHT_ANON = 10
    old = run_of(post_run(games=300))
    SimulationRun.objects.filter(pk=old.pk).update(created_at=timezone.now() - timedelta(hours=23))
    run_of(post_run(games=500))

    wait = assert_too_many(post_run(games=400), "may play 1,000 games a day, and 800 were asked for",
                           "ask for at most 200 games")

    assert 3500 <= wait <= 3600  # the 23-hour-old run leaves the day's count in an hour
    assert post_run(games=200).status_code == 202
    wait = assert_too_many(post_run(games=301))
    assert 23 * 3600 < wait <= 24 * 3600  # the 300 games won't do: the 500 must go too


def test_it_counts_only_the_games_played_by_a_cancelled_run(settings: Settings) -> None:
    settings.RUN_GAMES_PER_DAY_ANON = 1000
    run = run_of(post_run(games=800))
    first = run.chunks.get(index=0)
    chunks.play_chunk(run.pk, 0, first.start, first.count)  # 100 games played
    assert client_of(None).post(f"{URL}{run.public_id}/cancel/", REMOTE_ADDR=HOME).status_code == 200

    assert post_run(games=901).status_code == 429
    assert post_run(games=900).status_code == 202


def test_it_refuses_with_400_a_run_bigger_than_a_days_quota(settings: Settings) -> None:
    settings.RUN_GAMES_PER_DAY_ANON = 1000
    response = post_run(games=1001)
    assert response.status_code == 400
    assert response.json()["detail"] == ("Runs started from this address without an account may play 1,000 games "
                                         "a day; ask for fewer. Sign in for a larger quota.")
    assert not SimulationRun.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_simultaneous_requests_cannot_slip_past_the_runs_in_flight() -> None:
    """Twelve requests at once from one address, two runs allowed in flight: two start, ten are refused."""
    codes: list[int] = []
    barrier = threading.Barrier(12)

    def request() -> None:
        try:
            barrier.wait()
            codes.append(post_run().status_code)
        finally:
            connection.close()

    threads = [threading.Thread(target=request) for _ in range(12)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert sorted(codes) == [202, 202] + [429] * 10
    assert SimulationRun.objects.count() == 2


# Cancelling ---------------------------------------------------------------------------------------------


def cancel(run: SimulationRun, api: APIClient | None = None, address: str = HOME) -> Any:
    return (api or APIClient()).post(f"{URL}{run.public_id}/cancel/", REMOTE_ADDR=address)


def test_the_requester_cancels_a_run_and_its_chunks_are_not_played() -> None:
    run = run_of(post_run(games=300))
    assert client_of(None).get(f"{URL}{run.public_id}/", REMOTE_ADDR=HOME).json()["can_cancel"] is True
    assert client_of(None).get(f"{URL}{run.public_id}/", REMOTE_ADDR=AWAY).json()["can_cancel"] is False

    response = cancel(run)

    assert response.status_code == 200
    body = response.json()
    assert (body["status"], body["can_cancel"], body["error"], body["results"]) == ("cancelled", False, None, None)
    assert set(run.chunks.values_list("status", flat=True)) == {ChunkStatus.CANCELLED}
    play_all(run)  # the messages already in the broker are taken, and skipped
    assert set(run.chunks.values_list("status", flat=True)) == {ChunkStatus.CANCELLED}
    assert set(run.chunks.values_list("attempts", flat=True)) == {0}
    conflict = cancel(run)
    assert conflict.status_code == 409 and conflict.json()["detail"] == "This run has already ended (cancelled)."


def test_nobody_else_cancels_a_run(ann: AbstractBaseUser, bob: AbstractBaseUser) -> None:
    anonymous = run_of(post_run())
    assert cancel(anonymous, address=AWAY).status_code == 403
    assert cancel(anonymous, client_of(ann)).status_code == 403
    assert cancel(anonymous, address=AWAY).json()["detail"] == "Only whoever started this run can cancel it."

    anns = run_of(post_run(client_of(ann)))
    assert cancel(anns, client_of(bob)).status_code == 403
    assert cancel(anns).status_code == 403  # anonymous, from the address ann used
    assert cancel(anns, client_of(ann), address=AWAY).status_code == 200  # ann, from anywhere

    deck = make_deck(ann, Visibility.PRIVATE)
    private = run_of(client_of(ann).post(URL, {"deck": deck.share_id, "games": 100}, format="json"))
    assert cancel(private, client_of(bob)).status_code == 404  # bob can't see it at all
    assert SimulationRun.objects.get(pk=anonymous.pk).status == RunStatus.QUEUED
    assert SimulationRun.objects.get(pk=private.pk).status == RunStatus.QUEUED


def test_a_finished_run_cannot_be_cancelled() -> None:
    run = run_of(post_run(games=100))
    play_all(run)
    response = cancel(run)
    assert response.status_code == 409 and response.json()["detail"] == "This run has already ended (done)."


def test_the_run_page_cancels_with_its_button(ann: AbstractBaseUser, bob: AbstractBaseUser) -> None:
    owner = Client()
    owner.force_login(ann)
    started = owner.post("/simulations/new/", {"game": "condemned", "list": LEGAL, "games": 200})
    run = SimulationRun.objects.get()
    page = owner.get(started["Location"]).content.decode()
    assert 'id="cancel-run"' in page and f'action="/simulations/{run.public_id}/cancel/"' in page
    other = Client()
    other.force_login(bob)
    assert 'id="cancel-run"' not in other.get(started["Location"]).content.decode()
    assert other.post(f"/simulations/{run.public_id}/cancel/").status_code == 403

    after = owner.post(f"/simulations/{run.public_id}/cancel/", follow=True)

    text = after.content.decode()
    assert after.status_code == 200 and "The run was cancelled" in text and "Cancelled after 0 of 200 games." in text
    assert 'id="cancel-run"' not in text
    assert SimulationRun.objects.get().status == RunStatus.CANCELLED
