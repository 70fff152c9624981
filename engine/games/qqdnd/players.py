"""QQDND's players (engine/players/base.py): the heuristic player (heuristic.py) and the goldfish parties.

The goldfish parties (docs: goldfish rules, "QQDND: the sparring party (the default) and the passive
party"): the sparring party takes its do-nothing Turn Action whenever it is on the turn, so the deck's
player can keep playing down its Initiative ladder; the passive party declines at every chance.
"""
from __future__ import annotations

from collections.abc import Hashable
from typing import Final

from engine.core import OPPONENT, PLAYER, State
from engine.deck import ResolvedDeck
from engine.games.qqdnd.heuristic import HeuristicPolicy
from engine.games.qqdnd.state import LAST, OPPONENT_MODES, PASS, TURN, QQDNDGame, QQDNDState, stall
from engine.goldfish_record import GameRecord, new_counter
from engine.players.base import GameKit, Player


class HeuristicPlayer(Player):
    """The built-in player: HeuristicPolicy (heuristic.py) chooses every move of its seat."""

    kind = "heuristic"

    def __init__(self) -> None:
        super().__init__()
        self.policy = HeuristicPolicy()

    def choose(self, state: State) -> Hashable:
        assert isinstance(state, QQDNDState)
        return self.policy.choose(state)

    def candidates(self, state: State) -> list[Hashable] | None:
        """Its choice, then passing (where the rules allow it), then the best move of each other option the
        policy finds worth weighing, by score (one move an option: its other targets and Initiatives are
        the same Action done worse)."""
        assert isinstance(state, QQDNDState)
        policy = self.policy
        ranked: list[Hashable] = [policy.choose(state)]
        window = state.window()
        if window[3] and PASS not in ranked:
            ranked.append(PASS)
        decision = policy.decision(state, later=state.phase != LAST)
        found = policy.worthwhile(state, window, decision, floor=float("-inf"))
        for each in sorted(found, key=lambda f: -f.score):
            if each.move not in ranked:
                ranked.append(each.move)
        return ranked


class SparringParty(Player):
    """The sparring party: its do-nothing Turn Action whenever it may take it, else a pass (it never
    responds and performs no last Action: the rules offer it nothing else)."""

    kind = "sparring"

    def choose(self, state: State) -> Hashable:
        # Its Turn Action is legal exactly when it is the party to act on the turn of a sparring game
        # (QQDNDState._legal_moves): asked directly, not by listing every legal move.
        assert isinstance(state, QQDNDState)
        if not state.over and state.phase == TURN and state.actor == OPPONENT and state.game.sparring:
            return stall(state.bar)
        return PASS


class PassiveParty(Player):
    """The passive party: it declines at every chance."""

    kind = "passive"

    def choose(self, state: State) -> Hashable:
        return PASS


# A run plays thousands of games of one deck: its Game (card definitions, Actions) is built once per
# opponent. The key names each card record by identity; the entry keeps the deck, and so its records,
# alive, so an identity cannot be reused by another record while it is cached.
_GAMES: Final[dict[tuple[object, ...], tuple[ResolvedDeck, QQDNDGame]]] = {}
_CACHE_SIZE: Final = 16


def goldfish_game(deck: ResolvedDeck, opponent: str) -> QQDNDGame:
    """The game of `deck` against the named goldfish party ("sparring" or "passive")."""
    if opponent not in OPPONENT_MODES:
        raise ValueError(f"QQDND goldfish opponents are {' and '.join(OPPONENT_MODES)}; not {opponent!r}")
    key = (deck.game, opponent, *((e.name, e.count, e.section, id(e.card)) for e in deck.entries))
    entry = _GAMES.get(key)
    if entry is None:
        if len(_GAMES) >= _CACHE_SIZE:
            _GAMES.clear()
        entry = _GAMES[key] = (deck, QQDNDGame(deck, opponent_mode=opponent))
    return entry[1]


def goldfish_opponent(name: str) -> Player:
    if name == "sparring":
        return SparringParty()
    if name == "passive":
        return PassiveParty()
    raise ValueError(f"QQDND goldfish opponents are {' and '.join(OPPONENT_MODES)}; not {name!r}")


def record(state: State, seat: int) -> GameRecord:
    """The game as one seat saw it: its draws, plays, and damage to the other party. Copies with no legal
    moment are followed for seat 0 only (the goldfish's deck player): another seat's `no_moment` is empty.
    `capped` (rounds the Action cap ended) is the table's, the same for both seats."""
    assert isinstance(state, QQDNDState)
    # new_counter: the Counters Counter(...) would make, for less (engine/goldfish_record.py).
    drawn, played = new_counter(state.drawn_by[seat]), new_counter(state.played_by[seat])
    no_moment = new_counter()
    if seat == PLAYER:
        # A copy counted in no_moment was drawn and never played: never more than drawn - played for a
        # card (a card returned to hand and played again counts as played more often than drawn). Only
        # names left with a copy are kept (as Counter's "+" would), in the order no_moment_counts has them.
        drawn_of, played_of = drawn.get, played.get
        for name, count in state.no_moment_counts().items():
            dead = min(count, drawn_of(name, 0) - played_of(name, 0))
            if dead > 0:
                no_moment[name] = dead
    return GameRecord(
        end_turn=state.round,
        won=state.winner() == seat,
        damage_by_turn=list(state.damage_by_seat[seat]),
        mulligans=0,  # QQDND has no mulligans
        first_turn_play=state.first_round_plays[seat],
        drawn=drawn,
        played=played,
        no_effect=new_counter(state.no_effect_by[seat]),
        no_moment=no_moment,
        overkill_by_turn=list(state.overkill_by_seat[seat]),
        capped=state.capped,
    )


def matchup_game(deck_a: ResolvedDeck, deck_b: ResolvedDeck) -> QQDNDGame:
    """Deck A's party in seat 0 against deck B's real party in seat 1, by the two-player rules. QQDND has no
    first player: every round "the highest-Initiative action available to either players is performed [...]
    If this value is tied, resolve it randomly", so the seat gives neither party an edge, and the first seat
    (which a matchup alternates) is only a name for seat 0. Cached like goldfish_game."""
    key = (deck_a.game, "deck", *_entries_key(deck_a), "vs", *_entries_key(deck_b))
    entry = _MATCHUPS.get(key)
    if entry is None:
        if len(_MATCHUPS) >= _CACHE_SIZE:
            _MATCHUPS.clear()
        entry = _MATCHUPS[key] = ((deck_a, deck_b), QQDNDGame(deck_a, opponent=deck_b))
    return entry[1]


def _entries_key(deck: ResolvedDeck) -> tuple[tuple[str, int, str, int], ...]:
    return tuple((e.name, e.count, e.section, id(e.card)) for e in deck.entries)


_MATCHUPS: Final[dict[tuple[object, ...], tuple[tuple[ResolvedDeck, ResolvedDeck], QQDNDGame]]] = {}


KIT: Final = GameKit(
    opponents=OPPONENT_MODES,
    goldfish_game=goldfish_game,
    heuristic=HeuristicPlayer,
    goldfish_opponent=goldfish_opponent,
    record=record,
    matchup_game=matchup_game,
)
