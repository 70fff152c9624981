"""The field of a game: the decks a newcomer is most likely to meet (the matchups measure against it).

The field is the game's public, legal decks with the highest popularity (decks/counters.py:
10 x copies by others + 3 x goldfish runs + 1 x page views by others), newest id first among
equals. One query off the partial index `deck_field` (game, -popularity, -id) over public legal
decks: it reads `size` rows however many decks the game has.
"""
from __future__ import annotations

from cardsdb.models import Game

from .models import Deck, Visibility

DEFAULT_FIELD_SIZE = 12


def field_decks(game: Game | str, size: int = DEFAULT_FIELD_SIZE) -> list[Deck]:
    """The `size` most played public legal decks of a game (a Game or its slug), most played first."""
    decks = Deck.objects.filter(visibility=Visibility.PUBLIC, is_legal=True)
    decks = decks.filter(game__slug=game) if isinstance(game, str) else decks.filter(game=game)
    return list(decks.select_related("owner", "game").order_by("-popularity", "-id")[: max(size, 0)])
