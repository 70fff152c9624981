"""Sort orders for a card list: by name, type, set, or a game's sortable attributes."""
from __future__ import annotations

from django.db.models import Case, F, Value, When
from django.db.models.expressions import OrderBy

from engine.schema import GameSchema

from .compiler import has_value
from .errors import QueryError

OrderTerm = str | OrderBy


def sort_orders(schema: GameSchema) -> list[str]:
    """Every ordering `order_by_terms` accepts for the game."""
    orders = ["name", "-name", "type", "-type", "set"]
    for key, _label in schema.sortable:
        orders += [key, f"-{key}"]
    return orders


def order_by_terms(schema: GameSchema, ordering: str | None) -> list[OrderTerm]:
    """Arguments for QuerySet.order_by; the card name breaks every tie."""
    if not ordering or ordering == "name":
        return ["name"]
    if ordering == "-name":
        return ["-name"]
    descending = ordering.startswith("-")
    key = ordering.removeprefix("-")
    if key == "type":
        # In the order the game lists its card types (QQDND: Party Members, then Resources).
        position = Case(
            *(When(card_type=card_type.slug, then=Value(index)) for index, card_type in enumerate(schema.card_types)),
            default=Value(len(schema.card_types)),
        )
        return [position.desc() if descending else position.asc(), "name"]
    if ordering == "set":
        return ["card_set__code", "number", "name"]
    if key in dict(schema.sortable):
        path = ("attributes", key)
        # Cards without the attribute (or with it empty) come last whichever the direction, by name:
        # their "value" is left out, as a missing key and JSON null would otherwise sort apart.
        present = has_value(path)
        lacking = Case(When(present, then=Value(0)), default=Value(1))
        value = Case(When(present, then=F("__".join(path))))
        return [lacking.asc(), value.desc() if descending else value.asc(), "name"]
    raise QueryError(f'unknown sort order "{ordering}"; use one of {", ".join(sort_orders(schema))}', None)
