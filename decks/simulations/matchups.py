"""Starting two-deck runs: a matchup (deck A against deck B), a gauntlet (deck A against each of a set
of opponents, as one run with one progress bar) and a field round-robin (each of a game's field decks
against each other).

They are runs like goldfish runs (decks/simulations/services.py) and obey the same rules: every deck
played must be legal (else RunRefused with its problems, naming the deck), every deck must be one the
user may read (else DeckNotFound: 404), and the same quotas hold, with a game counted twice (both
seats are played: WORK_PER_GAME). The search player, which plays each decision out dozens of times,
does so for both decks here: its two-deck runs are smaller and its budget lower than in goldfish runs.

Each pairing plays games 0 .. pairing_games-1 with the run's seed (engine/matchup.py), in chunks of
at most chunk_games(all the run's games) games, more for the games whose engines play fast
(FAST_GAME_CHUNK_GAMES): a chunk belongs to one pairing.
"""
from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass

from django.db import transaction

from cardsdb.models import Game
from engine.decklist import strip_invisible
from engine.play.kits import DEFAULT_PLAYER, PLAYER_KINDS, game_kit
from engine.players.search import DEFAULT_BUDGET

from ..models import Deck
from ..services import DeckNotFound
from .models import RunKind, RunPairing, SimulationChunk, SimulationRun
from .quotas import Requester, admit, too_many_games
from .services import (
    DEFAULT_GAMES,
    MAX_GAMES,
    MAX_SEED,
    MIN_CHUNK_GAMES,
    PASTED_LIST,
    RunRefused,
    User,
    chunk_games,
    deck_to_play,
    goldfish_available,
    queued,
)

WORK_PER_GAME = 2  # a game of two decks: a player plays each seat
DEFAULT_GAUNTLET_GAMES = 500  # games against each opponent
MAX_OPPONENTS = 20
FIELD_SIZE = 12  # decks of a field round-robin (66 pairings)
DEFAULT_FIELD_GAMES = 200  # games of each pairing of a field round-robin
MAX_SEARCH_MATCHUP_GAMES = 50  # all the games of a two-deck run with the search player
MAX_SEARCH_MATCHUP_BUDGET = 32
# A two-deck game of these games' engines takes about a millisecond of a core with the built-in
# players. In chunks of the usual least size (MIN_CHUNK_GAMES) a chunk's claim, dispatch, writes and
# message would cost a worker about a sixth of a 2,000-game matchup's time (bench/matchup_bench.py), so
# their chunks hold at least this many games: a 2,000-game matchup is four chunks, even on two
# workers. A QQDND game takes some 30 ms and a search player's a second or more: theirs keep the
# usual size.
FAST_GAME_CHUNK_GAMES = {"condemned": 500, "anguish": 500}


@dataclass(frozen=True)
class Entrant:
    """A deck as played in a pairing: its list snapshot and, if it is a saved deck, the deck."""

    name: str
    text: str
    format: str
    deck: Deck | None = None
    version: int | None = None


def matchups_available(game: str) -> bool:
    """Whether the game's engine plays two-deck games yet."""
    return goldfish_available(game) and game_kit(game).matchup_game is not None


def _player_refusal(player: str, games: int, budget: int | None) -> str | None:
    if player not in PLAYER_KINDS:
        return f"The decks are played by one of: {', '.join(PLAYER_KINDS)}; not {player!r}."
    if player != "search":
        return "Only the search player takes a budget." if budget is not None else None
    if games > MAX_SEARCH_MATCHUP_GAMES:
        return (f"With the search player (it plays both decks), a matchup or gauntlet plays at most "
                f"{MAX_SEARCH_MATCHUP_GAMES:,} games in all.")
    if budget is not None and not 1 <= budget <= MAX_SEARCH_MATCHUP_BUDGET:
        return f"In a matchup the search player's budget is 1 to {MAX_SEARCH_MATCHUP_BUDGET} play-outs a decision."
    return None


def _entrant(user: User, game: Game | None, *, deck: Deck | None = None, text: str | None = None,
             format: str | None = None, side: str) -> tuple[Game, Entrant]:
    game, text, format, version, checked = deck_to_play(user, game=game, text=text, deck=deck, format=format,
                                                        side=side)
    name = deck.name if deck is not None else checked.deck.headers.get("Name") or PASTED_LIST
    # As read: without the invisible characters the list was read without.
    return game, Entrant(name[:120], strip_invisible(text), checked.deck.format, deck, version)


def _opponent_entrants(user: User, game: Game, opponents: Sequence[Deck]) -> list[Entrant]:
    if not opponents:
        raise RunRefused("Pick at least one opponent.")
    if len(opponents) > MAX_OPPONENTS:
        raise RunRefused(f"A gauntlet plays at most {MAX_OPPONENTS} opponents; {len(opponents)} were given.")
    entrants = []
    for number, opponent in enumerate(opponents, start=1):
        side = "The opponent" if len(opponents) == 1 else f"Opponent {number}"
        entrants.append(_entrant(user, game, deck=opponent, side=side)[1])
    return entrants


def start_matchup(
    *, user: User, requester: Requester, opponent: Deck, games: int = DEFAULT_GAMES, seed: int | None = None,
    game: Game | None = None, text: str | None = None, deck: Deck | None = None, format: str | None = None,
    player: str = DEFAULT_PLAYER, budget: int | None = None,
) -> SimulationRun:
    """Deck A (`deck`, or the list `text` of `game`, as for goldfish runs) against the deck `opponent`."""
    _check_numbers(requester, games, seed, player, budget)
    game, a = _entrant(user, game, deck=deck, text=text, format=format, side="Deck A")
    b = _opponent_entrants(user, game, [opponent])[0]
    return _start(RunKind.MATCHUP, user, requester, game, a, [(a, b)], games, seed, player, budget)


def start_gauntlet(
    *, user: User, requester: Requester, opponents: Sequence[Deck], games: int = DEFAULT_GAUNTLET_GAMES,
    seed: int | None = None, game: Game | None = None, text: str | None = None, deck: Deck | None = None,
    format: str | None = None, player: str = DEFAULT_PLAYER, budget: int | None = None,
) -> SimulationRun:
    """Deck A against each of `opponents`, `games` games each, as one run."""
    if not 1 <= games <= MAX_GAMES:
        raise RunRefused(f"A gauntlet plays 1 to {MAX_GAMES:,} games against each opponent.")
    _check_numbers(requester, games * max(1, len(opponents)), seed, player, budget)
    game, a = _entrant(user, game, deck=deck, text=text, format=format, side="Deck A")
    entrants = _opponent_entrants(user, game, opponents)
    return _start(RunKind.GAUNTLET, user, requester, game, a, [(a, b) for b in entrants], games, seed, player,
                  budget)


def start_field_run(*, game: Game, decks: Sequence[Deck], requester: Requester, user: User,
                    games: int = DEFAULT_FIELD_GAMES, seed: int | None = None) -> SimulationRun:
    """The round-robin of `decks` (a game's field): each against each, `games` games a pairing. The
    decks are public ones, so anyone reads the run."""
    if len(decks) < 2:
        raise RunRefused(f"The {game.name} field has {len(decks)} deck(s) yet: a round-robin needs two.")
    _check_numbers(requester, games * len(decks) * (len(decks) - 1) // 2, seed, DEFAULT_PLAYER, None)
    entrants = [_entrant(user, game, deck=deck, side=f"Field deck {number}")[1]
                for number, deck in enumerate(decks[:FIELD_SIZE], start=1)]
    pairs = [(a, b) for i, a in enumerate(entrants) for b in entrants[i + 1:]]
    field = Entrant(f"The {game.name} field", "", "")
    return _start(RunKind.FIELD, user, requester, game, field, pairs, games, seed, DEFAULT_PLAYER, None)


def _check_numbers(requester: Requester, games: int, seed: int | None, player: str, budget: int | None) -> None:
    if not 1 <= games <= MAX_GAMES:
        raise RunRefused(f"A matchup or gauntlet plays 1 to {MAX_GAMES:,} games in all.")
    refusal = _player_refusal(player, games, budget)
    if refusal is not None:
        raise RunRefused(refusal)
    if requester.quota is not None and (never := too_many_games(requester.quota, games, WORK_PER_GAME)):
        raise RunRefused(never)
    if seed is not None and not 0 <= seed <= MAX_SEED:
        raise RunRefused(f"The seed is a whole number from 0 to {MAX_SEED:,}.")


def _least_chunk_games(game: str, player: str) -> int:
    if player == "search":
        return MIN_CHUNK_GAMES
    return FAST_GAME_CHUNK_GAMES.get(game, MIN_CHUNK_GAMES)


def _start(kind: RunKind, user: User, requester: Requester, game: Game, a: Entrant,
           pairs: Sequence[tuple[Entrant, Entrant]], pairing_games: int, seed: int | None, player: str,
           budget: int | None) -> SimulationRun:
    if not matchups_available(game.slug):
        raise RunRefused(f"Matchups of {game.name} are not available yet.")
    total = pairing_games * len(pairs)
    size = chunk_games(total, _least_chunk_games(game.slug, player))
    with transaction.atomic():
        run = SimulationRun.objects.create(
            kind=kind, game=game, deck=a.deck, deck_version=a.version, name=a.name, list_text=a.text,
            format=a.format, games=total, pairing_games=pairing_games, work_per_game=WORK_PER_GAME,
            seed=secrets.randbelow(2**31) if seed is None else seed, chunk_games=size, opponent="", player=player,
            budget=(budget or DEFAULT_BUDGET) if player == "search" else None,
            requested_by_id=user.pk if user.is_authenticated else None, requester=requester.key,
        )
        admit(requester, run)  # raises QuotaExceeded, and nothing is kept
        pairings = RunPairing.objects.bulk_create(
            RunPairing(run=run, index=index, a_deck=first.deck, a_name=first.name, a_list_text=first.text,
                       a_format=first.format, b_deck=second.deck, b_deck_version=second.version, b_name=second.name,
                       b_list_text=second.text, b_format=second.format)
            for index, (first, second) in enumerate(pairs)
        )
        chunks = [(pairing, start, min(size, pairing_games - start))
                  for pairing in pairings for start in range(0, pairing_games, size)]
        SimulationChunk.objects.bulk_create(
            SimulationChunk(run=run, pairing=pairing, index=index, start=start, count=count)
            for index, (pairing, start, count) in enumerate(chunks)
        )
    return queued(run)


__all__ = ["DeckNotFound", "start_matchup", "start_gauntlet", "start_field_run", "matchups_available"]
