"""The Condemned CCG card schema: Condemned, Weapons, Armor, Events and Preparations.

Printed values are stored as printed (an Armor's modifiers as "+1", "x2", "=0"); `derive` adds the
forms the search and the rules need: a Condemned's sub-types as the `subtypes` attribute, and the
damage types an Armor is strong or weak against.

Equip restrictions are data (see engine/games/condemned/equipment.py): a Condemned's `subtypes`
(e.g. ["Brute"]) against a Weapon's or Armor's `requires`, the sub-types allowed to equip it, empty
for "any Condemned".
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.games.condemned.modifiers import parse_modifier
from engine.schema import Attr, CardType, FieldError, GameSchema, SearchField

# "Damage comes in 6 types: Slash, Impact, Puncture, Bio, Fire, Electric".
DAMAGE_TYPES: tuple[str, ...] = ("slash", "impact", "puncture", "bio", "fire", "electric")
SLOTS: tuple[str, ...] = ("head", "body", "legs")
HANDS: tuple[str, ...] = ("main", "off", "either")
RANGES: tuple[str, ...] = ("melee", "ranged")
# When an Event may be played. The rules: "Events can be played on either Condemned's turn", so an
# Event says which moment it answers: your Main Phase, your own attack, an enemy attack, or any time.
EVENT_TIMINGS: tuple[str, ...] = ("main", "attacking", "defending", "any")

# Keys `derive` fills in; a fixture never holds them.
DERIVED_KEYS: tuple[str, ...] = ("subtypes", "strong_against", "weak_against")


def _modifier_problem(value: Any) -> str | None:
    try:
        parse_modifier(value)
    except ValueError as error:
        return str(error)
    return None


_REQUIRES = Attr(
    "requires", "str_list", label="Requires sub-type",
    help="The Condemned sub-types allowed to equip this card (any one of them will do); "
         "empty when any Condemned may.",
)
_DURABILITY = Attr("durability", "int", minimum=1,
                   help="Damage the card takes before it breaks and goes to the Discard Pile.")

CONDEMNED = CardType(
    slug="condemned",
    label="Condemned",
    default_section="Condemned",
    attrs=(
        Attr("life", "int", minimum=1,
             help="Starting and maximum Life, before bonuses from Weapons or Armor."),
        Attr("subtypes", "str_list", label="Sub-types",
             help="Derived: the card's printed sub-types, which decide the Weapons and Armor it can equip."),
    ),
)

WEAPON = CardType(
    slug="weapon",
    label="Weapon",
    default_section="Deck",
    attrs=(
        Attr("damage", "int", minimum=0, help="Damage of each attack, before modifiers."),
        Attr("damage_type", "enum", choices=DAMAGE_TYPES, help="One of the six damage types."),
        _DURABILITY,
        Attr("hands", "int", minimum=1, maximum=2, help="1 for One Hand, 2 for Two Hand."),
        Attr("hand", "enum", choices=HANDS,
             help="The hand a One Hand Weapon goes in (main, off or either, from the hand symbols); "
                  "main for a Two Hand Weapon, which attacks in the Main Hand step and fills both hands."),
        Attr("range", "enum", choices=RANGES,
             help="Melee Weapons attack only at Melee; Ranged Weapons at Melee and at Ranged."),
        Attr("keywords", "str_list", help="Keywords such as Leech or Multi-Hit; their reminder is in the text."),
        _REQUIRES,
    ),
)

ARMOR = CardType(
    slug="armor",
    label="Armor",
    default_section="Deck",
    attrs=(
        Attr("slot", "enum", choices=SLOTS, help="The Armor slot it fills: head, body or legs."),
        _DURABILITY,
        Attr(
            "modifiers", "object",
            fields=tuple(
                Attr(damage_type, "str", required=False, check=_modifier_problem) for damage_type in DAMAGE_TYPES
            ),
            help='Damage type to modifier as printed, e.g. {"slash": "+1", "impact": "/2", "bio": "=0"}.',
        ),
        Attr("armor_set", "str", nullable=True, label="Armor set",
             help='The armor set it belongs to, e.g. "Handyman"; empty for none.'),
        Attr("shielding", "bool",
             help="Printed Shielding: attacks must target the wearer's Armor while it is equipped."),
        _REQUIRES,
        # Derived, hence optional: unreadable modifiers get one error, on `modifiers`.
        Attr("strong_against", "enum_list", required=False, choices=DAMAGE_TYPES,
             help="Derived: damage types whose modifier always lowers the damage (-1, /2, =0, x0)."),
        Attr("weak_against", "enum_list", required=False, choices=DAMAGE_TYPES,
             help="Derived: damage types whose modifier always raises the damage (+1, x2)."),
    ),
)

EVENT = CardType(
    slug="event",
    label="Event",
    default_section="Deck",
    attrs=(
        Attr("timing", "enum", choices=EVENT_TIMINGS,
             help="When it may be played: main (your Main Phase), attacking (when you declare an "
                  "attack), defending (when an attack on you is declared) or any (either turn)."),
    ),
)

PREPARATION = CardType(slug="preparation", label="Preparation", default_section="Deck", attrs=())


def _derive_armor(attributes: dict[str, Any]) -> None:
    modifiers = attributes.get("modifiers")
    if not isinstance(modifiers, dict):
        return
    try:
        parsed = {t: parse_modifier(modifiers[t]) for t in DAMAGE_TYPES if t in modifiers}
    except ValueError:
        return
    attributes["strong_against"] = [t for t, m in parsed.items() if m.lowers_damage]
    attributes["weak_against"] = [t for t, m in parsed.items() if m.raises_damage]


def derive(card: dict[str, Any]) -> dict[str, Any]:
    """Fill the derived attributes from the printed ones; unreadable printed values derive nothing."""
    attributes = card["attributes"]
    for key in DERIVED_KEYS:
        # Never keep a value derived from an earlier version of the card.
        attributes.pop(key, None)
    if card.get("card_type") == CONDEMNED.slug:
        # One source for the sub-types: the card's printed sub-types line.
        subtypes = card.get("subtypes", [])
        attributes["subtypes"] = list(subtypes) if isinstance(subtypes, list) else subtypes
    elif card.get("card_type") == ARMOR.slug:
        _derive_armor(attributes)
    return card


class CondemnedSchema(GameSchema):
    """Adds the one check that spans two attributes: a Two Hand Weapon's hand."""

    def validate_card(self, card: Mapping[str, Any]) -> list[FieldError]:
        errors = super().validate_card(card)
        attributes = card.get("attributes")
        if (
            not errors
            and card.get("card_type") == WEAPON.slug
            and isinstance(attributes, dict)
            and attributes["hands"] == 2
            and attributes["hand"] != "main"
        ):
            errors.append(FieldError(
                "attributes.hand", f'a Two Hand Weapon fills both hands and is "main"; got {attributes["hand"]!r}'
            ))
        return errors


_TYPE_SLUGS = tuple(t.slug for t in (CONDEMNED, WEAPON, ARMOR, EVENT, PREPARATION))

SEARCH_FIELDS: tuple[SearchField, ...] = (
    SearchField(
        "type", "enum", ("card_type",), aliases=("t",), choices=_TYPE_SLUGS,
        value_aliases={
            "inmate": CONDEMNED.slug,
            "wpn": WEAPON.slug, "w": WEAPON.slug,
            "armour": ARMOR.slug, "a": ARMOR.slug,
            "ev": EVENT.slug, "e": EVENT.slug,
            "prep": PREPARATION.slug, "p": PREPARATION.slug,
        },
        help="Condemned, weapon (w), armor (a), event (e) or preparation (prep).", example="t:weapon",
    ),
    SearchField("life", "number", ("attributes", "life"), help="A Condemned's Life.", example="life>=22"),
    SearchField("damage", "number", ("attributes", "damage"), aliases=("dmg",),
                help="A Weapon's damage.", example="dmg>=3"),
    SearchField(
        "dmgtype", "enum", ("attributes", "damage_type"), aliases=("dt",), choices=DAMAGE_TYPES,
        value_aliases={"elec": "electric", "pierce": "puncture", "blunt": "impact"},
        help="A Weapon's damage type: slash, impact, puncture, bio, fire or electric.", example="dt:fire",
    ),
    SearchField("durability", "number", ("attributes", "durability"), aliases=("dur",),
                help="A Weapon's or Armor's Durability.", example="dur>=4"),
    SearchField("hands", "number", ("attributes", "hands"), help="1 for One Hand, 2 for Two Hand Weapons.",
                example="hands=2"),
    SearchField(
        "hand", "enum", ("attributes", "hand"), choices=HANDS, value_aliases={"mh": "main", "oh": "off"},
        help="The hand a Weapon goes in: main, off or either.", example="hand:off",
    ),
    SearchField("range", "enum", ("attributes", "range"), choices=RANGES,
                help="Melee or ranged Weapons.", example="range:ranged"),
    SearchField(
        "slot", "enum", ("attributes", "slot"), choices=SLOTS,
        value_aliases={"helm": "head", "chest": "body", "leg": "legs", "pants": "legs"},
        help="An Armor's slot: head, body or legs.", example="slot:head",
    ),
    SearchField("armorset", "text", ("attributes", "armor_set"), aliases=("aset",),
                help="The armor set an Armor belongs to.", example="armorset:handyman"),
    SearchField("shielding", "bool", ("attributes", "shielding"), help="Armor with Shielding.",
                example="shielding:true"),
    SearchField("keyword", "list", ("attributes", "keywords"), aliases=("kw",),
                help="A Weapon keyword such as Leech or Multi-Hit.", example="kw:leech"),
    SearchField("requires", "list", ("attributes", "requires"), aliases=("req",),
                help="Weapons and Armor only Condemned of this sub-type may equip.", example="req:brute"),
    SearchField("strong", "list", ("attributes", "strong_against"), choices=DAMAGE_TYPES,
                help="Armor whose modifier lowers this damage type.", example="strong:impact"),
    SearchField("weak", "list", ("attributes", "weak_against"), choices=DAMAGE_TYPES,
                help="Armor whose modifier raises this damage type.", example="weak:fire"),
    SearchField("timing", "enum", ("attributes", "timing"), choices=EVENT_TIMINGS,
                help="When an Event may be played: main, attacking, defending or any.", example="timing:defending"),
)

SCHEMA = CondemnedSchema(
    slug="condemned",
    name="The Condemned CCG",
    tagline="Arena duels of Weapons and Armor: reduce the other Condemned's Life to 0.",
    card_types=(CONDEMNED, WEAPON, ARMOR, EVENT, PREPARATION),
    search_fields=SEARCH_FIELDS,
    derive=derive,
    sortable=(("damage", "Damage"), ("durability", "Durability"), ("life", "Life")),
)
