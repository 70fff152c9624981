"""The one interface behind which every simulated player sits, and what a game provides to be played.

A Player chooses for one seat: a run makes one Player per seat, calls `restart` before each game
with the seat and the player's own random stream (engine.core.player_stream), then `choose` each
time the state says that seat is to act. `choose` only reads the state: the caller applies the
action (with `State.apply_trusted`, since a Player only ever returns one of the legal actions). A
player that can play a stretch of its seat's moves faster by itself (Anguish's heuristic player
against the goldfish, which never acts) offers `play_on`, and play_out hands it the state instead:
the moves must be those its choices one at a time would make.

A game takes part by defining, in engine/games/<slug>/players.py, `KIT = GameKit(...)`: its goldfish
opponents, how to make its goldfish and two-deck games, its heuristic player, and how to read a
finished game into a GameRecord for a seat.
"""
from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.core import PLAYER, Game, State, player_stream
from engine.deck import ResolvedDeck
from engine.goldfish_record import GameRecord

if TYPE_CHECKING:  # (engine.goldfish plays games with the players: it imports this module)
    from engine.goldfish import CardTally, RunStats


class Player(ABC):
    """Chooses the moves of one seat. Deterministic given the states it sees and its stream."""

    kind: str = "player"  # heuristic, random, search, passive, ...
    # Whether choose() draws from the stream restart() gives. A player that never does is given one
    # idle stream for every game (see stream_for): seeding a stream of its own for each game would
    # cost more than many of a short game's moves.
    uses_stream: bool = True
    # A player that can play its seat's moves on by itself, each the move choose() would make, until
    # another seat is to act or the game ends (against a goldfish that never acts: the whole game),
    # and faster than play_out asking choose() one move at a time, sets this (in restart) to a function
    # of the state doing so: play_out hands it the state instead. None: one choose() a move.
    play_on: Callable[[State], None] | None = None

    def __init__(self) -> None:
        self.seat = PLAYER
        self.rng = random.Random(0)

    def restart(self, state: State, seat: int, rng: random.Random) -> None:
        """A new game begins in `state` with this player at `seat`; `rng` is its own stream."""
        self.seat = seat
        self.rng = rng

    @abstractmethod
    def choose(self, state: State) -> Hashable:
        """One of state.legal_actions(), for this player's seat (state.current_player() == self.seat)."""

    def candidates(self, state: State) -> list[Hashable] | None:
        """The actions worth considering, best first (the first is choose()'s), for a search to weigh; None
        when the player cannot tell (then every legal action is a candidate). Moves that do the same (a
        second copy of a card, the same Action at another Initiative that changes nothing) count once."""
        return None


# The stream given to every player that draws nothing from its stream (Player.uses_stream).
IDLE_STREAM = random.Random(0)


def stream_for(player: Player, seed: int, index: int, seat: int) -> random.Random:
    """The stream `player` is restarted with at `seat` in game `index` of a run seeded `seed`: its own
    (engine.core.player_stream), or IDLE_STREAM for a player that never draws from it."""
    return player_stream(seed, index, seat) if player.uses_stream else IDLE_STREAM


def restart_seats(state: State, players: Sequence[Player], seed: int, index: int) -> None:
    """Restart each seat's player for game `index` of a run seeded `seed`, as every run plays it."""
    for seat, player in enumerate(players):
        # stream_for, inlined: this comes before every game of every run
        player.restart(state, seat, player_stream(seed, index, seat) if player.uses_stream else IDLE_STREAM)


PlayerFactory = Callable[[], Player]


@dataclass(frozen=True)
class GameKit:
    """What the players and runs need of one game, given by engine/games/<slug>/players.py as KIT."""

    # The goldfish opponents the game offers, by name; the first is the default.
    opponents: tuple[str, ...]
    # The game of `deck` against the named goldfish opponent (cached per deck by the game: a run
    # plays thousands of games of one deck).
    goldfish_game: Callable[[ResolvedDeck, str], Game]
    # The built-in player of the game, and the player that sits in the goldfish opponent's seat.
    heuristic: PlayerFactory
    goldfish_opponent: Callable[[str], Player]
    # A finished game as one seat saw it (its draws, plays, damage dealt, ending turn, ...).
    record: Callable[[State, int], GameRecord]
    # The game of the deck in the first seat (seat 0, the first player: where the rules choose the
    # first player at random, seat 0 wins that draw) against the deck in seat 1, for matchups; None
    # while the game does not support them.
    matchup_game: Callable[[ResolvedDeck, ResolvedDeck], Game] | None = None
    # Adds a finished game as one seat saw it to a run's totals: what stats.add(record(state, seat))
    # adds, without making the record: its cards, and its damage and overkill by turn, go into the run's
    # CardTally where they can, and reach the RunStats when the tally is added (RunStats.add_cards); None
    # for a game whose runs add its records.
    add_to_run: Callable[[RunStats, CardTally, State, int], None] | None = None
