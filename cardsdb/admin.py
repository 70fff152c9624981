"""Admin for games, sets and cards; a card's attributes are checked against its game's schema."""
from __future__ import annotations

from django.contrib import admin

from .models import Card, CardSet, Game


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ["name", "slug", "sort_order"]


@admin.register(CardSet)
class CardSetAdmin(admin.ModelAdmin):
    list_display = ["name", "code", "game", "is_demo"]
    list_filter = ["game", "is_demo"]


@admin.register(Card)
class CardAdmin(admin.ModelAdmin):
    list_display = ["name", "game", "card_set", "card_type"]
    list_filter = ["game", "card_set", "card_type"]
    search_fields = ["name", "text"]
    list_select_related = ["game", "card_set"]
    prepopulated_fields = {"slug": ["name"]}
    # Card.clean() validates `attributes` against engine/games/<slug>/cards.py and fills in
    # the derived attributes, so an admin edit can't store a card the loader would refuse.
