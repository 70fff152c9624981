"""The card database's JSON API: games, cards and card-name suggestions (docs/contract.md).

These answers are the same for everyone and change only with the card data, so the views read no
session or token, and api_urls.py marks them for http_cache.CardDataCacheMiddleware (ETag, 304,
cached pages).
"""
from __future__ import annotations

from typing import Any

from django.db.models import Count, QuerySet
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import generics
from rest_framework.exceptions import ValidationError
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from config.pagination import PageNumberPagination
from engine.games import game_slugs

from . import autocomplete
from .models import Card, Game
from .search import QueryError, card_search
from .serializers import (
    CARD_ROW_FIELDS,
    AutocompleteSerializer,
    CardDetailSerializer,
    CardSerializer,
    GameSerializer,
    card_row_json,
)
from .versions import request_version


class CardDataView(APIView):
    """The same answer for everyone: no authentication (so no session read, and no Vary: Cookie)."""

    authentication_classes: list[type] = []


class CardPagination(PageNumberPagination):
    page_size = 50
    page_size_query_param = "page_size"
    max_page_size = 200


# The games by slug, read once per card data version in each process: (version tag, games).
_games: tuple[str, dict[str, Game]] = ("", {})


def game_from(request: Request) -> Game | None:
    """The game the `game` parameter names (None when it is absent); 400 when it names none."""
    global _games
    slug = request.query_params.get("game", "").strip()
    if not slug:
        return None
    version = request_version(request)
    tag, games = _games
    if tag != version.tag:
        games = {game.slug: game for game in Game.objects.all()}
        _games = (version.tag, games)
    game = games.get(slug)
    if game is None:
        raise ValidationError({"detail": f"No game {slug!r}; known games: {', '.join(games)}."})
    return game


class GameList(CardDataView, generics.ListAPIView):
    """The games, each with its card types and the fields its search understands."""

    serializer_class = GameSerializer
    pagination_class = None

    def get_queryset(self) -> QuerySet[Game]:
        return Game.objects.annotate(card_count=Count("cards")).order_by("sort_order", "name")


@extend_schema(
    parameters=[
        OpenApiParameter(
            "game", OpenApiTypes.STR, enum=["", *game_slugs()],
            description="Game slug: qqdnd, condemned or anguish; blank or left out: every game's cards.",
        ),
        OpenApiParameter("q", OpenApiTypes.STR, description="A search query (see /syntax/); needs `game`."),
        OpenApiParameter(
            "ordering", OpenApiTypes.STR, description="name, type, set or a sortable field; '-' for descending."
        ),
        OpenApiParameter("page", {"type": "integer", "minimum": 1}),
        OpenApiParameter(
            "page_size", {"type": "integer", "minimum": 1}, description="Default 50; over 200 gives 200."
        ),
    ]
)
class CardList(CardDataView, generics.ListAPIView):
    """Cards of one game (or all), filtered by the query language and paginated."""

    serializer_class = CardSerializer
    pagination_class = CardPagination

    def get_queryset(self) -> QuerySet[Card]:
        params = self.request.query_params
        game = game_from(self.request)
        query = params.get("q", "")
        ordering = params.get("ordering") or None
        if game is None:
            if query.strip() or ordering:
                raise ValidationError({"detail": "`q` and `ordering` need `game` (qqdnd, condemned or anguish)."})
            return Card.objects.select_related("game", "card_set").order_by("game__sort_order", "name")
        return card_search(game, query, ordering)

    def list(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        try:
            cards = self.get_queryset()
        except QueryError as exc:
            # Not a ValidationError: that would turn the position into a string.
            return Response({"detail": str(exc), "position": exc.position}, status=400)
        # The hot path of the API: rows as dicts, not model instances through serializer fields
        # (CardSerializer documents the same shape; a test holds the two to each other).
        page = self.paginate_queryset(cards.values(*CARD_ROW_FIELDS))
        assert page is not None  # pagination is always on here
        return self.get_paginated_response([card_row_json(row, request) for row in page])


class CardDetail(CardDataView, generics.RetrieveAPIView):
    serializer_class = CardDetailSerializer
    queryset = Card.objects.select_related("game", "card_set")


@extend_schema(
    parameters=[
        OpenApiParameter(
            "game", OpenApiTypes.STR, required=True, enum=game_slugs(),
            description="Game slug: qqdnd, condemned or anguish.",
        ),
        OpenApiParameter(
            "q",
            OpenApiTypes.STR,
            description=(
                "What the player has typed so far (up to 100 characters). Blank gives no suggestions. "
                "Compared as deck lists compare names: letter case, runs of spaces and typographic "
                "apostrophes make no difference."
            ),
        ),
        OpenApiParameter(
            "limit",
            {"type": "integer", "minimum": 1, "maximum": autocomplete.MAX_LIMIT},
            description=f"Up to {autocomplete.MAX_LIMIT}; default {autocomplete.DEFAULT_LIMIT}.",
        ),
    ],
    responses=AutocompleteSerializer,
)
class CardAutocomplete(CardDataView):
    """Card names as the player types, best first: the whole name (`exact`), names starting with the
    text (`prefix`), names with a later word starting with it (`word`), then close spellings
    (`similar`, for three letters or more). Alphabetical within a rank, the closest spellings first."""

    def get(self, request: Request) -> Response:
        params = request.query_params
        game = game_from(request)
        if game is None:
            raise ValidationError({"detail": "`game` is required (qqdnd, condemned or anguish)."})
        text = params.get("q", "")
        if len(text) > autocomplete.MAX_TEXT_LENGTH:
            raise ValidationError({"detail": f"`q` is longer than {autocomplete.MAX_TEXT_LENGTH} characters."})
        limit = _limit(params.get("limit"))
        suggestions = autocomplete.suggest(game, text, limit, request_version(request))
        return Response(
            {
                "game": game.slug,
                "q": text,
                "results": [
                    {"id": s.id, "name": s.name, "slug": s.slug, "card_type": s.card_type, "match": s.match}
                    for s in suggestions
                ],
            }
        )


def _limit(raw: str | None) -> int:
    if raw is None:  # left out; a blank `limit=` is no number, and refused
        return autocomplete.DEFAULT_LIMIT
    if not raw.isdigit() or not 1 <= int(raw) <= autocomplete.MAX_LIMIT:
        raise ValidationError({"detail": f"`limit` must be a whole number from 1 to {autocomplete.MAX_LIMIT}."})
    return int(raw)
