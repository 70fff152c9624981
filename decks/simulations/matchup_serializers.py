"""API representations of matchups and gauntlets (docs/contract.md, "Matchups and gauntlets")."""
from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from config.serializers import JSONInputSerializer
from engine.decklist import MAX_CHARACTERS
from engine.games import game_slugs
from engine.play.kits import DEFAULT_PLAYER, PLAYER_KINDS
from engine.players.search import DEFAULT_BUDGET

from ..serializers import GAME_HELP, LIST_HELP, ListTextField
from .forms import SHARE_ID
from .matchups import DEFAULT_GAUNTLET_GAMES, MAX_OPPONENTS, MAX_SEARCH_MATCHUP_BUDGET, MAX_SEARCH_MATCHUP_GAMES
from .models import RunPairing, SimulationRun
from .serializers import SimulationOutputSerializer
from .services import DEFAULT_GAMES, MAX_GAMES, MAX_SEED

DECK_LINK_HELP = "A deck's share id or the address of its page: one of yours, or any public or unlisted deck."


class DeckLinkField(serializers.RegexField):
    """A deck given by its share id or its page's address; answers the share id."""

    def __init__(self, **kwargs: Any) -> None:
        # The schema's pattern is the one the field reads (searched, as JSON Schema patterns are).
        super().__init__(SHARE_ID.pattern, max_length=300,
                         help_text=DECK_LINK_HELP, error_messages={"invalid": "That is not a deck's link or id."},
                         **kwargs)

    def to_internal_value(self, data: Any) -> str:
        text = super().to_internal_value(data).strip()
        match = SHARE_ID.search(text)
        if match is None:
            raise serializers.ValidationError("That is not a deck's link or id.")
        return match.group(1)


# Deck A as for goldfish runs; a budget only for the search player (as decks/simulations/serializers.py).
TWO_DECK_RULES: list[dict[str, Any]] = [
    {"anyOf": [{"required": ["deck"]}, {"required": ["game", "list"]}]},
    {"anyOf": [{"not": {"required": ["budget"]}}, {"properties": {"budget": {"enum": [None]}}},
               {"required": ["player"], "properties": {"player": {"enum": ["search"]}}}]},
]


class _TwoDeckInput(JSONInputSerializer):
    game = serializers.ChoiceField(choices=game_slugs(), required=False, help_text=GAME_HELP)
    list = ListTextField(
        required=False, allow_blank=True, trim_whitespace=False, max_length=MAX_CHARACTERS,
        help_text=f"Deck A as a list (with `game`). {LIST_HELP}",
    )
    deck = serializers.CharField(
        required=False, max_length=20,
        help_text="Deck A's share id: plays its current version. With `list`, plays that list as an edit of the "
                  "deck (your own decks only).",
    )
    seed = serializers.IntegerField(
        min_value=0, max_value=MAX_SEED, required=False, allow_null=True,
        help_text="The same decks, games and seed give the same results. Default: a random seed.",
    )
    format = serializers.CharField(required=False, allow_blank=True, max_length=30,
                                   help_text="For a list: the format to check it in (default: its own).")
    player = serializers.ChoiceField(
        choices=PLAYER_KINDS, default=DEFAULT_PLAYER,
        help_text="Who plays both decks: the built-in heuristic player, a search player (costly: at most "
                  f"{MAX_SEARCH_MATCHUP_GAMES} games in all) or a uniformly random one.",
    )
    budget = serializers.IntegerField(
        required=False, allow_null=True, min_value=1, max_value=MAX_SEARCH_MATCHUP_BUDGET,
        help_text=f"The search player's play-outs a decision (default {DEFAULT_BUDGET}).",
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if "deck" not in attrs and not ("game" in attrs and "list" in attrs):
            raise serializers.ValidationError('Send deck A: a "deck" (its id), or a "game" and a "list".')
        return attrs


class MatchupInputSerializer(_TwoDeckInput):
    opponent = DeckLinkField()
    games = serializers.IntegerField(min_value=1, max_value=MAX_GAMES, default=DEFAULT_GAMES,
                                     help_text="Games of the matchup; each counts twice in the quotas.")

    schema_rules = [
        *TWO_DECK_RULES,
        # The search player plays both decks: a matchup of few games (matchups._player_refusal).
        {"anyOf": [{"properties": {"player": {"not": {"enum": ["search"]}}}},
                   {"required": ["games"], "properties": {"games": {"maximum": MAX_SEARCH_MATCHUP_GAMES}}}]},
    ]


class GauntletInputSerializer(_TwoDeckInput):
    opponents = serializers.ListField(
        child=DeckLinkField(), required=False, max_length=MAX_OPPONENTS,
        help_text=f"The opponents (at most {MAX_OPPONENTS}). Left out or empty: the game's field, its most-played "
                  "public decks (docs/contract.md), deck A itself left out.",
    )
    games = serializers.IntegerField(min_value=1, max_value=MAX_GAMES, default=DEFAULT_GAUNTLET_GAMES,
                                     help_text="Games against each opponent; each counts twice in the quotas.")

    schema_rules = [
        *TWO_DECK_RULES,
        {"anyOf": [{"properties": {"player": {"not": {"enum": ["search"]}}}},
                   {"required": ["games"], "properties": {"games": {"maximum": MAX_SEARCH_MATCHUP_GAMES}}}]},
    ]


class PairingSerializer(serializers.ModelSerializer):
    """One opponent of a two-deck run: the deck played against, as it was when the run started."""

    name = serializers.CharField(source="b_name")
    deck = serializers.SerializerMethodField(help_text="Its share id, while the deck exists.")
    deck_version = serializers.IntegerField(source="b_deck_version", allow_null=True)
    format = serializers.CharField(source="b_format")

    class Meta:
        model = RunPairing
        fields = ["index", "name", "deck", "deck_version", "format"]

    def get_deck(self, pairing: RunPairing) -> str | None:
        return pairing.b_deck.share_id if pairing.b_deck is not None else None


class TwoDeckOutputSerializer(SimulationOutputSerializer):
    kind = serializers.CharField(help_text='"matchup" or "gauntlet".')
    games = serializers.IntegerField(help_text="Games of the whole run (of every opponent).")
    pairing_games = serializers.IntegerField(help_text="Games against each opponent.")
    opponents = serializers.SerializerMethodField()
    results = serializers.JSONField(
        help_text="Once done. A matchup: the engine's matchup report (engine/matchup.py MatchupStats.report: "
                  "wins_a, wins_b, draws, a_win_rate with a_win_rate_low/high, first_player_win_rate, end_turn, "
                  "cards). A gauntlet: {games, opponents: [{index, name, deck, games, wins, losses, draws, "
                  "win_rate, win_rate_low, win_rate_high, first_player_win_rate}]}."
    )

    class Meta(SimulationOutputSerializer.Meta):
        fields = [
            "id", "kind", "status", "progress", "games", "pairing_games", "seed", "results", "error", "game", "deck",
            "deck_version", "name", "format", "opponents", "player", "budget", "created_at", "started_at",
            "finished_at", "url", "api_url", "can_cancel",
        ]

    @extend_schema_field(PairingSerializer(many=True))
    def get_opponents(self, run: SimulationRun) -> list[dict[str, Any]]:
        return list(PairingSerializer(run.pairings.all(), many=True).data)

    def get_api_url(self, run: SimulationRun) -> str:
        return self._absolute(run.get_api_url())


class TwoDeckPageSerializer(serializers.Serializer):
    """A page of runs, as the deck lists are paged."""

    count = serializers.IntegerField()
    next = serializers.URLField(allow_null=True)
    previous = serializers.URLField(allow_null=True)
    results = TwoDeckOutputSerializer(many=True)
