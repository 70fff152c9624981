"""Template helpers of deck discovery: Markdown descriptions and a card's count of public decks."""
from __future__ import annotations

from urllib.parse import urlencode

from django import template
from django.urls import reverse
from django.utils.safestring import SafeString

from cardsdb.models import Card

from ..browse import public_decks_holding
from ..markdown import render_description

register = template.Library()


@register.filter
def markdown(text: str) -> SafeString:
    """A deck description's Markdown as sanitised HTML (decks/markdown.py)."""
    return render_description(text)


@register.simple_tag
def card_public_decks(card: Card) -> dict[str, object]:
    """How many public decks hold the card (its counter) and the public list filtered by it."""
    query = urlencode({"card_slug": card.slug})
    return {
        "count": public_decks_holding(card),
        "url": f"{reverse('deck-public', args=[card.game.slug])}?{query}",
        "most_played_url": reverse("deck-most-played-cards", args=[card.game.slug]),
    }
