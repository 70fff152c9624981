from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.utils.functional import SimpleLazyObject

from .models import Game
from .versions import KeptPerVersion, request_version

_nav_games: KeptPerVersion[str, tuple[Game, ...]] = KeptPerVersion()


def games(request: HttpRequest) -> dict[str, Any]:
    """The games for the navigation bar, fetched lazily so pages that don't render it pay nothing."""
    return {"nav_games": SimpleLazyObject(lambda: games_in_nav_order(request))}


def games_in_nav_order(request: HttpRequest) -> tuple[Game, ...]:
    """Read once per card data version (on PostgreSQL a process knows it without a query): every page
    shows them."""
    return _nav_games.get("nav", request_version(request), lambda: tuple(Game.objects.order_by("sort_order", "name")))
