"""The card search: a query language in the style of Scryfall and NetrunnerDB.

    lotus                 name or rules text contains "lotus"
    "lotus slash"         ... the phrase
    rv>=12  name:katana   a field of the game's schema, compared (: = != < <= > >=)
    a b, a and b          both;   a or b   either ("and" binds tighter)
    -a, not a             every card but those matching a (cards without the field included)
    (a or b) c            grouping

`card_search` runs a query for a game; `parse_query` and `describe` need no database.
"""
from __future__ import annotations

from django.db.models import QuerySet

from engine.schema import GameSchema

from ..models import Card, Game
from .compiler import compile_query
from .describe import describe
from .errors import QueryError
from .ordering import order_by_terms, sort_orders
from .parser import MAX_NEGATIONS, MAX_NESTING, MAX_QUERY_LENGTH, parse_query

__all__ = [
    "MAX_NEGATIONS",
    "MAX_NESTING",
    "MAX_QUERY_LENGTH",
    "QueryError",
    "card_search",
    "describe",
    "parse_query",
    "search_cards",
    "sort_orders",
]


def card_search(game: Game, query: str, ordering: str | None = None) -> QuerySet[Card]:
    """The game's cards matching `query`, in `ordering` (by name when None); raises QueryError."""
    cards = Card.objects.filter(game=game).select_related("card_set", "game")
    return search_cards(cards, game.schema, query, ordering)


def search_cards(
    cards: QuerySet[Card], schema: GameSchema, query: str, ordering: str | None = None
) -> QuerySet[Card]:
    """`cards` narrowed by `query`, read against `schema`'s fields, and sorted."""
    order = order_by_terms(schema, ordering)
    node = parse_query(query)
    if node is not None:
        cards = cards.filter(compile_query(node, schema, cards))
    return cards.order_by(*order)
