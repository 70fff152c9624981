"""Turning a parsed query into a database filter (a Q object) for one game's cards.

Written for SQLite and PostgreSQL alike: attributes are read through Django's JSON key lookups,
and list elements are matched in the JSON text of the list (see `_list_condition`).
"""
from __future__ import annotations

import json
import operator
from functools import reduce

from django.db.models import JSONField, Q, QuerySet

from engine.schema import GameSchema, SearchField

from ..models import Card
from .fields import bool_value, enum_value, number_value, resolve_field, text_value
from .nodes import And, Comparison, Node, Not, Operator, Words

_ORDERED_LOOKUPS: dict[Operator, str] = {"<": "lt", "<=": "lte", ">": "gt", ">=": "gte"}


def compile_query(node: Node, schema: GameSchema, scope: QuerySet[Card] | None = None) -> Q:
    """The filter matching the cards `node` describes; raises QueryError on fields the game lacks.

    A negation is looked up here, in `scope` (the cards searched; by default every card): one
    query for each "-" or "not" of the query.
    """
    if isinstance(node, Words):
        return Q(name__icontains=node.text) | Q(text__icontains=node.text)
    if isinstance(node, Comparison):
        return _compile_comparison(node, schema)
    if isinstance(node, Not):
        # SQL compares a missing attribute as unknown, and "not unknown" is unknown too, so a plain
        # negation would drop cards without the attribute. Excluding the matching cards by id
        # makes "-rv>5" mean "every card except those with an RV above 5". The ids are read now
        # rather than nested as a subquery: SQLite's parser overflows at six or so subqueries
        # nested in one another, and Django gives up at 64.
        cards = Card.objects.all() if scope is None else scope
        matching = list(cards.filter(compile_query(node.operand, schema, scope)).values_list("pk", flat=True))
        return ~Q(pk__in=matching)
    combine = operator.and_ if isinstance(node, And) else operator.or_
    return reduce(combine, (compile_query(operand, schema, scope) for operand in node.operands))


def _compile_comparison(comparison: Comparison, schema: GameSchema) -> Q:
    field = resolve_field(schema, comparison)
    op = comparison.operator
    if field.kind == "range":
        return _range_condition(field, comparison)
    path = field.path
    if field.kind == "number":
        number = number_value(comparison)
        if op in _ORDERED_LOOKUPS:
            condition = _lookup(path, _ORDERED_LOOKUPS[op], number)
        else:
            condition = _equality(op, _lookup(path, "exact", number))
    elif field.kind == "text":
        value = text_value(field, comparison)
        condition = (
            _lookup(path, "icontains", value) if op == ":" else _equality(op, _lookup(path, "iexact", value))
        )
    elif field.kind == "enum":
        condition = _equality(op, _lookup(path, "exact", enum_value(field, comparison)))
    elif field.kind == "bool":
        condition = _equality(op, _lookup(path, "exact", bool_value(comparison)))
    else:
        condition = _list_condition(path, op, text_value(field, comparison))
    return _where_present(path, condition)


def _equality(op: Operator, equal: Q) -> Q:
    """`:` and `=` mean equal; `!=` its negation."""
    return ~equal if op == "!=" else equal


def _list_condition(path: tuple[str, ...], op: Operator, value: str) -> Q:
    """Match an element of a JSON list, case-insensitively, in the list's JSON text.

    `["Samurai", "Martial"]` holds the element "samurai" exactly when its text contains `"samurai"`
    with the quotes, and an element containing "sam" when it contains `sam`. The database may keep
    non-ASCII letters as \\u escapes (SQLite, as Django writes it) or as themselves (PostgreSQL),
    so both spellings are tried.
    """
    exact = op != ":"
    spellings = {_json_string(value, ascii_only, quoted=exact) for ascii_only in (True, False)}
    contains = reduce(operator.or_, (_lookup(path, "icontains", spelling) for spelling in spellings))
    return ~contains if op == "!=" else contains


def _json_string(value: str, ascii_only: bool, quoted: bool) -> str:
    encoded = json.dumps(value, ensure_ascii=ascii_only)
    return encoded if quoted else encoded[1:-1]


def _range_condition(field: SearchField, comparison: Comparison) -> Q:
    """A card whose value spans low..high (Initiative 5-3: 3..5) can be any number in between."""
    number = number_value(comparison)
    low, high = field.low_path, field.high_path
    op = comparison.operator
    if op in (">", ">="):
        condition = _lookup(high, _ORDERED_LOOKUPS[op], number)
    elif op in ("<", "<="):
        condition = _lookup(low, _ORDERED_LOOKUPS[op], number)
    else:
        condition = _equality(op, _lookup(low, "lte", number) & _lookup(high, "gte", number))
    return _where_present(field.low_path, _where_present(field.high_path, condition))


def _lookup(path: tuple[str, ...], lookup_name: str, value: object) -> Q:
    """`path` compared by the named lookup, e.g. (("attributes", "rv"), "gt", 5): attributes__rv__gt=5.

    The lookup is always spelled out: an attribute named like a lookup ("range", "contains")
    would otherwise be taken for that lookup rather than for a key of the attributes.
    """
    return Q(**{"__".join((*path, lookup_name)): value})


def _where_present(path: tuple[str, ...], condition: Q) -> Q:
    """Limit `condition` to cards that have a value at `path`.

    Card columns always have one. An attribute may be missing or JSON null (a Resource's empty
    Frequency); both must never match: JSON null would otherwise compare below every number
    on PostgreSQL and above it on SQLite, and `!=` would match it everywhere.
    """
    if not _is_attribute(path):
        return condition
    return has_value(path) & condition


def has_value(path: tuple[str, ...]) -> Q:
    """Whether the attribute at `path` is there and not JSON null.

    For a missing attribute SQL finds the test unknown, which filters and CASE WHEN treat as false.
    """
    return ~_lookup(path, "exact", None)


def _is_attribute(path: tuple[str, ...]) -> bool:
    return len(path) > 1 and isinstance(Card._meta.get_field(path[0]), JSONField)
