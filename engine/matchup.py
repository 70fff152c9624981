"""Matchups: deck A against deck B by the full two-player rules, both decks played by the same kind
of player (docs: goldfish rules, "Matchups").

- Seats alternate: in game i, deck A sits in the first seat when i is even, deck B when i is odd.
  Each game's kit makes the first seat the first player (where its rules choose the first player
  at random, the first seat wins that draw), so the first player's advantage cancels out and a
  mirror match is even.
- Game i plays with game_stream(seed, i), and its players with player_stream(seed, i, seat) (a player
  that draws nothing from its stream shares an idle one: base.stream_for): the results are the same
  however a run is split.
- A game that ends without a winner (the game's turn limit) is a draw. So is a game a loop cap
  stops: the engine's own (QQDND ends a two-party game whose round reaches ACTIONS_PER_ROUND Actions)
  or, for a loop the engine did not end itself, MAX_ACTIONS actions in one game. Those games are
  counted apart as `capped`; `capped_turns` adds up the rounds or turns the engines' own caps ended.

MatchupStats keeps integer counts only, so chunks merge exactly, as RunStats does for goldfish runs.
"""
from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.core import OPPONENT, PLAYER, State, game_stream
from engine.deck import ResolvedDeck
from engine.games import GAME_PACKAGES, UnknownGame
from engine.goldfish import IncompatibleStats, end_turn_distribution, goldfish_rules, in_canonical_order
from engine.goldfish_record import GameRecord
from engine.play.kits import DEFAULT_PLAYER, UnknownChoice, game_kit, make_player
from engine.play.match import play_out
from engine.players.base import Player, restart_seats
from engine.players.search import DEFAULT_BUDGET

MAX_ACTIONS = 20_000  # actions in one game; far above any real game (a QQDND round of a long game: ~100)
Z_95 = 1.959963984540054  # the normal quantile of a two-sided 95% interval
SIDES = ("a", "b")


def matchup_value(state: State, seat: int) -> float:
    """A finished two-deck game for a seat, as a search player scores play-outs: +1 win, -1 loss, 0 draw."""
    return state.returns()[seat]


def wilson_interval(wins: int, games: int, z: float = Z_95) -> tuple[float | None, float | None]:
    """The Wilson score interval of a win rate (None, None for no games): unlike p +- z*se, it stays
    within 0..1 and is sound for small counts and rates near 0 or 1."""
    if games == 0:
        return (None, None)
    p = wins / games
    denominator = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denominator
    spread = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denominator
    # The interval holds p; at 0 or 1 wins in every game, floating point can put a bound a hair past it.
    return (min(p, max(0.0, centre - spread)), max(p, min(1.0, centre + spread)))


@dataclass
class MatchCardCounts:
    """One card of one deck over a matchup: copies drawn and played, games in which a copy was
    played, and of those the decided games and the ones the deck won."""

    drawn: int = 0
    played: int = 0
    games_played: int = 0
    decided_played: int = 0
    wins_played: int = 0

    def merge(self, other: MatchCardCounts) -> None:
        self.drawn += other.drawn
        self.played += other.played
        self.games_played += other.games_played
        self.decided_played += other.decided_played
        self.wins_played += other.wins_played

    def to_list(self) -> list[int]:
        return [self.drawn, self.played, self.games_played, self.decided_played, self.wins_played]


@dataclass
class MatchupStats:
    game: str
    seed: int
    player: str = DEFAULT_PLAYER
    games: int = 0
    wins_a: int = 0
    wins_b: int = 0
    draws: int = 0
    capped: int = 0  # games the loop cap ended (draws)
    capped_turns: int = 0  # rounds or turns the engines' own action caps ended
    first_wins: int = 0  # decided games won by the first player
    end_turns: Counter[int] = field(default_factory=Counter)
    cards: dict[str, dict[str, MatchCardCounts]] = field(default_factory=lambda: {"a": {}, "b": {}})

    def __post_init__(self) -> None:
        goldfish_rules(self.game)

    @property
    def decided(self) -> int:
        return self.wins_a + self.wins_b

    def add(self, winner: str | None, a_first: bool, end_turn: int, records: Mapping[str, GameRecord],
            capped: bool) -> None:
        """One game: `winner` "a", "b" or None (a draw); the two decks' records."""
        self.games += 1
        self.end_turns[end_turn] += 1
        if winner == "a":
            self.wins_a += 1
        elif winner == "b":
            self.wins_b += 1
        else:
            self.draws += 1
        self.capped += capped
        if winner is not None and (winner == "a") == a_first:
            self.first_wins += 1
        # The rounds or turns an engine's own cap ended are the table's, whichever seat's record says so.
        self.capped_turns += max(records[side].capped for side in SIDES)
        for side in SIDES:
            record = records[side]
            table = self.cards[side]
            drawn_copies, played_copies = record.drawn, record.played
            for name in drawn_copies.keys() | played_copies.keys():
                counts = table.get(name)
                if counts is None:
                    counts = table[name] = MatchCardCounts()
                # .get: a Counter's [] calls its __missing__ for every card drawn and never played.
                counts.drawn += drawn_copies.get(name, 0)
                played = played_copies.get(name, 0)
                counts.played += played
                if played:
                    counts.games_played += 1
                    counts.decided_played += winner is not None
                    counts.wins_played += winner == side

    def merge(self, other: MatchupStats) -> None:
        if (other.game, other.seed, other.player) != (self.game, self.seed, self.player):
            raise IncompatibleStats(
                f"cannot merge a {other.game} matchup (seed {other.seed}, {other.player} play) into a {self.game} "
                f"matchup (seed {self.seed}, {self.player} play)"
            )
        self.games += other.games
        self.wins_a += other.wins_a
        self.wins_b += other.wins_b
        self.draws += other.draws
        self.capped += other.capped
        self.capped_turns += other.capped_turns
        self.first_wins += other.first_wins
        self.end_turns.update(other.end_turns)
        for side in SIDES:
            for name, counts in other.cards[side].items():
                self.cards[side].setdefault(name, MatchCardCounts()).merge(counts)

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game, "seed": self.seed, "player": self.player, "games": self.games,
            "wins_a": self.wins_a, "wins_b": self.wins_b, "draws": self.draws, "capped": self.capped,
            "capped_turns": self.capped_turns, "first_wins": self.first_wins,
            "end_turns": {str(turn): count for turn, count in sorted(self.end_turns.items())},
            "cards": {side: {name: counts.to_list() for name, counts in sorted(self.cards[side].items())}
                      for side in SIDES},
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> MatchupStats:
        return cls(
            game=str(data["game"]), seed=int(data["seed"]), player=str(data["player"]), games=int(data["games"]),
            wins_a=int(data["wins_a"]), wins_b=int(data["wins_b"]), draws=int(data["draws"]),
            capped=int(data["capped"]), capped_turns=int(data["capped_turns"]), first_wins=int(data["first_wins"]),
            end_turns=Counter({int(turn): int(count) for turn, count in data["end_turns"].items()}),
            cards={side: {name: MatchCardCounts(*(int(n) for n in counts))
                          for name, counts in data["cards"][side].items()} for side in SIDES},
        )

    def report(self) -> dict[str, Any]:
        """What a matchup reports (the goldfish spec, "Matchups"), as JSON-safe data."""
        rules = goldfish_rules(self.game)
        low, high = wilson_interval(self.wins_a, self.decided)
        return {
            "game": self.game,
            "seed": self.seed,
            "player": self.player,
            "games": self.games,
            "turn_unit": rules.turn_unit,
            "wins_a": self.wins_a,
            "wins_b": self.wins_b,
            "draws": self.draws,
            "capped": self.capped,
            "capped_turns": self.capped_turns,
            "a_win_rate": _share(self.wins_a, self.decided),
            "a_win_rate_low": low,
            "a_win_rate_high": high,
            "first_player_win_rate": _share(self.first_wins, self.decided),
            "end_turn": end_turn_distribution(self.end_turns, self.games),
            "cards": {side: [self._card_report(name, counts) for name, counts in sorted(self.cards[side].items())]
                      for side in SIDES},
        }

    def _card_report(self, name: str, counts: MatchCardCounts) -> dict[str, Any]:
        return {
            "name": name,
            "drawn_per_game": _share(counts.drawn, self.games),
            "played_per_game": _share(counts.played, self.games),
            "played_rate": _share(counts.games_played, self.games),  # games in which a copy was played
            "win_rate_when_played": _share(counts.wins_played, counts.decided_played),
        }


def _share(part: int, whole: int) -> float | None:
    return part / whole if whole else None


@dataclass(frozen=True)
class _Seating:
    """Game i's table: which deck sits in the first seat."""

    board: Any
    a_seat: int


def run_matchup(game: str, deck_a: ResolvedDeck, deck_b: ResolvedDeck, games: int, seed: int, start: int = 0, *,
                player: str = DEFAULT_PLAYER, budget: int = DEFAULT_BUDGET) -> MatchupStats:
    """Play games start .. start+games-1 of the matchup of deck A against deck B seeded `seed`."""
    if game not in GAME_PACKAGES:
        raise UnknownGame(game)
    if games < 0 or start < 0:
        raise ValueError(f"games and start must not be negative; got games={games}, start={start}")
    kit = game_kit(game)
    if kit.matchup_game is None:
        raise UnknownChoice(f"{game} matchups are not available yet")
    deck_a, deck_b = in_canonical_order(deck_a), in_canonical_order(deck_b)
    # Built once a run: the game with A in the first seat, and with B there.
    seatings = (_Seating(kit.matchup_game(deck_a, deck_b), PLAYER),
                _Seating(kit.matchup_game(deck_b, deck_a), OPPONENT))

    def rollout_players() -> list[Player]:
        return [kit.heuristic(), kit.heuristic()]

    players = [make_player(player, kit, rollout_players, matchup_value, budget) for _ in range(2)]
    stats = MatchupStats(game, seed, player)
    for index in range(start, start + games):
        seating = seatings[index % 2]
        state = seating.board.new_initial_state(game_stream(seed, index))
        restart_seats(state, players, seed, index)
        finished = play_out(state, players, MAX_ACTIONS)
        winner_seat = state.winner() if finished else None
        winner = None if winner_seat is None else ("a" if winner_seat == seating.a_seat else "b")
        records = {"a": kit.record(state, seating.a_seat), "b": kit.record(state, 1 - seating.a_seat)}
        # A draw the engine's own loop cap ended (QQDND's Actions a round) is a capped game too.
        looped = not finished or (winner is None and records["a"].capped > 0)
        stats.add(winner, seating.a_seat == PLAYER, state.turn(), records, capped=looped)
    return stats
