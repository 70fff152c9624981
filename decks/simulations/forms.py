"""Forms of the run pages: "Test this deck" (deck page and builder) and "Compare with another deck"."""
from __future__ import annotations

import re
from typing import Any, cast

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
        return list_with_side(self.cleaned_data)


def list_with_side(data: dict[str, Any]) -> str | None:
    """The list to play, with the builder's side field as a header (the rules read it there)."""
    text = data.get("list") or ""
    if not text.strip():
        return None
    side = data.get("side", "").strip()
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


class _TwoDeckForm(forms.Form):
    """Deck A as for RunForm: the deck page sends its deck; the builder its game and list."""

    deck = forms.CharField(required=False, max_length=20, widget=forms.HiddenInput)
    game = forms.ChoiceField(choices=[(slug, slug) for slug in game_slugs()], required=False,
                             widget=forms.HiddenInput)
    list = ListTextField(required=False, strip=False, max_length=MAX_CHARACTERS, widget=forms.HiddenInput)
    side = forms.CharField(required=False, max_length=20, widget=forms.HiddenInput)
    format = forms.CharField(required=False, max_length=30, widget=forms.HiddenInput)
    seed = forms.IntegerField(min_value=0, max_value=MAX_SEED, required=False, label="Seed")

    def list_text(self) -> str | None:
        return list_with_side(self.cleaned_data)

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if not data.get("deck") and not (data.get("game") and data.get("list", "").strip()):
            raise forms.ValidationError("There is no deck to test: add cards to the list first.")
        return data


def _share_id(text: str) -> str:
    match = SHARE_ID.search(text.strip())
    if match is None:
        raise forms.ValidationError(f"{text.strip()[:60]!r} is not a deck's link or id.")
    return match.group(1)


class MatchupForm(_TwoDeckForm):
    """"Test against...": one opponent, by its link, from my decks or from the field (the first given)."""

    games = forms.IntegerField(min_value=1, max_value=MAX_GAMES, initial=DEFAULT_GAMES, label="Games")
    opponent_link = forms.CharField(required=False, max_length=300, label="A deck's link or id")
    opponent_mine = forms.CharField(required=False, max_length=20, label="One of my decks")
    opponent_field = forms.CharField(required=False, max_length=20, label="A deck of the field")

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        given = [data.get(name, "").strip() for name in ("opponent_link", "opponent_mine", "opponent_field")]
        chosen = next((value for value in given if value), "")
        if not chosen:
            raise forms.ValidationError("Pick an opponent: paste a deck's link, or choose one of your decks or of "
                                        "the field.")
        data["opponent"] = _share_id(chosen)
        return data


class GauntletForm(_TwoDeckForm):
    games = forms.IntegerField(min_value=1, max_value=MAX_GAMES, initial=500, label="Games against each")
    opponent_links = forms.CharField(required=False, max_length=6000, widget=forms.Textarea,
                                     label="Decks' links or ids, one a line")
    opponent_mine = forms.MultipleChoiceField(required=False, choices=[], label="My decks",
                                              widget=forms.CheckboxSelectMultiple)
    field = forms.BooleanField(required=False, label="The field: the most-played public decks of the game")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Any share id: which of them the user may read is settled when the gauntlet starts.
        mine = self.data.getlist("opponent_mine") if hasattr(self.data, "getlist") else []
        cast(forms.MultipleChoiceField, self.fields["opponent_mine"]).choices = [(value, value) for value in mine]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        links = [line for line in data.get("opponent_links", "").splitlines() if line.strip()]
        opponents = [_share_id(line) for line in links] + list(data.get("opponent_mine", []))
        if not opponents and not data.get("field"):
            raise forms.ValidationError("Pick the opponents: paste their links, tick some of your decks, or "
                                        "choose the field.")
        data["opponents"] = list(dict.fromkeys(opponents))  # each once, in the order given
        return data
