"""Likes: a signed-in user likes a deck they may read and do not own; Deck.likes_count follows."""
from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db import IntegrityError, transaction

from . import counters
from .models import Deck, DeckLike

User = AbstractBaseUser | AnonymousUser


class CannotLike(ValueError):
    """The user may not like this deck (their own); the message says why."""


def _signed_in(user: User) -> int:
    if user.pk is None:
        raise CannotLike("Sign in to like decks.")
    return int(user.pk)


def like(deck: Deck, user: User) -> bool:
    """Like the deck; True if this made a new like (liking twice is one like)."""
    if deck.is_owner(user):
        raise CannotLike("You can't like your own deck.")
    try:
        with transaction.atomic():
            DeckLike.objects.create(deck=deck, user_id=_signed_in(user))
            counters.count_like(deck.pk, +1)
    except IntegrityError:
        return False  # already liked: the unique constraint kept the second row (and count) out
    return True


@transaction.atomic
def unlike(deck: Deck, user: User) -> bool:
    """Take the like back; True if there was one."""
    deleted, _ = DeckLike.objects.filter(deck=deck, user_id=_signed_in(user)).delete()
    if deleted:
        counters.count_like(deck.pk, -1)
    return bool(deleted)


def liked_by(deck: Deck, user: User) -> bool:
    if not user.is_authenticated:
        return False
    return DeckLike.objects.filter(deck=deck, user_id=int(user.pk)).exists()
