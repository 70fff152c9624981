"""Decks, their saved versions and the cards of their current version.

A deck's content is its deck list text (docs/contract.md); every save adds a DeckVersion, and
the current version's cards are also kept as DeckCard rows so the public deck list can be
searched by "contains card X" without parsing text.
"""
from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.urls import reverse

from cardsdb.models import Card, Game


def new_share_id() -> str:
    # 12 URL-safe characters (72 bits): a link to an unlisted deck can't be guessed.
    return secrets.token_urlsafe(9)


class Visibility(models.TextChoices):
    PRIVATE = "private", "Private (only you)"
    UNLISTED = "unlisted", "Unlisted (anyone with the link)"
    PUBLIC = "public", "Public (listed)"


# The sorts of the public deck list: name -> Deck column (descending, then -pk for ties and the cursor).
LIST_SORTS: dict[str, str] = {
    "new": "created_at",
    "copies": "copies_count",
    "runs": "runs_count",
    "likes": "likes_count",
    "popular": "popularity",
}

_PUBLIC = models.Q(visibility="public")


def public_list_indexes() -> list[models.Index]:
    """One partial index over public decks per sort, with and without the game: a page of the list
    (keyset pagination, docs/contract.md) reads its 24 rows straight off one of them. Filters by
    legality, side and Species are checked on the rows the index yields; `field_decks` has its own."""
    indexes = []
    for sort, column in LIST_SORTS.items():
        indexes.append(
            models.Index(fields=["game", f"-{column}", "-id"], condition=_PUBLIC, name=f"deck_pub_game_{sort}")
        )
        indexes.append(models.Index(fields=[f"-{column}", "-id"], condition=_PUBLIC, name=f"deck_pub_{sort}"))
    indexes.append(models.Index(
        fields=["game", "-popularity", "-id"], condition=_PUBLIC & models.Q(is_legal=True), name="deck_field",
    ))
    return indexes


class Deck(models.Model):
    share_id = models.CharField(max_length=20, unique=True, default=new_share_id, editable=False)
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="decks")
    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="decks")
    name = models.CharField(max_length=120)
    description = models.TextField(blank=True, max_length=5000)
    side = models.CharField(max_length=20, blank=True, help_text="QQDND: the chosen side of the alignment chart.")
    format = models.CharField(max_length=30, default="constructed")
    visibility = models.CharField(max_length=10, choices=Visibility.choices, default=Visibility.PRIVATE)
    # The number of the current version; a save must name the version it edited (stale saves get 409).
    version = models.PositiveIntegerField(default=1)
    is_legal = models.BooleanField(default=False)
    # The first version others may read. Versions saved while the deck was private stay its owner's
    # when it is shared (the save that shares it sets this to its own version), unless the owner
    # chooses to share them too (back to 1). See docs/contract.md, "Deck history".
    history_from = models.PositiveIntegerField(default=1)
    copied_from = models.ForeignKey("self", null=True, blank=True, on_delete=models.SET_NULL, related_name="copies")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    # Anguish: the Species the deck is played as (its validation's "species", two joined by "/" for a
    # deck of dual-type cards of one pair; blank for an all-Agnostic deck). Kept for the Species filter.
    species = models.CharField(max_length=40, blank=True)
    # Counters kept by the events that change them (decks/counters.py), never counted per request.
    copies_count = models.PositiveIntegerField(default=0, help_text="Copies made by other users.")
    runs_count = models.PositiveIntegerField(default=0, help_text="Goldfish runs started from the deck.")
    views_count = models.PositiveIntegerField(default=0, help_text="Views of its page by others.")
    likes_count = models.PositiveIntegerField(default=0)
    # POPULARITY_WEIGHTS of copies, runs and views (decks/counters.py), updated with them: the field.
    popularity = models.BigIntegerField(default=0)

    class Meta:
        ordering = ["-updated_at"]
        indexes = [
            models.Index(fields=["game", "visibility", "-created_at"]),
            *public_list_indexes(),
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("deck-detail", args=[self.share_id])

    @property
    def current(self) -> DeckVersion:
        return self.versions.get(number=self.version)

    def readable_by(self, user: object) -> bool:
        return self.visibility != Visibility.PRIVATE or self.is_owner(user)

    def is_owner(self, user: object) -> bool:
        return getattr(user, "pk", None) == self.owner_id

    def first_version_for(self, user: object) -> int:
        """The oldest version the user may read (of a deck they may read)."""
        return 1 if self.is_owner(user) else self.history_from

    def version_readable_by(self, number: int, user: object) -> bool:
        return self.readable_by(user) and number >= self.first_version_for(user)


class DeckVersion(models.Model):
    deck = models.ForeignKey(Deck, on_delete=models.CASCADE, related_name="versions")
    number = models.PositiveIntegerField()
    text = models.TextField(help_text="The deck list, as written by the exporter.")
    is_legal = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-number"]
        constraints = [models.UniqueConstraint(fields=["deck", "number"], name="unique_version_number_per_deck")]

    def __str__(self) -> str:
        return f"{self.deck} v{self.number}"


class DeckCard(models.Model):
    """Copies of one card in one section of a deck's current version."""

    deck = models.ForeignKey(Deck, on_delete=models.CASCADE, related_name="cards")
    card = models.ForeignKey(Card, on_delete=models.PROTECT, related_name="+")
    section = models.CharField(max_length=30)
    pinned_to = models.CharField(max_length=200, blank=True)
    count = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["section", "card__name"]
        constraints = [
            models.UniqueConstraint(
                fields=["deck", "card", "section", "pinned_to"], name="unique_card_per_deck_section"
            )
        ]

    def __str__(self) -> str:
        return f"{self.count} {self.card.name}"


class BuilderDraft(models.Model):
    """A signed-in player's unsaved builder state, kept on the server so that it follows them to
    another browser or device: one per deck being edited, one per game for a new deck. A save of
    the deck drops it (decks/drafts.py)."""

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="builder_drafts")
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="+")
    # None: the draft of a new deck of the game.
    deck = models.ForeignKey(Deck, null=True, blank=True, on_delete=models.CASCADE, related_name="drafts")
    state = models.JSONField(help_text="The builder's fields (decks/drafts.py).")
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["owner", "game"], condition=models.Q(deck__isnull=True), name="one_new_deck_draft_per_game"
            ),
            models.UniqueConstraint(
                fields=["owner", "deck"], condition=models.Q(deck__isnull=False), name="one_draft_per_deck"
            ),
        ]

    def __str__(self) -> str:
        return f"draft of {self.deck or 'a new deck'} by {self.owner}"


class DeckLike(models.Model):
    """A user likes a deck (one they may read, not their own). Deck.likes_count counts these."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="deck_likes")
    deck = models.ForeignKey(Deck, on_delete=models.CASCADE, related_name="likes")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "deck"], name="one_like_per_user_and_deck")]

    def __str__(self) -> str:
        return f"{self.user_id} likes {self.deck_id}"


class DeckTag(models.Model):
    """A tag its owner put on a deck (decks/tags.py normalises them: lower case, words joined by "-")."""

    deck = models.ForeignKey(Deck, on_delete=models.CASCADE, related_name="tags")
    tag = models.CharField(max_length=24)

    class Meta:
        ordering = ["tag"]
        constraints = [models.UniqueConstraint(fields=["deck", "tag"], name="unique_tag_per_deck")]
        # The tag filter goes from the tag to its decks.
        indexes = [models.Index(fields=["tag", "deck"], name="decktag_tag_deck")]

    def __str__(self) -> str:
        return self.tag


class CardPlay(models.Model):
    """How many public decks hold a card in their current version: kept by decks/counters.py when a
    public deck's cards change, a deck becomes public or stops being public, or one is deleted."""

    card = models.OneToOneField(Card, primary_key=True, on_delete=models.CASCADE, related_name="play")
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="+")
    public_decks = models.PositiveIntegerField(default=0)

    class Meta:
        indexes = [models.Index(fields=["game", "-public_decks", "card"], name="cardplay_game_most_played")]

    def __str__(self) -> str:
        return f"card {self.card_id}: {self.public_decks} public decks"


from .simulations.models import SimulationRun  # noqa: E402,F401
