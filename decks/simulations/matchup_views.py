"""The two-deck run pages: "Test against..." (a matchup or a gauntlet, from a deck's page or the
builder), the matchup and gauntlet pages, and each game's field page with its round-robin.

As for goldfish runs, everything is rendered on the server (charts are SVG) and static/js/simulation.js
only polls the run's progress and swaps in the finished section.
"""
from __future__ import annotations

import logging
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.models import AnonymousUser
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseNotAllowed
from django.shortcuts import get_object_or_404, redirect, render

from cardsdb.models import Game

from ..field import field_decks
from ..models import Deck
from ..services import DeckNotFound
from . import matchups, services
from .forms import GauntletForm, MatchupForm
from .matchup_presentation import field_matrix, gauntlet_report, matchup_report
from .models import RunKind, RunStatus, SimulationRun
from .views import _refused, start_or_refuse

FIELD_REQUESTER = "field"
logger = logging.getLogger(__name__)


def _deck(share_id: str) -> Deck:
    deck = Deck.objects.select_related("game", "owner").filter(share_id=share_id).first()
    if deck is None:
        raise DeckNotFound("No deck you can read has this id.")
    return deck


def _deck_a(form: MatchupForm | GauntletForm) -> dict[str, Any]:
    data = form.cleaned_data
    deck = _deck(data["deck"]) if data["deck"] else None
    game = Game.objects.filter(slug=data["game"]).first() if data["game"] else None
    return {"deck": deck, "game": game, "text": form.list_text(), "format": data["format"] or None,
            "seed": data["seed"], "games": data["games"]}


def _form_errors(form: MatchupForm | GauntletForm) -> str:
    """Each error, after the label of the field it is about (what was wrong, and where)."""
    def where(name: str) -> str:
        return f"{form.fields[name].label}: " if name in form.fields else ""

    return " ".join(f"{where(name)}{error}" for name, errors in form.errors.items() for error in errors)


def matchup_start(request: HttpRequest) -> HttpResponse:
    """"Test against...": start a matchup and go to its page."""
    if request.method != "POST":
        return HttpResponseNotAllowed(["POST"])
    form = MatchupForm(request.POST)
    if not form.is_valid():
        return _refused(request, _form_errors(form), status=400)
    try:
        args = _deck_a(form)
        opponent = _deck(form.cleaned_data["opponent"])
    except DeckNotFound as error:
        raise Http404(str(error)) from error
    started = start_or_refuse(request, matchups.start_matchup, opponent=opponent, **args)
    return redirect(started) if isinstance(started, SimulationRun) else started


def gauntlet_start(request: HttpRequest) -> HttpResponse:
    """"Test against..." several decks, or the field: start a gauntlet and go to its page."""
    if request.method != "POST":
        return HttpResponseNotAllowed(["POST"])
    form = GauntletForm(request.POST)
    if not form.is_valid():
        return _refused(request, _form_errors(form), status=400)
    try:
        args = _deck_a(form)
        opponents = [_deck(share_id) for share_id in form.cleaned_data["opponents"]]
    except DeckNotFound as error:
        raise Http404(str(error)) from error
    if form.cleaned_data["field"]:
        game = args["game"] or (args["deck"].game if args["deck"] is not None else None)
        if game is not None:
            taken = {deck.pk for deck in opponents} | ({args["deck"].pk} if args["deck"] is not None else set())
            opponents += [deck for deck in field_decks(game, matchups.MAX_OPPONENTS) if deck.pk not in taken]
        opponents = opponents[:matchups.MAX_OPPONENTS]
    started = start_or_refuse(request, matchups.start_gauntlet, opponents=opponents, **args)
    return redirect(started) if isinstance(started, SimulationRun) else started


def two_deck_context(request: HttpRequest, run: SimulationRun) -> dict[str, Any]:
    """The context of a two-deck run's page and section (decks/simulations/views.py hands them over)."""
    report: Any = None
    if run.results is not None:
        if run.kind == RunKind.MATCHUP:
            report = matchup_report(run)
        elif run.kind == RunKind.GAUNTLET:
            report = gauntlet_report(run, request.GET.get("sort", "win_rate"), request.GET.get("dir", "desc"))
        else:
            report = field_matrix(run)
    return {
        "run": run, "game": run.game, "deck": run.deck, "pairings": list(run.pairings.all()), "report": report,
        "can_cancel": not run.is_finished and services.Requester.of(request).may_cancel(run, request.user),
    }


# The field ----------------------------------------------------------------------------------------


def _field_runs(game: Game) -> tuple[SimulationRun | None, SimulationRun | None]:
    """The latest finished round-robin of the game's field, and one still going, if any."""
    runs = SimulationRun.objects.filter(kind=RunKind.FIELD, game=game).select_related("game")
    done = runs.filter(status=RunStatus.DONE).order_by("-finished_at").first()
    going = runs.filter(status__in=[RunStatus.QUEUED, RunStatus.RUNNING]).order_by("-created_at").first()
    return done, going


def field_page(request: HttpRequest, game_slug: str) -> HttpResponse:
    game = get_object_or_404(Game, slug=game_slug)
    done, going = _field_runs(game)
    context = {
        "game": game, "done": done, "going": going, "matrix": field_matrix(done) if done else None,
        "available": matchups.matchups_available(game.slug), "field_size": matchups.FIELD_SIZE,
        "is_staff": request.user.is_staff,
    }
    return render(request, "simulations/field.html", context)


def start_field(game: Game, user: Any, games: int = matchups.DEFAULT_FIELD_GAMES) -> SimulationRun:
    """A round-robin of the game's field (staff on demand, or the schedule): the server's own work."""
    return matchups.start_field_run(game=game, decks=field_decks(game, matchups.FIELD_SIZE), user=user,
                                    requester=services.Requester.server(FIELD_REQUESTER), games=games)


def run_every_field() -> list[SimulationRun]:
    """The schedule's round-robin of each game's field (a game whose field is still being played, has
    fewer than two decks or whose engine plays no matchups yet is left for the next time)."""
    started = []
    for game in Game.objects.all():
        if not matchups.matchups_available(game.slug) or _field_runs(game)[1] is not None:
            continue
        try:
            started.append(start_field(game, AnonymousUser(), settings.FIELD_GAMES_PER_PAIRING))
        except (services.RunRefused, services.RunNotQueued) as error:
            logger.warning("The %s field was not run: %s", game.slug, error)
    return started


def field_start(request: HttpRequest, game_slug: str) -> HttpResponse:
    """A staff user's "Run the field now"."""
    if request.method != "POST":
        return HttpResponseNotAllowed(["POST"])
    if not request.user.is_staff:
        return _refused(request, "Only staff can run the field.", status=403)
    game = get_object_or_404(Game, slug=game_slug)
    if _field_runs(game)[1] is not None:
        messages.info(request, "A round-robin of this field is already running.")
        return redirect("simulation-field", game.slug)
    try:
        run = start_field(game, request.user, settings.FIELD_GAMES_PER_PAIRING)
    except services.RunRefused as refused:
        return _refused(request, str(refused), status=400)
    except services.RunNotQueued as down:
        return _refused(request, str(down), status=503, run=down.run)
    return redirect(run)
