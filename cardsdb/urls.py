"""The card database's web pages. Included at the site root by config/urls.py."""
from __future__ import annotations

import re

from django.urls import path, register_converter

from engine.games import game_slugs

from . import views


class GameSlugConverter:
    """Matches only registered game slugs, so /api/cards/12/ can never be read as a card page."""

    regex = "|".join(re.escape(slug) for slug in game_slugs())

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


register_converter(GameSlugConverter, "game")

urlpatterns = [
    path("", views.home, name="home"),
    path("syntax/", views.syntax, name="syntax"),
    path("<game:game_slug>/cards/", views.game_cards, name="game-cards"),
    path("<game:game_slug>/cards/<slug:card_slug>/", views.card_detail, name="card-detail"),
]
