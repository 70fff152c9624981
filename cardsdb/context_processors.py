from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from .models import Game


def games(request: HttpRequest) -> dict[str, Any]:
    """The games for the navigation bar, fetched lazily so pages that don't render it pay nothing."""
    return {"nav_games": Game.objects.order_by("sort_order", "name")}
