"""`/api/drafts/<game>/<target>/`: a signed-in player's builder draft (decks/drafts.py).

GET answers the draft (404 if there is none), PUT keeps the state sent in place of the one kept
(409 if the deck was saved after the draft was begun: see drafts.keep),
DELETE drops it (204, also when there was none). `target` is `new` for the new-deck builder of the
game, or the share id of one of the player's decks. Only the owner reaches a draft: without an
account 401, for a deck that is not the player's (or no such game) 404.
"""
from __future__ import annotations

from django.http import Http404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from config.serializers import JSONInputSerializer

from . import drafts
from .api import AUTHENTICATION


# The builder's fields, each optional, as strings without NUL (JSONInputSerializer: its schema says so).
class DraftStateSerializer(JSONInputSerializer):

    list = serializers.CharField(required=False, allow_blank=True, max_length=drafts.FIELD_LIMITS["list"])
    name = serializers.CharField(required=False, allow_blank=True, max_length=drafts.FIELD_LIMITS["name"])
    side = serializers.CharField(required=False, allow_blank=True, max_length=drafts.FIELD_LIMITS["side"])
    format = serializers.CharField(required=False, allow_blank=True, max_length=drafts.FIELD_LIMITS["format"])
    visibility = serializers.CharField(required=False, allow_blank=True, max_length=drafts.FIELD_LIMITS["visibility"])
    description = serializers.CharField(
        required=False, allow_blank=True, max_length=drafts.FIELD_LIMITS["description"]
    )
    version = serializers.CharField(required=False, allow_blank=True, max_length=drafts.FIELD_LIMITS["version"])
    tags = serializers.CharField(
        required=False, allow_blank=True, max_length=drafts.FIELD_LIMITS["tags"],
        help_text="The tags field as typed (comma-separated); checked when the deck is saved.",
    )


class DraftInputSerializer(JSONInputSerializer):
    state = DraftStateSerializer(
        help_text="The builder's fields. A draft of a saved deck must give `version`, the deck version it "
        "edits: once the deck is saved past it, the draft is refused with 409."
    )
    started_at = serializers.DateTimeField(
        required=False,
        help_text="For a new deck: when the builder was opened (the page gives it). Once a new deck of the "
        "game has been saved since, the draft is refused with 409.",
    )


class DraftOutputSerializer(serializers.Serializer):
    state = DraftStateSerializer()
    saved_at = serializers.DateTimeField(help_text="When the draft was last kept.")


GAME = OpenApiParameter("game", OpenApiTypes.STR, OpenApiParameter.PATH, description="The game's slug.")
TARGET = OpenApiParameter(
    "target", OpenApiTypes.STR, OpenApiParameter.PATH,
    description="`new` for a new deck of the game, or the share id of one of your decks.",
)
NO_DRAFT = OpenApiResponse(description="No draft kept, no such game, or not a deck of yours.")
REFUSED = OpenApiResponse(description="`{\"detail\"}`: the state is not an object of the builder's fields.")
OUTDATED = OpenApiResponse(
    description="`{\"detail\"}`: the deck was saved after this draft was begun; the draft is not kept "
    "(drop it: the save is what the builder shows now)."
)
TOO_LARGE = OpenApiResponse(description="`{\"detail\"}`: a field or the whole draft is over its limit.")


class BuilderDraftView(APIView):
    """A signed-in player's builder draft for a new deck of a game or for one of their decks."""

    authentication_classes = AUTHENTICATION
    permission_classes = [IsAuthenticated]

    def _target(self, request: Request, game: str, target: str) -> drafts.Target:
        found = drafts.find_target(request.user, game, target)
        if found is None:
            raise Http404("No such game, or no deck of yours with that share id.")
        return found

    @extend_schema(parameters=[GAME, TARGET], responses={200: DraftOutputSerializer, 404: NO_DRAFT})
    def get(self, request: Request, game: str, target: str) -> Response:
        draft = drafts.read(request.user, self._target(request, game, target))
        if draft is None:
            raise Http404("No draft is kept for this deck.")
        return Response({"state": draft.state, "saved_at": draft.updated_at})

    @extend_schema(
        parameters=[GAME, TARGET], request=DraftInputSerializer,
        responses={200: DraftOutputSerializer, 400: REFUSED, 404: NO_DRAFT, 409: OUTDATED, 413: TOO_LARGE},
    )
    def put(self, request: Request, game: str, target: str) -> Response:
        found = self._target(request, game, target)
        if not isinstance(request.data, dict) or "state" not in request.data:
            return Response({"detail": "Send {\"state\": {...}} with the builder's fields."},
                            status=status.HTTP_400_BAD_REQUEST)
        started_at = None
        if request.data.get("started_at") is not None:
            try:
                started_at = serializers.DateTimeField().to_internal_value(request.data["started_at"])
            except serializers.ValidationError as exc:
                return Response({"detail": f"`started_at`: {' '.join(map(str, exc.detail))}"},
                                status=status.HTTP_400_BAD_REQUEST)
        try:
            draft = drafts.keep(request.user, found, request.data["state"], started_at)
        except drafts.DraftOutdated as exc:
            return Response({"detail": str(exc)}, status=status.HTTP_409_CONFLICT)
        except drafts.DraftTooLarge as exc:
            return Response({"detail": str(exc)}, status=status.HTTP_413_REQUEST_ENTITY_TOO_LARGE)
        except drafts.DraftRefused as exc:
            return Response({"detail": str(exc)}, status=status.HTTP_400_BAD_REQUEST)
        return Response({"state": draft.state, "saved_at": draft.updated_at})

    @extend_schema(parameters=[GAME, TARGET], responses={204: None, 404: NO_DRAFT})
    def delete(self, request: Request, game: str, target: str) -> Response:
        found = self._target(request, game, target)
        drafts.forget(request.user, found.game, found.deck)
        return Response(status=status.HTTP_204_NO_CONTENT)
