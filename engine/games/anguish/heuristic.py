"""Anguish's heuristic player: the built-in way a deck is played, against the goldfish or another deck.

POLICY (deterministic: the same position always gets the same choice; the player reads nothing but
the state it is asked about, so a copy of a game is played exactly as the game itself).

A card's worth is what it mills of the opponent's Lifeblood over the rest of the game if played in
a given Hour: a Creature's Arsenal (with its darkness bonus from the 7th Hour) for every Hour it can
attack until the 11th (from the Hour it is played with Ambush, else from the next), plus 3 for
"discards the top 3 cards" and the like, plus 1 for each card it draws. Against the goldfish, cards
that mill nothing (Protection bonuses, damage to enemy Creatures, Creatures without Arsenal) are
worth 0 and never played: the goldfish never attacks and has no Creatures.

1. Mulligan: put back every card worth 0 and, if no card worth something costs 2 Hours or less,
   every card costing more than 4 Hours.
2. Draw two, keep one: keep the card worth more in the Hour it could first be played (the cheaper
   on a tie; with the Arsenal full, a Creature is worth what 11. says); the other goes to the bottom.
3. Plays: choose the cards that are worth the most in total within the Hours left this turn and the
   free locations (an exact search over the hand): a Creature goes to the Arsenal, or, worth only its
   effect, to the Defense Line. Play cards that draw first, then choose again. A card that targets
   a Creature of its player's targets itself if it can.
4. Attack with every Creature that may attack.
5. After the attack, move Creatures with Arsenal from the Defense Line to free Arsenal locations.
6. End the turn; over 8 cards, put the cards worth least next Hour at the bottom (the costlier on a tie).

Against another deck (either seat), the same, and:

7. A card that damages an enemy Creature is worth, when the damage defeats one, what that Creature
   would mill from the next Hour on; it aims at the one that would mill the most. A Creature without
   Arsenal is worth its Protection in the Defense Line (the attacks it would absorb).
8. Attack with every Creature that may, except into an enemy Defense Line holding a Creature that
   would defeat it and survive.
9. Protection: align each attacker with the Creature that survives it (one that also defeats it
   first, then the one with the least Protection to spare); without one, trade a Creature that
   defeats the attacker and mills no more than it; in the End Game (the Stronghold takes what gets
   through), align the weakest Creature left rather than none. Play Desperate Gambit on an attacker
   left unprotected with 2 Arsenal or more.
10. The End Game: draw as many cards as allowed; over 8, discard the cards worth least. Every card
    is free (10.4): play the cards worth most in the free locations, where a Creature in the Arsenal
    is worth its Arsenal Score (it attacks at once), in the Defense Line half its Protection, a card
    milled a point of damage to the opponent's Stronghold, and a card drawn a point of damage to its
    player's own (10.6: no Lifeblood remains). Attack as in 8.
11. Making room: with the Arsenal full, a Creature in hand may take the place of the Creature of the
    Arsenal that would mill least from the next Hour on, when it would mill more from then on: after
    the attack, that Creature moves to the Defense Line (it needs a Protection Score and a free
    location, 5.1) or, with all 8 locations full, is replaced (7.1), and the new one is played in the
    Arsenal. Keeping and putting back value a Creature the same way when the Arsenal is full.
"""
from __future__ import annotations

from collections.abc import Hashable
from operator import itemgetter
from random import Random

from engine.core import State
from engine.games.anguish import actions as act
from engine.games.anguish.profiles import CREATURE, CardProfile
from engine.games.anguish.state import (
    END_GAME_DISCARD,
    END_GAME_DRAW,
    FIRST_HOUR,
    HAND_LIMIT_PHASE,
    KEEP,
    LAST_HOUR,
    LAST_LIGHT_HOUR,
    MAIN,
    MULLIGAN,
    PROTECT,
    ROW_SIZE,
    Action,
    AnguishGame,
    AnguishState,
    entry_protection,
)
from engine.players.base import Player

DRAW_WORTH = 1.0  # a drawn card is counted as worth one Lifeblood card milled
NEVER = LAST_HOUR + 1  # a cost no turn can pay: its budget is at most LAST_HOUR
CHEAP = 2  # the mulligan's "card to play early" costs this many Hours or less
COSTLY = 4  # without one, cards costing more than this go back
DEFENSE_WORTH = 0.5  # a point of Protection in the End Game's Defense Line, in points of Stronghold damage
GAMBIT_AT_LEAST = 2  # Desperate Gambit is kept for an unprotected attacker of this much Arsenal


def card_worth(card: CardProfile, hour: int, attacking: bool = True) -> float:
    """What the card mills of the opponent's Lifeblood over the rest of the game if played in `hour`
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
# A play of a plan: the card, its row, and the Creature that makes room for it in the Arsenal.
_Play = tuple[int, str | None, int | None]
# A plan of plays: its total worth and the plays.
_Plan = tuple[float, tuple[_Play, ...]]
_plan_worth = itemgetter(0)


class WorthTable:
    """Each card's worth in each Hour, read once per Game and shared by every game and copy of it."""

    __slots__ = (
        "game", "worth", "late_worth", "effect_worth", "draws", "first_worth", "play_cost", "end_game_cost",
        "play_options", "late_options", "end_game_options", "attacks_from",
    )

    def __init__(self, game: AnguishGame) -> None:
        self.game = game
        hours = range(LAST_HOUR + 1)
        self.worth = [[card_worth(card, hour) for hour in hours] for card in game.profiles]
        self.effect_worth = [card_worth(card, LAST_HOUR, attacking=False) for card in game.profiles]
        self.draws = [any(verb == "draw" for verb, _ in card.on_play) for card in game.profiles]
        # What a Creature in play mills if it attacks in every Hour from h on (h up to LAST_HOUR + 1).
        self.attacks_from = [
            [sum(card.arsenal + (card.dark_arsenal if later > LAST_LIGHT_HOUR else 0)
                 for later in range(hour, LAST_HOUR + 1)) if card.kind == CREATURE else 0
             for hour in range(LAST_HOUR + 2)]
            for card in game.profiles
        ]
        # _first_worth by card and Hour, with room in the Arsenal and with none (asked of every card
        # in hand at each keep and each card put back).
        self.first_worth = [
            [self.worth[uid][min(LAST_HOUR, max(hour, card.cost))] for hour in hours]
            for uid, card in enumerate(game.profiles)
        ]
        # What a card played after the attack is worth: a Creature attacks from the next Hour, Ambush
        # or not.
        self.late_worth = [
            [self.attacks_from[uid][hour + 1] + self.effect_worth[uid] for hour in hours]
            if card.kind == CREATURE else self.worth[uid]
            for uid, card in enumerate(game.profiles)
        ]
        # What the plan of each turn (_best_plays) asks of every card in hand, by card and Hour: the
        # Hours a play of the card costs (state.cost_of) when it is worth anything then and is not
        # kept for a response, else NEVER, more than any turn has; and its options.
        self.play_cost = [
            [card.cost if self.worth[uid][hour] > 0 and not card.response else NEVER for hour in hours]
            for uid, card in enumerate(game.profiles)
        ]
        self.play_options = [
            [self._options(uid, card, self.worth[uid][hour], light=hour <= LAST_LIGHT_HOUR) for hour in hours]
            for uid, card in enumerate(game.profiles)
        ]
        self.late_options = [
            [self._options(uid, card, self.late_worth[uid][hour], light=hour <= LAST_LIGHT_HOUR) for hour in hours]
            for uid, card in enumerate(game.profiles)
        ]
        # The End Game (7. of POLICY): every card is free (10.4), the Hour is over.
        self.end_game_options = [_end_game_options(card) for card in game.profiles]
        self.end_game_cost = [0 if options else NEVER for options in self.end_game_options]

    def _options(self, uid: int, card: CardProfile, worth: float, light: bool) -> tuple[_Option, ...]:
        """Where the card can be played and what it is worth there (`worth` in the Arsenal): a Discovery
        is worth its effect; a Creature its attacks and effects in the Arsenal, or only its effects in
        the Defense Line (which takes a card with a Protection Score)."""
        if card.kind != CREATURE:
            return ((worth, None, 0, 0),)
        if self.effect_worth[uid] > 0 and entry_protection(card, light) > 0:
            return ((worth, act.ARSENAL, 1, 0), (self.effect_worth[uid], act.PROTECTION, 0, 1))
        return ((worth, act.ARSENAL, 1, 0),)


def _end_game_options(card: CardProfile) -> tuple[_Option, ...]:
    """What a card is worth played in the End Game, where the Stronghold takes what gets through: a
    Creature in the Arsenal its Arsenal Score (it may attack at once, in Absolute Darkness, 6.2), in
    the Defense Line half its Protection (the attacks it absorbs); a card milled is a point of damage
    to the opponent's Stronghold, a card drawn one to its player's own (10.6: no Lifeblood remains)."""
    effect = float(sum(amount for verb, amount in card.on_play if verb == "mill_opponent")
                   - sum(amount for verb, amount in card.on_play if verb == "draw"))
    if card.kind != CREATURE:
        return ((effect, None, 0, 0),) if effect > 0 else ()
    options: list[_Option] = []
    if card.arsenal + card.dark_arsenal + effect > 0:
        options.append((card.arsenal + card.dark_arsenal + effect, act.ARSENAL, 1, 0))
    if card.protection > 0 and card.protection * DEFENSE_WORTH + effect > 0:
        options.append((card.protection * DEFENSE_WORTH + effect, act.PROTECTION, 0, 1))
    return tuple(options)


def _first_worth(state: AnguishState, table: WorthTable, uid: int, hour: int) -> float:
    """The card's worth in the first Hour from `hour` on that it can be paid for. With the Arsenal full,
    a Creature is worth what it mills less what the Creature making room for it would have milled from
    then on (11. of POLICY), or only its effect if that is more."""
    seat = state.seats[state.actor]
    if len(seat.arsenal) < ROW_SIZE or state.profiles[uid].kind != CREATURE:
        return table.first_worth[uid][hour]
    played = min(LAST_HOUR, max(hour, state.profiles[uid].cost))
    replacing = len(seat.protection) == ROW_SIZE
    losses = [table.attacks_from[other][played + 1] for other in seat.arsenal
              if replacing or state.profiles[other].protection > 0]
    worth = table.effect_worth[uid]
    if losses:
        worth = max(worth, table.worth[uid][played] - min(losses))
    return worth


_tables: dict[int, WorthTable] = {}
_KEPT_TABLES = 8


def worth_table(game: AnguishGame) -> WorthTable:
    """The worth table of a Game, built once per Game (the last few are kept)."""
    table = _tables.get(id(game))
    if table is None or table.game is not game:
        if len(_tables) >= _KEPT_TABLES:
            _tables.clear()
        table = _tables[id(game)] = WorthTable(game)
    return table


class HeuristicPlayer(Player):
    """POLICY above, at either seat. It keeps nothing between decisions but the worth table of the
    Game being played, so a copy of a position (a search's play-out) gets the same choices."""

    kind = "heuristic"

    def __init__(self) -> None:
        super().__init__()
        self.table: WorthTable | None = None

    def restart(self, state: State, seat: int, rng: Random) -> None:
        super().restart(state, seat, rng)
        assert isinstance(state, AnguishState)
        self.table = worth_table(state.game)

    def choose(self, state: State) -> Hashable:
        assert isinstance(state, AnguishState)
        table = self.table
        if table is None or table.game is not state.game:
            table = self.table = worth_table(state.game)
        phase = state.phase
        if phase == MAIN:
            return self._main(state, table)
        if phase == KEEP:
            return self._keep(state, table)
        if phase == HAND_LIMIT_PHASE:
            return (act.BOTTOM, self._least_worth(state, table))
        if phase == MULLIGAN:
            return self._mulligan(state, table)
        if phase == PROTECT:
            return self._protect(state, table)
        if phase == END_GAME_DRAW:
            return max(state.legal_actions(), key=itemgetter(1))
        if phase == END_GAME_DISCARD:
            return (act.DISCARD, self._least_worth(state, table))
        raise ValueError(f"the heuristic player has no choice to make in the {phase} phase")

    # ----- drawing and keeping -----

    def _mulligan(self, state: AnguishState, table: WorthTable) -> Action:
        hand = state.seats[state.actor].hand
        profiles = state.profiles
        worths = {uid: _first_worth(state, table, uid, FIRST_HOUR) for uid in hand}
        early = any(profiles[uid].cost <= CHEAP and worths[uid] > 0 for uid in hand)
        back = tuple(uid for uid in hand if worths[uid] == 0 or (not early and profiles[uid].cost > COSTLY))
        return (act.MULLIGAN, back)

    def _keep(self, state: AnguishState, table: WorthTable) -> Action:
        first, second = state.seats[state.actor].drawing
        hour, profiles = state.hour, state.profiles
        first_rank = (-_first_worth(state, table, first, hour), profiles[first].cost)
        second_rank = (-_first_worth(state, table, second, hour), profiles[second].cost)
        kept = first if first_rank <= second_rank else second
        return (act.KEEP, kept, act.TO_BOTTOM)

    def _least_worth(self, state: AnguishState, table: WorthTable) -> int:
        """The card of the hand worth least next Hour, or in the End Game (the costlier on a tie)."""
        hand = state.seats[state.actor].hand
        profiles = state.profiles
        if state.end_game:
            options = table.end_game_options
            return min(hand, key=lambda uid: (max((o[0] for o in options[uid]), default=0.0), -profiles[uid].cost))
        next_hour = min(LAST_HOUR, state.hour + 1)
        return min(hand, key=lambda uid: (_first_worth(state, table, uid, next_hour), -profiles[uid].cost))

    # ----- the turn -----

    def _main(self, state: AnguishState, table: WorthTable) -> Action:
        seat = state.seats[state.active]
        plays = self._best_plays(state, table)
        now = [play for play in plays if play[2] is None]
        if now:
            uid, row, _ = next((play for play in now if table.draws[play[0]]), now[0])
            return (act.PLAY, uid, row, self._target(state, uid))
        if not state.attack_declared:
            ready = self._attackers(state)
            if ready:
                return (act.ATTACK, ready)
        if plays:  # a Creature makes room in the Arsenal for one worth more there
            uid, _, leaving = plays[0]
            if len(seat.protection) < ROW_SIZE:
                return (act.MOVE, leaving)
            return (act.REPLACE, uid, leaving, self._target(state, uid))
        if len(seat.arsenal) < ROW_SIZE:
            for uid in seat.protection:
                if state.moved[uid] != state.window and state.arsenal_of(uid) > 0:
                    return (act.MOVE, uid)
        return (act.END,)

    @staticmethod
    def _target(state: AnguishState, uid: int) -> int | None:
        targets = state.targets_for(state.active, uid)
        if uid in targets:
            return uid
        if state.profiles[uid].target == "enemy" and len(targets) > 1:
            return max(targets, key=lambda target: _defeat_worth(state, uid, target))
        return targets[0]

    def _best_plays(self, state: AnguishState, table: WorthTable) -> tuple[_Play, ...]:
        """The cards (and rows) worth the most together within the Hours left and the free locations:
        a Creature in the Arsenal is worth its attacks and effects, in the Defense Line its effects.
        With the Arsenal full, a Creature may take the place of the one that would mill least from
        the next Hour on, which moves to the Defense Line (or, with all 8 locations full, is replaced):
        the new Creature is then worth what it mills, less what the other would have."""
        seat = state.seats[state.active]
        hour = state.hour
        budget = state.budget()
        profiles = state.profiles
        matchup = not state.game.goldfish
        end_game = state.end_game
        after_attack = state.attack_declared and not end_game
        # The cards worth playing now, each with its cost and its options.
        candidates: list[tuple[int, int, tuple[_Option, ...]]] = []
        play_cost = table.play_cost
        play_options = table.late_options if after_attack else table.play_options
        creatures = 0
        for uid in seat.hand:
            if end_game:
                cost, options = table.end_game_cost[uid], table.end_game_options[uid]
            else:
                cost, options = play_cost[uid][hour], play_options[uid][hour]
            if matchup and cost == NEVER:
                cost, options = _matchup_options(state, uid)
            if cost > budget:  # too costly now, worth nothing, or kept for a response
                continue
            if profiles[uid].target is not None and not state.targets_for(state.active, uid):
                continue
            candidates.append((uid, cost, options))
            creatures += profiles[uid].kind == CREATURE
        if not candidates:
            return ()
        front, back = ROW_SIZE - len(seat.arsenal), ROW_SIZE - len(seat.protection)
        room: list[tuple[float, int]] = []  # (what it would mill from the next Hour on, Creature)
        if creatures > front and not end_game:
            room, replacing = self._room(state, table)
            # Room is made after the attack, if one is still to come (a Creature that moves to the
            # Defense Line does not attack): the new Creature attacks from the next Hour.
            late = after_attack or bool(self._attackers(state))
        # (Hours left, Arsenal locations left, Defense Line locations left, Creatures that made
        # room) -> the best plan found
        best: dict[tuple[int, int, int, int], _Plan] = {(budget, front, back, 0): (0.0, ())}
        for uid, cost, options in candidates:
            arrives = 0.0
            if room and profiles[uid].kind == CREATURE:
                arrives = (table.late_worth if late else table.worth)[uid][hour]
            for (hours, free, guards, made), (total, cards) in list(best.items()):
                if cost > hours:
                    continue
                for gain, row, uses_front, uses_back in options:
                    if uses_front > free or uses_back > guards:
                        continue
                    key = (hours - cost, free - uses_front, guards - uses_back, made)
                    found = best.get(key)
                    if found is None or found[0] < total + gain:
                        best[key] = (total + gain, (*cards, (uid, row, None)))
                if arrives and free == 0 and made < len(room) and (replacing or guards > 0):
                    loss, leaving = room[made]
                    if arrives > loss:
                        key = (hours - cost, 0, guards if replacing else guards - 1, made + 1)
                        found = best.get(key)
                        if found is None or found[0] < total + arrives - loss:
                            best[key] = (total + arrives - loss, (*cards, (uid, act.ARSENAL, leaving)))
        return max(best.values(), key=_plan_worth)[1]

    @staticmethod
    def _room(state: AnguishState, table: WorthTable) -> tuple[list[tuple[float, int]], bool]:
        """The Creatures of a full Arsenal that could make room, least worth keeping first: each with
        what it would mill from the next Hour on. They move to the Defense Line (one with a Protection
        Score that has not changed lines this turn, 5.1, 7.1); with all 8 locations full any of them
        can be replaced instead (7.1). And whether it is replacing."""
        seat = state.seats[state.active]
        replacing = len(seat.protection) == ROW_SIZE
        later = state.hour + 1
        room = [(float(table.attacks_from[uid][later]), uid) for uid in seat.arsenal
                if replacing or (state.moved[uid] != state.window and state.protection_of(uid) > 0)]
        room.sort()
        return room, replacing

    # ----- attacks -----

    @staticmethod
    def _attackers(state: AnguishState) -> tuple[int, ...]:
        """Every Creature that may attack, but for those an enemy defender would defeat and survive."""
        ready = [uid for uid in state.seats[state.active].arsenal if state.can_attack(uid)]
        defenders = state.seats[1 - state.active].protection
        if defenders:
            ready = [uid for uid in ready if not any(_blocks_well(state, guard, uid) for guard in defenders)]
        return tuple(ready)

    def _protect(self, state: AnguishState, table: WorthTable) -> Action:
        attacker = next(uid for uid in state.attackers if uid not in state.blocks)
        taken = set(state.blocks.values())
        guards = [uid for uid in state.seats[state.actor].protection if uid not in taken]
        guard = self._guard_for(state, table, attacker, guards)
        if guard is None and state.arsenal_of(attacker) >= GAMBIT_AT_LEAST:
            for uid in state.seats[state.actor].hand:
                if state.profiles[uid].target == "attacker":
                    return (act.PLAY, uid, None, attacker)
        return (act.PROTECT, attacker, guard)

    @staticmethod
    def _guard_for(state: AnguishState, table: WorthTable, attacker: int, guards: list[int]) -> int | None:
        survivors = [uid for uid in guards if state.protection_of(uid) > state.arsenal_of(attacker)]
        if survivors:
            return min(survivors, key=lambda uid: (not _defeats(state, uid, attacker), state.protection_of(uid)))
        hour = min(LAST_HOUR + 1, state.hour + 1)
        threat = table.attacks_from[attacker][hour]
        traders = [uid for uid in guards if _defeats(state, uid, attacker) and table.attacks_from[uid][hour] <= threat]
        if traders:
            return min(traders, key=lambda uid: table.attacks_from[uid][hour])
        if state.end_game and guards:
            return min(guards, key=lambda uid: (state.arsenal_of(uid), state.protection_of(uid)))
        return None


def _defeats(state: AnguishState, uid: int, other: int) -> bool:
    """Aligned with `other`, `uid` sends it to the discard pile (5.2-5.3)."""
    return state.profiles[other].protection <= 0 or state.arsenal_of(uid) >= state.protection_of(other)


def _blocks_well(state: AnguishState, guard: int, attacker: int) -> bool:
    return state.protection_of(guard) > state.arsenal_of(attacker) and _defeats(state, guard, attacker)


def _defeat_worth(state: AnguishState, uid: int, target: int | None) -> float:
    """What an enemy Creature would mill from the next Hour on, if `uid`'s damage defeats it."""
    if target is None:
        return 0.0
    damage = sum(amount for verb, amount in state.profiles[uid].on_play if verb == "damage_enemy")
    if damage < state.protection_of(target):
        return 0.0
    return float(worth_table(state.game).attacks_from[target][min(LAST_HOUR + 1, state.hour + 1)])


def _matchup_options(state: AnguishState, uid: int) -> tuple[int, tuple[_Option, ...]]:
    """Against another deck, what a card worth nothing against the goldfish is worth now (7.)."""
    card = state.profiles[uid]
    cost = state.cost_of(uid)
    if card.response:
        return NEVER, ()
    if card.target == "enemy":
        worth = max((_defeat_worth(state, uid, target) for target in state.targets_for(state.active, uid)),
                    default=0.0)
        if worth > 0:
            row = None if card.kind != CREATURE else act.ARSENAL
            return cost, ((worth, row, 1 if row else 0, 0),)
    if card.kind == CREATURE and card.arsenal == 0 and state.entry_protection(uid) > 0:
        return cost, ((float(state.entry_protection(uid)), act.PROTECTION, 0, 1),)
    return NEVER, ()
