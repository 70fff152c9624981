"""The matchups and gauntlets API (docs/contract.md, "Matchups and gauntlets").

- `POST /api/matchups/` plays deck A (`deck`, or `game` and `list`) against the deck `opponent` (a
  share id or link); `POST /api/gauntlets/` against each of `opponents`, or the game's field
  (`field: true`). 202 with the run; 400 with the problems of an illegal deck (the message names
  which); 404 for a deck the caller may not read; 429 over a rate or quota (a game counts twice);
  503 when the job queue is down (the run is kept, failed).
- `GET /api/matchups/` (`/api/gauntlets/`) lists the caller's runs of that kind, newest first, or
  with `?deck=<share id>` the runs of a deck they may read.
- `GET /api/matchups/<id>/` answers the run; poll it until `status` is "done", "failed" or
  "cancelled". `POST .../<id>/cancel/` cancels it, as for goldfish runs.
"""
from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from django.http import Http404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.exceptions import ParseError
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.serializers import Serializer
from rest_framework.throttling import BaseThrottle
from rest_framework.views import APIView

from cardsdb.models import Game
from config.pagination import PageNumberPagination
from config.throttles import API_THROTTLES, RUN_START_THROTTLES

from ..api import AUTHENTICATION
from ..field import field_decks
from ..models import Deck
from ..selectors import decks_readable_by
from ..serializers import RefusedSerializer
from . import matchups, recovery, selectors, services
from .api import RUN_ID, START_REFUSALS, TOO_MANY, refused_start
from .matchup_serializers import (
    GauntletInputSerializer,
    MatchupInputSerializer,
    TwoDeckOutputSerializer,
    TwoDeckPageSerializer,
)
from .models import RunKind, SimulationRun
from .serializers import DetailSerializer, QueueDownSerializer

DECK_FILTER = OpenApiParameter("deck", OpenApiTypes.STR, OpenApiParameter.QUERY, required=False,
                               description="Only the runs of this deck (its share id).")
PAGE = OpenApiParameter("page", {"type": "integer", "minimum": 1}, OpenApiParameter.QUERY, required=False,
                        description="The page, from 1.")
LIST_PARAMETERS = [DECK_FILTER, PAGE]
LIST_RESPONSES = {
    200: TwoDeckPageSerializer,
    400: OpenApiResponse(DetailSerializer, description="A page that is not a whole number."),
    404: OpenApiResponse(DetailSerializer, description="No deck you can read has the id of `deck`, or a page past "
                                                       "the last."),
}


def _deck(share_id: str) -> Deck:
    deck = Deck.objects.select_related("game", "owner").filter(share_id=share_id).first()
    if deck is None:
        raise Http404("No deck you can read has this id.")
    return deck


def _runs_of_kind(kind: RunKind) -> QuerySet[SimulationRun]:
    return selectors.runs().filter(kind=kind)


class _TwoDeckList(APIView):
    authentication_classes = AUTHENTICATION
    permission_classes = [AllowAny]
    kind: RunKind
    input_serializer: type[Serializer]

    def get_throttles(self) -> list[BaseThrottle]:
        # Starting a run costs the workers; reading the list is an ordinary request.
        throttles = [*API_THROTTLES, *RUN_START_THROTTLES] if self.request.method == "POST" else API_THROTTLES
        return [throttle() for throttle in throttles]

    def start(self, request: Request, values: dict[str, Any], **deck_a: Any) -> SimulationRun:
        raise NotImplementedError

    def _post(self, request: Request) -> Response:
        given = self.input_serializer(data=request.data)
        given.is_valid(raise_exception=True)
        values = given.validated_data
        deck_a: dict[str, Any] = {"deck": _deck(values["deck"]) if "deck" in values else None, "game": None}
        if "game" in values:
            deck_a["game"] = Game.objects.filter(slug=values["game"]).first()
            if deck_a["game"] is None:
                raise ParseError(f"No cards of {values['game']!r} are loaded yet.")
        try:
            run = self.start(request, values, **deck_a)
        except START_REFUSALS as refused:
            return refused_start(refused)
        run = _runs_of_kind(self.kind).get(pk=run.pk)
        body = TwoDeckOutputSerializer(run, context={"request": request}).data
        return Response(body, status=status.HTTP_202_ACCEPTED, headers={"Location": body["api_url"]})

    def _get(self, request: Request) -> Response:
        runs = _runs_of_kind(self.kind)
        share_id = request.query_params.get("deck")
        if share_id:
            deck = decks_readable_by(request.user).filter(share_id=share_id).first()
            if deck is None:
                raise Http404("No deck you can read has this id.")
            runs = runs.filter(deck=deck)
        else:
            runs = runs.filter(requester=services.Requester.of(request).key)
        paginator = PageNumberPagination()
        page = paginator.paginate_queryset(runs.order_by("-created_at"), request, view=self) or []
        readable = [run for run in page if run.readable_by(request.user)]
        return paginator.get_paginated_response(
            TwoDeckOutputSerializer(readable, many=True, context={"request": request}).data
        )


def _common(kind: str) -> dict[int, Any]:
    return {
        202: TwoDeckOutputSerializer,
        400: OpenApiResponse(RefusedSerializer, description=f"A deck of the {kind} is illegal (its problems, and "
                                                            "which deck), or the request is malformed."),
        404: OpenApiResponse(DetailSerializer, description="No such deck, or a private deck of someone else."),
        429: TOO_MANY,
        503: QueueDownSerializer,
    }


class MatchupList(_TwoDeckList):
    kind = RunKind.MATCHUP
    input_serializer = MatchupInputSerializer

    def start(self, request: Request, values: dict[str, Any], **deck_a: Any) -> SimulationRun:
        return matchups.start_matchup(
            user=request.user, requester=services.Requester.of(request), opponent=_deck(values["opponent"]),
            games=values["games"], seed=values.get("seed"), text=values.get("list"), format=values.get("format"),
            player=values["player"], budget=values.get("budget"), **deck_a,
        )

    @extend_schema(request=MatchupInputSerializer, responses=_common("matchup"))
    def post(self, request: Request) -> Response:
        """Start a matchup of deck A against `opponent`; poll the `api_url` of the answer."""
        return self._post(request)

    @extend_schema(operation_id="matchups_list", parameters=LIST_PARAMETERS, responses=LIST_RESPONSES)
    def get(self, request: Request) -> Response:
        """Your matchups (or a deck's), newest first."""
        return self._get(request)


class GauntletList(_TwoDeckList):
    kind = RunKind.GAUNTLET
    input_serializer = GauntletInputSerializer

    def start(self, request: Request, values: dict[str, Any], **deck_a: Any) -> SimulationRun:
        if not values.get("opponents"):
            game: Game = deck_a["game"] or deck_a["deck"].game  # the input has one or the other
            opponents = [deck for deck in field_decks(game, matchups.MAX_OPPONENTS)
                         if deck_a["deck"] is None or deck.pk != deck_a["deck"].pk][:matchups.FIELD_SIZE]
            if not opponents:
                raise services.RunRefused(f"The {game.name} field has no public legal decks yet.")
        else:
            opponents = [_deck(share_id) for share_id in values["opponents"]]
        return matchups.start_gauntlet(
            user=request.user, requester=services.Requester.of(request), opponents=opponents,
            games=values["games"], seed=values.get("seed"), text=values.get("list"), format=values.get("format"),
            player=values["player"], budget=values.get("budget"), **deck_a,
        )

    @extend_schema(request=GauntletInputSerializer, responses=_common("gauntlet"))
    def post(self, request: Request) -> Response:
        """Start a gauntlet: deck A against each opponent (or the field), as one run."""
        return self._post(request)

    @extend_schema(operation_id="gauntlets_list", parameters=LIST_PARAMETERS, responses=LIST_RESPONSES)
    def get(self, request: Request) -> Response:
        """Your gauntlets (or a deck's), newest first."""
        return self._get(request)


def _readable(request: Request, run_id: str, kinds: tuple[RunKind, ...]) -> SimulationRun:
    run = selectors.run_readable_by(request.user, run_id)
    if run is None or run.kind not in kinds:
        raise Http404("No run you can see has this id.")
    return run


class _TwoDeckDetail(APIView):
    authentication_classes = AUTHENTICATION
    permission_classes = [AllowAny]
    kinds: tuple[RunKind, ...]

    def _get(self, request: Request, run_id: str) -> Response:
        run = _readable(request, run_id, self.kinds)
        if not run.is_finished:
            recovery.recover_run(run)
            run.refresh_from_db(fields=["status", "games_done", "results", "error", "started_at", "finished_at"])
        return Response(TwoDeckOutputSerializer(run, context={"request": request}).data)

    def _cancel(self, request: Request, run_id: str) -> Response:
        run = _readable(request, run_id, self.kinds)
        try:
            run = services.cancel(run, requester=services.Requester.of(request), user=request.user)
        except services.CancelRefused as refused:
            code = status.HTTP_403_FORBIDDEN if refused.not_yours else status.HTTP_409_CONFLICT
            return Response({"detail": str(refused)}, status=code)
        return Response(TwoDeckOutputSerializer(run, context={"request": request}).data)


DETAIL = {200: TwoDeckOutputSerializer, 404: OpenApiResponse(DetailSerializer, description="No run you can see.")}
CANCEL = {
    200: TwoDeckOutputSerializer,
    403: OpenApiResponse(DetailSerializer, description="Someone else started this run."),
    404: OpenApiResponse(DetailSerializer, description="No run you can see."),
    409: OpenApiResponse(DetailSerializer, description="The run has already ended."),
}


class MatchupDetail(_TwoDeckDetail):
    kinds = (RunKind.MATCHUP,)

    @extend_schema(parameters=[RUN_ID], responses=DETAIL)
    def get(self, request: Request, run_id: str) -> Response:
        """A matchup: its status, progress and, once done, its report."""
        return self._get(request, run_id)


class MatchupCancel(_TwoDeckDetail):
    kinds = (RunKind.MATCHUP,)

    @extend_schema(request=None, parameters=[RUN_ID], responses=CANCEL)
    def post(self, request: Request, run_id: str) -> Response:
        """Cancel a matchup still queued or running (whoever started it)."""
        return self._cancel(request, run_id)


class GauntletDetail(_TwoDeckDetail):
    kinds = (RunKind.GAUNTLET, RunKind.FIELD)

    @extend_schema(parameters=[RUN_ID], responses=DETAIL)
    def get(self, request: Request, run_id: str) -> Response:
        """A gauntlet (or a field round-robin): its status, progress and, once done, a row an opponent."""
        return self._get(request, run_id)


class GauntletCancel(_TwoDeckDetail):
    kinds = (RunKind.GAUNTLET, RunKind.FIELD)

    @extend_schema(request=None, parameters=[RUN_ID], responses=CANCEL)
    def post(self, request: Request, run_id: str) -> Response:
        """Cancel a gauntlet still queued or running (whoever started it)."""
        return self._cancel(request, run_id)
