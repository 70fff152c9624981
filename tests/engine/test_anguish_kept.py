"""The heuristic player's choice of the card kept of two drawn (_kept, POLICY 2) is the card worth more
as _worths_in_hand measures the two in the Hour they are drawn, the cheaper on a tie, on many generated
positions: with both Creatures worth no less and as cheap it keeps one without ranking the others."""
from __future__ import annotations

import random
from types import SimpleNamespace
from typing import cast

from engine.games.anguish.heuristic import _kept, _worths_in_hand
from engine.games.anguish.profiles import CardProfile
from engine.games.anguish.seat import Seat
from engine.games.anguish.state import LAST_HOUR, AnguishState, make_game
from engine.games.anguish.worth import WorthTable
from tests.engine.test_anguish_engine import lifeblood

CARDS = 30
# A real state (compiled, the player takes no stand-in for one), its cards and seat set by each position.
GAME = make_game(lifeblood())


def _profile(cost: int) -> CardProfile:
    """A card of this cost (a real CardProfile: compiled, the player takes no stand-in for one)."""
    return CardProfile(name="Card", kind="creature", cost=cost, free=False, arsenal=0, protection=0, ambush=False,
                       on_play=(), target=None, response=False, dark_arsenal=0, light_protection=0, strength=0,
                       implemented=True)


def _position(rng: random.Random) -> tuple[AnguishState, WorthTable]:
    """Two cards drawn, an Arsenal and a hand of others, worths in whole numbers and halves few of them
    apart (ties are common), Creatures and other cards mixed."""
    hour = rng.randint(1, LAST_HOUR)
    uids = rng.sample(range(CARDS), 2 + rng.randint(0, 4) + rng.randint(0, 8))
    drawing, arsenal, hand = uids[:2], uids[2:6], uids[6:]
    arsenal = arsenal[:rng.randint(0, len(arsenal))]

    def worth() -> float:
        return rng.choice([2.0, 4.0, 0.0, rng.randint(0, 20) / 2])

    creature = [rng.random() < 0.7 for _ in range(CARDS)]
    by_card = [worth() for _ in range(CARDS)]
    worth_at = [[by_card if now == hour else [] for _ in range(LAST_HOUR + 1)] for now in range(LAST_HOUR + 1)]
    table = SimpleNamespace(
        worth_at=worth_at, creature=creature, effect_worth=[rng.choice([0.0, 0.0, 1.0, 2.0]) for _ in range(CARDS)],
        keeps_at=[[worth() for _ in range(CARDS)] for _ in range(LAST_HOUR + 1)])
    seat = Seat([], [], 0)
    seat.drawing, seat.arsenal, seat.hand = drawing, arsenal, hand
    state = AnguishState(GAME, rng, deal=False)
    state.seats, state.actor, state.hour = [seat], 0, hour
    state.profiles = [_profile(rng.randint(0, 3)) for _ in range(CARDS)]
    return state, cast(WorthTable, table)


def test_it_keeps_the_card_worth_more_in_hand_the_cheaper_on_a_tie() -> None:
    rng = random.Random(23)
    seconds = 0
    for _ in range(4000):
        state, table = _position(rng)
        first, second = state.seats[0].drawing
        worths = _worths_in_hand(state, table, [first, second], state.hour)
        costs = [state.profiles[first].cost, state.profiles[second].cost]
        expected = first if (-worths[0], costs[0]) <= (-worths[1], costs[1]) else second
        assert _kept(state, table) == expected
        seconds += expected == second
    assert 1000 < seconds < 3000
