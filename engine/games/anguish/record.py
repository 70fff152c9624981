"""What a finished Anguish game reports for one seat (engine/goldfish_record.py's GameRecord).

`end_turn` the Hour the game ended in; `won` the seat won (against the goldfish: its Lifeblood was
emptied); `damage_by_turn` the other side's Lifeblood cards milled in each Hour; `drawn` the cards
that reached the hand (the opening hand, mulligan draws, the card kept of each two drawn, cards
drawn by effects); `mulligans` 1 for a game whose opening hand was mulliganed; `first_turn_play`
whether the hand had a legal play in the seat's first turn.
"""
from __future__ import annotations

from collections import Counter

from engine.core import State
from engine.games.anguish.state import AnguishState
from engine.goldfish_record import GameRecord


def record(state: State, seat: int) -> GameRecord:
    assert isinstance(state, AnguishState)
    name = state.game.names.__getitem__  # uid -> card name
    other = 1 - seat
    return GameRecord(
        end_turn=state.hour,
        won=state.winner() == seat,
        damage_by_turn=state.milled[other][:state.hour],
        mulligans=state.mulligans[seat],
        first_turn_play=bool(state.first_turn_play[seat]),
        drawn=Counter(map(name, state.drawn[seat])),
        played=Counter(map(name, state.played[seat])),
        no_effect=Counter(map(name, state.no_effect[seat])),
    )
