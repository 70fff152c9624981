"""The deck pages' forms. They check shapes and sizes only: the deck list itself is checked by
decks/services.py, which reports its problems in the validation result's shape."""
from __future__ import annotations

import builtins
from typing import Any

from django import forms
from django.core.validators import ProhibitNullCharactersValidator
from django.db import models

from cardsdb.models import Game
from engine.decklist import MAX_CHARACTERS
from engine.games.qqdnd.alignment import SIDES
from engine.validation import game_formats

from .models import Deck, Visibility
from .services import GAMES_WITH_SIDE
from .tags import MAX_TAGS, BadTags, parse_tags

# The tags field's text: five tags of 24 letters with their commas and spaces, and room to spare.
MAX_TAGS_TEXT = 200
SIDE_CHOICES: list[tuple[str, str]] = [("", "Choose a side…"), *((side, side) for side in SIDES)]
# How the formats' names read on a page; a format without a label here shows its name.
FORMAT_LABELS: dict[str, str] = {"constructed": "Constructed", "sealed": "Sealed", "draft": "Booster draft"}


def _max_length(name: str) -> int:
    field = Deck._meta.get_field(name)
    assert isinstance(field, models.CharField) and field.max_length is not None
    return field.max_length


class ListTextField(forms.CharField):
    """A deck list's text: NUL is let in, as in the API (decks/serializers.py, ListTextField)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.validators = [v for v in self.validators if not isinstance(v, ProhibitNullCharactersValidator)]


def _list_field(label: str = "Deck list") -> forms.CharField:
    return ListTextField(
        label=label,
        required=False,
        strip=False,
        max_length=MAX_CHARACTERS,
        widget=forms.Textarea(attrs={"rows": 18, "spellcheck": "false", "autocomplete": "off", "class": "list-text"}),
    )


class DeckForm(forms.Form):
    """The deck builder: the deck's fields and its list (the sections; the fields are its headers).

    `version` is the version the page was opened at, sent back so that a save made over someone
    else's is refused rather than overwriting it.
    """

    name = forms.CharField(max_length=_max_length("name"))
    description = forms.CharField(
        required=False, max_length=5000, widget=forms.Textarea(attrs={"rows": 2}),
        help_text="Shown on the deck's page.",
    )
    tags = forms.CharField(
        required=False, max_length=MAX_TAGS_TEXT,
        help_text=f"Up to {MAX_TAGS} words others can find the deck by, separated by commas "
        "(e.g. aggro, budget).",
    )
    side = forms.ChoiceField(
        required=False, choices=SIDE_CHOICES,
        help_text="The side of the alignment chart the deck plays.",
    )
    format = forms.ChoiceField()
    visibility = forms.ChoiceField(choices=Visibility.choices, initial=Visibility.PRIVATE)
    share_history = forms.BooleanField(
        required=False, label="Also show earlier versions",
        help_text="Versions saved while the deck was private stay yours when you share it, unless you tick this.",
    )
    list = _list_field()
    version = forms.IntegerField(required=False, min_value=1, widget=forms.HiddenInput)

    def __init__(self, *args: Any, game: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        formats = self.fields["format"]
        assert isinstance(formats, forms.ChoiceField)
        formats.choices = [(f, FORMAT_LABELS.get(f, f)) for f in game_formats(game)]
        if game in GAMES_WITH_SIDE:
            self._keep_unlisted_side()
        else:
            del self.fields["side"]

    def clean_tags(self) -> builtins.list[str]:  # `list` here is the form field
        """The tags, normalised as the API's (decks/tags.py): a list, each once."""
        try:
            return parse_tags(self.cleaned_data.get("tags", ""))
        except BadTags as exc:
            raise forms.ValidationError(str(exc)) from exc

    def _keep_unlisted_side(self) -> None:
        """A side saved from an imported list may be written another way ("good"): select the
        matching choice, and keep a side that matches none rather than dropping it on save."""
        side = str(self.initial.get("side") or "")
        match = next((s for s in SIDES if s.casefold() == side.casefold()), None)
        if match is not None:
            self.initial["side"] = match
        elif side:
            field = self.fields["side"]
            assert isinstance(field, forms.ChoiceField)
            field.choices = [*SIDE_CHOICES, (side, side)]


class ImportForm(forms.Form):
    """A new deck from a pasted list or an uploaded text file."""

    game = forms.ModelChoiceField(queryset=Game.objects.order_by("sort_order", "name"), to_field_name="slug",
                                  empty_label=None)
    list = _list_field("Paste a deck list")
    file = forms.FileField(required=False, label="…or upload a text file")
    name = forms.CharField(
        required=False, max_length=_max_length("name"), help_text="Leave empty to use the list's Name: line."
    )
    visibility = forms.ChoiceField(choices=Visibility.choices, initial=Visibility.PRIVATE)

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        upload = cleaned.get("file")
        pasted = cleaned.get("list", "")
        if upload is not None and pasted.strip():
            raise forms.ValidationError("Paste a list or upload a file, not both.")
        if upload is not None:
            cleaned["list"] = self._read_upload(upload)
        elif not pasted.strip():
            raise forms.ValidationError("Paste a deck list or upload a file.")
        return cleaned

    @staticmethod
    def _read_upload(upload: Any) -> str:
        too_long = f"The file is over {MAX_CHARACTERS:,} characters."
        if upload.size > MAX_CHARACTERS * 4:  # four bytes a character at most in UTF-8
            raise forms.ValidationError({"file": too_long})
        try:
            text = upload.read().decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise forms.ValidationError({"file": "The file is not UTF-8 text."}) from exc
        if len(text) > MAX_CHARACTERS:
            raise forms.ValidationError({"file": too_long})
        return str(text)
