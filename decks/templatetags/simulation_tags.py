"""Template helpers of the run pages."""
from __future__ import annotations

from typing import Any

from django import template

from decks.simulations.presentation import opponent_words
from engine.play.kits import goldfish_opponents

register = template.Library()


@register.simple_tag
def opponent_choices(game_slug: str) -> list[tuple[str, str, str]]:
    """(value, name, description) of each goldfish opponent of a game, the default first."""
    return [(name, *opponent_words(game_slug, name)) for name in goldfish_opponents(game_slug)]


@register.simple_tag(takes_context=True)
def test_against_choices(context: template.Context, game: Any, deck: Any = None) -> dict[str, Any]:
    """The opponents "Test against..." offers: the user's decks of the game (but this one) and the
    game's field, and whether the game's engine plays matchups yet."""
    from decks.field import field_choices
    from decks.models import Deck
    from decks.simulations.matchups import MAX_OPPONENTS, matchups_available

    available = matchups_available(game.slug)
    if not available or (deck and not context.get("list_source") and not deck.is_legal):
        # The section then says why nothing can be played, and lists no opponents: none are read.
        return {"mine": [], "field": [], "available": available}
    user = context["request"].user
    exclude = getattr(deck, "pk", None)
    mine = []
    if user.is_authenticated:
        # Only their names and ids: the list's counts and tags (decks_owned_by) would cost a subquery a deck.
        own = Deck.objects.filter(owner_id=user.pk, game=game).only("share_id", "name").order_by("-updated_at", "-pk")
        mine = [d for d in own[:50] if d.pk != exclude]
    field = [d for d in field_choices(game, MAX_OPPONENTS) if d.pk != exclude]
    return {"mine": mine, "field": field, "available": available}
