"""Goldfish runs: play a deck many times against an opponent that never acts, and add up what happened.

Each game's engine plays one goldfish game in engine/games/<slug>/goldfish.py,

    def play_goldfish(deck: ResolvedDeck, rng: random.Random) -> GameRecord

and this module adds the GameRecords of a run into `RunStats` (or, for a game whose kit can, what they
would say, without making them: GameKit.add_to_run). Everything RunStats keeps is an
integer count or sum, so stats computed in chunks (on different workers, in any split) merge into
exactly the stats of one run: game i always plays with `game_stream(seed, i)`.
"""
from __future__ import annotations

import math
from bisect import bisect_left
from collections import Counter
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from itertools import accumulate, zip_longest
from operator import add, mul
from typing import Any

from engine.core import PLAYER, State, game_stream
from engine.deck import ResolvedDeck
from engine.decklist import GAME_SECTIONS
from engine.games import GAME_PACKAGES, UnknownGame
from engine.goldfish_record import GameRecord
from engine.play.kits import DEFAULT_PLAYER, game_kit, goldfish_opponent_name, make_player
from engine.play.match import play_out
from engine.players.base import Player, restart_seats
from engine.players.search import DEFAULT_BUDGET


@dataclass(frozen=True)
class GoldfishRules:
    """How a game's goldfish run is counted: the name of its clock, when it stops, and whether
    the game has mulligans (QQDND has none, so it reports no mulligan rate)."""

    turn_unit: str
    turn_limit: int
    has_mulligans: bool


# The goldfish spec's table: "after 30 rounds", "after 30 turns", "the 11th Hour ends".
GOLDFISH_RULES: dict[str, GoldfishRules] = {
    "qqdnd": GoldfishRules("round", 30, has_mulligans=False),
    "condemned": GoldfishRules("turn", 30, has_mulligans=True),
    "anguish": GoldfishRules("Hour", 11, has_mulligans=True),
}


def goldfish_rules(game: str) -> GoldfishRules:
    if game not in GOLDFISH_RULES:
        raise UnknownGame(game)
    return GOLDFISH_RULES[game]


class IncompatibleStats(ValueError):
    """Two RunStats of different games or seeds cannot be merged into one run."""


@dataclass(slots=True)
class CardCounts:
    """One card's totals over a run: copies drawn, played and dead, and in how many games."""

    drawn: int = 0
    played: int = 0
    dead: int = 0  # copies drawn and not played in the game they were drawn in
    games_drawn: int = 0  # games in which at least one copy was drawn
    games_dead: int = 0  # games in which at least one copy was drawn and never played
    no_moment: int = 0  # of the dead copies, those that never had a legal moment to be played

    def merge(self, other: CardCounts) -> None:
        self.drawn += other.drawn
        self.played += other.played
        self.dead += other.dead
        self.games_drawn += other.games_drawn
        self.games_dead += other.games_dead
        self.no_moment += other.no_moment

    def to_list(self) -> list[int]:
        return [self.drawn, self.played, self.dead, self.games_drawn, self.games_dead, self.no_moment]


@dataclass(slots=True)
class TurnSums:
    """RunStats's sums by turn: per turn index, the games that played it, the sum and the sum of squares of
    the damage dealt in it, and the sum of what was dealt past its target."""

    damage_games: list[int] = field(default_factory=list)
    damage_sum: list[int] = field(default_factory=list)
    damage_squares: list[int] = field(default_factory=list)
    overkill_sum: list[int] = field(default_factory=list)


def _fold_turns(into: TurnSums | RunStats, damage: Sequence[Sequence[int]], overkill: Sequence[Sequence[int]]) -> None:
    """What RunStats.add_outcome adds to `into` of the damage and overkill by turn of many games (each game's
    in `damage` and `overkill`), added up a turn at a time: the same sums."""
    if damage:
        turns = max(map(len, damage))
        if turns > len(into.damage_sum):
            _grow(into, turns)
        games, sums, squares = into.damage_games, into.damage_sum, into.damage_squares
        for index, column in enumerate(zip_longest(*damage)):  # (None for a game over by then)
            dealt = [hit for hit in column if hit]
            games[index] += len(column) - column.count(None)
            sums[index] += sum(dealt)
            squares[index] += sum(map(mul, dealt, dealt))
    turns = max(map(len, overkill), default=0)
    if turns:
        wasted = _grow_overkill(into, turns)
        for index, column in enumerate(zip_longest(*overkill, fillvalue=0)):
            wasted[index] += sum(column)


def add_columns(into: TurnSums | RunStats, sums: TurnSums | RunStats) -> None:
    """Add the sums by turn `sums` into `into`'s (a turn's column made when either has it)."""
    _grow(into, len(sums.damage_sum))
    for mine, theirs in ((into.damage_games, sums.damage_games), (into.damage_sum, sums.damage_sum),
                         (into.damage_squares, sums.damage_squares)):
        mine[:len(theirs)] = map(add, mine, theirs)
    wasted = _grow_overkill(into, len(sums.overkill_sum))
    wasted[:len(sums.overkill_sum)] = map(add, wasted, sums.overkill_sum)


def _grow(into: TurnSums | RunStats, turns: int) -> None:
    """Make `into`'s damage columns (games, sum, squares) at least `turns` long."""
    missing = turns - len(into.damage_sum)
    if missing > 0:
        for column in (into.damage_games, into.damage_sum, into.damage_squares):
            column.extend([0] * missing)


def _grow_overkill(into: TurnSums | RunStats, turns: int) -> list[int]:
    """`into`'s overkill column, made at least `turns` long."""
    wasted = into.overkill_sum
    if len(wasted) < turns:
        wasted.extend([0] * (turns - len(wasted)))
    return wasted


class CardTally:
    """The cards of a run's games counted apart from RunStats.cards, and added to it once, at the run's end
    (RunStats.add_cards): RunStats.add's loop over a game's cards, one CardCounts at a time, costs several
    times more, and so does counting them game by game.

    Only for games in which every copy played was drawn once and played once. Then a card's dead copies
    (drawn less played) are its copies drawn and not played, and every count but the games a card was
    drawn or dead in is a sum over copies: a game's copies (their uids, in the cards of one Game, of
    which `names` says whose each is) are only written down, one byte each, and counted by name at the
    end, by the C loops of bytes.translate and bytes.count; the cards drawn or dead in a game are written
    down once each, as the index of their name. So at most MOST_CARDS cards, of as many names.

    It keeps the games' damage and overkill by turn as well (add_turns), added up a column at a time, a
    few thousand games at once (RunStats.add_outcome's loop over a game's turns costs several times more)."""

    MOST_CARDS = 256  # uids and name indexes a byte holds
    GAMES_A_FOLD = 4096  # games whose turns are kept before they are added up

    __slots__ = ("names", "name_of", "named", "drawn", "played", "no_moment", "games_drawn", "games_dead",
                 "damage", "overkill", "turn_totals")

    def __init__(self) -> None:
        self.names: Sequence[str] | None = None  # uid -> card name, of the Game whose copies are counted
        self.name_of = b""  # uid -> the index of its name in `named` (a table for bytes.translate)
        self.named: list[str] = []  # the names, each once
        self.drawn = bytearray()  # the uid of each copy drawn, game after game
        self.played = bytearray()
        self.no_moment = bytearray()  # the uid of each dead copy without a moment
        self.games_drawn = bytearray()  # the name index of each card drawn in a game, once a game
        self.games_dead = bytearray()
        self.damage: list[Sequence[int]] = []  # each game's damage by turn, not added up yet
        self.overkill: list[Sequence[int]] = []
        self.turn_totals = TurnSums()  # what was added up of them

    def add_turns(self, damage_by_turn: Sequence[int], overkill_by_turn: Sequence[int]) -> None:
        """A game's damage and overkill by turn, as RunStats.add_outcome takes them (see _fold_turns)."""
        damage = self.damage
        damage.append(damage_by_turn)
        self.overkill.append(overkill_by_turn)
        if len(damage) == self.GAMES_A_FOLD:
            _fold_turns(self.turn_totals, damage, self.overkill)
            self.damage, self.overkill = [], []

    def add(self, names: Sequence[str], drawn: Collection[int], played: Iterable[int], dead: Collection[int],
            no_moment: Iterable[int]) -> None:
        """One game's cards, by uid (`names` names them): `drawn`, `played`, `dead` (the copies drawn and
        not played) and `no_moment` (the dead copies that never had a legal moment to be played)."""
        if names is not self.names:
            self._count_names_of(names)
        copies = bytes(drawn)
        self.drawn += copies
        self.games_drawn += bytes(set(copies.translate(self.name_of)))
        self.played.extend(played)
        if dead:
            self.games_dead += bytes(set(bytes(dead).translate(self.name_of)))
            self.no_moment.extend(no_moment)

    def _count_names_of(self, names: Sequence[str]) -> None:
        if self.names is not None:
            raise ValueError("a CardTally counts the cards of one Game")
        named = list(dict.fromkeys(names))
        if len(names) > self.MOST_CARDS:
            raise ValueError(f"a CardTally counts the cards of a Game of at most {self.MOST_CARDS} cards")
        index = {name: at for at, name in enumerate(named)}
        self.names, self.named = names, named
        self.name_of = bytes([index[name] for name in names]) + bytes(self.MOST_CARDS - len(names))

    def by_name(self) -> dict[str, CardCounts]:
        """The counts of each card drawn, as RunStats.cards keeps them (in the order they were first drawn)."""
        if self.names is None:
            return {}
        name_of = self.name_of
        drawn, played, no_moment = (bytes(uids).translate(name_of)
                                    for uids in (self.drawn, self.played, self.no_moment))
        games_drawn, games_dead = bytes(self.games_drawn), bytes(self.games_dead)
        first_drawn = sorted((drawn.find(at), at) for at in range(len(self.named)) if at in drawn)
        counts = {}
        for _, at in first_drawn:
            copies, copies_played = drawn.count(at), played.count(at)
            # A card's dead copies are its copies drawn less those played: every copy played was drawn, once.
            counts[self.named[at]] = CardCounts(copies, copies_played, copies - copies_played, games_drawn.count(at),
                                                games_dead.count(at), no_moment.count(at))
        return counts


@dataclass
class RunStats:
    """The running totals of a goldfish run; `add` one GameRecord at a time, `merge` chunks."""

    game: str
    seed: int
    opponent: str = ""  # the goldfish opponent played against ("" for a run that did not say: see report)
    player: str = DEFAULT_PLAYER  # who played the deck: heuristic, search or random
    games: int = 0
    wins: int = 0
    end_turns: Counter[int] = field(default_factory=Counter)  # ending turn -> games
    # Per turn index (0 = the first turn): games that played it, sum and sum of squares of damage.
    damage_games: list[int] = field(default_factory=list)
    damage_sum: list[int] = field(default_factory=list)
    damage_squares: list[int] = field(default_factory=list)
    mulligans: int = 0
    games_mulliganed: int = 0
    first_turn_plays: int = 0
    cards: dict[str, CardCounts] = field(default_factory=dict)
    no_effect: Counter[str] = field(default_factory=Counter)  # card name -> times treated as no effect
    # Per turn index, like damage_sum: damage dealt past what its target needed (it counted for nothing).
    overkill_sum: list[int] = field(default_factory=list)
    capped: int = 0  # rounds or turns the engine's action cap ended

    def __post_init__(self) -> None:
        goldfish_rules(self.game)  # an unknown game fails here, not when the report is asked for

    def add(self, record: GameRecord) -> None:
        # This runs once for every game of every run, so it is written for speed: dict.get instead of a
        # Counter's [] (whose __missing__ is a Python call), each card's sums added in place, and only
        # the sums that grow added to (most of a game's counts are 0: no damage on the Ready Turn, no
        # mulligan, no dead copy).
        self.add_outcome(record.won, record.end_turn, record.damage_by_turn, record.mulligans,
                         record.first_turn_play, record.no_effect, record.overkill_by_turn, record.capped)
        drawn_copies, played_copies, cards, no_moment = record.drawn, record.played, self.cards, record.no_moment
        played_of, counts_of = played_copies.get, cards.get  # bound once, not looked up for every card
        for name, drawn in drawn_copies.items():
            played = played_of(name, 0)
            counts = counts_of(name)
            if counts is None:
                counts = cards[name] = CardCounts()
            # CardCounts.merge of this game's counts, added in place: a CardCounts for each would cost
            # more than the sums.
            if drawn:
                counts.drawn += drawn
                if drawn > 0:
                    counts.games_drawn += 1
            if played:
                counts.played += played
            # A card can be played more often than drawn (put into play from the deck, returned to hand
            # and played again): those plays never make a drawn copy less dead than zero.
            if drawn > played:
                dead = drawn - played
                counts.dead += dead
                counts.games_dead += 1
                if no_moment and name in no_moment:  # min(dead, no_moment[name]), without min's call
                    never = no_moment[name]
                    counts.no_moment += never if never < dead else dead
        # Cards played but never drawn (put into play from the deck): only their plays count, since a
        # copy never drawn is never dead. Most games have none, which the keys' C subset test tells
        # without a Python loop over the plays.
        if not played_copies.keys() <= drawn_copies.keys():
            for name, played in played_copies.items():
                if name not in drawn_copies:
                    counts = cards.get(name)
                    if counts is None:
                        counts = cards[name] = CardCounts()
                    counts.played += played

    def add_outcome(self, won: bool, end_turn: int, damage_by_turn: Sequence[int], mulligans: int,
                    first_turn_play: bool, no_effect: Mapping[str, int], overkill_by_turn: Sequence[int],
                    capped: int) -> None:
        """Add all of a game's record but its cards (drawn, played, no_moment): see GameRecord."""
        self.games += 1
        if won:
            self.wins += 1
        end_turns = self.end_turns
        end_turns[end_turn] = end_turns.get(end_turn, 0) + 1
        if len(damage_by_turn) > len(self.damage_sum):
            _grow(self, len(damage_by_turn))
        games, sums, squares = self.damage_games, self.damage_sum, self.damage_squares
        for index, damage in enumerate(damage_by_turn):
            games[index] += 1
            if damage:
                sums[index] += damage
                squares[index] += damage * damage
        if mulligans:
            self.mulligans += mulligans
            self.games_mulliganed += mulligans > 0
        if first_turn_play:
            self.first_turn_plays += 1
        if no_effect:
            self.no_effect.update(no_effect)
        if overkill_by_turn:
            overkill = _grow_overkill(self, len(overkill_by_turn))
            for index, wasted in enumerate(overkill_by_turn):
                if wasted:
                    overkill[index] += wasted
        if capped:
            self.capped += capped

    def add_cards(self, tally: CardTally) -> None:
        """Add the cards of the games `tally` counted (see CardTally), and their turns."""
        _fold_turns(self, tally.damage, tally.overkill)
        add_columns(self, tally.turn_totals)
        cards = self.cards
        for name, counts in tally.by_name().items():
            if name in cards:
                cards[name].merge(counts)
            else:
                cards[name] = counts

    def merge(self, other: RunStats) -> None:
        """Add another chunk of the same run (same game, seed, opponent and player) into this one."""
        if (other.game, other.seed) != (self.game, self.seed):
            raise IncompatibleStats(
                f"cannot merge a {other.game} run with seed {other.seed} into a {self.game} run with seed {self.seed}"
            )
        if (other.opponent, other.player) != (self.opponent, self.player):
            raise IncompatibleStats(
                f"cannot merge games of {other.player} play against {other.opponent or 'an unnamed opponent'} into "
                f"a run of {self.player} play against {self.opponent or 'an unnamed opponent'}"
            )
        self.games += other.games
        self.wins += other.wins
        self.end_turns.update(other.end_turns)
        add_columns(self, other)
        self.mulligans += other.mulligans
        self.games_mulliganed += other.games_mulliganed
        self.first_turn_plays += other.first_turn_plays
        for name, counts in other.cards.items():
            self.cards.setdefault(name, CardCounts()).merge(counts)
        self.no_effect.update(other.no_effect)
        self.capped += other.capped

    def to_dict(self) -> dict[str, Any]:
        """The totals as JSON-safe data (string keys, lists of ints) for shipping between workers."""
        return {
            "game": self.game,
            "seed": self.seed,
            "opponent": self.opponent,
            "player": self.player,
            "games": self.games,
            "wins": self.wins,
            "end_turns": {str(turn): count for turn, count in sorted(self.end_turns.items())},
            "damage_games": list(self.damage_games),
            "damage_sum": list(self.damage_sum),
            "damage_squares": list(self.damage_squares),
            "mulligans": self.mulligans,
            "games_mulliganed": self.games_mulliganed,
            "first_turn_plays": self.first_turn_plays,
            "cards": {name: counts.to_list() for name, counts in sorted(self.cards.items())},
            "no_effect": dict(sorted(self.no_effect.items())),
            "overkill_sum": list(self.overkill_sum),
            "capped": self.capped,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> RunStats:
        return cls(
            game=str(data["game"]),
            seed=int(data["seed"]),
            opponent=str(data.get("opponent", "")),
            player=str(data.get("player", DEFAULT_PLAYER)),
            games=int(data["games"]),
            wins=int(data["wins"]),
            end_turns=Counter({int(turn): int(count) for turn, count in data["end_turns"].items()}),
            damage_games=[int(n) for n in data["damage_games"]],
            damage_sum=[int(n) for n in data["damage_sum"]],
            damage_squares=[int(n) for n in data["damage_squares"]],
            mulligans=int(data["mulligans"]),
            games_mulliganed=int(data["games_mulliganed"]),
            first_turn_plays=int(data["first_turn_plays"]),
            cards={name: CardCounts(*(int(n) for n in counts)) for name, counts in data["cards"].items()},
            no_effect=Counter({name: int(count) for name, count in data["no_effect"].items()}),
            overkill_sum=[int(n) for n in data.get("overkill_sum", [])],
            capped=int(data.get("capped", 0)),
        )

    def report(self) -> dict[str, Any]:
        """What a run reports (the goldfish spec, "What a run reports"), as JSON-safe data.

        Rates are shares of the run's games unless named otherwise; `None` where there is nothing
        to divide by (a run of no games) or the game has no such thing (mulligans in QQDND).
        """
        rules = goldfish_rules(self.game)
        return {
            "game": self.game,
            "seed": self.seed,
            "opponent": self.opponent,
            "player": self.player,
            "games": self.games,
            "turn_unit": rules.turn_unit,
            "turn_limit": rules.turn_limit,
            "wins": self.wins,
            "win_rate": _share(self.wins, self.games),
            "end_turn": end_turn_distribution(self.end_turns, self.games),
            "damage_per_turn": self._damage_report(),
            "mulligan_rate": _share(self.games_mulliganed, self.games) if rules.has_mulligans else None,
            "mulligans_per_game": _share(self.mulligans, self.games) if rules.has_mulligans else None,
            "first_turn_play_rate": _share(self.first_turn_plays, self.games),
            "cards": [self._card_report(name, counts) for name, counts in sorted(self.cards.items())],
            "no_effect": [{"name": name, "times": times} for name, times in sorted(self.no_effect.items())],
            "overkill_per_turn": [
                {"turn": index + 1, "mean": _share(wasted, games) or 0.0}
                for index, (wasted, games) in enumerate(zip(self.overkill_sum, self.damage_games, strict=False))
            ],
            "overkill_per_game": _share(sum(self.overkill_sum), self.games),
            "capped": self.capped,
        }


    def _damage_report(self) -> list[dict[str, Any]]:
        rows = []
        for index, games in enumerate(self.damage_games):
            mean = self.damage_sum[index] / games if games else 0.0
            # Population variance from the integer sums; max() absorbs rounding just below zero.
            variance = max(0.0, self.damage_squares[index] / games - mean * mean) if games else 0.0
            rows.append({"turn": index + 1, "games": games, "mean": mean, "std": math.sqrt(variance)})
        return rows

    def _card_report(self, name: str, counts: CardCounts) -> dict[str, Any]:
        return {
            "name": name,
            "drawn_per_game": _share(counts.drawn, self.games),
            "played_per_game": _share(counts.played, self.games),
            "dead_per_game": _share(counts.dead, self.games),
            "drawn_rate": _share(counts.games_drawn, self.games),  # games in which a copy was drawn
            "dead_rate": _share(counts.games_dead, counts.games_drawn),  # of those, games with a dead copy
            "dead_share": _share(counts.dead, counts.drawn),  # drawn copies that were never played
            # The dead copies split by why: never a legal moment to play them, or the player chose not to.
            "no_moment_per_game": _share(counts.no_moment, self.games),
            "unchosen_per_game": _share(counts.dead - counts.no_moment, self.games),
        }


def _share(part: int, whole: int) -> float | None:
    return part / whole if whole else None


def end_turn_distribution(end_turns: Mapping[int, int], games: int) -> dict[str, Any]:
    """The distribution of the game-ending turn (turn -> games): histogram, mean, median, p10, p90
    and the share of games over by each turn."""
    last = max(end_turns, default=0)
    turns = range(1, last + 1)
    histogram = [{"turn": turn, "games": end_turns.get(turn, 0)} for turn in turns]
    ended_by, running = [], 0
    for turn in turns:
        running += end_turns.get(turn, 0)
        ended_by.append({"turn": turn, "share": _share(running, games)})
    total = sum(turn * count for turn, count in end_turns.items())
    return {
        "histogram": histogram,
        "mean": _share(total, games),
        "median": _percentile(end_turns, games, 0.5),
        "p10": _percentile(end_turns, games, 0.1),
        "p90": _percentile(end_turns, games, 0.9),
        "ended_by": ended_by,
    }


def _percentile(end_turns: Mapping[int, int], games: int, q: float) -> int | None:
    """The nearest-rank percentile: the first turn by which at least q of the games had ended
    (always a turn some game really ended in)."""
    if games == 0:
        return None
    rank = max(1, math.ceil(q * games))
    turns = sorted(end_turns)
    ended = list(accumulate(end_turns[turn] for turn in turns))
    return turns[bisect_left(ended, rank)]


def goldfish_value(limit: int) -> Callable[[State, int], float]:
    """How well a finished goldfish game went for a seat, as a search player scores play-outs: a win
    is worth more the sooner it came (1 + the share of the turn limit left), anything else 0."""

    def value(state: State, seat: int) -> float:
        if state.winner() != seat:
            return 0.0
        return 1.0 + (limit - state.turn()) / limit

    return value


def run_goldfish(game: str, deck: ResolvedDeck, games: int, seed: int, start: int = 0, *,
                 opponent: str | None = None, player: str = DEFAULT_PLAYER,
                 budget: int = DEFAULT_BUDGET) -> RunStats:
    """Play games start .. start+games-1 of the run seeded `seed`, game i with game_stream(seed, i).

    `opponent` names the goldfish opponent (the game's default when None), `player` the player of
    the deck (heuristic, search with `budget` play-outs a decision, or random)."""
    if game not in GAME_PACKAGES:
        raise UnknownGame(game)
    if games < 0 or start < 0:
        raise ValueError(f"games and start must not be negative; got games={games}, start={start}")
    kit = game_kit(game)
    opponent = goldfish_opponent_name(game, opponent)
    rules = goldfish_rules(game)

    def rollout_players() -> list[Player]:
        return [kit.heuristic(), kit.goldfish_opponent(opponent)]

    players = [make_player(player, kit, rollout_players, goldfish_value(rules.turn_limit), budget),
               kit.goldfish_opponent(opponent)]
    board = kit.goldfish_game(in_canonical_order(deck), opponent)
    stats = RunStats(game, seed, opponent, player)
    add_to_run, cards = kit.add_to_run, CardTally()
    for index in range(start, start + games):
        state = board.new_initial_state(game_stream(seed, index))
        restart_seats(state, players, seed, index)
        play_out(state, players)
        if add_to_run is None:
            stats.add(kit.record(state, PLAYER))
        else:  # the same totals, without the record a run never reads
            add_to_run(stats, cards, state, PLAYER)
    stats.add_cards(cards)
    return stats


def in_canonical_order(deck: ResolvedDeck) -> ResolvedDeck:
    """The deck with its cards in one fixed order (section, then name).

    The first shuffle starts from the order the cards are listed in, so without this the same
    cards written in another order (an exported list, say) would play other games for the same
    seed. Sections keep the game's order; within one, cards go by name and pin.
    """
    section_order = {name: i for i, name in enumerate(GAME_SECTIONS[deck.game])}
    entries = sorted(
        deck.entries, key=lambda e: (section_order.get(e.section, len(section_order)), e.name, e.pinned_to or "")
    )
    return replace(deck, entries=entries)
