"""Writes: creating, importing, saving, copying and deleting decks.

Every save checks the list first. A list with a line that is not a card line, a name no card has,
a card in a section its type can't go in or an unknown format is refused (DeckRefused, nothing is
written): the deck it describes is not the deck that was written. A list that breaks only
construction rules is saved, with is_legal false, because decks are built over many saves.

What is saved is the canonical list (engine.decklist.write_decklist) with the deck's name, side
and format as headers, so an export re-imports as the same deck. Each save adds a DeckVersion and
rewrites the DeckCard rows of the current version in the same transaction.

A save names the version it edited. The version check and the increment are one conditional
UPDATE (`... WHERE version = n`): of two saves of version n racing, the database lets exactly
one match, and the other is told it is stale (StaleDeck) instead of overwriting it.

Ownership is checked here as well as in the API, so pages calling these get the same rules:
only the owner writes a deck (DeckNotFound for anyone else, as if it did not exist).
"""
from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db import transaction
from django.db.models import CharField, Model
from django.utils import timezone

from cardsdb.models import Game
from engine.deck import DeckCard as EngineDeckCard
from engine.decklist import DecklistTooLong, fold_text, parse_decklist, strip_invisible, write_decklist
from engine.problems import ValidationResult
from engine.validation import DEFAULT_FORMAT

from . import counters
from .lists import REFUSALS, CheckedList, GameCards, check_list
from .models import Deck, DeckCard, DeckVersion, Visibility
from .selectors import game_cards

User = AbstractBaseUser | AnonymousUser

# Games whose lists choose a side of the alignment chart ("Side:" header, the deck's `side`).
GAMES_WITH_SIDE: frozenset[str] = frozenset({"qqdnd"})
UNTITLED = "Untitled deck"
COPY_SUFFIX = " (copy)"
MAX_STORED_COPIES = 32_767  # DeckCard.count is a PositiveSmallIntegerField


class DeckError(Exception):
    """Something a caller asked of a deck that cannot be done; the message is for people."""


class DeckNotFound(DeckError):
    """No such deck for this user: it does not exist, is private and not theirs, or is not theirs
    to change."""


class DeckRefused(DeckError):
    """The list or a field cannot be saved; `result` holds the list's problems, if that is why."""

    def __init__(self, message: str, result: ValidationResult | None = None) -> None:
        super().__init__(message)
        self.result = result


class StaleDeck(DeckError):
    """The save edited an older version than the deck's current one."""

    def __init__(self, edited: int, current: int) -> None:
        super().__init__(
            f"This deck was saved again since version {edited} (it is at version {current}); "
            "load the current version and make your change there."
        )
        self.edited = edited
        self.current = current


@dataclass(frozen=True)
class SavedDeck:
    deck: Deck
    checked: CheckedList  # the saved list's validation and resolved cards


@dataclass(frozen=True)
class _Prepared:
    """A list ready to save: canonical text and the deck fields its headers hold."""

    name: str
    side: str
    format: str
    text: str
    checked: CheckedList


@dataclass(frozen=True)
class _Fields:
    """What the caller asked for; None means "not given"."""

    name: str | None = None
    side: str | None = None
    format: str | None = None


def _max_length(model: type[Model], name: str) -> int:
    field = model._meta.get_field(name)
    assert isinstance(field, CharField) and field.max_length is not None
    return field.max_length


def _check_storable(entries: list[EngineDeckCard]) -> None:
    """Refuse what the rules would only report but the DeckCard columns cannot hold."""
    for entry in entries:
        if entry.count > MAX_STORED_COPIES:
            raise DeckRefused(f"{entry.name}: {entry.count:,} copies; a deck can hold at most {MAX_STORED_COPIES:,}.")
        if entry.pinned_to and len(entry.pinned_to) > _max_length(DeckCard, "pinned_to"):
            raise DeckRefused(
                f'"Resources ({entry.pinned_to[:40]}\u2026):" is too long for the name of a Party Member.'
            )


def _check(cards: GameCards, text: str, format: str | None) -> CheckedList:
    try:
        checked = check_list(cards, text, format)
    except DecklistTooLong as exc:
        raise DeckRefused(str(exc)) from exc
    if checked.refusals:
        found = dict.fromkeys(REFUSALS[p.code] for p in checked.refusals)
        raise DeckRefused(
            f"Nothing was saved: the list has {_and(list(found))}. Fix them and save again.", checked.result
        )
    return checked


def _and(words: list[str]) -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def _prepare(cards: GameCards, text: str, asked: _Fields, current: _Fields) -> _Prepared:
    """Check the list, settle the deck's name, side and format (asked for, else the list's
    headers, else `current`), write the canonical list and check that: it is what is saved."""
    first = _check(cards, text, asked.format)
    headers = first.deck.headers
    # Names and sides are kept without invisible characters (direction overrides, zero-width
    # spaces, NUL): a name must read as what it is.
    name = fold_text(asked.name or "") or fold_text(headers.get("Name", "")) or current.name or UNTITLED
    side = ""
    if cards.game in GAMES_WITH_SIDE:
        side = asked.side if asked.side is not None else headers.get("Side", current.side or "")
    side = fold_text(side)
    format = first.deck.format if asked.format or headers.get("Format") else current.format or DEFAULT_FORMAT
    for field, value in (("name", name), ("side", side), ("format", format)):
        if len(value) > _max_length(Deck, field):
            raise DeckRefused(f"The deck's {field} is longer than {_max_length(Deck, field)} characters.")
    _check_storable(first.deck.entries)
    canonical = write_decklist(cards.game, {"Name": name, "Side": side, "Format": format}, first.deck.entries)
    return _Prepared(name, side, format, canonical, _check(cards, canonical, format))


def _species(checked: CheckedList) -> str:
    """Anguish: the Species the list is played as ("/"-joined for a dual-type pair), else blank."""
    species = checked.result.summary.get("species") or []
    return "/".join(species)[:_max_length(Deck, "species")]


def _write_cards(deck: Deck, checked: CheckedList, cards: GameCards, was_public: bool = False) -> None:
    """Rewrite the deck's DeckCard rows (deck.visibility is the one saved) and move the per-card
    counts of public decks by what changed."""
    before = counters.card_ids(deck) if was_public else set()
    DeckCard.objects.filter(deck=deck).delete()
    DeckCard.objects.bulk_create(
        DeckCard(
            deck=deck,
            card_id=cards.ids[entry.name],
            section=entry.section,
            pinned_to=entry.pinned_to or "",
            count=entry.count,
        )
        for entry in checked.deck.entries
    )
    after = {cards.ids[entry.name] for entry in checked.deck.entries} if deck.visibility == Visibility.PUBLIC else set()
    if before or after:
        counters.public_cards_changed(deck.game_id, before, after)


def _create(
    *, owner: User, game: Game, text: str, asked: _Fields, description: str, visibility: str,
    copied_from: Deck | None = None,
) -> SavedDeck:
    if not owner.is_authenticated:
        raise DeckRefused("Sign in to save decks.")
    cards = game_cards(game.slug)
    prepared = _prepare(cards, text, asked, _Fields())
    legal = prepared.checked.result.legal
    deck = Deck.objects.create(
        owner_id=owner.pk, game=game, name=prepared.name, description=strip_invisible(description),
        side=prepared.side,
        format=prepared.format, visibility=Visibility(visibility), version=1, is_legal=legal,
        copied_from=copied_from, species=_species(prepared.checked),
    )
    DeckVersion.objects.create(deck=deck, number=1, text=prepared.text, is_legal=legal)
    _write_cards(deck, prepared.checked, cards)
    return SavedDeck(deck, prepared.checked)


@transaction.atomic
def deck_create(
    *, owner: User, game: Game, name: str, text: str = "", description: str = "", side: str | None = None,
    format: str | None = None, visibility: str = Visibility.PRIVATE,
) -> SavedDeck:
    """A new deck, version 1. The list may be empty (a deck to fill in) or break the rules."""
    return _create(
        owner=owner, game=game, text=text, asked=_Fields(name or None, side, format),
        description=description, visibility=visibility,
    )


@transaction.atomic
def deck_import(
    *, owner: User, game: Game, text: str, name: str | None = None, description: str = "",
    format: str | None = None, visibility: str = Visibility.PRIVATE,
) -> SavedDeck:
    """A new deck from a pasted or uploaded list; its name, side and format come from the list's
    headers unless given."""
    return _create(
        owner=owner, game=game, text=text, asked=_Fields(name or None, None, format),
        description=description, visibility=visibility,
    )


def _history_from(deck: Deck, visibility: str, saved_version: int, share_history: bool | None) -> int:
    """The first version others may read after a save that makes `saved_version`.

    Sharing a private deck shares it from the version that save makes: what was saved while it
    was private stays the owner's. `share_history` True shares every version, False hides every
    version before this one; None keeps the rule.
    """
    if share_history is True:
        return 1
    if share_history is False:
        return saved_version
    if deck.visibility == Visibility.PRIVATE and visibility != Visibility.PRIVATE:
        return saved_version
    return deck.history_from


def deck_update(
    *, deck: Deck, user: User, version: int, text: str | None = None, name: str | None = None,
    description: str | None = None, side: str | None = None, format: str | None = None,
    visibility: str | None = None, share_history: bool | None = None,
) -> SavedDeck:
    """Save a change to a deck as its next version. `version` is the version the change was made
    to; if the deck has moved on since, StaleDeck. A change that changes nothing saves nothing
    (but `share_history` is applied: it changes who reads the history, not the deck).

    Sharing a private deck keeps the versions saved while it was private to its owner, unless
    `share_history` is True (see _history_from).

    The list is checked before the transaction starts: only the writes hold it, so a slow check
    never keeps another save of the deck waiting (nor, on SQLite, the whole database).
    """
    if deck.owner_id != user.pk:
        raise DeckNotFound("No deck of yours has this id.")
    current_text = deck.current.text
    cards = game_cards(deck.game.slug)
    prepared = _prepare(
        cards,
        current_text if text is None else text,
        _Fields(name or None, side, format),
        _Fields(deck.name, deck.side, deck.format),
    )
    description = deck.description if description is None else strip_invisible(description)
    visibility = deck.visibility if visibility is None else Visibility(visibility)
    if (prepared.text, description, visibility) == (current_text, deck.description, deck.visibility):
        latest = Deck.objects.values_list("version", flat=True).get(pk=deck.pk)
        if latest != version:
            raise StaleDeck(version, latest)
        history_from = _history_from(deck, visibility, deck.version, share_history)
        if history_from != deck.history_from:
            Deck.objects.filter(pk=deck.pk).update(history_from=history_from)
            deck.history_from = history_from
        return SavedDeck(deck, prepared.checked)

    legal = prepared.checked.result.legal
    with transaction.atomic():
        won = Deck.objects.filter(pk=deck.pk, version=version).update(
            version=version + 1, name=prepared.name, side=prepared.side, format=prepared.format,
            description=description, visibility=visibility, is_legal=legal, updated_at=timezone.now(),
            history_from=_history_from(deck, visibility, version + 1, share_history),
            species=_species(prepared.checked),
        )
        if not won:
            raise StaleDeck(version, Deck.objects.values_list("version", flat=True).get(pk=deck.pk))
        DeckVersion.objects.create(deck=deck, number=version + 1, text=prepared.text, is_legal=legal)
        was_public = deck.visibility == Visibility.PUBLIC
        deck.visibility = visibility
        _write_cards(deck, prepared.checked, cards, was_public)
    deck.refresh_from_db()
    return SavedDeck(deck, prepared.checked)


@transaction.atomic
def deck_copy(*, deck: Deck, user: User) -> SavedDeck:
    """Copy a deck the user can read (their own, or a public or unlisted one) into their decks, as a
    private deck at version 1. A copy of one's own deck is named "... (copy)"."""
    if not deck.readable_by(user):
        raise DeckNotFound("No deck you can read has this id.")
    name = deck.name
    if deck.owner_id == user.pk:
        name = name[: _max_length(Deck, "name") - len(COPY_SUFFIX)] + COPY_SUFFIX
    else:
        counters.count_copy(deck.pk)
    return _create(
        owner=user, game=deck.game, text=deck.current.text, asked=_Fields(name, deck.side, deck.format),
        description=deck.description, visibility=Visibility.PRIVATE, copied_from=deck,
    )


@transaction.atomic
def deck_delete(*, deck: Deck, user: User) -> None:
    if deck.owner_id != user.pk:
        raise DeckNotFound("No deck of yours has this id.")
    deck.delete()  # its cards leave the per-card counts (decks/apps.py, on every deletion of a deck)


def rename_cards_in_lists(renamed: dict[int, tuple[str, str]]) -> int:
    """After the loader renamed cards ({card pk: (old name, new name)}): rewrite the current list of
    every deck holding one, so that it names the card as it is now called. The deck keeps its
    version number (it holds the same cards); older versions keep the names they were saved with.
    Returns how many decks were rewritten."""
    decks = Deck.objects.filter(cards__card_id__in=list(renamed)).distinct().select_related("game")
    for deck in decks:
        rows = DeckCard.objects.filter(deck=deck).select_related("card")
        entries = [
            EngineDeckCard(row.card.as_record(), row.count, row.section, row.pinned_to or None) for row in rows
        ]
        current = deck.current
        headers = parse_decklist(current.text, deck.game.slug).headers
        current.text = write_decklist(deck.game.slug, headers, entries)
        current.save(update_fields=["text"])
    return len(decks)
