"""The field of a game: the decks a newcomer is most likely to meet (the matchups measure against it).

The field is the game's public, legal decks with the highest popularity (decks/counters.py:
10 x copies by others + 3 x goldfish runs + 1 x page views by others), newest id first among
equals. One query off the partial index `deck_field` (game, -popularity, -id) over public legal
decks: it reads `size` rows however many decks the game has.
"""
from __future__ import annotations

from django.db.models import QuerySet

from cardsdb.models import Game

from .models import Deck, Visibility

DEFAULT_FIELD_SIZE = 12


def _field(game: Game | str) -> QuerySet[Deck]:
    decks = Deck.objects.filter(visibility=Visibility.PUBLIC, is_legal=True)
    decks = decks.filter(game__slug=game) if isinstance(game, str) else decks.filter(game=game)
    return decks.order_by("-popularity", "-id")


def field_decks(game: Game | str, size: int = DEFAULT_FIELD_SIZE) -> list[Deck]:
    """The `size` most played public legal decks of a game (a Game or its slug), most played first."""
    return list(_field(game).select_related("owner", "game")[: max(size, 0)])


def field_choices(game: Game | str, size: int = DEFAULT_FIELD_SIZE) -> list[Deck]:
    """The same decks as field_decks with only their id, share id and name: what a menu of the field
    shows (a deck's page offers it), without the two joins and every column of three tables."""
    return list(_field(game).only("id", "share_id", "name")[: max(size, 0)])
