"""The public deck list: sorts, filters and keyset (cursor) pages, shared by the page and the API.

Sorts (Deck LIST_SORTS): new (created_at), copies, runs, likes, popular - each descending, ties by
descending id. A page is the rows after the last one of the previous page: the cursor holds that
row's sort value and id, and the query asks for `(value, id) < (cursor)` written as
`value <= v AND (value < v OR id < i)`, which PostgreSQL reads as a bound on the partial index of
that sort (Deck.Meta.indexes). So every page costs the same, the millionth row's as the first's,
and no page counts the matching decks.

Filters: game; `q` (words in the name); `card` (cards whose name contains it) or `card_slug` (one
card); `tag`; `side` (QQDND side, Anguish Species); `legal`. Card and tag filters are EXISTS
probes on (card, deck) and (tag, deck) rows.
"""
from __future__ import annotations

import base64
import binascii
import json
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db.models import Exists, IntegerField, OuterRef, Q, QuerySet, Subquery, Sum
from django.db.models.functions import Coalesce

from cardsdb.models import Card, Game
from engine.decklist import normalize_name
from engine.games.anguish.cards import SPECIES
from engine.games.qqdnd.alignment import SIDES

from .models import LIST_SORTS, CardPlay, Deck, DeckCard, DeckTag, Visibility
from .tags import BadTags, parse_tags

PAGE_SIZE = 24
MAX_PAGE_SIZE = 100
SORT_LABELS: dict[str, str] = {
    "new": "Newest", "copies": "Most copied", "runs": "Most tested", "likes": "Most liked", "popular": "Most played",
}
LEGAL_VALUES: dict[str, bool | None] = {"": None, "true": True, "false": False}
# What `side` may be, by game: QQDND's sides of the alignment chart, Anguish's Species.
SIDE_CHOICES: dict[str, tuple[str, ...]] = {"qqdnd": SIDES, "anguish": SPECIES}
MAX_TEXT = 100


class BadQuery(ValueError):
    """A parameter of the list cannot be read; `param` names it, the message says why."""

    def __init__(self, param: str, message: str) -> None:
        super().__init__(message)
        self.param = param


@dataclass(frozen=True)
class DeckQuery:
    game: Game | None = None
    sort: str = "new"
    q: str = ""
    card: str = ""
    card_slug: str = ""
    tag: str = ""
    side: str = ""
    legal: bool | None = None

    @property
    def filtered(self) -> bool:
        return bool(self.q or self.card or self.card_slug or self.tag or self.side or self.legal is not None)


@dataclass(frozen=True)
class DeckPage:
    decks: list[Deck]
    next_cursor: str | None
    size: int


def text_param(params: Mapping[str, Any], name: str) -> str:
    # Not stripped: an enum's value is exactly one of its words (free text is stripped where read).
    value = str(params.get(name, "") or "")
    if "\x00" in value:
        raise BadQuery(name, f"`{name}` holds a NUL character.")
    if len(value) > MAX_TEXT:
        raise BadQuery(name, f"`{name}` is longer than {MAX_TEXT} characters.")
    return value


def read_query(params: Mapping[str, Any], game: Game | None = None) -> DeckQuery:
    """The list's parameters (a page's or the API's query string), checked. `game` is the page's
    game; without it the `game` parameter (a slug) names one, or every game is listed."""
    if game is None and text_param(params, "game"):
        slug = text_param(params, "game")
        game = Game.objects.filter(slug=slug).first()
        if game is None:
            raise BadQuery("game", f"No game {slug!r}.")
    sort = text_param(params, "sort") or "new"
    if sort not in LIST_SORTS:
        raise BadQuery("sort", f"`sort` is one of {', '.join(LIST_SORTS)}; not {sort!r}.")
    legal_text = text_param(params, "legal")
    if legal_text not in LEGAL_VALUES:
        raise BadQuery("legal", f"`legal` is true or false; not {legal_text!r}.")
    tag = text_param(params, "tag").strip()
    if tag:
        try:
            tags = parse_tags([tag])
        except BadTags as exc:
            raise BadQuery("tag", str(exc)) from exc
        tag = tags[0] if tags else ""
    side = text_param(params, "side")
    if side:
        side = _side(side, game)
    card_slug = text_param(params, "card_slug").strip()
    return DeckQuery(
        game=game, sort=sort, q=text_param(params, "q").strip(), card=text_param(params, "card").strip(),
        card_slug=card_slug, tag=tag,
        side=side, legal=LEGAL_VALUES[legal_text],
    )


def _side(side: str, game: Game | None) -> str:
    every = tuple(choice for choices in SIDE_CHOICES.values() for choice in choices)
    choices = SIDE_CHOICES.get(game.slug, ()) if game is not None else every
    if side in choices:
        return side
    if game is not None and game.slug not in SIDE_CHOICES:
        raise BadQuery("side", f"{game.name} decks have no side or Species to filter by.")
    raise BadQuery("side", f"`side` is one of {', '.join(choices)}; not {side!r}.")


def _card_ids(query: DeckQuery) -> list[int] | None:
    """The cards the card filters name (None: no card filter). Cards are few: resolving them first
    turns "holds a card named like X" into an index probe on DeckCard (card_id, deck_id)."""
    if not (query.card or query.card_slug):
        return None
    cards = Card.objects.all()
    if query.game is not None:
        cards = cards.filter(game=query.game)
    if query.card_slug:
        cards = cards.filter(slug=query.card_slug)
    if query.card:
        cards = cards.filter(name__icontains=normalize_name(query.card))
    return list(cards.values_list("pk", flat=True)[:500])


def matching(query: DeckQuery) -> QuerySet[Deck]:
    """The public decks the query asks for, in its order (not yet sliced into pages)."""
    decks = Deck.objects.filter(visibility=Visibility.PUBLIC)
    if query.game is not None:
        decks = decks.filter(game=query.game)
    if query.q:
        decks = decks.filter(name__icontains=normalize_name(query.q))
    card_ids = _card_ids(query)
    if card_ids is not None:
        decks = decks.filter(Exists(DeckCard.objects.filter(deck=OuterRef("pk"), card_id__in=card_ids)))
    if query.tag:
        decks = decks.filter(Exists(DeckTag.objects.filter(deck=OuterRef("pk"), tag=query.tag)))
    if query.side:
        species = Q(species__iexact=query.side) | Q(species__istartswith=f"{query.side}/") | Q(
            species__iendswith=f"/{query.side}"
        )
        decks = decks.filter(Q(side__iexact=query.side) | species)
    if query.legal is not None:
        decks = decks.filter(is_legal=query.legal)
    column = LIST_SORTS[query.sort]
    return decks.order_by(f"-{column}", "-pk")


def with_listing(decks: QuerySet[Deck], tags: bool = True) -> QuerySet[Deck]:
    """What a list row shows, in the same query: owner, game and the copies in the current version
    (a subquery per listed row, not a GROUP BY over every matching deck), and the tags (one query;
    tags=False spares it to lists that do not show them)."""
    total = DeckCard.objects.filter(deck=OuterRef("pk")).order_by().values("deck").annotate(n=Sum("count")).values("n")
    listed = decks.select_related("owner", "game").annotate(
        card_total=Coalesce(Subquery(total, output_field=IntegerField()), 0)
    )
    return listed.prefetch_related("tags") if tags else listed


def _encode(sort: str, value: Any, pk: int) -> str:
    if isinstance(value, datetime):
        value = value.isoformat()
    raw = json.dumps([sort, value, pk], separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def _decode(cursor: str, sort: str) -> tuple[Any, int]:
    bad = BadQuery("cursor", "`cursor` is not one this list gave; start again from the first page.")
    try:
        raw = base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4))
        got_sort, value, pk = json.loads(raw)
    except (ValueError, TypeError, binascii.Error) as exc:
        raise bad from exc
    if got_sort != sort or not isinstance(pk, int):
        raise bad
    if sort == "new":
        try:
            value = datetime.fromisoformat(value)
        except (TypeError, ValueError) as exc:
            raise bad from exc
    elif not isinstance(value, int):
        raise bad
    return value, pk


def page(query: DeckQuery, cursor: str = "", size: int = PAGE_SIZE) -> DeckPage:
    """One page of the list: `size` decks after `cursor` (the first page without one)."""
    column = LIST_SORTS[query.sort]
    decks = matching(query)
    if cursor:
        value, pk = _decode(cursor, query.sort)
        decks = decks.filter(Q(**{f"{column}__lte": value}) & (Q(**{f"{column}__lt": value}) | Q(pk__lt=pk)))
    # The page's ids first, then its rows by id (a "deferred join"): the ids alone are read off the
    # sort's partial index of the game (an index-only scan). Asked for whole rows at once, PostgreSQL
    # walks the all-games index instead, whose order matches the table's, and drops the other games'
    # rows one by one: with a card filter that is every row until a page of the card's decks is found.
    ids = decks.values("pk")[: size + 1]
    rows = list(with_listing(Deck.objects.filter(pk__in=ids)).order_by(f"-{column}", "-pk"))
    more = len(rows) > size
    rows = rows[:size]
    next_cursor = _encode(query.sort, getattr(rows[-1], column), rows[-1].pk) if more else None
    return DeckPage(rows, next_cursor, size)


def page_size(params: Mapping[str, Any]) -> int:
    text = text_param(params, "page_size")
    if not text:
        return PAGE_SIZE
    if not text.isascii() or not text.isdigit() or int(text) < 1:
        raise BadQuery(
            "page_size", f"`page_size` must be a whole number from 1 (a page holds at most {MAX_PAGE_SIZE})."
        )
    return min(int(text), MAX_PAGE_SIZE)  # as the other lists do (config/pagination.py)


def most_played_cards(game: Game, limit: int) -> list[CardPlay]:
    """A game's cards held by the most public decks (CardPlay counters), off its index."""
    return list(
        CardPlay.objects.filter(game=game, public_decks__gt=0).select_related("card__game", "game")
        .order_by("-public_decks", "card_id")[:limit]
    )


def public_decks_holding(card: Card) -> int:
    """How many public decks hold the card (its counter; 0 if no public deck ever did)."""
    return CardPlay.objects.filter(card=card).values_list("public_decks", flat=True).first() or 0


def card_decks_tag(game_slug: str, card_slug: str) -> str:
    """The card page's count of public decks holding the card, for its ETag (cardsdb/urls.py): a
    304 must not keep an old count on screen."""
    count = (
        CardPlay.objects.filter(card__game__slug=game_slug, card__slug=card_slug)
        .values_list("public_decks", flat=True).first()
    )
    return f"d{count or 0}"
