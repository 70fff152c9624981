"""The Anguish CCG card schema: Creatures, Discoveries and Strongholds.

Every card names its Species as a list: one Species, two for a dual-type card, none for an Agnostic
card (4.2: "Cards that have two Species indicated are dual-type and allowed in either Species deck
builds. Cards without a designated Species are considered Agnostic and are allowed in any deck
build."). `derive` adds what the search and the rules ask of that list, so nobody reads it twice:

- `species_kind`: "single", "dual" or "agnostic";
- `species_tags`: the Species, or ["Agnostic"] for a card with none. The `species` search field
  reads this list, which is how `species:agnostic` finds the cards whose Species list is empty;
- `fits_species`: the Species whose Lifeblood may hold the card (all five for an Agnostic card);
- `tenth_hour` (Creatures only): a Creature of Hour cost 10, the kind a Lifeblood holds one or
  two of (4.1: "up to two 10th-Hour creatures (with a minimum of one)").
"""
from __future__ import annotations

from typing import Any

from engine.schema import Attr, CardType, GameSchema, SearchField

SPECIES: tuple[str, ...] = ("Colossal", "Cosmic", "Enchanted", "Nightmare", "Survivor")
AGNOSTIC = "Agnostic"
SPECIES_KINDS: tuple[str, ...] = ("single", "dual", "agnostic")
# 2.1: "Hours increment from 1 to 11 to include the 1st to 11th hour".
FIRST_HOUR, LAST_HOUR = 1, 11
TENTH_HOUR = 10

# Keys `derive` fills in; a fixture never holds them.
DERIVED_KEYS: tuple[str, ...] = ("species_kind", "species_tags", "fits_species", "tenth_hour")


def _species_problem(species: list[str]) -> str | None:
    if len(set(species)) != len(species):
        return "names a Species twice"
    if len(species) > 2:
        return f"names {len(species)} Species; a card has one, two (dual-type) or none (Agnostic)"
    return None


def _one_species(species: list[str]) -> str | None:
    # 4.3 speaks of "different Strongholds of the same Species": a Stronghold belongs to one Species.
    return None if len(species) == 1 else f"a Stronghold belongs to exactly one Species, not {len(species)}"


def _hour(help: str) -> Attr:
    return Attr("hour", "int", nullable=True, minimum=FIRST_HOUR, maximum=LAST_HOUR, help=help)


_SPECIES = Attr(
    "species", "enum_list", choices=SPECIES, check=_species_problem,
    help="One Species; two for a dual-type card; none for an Agnostic card.",
)
_ABILITIES = Attr("abilities", "str_list", help='Keyword abilities such as "Ambush"; the text explains them.')

# Derived, hence optional: a card with an unreadable Species list gets one error, on `species`.
_DERIVED_SPECIES: tuple[Attr, ...] = (
    Attr("species_kind", "enum", required=False, choices=SPECIES_KINDS,
         help="Derived: single, dual (dual-type) or agnostic."),
    Attr("species_tags", "enum_list", required=False, choices=(*SPECIES, AGNOSTIC),
         help='Derived: the Species, or ["Agnostic"] for a card with none.'),
    Attr("fits_species", "enum_list", required=False, choices=SPECIES,
         help="Derived: the Species whose Lifeblood may hold the card."),
)

CREATURE = CardType(
    slug="creature",
    label="Creature",
    default_section="Lifeblood",
    attrs=(
        _SPECIES,
        _hour("The Hour cost; empty for a Creature played free of cost."),
        Attr("arsenal", "int", minimum=0, help="Arsenal Score: damage it deals when it attacks."),
        Attr("protection", "int", minimum=0,
             help="Protection Score: damage it absorbs; at 0 it cannot be placed in the Defense Line."),
        _ABILITIES,
        *_DERIVED_SPECIES,
        Attr("tenth_hour", "bool", required=False, label="10th-Hour",
             help="Derived: a Creature of Hour cost 10 (a Lifeblood holds one or two)."),
    ),
)

DISCOVERY = CardType(
    slug="discovery",
    label="Discovery",
    default_section="Lifeblood",
    attrs=(
        _SPECIES,
        _hour("The Hour cost; empty for a Discovery played free of cost."),
        _ABILITIES,
        *_DERIVED_SPECIES,
    ),
)

STRONGHOLD = CardType(
    slug="stronghold",
    label="Stronghold",
    default_section="Lifeblood",
    attrs=(
        Attr("species", "enum_list", choices=SPECIES, check=_one_species,
             help="The Species whose Stronghold it is."),
        _hour("Empty: a Stronghold is not played from the hand."),
        Attr("strength", "int", minimum=1, help="Its starting value in the End Game."),
        *_DERIVED_SPECIES,
    ),
)


def _derive_species(attributes: dict[str, Any]) -> None:
    species = attributes.get("species")
    if not isinstance(species, list) or _species_problem(species) or any(s not in SPECIES for s in species):
        return
    attributes["species_kind"] = {0: "agnostic", 1: "single", 2: "dual"}[len(species)]
    attributes["species_tags"] = list(species) if species else [AGNOSTIC]
    attributes["fits_species"] = [s for s in SPECIES if s in species] if species else list(SPECIES)


def derive(card: dict[str, Any]) -> dict[str, Any]:
    """Fill the derived attributes from the printed ones; unreadable printed values derive nothing."""
    attributes = card["attributes"]
    for key in DERIVED_KEYS:
        # Never keep a value derived from an earlier version of the card.
        attributes.pop(key, None)
    _derive_species(attributes)
    if card.get("card_type") == CREATURE.slug:
        hour = attributes.get("hour")
        if hour is None or (isinstance(hour, int) and not isinstance(hour, bool)):
            attributes["tenth_hour"] = hour == TENTH_HOUR
    return card


SEARCH_FIELDS: tuple[SearchField, ...] = (
    SearchField(
        "type", "enum", ("card_type",), aliases=("t",),
        choices=(CREATURE.slug, DISCOVERY.slug, STRONGHOLD.slug),
        value_aliases={
            "cr": CREATURE.slug, "disc": DISCOVERY.slug, "d": DISCOVERY.slug,
            "sh": STRONGHOLD.slug, "hold": STRONGHOLD.slug,
        },
        help="Creature (cr), discovery (disc) or stronghold (sh).", example="t:stronghold",
    ),
    SearchField(
        "species", "list", ("attributes", "species_tags"), aliases=("sp",), choices=(*SPECIES, AGNOSTIC),
        value_aliases={"none": AGNOSTIC},
        help="A Species the card names; dual-type cards name two; agnostic finds cards that name none.",
        example="species:nightmare",
    ),
    SearchField(
        "fits", "list", ("attributes", "fits_species"), aliases=("lifeblood", "lb"), choices=SPECIES,
        help="Cards a Lifeblood of this Species may hold: its own, its dual-types and Agnostic cards.",
        example="fits:cosmic",
    ),
    SearchField(
        "specieskind", "enum", ("attributes", "species_kind"), aliases=("sk",), choices=SPECIES_KINDS,
        value_aliases={"mono": "single", "dual-type": "dual", "none": "agnostic"},
        help="single, dual (dual-type) or agnostic.", example="sk:dual",
    ),
    SearchField("hour", "number", ("attributes", "hour"), aliases=("h",),
                help="The Hour cost (1 to 11); cards played free of cost have none.", example="hour<=3"),
    SearchField("tenth", "bool", ("attributes", "tenth_hour"), aliases=("tenth_hour",),
                help="10th-Hour Creatures.", example="tenth:true"),
    SearchField("arsenal", "number", ("attributes", "arsenal"), aliases=("ars",),
                help="A Creature's Arsenal Score.", example="ars>=3"),
    SearchField("protection", "number", ("attributes", "protection"), aliases=("prot",),
                help="A Creature's Protection Score.", example="prot=0"),
    SearchField("strength", "number", ("attributes", "strength"), aliases=("str",),
                help="A Stronghold's strength.", example="strength>=12"),
    SearchField("ability", "list", ("attributes", "abilities"), aliases=("ab", "kw"),
                help="A keyword ability such as Ambush.", example="ability:ambush"),
)

SCHEMA = GameSchema(
    slug="anguish",
    name="Anguish CCG",
    tagline="Eleven Hours to protect your Species' Stronghold before the End Game.",
    card_types=(CREATURE, DISCOVERY, STRONGHOLD),
    search_fields=SEARCH_FIELDS,
    derive=derive,
    sortable=(("hour", "Hour"), ("arsenal", "Arsenal"), ("protection", "Protection")),
)
