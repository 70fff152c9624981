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

    class Meta:
        ordering = ["-updated_at"]
        indexes = [
            models.Index(fields=["game", "visibility", "-created_at"]),
            # Keyset pages of the lists (decks/keyset.py): a game's public decks and all public
            # decks, newest first, and a player's decks, last saved first.
            models.Index(fields=["game", "-created_at", "-id"], condition=models.Q(visibility="public"),
                         name="deck_public_game_newest"),
            models.Index(fields=["-created_at", "-id"], condition=models.Q(visibility="public"),
                         name="deck_public_newest"),
            models.Index(fields=["owner", "-updated_at", "-id"], name="deck_owner_last_saved"),
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
        # The decks holding a card, read from the index alone.
        indexes = [models.Index(fields=["card", "deck"], name="deckcard_card_deck")]
        constraints = [
            models.UniqueConstraint(
                fields=["deck", "card", "section", "pinned_to"], name="unique_card_per_deck_section"
            )
        ]

    def __str__(self) -> str:
        return f"{self.count} {self.card.name}"


from .simulations.models import SimulationRun  # noqa: E402,F401
