"""Admin for games, sets and cards; a card's attributes are checked against its game's schema.

Every change here makes a new card data version (cardsdb/versions.py), which refreshes the card
endpoints' ETags and cached pages; a delete that cascades to many cards makes just one.
"""
from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest, HttpResponse

from .models import Card, CardDataVersion, CardSet, Game
from .versions import card_data_changes


class CardDataAdmin(admin.ModelAdmin):
    """Folds the saves and deletes of one admin request into one new card data version."""

    def changeform_view(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        with card_data_changes():
            return super().changeform_view(request, *args, **kwargs)

    def delete_view(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        with card_data_changes():
            return super().delete_view(request, *args, **kwargs)

    def changelist_view(self, request: HttpRequest, extra_context: dict[str, Any] | None = None) -> HttpResponse:
        # Bulk actions ("delete selected") and list_editable saves run here.
        with card_data_changes():
            return super().changelist_view(request, extra_context)


@admin.register(Game)
class GameAdmin(CardDataAdmin):
    list_display = ["name", "slug", "sort_order"]


@admin.register(CardSet)
class CardSetAdmin(CardDataAdmin):
    list_display = ["name", "code", "game", "is_demo"]
    list_filter = ["game", "is_demo"]


@admin.register(Card)
class CardAdmin(CardDataAdmin):
    list_display = ["name", "game", "card_set", "card_type"]
    list_filter = ["game", "card_set", "card_type"]
    search_fields = ["name", "text"]
    list_select_related = ["game", "card_set"]
    prepopulated_fields = {"slug": ["name"]}
    # Card.clean() validates `attributes` against engine/games/<slug>/cards.py and fills in
    # the derived attributes, so an admin edit can't store a card the loader would refuse.


@admin.register(CardDataVersion)
class CardDataVersionAdmin(admin.ModelAdmin):
    """Read only: shows when the card data last changed."""

    list_display = ["number", "changed_at", "token"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False
