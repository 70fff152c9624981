"""Reads: the runs a user may see."""
from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Prefetch, QuerySet

from .models import RunPairing, SimulationRun

User = AbstractBaseUser | AnonymousUser


def runs() -> QuerySet[SimulationRun]:
    # A two-deck run's pairings (with their decks) decide who reads it: fetched with it, in one query.
    pairings = RunPairing.objects.select_related("a_deck", "b_deck").order_by("index")
    return SimulationRun.objects.select_related("game", "deck__game", "requested_by").prefetch_related(
        Prefetch("pairings", queryset=pairings)
    )


def run_readable_by(user: User, public_id: str) -> SimulationRun | None:
    """The run with this id if the user may see it: a run of a deck only while they may read the
    deck (a private deck's runs are its owner's), a run of a pasted list by anyone with its id."""
    run = runs().filter(public_id=public_id).first()
    if run is None or not run.readable_by(user):
        return None
    return run
