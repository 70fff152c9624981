"""Reads: the decks a user may see, the public deck list, and a game's cards for checking lists."""
from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Exists, OuterRef, Q, QuerySet

from cardsdb.models import Card, CardSet, Game
from cardsdb.versions import KeptPerVersion, process_version
from engine.decklist import DecklistTooLong, normalize_name, parse_decklist
from engine.validation import CardIndex

from .lists import GameCards
from .models import Deck, DeckCard, DeckVersion, Visibility

User = AbstractBaseUser | AnonymousUser


# By game slug.
_game_cards_kept: KeptPerVersion[str, GameCards] = KeptPerVersion()


def game_cards(game: str) -> GameCards:
    """A game's cards as the engine reads them, cached per process.

    Building them costs about 10 ms for QQDND's 66 cards (mostly decoding attribute JSON), too much
    for validation on every keystroke. Every change to a game, set or card makes a new card data
    version (cardsdb/versions.py), so the cached cards are current while the version is the one they
    were built at: on PostgreSQL this process knows the version without a query (the watching
    thread), else it is a primary-key read.
    """
    return _game_cards_kept.get(game, process_version(), lambda: _build_game_cards(game))


def _build_game_cards(game: str) -> GameCards:
    rows = Card.objects.filter(game__slug=game).values_list("id", "name", "card_type", "subtypes", "text", "attributes")
    records, ids = [], {}
    for pk, name, card_type, subtypes, text, attributes in rows:
        records.append(
            {"name": name, "card_type": card_type, "subtypes": subtypes, "text": text, "attributes": attributes}
        )
        ids[name] = pk
    return GameCards(game, CardIndex(game, records), ids)


def _listed(decks: QuerySet[Deck], tags: bool = True) -> QuerySet[Deck]:
    """What a deck list shows, fetched in the same queries whatever the number of decks (the tags
    too unless tags=False: the pages' tables of a player's decks do not show them)."""
    from .browse import with_listing

    return with_listing(decks, tags)


def decks_owned_by(user: User, tags: bool = True) -> QuerySet[Deck]:
    """The user's own decks, every visibility, last saved first."""
    if not user.is_authenticated:
        return Deck.objects.none()
    return _listed(Deck.objects.filter(owner_id=user.pk), tags).order_by("-updated_at", "-pk")


def decks_readable_by(user: User) -> QuerySet[Deck]:
    """Decks the user may open by their share id: their own, and anyone's public or unlisted deck."""
    readable = Q(visibility__in=[Visibility.PUBLIC, Visibility.UNLISTED])
    if user.is_authenticated:
        readable |= Q(owner_id=user.pk)
    return Deck.objects.filter(readable).select_related("owner", "game")


def public_decks(
    game: Game | None = None, name_query: str = "", card_name: str = "", tags: bool = True
) -> QuerySet[Deck]:
    """Listed decks, newest first: of one game (or all), whose name contains `name_query`, holding
    a card whose name contains `card_name` (both compared the way deck lists compare names)."""
    decks = Deck.objects.filter(visibility=Visibility.PUBLIC)
    if game is not None:
        decks = decks.filter(game=game)
    if name_query.strip():
        decks = decks.filter(name__icontains=normalize_name(name_query))
    if card_name.strip():
        # The matching cards first (a few rows of the card table), then the decks holding one of
        # them through the (card, deck) index: no join of every DeckCard row with its card.
        cards = Card.objects.filter(name__icontains=normalize_name(card_name))
        if game is not None:
            cards = cards.filter(game=game)
        holding = DeckCard.objects.filter(deck=OuterRef("pk"), card_id__in=list(cards.values_list("pk", flat=True)))
        decks = decks.filter(Exists(holding))
    return _listed(decks, tags).order_by("-created_at", "-pk")


def versions_readable_by(deck: Deck, user: User) -> QuerySet[DeckVersion]:
    """The versions of a deck (one the user may read) that the user may read, newest first: every
    one for its owner; for anyone else, those since it was shared (Deck.history_from)."""
    return deck.versions.filter(number__gte=deck.first_version_for(user)).order_by("-number")


def deck_version(deck: Deck, number: int, user: User) -> DeckVersion | None:
    """A version of a deck, if it exists and the user may read it."""
    return versions_readable_by(deck, user).filter(number=number).first()


def original_shown_to(deck: Deck, user: object) -> Deck | None:
    """The deck this one was copied from, if the user may be shown it: anyone, if it is public;
    its owner and the copy's owner (who had its link) if it is unlisted; its owner if private.

    Anyone can open an unlisted deck by its link, but a public copy must not hand its link to
    everyone who reads the copy.
    """
    if deck.copied_from_id is None:
        return None
    # Read here with its owner (whose name is shown) unless the deck was read with it: joining the
    # original and its owner into every read of a deck would cost the many decks that are no copy.
    original = deck.copied_from if Deck.copied_from.is_cached(deck) else (
        Deck.objects.select_related("owner").filter(pk=deck.copied_from_id).first()
    )
    if original is None:
        return None
    if original.visibility == Visibility.PUBLIC or original.is_owner(user):
        return original
    if original.visibility == Visibility.UNLISTED and deck.is_owner(user):
        return original
    return None


def demo_sets_in_lists(game: Game, *texts: str) -> list[CardSet]:
    """The demo sets (made-up cards, cardsdb.CardSet.is_demo) of the cards the lists name, each
    once: every page that shows such cards says so."""
    index = game_cards(game.slug).index
    names: set[str] = set()
    for text in texts:
        try:
            entries = parse_decklist(text, game.slug).entries
        except DecklistTooLong:
            continue
        for entry in entries:
            card = index.get_normalized(entry.key)
            if card is not None:
                names.add(str(card["name"]))
    if not names:
        return []
    return list(CardSet.objects.filter(game=game, is_demo=True, cards__name__in=names).distinct().order_by("code"))
