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

from engine.core import State
from engine.games.anguish.state import AnguishState
from engine.goldfish_record import GameRecord, new_counter, tally


def record(state: State, seat: int) -> GameRecord:
    assert isinstance(state, AnguishState)
    name = state.game.names.__getitem__  # uid -> card name
    other = 1 - seat
    # tally and new_counter: the Counters Counter(...) would make, for less (see engine/goldfish_record.py).
    drawn = tally(map(name, state.drawn[seat]))
    played = tally(map(name, state.played[seat]))
    no_effect = state.no_effect[seat]
    return GameRecord(
        end_turn=state.hour,
        won=state.winner() == seat,
        damage_by_turn=state.milled[other][:state.hour],
        mulligans=state.mulligans[seat],
        first_turn_play=bool(state.first_turn_play[seat]),
        drawn=drawn,
        played=played,
        no_effect=tally(map(name, no_effect)) if no_effect else new_counter(),  # most games have none
        no_moment=_no_moment(state, seat, drawn, played),
        overkill_by_turn=state.overkill[other][:state.hour],
    )


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
