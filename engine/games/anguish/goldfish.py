"""Anguish goldfish games: the deck against an opponent with an empty board and a full 36-card
Lifeblood that plays nothing. A game ends when the End Game is triggered (a Lifeblood is empty) or
when the 11th Hour ends; it is won when the goldfish's Lifeblood was emptied. The record's
damage_by_turn holds the goldfish's Lifeblood cards milled in each Hour.

POLICY, the way the deck is played (deterministic: the same position always gets the same choice).
A card's worth is what it mills of the goldfish's Lifeblood over the rest of the game if played in
a given Hour: a Creature's Arsenal (with its darkness bonus from the 7th Hour) for every Hour it can
attack until the 11th (from the Hour it is played with Ambush, else from the next), plus 3 for
"discards the top 3 cards" and the like, plus 1 for each card it draws. Cards that mill nothing
(Protection bonuses, damage to enemy Creatures, Creatures without Arsenal) are worth 0 and never
played: the goldfish never attacks and has no Creatures.

1. Mulligan: put back every card worth 0 and, if no card worth something costs 2 Hours or less,
   every card costing more than 4 Hours.
2. Draw two, keep one: keep the card worth more in the Hour it could first be played (the cheaper
   on a tie; a Creature is worth only its effect once the Arsenal is full); the other goes to the
   bottom.
3. Plays: choose the cards that are worth the most in total within the Hours left this turn and the
   free locations (an exact search over the hand): a Creature goes to the Arsenal, or, worth only its
   effect, to the Defense Line. Play cards that draw first, then choose again. A card that targets
   a Creature of its player's targets itself if it can.
4. Attack with every Creature that may attack.
5. After the attack, move Creatures with Arsenal from the Defense Line to free Arsenal locations.
6. End the turn; over 8 cards, put the cards worth least next Hour at the bottom (the costlier on a tie).
"""
from __future__ import annotations

import random
from collections import Counter
from operator import itemgetter

from engine.core import PLAYER
from engine.deck import DeckCard, ResolvedDeck
from engine.games.anguish import actions as act
from engine.games.anguish.profiles import CREATURE, CardProfile
from engine.games.anguish.state import (
    HAND_LIMIT_PHASE,
    KEEP,
    LAST_HOUR,
    LAST_LIGHT_HOUR,
    MAIN,
    MULLIGAN,
    ROW_SIZE,
    Action,
    AnguishGame,
    AnguishState,
    entry_protection,
    make_game,
)
from engine.goldfish_record import GameRecord

DRAW_WORTH = 1.0  # a drawn card is counted as worth one Lifeblood card milled
NEVER = LAST_HOUR + 1  # a cost no turn can pay: its budget is at most LAST_HOUR
CHEAP = 2  # the mulligan's "card to play early" costs this many Hours or less
COSTLY = 4  # without one, cards costing more than this go back


def card_worth(card: CardProfile, hour: int, attacking: bool = True) -> float:
    """What the card mills of the goldfish's Lifeblood over the rest of the game if played in `hour`
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


# Where a card can be played and what it is worth there: (worth, row, Arsenal locations it takes,
# Defense Line locations it takes).
_Option = tuple[float, str | None, int, int]
# A plan of plays: its total worth and the cards with their rows.
_Plan = tuple[float, tuple[tuple[int, str | None], ...]]
_plan_worth = itemgetter(0)


class WorthTable:
    """Each card's worth in each Hour, read once per Game and shared by the games it plays."""

    __slots__ = (
        "worth", "effect_worth", "draws", "first_worth", "first_worth_full", "play_cost", "end_game_cost",
        "play_options", "end_game_options",
    )

    def __init__(self, game: AnguishGame) -> None:
        hours = range(LAST_HOUR + 1)
        self.worth = [[card_worth(card, hour) for hour in hours] for card in game.profiles]
        self.effect_worth = [card_worth(card, LAST_HOUR, attacking=False) for card in game.profiles]
        self.draws = [any(verb == "draw" for verb, _ in card.on_play) for card in game.profiles]
        # GoldfishPolicy._first_worth by card and Hour, with room in the Arsenal and with none (the
        # policy asks it of every card in hand at each keep and each card put back).
        self.first_worth = [
            [self.worth[uid][min(LAST_HOUR, max(hour, card.cost))] for hour in hours]
            for uid, card in enumerate(game.profiles)
        ]
        self.first_worth_full = [
            [self.effect_worth[uid]] * len(hours) if card.kind == CREATURE else self.first_worth[uid]
            for uid, card in enumerate(game.profiles)
        ]
        # What the plan of each turn (GoldfishPolicy._best_plays) asks of every card in hand, by card
        # and Hour: the Hours a play of the card costs (state.cost_of) when it is worth anything then
        # and is not kept for a response, else NEVER, more than any turn has; and its options.
        self.play_cost = [
            [card.cost if self.worth[uid][hour] > 0 and not card.response else NEVER for hour in hours]
            for uid, card in enumerate(game.profiles)
        ]
        self.play_options = [
            [self._options(uid, card, hour, light=hour <= LAST_LIGHT_HOUR) for hour in hours]
            for uid, card in enumerate(game.profiles)
        ]
        # The same in the End Game: every card is free (10.4), and it is dark (6.2).
        self.end_game_cost = [[0 if cost != NEVER else NEVER for cost in costs] for costs in self.play_cost]
        self.end_game_options = [
            [self._options(uid, card, hour, light=False) for hour in hours] for uid, card in enumerate(game.profiles)
        ]

    def _options(self, uid: int, card: CardProfile, hour: int, light: bool) -> tuple[_Option, ...]:
        """Where the card can be played in `hour` and what it is worth there: a Discovery is worth its
        effect; a Creature its attacks and effects in the Arsenal, or only its effects in the Defense
        Line (which takes a card with a Protection Score)."""
        worth = self.worth[uid][hour]
        if card.kind != CREATURE:
            return ((worth, None, 0, 0),)
        if self.effect_worth[uid] > 0 and entry_protection(card, light) > 0:
            return ((worth, act.ARSENAL, 1, 0), (self.effect_worth[uid], act.PROTECTION, 0, 1))
        return ((worth, act.ARSENAL, 1, 0),)


class GoldfishPolicy:
    """The POLICY above, for the deck's player in one game at a time: it keeps the plan of the turn."""

    def __init__(self, game: AnguishGame, table: WorthTable | None = None) -> None:
        table = table or WorthTable(game)
        self.game = game
        self.worth = table.worth
        self.effect_worth = table.effect_worth
        self.draws = table.draws
        self.first_worth = table.first_worth
        self.first_worth_full = table.first_worth_full
        self.play_cost = table.play_cost
        self.end_game_cost = table.end_game_cost
        self.play_options = table.play_options
        self.end_game_options = table.end_game_options
        self.plan: list[tuple[int, str | None]] = []  # the plays still to make this turn, the next one last
        self.plan_key: tuple[int, int] = (-1, -1)

    def choose(self, state: AnguishState) -> Action:
        phase = state.phase
        if phase == MAIN:
            return self._main(state)
        if phase == KEEP:
            return self._keep(state)
        if phase == HAND_LIMIT_PHASE:
            return self._bottom(state)
        if phase == MULLIGAN:
            return self._mulligan(state)
        raise ValueError(f"the goldfish policy has no choice to make in the {phase} phase")

    def _first_worth(self, state: AnguishState, uid: int, hour: int) -> float:
        """Worth in the first Hour from `hour` on that the card can be paid for. The goldfish never
        removes a Creature, so with the Arsenal full a new Creature would not attack: only its effect
        counts."""
        return self._first_worths(state)[uid][hour]

    def _first_worths(self, state: AnguishState) -> list[list[float]]:
        """_first_worth of every card by Hour, for the Arsenal of the player to act as it is now."""
        full = len(state.seats[state.actor].arsenal) == ROW_SIZE
        return self.first_worth_full if full else self.first_worth

    def _mulligan(self, state: AnguishState) -> Action:
        hand = state.seats[state.actor].hand
        profiles = state.profiles
        early = any(profiles[uid].cost <= CHEAP and self._first_worth(state, uid, 1) > 0 for uid in hand)
        back = tuple(uid for uid in hand if self._first_worth(state, uid, 1) == 0
                     or (not early and profiles[uid].cost > COSTLY))
        return (act.MULLIGAN, back)

    def _keep(self, state: AnguishState) -> Action:
        first, second = state.seats[state.actor].drawing
        worths, hour, profiles = self._first_worths(state), state.hour, state.profiles
        first_rank = (-worths[first][hour], profiles[first].cost)
        second_rank = (-worths[second][hour], profiles[second].cost)
        kept = first if first_rank <= second_rank else second
        return (act.KEEP, kept, act.TO_BOTTOM)

    def _bottom(self, state: AnguishState) -> Action:
        hand = state.seats[state.actor].hand
        next_hour = min(LAST_HOUR, state.hour + 1)
        worths, profiles = self._first_worths(state), state.profiles
        worst = min(hand, key=lambda uid: (worths[uid][next_hour], -profiles[uid].cost))
        return (act.BOTTOM, worst)

    def _main(self, state: AnguishState) -> Action:
        seat = state.seats[state.active]
        play = self._next_play(state)
        if play is not None:
            return play
        if not state.attack_declared:
            ready = tuple(uid for uid in seat.arsenal if state.can_attack(uid))
            if ready:
                return (act.ATTACK, ready)
        if len(seat.arsenal) < ROW_SIZE:
            for uid in seat.protection:
                if state.moved[uid] != state.window and state.arsenal_of(uid) > 0:
                    return (act.MOVE, uid)
        return (act.END,)

    def _next_play(self, state: AnguishState) -> Action | None:
        # The plan holds for the turn until a card drawn changes the hand.
        key = (state.turn_index, len(state.drawn[state.active]))
        if key != self.plan_key:
            self.plan_key = key
            draws_first = sorted(self._best_plays(state), key=lambda play: not self.draws[play[0]])
            self.plan = draws_first[::-1]
        if not self.plan:
            return None
        uid, row = self.plan.pop()
        targets = state.targets_for(state.active, uid)
        target = uid if uid in targets else targets[0]
        return (act.PLAY, uid, row, target)

    def _best_plays(self, state: AnguishState) -> tuple[tuple[int, str | None], ...]:
        """The cards (and rows) worth the most together within the Hours left and the free locations:
        a Creature in the Arsenal is worth its attacks and effects, in the Defense Line its effects."""
        seat = state.seats[state.active]
        hour = state.hour
        budget = state.budget()
        profiles = state.profiles
        # The cards worth playing now, each with its cost and its options.
        candidates: list[tuple[int, int, tuple[_Option, ...]]] = []
        costs, options_of = (
            (self.end_game_cost, self.end_game_options) if state.end_game else (self.play_cost, self.play_options)
        )
        for uid in seat.hand:
            cost = costs[uid][hour]
            if cost > budget:  # too costly now, worth nothing, or kept for a response
                continue
            if profiles[uid].target is not None and not state.targets_for(state.active, uid):
                continue
            candidates.append((uid, cost, options_of[uid][hour]))
        if not candidates:
            return ()
        # (Hours left, Arsenal locations left, Defense Line locations left) -> the best plan found
        best: dict[tuple[int, int, int], _Plan] = {
            (budget, ROW_SIZE - len(seat.arsenal), ROW_SIZE - len(seat.protection)): (0.0, ()),
        }
        for uid, cost, options in candidates:
            for (hours, front, back), (total, cards) in list(best.items()):
                if cost > hours:
                    continue
                for gain, row, uses_front, uses_back in options:
                    if uses_front > front or uses_back > back:
                        continue
                    key = (hours - cost, front - uses_front, back - uses_back)
                    found = best.get(key)
                    if found is None or found[0] < total + gain:
                        best[key] = (total + gain, (*cards, (uid, row)))
        return max(best.values(), key=_plan_worth)[1]


def play_game(state: AnguishState, policy: GoldfishPolicy, checked: bool = False) -> None:
    """Play the deck's player's choices until the game ends; `checked` has every action validated."""
    apply = state.apply_action if checked else state.apply_trusted
    while not state.is_terminal():
        apply(policy.choose(state))


def record(state: AnguishState, seat: int = PLAYER) -> GameRecord:
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


_last: tuple[list[DeckCard], AnguishGame, WorthTable] | None = None


_tables: dict[int, tuple[AnguishGame, WorthTable]] = {}


def worth_table(game: AnguishGame) -> WorthTable:
    """The worth table of a Game, built once per Game (the last few are kept)."""
    if _last is not None and _last[1] is game:
        return _last[2]
    entry = _tables.get(id(game))
    if entry is None or entry[0] is not game:
        if len(_tables) >= 8:
            _tables.clear()
        entry = _tables[id(game)] = (game, WorthTable(game))
    return entry[1]


def _game_of(deck: ResolvedDeck) -> tuple[AnguishGame, WorthTable]:
    """A run plays one deck many times: its Game and worth table (neither changes once built) are
    built again only when the deck's cards differ from the last deck's."""
    global _last
    if _last is None or _last[0] != deck.entries:
        game = make_game(deck)
        _last = (list(deck.entries), game, WorthTable(game))
    return _last[1], _last[2]


def play_goldfish(deck: ResolvedDeck, rng: random.Random) -> GameRecord:
    game, table = _game_of(deck)
    state = game.new_initial_state(rng)
    play_game(state, GoldfishPolicy(game, table))
    return record(state)
