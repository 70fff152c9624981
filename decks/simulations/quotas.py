"""Who started a run, and how much they may ask of the workers.

Each run records its requester: an account ("user:<id>"), or, without one, the client's address
("addr:<keyed hash>": a hash keyed with SECRET_KEY, so the address itself is not stored; IPv6 by its
/64 network, config/throttles.py), or the server itself ("server:<name>": scripts such as the bench,
which have no quota). Quotas, per requester (settings, from environment variables):

- games a day: the games of the runs started in the last 24 hours (a cancelled or failed run counts
  the games it played) may not go over RUN_GAMES_PER_DAY_USER / RUN_GAMES_PER_DAY_ANON. A game of a
  two-deck run (matchup, gauntlet) has both seats played by a player: it counts as two
  (SimulationRun.work_per_game);
- runs in flight: at most RUNS_IN_FLIGHT_USER / RUNS_IN_FLIGHT_ANON runs queued or running at once.

A run that would go over is refused with QuotaExceeded (429, with the seconds until it would fit); a
run asking for more games than a whole day's quota is refused with RunRefused (400: waiting won't help).
`admit` runs inside the transaction that creates the run, after the run's row is written and under a
per-requester lock, so simultaneous requests can't both slip under a quota.
"""
from __future__ import annotations

import math
import zlib
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db import connection
from django.db.models import Case, Count, F, Q, QuerySet, Sum, When
from django.db.models.expressions import CombinedExpression
from django.http import HttpRequest
from django.utils import timezone
from django.utils.crypto import salted_hmac

from config.throttles import client_address

from .models import ACTIVE_RUN, RunStatus, SimulationRun

DAY = timedelta(days=1)
IN_FLIGHT_RETRY_SECONDS = 30  # a guess: how soon one of the runs in flight may end


@dataclass(frozen=True)
class Quota:
    games_per_day: int
    runs_in_flight: int
    anonymous: bool


@dataclass(frozen=True)
class Requester:
    key: str
    quota: Quota | None  # None: the server itself, no quota

    @classmethod
    def of(cls, request: HttpRequest) -> Requester:
        """The requester of a web or API request."""
        return cls.of_client(request.user, client_address(request) or "unknown")

    @classmethod
    def of_client(cls, user: AbstractBaseUser | AnonymousUser, address: str) -> Requester:
        if user.is_authenticated:
            quota = Quota(settings.RUN_GAMES_PER_DAY_USER, settings.RUNS_IN_FLIGHT_USER, anonymous=False)
            return cls(f"user:{user.pk}", quota)
        digest = salted_hmac("decks.simulations.requester", address, algorithm="sha256").hexdigest()[:32]
        return cls(f"addr:{digest}", Quota(settings.RUN_GAMES_PER_DAY_ANON, settings.RUNS_IN_FLIGHT_ANON, True))

    @classmethod
    def server(cls, name: str) -> Requester:
        return cls(f"server:{name}", None)

    def may_cancel(self, run: SimulationRun, user: AbstractBaseUser | AnonymousUser) -> bool:
        """The requester of a run may cancel it (an anonymous one from the same address); staff any."""
        return run.requester == self.key or bool(getattr(user, "is_staff", False))


class QuotaExceeded(Exception):
    """The run would go over a quota; `retry_after` is the number of seconds until it would fit."""

    def __init__(self, message: str, retry_after: int) -> None:
        super().__init__(message)
        self.retry_after = retry_after


def _who(quota: Quota) -> tuple[str, str]:
    """How the messages name the requester and the way to a larger quota."""
    if quota.anonymous:
        return "from this address without an account", " Sign in for a larger quota."
    return "by this account", ""


def too_many_games(quota: Quota, games: int, work_per_game: int = 1) -> str | None:
    """Why a run of `games` can never fit in a day's quota, if it can't."""
    if games * work_per_game <= quota.games_per_day:
        return None
    who, more = _who(quota)
    return (f"Runs started {who} may play {quota.games_per_day:,} games a day; ask for fewer."
            f"{_counted_twice(work_per_game)}{more}")


def _counted_twice(work_per_game: int) -> str:
    if work_per_game == 1:
        return ""
    return f" A game of two decks counts {work_per_game} times: a player plays each of them."


def _lock(requester: Requester) -> None:
    """Serialize the admissions of one requester until the transaction ends. PostgreSQL: an advisory
    lock. SQLite needs none: the run's INSERT, made before counting, already holds the database's
    write lock."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s, %s)", [0x5143, zlib.crc32(requester.key.encode()) >> 1])


def _counted_games() -> CombinedExpression:
    # A run that ended early counts the games it played; the others the games they asked for.
    return Case(When(status__in=[*ACTIVE_RUN, RunStatus.DONE], then=F("games")), default=F("games_done")) * F(
        "work_per_game"
    )


def admit(requester: Requester, run: SimulationRun) -> None:
    """Raise QuotaExceeded if `run` (already written, in this transaction) takes its requester over a quota."""
    quota = requester.quota
    if quota is None:
        return
    _lock(requester)
    now = timezone.now()
    recent = SimulationRun.objects.filter(requester=requester.key, created_at__gt=now - DAY).exclude(pk=run.pk)
    usage = recent.aggregate(games=Sum(_counted_games()), in_flight=Count("id", filter=Q(status__in=ACTIVE_RUN)))
    who, more = _who(quota)
    if usage["in_flight"] >= quota.runs_in_flight:
        runs = "1 run" if usage["in_flight"] == 1 else f"{usage['in_flight']} runs"
        are = "is" if usage["in_flight"] == 1 else "are"
        raise QuotaExceeded(
            f"{runs} started {who} {are} still playing, the most allowed at once: wait for one to finish, or "
            f"cancel one.{more}",
            IN_FLIGHT_RETRY_SECONDS,
        )
    played = usage["games"] or 0
    asked = run.games * run.work_per_game
    if played + asked > quota.games_per_day:
        wait = _seconds_until_fits(recent, played + asked - quota.games_per_day, now)
        raise QuotaExceeded(
            f"Runs started {who} may play {quota.games_per_day:,} games a day, and {played:,} were asked for in the "
            f"last 24 hours: ask for at most {max(0, quota.games_per_day - played) // run.work_per_game:,} games, "
            f"or try again in {_duration(wait)}.{_counted_twice(run.work_per_game)}{more}",
            wait,
        )


def _seconds_until_fits(recent: QuerySet[SimulationRun], excess: int, now: datetime) -> int:
    """Seconds until runs worth `excess` games leave the 24-hour window, oldest first."""
    rows = recent.annotate(counted=_counted_games()).order_by("created_at").values_list("created_at", "counted")
    freed = 0
    for created_at, counted in rows:
        freed += counted
        if freed >= excess:
            return max(1, math.ceil((created_at + DAY - now).total_seconds()))
    return int(DAY.total_seconds())


def _duration(seconds: int) -> str:
    if seconds < 90:
        return f"{seconds} seconds"
    if seconds < 90 * 60:
        return f"{round(seconds / 60)} minutes"
    return f"{round(seconds / 3600)} hours"
