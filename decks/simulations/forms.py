"""Forms of the run pages: "Test this deck" (deck page and builder) and "Compare with another deck"."""
from __future__ import annotations

import re
from typing import Any

from django import forms

from engine.decklist import MAX_CHARACTERS
from engine.games import game_slugs

from ..forms import ListTextField
from .services import DEFAULT_GAMES, MAX_GAMES, MAX_SEED

# A deck's share id, alone or at the end of its page's address (".../decks/<id>/").
SHARE_ID = re.compile(r"(?:/decks/)?([A-Za-z0-9_-]{6,20})/?(?:[?#].*)?$")


class RunForm(forms.Form):
    games = forms.IntegerField(min_value=1, max_value=MAX_GAMES, initial=DEFAULT_GAMES, label="Games")
    seed = forms.IntegerField(
        min_value=0, max_value=MAX_SEED, required=False, label="Seed",
        help_text="Optional: the same seed plays the same games again.",
    )
    # The deck page sends its deck; the builder sends its game and list (and the deck, once saved).
    deck = forms.CharField(required=False, max_length=20, widget=forms.HiddenInput)
    game = forms.ChoiceField(choices=[(slug, slug) for slug in game_slugs()], required=False,
                             widget=forms.HiddenInput)
    list = ListTextField(required=False, strip=False, max_length=MAX_CHARACTERS, widget=forms.HiddenInput)
    side = forms.CharField(required=False, max_length=20, widget=forms.HiddenInput)
    format = forms.CharField(required=False, max_length=30, widget=forms.HiddenInput)
    # Checked against the game's own opponents when the run starts (services.start_run).
    opponent = forms.CharField(required=False, max_length=20, label="Opponent")

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if not data.get("deck") and not (data.get("game") and data.get("list", "").strip()):
            raise forms.ValidationError("There is no deck to test: add cards to the list first.")
        return data

    def list_text(self) -> str | None:
        """The list to play, with the builder's side field as a header (the rules read it there)."""
        text = self.cleaned_data.get("list") or ""
        if not text.strip():
            return None
        side = self.cleaned_data.get("side", "").strip()
        if side and not re.search(r"^\s*side\s*:", text, re.IGNORECASE | re.MULTILINE):
            text = f"Side: {side}\n{text}"
        return text


class CompareForm(forms.Form):
    deck = forms.CharField(
        max_length=300, label="Deck B",
        help_text="A deck's link or id: one of yours, or any public or unlisted deck.",
    )

    def clean_deck(self) -> str:
        match = SHARE_ID.search(self.cleaned_data["deck"].strip())
        if match is None:
            raise forms.ValidationError("That is not a deck's link or id.")
        return match.group(1)
