from __future__ import annotations

from typing import Any

from django.apps import AppConfig


class DecksConfig(AppConfig):
    name = "decks"
    verbose_name = "Decks"

    def ready(self) -> None:
        from cardsdb.loading import cards_renamed

        cards_renamed.connect(_rename_in_lists, dispatch_uid="decks-rename-cards-in-lists")


def _rename_in_lists(sender: Any, renamed: dict[int, tuple[str, str]], **kwargs: Any) -> None:
    """A card renamed in its set file stays the card decks hold; their lists take its new name."""
    from .services import rename_cards_in_lists

    rename_cards_in_lists(renamed)
