"""Playing chunks of a run on the workers.

A worker takes a chunk by writing a new claim token into its row (one conditional UPDATE, so two
deliveries of the same message can't both take it), plays the games a slice at a time, and writes
a heartbeat at least every HEARTBEAT_SECONDS while it plays. A chunk that is already done, or
held by a live worker, or whose run has ended (failed, or cancelled by its requester), is skipped:
every delivery of a message is safe. A worker playing a chunk whose run ends stops at its next
heartbeat.

Each take makes room in the broker, so the worker then sends the next waiting chunk
(decks/simulations/scheduling.py). A worker that dies mid-chunk stops writing heartbeats, and
decks/simulations/recovery.py sends its chunk again.

All times are the database's (Now()): the one clock every worker machine shares.
"""
from __future__ import annotations

import logging
import os
import socket
import time
import uuid
from collections.abc import Callable
from datetime import timedelta
from functools import lru_cache

from django.conf import settings
from django.db import DatabaseError
from django.db.models import Count, F, Q, Sum
from django.db.models.functions import Now

from engine.deck import ResolvedDeck
from engine.goldfish import RunStats, run_goldfish
from engine.matchup import MatchupStats, run_matchup
from engine.players.search import DEFAULT_BUDGET

from ..lists import check_list
from ..selectors import game_cards
from .endings import fail_run
from .models import ACTIVE_RUN, ChunkStatus, RunPairing, RunStatus, SimulationChunk, SimulationRun
from .pairings import merged_results
from .scheduling import dispatch_quietly

logger = logging.getLogger(__name__)

HEARTBEAT_SECONDS = 1.0
SLICE_GAMES = 20  # games played between two looks at the clock
# A matchup's engine plays a long call faster than many short ones (its players and tables warm up
# over the games of a call): a two-deck chunk's slices double while one takes under a quarter of the
# heartbeat, up to this many games.
MAX_MATCHUP_SLICE_GAMES = 2000


class LostClaim(Exception):
    """The chunk was given to another worker (this one was taken for dead) or its run ended."""


def _lease() -> timedelta:
    return timedelta(seconds=settings.SIMULATION_HEARTBEAT_LEASE)


def games_of(chunk: SimulationChunk) -> str:
    return f"games {chunk.start + 1:,}\u2013{chunk.start + chunk.count:,}"


# The worker's side --------------------------------------------------------------------------------


def play_chunk(run_id: int, index: int, start: int, count: int) -> None:
    """The Celery task's body: play one chunk's games and store its statistics."""
    token = uuid.uuid4().hex
    claimed = _claim(run_id, index, start, count, token)
    # A message left the broker (played or skipped, as a cancelled run's are): send the next chunk.
    dispatch_quietly()
    if not claimed:
        return
    chunk = SimulationChunk.objects.select_related("run__game", "pairing").get(run_id=run_id, index=index)
    if chunk.run.status == RunStatus.QUEUED:  # the run's first chunk (a running run has its start)
        SimulationRun.objects.filter(pk=run_id, status=RunStatus.QUEUED).update(
            status=RunStatus.RUNNING, started_at=Now()
        )
    try:
        stats = _play(chunk, token)
    except LostClaim:
        return
    except DatabaseError:
        raise  # not the games' fault: the chunk's lease runs out and it is sent again
    except Exception as error:  # an engine bug: the same games would fail again, so no retry
        logger.exception("Playing %s of run %s failed", games_of(chunk), chunk.run.public_id)
        SimulationChunk.objects.filter(pk=chunk.pk, claim=token).update(
            status=ChunkStatus.FAILED, error=f"{type(error).__name__}: {error}", finished_at=Now()
        )
        fail_run(run_id, f"The engine stopped while playing {games_of(chunk)}: {type(error).__name__}: {error}")
        return
    finished = SimulationChunk.objects.filter(pk=chunk.pk, claim=token, status=ChunkStatus.RUNNING).update(
        status=ChunkStatus.DONE, stats=stats.to_dict(), finished_at=Now()
    )
    if finished:
        count_progress(chunk.run)


def _claim(run_id: int, index: int, start: int, count: int, token: str) -> bool:
    """Take the chunk if it was sent (or is waiting: a message that went out while its send was taken
    for failed), or held by a worker that stopped beating; one UPDATE."""
    takeable = Q(status__in=[ChunkStatus.WAITING, ChunkStatus.QUEUED]) | Q(
        status=ChunkStatus.RUNNING, heartbeat_at__lt=Now() - _lease()
    )
    return bool(
        SimulationChunk.objects.filter(
            takeable, run_id=run_id, index=index, start=start, count=count,
            run__status__in=ACTIVE_RUN, attempts__lt=settings.SIMULATION_MAX_ATTEMPTS,
        ).update(
            status=ChunkStatus.RUNNING, claim=token, attempts=F("attempts") + 1, sends=0, worker=_worker_name(),
            started_at=Now(), heartbeat_at=Now(), error="",
        )
    )


def _worker_name() -> str:
    return f"{socket.gethostname()}:{os.getpid()}"


@lru_cache(maxsize=16)
def _resolved(game: str, text: str, format: str) -> ResolvedDeck:
    # A worker plays many chunks of the same run: the list is read once per process.
    return check_list(game_cards(game), text, format).deck


def _player_of(run: SimulationRun, pairing: RunPairing | None) -> Callable[[int, int], RunStats | MatchupStats]:
    """Plays `count` games from `first` of the chunk's run: goldfish games of the run's deck, or the games
    of the chunk's pairing (deck A against deck B) for a two-deck run."""
    game = run.game.slug
    budget = run.budget or DEFAULT_BUDGET
    if pairing is None:
        deck = _resolved(game, run.list_text, run.format)
        return lambda first, count: run_goldfish(game, deck, count, run.seed, first, opponent=run.opponent,
                                                 player=run.player, budget=budget)
    deck_a = _resolved(game, pairing.a_list_text, pairing.a_format)
    deck_b = _resolved(game, pairing.b_list_text, pairing.b_format)
    return lambda first, count: run_matchup(game, deck_a, deck_b, count, run.seed, first, player=run.player,
                                            budget=budget)


def _play(chunk: SimulationChunk, token: str) -> RunStats | MatchupStats:
    run = chunk.run
    play = _player_of(run, chunk.pairing)
    stats: RunStats | MatchupStats | None = None
    end = chunk.start + chunk.count
    beaten = time.monotonic()
    # A search player's game can take seconds: it beats after every game, well within the lease.
    slice_games = 1 if run.player == "search" else SLICE_GAMES
    grows = chunk.pairing is not None and run.player != "search"
    first = chunk.start
    while first < end:
        began = time.monotonic()
        played = play(first, min(slice_games, end - first))
        first += min(slice_games, end - first)
        if grows and time.monotonic() - began < HEARTBEAT_SECONDS / 4:
            slice_games = min(2 * slice_games, MAX_MATCHUP_SLICE_GAMES)
        if stats is None:
            stats = played
        else:
            stats.merge(played)  # type: ignore[arg-type]  # one kind of statistics a chunk
        if time.monotonic() - beaten >= HEARTBEAT_SECONDS:
            alive = SimulationChunk.objects.filter(
                pk=chunk.pk, claim=token, status=ChunkStatus.RUNNING, run__status__in=ACTIVE_RUN
            ).update(heartbeat_at=Now())
            if not alive:
                raise LostClaim()
            beaten = time.monotonic()
    assert stats is not None, "a chunk plays at least one game"
    return stats


def count_progress(run: SimulationRun) -> None:
    """Record the games of the finished chunks; merge them into the results when all are done."""
    counts = SimulationChunk.objects.filter(run=run).aggregate(
        chunks=Count("id"),
        done=Count("id", filter=Q(status=ChunkStatus.DONE)),
        games=Sum("count", filter=Q(status=ChunkStatus.DONE)),
    )
    # Chunks finish concurrently: only ever raise the count, so a late writer can't lower it.
    SimulationRun.objects.filter(pk=run.pk, status__in=ACTIVE_RUN, games_done__lt=counts["games"]).update(
        games_done=counts["games"]
    )
    if counts["done"] == counts["chunks"]:
        _merge_results(run)


def _merge_results(run: SimulationRun) -> None:
    if run.two_decks:
        results, games = merged_results(run)
    else:
        stats = RunStats(run.game.slug, run.seed, run.opponent, run.player)
        for data in SimulationChunk.objects.filter(run=run).order_by("index").values_list("stats", flat=True):
            assert data is not None, "every chunk is done, so every chunk has its statistics"
            stats.merge(RunStats.from_dict(data))
        results, games = stats.report(), stats.games
    SimulationRun.objects.filter(pk=run.pk, status__in=ACTIVE_RUN).update(
        status=RunStatus.DONE, results=results, games_done=games, finished_at=Now()
    )
