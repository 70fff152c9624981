"""A parsed query in plain words, for the card list page: 'cards where Resource Value is at least 12'.

Given the game's schema, fields are named by their labels and values by their stored forms
(`t:pm` reads "type is Party Member"); without one, as typed. It never raises: a query the game
cannot run is still described as written.
"""
from __future__ import annotations

from engine.schema import GameSchema, SearchField

from .errors import QueryError
from .fields import bool_value, enum_value, number_value, resolve_field, text_value
from .nodes import And, Comparison, Node, Not, Operator, Or, Words

_NUMBER_PHRASES: dict[Operator, str] = {
    ":": "is",
    "=": "is",
    "!=": "is not",
    "<": "is less than",
    "<=": "is at most",
    ">": "is more than",
    ">=": "is at least",
}
_EQUALITY_PHRASES: dict[Operator, str] = {":": "is", "=": "is", "!=": "is not"}
_TEXT_PHRASES: dict[Operator, str] = {":": "contains", "=": "is", "!=": "is not"}
_LIST_PHRASES: dict[Operator, str] = {":": "has one containing", "=": "includes", "!=": "does not include"}
_RANGE_PHRASES: dict[Operator, str] = {
    ":": "can be",
    "=": "can be",
    "!=": "cannot be",
    "<": "can be less than",
    "<=": "can be at most",
    ">": "can be more than",
    ">=": "can be at least",
}
# For a field the game does not know, or with no game to ask.
_TYPED_PHRASES: dict[Operator, str] = {**_NUMBER_PHRASES, ":": "matches"}


def describe(node: Node | None, schema: GameSchema | None = None) -> str:
    if node is None:
        return "all cards"
    return f"cards where {_phrase(node, schema)}"


def _phrase(node: Node, schema: GameSchema | None) -> str:
    if isinstance(node, Words):
        return f'name/text contains "{node.text}"'
    if isinstance(node, Comparison):
        return _comparison_phrase(node, schema)
    if isinstance(node, Not):
        return f"not ({_phrase(node.operand, schema)})"
    joiner = " and " if isinstance(node, And) else " or "
    return joiner.join(_grouped(operand, node, schema) for operand in node.operands)


def _grouped(operand: Node, parent: And | Or, schema: GameSchema | None) -> str:
    """Bracket an and-group inside an or-group and the reverse, so the words read one way only."""
    phrase = _phrase(operand, schema)
    if isinstance(operand, And | Or) and type(operand) is not type(parent):
        return f"({phrase})"
    return phrase


def _comparison_phrase(comparison: Comparison, schema: GameSchema | None) -> str:
    if schema is not None:
        try:
            return _field_phrase(resolve_field(schema, comparison), schema, comparison)
        except QueryError:
            pass
    return f'{comparison.field} {_TYPED_PHRASES[comparison.operator]} "{comparison.value}"'


def _field_phrase(field: SearchField, schema: GameSchema, comparison: Comparison) -> str:
    label, op = _label(field, schema), comparison.operator
    if field.kind == "number":
        return f"{label} {_NUMBER_PHRASES[op]} {number_value(comparison)}"
    if field.kind == "range":
        return f"{label} {_RANGE_PHRASES[op]} {number_value(comparison)}"
    if field.kind == "enum":
        return f"{label} {_EQUALITY_PHRASES[op]} {_choice_label(field, schema, comparison)}"
    if field.kind == "bool":
        return f"{label} {_EQUALITY_PHRASES[op]} {'yes' if bool_value(comparison) else 'no'}"
    phrases = _TEXT_PHRASES if field.kind == "text" else _LIST_PHRASES
    return f'{label} {phrases[op]} "{text_value(field, comparison)}"'


def _label(field: SearchField, schema: GameSchema) -> str:
    """The attribute's printed label where the schema gives one ("Resource Value" for rv)."""
    if field.path[:1] == ("attributes",):
        for card_type in schema.card_types:
            attr = card_type.attr(field.path[-1])
            if attr is not None and attr.label:
                return attr.label
    return field.name.replace("_", " ")


def _choice_label(field: SearchField, schema: GameSchema, comparison: Comparison) -> str:
    choice = enum_value(field, comparison)
    if field.path == ("card_type",):
        card_type = schema.card_type(choice)
        if card_type is not None:
            return card_type.label
    return choice
