"""Each game's GameKit (engine/games/<slug>/players.py), imported on first use, and the players a run
can ask for by name."""
from __future__ import annotations

from collections.abc import Callable
from functools import cache
from importlib import import_module

from engine.core import State
from engine.games import GAME_PACKAGES, UnknownGame
from engine.players.base import GameKit, Player
from engine.players.search import DEFAULT_BUDGET, SearchPlayer
from engine.players.uniform import RandomPlayer

PLAYER_KINDS = ("heuristic", "search", "random")
DEFAULT_PLAYER = "heuristic"


class UnknownChoice(ValueError):
    """A player or opponent a game does not offer; the message lists the ones it does."""


@cache
def game_kit(slug: str) -> GameKit:
    if slug not in GAME_PACKAGES:
        raise UnknownGame(slug)
    kit: GameKit = import_module(f"{GAME_PACKAGES[slug]}.players").KIT
    return kit


def goldfish_opponents(slug: str) -> tuple[str, ...]:
    """The goldfish opponents a game offers, its default first."""
    return game_kit(slug).opponents


def goldfish_opponent_name(slug: str, opponent: str | None) -> str:
    """The goldfish opponent a run plays against: `opponent`, or the game's default."""
    kit = game_kit(slug)
    if opponent is None:
        return kit.opponents[0]
    if opponent not in kit.opponents:
        raise UnknownChoice(f"{slug} goldfish runs play against {' or '.join(kit.opponents)}; not {opponent!r}")
    return opponent


def make_player(kind: str, kit: GameKit, seat_players: Callable[[], list[Player]],
                value: Callable[[State, int], float], budget: int = DEFAULT_BUDGET) -> Player:
    """A player of the named kind. `seat_players` makes the rollout players of a search (one per
    seat), `value` scores a finished game for a seat."""
    if kind == "heuristic":
        return kit.heuristic()
    if kind == "random":
        return RandomPlayer()
    if kind == "search":
        return SearchPlayer(seat_players(), value, budget)
    raise UnknownChoice(f"players are {', '.join(PLAYER_KINDS)}; not {kind!r}")
