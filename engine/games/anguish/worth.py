"""What a card is worth to the heuristic player (heuristic.py): the opponent's Lifeblood it mills.

A card's worth is what it mills of the opponent's Lifeblood over the rest of the game if played in a
given Hour: a Creature's Arsenal (with its darkness bonus from the 7th Hour) for every Hour it can
attack until the horizon (from the Hour it is played with Ambush, else from the next), plus N for
"discards the top N cards", plus 1 for each card it draws. The horizon is the 11th Hour, or earlier
when the game will be over by then (heuristic.py's POLICY says when). The tables here are read once
per Game and shared by every game and copy of a game it plays.
"""
from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TypeVar

from engine.games.anguish import actions as act
from engine.games.anguish.profiles import CREATURE, CardProfile
from engine.games.anguish.state import LAST_HOUR, LAST_LIGHT_HOUR, AnguishGame, entry_protection

T = TypeVar("T")
DRAW_WORTH = 1.0  # a drawn card is counted as worth one Lifeblood card milled
NEVER = LAST_HOUR + 1  # a cost no turn can pay: its budget is at most LAST_HOUR
DEFENSE_WORTH = 0.5  # a point of Protection in the End Game's Defense Line, in points of Stronghold damage

# Where a card can be played and what it is worth there: (worth, row, Arsenal locations it takes,
# Defense Line locations it takes).
Option = tuple[float, str | None, int, int]
# A card the plan of a turn looks at: the card, the Hours a play of it costs, its options, and the step
# of a play of it in the plan search that tries every plan (fit_step).
Candidate = tuple[int, int, tuple[Option, ...], int | None]

# The plan search that tries every plan (heuristic._best_of_every) makes each plan one number. Its lowest
# bits are what the plan leaves of the Defense Line locations, the Arsenal locations and the Hours, each
# count with a guard bit above it, which a play that takes more than is left clears (and no more: the
# bits above are never borrowed from, as a play takes less than a guard bit of each). Above them, a bit
# a candidate (set when the plan plays it, the first candidate's highest), and above those, twice the
# plan's worth (a whole number).
FIT_ROW_BITS = 4  # a count of locations (at most 4, below 8) and its guard bit
FIT_HOUR_BITS = 5  # a count of Hours (at most LAST_HOUR, below 16) and its guard bit
FIT_GUARDS = 1 << FIT_ROW_BITS - 1 | 1 << 2 * FIT_ROW_BITS - 1 | 1 << 2 * FIT_ROW_BITS + FIT_HOUR_BITS - 1
FIT_MOST = 5  # candidates the search that tries every plan takes (up to 2 ** this many plans)
FIT_TOP = 2 * FIT_ROW_BITS + FIT_HOUR_BITS + FIT_MOST  # twice the worth, above every candidate's bit


def fit_step(cost: int, options: tuple[Option, ...]) -> int | None:
    """What a play of a card with these options adds to a plan's number (FIT_* above, less its bit):
    twice its worth, less the Hours and locations it takes; None unless it has one option, worth more
    than nothing, a whole number or a half, and costs fewer Hours than a guard bit."""
    if len(options) != 1 or cost >= 1 << FIT_HOUR_BITS - 1:
        return None
    gain, _, uses_front, uses_back = options[0]
    twice = int(gain + gain)
    if twice <= 0 or twice != gain + gain or uses_front > 1 or uses_back > 1:
        return None
    return (twice << FIT_TOP) - ((cost << FIT_ROW_BITS | uses_front) << FIT_ROW_BITS | uses_back)


def card_worth(card: CardProfile, hour: int, attacking: bool = True) -> float:
    """What the card mills of the opponent's Lifeblood until the 11th Hour if played in `hour`
    (`attacking`: into the Arsenal, so that a Creature attacks)."""
    worth = 0.0
    if card.kind == CREATURE and attacking:
        first = hour if card.ambush else hour + 1
        for attack_hour in range(first, LAST_HOUR + 1):
            worth += card.arsenal + (card.dark_arsenal if attack_hour > LAST_LIGHT_HOUR else 0)
    for verb, amount in card.on_play:
        if verb == "mill_opponent":
            worth += amount
        elif verb == "draw":
            worth += amount * DRAW_WORTH
    return worth


class WorthTable:
    """Each card's worth in each Hour, read once per Game."""

    __slots__ = (
        "game", "worth", "late_worth", "effect_worth", "draws", "first_worth", "first_attack", "attacks_from",
        "play_cost", "play_options", "late_options", "end_game_cost", "end_game_options", "clock",
        "opening_worth", "opening_total", "worth_until", "horizon_at", "plan_options", "arrives", "keeps",
        "plans", "goldfish_plans", "end_game_plans", "creature", "matchup_read", "harms", "worth_at", "keeps_at",
        "entry_protection",
    )

    def __init__(self, game: AnguishGame) -> None:
        self.game = game
        profiles = game.profiles
        hours = range(LAST_HOUR + 1)
        self.worth = [[card_worth(card, hour) for hour in hours] for card in profiles]
        self.effect_worth = [card_worth(card, LAST_HOUR, attacking=False) for card in profiles]
        self.draws = [any(verb == "draw" for verb, _ in card.on_play) for card in profiles]
        self.harms = [any(verb == "damage_enemy" for verb, _ in card.on_play) for card in profiles]
        # What a Creature mills if it attacks in every Hour from h on (h up to LAST_HOUR + 2): the
        # attacks between two Hours are a difference of two of these.
        self.attacks_from = [
            [sum(card.arsenal + (card.dark_arsenal if later > LAST_LIGHT_HOUR else 0)
                 for later in range(hour, LAST_HOUR + 1)) if card.kind == CREATURE else 0
             for hour in range(LAST_HOUR + 3)]
            for card in profiles
        ]
        # The Hour a card is first played in from a given Hour on (when it can be paid for), and the
        # Hour a Creature then first attacks in; and its worth then.
        played = [[min(LAST_HOUR, max(hour, card.cost)) for hour in hours] for card in profiles]
        self.first_attack = [
            [when + (0 if card.ambush else 1) for when in played[uid]] for uid, card in enumerate(profiles)
        ]
        self.first_worth = [[self.worth[uid][when] for when in played[uid]] for uid in range(len(profiles))]
        # first_worth_until by card, Hour and horizon (the player asks it of every card in hand at each
        # keep and each card put back).
        self.worth_until = _by_card(profiles, lambda uid: [
            [self._first_worth_until(uid, hour, horizon) for horizon in range(LAST_HOUR + 1)] for hour in hours])
        # What a card played after the attack is worth: a Creature attacks from the next Hour, Ambush
        # or not.
        self.late_worth = [
            [self.attacks_from[uid][hour + 1] + self.effect_worth[uid] for hour in hours]
            if card.kind == CREATURE else self.worth[uid]
            for uid, card in enumerate(profiles)
        ]
        # What the plan of each turn asks of every card in hand, by card and Hour: the Hours a play of
        # the card costs (state.cost_of) when it is worth anything then and is not kept for a
        # response, else NEVER, more than any turn has; and its options.
        self.play_cost = [
            [card.cost if self.worth[uid][hour] > 0 and not card.response else NEVER for hour in hours]
            for uid, card in enumerate(profiles)
        ]
        self.play_options = _by_card(profiles, lambda uid: [
            self._options(uid, profiles[uid], self.worth[uid][hour], light=hour <= LAST_LIGHT_HOUR) for hour in hours])
        self.late_options = _by_card(profiles, lambda uid: [
            self._options(uid, profiles[uid], self.late_worth[uid][hour], light=hour <= LAST_LIGHT_HOUR)
            for hour in hours])
        # The End Game: every card is free (10.4), the Hour is over.
        self.end_game_options = [end_game_options(card) for card in profiles]
        self.end_game_cost = [0 if options else NEVER for options in self.end_game_options]
        self.end_game_plans = list(map(_candidate, range(len(profiles)), self.end_game_cost, self.end_game_options))
        self.creature = [card.kind == CREATURE for card in profiles]
        # The Protection Score each card enters play with, in Absolute Darkness and with Light Availability.
        self.entry_protection = [[entry_protection(card, light) for card in profiles] for light in (False, True)]
        # The cards another deck's position can make worth playing when the tables say NEVER (what
        # combat.matchup_options looks at): damage to an enemy Creature, a Creature without Arsenal
        # that can enter the Defense Line. For any other card it answers NEVER whatever the position.
        self.matchup_read = [
            not card.response and (card.target == "enemy" or (
                card.kind == CREATURE and card.arsenal == 0 and card.protection + card.light_protection > 0))
            for card in profiles
        ]
        self.set_clock(LAST_HOUR)

    def set_clock(self, clock: int) -> None:
        """The Hour by which the deck's goldfish games are usually over, and what follows from it: the
        horizon in each Hour (the clock, or the 11th Hour once the clock's Hour is reached: a slow game
        may go on), each card's worth and options until it, in the opening hand, and each player's
        total over the whole Lifeblood."""
        self.clock = clock
        cards = range(len(self.game.profiles))
        hours = range(LAST_HOUR + 1)
        self.horizon_at = [clock if hour < clock else LAST_HOUR for hour in hours]
        attacks_from = self.attacks_from
        # The plan's options until the horizon, before the attack and after it ([after_attack][uid][hour]).
        profiles = self.game.profiles
        self.plan_options = [
            _by_card(profiles, partial(self._options_by_hour, after_attack)) for after_attack in (False, True)
        ]
        # What the plan looks at of each card by [after_attack][hour][uid], read together: the card, its
        # cost and its options (a candidate of the plan as it stands).
        self.plans = [
            [[_candidate(uid, self.play_cost[uid][hour], self.plan_options[after_attack][uid][hour]) for uid in cards]
             for hour in hours]
            for after_attack in (0, 1)
        ]
        # The same against the goldfish, where a card without options costs NEVER too: nothing read of the
        # position makes a card worth playing there, so one test of the cost leaves out both.
        self.goldfish_plans = [[[plan if plan[2] else (plan[0], NEVER, plan[2], plan[3]) for plan in by_card]
                                for by_card in by_hour] for by_hour in self.plans]
        # What a Creature that takes a place in the Arsenal this Hour mills until the horizon, played
        # after the attack and played before it ([before][uid][hour]); and what one in the Arsenal would
        # mill from the next Hour until the horizon if it kept its place.
        self.arrives = [
            _by_card(profiles, partial(self._arrives_by_hour, worth)) for worth in (self.late_worth, self.worth)
        ]
        self.keeps = _by_card(profiles, lambda uid: [
            float(attacks_from[uid][hour + 1] - attacks_from[uid][max(hour + 1, self.horizon_at[hour] + 1)])
            for hour in hours])
        self.keeps_at = [[self.keeps[uid][hour] for uid in cards] for hour in hours]  # by Hour, a list by card
        # worth_until with the horizon of the Hour it is asked in ([now][hour], a list by card): the
        # player reads it for a whole hand at once. Made for the two horizons there are.
        by_horizon = {horizon: [[self.worth_until[uid][hour][horizon] for uid in cards] for hour in hours]
                      for horizon in set(self.horizon_at)}
        self.worth_at = [by_horizon[self.horizon_at[now]] for now in hours]
        self.opening_worth = [self.first_worth_until(uid, 1, clock) for uid in cards]
        # (sums of floats start at 0.0: compiled, a sum starting at the int 0 would be read as an int)
        self.opening_total = [sum((self.opening_worth[uid] for uid in lifeblood), 0.0)
                              for lifeblood in self.game.lifeblood]

    def first_worth_until(self, uid: int, hour: int, horizon: int) -> float:
        """The card's worth in the first Hour from `hour` on that it can be paid for, counting a
        Creature's attacks until `horizon` only."""
        return self.worth_until[uid][hour][horizon]

    def _first_worth_until(self, uid: int, hour: int, horizon: int) -> float:
        late = self.attacks_from[uid][max(self.first_attack[uid][hour], horizon + 1)]
        return max(self.effect_worth[uid], self.first_worth[uid][hour] - late)

    def _options_by_hour(self, after_attack: bool, uid: int) -> list[tuple[Option, ...]]:
        return [self._options_until(uid, hour, after_attack) for hour in range(LAST_HOUR + 1)]

    def _arrives_by_hour(self, worth: list[list[float]], uid: int) -> list[float]:
        attacks_from = self.attacks_from[uid]
        return [worth[uid][hour] - attacks_from[self.horizon_at[hour] + 1] for hour in range(LAST_HOUR + 1)]

    def _options_until(self, uid: int, hour: int, after_attack: bool) -> tuple[Option, ...]:
        """play_options (late_options after the attack) with a Creature's attacks after the horizon
        left out of its worth in the Arsenal; none if that leaves it worth nothing anywhere."""
        options = (self.late_options if after_attack else self.play_options)[uid][hour]
        horizon = self.horizon_at[hour]
        if self.game.profiles[uid].kind != CREATURE or horizon >= LAST_HOUR:
            return options
        too_late = self.attacks_from[uid][horizon + 1]
        cut = tuple((gain - too_late if row == act.ARSENAL else gain, row, front, back)
                    for gain, row, front, back in options)
        return cut if any(option[0] > 0 for option in cut) else ()

    def _options(self, uid: int, card: CardProfile, worth: float, light: bool) -> tuple[Option, ...]:
        """Where the card can be played and what it is worth there (`worth` in the Arsenal): a Discovery
        is worth its effect; a Creature its attacks and effects in the Arsenal, or only its effects in
        the Defense Line (which takes a card with a Protection Score)."""
        if card.kind != CREATURE:
            return ((worth, None, 0, 0),)
        if self.effect_worth[uid] > 0 and entry_protection(card, light) > 0:
            return ((worth, act.ARSENAL, 1, 0), (self.effect_worth[uid], act.PROTECTION, 0, 1))
        return ((worth, act.ARSENAL, 1, 0),)


def _candidate(uid: int, cost: int, options: tuple[Option, ...]) -> Candidate:
    return (uid, cost, options, fit_step(cost, options))


def _by_card(profiles: list[CardProfile], make: Callable[[int], list[T]]) -> list[list[T]]:
    """`make(uid)` for every card, made once for each card that differs (copies of a card share their
    row: a table is built for every Game, and no row is ever changed once made)."""
    made: dict[CardProfile, list[T]] = {}
    rows = []
    for uid, card in enumerate(profiles):
        row = made.get(card)
        if row is None:
            row = made[card] = make(uid)
        rows.append(row)
    return rows


def end_game_options(card: CardProfile) -> tuple[Option, ...]:
    """What a card is worth played in the End Game, where the Stronghold takes what gets through: a
    Creature in the Arsenal its Arsenal Score (it may attack at once, in Absolute Darkness, 6.2), in
    the Defense Line half its Protection (the attacks it absorbs); a card milled is a point of damage
    to the opponent's Stronghold, a card drawn one to its player's own (10.6: no Lifeblood remains)."""
    effect = float(sum(amount for verb, amount in card.on_play if verb == "mill_opponent")
                   - sum(amount for verb, amount in card.on_play if verb == "draw"))
    if card.kind != CREATURE:
        return ((effect, None, 0, 0),) if effect > 0 else ()
    options: list[Option] = []
    if card.arsenal + card.dark_arsenal + effect > 0:
        options.append((card.arsenal + card.dark_arsenal + effect, act.ARSENAL, 1, 0))
    if card.protection > 0 and card.protection * DEFENSE_WORTH + effect > 0:
        options.append((card.protection * DEFENSE_WORTH + effect, act.PROTECTION, 0, 1))
    return tuple(options)
