"""Games, card sets and cards.

Columns hold what every game's cards share; the rest lives in `attributes`, a JSON document
whose shape each game's schema (engine/games/<slug>/cards.py) defines and validates.
"""
from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.db import models
from django.urls import reverse

from engine.games import game_schema
from engine.schema import GameSchema


class Game(models.Model):
    slug = models.SlugField(unique=True)
    name = models.CharField(max_length=100)
    tagline = models.CharField(max_length=200, blank=True)
    sort_order = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["sort_order", "name"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("game-cards", args=[self.slug])

    @property
    def schema(self) -> GameSchema:
        return game_schema(self.slug)


class CardSet(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="sets")
    code = models.SlugField(max_length=40)
    name = models.CharField(max_length=200)
    # Demo sets are invented cards for trying the rules; every page showing them says so.
    is_demo = models.BooleanField(default=False)
    notice = models.TextField(blank=True)
    source = models.CharField(max_length=300, blank=True, help_text="The file the set was loaded from.")

    class Meta:
        ordering = ["game", "code"]
        constraints = [models.UniqueConstraint(fields=["game", "code"], name="unique_set_code_per_game")]

    def __str__(self) -> str:
        return f"{self.name} ({self.game.slug})"


class Card(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="cards")
    card_set = models.ForeignKey(CardSet, on_delete=models.CASCADE, related_name="cards")
    number = models.PositiveIntegerField(default=0, help_text="Position in its set, as listed.")
    name = models.CharField(max_length=200)
    slug = models.SlugField(max_length=220)
    card_type = models.CharField(max_length=40)
    subtypes = models.JSONField(default=list, blank=True)
    text = models.TextField(blank=True)
    attributes = models.JSONField(default=dict, blank=True)
    # Lets a per-process cache of a game's cards see that another process changed one.
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["game", "name"]
        constraints = [
            models.UniqueConstraint(fields=["game", "slug"], name="unique_card_slug_per_game"),
            models.UniqueConstraint(fields=["game", "name"], name="unique_card_name_per_game"),
        ]
        indexes = [models.Index(fields=["game", "card_type", "name"])]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("card-detail", args=[self.game.slug, self.slug])

    def as_record(self) -> dict[str, Any]:
        """The card as the engine sees it (the same shape as a fixture's card)."""
        return {
            "name": self.name,
            "card_type": self.card_type,
            "subtypes": list(self.subtypes),
            "text": self.text,
            "attributes": dict(self.attributes),
        }

    def clean(self) -> None:
        """Validate attributes against the game's schema (used by the admin and forms)."""
        if self.game_id is None:
            return  # the form reports the missing game itself
        schema = game_schema(self.game.slug)
        record = schema.prepare(self.as_record())
        errors = schema.validate_card(record)
        if errors:
            by_field: dict[str, list[str]] = {}
            for error in errors:
                top = error.field.split(".")[0].split("[")[0]
                form_field = top if top in {"name", "card_type", "subtypes", "text"} else "attributes"
                by_field.setdefault(form_field, []).append(str(error))
            raise ValidationError(by_field)
        self.attributes = record["attributes"]


class CardDataVersion(models.Model):
    """The version of all card data (games, sets, cards): one row, changed with every change to them.

    It drives the card endpoints' ETag and Last-Modified and keys their cached pages, so it lives in
    the database, where every web process reads the same value; cardsdb/versions.py changes it.
    """

    number = models.PositiveBigIntegerField(default=0, help_text="Counts the changes, for people.")
    # A new random token with every change: a database restored from a backup, or a test database
    # rolled back, never gives an old number to different data that a cache could still hold.
    token = models.CharField(max_length=32)
    # Each version's second is later than the one before (see versions.bump_version), so an
    # If-Modified-Since taken from an older version can never match a newer one.
    changed_at = models.DateTimeField()

    def __str__(self) -> str:
        return f"card data version {self.number} ({self.changed_at:%Y-%m-%d %H:%M:%S})"
