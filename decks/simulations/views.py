"""The run pages: start a run ("Test this deck"), watch it, read its results, and compare two decks
played on the same games.

The pages render everything on the server (charts are SVG); static/js/simulation.js only polls the
API for progress and swaps in the finished section. Without the script, a running run's page
reloads itself every few seconds.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseNotAllowed
from django.shortcuts import redirect, render
from rest_framework.exceptions import Throttled

from cardsdb.models import Game
from config.throttles import RUN_START_THROTTLES, check_throttles, retry_after

from .. import selectors as deck_selectors
from ..models import Deck
from ..services import DeckNotFound
from . import recovery, selectors, services
from .forms import CompareForm, RunForm
from .models import SimulationRun
from .presentation import comparison, run_report


def _run_or_404(request: HttpRequest, run_id: str) -> SimulationRun:
    run = selectors.run_readable_by(request.user, run_id)
    if run is None:
        raise Http404("No run you can see has this id.")
    return run


def _refused(request: HttpRequest, message: str, *, status: int, problems: list[dict[str, Any]] | None = None,
             omitted: int = 0, run: SimulationRun | None = None, headers: dict[str, str] | None = None
             ) -> HttpResponse:
    context = {"message": message, "problems": problems or [], "omitted": omitted, "run": run}
    response = render(request, "simulations/refused.html", context, status=status)
    for name, value in (headers or {}).items():
        response[name] = value
    return response


def start_or_refuse(request: HttpRequest, starter: Callable[..., SimulationRun] = services.start_run,
                    **request_args: Any) -> SimulationRun | HttpResponse:
    """Start a run with `starter` (a goldfish run by default; matchups pass theirs), or the page
    saying why it did not start."""
    try:
        check_throttles(request, RUN_START_THROTTLES)
        return starter(user=request.user, requester=services.Requester.of(request), **request_args)
    except Throttled as throttled:
        return _refused(request, str(throttled.detail), status=429, headers=retry_after(throttled))
    except services.QuotaExceeded as over:
        return _refused(request, str(over), status=429, headers={"Retry-After": str(over.retry_after)})
    except services.RunRefused as refused:
        if refused.result is None:
            return _refused(request, str(refused), status=400)
        result = refused.result.as_dict()
        return _refused(request, str(refused), status=400, problems=result["problems"],
                        omitted=result["omitted"]["problems"])
    except DeckNotFound as error:
        raise Http404(str(error)) from error
    except services.RunNotQueued as down:
        return _refused(request, str(down), status=503, run=down.run)


def simulation_start(request: HttpRequest) -> HttpResponse:
    """The "Test this deck" form's POST: start the run and go to its page."""
    if request.method != "POST":
        return HttpResponseNotAllowed(["POST"])
    form = RunForm(request.POST)
    if not form.is_valid():
        errors = [str(error) for messages in form.errors.values() for error in messages]
        return _refused(request, " ".join(errors), status=400)
    data = form.cleaned_data
    deck = None
    if data["deck"]:
        deck = Deck.objects.select_related("game", "owner").filter(share_id=data["deck"]).first()
        if deck is None:
            raise Http404("No deck you can read has this id.")
    game = Game.objects.filter(slug=data["game"]).first() if data["game"] else None
    started = start_or_refuse(request, games=data["games"], seed=data["seed"], game=game, text=form.list_text(),
                              deck=deck, format=data["format"] or None, opponent=data["opponent"] or None)
    return redirect(started) if isinstance(started, SimulationRun) else started


def _run_context(request: HttpRequest, run: SimulationRun) -> dict[str, Any]:
    deck = run.deck
    context: dict[str, Any] = {
        "run": run,
        "game": run.game,
        "deck": deck,
        "report": run_report(run) if run.results is not None else None,
        "demo_sets": deck_selectors.demo_sets_in_lists(run.game, run.list_text),
        "compare_form": CompareForm(),
        "my_decks": [],
        "can_cancel": not run.is_finished and services.Requester.of(request).may_cancel(run, request.user),
    }
    if request.user.is_authenticated:
        context["my_decks"] = deck_selectors.decks_owned_by(request.user).filter(game=run.game)[:50]
    return context


def _fresh(run: SimulationRun) -> SimulationRun:
    """The run after giving any stalled chunk back to the workers."""
    if not run.is_finished:
        recovery.recover_run(run)
        run.refresh_from_db()
    return run


def simulation_detail(request: HttpRequest, run_id: str) -> HttpResponse:
    run = _fresh(_run_or_404(request, run_id))
    if run.two_decks:
        from .matchup_views import two_deck_context

        return render(request, "simulations/matchup.html", two_deck_context(request, run))
    return render(request, "simulations/run.html", _run_context(request, run))


def simulation_cancel(request: HttpRequest, run_id: str) -> HttpResponse:
    """The run page's "Cancel" button: stop the run, then back to its page."""
    if request.method != "POST":
        return HttpResponseNotAllowed(["POST"])
    run = _run_or_404(request, run_id)
    try:
        services.cancel(run, requester=services.Requester.of(request), user=request.user)
    except services.CancelRefused as refused:
        if refused.not_yours:
            return _refused(request, str(refused), status=403)
        messages.info(request, str(refused))
    else:
        messages.success(request, f"Cancelled after {run.games_done:,} of {run.games:,} games.")
    return redirect(run)


def simulation_section(request: HttpRequest, run_id: str) -> HttpResponse:
    """The run's status and results section alone: the page's script swaps it in when the run ends."""
    run = _fresh(_run_or_404(request, run_id))
    if run.two_decks:
        from .matchup_views import two_deck_context

        return render(request, "simulations/_two_deck_section.html", two_deck_context(request, run))
    return render(request, "simulations/_run_section.html", _run_context(request, run))


def simulation_compare_start(request: HttpRequest, run_id: str) -> HttpResponse:
    """Play another deck on the same games as this run (same game count and seed), then compare."""
    if request.method != "POST":
        return HttpResponseNotAllowed(["POST"])
    run = _run_or_404(request, run_id)
    if run.two_decks:
        raise Http404("Only goldfish runs are compared side by side.")
    form = CompareForm(request.POST)
    if not form.is_valid():
        return _refused(request, " ".join(str(error) for error in form.errors["deck"]), status=400)
    other = deck_selectors.decks_readable_by(request.user).filter(share_id=form.cleaned_data["deck"]).first()
    if other is None:
        return _refused(request, "No deck you can read has that link or id.", status=404)
    if other.game_id != run.game_id:
        return _refused(request, f"{other.name} is a {other.game.name} deck; this run played {run.game.name}.",
                        status=400)
    # The same games: the same count, seed, opponent and player, so the decks are all that differ.
    started = start_or_refuse(request, games=run.games, seed=run.seed, deck=other, opponent=run.opponent,
                              player=run.player, budget=run.budget)
    if not isinstance(started, SimulationRun):
        return started
    return redirect("simulation-compare", run.public_id, started.public_id)


def _compare_context(request: HttpRequest, run_a_id: str, run_b_id: str) -> dict[str, Any]:
    run_a = _fresh(_run_or_404(request, run_a_id))
    run_b = _fresh(_run_or_404(request, run_b_id))
    if run_a.two_decks or run_b.two_decks:
        raise Http404("Only goldfish runs are compared side by side.")
    if run_a.game_id != run_b.game_id:
        raise Http404("These runs played different games.")
    if (run_a.opponent, run_a.player) != (run_b.opponent, run_b.player):
        # A deck against the sparring party and one against the passive party did not play the same games.
        raise Http404("These runs played against different opponents or with different players.")
    names = (f"A: {run_a.name}", f"B: {run_b.name}")
    done = run_a.results is not None and run_b.results is not None
    return {
        "game": run_a.game,
        "runs": [(names[0], run_a), (names[1], run_b)],
        "run_a": run_a,
        "run_b": run_b,
        "finished": run_a.is_finished and run_b.is_finished,
        "comparison": comparison(run_a, run_b, *names) if done else None,
        "demo_sets": deck_selectors.demo_sets_in_lists(run_a.game, run_a.list_text, run_b.list_text),
    }


def simulation_compare(request: HttpRequest, run_a: str, run_b: str) -> HttpResponse:
    return render(request, "simulations/compare.html", _compare_context(request, run_a, run_b))


def simulation_compare_section(request: HttpRequest, run_a: str, run_b: str) -> HttpResponse:
    return render(request, "simulations/_compare_section.html", _compare_context(request, run_a, run_b))
