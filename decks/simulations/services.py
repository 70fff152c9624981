"""Starting and cancelling goldfish runs.

A run plays a deck (its current version, or, for its owner, an edited list of it) or a pasted list.
Only a legal deck is played: anything else is refused with its problems (RunRefused). Reading a deck
follows the deck rules (decks/services.py): a deck someone may not read is DeckNotFound. A run that
would take its requester over a quota is refused with QuotaExceeded (decks/simulations/quotas.py).

The run and its chunks are committed before any message is sent, so a worker always finds them; the
chunks then wait their turn (decks/simulations/scheduling.py). If the broker is down, the run is kept,
marked failed with the reason, and QueueUnavailable is raised for the caller to answer 503: nothing
the user gave is lost.
"""
from __future__ import annotations

import math
import secrets
from importlib.util import find_spec

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db import transaction

from cardsdb.models import Game
from engine.decklist import DecklistTooLong, strip_invisible
from engine.games import GAME_PACKAGES
from engine.play.kits import DEFAULT_PLAYER, PLAYER_KINDS, UnknownChoice, goldfish_opponent_name, goldfish_opponents
from engine.players.search import DEFAULT_BUDGET
from engine.problems import ValidationResult

from ..lists import CheckedList, check_list
from ..models import Deck
from ..selectors import game_cards
from ..services import DeckNotFound
from .endings import cancel_run, fail_run
from .models import SimulationChunk, SimulationRun
from .queue import QueueUnavailable
from .quotas import QuotaExceeded, Requester, admit, too_many_games
from .scheduling import dispatch, dispatch_quietly

__all__ = ["QuotaExceeded", "Requester", "RunRefused", "RunNotQueued", "start_run", "cancel"]

User = AbstractBaseUser | AnonymousUser

DEFAULT_GAMES = 1000
MAX_GAMES = 100_000
MAX_SEED = 2**63 - 1
# About this many chunks a run, each of MIN..MAX games: enough chunks to spread a run over several
# workers and move its progress bar, few enough that messages and writes cost little next to play.
TARGET_CHUNKS = 25
MIN_CHUNK_GAMES = 100
MAX_CHUNK_GAMES = 2000
PASTED_LIST = "Pasted list"
# The search player plays each decision out dozens of times: its runs are small and its budget bounded.
MAX_SEARCH_GAMES = 200
MAX_SEARCH_BUDGET = 64


class RunRefused(Exception):
    """The run cannot start; `result` holds the deck's problems if that is why."""

    def __init__(self, message: str, result: ValidationResult | None = None) -> None:
        super().__init__(message)
        self.result = result


class RunNotQueued(QueueUnavailable):
    """The broker is down: `run` was kept, marked failed with the reason."""

    def __init__(self, run: SimulationRun) -> None:
        super().__init__(run.error)
        self.run = run


class CancelRefused(Exception):
    """The run can't be cancelled by this requester (`not_yours`) or has already ended."""

    def __init__(self, message: str, *, not_yours: bool) -> None:
        super().__init__(message)
        self.not_yours = not_yours


def chunk_games(games: int, at_least: int = MIN_CHUNK_GAMES) -> int:
    """Games a chunk of a run of `games` games plays: about TARGET_CHUNKS chunks, each of `at_least`
    to MAX_CHUNK_GAMES games."""
    return min(MAX_CHUNK_GAMES, max(at_least, math.ceil(games / TARGET_CHUNKS)))


def plan_chunks(games: int) -> list[tuple[int, int]]:
    """(start, count) of each chunk of a run of `games` games, in order."""
    size = chunk_games(games)
    return [(start, min(size, games - start)) for start in range(0, games, size)]


def goldfish_available(game: str) -> bool:
    """Whether the game's engine can play goldfish games yet (engine/games/<slug>/players.py)."""
    return game in GAME_PACKAGES and find_spec(f"{GAME_PACKAGES[game]}.players") is not None


def _player_refusal(player: str, games: int, budget: int | None) -> str | None:
    """Why a run by this player can't start, if it can't: a search player costs hundreds of games'
    worth of play a game, so its runs are kept small."""
    if player not in PLAYER_KINDS:
        return f"The deck is played by one of: {', '.join(PLAYER_KINDS)}; not {player!r}."
    if player != "search":
        if budget is not None:
            return "Only the search player takes a budget."
        return None
    if games > MAX_SEARCH_GAMES:
        return f"A run with the search player plays at most {MAX_SEARCH_GAMES:,} games."
    if budget is not None and not 1 <= budget <= MAX_SEARCH_BUDGET:
        return f"The search player's budget is 1 to {MAX_SEARCH_BUDGET} play-outs a decision."
    return None


def start_run(
    *, user: User, requester: Requester, games: int = DEFAULT_GAMES, seed: int | None = None,
    game: Game | None = None, text: str | None = None, deck: Deck | None = None, format: str | None = None,
    opponent: str | None = None, player: str = DEFAULT_PLAYER, budget: int | None = None,
) -> SimulationRun:
    """Start a run of `deck` (its current version; with `text`, the owner's edited list of it) or of
    the pasted list `text` of `game`, for `requester` (Requester.of(request) for a web request). A run
    without a seed gets a random one, kept with the run; without an opponent, the game's default
    goldfish opponent."""
    if not 1 <= games <= MAX_GAMES:
        raise RunRefused(f"A run plays 1 to {MAX_GAMES:,} games.")
    refusal = _player_refusal(player, games, budget)
    if refusal is not None:
        raise RunRefused(refusal)
    if requester.quota is not None and (never := too_many_games(requester.quota, games)):
        raise RunRefused(never)
    if seed is not None and not 0 <= seed <= MAX_SEED:
        raise RunRefused(f"The seed is a whole number from 0 to {MAX_SEED:,}.")
    game, text, format, version, checked = deck_to_play(user, game=game, text=text, deck=deck, format=format)
    if not goldfish_available(game.slug):
        raise RunRefused(f"Goldfish runs of {game.name} are not available yet.")
    try:
        opponent = goldfish_opponent_name(game.slug, opponent or None)
    except UnknownChoice:
        offered = " or ".join(f'"{name}"' for name in goldfish_opponents(game.slug))
        raise RunRefused(f"{game.name} decks are tested against {offered}; not {opponent!r}.") from None

    with transaction.atomic():
        run = SimulationRun.objects.create(
            game=game, deck=deck, deck_version=version,
            name=(deck.name if deck is not None else checked.deck.headers.get("Name") or PASTED_LIST)[:120],
            # As read: without the invisible characters the list was read without (a NUL among them
            # is a character PostgreSQL cannot store).
            list_text=strip_invisible(text), format=checked.deck.format, games=games,
            seed=secrets.randbelow(2**31) if seed is None else seed, chunk_games=chunk_games(games),
            opponent=opponent, player=player,
            budget=(budget or DEFAULT_BUDGET) if player == "search" else None,
            requested_by_id=user.pk if user.is_authenticated else None, requester=requester.key,
        )
        admit(requester, run)  # raises QuotaExceeded, and nothing is kept
        SimulationChunk.objects.bulk_create(
            SimulationChunk(run=run, index=index, start=start, count=count)
            for index, (start, count) in enumerate(plan_chunks(games))
        )
    return queued(run)


def queued(run: SimulationRun) -> SimulationRun:
    """Send the new run's chunks to the workers; with the broker down, keep the run marked failed with
    the reason and raise RunNotQueued. Every kind of run starts through here."""
    try:
        dispatch()
    except QueueUnavailable as error:
        fail_run(run.pk, str(error))
        run.refresh_from_db()
        raise RunNotQueued(run) from error
    return run


def deck_to_play(user: User, *, game: Game | None, text: str | None, deck: Deck | None, format: str | None,
                 side: str = "") -> tuple[Game, str, str | None, int | None, CheckedList]:
    """The game, list, format and deck version to play for `deck` (its current version; with `text`, its
    owner's edited list of it) or the pasted list `text` of `game`, checked legal. `side` names the deck
    in the messages (a matchup's "Deck B")."""
    version: int | None = None
    if deck is not None:
        # Who may use the deck is settled first: a deck someone may not read must not tell them
        # anything, its game included.
        if text is None and not deck.readable_by(user):
            raise DeckNotFound(f"No deck you can read has this id{side and f' ({side})'}.")
        if text is not None and deck.owner_id != user.pk:
            raise DeckNotFound("No deck of yours has this id.")
        if game is not None and game.pk != deck.game_id:
            raise RunRefused(f"{side or 'This deck'} is a {deck.game.name} deck, not a {game.name} deck.")
        game = deck.game
        if text is None:
            text, format, version = deck.current.text, deck.format, deck.version
    if game is None or text is None:
        raise RunRefused("Give a deck, or a game and a list.")
    try:
        checked = check_list(game_cards(game.slug), text, format or None)
    except DecklistTooLong as error:
        raise RunRefused(str(error)) from error
    if not checked.result.legal:
        whose = f"{side} ({deck.name if deck is not None else 'the list'})" if side else "This deck"
        raise RunRefused(f"{whose} is not legal, so it was not played. Fix its problems and try again.",
                         checked.result)
    return game, text, format, version, checked


def cancel(run: SimulationRun, *, requester: Requester, user: User) -> SimulationRun:
    """Cancel a run that is still queued or running, for the requester who started it (or staff):
    its chunks not yet played are dropped, and a worker playing one stops within a second."""
    if not requester.may_cancel(run, user):
        raise CancelRefused("Only whoever started this run can cancel it.", not_yours=True)
    if not cancel_run(run.pk):
        run.refresh_from_db(fields=["status"])
        raise CancelRefused(f"This run has already ended ({run.get_status_display().lower()}).", not_yours=False)
    dispatch_quietly()  # its chunks left the queue: others' go in
    run.refresh_from_db()
    return run
