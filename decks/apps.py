from __future__ import annotations

from typing import Any

from django.apps import AppConfig
from django.db.models.signals import post_save, pre_delete
from django.utils.autoreload import autoreload_started


class DecksConfig(AppConfig):
    name = "decks"
    verbose_name = "Decks"

    def ready(self) -> None:
        from cardsdb.loading import cards_renamed

        from .models import Deck
        from .simulations.models import SimulationRun

        cards_renamed.connect(_rename_in_lists, dispatch_uid="decks-rename-cards-in-lists")
        post_save.connect(_count_run, sender=SimulationRun, dispatch_uid="decks-count-runs")
        pre_delete.connect(_uncount_cards, sender=Deck, dispatch_uid="decks-uncount-cards")
        autoreload_started.connect(_watch_engine_sources, dispatch_uid="decks-watch-engine-sources")


def _watch_engine_sources(sender: Any, **kwargs: Any) -> None:
    """The development server reloads when a source of the engine is edited, also one of a module imported compiled
    (whose file is then its extension module, which the reloader watches instead): the reloaded server runs the
    edited sources (engine/native.py: a build that no longer matches them is not used)."""
    from engine.native import ENGINE

    sender.watch_dir(ENGINE, "**/*.py")


def _rename_in_lists(sender: Any, renamed: dict[int, tuple[str, str]], **kwargs: Any) -> None:
    """A card renamed in its set file stays the card decks hold; their lists take its new name."""
    from .services import rename_cards_in_lists

    rename_cards_in_lists(renamed)


def _count_run(sender: Any, instance: Any, created: bool, **kwargs: Any) -> None:
    """A goldfish run started from a deck counts as a test of it (Deck.runs_count)."""
    if created and instance.deck_id is not None:
        from .counters import count_run

        count_run(instance.deck_id)


def _uncount_cards(sender: Any, instance: Any, **kwargs: Any) -> None:
    """A public deck deleted (by its owner, or with its owner's account) no longer plays its cards."""
    from .counters import public_card_ids, public_cards_changed

    public_cards_changed(instance.game_id, public_card_ids(instance), ())
