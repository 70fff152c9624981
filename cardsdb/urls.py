"""The card database's web pages. Included at the site root by config/urls.py."""
from __future__ import annotations

import re

from django.urls import path, register_converter

from decks.browse import card_decks_tag
from engine.games import game_slugs

from . import views
from .http_cache import versioned_page


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
    # Card pages answer 304 while the card data (and who is looking) is unchanged.
    path("<game:game_slug>/cards/", versioned_page(views.game_cards), name="game-cards"),
    path("<game:game_slug>/card-preview/", views.card_preview, name="card-preview"),
    path(
        "<game:game_slug>/cards/<slug:card_slug>/",
        versioned_page(views.card_detail, extra_tag=card_decks_tag),
        name="card-detail",
    ),
]
