"""API representations of goldfish runs (docs/contract.md, "Simulations")."""
from __future__ import annotations

from typing import Any

from django.urls import reverse
from rest_framework import serializers

from config.serializers import JSONInputSerializer
from engine.decklist import MAX_CHARACTERS
from engine.games import game_slugs
from engine.play.kits import DEFAULT_PLAYER, PLAYER_KINDS, goldfish_opponents
from engine.players.search import DEFAULT_BUDGET

from ..serializers import GAME_HELP, LIST_HELP, ListTextField
from .models import SimulationRun
from .quotas import Requester
from .services import DEFAULT_GAMES, MAX_GAMES, MAX_SEARCH_BUDGET, MAX_SEARCH_GAMES, MAX_SEED


class SimulationInputSerializer(JSONInputSerializer):
    game = serializers.ChoiceField(choices=game_slugs(), required=False, help_text=GAME_HELP)
    list = ListTextField(
        required=False, allow_blank=True, trim_whitespace=False, max_length=MAX_CHARACTERS, help_text=LIST_HELP
    )
    deck = serializers.CharField(
        required=False, max_length=20,
        help_text="A deck's share id: plays its current version. With `list`, plays that list as an edit of "
                  "the deck (your own decks only).",
    )
    games = serializers.IntegerField(min_value=1, max_value=MAX_GAMES, default=DEFAULT_GAMES)
    seed = serializers.IntegerField(
        min_value=0, max_value=MAX_SEED, required=False, allow_null=True,
        help_text="The same deck, games and seed give the same results. Default: a random seed.",
    )
    format = serializers.CharField(required=False, allow_blank=True, max_length=30,
                                   help_text="For a list: the format to check it in (default: its own).")
    opponent = serializers.CharField(
        required=False, allow_blank=True, max_length=20,
        help_text="The goldfish opponent (GET /api/games/ lists each game's; default its first). QQDND: "
                  '"sparring" (default: the dummy party keeps the round going) or "passive".',
    )
    player = serializers.ChoiceField(
        choices=PLAYER_KINDS, default=DEFAULT_PLAYER,
        help_text="Who plays the deck: the built-in heuristic player, a search player (costly: at most "
                  f"{MAX_SEARCH_GAMES} games) or a uniformly random one.",
    )
    budget = serializers.IntegerField(
        required=False, allow_null=True, min_value=1, max_value=MAX_SEARCH_BUDGET,
        help_text=f"The search player's play-outs a decision (default {DEFAULT_BUDGET}).",
    )

    schema_rules = [
        {"anyOf": [{"required": ["deck"]}, {"required": ["game", "list"]}]},
        # A budget is the search player's, whose runs are small (services._player_refusal).
        {"anyOf": [{"not": {"required": ["budget"]}}, {"properties": {"budget": {"enum": [None]}}},
                   {"required": ["player"], "properties": {"player": {"enum": ["search"]}}}]},
        {"anyOf": [{"properties": {"player": {"not": {"enum": ["search"]}}}},
                   {"required": ["games"], "properties": {"games": {"maximum": MAX_SEARCH_GAMES}}}]},
        # The opponent is one of the game's (blank: its default); with only a deck, one of the deck's game.
        {"anyOf": [
            {"not": {"required": ["opponent"]}},
            {"properties": {"opponent": {"enum": [""]}}},
            {"not": {"required": ["game"]},
             "properties": {"opponent": {"enum": sorted({o for g in game_slugs() for o in goldfish_opponents(g)})}}},
            *({"required": ["game"], "properties": {"game": {"enum": [slug]},
                                                    "opponent": {"enum": list(goldfish_opponents(slug))}}}
              for slug in game_slugs()),
        ]},
    ]

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if "deck" not in attrs and not ("game" in attrs and "list" in attrs):
            raise serializers.ValidationError('Send a "deck" (its id), or a "game" and a "list".')
        return attrs


class SimulationOutputSerializer(serializers.ModelSerializer):
    id = serializers.CharField(source="public_id", help_text="The run's id, used in its URLs.")
    game = serializers.CharField(source="game.slug")
    deck = serializers.SerializerMethodField(help_text="The share id of the deck played, if a deck was.")
    progress = serializers.FloatField(help_text="Share of the games played, 0.0 to 1.0.")
    results = serializers.JSONField(help_text="The run's report once done (engine/goldfish.py RunStats.report).")
    error = serializers.SerializerMethodField(help_text="Why the run failed, if it did.")
    can_cancel = serializers.SerializerMethodField(
        help_text="Whether the caller may cancel the run now (it is still going, and they started it)."
    )
    url = serializers.SerializerMethodField(help_text="The run's page.")
    api_url = serializers.SerializerMethodField()

    class Meta:
        model = SimulationRun
        fields = [
            "id", "status", "progress", "games", "seed", "results", "error", "game", "deck", "deck_version",
            "name", "format", "opponent", "player", "budget", "created_at", "started_at", "finished_at", "url",
            "api_url", "can_cancel",
        ]

    def _absolute(self, path: str) -> str:
        request = self.context.get("request")
        return request.build_absolute_uri(path) if request else path

    def get_deck(self, run: SimulationRun) -> str | None:
        return run.deck.share_id if run.deck is not None else None

    def get_error(self, run: SimulationRun) -> str | None:
        return run.error or None

    def get_can_cancel(self, run: SimulationRun) -> bool:
        request = self.context.get("request")
        if request is None or run.is_finished:
            return False
        return Requester.of(request).may_cancel(run, request.user)

    def get_url(self, run: SimulationRun) -> str:
        return self._absolute(run.get_absolute_url())

    def get_api_url(self, run: SimulationRun) -> str:
        return self._absolute(reverse("api-simulation", args=[run.public_id]))


class DetailSerializer(serializers.Serializer):
    """A refusal: what was wrong, in a sentence."""

    detail = serializers.CharField()


class QueueDownSerializer(serializers.Serializer):
    """A 503 answer: the job queue is down. The run is kept (failed, with the reason)."""

    detail = serializers.CharField()
    id = serializers.CharField(help_text="The run that was kept.")
    status = serializers.CharField()
