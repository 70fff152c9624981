"""API representations of games and cards (docs/contract.md, "Cards")."""
from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers
from rest_framework.request import Request

from engine.play.kits import goldfish_opponents

from .examples import field_example
from .models import Card, CardSet, Game


class SearchFieldSerializer(serializers.Serializer):
    name = serializers.CharField()
    kind = serializers.CharField()
    aliases = serializers.ListField(child=serializers.CharField())
    help = serializers.CharField()
    example = serializers.CharField()
    choices = serializers.ListField(child=serializers.CharField())


class GameSerializer(serializers.ModelSerializer):
    card_count = serializers.IntegerField(read_only=True)
    card_types = serializers.SerializerMethodField()
    search_fields = serializers.SerializerMethodField()
    goldfish_opponents = serializers.SerializerMethodField(
        help_text="The opponents a goldfish run of this game can play against, the default first."
    )

    class Meta:
        model = Game
        fields = ["slug", "name", "tagline", "card_count", "card_types", "search_fields", "goldfish_opponents"]

    @extend_schema_field(serializers.ListField(child=serializers.CharField()))
    def get_goldfish_opponents(self, game: Game) -> list[str]:
        return list(goldfish_opponents(game.slug))

    @extend_schema_field(serializers.ListField(child=serializers.DictField()))
    def get_card_types(self, game: Game) -> list[dict[str, Any]]:
        return [
            {"slug": t.slug, "label": t.label, "attributes": [a.name for a in t.attrs]}
            for t in game.schema.card_types
        ]

    @extend_schema_field(SearchFieldSerializer(many=True))
    def get_search_fields(self, game: Game) -> list[dict[str, Any]]:
        return [
            {
                "name": f.name,
                "kind": f.kind,
                "aliases": list(f.aliases),
                "help": f.help,
                "example": field_example(game.slug, f),
                "choices": list(f.choices),
            }
            for f in game.schema.all_search_fields()
        ]


class CardSerializer(serializers.ModelSerializer):
    game: serializers.SlugRelatedField[Game] = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    set: serializers.SlugRelatedField[CardSet] = serializers.SlugRelatedField(
        source="card_set", slug_field="code", read_only=True
    )
    is_demo = serializers.BooleanField(source="card_set.is_demo", read_only=True)
    subtypes = serializers.ListField(child=serializers.CharField(), read_only=True)
    attributes = serializers.DictField(read_only=True)
    url = serializers.SerializerMethodField(help_text="The card's page.")

    class Meta:
        model = Card
        fields = ["id", "game", "set", "name", "slug", "card_type", "subtypes", "text", "attributes", "is_demo", "url"]

    def get_url(self, card: Card) -> str:
        request = self.context.get("request")
        path = card.get_absolute_url()
        return request.build_absolute_uri(path) if request else path


CARD_ROW_FIELDS = (
    "id", "game__slug", "card_set__code", "card_set__is_demo", "name", "slug", "card_type", "subtypes", "text",
    "attributes",
)


def card_row_json(row: dict[str, Any], request: Request | None) -> dict[str, Any]:
    """CardSerializer's output, built from a `.values(*CARD_ROW_FIELDS)` row (about 5x faster)."""
    path = f"/{row['game__slug']}/cards/{row['slug']}/"
    return {
        "id": row["id"],
        "game": row["game__slug"],
        "set": row["card_set__code"],
        "name": row["name"],
        "slug": row["slug"],
        "card_type": row["card_type"],
        "subtypes": row["subtypes"],
        "text": row["text"],
        "attributes": row["attributes"],
        "is_demo": row["card_set__is_demo"],
        "url": request.build_absolute_uri(path) if request else path,
    }


class CardDetailSerializer(CardSerializer):
    initiative = serializers.SerializerMethodField(
        help_text="QQDND: the card's Initiative parsed, {low, high} (null for X and *); absent elsewhere."
    )

    class Meta(CardSerializer.Meta):
        fields = [*CardSerializer.Meta.fields, "initiative"]

    @extend_schema_field(serializers.DictField(allow_null=True))
    def get_initiative(self, card: Card) -> dict[str, Any] | None:
        attrs = card.attributes
        if "initiative_low" not in attrs:
            return None
        return {
            "printed": attrs.get("initiative"),
            "kind": attrs.get("initiative_kind"),
            "low": attrs.get("initiative_low"),
            "high": attrs.get("initiative_high"),
            "actions": [
                {"name": a.get("name"), "initiative": a.get("initiative")} for a in attrs.get("actions", [])
            ],
        }


class SuggestionSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    slug = serializers.CharField(help_text="The card's page is /<game>/cards/<slug>/.")
    card_type = serializers.CharField()
    match = serializers.ChoiceField(
        choices=["exact", "prefix", "word", "similar"], help_text="Why the name was suggested (its rank)."
    )


class AutocompleteSerializer(serializers.Serializer):
    """The answer of /api/cards/autocomplete/ (documents it; the view builds it directly)."""

    game = serializers.CharField()
    q = serializers.CharField(help_text="The text as sent.")
    results = SuggestionSerializer(many=True)
