"""A comparison read against a game's search fields: which field, and what its value means.

The compiler uses these to build the database filter and `describe` to put a query into words;
both raise (or, for `describe`, fall back on) the same QueryErrors.
"""
from __future__ import annotations

import difflib
import re

from engine.schema import GameSchema, SearchField

from .errors import QueryError
from .nodes import Comparison, Operator

_EQUALITY: tuple[Operator, ...] = (":", "=", "!=")
_NUMBER = re.compile(r"-?\d+", re.ASCII)
# No card value comes near it; beyond 64 bits SQLite cannot even take the number as a parameter.
MAX_DIGITS = 9
_BOOLEANS = {"yes": True, "true": True, "no": False, "false": False}
# The word players bring from other card games for what a card costs, read as each game's own: an
# Anguish card's Hour, a QQDND Party Member's Resource Value. A game with no cost says so.
COST_WORDS = ("cost", "cmc", "mv", "mana")
GAME_COST_FIELDS: dict[str, str] = {"anguish": "hour", "qqdnd": "rv"}


def resolve_field(schema: GameSchema, comparison: Comparison) -> SearchField:
    """The search field a comparison names, checked to accept the comparison's operator."""
    field = schema.search_field(comparison.field)
    if field is None and comparison.field.lower() in COST_WORDS and schema.slug in GAME_COST_FIELDS:
        field = schema.search_field(GAME_COST_FIELDS[schema.slug])
    if field is None:
        raise QueryError(_unknown_field_message(schema, comparison.field), comparison.position)
    if field.kind not in ("number", "range") and comparison.operator not in _EQUALITY:
        raise QueryError(
            f'"{comparison.field}" can\'t be compared with "{comparison.operator}"; use ":", "=" or "!="',
            comparison.operator_position,
        )
    return field


def _unknown_field_message(schema: GameSchema, name: str) -> str:
    fields = schema.all_search_fields()
    if name.lower() in COST_WORDS:
        return f'{schema.name} cards have no cost to search by "{name}"; the fields are ' + ", ".join(
            field.name for field in fields)
    names = [known for field in fields for known in (field.name, *field.aliases)]
    close = difflib.get_close_matches(name.lower(), names, n=3)
    if close:
        return f'unknown field "{name}"; did you mean {_either(close)}?'
    return f'unknown field "{name}"; the fields are {", ".join(field.name for field in fields)}'


def _either(words: list[str]) -> str:
    quoted = [f'"{word}"' for word in words]
    return quoted[0] if len(quoted) == 1 else f"{', '.join(quoted[:-1])} or {quoted[-1]}"


def number_value(comparison: Comparison) -> int:
    if not _NUMBER.fullmatch(comparison.value):
        raise QueryError(
            f'"{comparison.field}" needs a whole number, not "{comparison.value}"', comparison.value_position
        )
    if len(comparison.value.lstrip("-")) > MAX_DIGITS:
        raise QueryError(
            f'"{comparison.field}" takes numbers of at most {MAX_DIGITS} digits', comparison.value_position
        )
    return int(comparison.value)


def bool_value(comparison: Comparison) -> bool:
    value = _BOOLEANS.get(comparison.value.lower())
    if value is None:
        raise QueryError(
            f'"{comparison.field}" takes yes or no (or true or false), not "{comparison.value}"',
            comparison.value_position,
        )
    return value


def text_value(field: SearchField, comparison: Comparison) -> str:
    """The value to look for: the stored word if the player typed one of the field's short forms."""
    typed = comparison.value.lower()
    return next(
        (stored for word, stored in field.value_aliases.items() if word.lower() == typed), comparison.value
    )


def enum_value(field: SearchField, comparison: Comparison) -> str:
    """The field's choice the value names (ignoring case, after short forms)."""
    wanted = text_value(field, comparison).lower()
    choice = next((choice for choice in field.choices if choice.lower() == wanted), None)
    if choice is not None:
        return choice
    allowed = ", ".join(field.choices)
    lowered_choices = {choice.lower() for choice in field.choices}
    short_forms = [word for word in field.value_aliases if word.lower() not in lowered_choices]
    if short_forms:
        allowed += f" (or {', '.join(short_forms)})"
    raise QueryError(
        f'"{comparison.field}" has no value "{comparison.value}"; use one of {allowed}', comparison.value_position
    )
