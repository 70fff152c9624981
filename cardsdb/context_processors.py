from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.utils.functional import SimpleLazyObject

from .models import Game
from .versions import request_version

# (card data version, the games in navigation order): a change to a game makes a new version.
_nav_games: tuple[str, tuple[Game, ...]] | None = None


def games(request: HttpRequest) -> dict[str, Any]:
    """The games for the navigation bar, fetched lazily so pages that don't render it pay nothing."""
    return {"nav_games": SimpleLazyObject(lambda: games_in_nav_order(request))}


def games_in_nav_order(request: HttpRequest) -> tuple[Game, ...]:
    """Read once per card data version (on PostgreSQL a process knows it without a query): every page
    shows them."""
    global _nav_games
    version = request_version(request).tag
    if _nav_games is None or _nav_games[0] != version:
        _nav_games = (version, tuple(Game.objects.order_by("sort_order", "name")))
    return _nav_games[1]
