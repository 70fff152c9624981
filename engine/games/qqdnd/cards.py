"""The QQDND CCG card schema: Party Members and Resources.

"Cards in QQDND CCG are either Party Members or Resources." Printed values are stored as printed
(an Initiative "5-3", a Resource Restriction "No spells, no Evil."); `derive` adds their parsed
forms so the search and the deck validator need not parse them again.
"""
from __future__ import annotations

from collections.abc import Callable
from contextlib import suppress
from typing import Any

from engine.games.qqdnd.initiative import parse_initiative
from engine.games.qqdnd.restrictions import parse_restriction
from engine.schema import Attr, CardType, GameSchema, SearchField

ALIGNMENTS: tuple[str, ...] = ("LG", "NG", "CG", "LN", "TN", "CN", "LE", "NE", "CE")
CATEGORIES: tuple[str, ...] = ("Action", "Permanent")

# Keys `derive` fills in; a fixture never holds them.
DERIVED_KEYS: tuple[str, ...] = ("initiative_low", "initiative_high", "initiative_kind", "rr_terms")


def _problem_of(parser: Callable[[str], object]) -> Callable[[Any], str | None]:
    """An Attr.check that reports the parser's ValueError as the field's error message."""

    def check(value: Any) -> str | None:
        try:
            parser(value)
        except ValueError as error:
            return str(error)
        return None

    return check


def _non_empty(value: Any) -> str | None:
    return None if str(value).strip() else "must not be blank"


ACTION_FIELDS: tuple[Attr, ...] = (
    Attr("name", "str", check=_non_empty, help="The Action's name as printed, e.g. \"Snipe\"."),
    Attr("initiative", "str", check=_problem_of(parse_initiative),
         help="The Action's Initiative as printed: \"17\", \"5-3\", \"X\" or \"*\"."),
    Attr("text", "str", help="What the Action does, as printed after its Initiative."),
)

_ACTIONS = Attr("actions", "object_list", fields=ACTION_FIELDS,
                help="The card's own Actions (not Effects, not Actions it grants to other cards).")

# Derived attributes are optional so that a card whose printed Initiative or Resource Restriction
# cannot be read gets one error, on the printed value, rather than a second one here.
_INITIATIVE_BOUNDS: tuple[Attr, ...] = (
    Attr("initiative_low", "int", required=False, nullable=True, minimum=0,
         help="Derived: the lowest Initiative the card can act at; empty for X and *."),
    Attr("initiative_high", "int", required=False, nullable=True, minimum=0,
         help="Derived: the highest Initiative the card can act at; empty for X and *."),
)

PARTY_MEMBER = CardType(
    slug="party_member",
    label="Party Member",
    default_section="Party",
    attrs=(
        Attr("alignment", "enum", choices=ALIGNMENTS, help="Two-letter alignment, e.g. LG or TN."),
        Attr("ancestry", "str_list", help="Ancestry as printed, e.g. [\"Half-Elf\"]."),
        Attr("classes", "str_list", help="Classes as printed, e.g. [\"Samurai\"]."),
        Attr("rv", "int", label="Resource Value", minimum=0,
             help="How many Resource cards the member adds to the deck's minimum."),
        Attr("rr", "str", label="Resource Restriction", check=_problem_of(parse_restriction),
             help="The Resource Restriction as printed, e.g. \"No spells, no Evil.\" or \"(None)\"."),
        Attr("hv", "int", label="Hand Value", minimum=0,
             help="How many Resources the member adds to each round's draw."),
        Attr("life", "int", minimum=0, help="Damage beyond this defeats the member."),
        _ACTIONS,
        *_INITIATIVE_BOUNDS,
        Attr("rr_terms", "str_list", label="Restriction terms", required=False,
             help="Derived: the Resource Restriction read into terms such as no_evil."),
    ),
)

RESOURCE = CardType(
    slug="resource",
    label="Resource",
    default_section="Resources",
    attrs=(
        Attr("initiative", "str", check=_problem_of(parse_initiative),
             help="The Initiative printed after the name: \"17\", \"5-3\", \"X\" or \"*\"."),
        Attr("category", "enum", choices=CATEGORIES,
             help="Action Resources are used and discarded; Permanent Resources stay in play."),
        Attr("unique", "bool", help="Printed Unique."),
        Attr("alignment", "enum", nullable=True, choices=ALIGNMENTS,
             help="The alignment tag printed among the subtypes, e.g. LN; empty if none."),
        Attr("life", "int", nullable=True, minimum=0, help="Life as printed; empty if none."),
        Attr("frequency", "int", nullable=True, minimum=0,
             help="How many copies a deck may hold; empty where the card prints none."),
        _ACTIONS,
        *_INITIATIVE_BOUNDS,
        Attr("initiative_kind", "enum", required=False, choices=("fixed", "range", "x", "star"),
             help="Derived: whether the Initiative is a number, a range, X or *."),
    ),
)


def _derive_party_member(attributes: dict[str, Any]) -> None:
    # A Party Member acts at its Actions' Initiatives: its span runs from the lowest to the highest.
    actions = attributes.get("actions")
    if isinstance(actions, list):
        try:
            parsed = [parse_initiative(action["initiative"]) for action in actions]
        except (ValueError, TypeError, KeyError):
            parsed = None
        if parsed is not None:
            lows = [i.low for i in parsed if i.low is not None]
            highs = [i.high for i in parsed if i.high is not None]
            attributes["initiative_low"] = min(lows, default=None)
            attributes["initiative_high"] = max(highs, default=None)
    # An unreadable restriction derives nothing; the check on `rr` reports it.
    rr = attributes.get("rr")
    if isinstance(rr, str):
        with suppress(ValueError):
            attributes["rr_terms"] = list(parse_restriction(rr))


def _derive_resource(attributes: dict[str, Any]) -> None:
    printed = attributes.get("initiative")
    if not isinstance(printed, str):
        return
    try:
        initiative = parse_initiative(printed)
    except ValueError:
        return
    attributes["initiative_low"] = initiative.low
    attributes["initiative_high"] = initiative.high
    attributes["initiative_kind"] = initiative.kind


def derive(card: dict[str, Any]) -> dict[str, Any]:
    """Fill the derived attributes from the printed ones; unreadable printed values derive nothing."""
    attributes = card["attributes"]
    for key in DERIVED_KEYS:
        # Never keep a value derived from an earlier version of the card.
        attributes.pop(key, None)
    if card.get("card_type") == PARTY_MEMBER.slug:
        _derive_party_member(attributes)
    elif card.get("card_type") == RESOURCE.slug:
        _derive_resource(attributes)
    return card


SEARCH_FIELDS: tuple[SearchField, ...] = (
    SearchField(
        "type", "enum", ("card_type",), aliases=("t",),
        choices=(PARTY_MEMBER.slug, RESOURCE.slug),
        value_aliases={
            "pm": PARTY_MEMBER.slug, "party": PARTY_MEMBER.slug, "member": PARTY_MEMBER.slug,
            "res": RESOURCE.slug, "resource": RESOURCE.slug,
        },
        help="Party Member (pm) or Resource (res).", example="t:pm",
    ),
    SearchField(
        "category", "enum", ("attributes", "category"), aliases=("cat",), choices=CATEGORIES,
        value_aliases={"action": "Action", "permanent": "Permanent", "perm": "Permanent"},
        help="A Resource's category: Action or Permanent.", example="category:permanent",
    ),
    SearchField(
        "alignment", "text", ("attributes", "alignment"), aliases=("al",),
        help="A Party Member's alignment or a Resource's alignment tag, e.g. LG.", example="al:lg",
    ),
    SearchField("rv", "number", ("attributes", "rv"), help="A Party Member's Resource Value.",
                example="rv>=13"),
    SearchField("hv", "number", ("attributes", "hv"), help="A Party Member's Hand Value.", example="hv=2"),
    SearchField("life", "number", ("attributes", "life"), help="Life of a Party Member, Ally or other card.",
                example="life>=6"),
    SearchField("frequency", "number", ("attributes", "frequency"), aliases=("freq", "f"),
                help="How many copies of a Resource a deck may hold.", example="freq=1"),
    SearchField(
        "initiative", "range", aliases=("ini",),
        low_path=("attributes", "initiative_low"), high_path=("attributes", "initiative_high"),
        help="Initiative; a range such as 5-3 matches every value from 3 to 5, and a Party Member "
             "matches the span of its Actions. X and * match no number.",
        example="ini>=18",
    ),
    SearchField("unique", "bool", ("attributes", "unique"), help="Resources printed Unique.",
                example="unique:true"),
    SearchField("class", "list", ("attributes", "classes"), help="A Party Member's class.",
                example="class:samurai"),
    SearchField("ancestry", "list", ("attributes", "ancestry"), help="A Party Member's ancestry.",
                example="ancestry:human"),
)

SCHEMA = GameSchema(
    slug="qqdnd",
    name="QQDND CCG",
    tagline="Party-based card battles: four Party Members, one Initiative race a round.",
    card_types=(PARTY_MEMBER, RESOURCE),
    search_fields=SEARCH_FIELDS,
    derive=derive,
    sortable=(
        ("rv", "Resource Value"),
        ("hv", "Hand Value"),
        ("life", "Life"),
        ("initiative_high", "Initiative"),
        ("frequency", "Frequency"),
    ),
)
