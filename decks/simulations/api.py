"""The goldfish runs API (docs/contract.md, "Simulations").

- `POST /api/simulations/` starts a run of a deck (`deck`: its share id) or of a pasted list (`game`
  and `list`), `games` games (default 1000, at most 100,000) with `seed` (default random). 202 with
  the run; 400 with the problems of an illegal deck; 404 for a deck the caller may not read; 503
  when the job queue is down (the run is kept, failed, with the reason). No account is needed.
- `GET /api/simulations/<id>/` answers the run: poll it until `status` is "done", "failed" or
  "cancelled". A run of a private deck is its owner's: anyone else gets 404, as if it did not exist.
- `POST /api/simulations/<id>/cancel/` cancels a run still queued or running, for whoever started it
  (the account, or without one the same address): 200 with the run; 403 for anyone else; 409 once
  the run has ended.

Starting runs is throttled (THROTTLE_RUNS_ANON / THROTTLE_RUNS_USER) and held to quotas (games a day,
runs in flight): over either, 429 with `{"detail": ...}` naming the limit and a Retry-After header.
"""
from __future__ import annotations

from typing import Any

from django.http import Http404
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.exceptions import ParseError
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from cardsdb.models import Game
from config.throttles import API_THROTTLES, RUN_START_THROTTLES

from ..api import AUTHENTICATION, SHARE_ID_SCHEMA
from ..models import Deck
from ..serializers import RefusedSerializer
from ..services import DeckNotFound
from . import recovery, selectors, services
from .models import SimulationRun
from .serializers import (
    DetailSerializer,
    QueueDownSerializer,
    SimulationInputSerializer,
    SimulationOutputSerializer,
)

RUN_ID = OpenApiParameter("run_id", SHARE_ID_SCHEMA, OpenApiParameter.PATH, description="The run's id.")


def _readable_run(request: Request, run_id: str) -> SimulationRun:
    run = selectors.run_readable_by(request.user, run_id)
    if run is None or run.two_decks:  # matchups and gauntlets are at /api/matchups/ and /api/gauntlets/
        raise Http404("No run you can see has this id.")
    return run


TOO_MANY = OpenApiResponse(
    DetailSerializer, description="Over a rate or a quota: the detail names it; Retry-After says when to try again."
)



# What starting a run can raise, and the API's answer to each (goldfish and two-deck runs alike).
START_REFUSALS = (services.RunRefused, DeckNotFound, services.QuotaExceeded, services.RunNotQueued)


def refused_start(error: Exception) -> Response:
    """The answer to a run that did not start: 400 with the list's problems, 404, 429 or 503."""
    if isinstance(error, DeckNotFound):
        raise Http404(str(error)) from error
    if isinstance(error, services.QuotaExceeded):
        return Response({"detail": str(error)}, status=status.HTTP_429_TOO_MANY_REQUESTS,
                        headers={"Retry-After": str(error.retry_after)})
    if isinstance(error, services.RunNotQueued):
        body = {"detail": str(error), "id": error.run.public_id, "status": error.run.status}
        return Response(body, status=status.HTTP_503_SERVICE_UNAVAILABLE)
    assert isinstance(error, services.RunRefused)
    refusal: dict[str, Any] = {"detail": str(error)}
    if error.result is not None:
        result = error.result.as_dict()
        refusal.update(problems=result["problems"], warnings=result["warnings"], omitted=result["omitted"])
    return Response(refusal, status=status.HTTP_400_BAD_REQUEST)

class SimulationList(APIView):
    authentication_classes = AUTHENTICATION
    permission_classes = [AllowAny]
    throttle_classes = [*API_THROTTLES, *RUN_START_THROTTLES]

    @extend_schema(
        request=SimulationInputSerializer,
        responses={
            202: SimulationOutputSerializer,
            400: RefusedSerializer,  # the deck is illegal: its problems, as a refused save gives them
            404: OpenApiResponse(description="No such deck, or a private deck of someone else."),
            429: TOO_MANY,
            503: QueueDownSerializer,
        },
    )
    def post(self, request: Request) -> Response:
        """Start a goldfish run; poll the `api_url` of the answer for its progress and results."""
        given = SimulationInputSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        values = given.validated_data
        deck = None
        if "deck" in values:
            deck = Deck.objects.select_related("game", "owner").filter(share_id=values["deck"]).first()
            if deck is None:
                raise Http404("No deck you can read has this id.")
        game = None
        if "game" in values:
            game = Game.objects.filter(slug=values["game"]).first()
            if game is None:
                raise ParseError(f"No cards of {values['game']!r} are loaded yet.")
        try:
            run = services.start_run(
                user=request.user, requester=services.Requester.of(request), games=values["games"],
                seed=values.get("seed"), game=game, text=values.get("list"), deck=deck, format=values.get("format"),
                opponent=values.get("opponent") or None, player=values["player"], budget=values.get("budget"),
            )
        except START_REFUSALS as refused:
            return refused_start(refused)
        body = SimulationOutputSerializer(run, context={"request": request}).data
        return Response(body, status=status.HTTP_202_ACCEPTED, headers={"Location": body["api_url"]})


class SimulationDetail(APIView):
    authentication_classes = AUTHENTICATION
    permission_classes = [AllowAny]

    @extend_schema(
        parameters=[RUN_ID],
        responses={200: SimulationOutputSerializer, 404: OpenApiResponse(description="No run you can see.")},
    )
    def get(self, request: Request, run_id: str) -> Response:
        """A run: its status, progress and, once done, its results."""
        run = _readable_run(request, run_id)
        if not run.is_finished:
            recovery.recover_run(run)
            run.refresh_from_db(fields=["status", "games_done", "results", "error", "started_at", "finished_at"])
        return Response(SimulationOutputSerializer(run, context={"request": request}).data)


class SimulationCancel(APIView):
    authentication_classes = AUTHENTICATION
    permission_classes = [AllowAny]

    @extend_schema(
        request=None,
        parameters=[RUN_ID],
        responses={
            200: SimulationOutputSerializer,
            403: OpenApiResponse(DetailSerializer, description="Someone else started this run."),
            404: OpenApiResponse(description="No run you can see."),
            409: OpenApiResponse(DetailSerializer, description="The run has already ended."),
        },
    )
    def post(self, request: Request, run_id: str) -> Response:
        """Cancel a run still queued or running (whoever started it): its chunks stop being played."""
        run = _readable_run(request, run_id)
        try:
            run = services.cancel(run, requester=services.Requester.of(request), user=request.user)
        except services.CancelRefused as refused:
            code = status.HTTP_403_FORBIDDEN if refused.not_yours else status.HTTP_409_CONFLICT
            return Response({"detail": str(refused)}, status=code)
        return Response(SimulationOutputSerializer(run, context={"request": request}).data)
