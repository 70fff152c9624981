"""What a finished Anguish game reports for one seat (engine/goldfish_record.py's GameRecord).

- `end_turn` the Hour the game ended in; `won` the seat won (against the goldfish: its Lifeblood was
  emptied);
- `damage_by_turn` the other side's Lifeblood cards milled in each Hour, and `overkill_by_turn` the
  cards an attack or an effect would have milled past its last card (3.3: "If a players Lifeblood is
  depleted by an attack sequence, the remaining damage, if any, does not carry over"): dealt, but
  counting for nothing. Damage to Creatures mills nothing and is in neither;
- `drawn` the cards that reached the hand (the opening hand, mulligan draws, the card kept of each two
  drawn, cards drawn by effects); `played` the cards played; `mulligans` 1 for a game whose opening
  hand was mulliganed; `first_turn_play` whether the hand had a legal play in the seat's first turn;
- `no_moment`: of the copies drawn and never played, those held through at least one of the seat's
  turns without ever once being playable: their cost was more than the Hours left in every turn they
  were held, they had no target or no place to go, or they only answer an attack and none came. A
  copy that left the hand unplayed before the seat's first turn (put back by the mulligan) was given
  up by choice and is not one of them.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING

from engine.core import State
from engine.games.anguish.state import AnguishState
from engine.goldfish_record import GameRecord, new_counter, tally

if TYPE_CHECKING:  # (engine.goldfish plays games with the game's players: it imports them)
    from engine.goldfish import CardTally, RunStats

_NO_COUNTS: Mapping[str, int] = MappingProxyType({})  # no card counted


def record(state: State, seat: int) -> GameRecord:
    assert isinstance(state, AnguishState)
    name = state.game.names.__getitem__  # uid -> card name
    other = 1 - seat
    # tally and new_counter: the Counters Counter(...) would make, for less (see engine/goldfish_record.py).
    drawn = tally(map(name, state.drawn[seat]))
    played = tally(map(name, state.played[seat]))
    return GameRecord(
        end_turn=state.hour,
        won=state.winner() == seat,
        damage_by_turn=state.milled[other][:state.hour],
        mulligans=state.mulligans[seat],
        first_turn_play=bool(state.first_turn_play[seat]),
        drawn=drawn,
        played=played,
        no_effect=_no_effect(state, seat),
        no_moment=_no_moment(state, seat, drawn, played),
        overkill_by_turn=state.overkill[other][:state.hour],
    )


def add_to_run(stats: RunStats, cards: CardTally, state: State, seat: int) -> None:
    """stats.add(record(state, seat)), without the record (KIT.add_to_run): its cards counted into `cards`
    when every copy played was drawn once and played once (CardTally's condition; in every goldfish game
    so far, as a card reaches the hand only by being drawn and leaves it when played) and the Game has
    no more cards than a CardTally counts, else added whole."""
    assert isinstance(state, AnguishState)
    drawn, played = state.drawn[seat], state.played[seat]
    drawn_once = set(drawn)
    dead = drawn_once.difference(played)
    # Each copy drawn once, and the copies drawn and played as many as the plays: each played once.
    if (len(drawn_once) < len(drawn) or len(drawn) - len(dead) != len(played)
            or len(state.game.names) > cards.MOST_CARDS):
        stats.add(record(state, seat))
        return
    other, hour = 1 - seat, state.hour
    # (state.winner() is the winning player; most games have no card of no effect, for which add_outcome
    # adds nothing: no Counter is made for them)
    no_effect = _no_effect(state, seat) if state.no_effect[seat] else _NO_COUNTS
    # (the damage and overkill by turn added up with the cards: see CardTally.add_turns)
    stats.add_outcome(state.winning_player == seat, hour, (), state.mulligans[seat],
                      bool(state.first_turn_play[seat]), no_effect, (), 0)
    cards.add_turns(state.milled[other][:hour], state.overkill[other][:hour])
    held, moment = state.held, state.moment
    # _no_moment's cards: each a dead copy, so never more than drawn - played of its name
    cards.add(state.game.names, drawn, played, dead, [uid for uid in dead if held[uid] and not moment[uid]])


def _no_effect(state: AnguishState, seat: int) -> Counter[str]:
    no_effect = state.no_effect[seat]
    return tally(map(state.game.names.__getitem__, no_effect)) if no_effect else new_counter()  # most have none


def _no_moment(state: AnguishState, seat: int, drawn: Counter[str], played: Counter[str]) -> Counter[str]:
    names, held, moment = state.game.names, state.held, state.moment
    was_played = set(state.played[seat])
    unplayed = [uid for uid in set(state.drawn[seat]) if held[uid] and not moment[uid] and uid not in was_played]
    if not unplayed:
        return new_counter()
    dead = tally(map(names.__getitem__, unplayed))
    emptied = False  # a card with no copy left to be dead (drawn - played is 0 or less): +dead drops it
    for card, copies in dead.items():  # a copy drawn twice is one copy; never more than drawn - played
        most = drawn[card] - played[card]
        if copies > most:
            dead[card] = most
            emptied = emptied or most <= 0
    return +dead if emptied else dead
