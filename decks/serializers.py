"""API representations for validation and decks: one input and one output serializer an endpoint.

Outputs read a DeckReport (a deck with its list, validation and chart data) or a Deck row; inputs
only check shapes and sizes. The deck list itself is checked by the services, which report its
problems in the validation result's shape (docs/contract.md).
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.core.validators import ProhibitNullCharactersValidator
from django.urls import reverse
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from config.serializers import JSONInputSerializer
from engine.decklist import MAX_CHARACTERS
from engine.games import game_slugs

from .diffs import DeckDiff
from .lists import CheckedList
from .markdown import render_description
from .models import Deck, DeckVersion, Visibility
from .selectors import original_shown_to
from .tags import MAX_TAGS, BadTags, parse_tags

GAME_HELP = "Game slug: qqdnd, condemned or anguish."
LIST_HELP = "A deck list in the format of docs/contract.md."
MAX_VERSION = 2**31 - 1  # DeckVersion.number is an integer column


@dataclass(frozen=True)
class DeckReport:
    deck: Deck
    text: str  # the current version's list
    checked: CheckedList


# Shared pieces --------------------------------------------------------------------------------


class ListTextField(serializers.CharField):
    """A deck list's text. NUL is let in, unlike other text fields: a list is read without its
    invisible characters (engine.decklist.strip_invisible), as an uploaded file is, and only the
    list as read is stored."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.validators = [v for v in self.validators if not isinstance(v, ProhibitNullCharactersValidator)]



class ProblemSerializer(serializers.Serializer):
    code = serializers.CharField(help_text="Stable; see docs/contract.md.")
    severity = serializers.ChoiceField(choices=["error", "warning"])
    message = serializers.CharField(help_text="For people; may change.")
    cards = serializers.ListField(child=serializers.CharField(), help_text="At most 20 cards it is about.")
    cards_omitted = serializers.IntegerField(
        required=False, help_text="How many more cards it is about, when there are more than 20."
    )
    line = serializers.IntegerField(required=False, help_text="The deck list line it is about, if any.")


class OmittedSerializer(serializers.Serializer):
    problems = serializers.IntegerField(help_text="Problems left out of `problems` (it lists at most 50).")
    warnings = serializers.IntegerField(help_text="Warnings left out of `warnings` (it lists at most 50).")


class ValidationSerializer(serializers.Serializer):
    """The contract's validation result."""

    legal = serializers.BooleanField()
    game = serializers.CharField()
    format = serializers.CharField()
    problems = ProblemSerializer(many=True)
    warnings = ProblemSerializer(many=True)
    omitted = OmittedSerializer()
    summary = serializers.DictField(help_text="Counts per section; QQDND: the section each Resource went to.")


class ChartBarSerializer(serializers.Serializer):
    # A field named "label" shadows Field.label only for type checkers: DRF takes declared fields off the class.
    label = serializers.CharField()  # type: ignore[assignment]
    count = serializers.IntegerField()


class ChartSerializer(serializers.Serializer):
    key = serializers.CharField()
    title = serializers.CharField()
    bars = ChartBarSerializer(many=True)


class TotalSerializer(serializers.Serializer):
    key = serializers.CharField()
    label = serializers.CharField()  # type: ignore[assignment]  # as in ChartBarSerializer
    value = serializers.IntegerField()


class StatsSerializer(serializers.Serializer):
    """Chart data for the deck builder (engine/stats.py)."""

    charts = ChartSerializer(many=True)
    totals = TotalSerializer(many=True)


class RefusedSerializer(serializers.Serializer):
    """A 400 answer for a list that cannot be saved: its problems, in the validation shape."""

    detail = serializers.CharField()
    problems = ProblemSerializer(many=True, required=False)
    warnings = ProblemSerializer(many=True, required=False)
    omitted = OmittedSerializer(required=False)


class StaleSerializer(serializers.Serializer):
    """A 409 answer: the save edited an older version."""

    detail = serializers.CharField()
    version = serializers.IntegerField(help_text="The deck's current version.")


# POST /api/validate/ ------------------------------------------------------------------------------


class ValidateInputSerializer(JSONInputSerializer):
    game = serializers.ChoiceField(
        choices=game_slugs(), help_text=GAME_HELP,
        error_messages={"invalid_choice": f"No game {{input!r}}; known games: {', '.join(game_slugs())}."},
    )
    list = ListTextField(allow_blank=True, trim_whitespace=False, help_text=LIST_HELP)
    format = serializers.CharField(required=False, allow_blank=True, allow_null=True)


class ValidateOutputSerializer(ValidationSerializer):
    stats = StatsSerializer()


# Decks: outputs -----------------------------------------------------------------------------------


def _absolute(path: str, context: Mapping[str, Any]) -> str:
    request = context.get("request")
    return request.build_absolute_uri(path) if request else path


def _api_url(view: str, deck: Deck, context: Mapping[str, Any]) -> str:
    return _absolute(reverse(view, args=[deck.share_id]), context)


class DeckListOutputSerializer(serializers.ModelSerializer):
    """A deck in a list: no list text or problems (open the deck for those)."""

    id = serializers.CharField(source="share_id", help_text="The deck's share id, used in every deck URL.")
    game = serializers.CharField(source="game.slug")
    owner = serializers.CharField(source="owner.get_username")
    cards = serializers.IntegerField(source="card_total", default=0, help_text="Copies in the current version.")
    species = serializers.CharField(help_text="Anguish: the deck's Species (two joined by / for a dual-type pair).")
    tags = serializers.SerializerMethodField()
    url = serializers.SerializerMethodField(help_text="The deck's page.")
    api_url = serializers.SerializerMethodField()

    class Meta:
        model = Deck
        fields = [
            "id", "game", "name", "owner", "side", "species", "format", "visibility", "version", "is_legal", "cards",
            "tags", "copies_count", "runs_count", "views_count", "likes_count", "popularity",
            "created_at", "updated_at", "url", "api_url",
        ]

    @extend_schema_field(serializers.ListField(child=serializers.CharField()))
    def get_tags(self, deck: Deck) -> list[str]:
        return sorted(tag.tag for tag in deck.tags.all())

    def get_url(self, deck: Deck) -> str:
        return _absolute(deck.get_absolute_url(), self.context)

    def get_api_url(self, deck: Deck) -> str:
        return _api_url("api-deck", deck, self.context)


class DeckDetailOutputSerializer(serializers.Serializer):
    """A deck with its current list, that list's validation and its chart data."""

    id = serializers.CharField(source="deck.share_id")
    game = serializers.CharField(source="deck.game.slug")
    name = serializers.CharField(source="deck.name")
    description = serializers.CharField(source="deck.description")
    owner = serializers.CharField(source="deck.owner.get_username")
    side = serializers.CharField(source="deck.side")
    format = serializers.CharField(source="deck.format")
    visibility = serializers.CharField(source="deck.visibility")
    version = serializers.IntegerField(source="deck.version", help_text="Send it back with a change (409 if stale).")
    is_legal = serializers.BooleanField(source="deck.is_legal")
    description_html = serializers.SerializerMethodField(
        help_text="The description's Markdown as sanitised HTML (no raw HTML, no images; links rel=nofollow)."
    )
    species = serializers.CharField(source="deck.species")
    tags = serializers.SerializerMethodField()
    copies_count = serializers.IntegerField(source="deck.copies_count", help_text="Copies made by other users.")
    runs_count = serializers.IntegerField(source="deck.runs_count", help_text="Goldfish runs started from it.")
    views_count = serializers.IntegerField(source="deck.views_count", help_text="Views of its page by others.")
    likes_count = serializers.IntegerField(source="deck.likes_count")
    popularity = serializers.IntegerField(source="deck.popularity", help_text="10 x copies + 3 x runs + views.")
    copied_from = serializers.SerializerMethodField(
        help_text="The share id of the deck this was copied from: shown to anyone if that deck is public, "
        "to the owners of both decks if it is unlisted, to its owner if it is private; otherwise null."
    )
    history_from = serializers.IntegerField(
        source="deck.history_from",
        help_text="The first version others may read: versions saved before the deck was shared are its owner's.",
    )
    created_at = serializers.DateTimeField(source="deck.created_at")
    updated_at = serializers.DateTimeField(source="deck.updated_at")
    list = serializers.CharField(source="text", help_text="The current version's list, as exported.")
    validation = serializers.SerializerMethodField()
    stats = serializers.SerializerMethodField()
    url = serializers.SerializerMethodField(help_text="The deck's page.")
    api_url = serializers.SerializerMethodField()
    export_url = serializers.SerializerMethodField()

    def get_copied_from(self, report: DeckReport) -> str | None:
        # A link to the original is shown only to whom it may be shown (an unlisted deck's link is
        # its owner's to give): see selectors.original_shown_to.
        request = self.context.get("request")
        original = original_shown_to(report.deck, request.user if request is not None else None)
        return original.share_id if original is not None else None

    def get_description_html(self, report: DeckReport) -> str:
        return str(render_description(report.deck.description))

    @extend_schema_field(serializers.ListField(child=serializers.CharField()))
    def get_tags(self, report: DeckReport) -> Sequence[str]:
        return sorted(report.deck.tags.values_list("tag", flat=True))

    def get_validation(self, report: DeckReport) -> dict[str, Any]:
        return ValidationSerializer(report.checked.result.as_dict()).data

    def get_stats(self, report: DeckReport) -> dict[str, Any]:
        return StatsSerializer(report.checked.stats()).data

    def get_url(self, report: DeckReport) -> str:
        return _absolute(report.deck.get_absolute_url(), self.context)

    def get_api_url(self, report: DeckReport) -> str:
        return _api_url("api-deck", report.deck, self.context)

    def get_export_url(self, report: DeckReport) -> str:
        return _api_url("api-deck-export", report.deck, self.context)


class DeckVersionOutputSerializer(serializers.ModelSerializer):
    class Meta:
        model = DeckVersion
        fields = ["number", "is_legal", "created_at"]


class DeckDiffOutputSerializer(serializers.Serializer):
    def to_representation(self, instance: DeckDiff) -> dict[str, Any]:
        return instance.as_dict()


# Decks: inputs ------------------------------------------------------------------------------------


def _list_field(required: bool) -> serializers.CharField:
    return ListTextField(
        required=required, allow_blank=True, trim_whitespace=False, max_length=MAX_CHARACTERS, help_text=LIST_HELP
    )


def _name_field(required: bool) -> serializers.CharField:
    return serializers.CharField(required=required, allow_blank=not required, max_length=120)


class TagsField(serializers.ListField):
    """A deck's tags: a list of words, normalised (decks/tags.py); the list replaces the deck's tags."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(
            child=serializers.CharField(max_length=40, allow_blank=True), max_length=MAX_TAGS * 2, required=False,
            help_text=f"At most {MAX_TAGS} tags of 2-24 letters, digits and -, normalised to lower case "
            "(spaces become -). Replaces the deck's tags.",
            **kwargs,
        )

    def to_internal_value(self, data: Any) -> list[str]:
        try:
            return parse_tags(super().to_internal_value(data))
        except BadTags as exc:
            raise serializers.ValidationError(str(exc)) from exc


class DeckCreateInputSerializer(JSONInputSerializer):
    game = serializers.ChoiceField(choices=game_slugs(), help_text=GAME_HELP)
    name = _name_field(required=True)
    list = _list_field(required=False)
    description = serializers.CharField(required=False, allow_blank=True, max_length=5000)
    side = serializers.CharField(required=False, allow_blank=True, max_length=20, help_text="QQDND only.")
    format = serializers.CharField(required=False, max_length=30)
    visibility = serializers.ChoiceField(choices=Visibility.choices, default=Visibility.PRIVATE)
    tags = TagsField()


class DeckImportInputSerializer(JSONInputSerializer):
    game = serializers.ChoiceField(choices=game_slugs(), help_text=GAME_HELP)
    list = _list_field(required=False)
    # An empty file is an empty list, as an empty `list` is.
    file = serializers.FileField(
        required=False, allow_empty_file=True, help_text="The list as an uploaded UTF-8 text file, instead of `list`."
    )
    name = _name_field(required=False)
    description = serializers.CharField(required=False, allow_blank=True, max_length=5000)
    # Blank as a form leaves it: the list's own Format: header, else the game's default.
    format = serializers.CharField(required=False, allow_blank=True, max_length=30)
    visibility = serializers.ChoiceField(choices=Visibility.choices, default=Visibility.PRIVATE)

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        upload = attrs.pop("file", None)
        if upload is not None and "list" in attrs:
            raise serializers.ValidationError("Send the list as `list` or as `file`, not both.")
        if upload is not None:
            if upload.size > MAX_CHARACTERS * 4:  # four bytes a character at most in UTF-8
                raise serializers.ValidationError({"file": f"The file is over {MAX_CHARACTERS:,} characters."})
            try:
                attrs["list"] = upload.read().decode("utf-8-sig")
            except UnicodeDecodeError as exc:
                raise serializers.ValidationError({"file": "The file is not UTF-8 text."}) from exc
            if len(attrs["list"]) > MAX_CHARACTERS:
                raise serializers.ValidationError({"file": f"The file is over {MAX_CHARACTERS:,} characters."})
        if "list" not in attrs:
            raise serializers.ValidationError("Send the list as `list` (text) or `file` (an upload).")
        return attrs


class DeckImportTextSerializer(DeckImportInputSerializer):
    """A list to import sent as JSON: its text."""

    list = _list_field(required=True)
    file = None  # type: ignore[assignment]  # JSON carries no file


class DeckImportUploadSerializer(DeckImportInputSerializer):
    """A list to import sent as a multipart form: an uploaded file."""

    file = serializers.FileField(allow_empty_file=True, help_text="The list as a UTF-8 text file.")
    list = None  # type: ignore[assignment]  # the file is the list


class DeckUpdateInputSerializer(JSONInputSerializer):
    # The save makes version + 1, which must fit the column too.
    version = serializers.IntegerField(
        min_value=1, max_value=MAX_VERSION - 1, help_text="The version this change was made to."
    )
    name = _name_field(required=False)
    list = _list_field(required=False)
    description = serializers.CharField(required=False, allow_blank=True, max_length=5000)
    side = serializers.CharField(required=False, allow_blank=True, max_length=20, help_text="QQDND only.")
    format = serializers.CharField(required=False, max_length=30)
    visibility = serializers.ChoiceField(choices=Visibility.choices, required=False)
    tags = TagsField()
    share_history = serializers.BooleanField(
        required=False, allow_null=True, default=None,
        help_text="true: others may read every version, also those saved while the deck was private; "
        "false: only this one and later ones. Left out: sharing a private deck shares it from this version.",
    )


class DeckDiffInputSerializer(serializers.Serializer):
    """Query parameters of the diff: two version numbers; by default the previous and the current."""

    from_version = serializers.IntegerField(required=False, min_value=1, max_value=MAX_VERSION)
    to_version = serializers.IntegerField(required=False, min_value=1, max_value=MAX_VERSION)


class DeckExportInputSerializer(serializers.Serializer):
    version = serializers.IntegerField(
        required=False, min_value=1, max_value=MAX_VERSION, help_text="An older version; default current."
    )


# Discovery: the public list's page, likes, most played cards -----------------------------------------


class DeckListPageSerializer(serializers.Serializer):
    """A page of the public deck list: no count (it would cost a count of every matching deck)."""

    next = serializers.CharField(allow_null=True, help_text="The next page's URL (its `cursor`), or null on the last.")
    results = DeckListOutputSerializer(many=True)


class LikeOutputSerializer(serializers.Serializer):
    liked = serializers.BooleanField(help_text="Whether you like the deck now.")
    likes_count = serializers.IntegerField()


class MostPlayedCardSerializer(serializers.Serializer):
    name = serializers.CharField(source="card.name")
    slug = serializers.CharField(source="card.slug")
    card_type = serializers.CharField(source="card.card_type")
    public_decks = serializers.IntegerField(help_text="Public decks whose current version holds the card.")
    url = serializers.SerializerMethodField(help_text="The card's page.")
    decks_url = serializers.SerializerMethodField(help_text="The public decks holding it (API).")

    def get_url(self, play: Any) -> str:
        return _absolute(play.card.get_absolute_url(), self.context)

    def get_decks_url(self, play: Any) -> str:
        query = f"?game={play.game.slug}&card_slug={play.card.slug}"
        return _absolute(reverse("api-decks") + query, self.context)
