"""Pages of deck discovery: the public deck list (sorts, filters, keyset pages), likes, tags and a
game's most played cards. The lists read decks/browse.py, as the API does."""
from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.http import HttpRequest, HttpResponse, HttpResponseNotAllowed
from django.shortcuts import get_object_or_404, redirect, render

from cardsdb.models import Game

from . import browse, likes, selectors
from .models import Deck
from .tags import BadTags, parse_tags, set_tags

MOST_PLAYED_SHOWN = 50


def _page_url(request: HttpRequest, **changes: str) -> str:
    query = request.GET.copy()
    for key, value in changes.items():
        query[key] = value
    return f"{request.path}?{query.urlencode()}"


def public_decks(request: HttpRequest, game_slug: str) -> HttpResponse:
    """A game's public decks: sorted (newest, most copied, most tested, most liked, most played),
    filtered (name, card, tag, side or Species, legality), a page at a time."""
    game = get_object_or_404(Game, slug=game_slug)
    try:
        query = browse.read_query(request.GET, game)
        found = browse.page(query, browse.text_param(request.GET, "cursor"))
    except browse.BadQuery as exc:
        failed = {"game": game, "error": str(exc), **_form_context(request, game)}
        return render(request, "decks/public_list.html", failed, status=400)
    context: dict[str, Any] = {
        "game": game,
        "query": query,
        "decks": found.decks,
        "next_url": _page_url(request, cursor=found.next_cursor) if found.next_cursor else "",
        "first_url": _page_url(request, cursor="") if request.GET.get("cursor") else "",
        **_form_context(request, game),
    }
    return render(request, "decks/public_list.html", context)


def _form_context(request: HttpRequest, game: Game) -> dict[str, Any]:
    params = request.GET
    return {
        "sorts": list(browse.SORT_LABELS.items()),
        "sides": browse.SIDE_CHOICES.get(game.slug, ()),
        "side_label": "Species" if game.slug == "anguish" else "Side",
        "chosen": {name: params.get(name, "") for name in ("sort", "q", "card", "card_slug", "tag", "side", "legal")},
        "filtered": any(params.get(name) for name in ("q", "card", "card_slug", "tag", "side", "legal")),
    }


def most_played_cards(request: HttpRequest, game_slug: str) -> HttpResponse:
    """A game's cards by how many public decks hold them (counters, not counted per request)."""
    game = get_object_or_404(Game, slug=game_slug)
    plays = [
        (play, f"?{urlencode({'card_slug': play.card.slug})}")
        for play in browse.most_played_cards(game, MOST_PLAYED_SHOWN)
    ]
    return render(request, "decks/most_played_cards.html", {"game": game, "plays": plays})


def _readable_or_404(request: HttpRequest, share_id: str) -> Deck:
    return get_object_or_404(selectors.decks_readable_by(request.user), share_id=share_id)


def deck_like(request: HttpRequest, share_id: str) -> HttpResponse:
    """Like or stop liking a deck (POST; `action=unlike` takes the like back)."""
    deck = _readable_or_404(request, share_id)
    if request.method != "POST":
        return HttpResponseNotAllowed(["POST"])
    if not request.user.is_authenticated:
        return redirect_to_login(deck.get_absolute_url())
    if request.POST.get("action") == "unlike":
        likes.unlike(deck, request.user)
    else:
        try:
            likes.like(deck, request.user)
        except likes.CannotLike as exc:
            messages.error(request, str(exc))
    return redirect(deck)


def deck_tags(request: HttpRequest, share_id: str) -> HttpResponse:
    """The owner sets a deck's tags (POST `tags`, comma-separated)."""
    deck = get_object_or_404(Deck, share_id=share_id, owner_id=request.user.pk or 0)
    if request.method != "POST":
        return HttpResponseNotAllowed(["POST"])
    try:
        tags = parse_tags(request.POST.get("tags", ""))
    except BadTags as exc:
        messages.error(request, f"The tags were not saved: {exc}")
        return redirect(deck)
    set_tags(deck, tags)
    messages.success(request, "Tags saved." if tags else "Tags removed.")
    return redirect(deck)


def deck_discovery_context(request: HttpRequest, deck: Deck) -> dict[str, Any]:
    """What a deck's page shows of discovery: its tags, whether the reader likes it."""
    return {
        "tags": sorted(deck.tags.values_list("tag", flat=True)),
        "liked": likes.liked_by(deck, request.user),
    }
