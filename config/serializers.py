"""Request bodies read as their OpenAPI schema types them.

DRF's fields are lenient with JSON: a CharField takes 7 as "7", an IntegerField takes "7" and 7.0, a
BooleanField takes 0, 1, "yes" and "on". The schema promises a string, an integer or a boolean, so a
JSON body with another type is refused with 400, naming the field, as any other invalid value is.
Form and multipart bodies (where every value is text) are left to the fields' own parsing.

What a serializer's `validate` requires of several fields together it states in `schema_rules`, JSON
Schema objects its schema requires all of (for example `{"anyOf": [{"required": ["deck"]},
{"required": ["game", "list"]}]}`), so that a request the schema calls valid is one the view takes.
"""
from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from django.core.validators import ProhibitNullCharactersValidator
from drf_spectacular.extensions import OpenApiSerializerExtension
from rest_framework import serializers
from rest_framework.utils import html

RULES_KEY = "x-schema-rules"
# A text without NUL: PostgreSQL cannot store one, and Django's text fields refuse it.
NO_NUL = "^[^\\x00]*$"
# The same, with a character other than white space: a field that trims its text and may not be blank
# refuses one of only white space ("  " is "" once trimmed), whatever its minLength says.
NO_NUL_NOT_BLANK = "^[^\\x00]*[^\\x00\\s][^\\x00]*$"

# The JSON types each kind of field takes, and how its refusal names them.
_JSON_TYPES: list[tuple[type[serializers.Field], tuple[type, ...], str]] = [
    (serializers.BooleanField, (bool,), "true or false"),
    (serializers.CharField, (str,), "a string"),
    (serializers.IntegerField, (int,), "a whole number"),
    (serializers.FloatField, (int, float), "a number"),
]


def _type_error(field: serializers.Field, value: Any) -> str | None:
    if value is None:
        return None  # the field's own allow_null decides
    for kind, types, name in _JSON_TYPES:
        if isinstance(field, kind):
            if isinstance(value, bool) and kind is not serializers.BooleanField:
                return f"Must be {name}, not true or false."
            return None if isinstance(value, types) else f"Must be {name}."
    return None


# An input serializer that refuses JSON values of another type than its fields'. (A comment, not a
# docstring: the schema would give it as every input's description.)
class JSONInputSerializer(serializers.Serializer):

    # JSON Schema rules over several fields that `validate` enforces (the schema's "allOf").
    schema_rules: list[dict[str, Any]] = []

    def to_internal_value(self, data: Any) -> Any:
        if isinstance(data, Mapping) and not html.is_html_input(data):
            errors = {
                name: [message]
                for name, field in self.fields.items()
                if not field.read_only and field.source != "*" and name in data
                and (message := _type_error(field, data[name])) is not None
            }
            if errors:
                raise serializers.ValidationError(errors)
        return super().to_internal_value(data)


class JSONInputSchema(OpenApiSerializerExtension):
    """The schema of a JSONInputSerializer: its fields', and its rules over several fields."""

    target_class = JSONInputSerializer
    match_subclasses = True

    def map_serializer(self, auto_schema: Any, direction: Any) -> Any:
        # The views validate these whole, for PATCH too (they never make them partial), so their required
        # fields are required whatever the method.
        whole = copy.copy(self.target)
        whole.partial = False
        schema = auto_schema._map_serializer(whole, direction, bypass_extensions=True)
        for name, field in whole.fields.items():
            refuses_nul = any(isinstance(v, ProhibitNullCharactersValidator) for v in field.validators)
            prop = schema.get("properties", {}).get(name)
            if refuses_nul and isinstance(prop, dict) and prop.get("type") == "string" and "pattern" not in prop:
                trimmed_not_blank = (isinstance(field, serializers.CharField) and field.trim_whitespace
                                     and not field.allow_blank)
                prop["pattern"] = NO_NUL_NOT_BLANK if trimmed_not_blank else NO_NUL
        if self.target.schema_rules:
            # Made the schema's "allOf" by config.api_schema, after drf-spectacular has named the enums of
            # the fields: these enums are parts of rules, not the fields' choices.
            schema[RULES_KEY] = list(self.target.schema_rules)
        return schema
