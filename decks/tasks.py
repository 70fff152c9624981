"""Celery tasks of the decks app (found by the worker's autodiscovery)."""
from __future__ import annotations

from typing import Any

from celery import shared_task
from celery.signals import worker_init

from engine.games import GAME_PACKAGES
from engine.play.kits import game_kit

from .simulations import chunks, recovery
from .simulations.queue import PLAY_CHUNK, RUN_FIELDS, WATCH


@worker_init.connect
def load_game_engines(**kwargs: Any) -> None:
    """Import every game's engine and players as a worker starts (before a prefork pool forks its
    processes): the engines are otherwise imported by the first chunk of each game the worker plays,
    and that chunk would pay for it."""
    for slug in GAME_PACKAGES:
        game_kit(slug)


@shared_task(name=PLAY_CHUNK, ignore_result=True)
def play_chunk(run_id: int, index: int, start: int, count: int) -> None:
    """Play games start .. start+count-1 of a goldfish run (acks_late: redelivered if the worker dies)."""
    chunks.play_chunk(run_id, index, start, count)


@shared_task(name=WATCH, ignore_result=True)
def watch() -> None:
    """Celery beat's tick (settings.CELERY_BEAT_SCHEDULE): re-send lost and stalled chunks, fail runs
    that had their tries, send waiting chunks (decks/simulations/recovery.py)."""
    recovery.watch()


@shared_task(name=RUN_FIELDS, ignore_result=True)
def run_fields() -> None:
    """Celery beat's daily tick (settings.CELERY_BEAT_SCHEDULE): a round-robin of each game's field,
    for the field pages (decks/simulations/matchup_views.py)."""
    from .simulations.matchup_views import run_every_field

    run_every_field()


@shared_task(name="decks.flush_deck_views", ignore_result=True)
def flush_deck_views() -> None:
    """Celery beat's tick (settings.CELERY_BEAT_SCHEDULE): write the deck page views counted in Redis
    to the decks (decks/view_counts.py)."""
    from . import view_counts

    view_counts.flush()
