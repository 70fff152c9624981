"""The shared core of the game engines (in the manner of OpenSpiel).

A `Game` holds the rules of one game and a deck; it makes `State`s. A State knows whose move it
is, the legal actions of that player, how to apply one, and whether the game is over. Chance is
explicit: every random event (shuffles, coin flips, random targets, tied Initiative) draws from
the State's own `random.Random`, which is seeded, so the same seed replays the same game.

Each game lives in engine/games/<slug>/ (state.py, effects.py, goldfish.py) and registers its
Game class in its package's `engine` module attribute (see `load_game`).
"""
from __future__ import annotations

import hashlib
import random
from abc import ABC, abstractmethod
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from importlib import import_module
from typing import Any, Final

from engine.deck import ResolvedDeck
from engine.games import GAME_PACKAGES, UnknownGame

PLAYER: Final = 0  # the deck's player
OPPONENT: Final = 1  # the goldfish (or a second player)
TERMINAL: Final = -1  # current_player() once the game is over


def player_stream(seed: int, index: int, seat: int) -> random.Random:
    """The random stream of the Player at `seat` in game `index` of a run (a random or search
    player's own choices), kept apart from the game's stream so that a player that draws from it
    does not change the cards the game deals."""
    digest = hashlib.sha256(f"player:{seed}:{index}:{seat}".encode()).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))


def game_stream(seed: int, index: int) -> random.Random:
    """The random stream of game `index` of a run seeded with `seed`.

    Derived by hashing, so game i's stream doesn't depend on how many games ran before it:
    a run gives the same results in one process or split across workers in any chunking.
    """
    digest = hashlib.sha256(f"goldfish:{seed}:{index}".encode()).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))


@dataclass(frozen=True, slots=True)
class CardInstance:
    """One physical card in a game: `uid` is unique within the game, `name` says which card it is."""

    uid: int
    name: str


class State(ABC):
    """A game in progress. Mutable: apply_action changes it in place (no copies in the hot loop)."""

    rng: random.Random

    @abstractmethod
    def current_player(self) -> int:
        """PLAYER, OPPONENT, or TERMINAL when the game is over."""

    @abstractmethod
    def legal_actions(self) -> Sequence[Hashable]:
        """The actions the player to act may take now; never empty unless the game is over."""

    @abstractmethod
    def apply_action(self, action: Hashable) -> None:
        """Apply one of legal_actions(); raise IllegalAction for anything else."""

    def apply_trusted(self, action: Any) -> None:
        """Apply an action a Player chose from this state's legal actions, without checking it again
        (the engines override this with their fast path; the default checks)."""
        self.apply_action(action)

    @abstractmethod
    def is_terminal(self) -> bool: ...

    def winner(self) -> int | None:
        """The seat that won (PLAYER or OPPONENT), or None: no winner (yet, or a draw)."""
        raise NotImplementedError(f"{type(self).__name__} does not say who won")

    def returns(self) -> tuple[float, float]:
        """Each seat's result of a finished game: +1 a win, -1 a loss, 0 a draw (OpenSpiel's returns)."""
        winner = self.winner()
        if winner is None:
            return (0.0, 0.0)
        return (1.0, -1.0) if winner == PLAYER else (-1.0, 1.0)

    def clone(self, rng: random.Random | None = None) -> State:
        """An exact, independent copy: the same position, the same tallies, and (without `rng`) the
        same random stream, so the copy plays on exactly as the original would; nothing the copy does
        changes the original. With `rng`, the copy's chance events draw from that stream instead.
        Search players play out copies; they must be cheap (no deepcopy of the shared card data)."""
        raise NotImplementedError(f"{type(self).__name__} cannot be cloned")

    def resample_hidden(self, seat: int, rng: random.Random) -> None:
        """Determinize the state for `seat`: reshuffle what that seat cannot know (the order of every
        deck, the opponent's hand, face-down cards) from `rng`, keeping what it can see and counts of
        cards in each zone. A search player calls this on a clone, so it never plays on information
        it could not have."""
        raise NotImplementedError(f"{type(self).__name__} cannot resample hidden information")

    @abstractmethod
    def turn(self) -> int:
        """The game's clock as its rules count it: QQDND round, Condemned turn, Anguish Hour."""

    @abstractmethod
    def zones(self) -> Mapping[str, Sequence[CardInstance]]:
        """Every card of the game by zone ("p0.deck", "p0.hand", ...): each card in exactly one."""

    def check_invariants(self) -> list[str]:
        """Problems with the state (the conformance test calls this after every action)."""
        seen: dict[int, str] = {}
        problems: list[str] = []
        for zone, cards in self.zones().items():
            for card in cards:
                if card.uid in seen:
                    problems.append(f"{card.name} (#{card.uid}) is in both {seen[card.uid]} and {zone}")
                seen[card.uid] = zone
        return problems


class IllegalAction(ValueError):
    pass


class Game(ABC):
    """The rules of a game, bound to the deck being played."""

    slug: str

    @abstractmethod
    def new_initial_state(self, rng: random.Random) -> State: ...


def load_game(slug: str, deck: ResolvedDeck, **options: Any) -> Game:
    """The engine of a game: engine.games.<slug>.state must define `make_game(deck, **options)`."""
    if slug not in GAME_PACKAGES:
        raise UnknownGame(slug)
    module = import_module(f"{GAME_PACKAGES[slug]}.state")
    game: Game = module.make_game(deck, **options)
    return game
