"""A small made-up game with one search field of every kind, and its cards, for the search tests.

The game's schema is built here rather than taken from a real game so that the tests pin down the
query language itself, whatever fields the real games offer.
"""
from __future__ import annotations

from typing import Any

from django.utils.text import slugify

from cardsdb.models import Card, CardSet, Game
from engine.schema import Attr, CardType, GameSchema, SearchField

_INITIATIVE = (
    Attr("initiative_low", "int", nullable=True),
    Attr("initiative_high", "int", nullable=True),
)
_SCHOOL = Attr("school", "enum", nullable=True, choices=("Fire", "Ice"))

HERO = CardType(
    "hero",
    "Hero",
    attrs=(
        Attr("rv", "int", label="Resource Value"),
        Attr("rr", "str", label="Resource Restriction"),
        Attr("classes", "str_list"),
        _SCHOOL,
        *_INITIATIVE,
    ),
)
SPELL = CardType(
    "spell",
    "Spell",
    attrs=(
        Attr("unique", "bool"),
        Attr("power", "int", nullable=True),
        # Named like a Django lookup on purpose: the search must read it as an attribute.
        Attr("range", "enum", choices=("melee", "ranged")),
        _SCHOOL,
        *_INITIATIVE,
    ),
)

DEMO_SCHEMA = GameSchema(
    slug="demo",
    name="Demo Game",
    card_types=(HERO, SPELL),
    search_fields=(
        SearchField("type", "enum", ("card_type",), aliases=("t",), choices=("hero", "spell"),
                    value_aliases={"h": "hero"}),
        SearchField("rv", "number", ("attributes", "rv")),
        SearchField("power", "number", ("attributes", "power"), aliases=("pow",)),
        SearchField("restriction", "text", ("attributes", "rr"), aliases=("rr",)),
        SearchField("class", "list", ("attributes", "classes")),
        SearchField("school", "enum", ("attributes", "school"), choices=("Fire", "Ice"),
                    value_aliases={"flame": "Fire"}),
        SearchField("unique", "bool", ("attributes", "unique")),
        SearchField("range", "enum", ("attributes", "range"), choices=("melee", "ranged")),
        SearchField("initiative", "range", aliases=("ini",), low_path=("attributes", "initiative_low"),
                    high_path=("attributes", "initiative_high")),
    ),
    sortable=(("rv", "Resource Value"), ("power", "Power"), ("range", "Range")),
)


def _initiative(low: int | None, high: int | None) -> dict[str, Any]:
    return {"initiative_low": low, "initiative_high": high}


# (set code, number, name, type, subtypes, text, attributes)
DEMO_CARDS: tuple[tuple[str, int, str, str, list[str], str, dict[str, Any]], ...] = (
    ("core", 1, "Ashen Ronin", "hero", ["Samurai", "Martial"], "Deal 2 damage to target card.",
     {"rv": 12, "rr": "No spells", "classes": ["Samurai"], "school": "Fire", **_initiative(3, 5)}),
    ("core", 2, "Blizzard", "spell", ["Spell", "Ice"], "Freeze every card.",
     {"unique": True, "power": 7, "range": "ranged", "school": "Ice", **_initiative(17, 17)}),
    ("core", 3, "Cinder Bolt", "spell", ["Spell", "Fire"], "Deal 3 damage; return it to your hand.",
     {"unique": False, "power": None, "range": "ranged", "school": "Fire", **_initiative(None, None)}),
    ("promo", 1, "Dawn Paladin", "hero", ["Paladin"], "Protect an ally.",
     {"rv": 14, "rr": "No evil, no chaotic", "classes": ["Paladin", "Café Owner"], "school": None,
      **_initiative(16, 19)}),
    ("core", 4, "Ember Sage", "hero", ["Wizard"], "Draw a card, then deal 1.",
     {"rv": 10, "rr": "(None)", "classes": ["Wizard"], "school": "Fire", **_initiative(1, 2)}),
    ("promo", 2, "Frost Ward", "spell", ["Ward"], 'Prevent the next "Deal" effect.',
     {"unique": True, "power": 2, "range": "melee", "school": "Ice", **_initiative(5, 5)}),
)


def make_game(slug: str = "demo", name: str = "Demo Game") -> Game:
    return Game.objects.create(slug=slug, name=name)


def make_card(
    game: Game,
    name: str,
    *,
    set_code: str = "core",
    number: int = 1,
    card_type: str = "hero",
    subtypes: list[str] | None = None,
    text: str = "",
    attributes: dict[str, Any] | None = None,
) -> Card:
    card_set, _ = CardSet.objects.get_or_create(game=game, code=set_code, defaults={"name": set_code.title()})
    return Card.objects.create(
        game=game,
        card_set=card_set,
        number=number,
        name=name,
        slug=slugify(name),
        card_type=card_type,
        subtypes=subtypes or [],
        text=text,
        attributes=attributes or {},
    )


def make_demo_cards() -> Game:
    """The demo game with DEMO_CARDS stored."""
    game = make_game()
    for set_code, number, name, card_type, subtypes, text, attributes in DEMO_CARDS:
        make_card(game, name, set_code=set_code, number=number, card_type=card_type, subtypes=subtypes,
                  text=text, attributes=attributes)
    return game
