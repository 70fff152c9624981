"""The card database's JSON API: games and cards (docs/contract.md)."""
from __future__ import annotations

from typing import Any

from django.db.models import Count, QuerySet
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import generics
from rest_framework.exceptions import ValidationError
from rest_framework.pagination import PageNumberPagination
from rest_framework.request import Request
from rest_framework.response import Response

from .models import Card, Game
from .search import QueryError, card_search
from .serializers import CARD_ROW_FIELDS, CardDetailSerializer, CardSerializer, GameSerializer, card_row_json


class CardPagination(PageNumberPagination):
    page_size = 50
    page_size_query_param = "page_size"
    max_page_size = 200


class GameList(generics.ListAPIView):
    """The games, each with its card types and the fields its search understands."""

    serializer_class = GameSerializer
    pagination_class = None

    def get_queryset(self) -> QuerySet[Game]:
        return Game.objects.annotate(card_count=Count("cards")).order_by("sort_order", "name")


@extend_schema(
    parameters=[
        OpenApiParameter("game", OpenApiTypes.STR, description="Game slug: qqdnd, condemned or anguish."),
        OpenApiParameter("q", OpenApiTypes.STR, description="A search query (see /syntax/); needs `game`."),
        OpenApiParameter(
            "ordering", OpenApiTypes.STR, description="name, type, set or a sortable field; '-' for descending."
        ),
        OpenApiParameter("page", OpenApiTypes.INT),
        OpenApiParameter("page_size", OpenApiTypes.INT, description="Up to 200; default 50."),
    ]
)
class CardList(generics.ListAPIView):
    """Cards of one game (or all), filtered by the query language and paginated."""

    serializer_class = CardSerializer
    pagination_class = CardPagination

    def get_queryset(self) -> QuerySet[Card]:
        params = self.request.query_params
        slug = params.get("game", "").strip()
        query = params.get("q", "")
        ordering = params.get("ordering") or None
        if not slug:
            if query.strip() or ordering:
                raise ValidationError({"detail": "`q` and `ordering` need `game` (qqdnd, condemned or anguish)."})
            return Card.objects.select_related("game", "card_set").order_by("game__sort_order", "name")
        game = Game.objects.filter(slug=slug).first()
        if game is None:
            known = ", ".join(Game.objects.values_list("slug", flat=True))
            raise ValidationError({"detail": f"No game {slug!r}; known games: {known}."})
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


class CardDetail(generics.RetrieveAPIView):
    serializer_class = CardDetailSerializer
    queryset = Card.objects.select_related("game", "card_set")
