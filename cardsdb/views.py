"""The card database's web pages: the games, each game's card search, a card, the query syntax."""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from urllib.parse import urlencode

from django.core.paginator import Paginator
from django.db.models import Count, Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse

from engine.decklist import normalize_name
from engine.games import game_schema, game_slugs
from engine.schema import GameSchema, SearchField

from .examples import field_example
from .models import Card, CardSet, Game
from .search import (
    MAX_NEGATIONS,
    MAX_NESTING,
    MAX_QUERY_LENGTH,
    QueryError,
    card_search,
    describe,
    parse_query,
    sort_orders,
)
from .search.fields import MAX_DIGITS

PAGE_SIZE = 60
LAYOUTS = ("grid", "table")

# Queries shown on the syntax page beside each game's field examples, to show how the parts
# combine. A test runs each through the search, so one that stops working fails the build.
EXAMPLE_QUERIES: dict[str, tuple[str, ...]] = {
    "qqdnd": (
        "t:res st:samurai ini>=15",
        "t:pm (class:fighter or class:samurai) -al:ce",
        "category:permanent freq=1 -unique:true",
        'o:"draw a card" or o:search',
    ),
    "condemned": (
        "t:weapon dmg>=3 dt:slash",
        "t:armor (slot:head or slot:legs) dur>=3",
        "(dt:fire or dt:electric) hands=1",
        "t:event timing:defending",
    ),
    "anguish": (
        "t:creature hour<=3 ars>=2",
        "fits:nightmare -t:stronghold",
        "ability:ambush or sk:dual",
        "t:stronghold strength>=10",
    ),
}


@dataclass(frozen=True)
class SortOption:
    value: str
    label: str


def home(request: HttpRequest) -> HttpResponse:
    games = Game.objects.annotate(
        card_count=Count("cards", distinct=True),
        demo_set_count=Count("sets", filter=Q(sets__is_demo=True), distinct=True),
    ).order_by("sort_order", "name")
    return render(request, "cardsdb/home.html", {"games": games})


def game_cards(request: HttpRequest, game_slug: str) -> HttpResponse:
    game = get_object_or_404(Game, slug=game_slug)
    schema = game.schema
    query = request.GET.get("q", "").strip()
    options = sort_options(schema)
    order = request.GET.get("order", "")
    # An unknown order is ignored rather than refused: it can only come from an edited address.
    if order not in {option.value for option in options}:
        order = ""
    layout = request.GET.get("view", "")
    if layout not in LAYOUTS:
        layout = LAYOUTS[0]
    context = {
        "game": game,
        "query": query,
        "order": order,
        # The search sorts by name when no order is given; the sort menu says so.
        "shown_order": order or "name",
        "layout": layout,
        "sort_options": options,
    }
    try:
        cards = card_search(game, query, order or None)
        description = describe(parse_query(query), schema) if query else ""
    except QueryError as error:
        context["error"] = error
        context["caret"] = caret_line(query, error.position)
        return render(request, "cardsdb/card_list.html", context, status=400)

    paginator = Paginator(cards.select_related("game", "card_set"), PAGE_SIZE)
    page = paginator.get_page(request.GET.get("page"))
    context.update(
        {
            "page": page,
            "page_numbers": page_numbers(paginator, page.number),
            "description": description,
            "demo_sets": demo_sets(page.object_list),
            "stats_templates": [f"cardsdb/stats/{game.slug}.html", "cardsdb/stats/generic.html"],
        }
    )
    return render(request, "cardsdb/card_list.html", context)


def card_detail(request: HttpRequest, game_slug: str, card_slug: str) -> HttpResponse:
    card = get_object_or_404(Card.objects.select_related("game", "card_set"), game__slug=game_slug, slug=card_slug)
    in_set = Card.objects.filter(card_set=card.card_set).only("name", "slug", "number")
    context = {
        "card": card,
        "game": card.game,
        "frame_templates": [f"cardsdb/frames/{card.game.slug}.html", "cardsdb/frames/generic.html"],
        "set_search_url": search_url(card.game.slug, f"set:{card.card_set.code}"),
        "set_size": in_set.count(),
        "previous_in_set": in_set.filter(number__lt=card.number).order_by("-number").first(),
        "next_in_set": in_set.filter(number__gt=card.number).order_by("number").first(),
        "demo_sets": demo_sets([card]),
    }
    return render(request, "cardsdb/card_detail.html", context)


@dataclass(frozen=True)
class ExampleQuery:
    query: str
    url: str
    description: str


@dataclass(frozen=True)
class GameSyntax:
    slug: str
    name: str
    # Each field with its example in this game and a link that runs it (both empty when it has none).
    fields: tuple[tuple[SearchField, str, str], ...]
    examples: tuple[ExampleQuery, ...]


def syntax(request: HttpRequest) -> HttpResponse:
    sections = [game_syntax(slug) for slug in game_slugs()]
    limits = {"length": MAX_QUERY_LENGTH, "nesting": MAX_NESTING, "negations": MAX_NEGATIONS, "digits": MAX_DIGITS}
    return render(request, "cardsdb/syntax.html", {"sections": sections, "limits": limits})


def game_syntax(slug: str) -> GameSyntax:
    schema = game_schema(slug)
    return GameSyntax(
        slug=slug,
        name=schema.name,
        fields=tuple(
            (f, example, search_url(slug, example) if example else "")
            for f in schema.all_search_fields()
            for example in [field_example(slug, f)]
        ),
        examples=tuple(
            ExampleQuery(query, search_url(slug, query), describe(parse_query(query), schema))
            for query in EXAMPLE_QUERIES.get(slug, ())
        ),
    )


def sort_options(schema: GameSchema) -> list[SortOption]:
    """Each order the search accepts, labelled: name, type, set, then the game's sortable attributes."""
    labels = {"name": "Name", "type": "Type", "set": "Set", **dict(schema.sortable)}
    options: list[SortOption] = []
    for value in sort_orders(schema):
        key = value.removeprefix("-")
        if key == "name":
            direction = "Z → A" if value.startswith("-") else "A → Z"
        elif key == "type":
            # The search sorts types in the order the game lists them, not alphabetically.
            direction = "reversed" if value.startswith("-") else "as the game lists them"
        elif key == "set":
            direction = "in printed order"
        else:
            direction = "high → low" if value.startswith("-") else "low → high"
        options.append(SortOption(value, f"{labels.get(key, key)}: {direction}"))
    return options


def demo_sets(cards: Iterable[Card]) -> list[CardSet]:
    """The demo sets the given cards belong to, each once, in the order first met."""
    found: dict[int, CardSet] = {}
    for card in cards:
        if card.card_set.is_demo:
            found.setdefault(card.card_set.pk, card.card_set)
    return list(found.values())


def page_numbers(paginator: Paginator, current: int) -> list[int | None]:
    """The page links to show around the current page; None where a run of pages is left out."""
    return [
        number if isinstance(number, int) else None
        for number in paginator.get_elided_page_range(current, on_each_side=2, on_ends=1)
    ]


def caret_line(query: str, position: int | None) -> str:
    """Spaces then a caret, to print under the query so it points at the error's position."""
    if position is None:
        return ""
    return " " * max(0, min(position, len(query))) + "^"


def search_url(game_slug: str, query: str) -> str:
    return f"{reverse('game-cards', args=[game_slug])}?{urlencode({'q': query})}"


def card_preview(request: HttpRequest, game_slug: str) -> HttpResponse:
    """One card drawn as its page draws it, alone: the hover preview of a card name anywhere on the
    site (static/js/card-preview.js). `?slug=` or `?name=` (matched as deck lists match names)."""
    cards = Card.objects.select_related("game", "card_set").filter(game__slug=game_slug)
    slug = request.GET.get("slug", "")
    if slug:
        card = get_object_or_404(cards, slug=slug)
    else:
        found = card_id_by_name(game_slug, request.GET.get("name", ""))
        card = get_object_or_404(cards, pk=found)
    context = {
        "card": card,
        "game": card.game,
        "frame_templates": [f"cardsdb/frames/{card.game.slug}.html", "cardsdb/frames/generic.html"],
    }
    response = render(request, "cardsdb/card_preview.html", context)
    response["Cache-Control"] = "public, max-age=300"
    return response


def card_id_by_name(game_slug: str, name: str) -> int:
    """The id of the card a deck list line would name (engine/decklist.py's normalised names), or 0."""
    wanted = normalize_name(name)
    if not wanted:
        return 0
    names = Card.objects.filter(game__slug=game_slug).values_list("id", "name")
    return next((pk for pk, card_name in names if normalize_name(card_name) == wanted), 0)
