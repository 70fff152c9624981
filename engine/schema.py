"""Per-game card schemas: which attributes a card type has, their types and allowed values.

A game's schema is defined once (in engine/games/<slug>/cards.py) and used three ways:
to validate card data when it is loaded (and edited in the admin), to derive parsed values
from printed ones, and to describe the game's fields to the card search.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

AttrKind = Literal["int", "str", "bool", "enum", "str_list", "enum_list", "object", "object_list"]


@dataclass(frozen=True)
class FieldError:
    """One thing wrong with one card: `field` is a dotted path such as "attributes.rv"."""

    field: str
    message: str

    def __str__(self) -> str:
        return f"{self.field}: {self.message}"


@dataclass(frozen=True)
class Attr:
    """One attribute of a card type, stored in the card's `attributes` document."""

    name: str
    kind: AttrKind
    label: str = ""
    required: bool = True
    nullable: bool = False
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    # For "object"/"object_list": the attributes of each nested object.
    fields: tuple[Attr, ...] = ()
    # Extra check on a present, well-typed value; returns an error message or None.
    check: Callable[[Any], str | None] | None = None
    help: str = ""

    @property
    def title(self) -> str:
        return self.label or self.name.replace("_", " ").capitalize()

    def validate(self, value: Any, path: str) -> list[FieldError]:
        if value is None:
            if self.nullable:
                return []
            return [FieldError(path, "must not be empty")]
        errors = self._validate_type(value, path)
        if not errors and self.check is not None:
            message = self.check(value)
            if message:
                errors.append(FieldError(path, message))
        return errors

    def _validate_type(self, value: Any, path: str) -> list[FieldError]:
        kind = self.kind
        if kind == "int":
            # bool is an int subclass in Python; a card's number never is.
            if isinstance(value, bool) or not isinstance(value, int):
                return [FieldError(path, f"must be a whole number, not {value!r}")]
            if self.minimum is not None and value < self.minimum:
                return [FieldError(path, f"must be at least {self.minimum}, not {value}")]
            if self.maximum is not None and value > self.maximum:
                return [FieldError(path, f"must be at most {self.maximum}, not {value}")]
            return []
        if kind == "bool":
            return [] if isinstance(value, bool) else [FieldError(path, f"must be true or false, not {value!r}")]
        if kind in ("str", "enum"):
            if not isinstance(value, str):
                return [FieldError(path, f"must be text, not {value!r}")]
            if kind == "enum" and value not in self.choices:
                return [FieldError(path, f"must be one of {', '.join(self.choices)}; got {value!r}")]
            return []
        if kind in ("str_list", "enum_list"):
            if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                return [FieldError(path, f"must be a list of text values, not {value!r}")]
            if kind == "enum_list":
                bad = [v for v in value if v not in self.choices]
                if bad:
                    return [FieldError(path, f"{', '.join(map(repr, bad))} not among {', '.join(self.choices)}")]
            return []
        if kind == "object":
            if not isinstance(value, dict):
                return [FieldError(path, f"must be an object, not {value!r}")]
            return validate_document(self.fields, value, path)
        if kind == "object_list":
            if not isinstance(value, list):
                return [FieldError(path, f"must be a list, not {value!r}")]
            errors: list[FieldError] = []
            for index, item in enumerate(value):
                item_path = f"{path}[{index}]"
                if not isinstance(item, dict):
                    errors.append(FieldError(item_path, f"must be an object, not {item!r}"))
                else:
                    errors.extend(validate_document(self.fields, item, item_path))
            return errors
        raise AssertionError(f"unknown attribute kind {kind}")


def validate_document(attrs: Sequence[Attr], document: Mapping[str, Any], path: str) -> list[FieldError]:
    """Check a document against attribute definitions: missing, unknown and ill-typed keys."""
    errors: list[FieldError] = []
    known = {a.name for a in attrs}
    for attr in attrs:
        if attr.name not in document:
            if attr.required:
                errors.append(FieldError(f"{path}.{attr.name}", "is missing"))
            continue
        errors.extend(attr.validate(document[attr.name], f"{path}.{attr.name}"))
    for key in document:
        if key not in known:
            errors.append(FieldError(f"{path}.{key}", "is not an attribute of this card type"))
    return errors


@dataclass(frozen=True)
class CardType:
    slug: str
    label: str
    attrs: tuple[Attr, ...]
    # The deck list section a card of this type goes to when a list has no headers.
    default_section: str = ""

    def attr(self, name: str) -> Attr | None:
        return next((a for a in self.attrs if a.name == name), None)


SearchKind = Literal["number", "text", "enum", "list", "bool", "range"]


@dataclass(frozen=True)
class SearchField:
    """A field the card search understands, e.g. `rv>=12` or `subtype:samurai`.

    `path` locates the value: ("name",) or ("subtypes",) are card columns, ("attributes", "rv")
    is a key of the attributes document. A "range" field has `low_path` and `high_path`
    (a card with Initiative 5-3 matches initiative=4 and initiative>4).
    """

    name: str
    kind: SearchKind
    path: tuple[str, ...] = ()
    aliases: tuple[str, ...] = ()
    help: str = ""
    example: str = ""
    choices: tuple[str, ...] = ()
    low_path: tuple[str, ...] = ()
    high_path: tuple[str, ...] = ()
    # Maps a user's word to the stored value, e.g. "pm" -> "party_member".
    value_aliases: Mapping[str, str] = field(default_factory=dict)


# Fields every game shares: they live in card columns.
COMMON_SEARCH_FIELDS: tuple[SearchField, ...] = (
    SearchField("name", "text", ("name",), aliases=("n",), help="Words in the card's name.", example='name:"lotus"'),
    SearchField("text", "text", ("text",), aliases=("o", "oracle"), help="Words in the rules text.", example="o:draw"),
    SearchField("set", "text", ("card_set", "code"), aliases=("s", "e"), help="The set's code.", example="set:core"),
    SearchField(
        "subtype", "list", ("subtypes",), aliases=("st", "trait"), help="A subtype or trait.", example="st:spell"
    ),
)


@dataclass(frozen=True)
class GameSchema:
    slug: str
    name: str
    card_types: tuple[CardType, ...]
    search_fields: tuple[SearchField, ...]
    # Fills derived attributes (parsed forms of printed values) into a card's attributes;
    # runs before validation, so derived keys are validated too.
    derive: Callable[[dict[str, Any]], dict[str, Any]] | None = None
    sortable: tuple[tuple[str, str], ...] = ()  # (attribute key, label) offered as sort orders
    tagline: str = ""  # one line for the home page

    def card_type(self, slug: str) -> CardType | None:
        return next((t for t in self.card_types if t.slug == slug), None)

    def all_search_fields(self) -> tuple[SearchField, ...]:
        return COMMON_SEARCH_FIELDS + self.search_fields

    def search_field(self, name: str) -> SearchField | None:
        name = name.lower()
        for f in self.all_search_fields():
            if name == f.name or name in f.aliases:
                return f
        return None

    def prepare(self, card: Mapping[str, Any]) -> dict[str, Any]:
        """Return the card with derived attributes filled in (the input is not changed)."""
        prepared = {**card, "attributes": dict(card.get("attributes") or {})}
        if self.derive is not None:
            prepared = self.derive(prepared)
        return prepared

    def validate_card(self, card: Mapping[str, Any]) -> list[FieldError]:
        """Validate one card record (name, card_type, subtypes, text, attributes)."""
        errors: list[FieldError] = []
        name = card.get("name")
        if not isinstance(name, str) or not name.strip():
            errors.append(FieldError("name", "must be non-empty text"))
        for key in ("text",):
            if not isinstance(card.get(key, ""), str):
                errors.append(FieldError(key, "must be text"))
        subtypes = card.get("subtypes", [])
        if not isinstance(subtypes, list) or not all(isinstance(s, str) for s in subtypes):
            errors.append(FieldError("subtypes", "must be a list of text values"))
        type_slug = card.get("card_type")
        card_type = self.card_type(type_slug) if isinstance(type_slug, str) else None
        if card_type is None:
            choices = ", ".join(t.slug for t in self.card_types)
            errors.append(FieldError("card_type", f"must be one of {choices}; got {type_slug!r}"))
            return errors
        attributes = card.get("attributes")
        if not isinstance(attributes, dict):
            errors.append(FieldError("attributes", "must be an object"))
            return errors
        errors.extend(validate_document(card_type.attrs, attributes, "attributes"))
        return errors
