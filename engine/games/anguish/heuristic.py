"""Anguish's heuristic player: the built-in way a deck is played, against the goldfish or another deck.

POLICY (deterministic: the same position always gets the same choice; the player reads nothing but
the state it is asked about and the Game's cards, so a copy of a game is played exactly as the game).

A card's worth (worth.py) is what it mills of the opponent's Lifeblood if played in a given Hour: a
Creature's Arsenal (with its darkness bonus) for every Hour it can attack until the horizon, plus N
for "discards the top N cards", plus 1 for each card it draws. Against the goldfish, cards that mill
nothing (Protection bonuses, damage to enemy Creatures, Creatures without Arsenal) are worth 0 and
never played: the goldfish never attacks and has no Creatures.

0. The horizon: the deck's clock (against the goldfish, the Hour by which three in four of its games
   are over: 32 trial games played by these rules with the 11th Hour as horizon); once that Hour is
   reached, the 11th (a slow game may go on). What a Creature would mill after the horizon counts for
   nothing: the game is over by then. Against another deck the clock is the 11th Hour.
1. Mulligan: put back every card worth nothing or less than an average card of the rest of the
   Lifeblood (what a card drawn in its place is worth).
2. Draw two, keep one: keep the card worth more in the first Hour it can be paid for (the cheaper on
   a tie). The Arsenal holds four Creatures: when the Arsenal and the hand already hold four or more,
   a Creature is worth only what it would mill over the fourth best of them (it takes that one's
   place), or its effect if that is more. The other card goes to the bottom.
3. Plays: choose the cards that are worth the most in total within the Hours left this turn and the
   free locations (an exact search over the hand): a Creature goes to the Arsenal, or, worth only its
   effect, to the Defense Line. Play cards that draw first, then choose again. A card that targets
   a Creature of its player's targets itself if it can.
4. Attack with every Creature that may attack.
5. After the attack, move Creatures with Arsenal from the Defense Line to free Arsenal locations.
6. End the turn; over 8 cards, put the card worth least next Hour (as in 2.) at the bottom (the
   costlier on a tie).

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
    Arsenal. An Ambush Creature that would mill more this Hour than the one making room for it takes
    its place before the attack, and attacks at once.
"""
from __future__ import annotations

from collections.abc import Hashable
from itertools import compress
from math import ceil
from operator import itemgetter
from random import Random
from typing import Final

from engine.core import State
from engine.games.anguish import actions as act
from engine.games.anguish.combat import best_target, guard_for, matchup_options, safe_attackers
from engine.games.anguish.state import (
    _HANDLERS,
    END_GAME_DISCARD,
    END_GAME_DRAW,
    HAND_LIMIT,
    HAND_LIMIT_PHASE,
    KEEP,
    LAST_HOUR,
    LAST_LIGHT_HOUR,
    MAIN,
    MULLIGAN,
    OVER,
    PROTECT,
    ROW_SIZE,
    Action,
    AnguishGame,
    AnguishState,
)
from engine.games.anguish.worth import (
    FIT_GUARDS,
    FIT_MOST,
    FIT_ROW_BITS,
    FIT_TOP,
    NEVER,
    Candidate,
    Option,
    WorthTable,
)
from engine.players.base import Player

GAMBIT_AT_LEAST: Final = 2  # Desperate Gambit is kept for an unprotected attacker of this much Arsenal
CLOCK_TRIALS: Final = 32  # goldfish games played to find a deck's clock
CLOCK_SHARE: Final = 0.75  # the clock: the Hour by which this share of them is over

# A play of a plan: the card, its row, the Creature that makes room for it in the Arsenal, and
# whether room is made before the attack (for an Ambush Creature to attack at once) or after it.
_Play = tuple[int, str | None, int | None, bool]
# A plan of plays: its total worth, negated, the places of its plays among the cards and options
# looked at (which breaks ties: one character a play, in the order of the cards, so that comparing
# two of them compares the plays), the plays, and what it leaves: Hours, Arsenal locations, Defense
# Line locations, and the Creatures that made room. Of two plans, the better is the smaller (no two
# have the same order: it names their plays).
_Plan = tuple[float, str, tuple[_Play, ...], int, int, int, int]
_ORDER: Final = 4  # more than any card's options and making room
# The characters of plays (chr, read from a list: a search makes one at every step), for more
# candidates than a hand can hold (the Lifeblood holds 35 cards).
_CHARS: Final = tuple(map(chr, range(_ORDER * 64)))
_END_TURN: Final[Action] = (act.END,)
_COST: Final = itemgetter(1)  # a candidate's Hours
_NO_PLACE: Final = (0.0, -1, 0.0)  # (a room's place that is not there)


class HeuristicPlayer(Player):
    """POLICY above, at either seat. It keeps nothing between decisions but the worth table of the
    Game being played, so a copy of a position (a search's play-out) gets the same choices."""

    kind = "heuristic"
    uses_stream = False  # its choices are the position's alone

    def __init__(self) -> None:
        super().__init__()
        self.table: WorthTable | None = None
        # The rest of the plan of a turn, for the state it was made in once the action chosen is
        # applied: (that state, its steps then, its turn, the action, the plays still to make).
        self._plan: tuple[AnguishState, int, int, Action, tuple[_Play, ...]] | None = None
        # The last plan worked out was every card worth playing, each in its best place, and what
        # its plays change cannot change which cards are worth playing (see _best_plays).
        self._settled = False
        # Against another deck, a turn of a state in which no card is worth playing, and no look at the
        # position could change that until the turn ends (see _main): (that state, its turn).
        self._idle: tuple[AnguishState, int] | None = None
        self._nothing = False  # the last plan worked out found no card worth playing, for good
        # The safe attackers of the last position the plan search looked at them in: (it, its steps, them).
        self._ready: tuple[AnguishState, int, tuple[int, ...]] | None = None

    def restart(self, state: State, seat: int, rng: Random) -> None:
        super().restart(state, seat, rng)
        assert isinstance(state, AnguishState)
        self.table = worth_table(state.game)
        self._plan = None
        self._idle = None
        self._ready = None
        # Against the goldfish the other seat never acts: play_out hands this player the state, and it
        # plays the rest of the game on by itself (see _play_goldfish).
        self.play_on = self._play_goldfish if state.game.goldfish else None

    def _play_goldfish(self, state: State) -> None:
        """Every move to the game's end against the goldfish, each the one choose() makes, applied as
        apply_trusted applies it, without play_out asking for each. A main phase's plan is carried from
        one move to the next as _main carries it: against the goldfish, the rest of the plan is the
        plan of the position its first play leads to, unless that play draws or ends the turn (_act
        says so with None)."""
        assert isinstance(state, AnguishState)
        table = self.table
        if table is None or table.game is not state.game:
            table = self.table = worth_table(state.game)
        apply, best_plays, act_on, draws = state.apply_trusted, self._best_plays, self._act, table.draws
        creature_at = table.creature
        profiles = state.profiles
        self._plan = self._idle = None
        while True:
            phase = state.phase
            if phase == MAIN:
                rest: tuple[_Play, ...] | None = None
                while True:
                    action: Action
                    if rest is None:  # a look at the position
                        plays = best_plays(state, table)
                        # Every play of the plan goes into a free place and none draws: _act then makes
                        # them in the plan's order (a card that draws goes first, room is made after them).
                        in_order = True
                        for uid, _, leaving, _ in plays:
                            if leaving is not None or draws[uid]:
                                in_order = False
                                break
                    else:
                        plays = rest
                    if in_order and plays:  # what _act makes of such a plan: its first play, then the rest
                        uid, row, _, _ = plays[0]
                        target = None if profiles[uid].target is None else best_target(state, table, uid)  # _target
                        action, rest = (act.PLAY, uid, row, target), plays[1:]
                    elif plays:
                        action, rest = act_on(state, table, plays)
                    # What _act makes of a plan with nothing left: the attack, then the end of the turn. Against
                    # the goldfish every Creature that may attack is a safe attacker (safe_attackers: it has no
                    # defender), and the attack is applied at once (goldfish_attack; the plan stays empty).
                    elif not state.attack_declared and state.goldfish_attack():
                        if state.phase != MAIN:
                            break
                        rest = plays  # (nothing)
                        continue
                    else:  # _after_attack(state), inlined
                        action, rest = _END_TURN, None
                        seat = state.seats[state.active]
                        if len(seat.arsenal) < ROW_SIZE:
                            for uid in seat.protection:
                                if state.moved[uid] != state.window and state.arsenal_of(uid) > 0:
                                    action, rest = (act.MOVE, uid), ()
                                    break
                    # state.apply_trusted(action), inlined
                    state.steps += 1
                    state.last_action = action
                    if action is _END_TURN and not state.end_game and len(state.seats[state.active].hand) <= HAND_LIMIT:
                        state._finish_turn()  # state._end(action), less what cannot apply
                    else:
                        _HANDLERS[action[0]](state, action)
                    # (an attack on the goldfish, or a card played that is no Creature, changes nothing a
                    # card waiting to be played waits for: a place in a line, a Creature of its player
                    # to target; apply_trusted's look again would find the same)
                    if (state.pending and state.phase == MAIN and action[0] != act.ATTACK
                            and (action[0] != act.PLAY or creature_at[action[1]])):
                        state._recheck_pending()
                    if state.ran_out and not state.end_game and state.phase != OVER:
                        state._trigger_end_game()
                    if state.phase != MAIN:
                        break
            elif phase == KEEP:
                # state.apply_trusted(action), less what cannot apply: keeping a card draws nothing from
                # the Lifeblood, and the cards the main phase it begins could not play yet were looked
                # at just now (a look again would find the same)
                action = (act.KEEP, _kept(state, table), act.TO_BOTTOM)  # self._keep(state, table)
                state.steps += 1
                state.last_action = action
                state._keep(action)
            elif phase == OVER:
                return
            else:
                apply(self.choose(state))

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

    @staticmethod
    def _mulligan(state: AnguishState, table: WorthTable) -> Action:
        player = state.actor
        hand, worth = state.seats[player].hand, table.opening_worth
        rest = state.seats[player].lifeblood
        # (lists, not generators: they cost less for a hand of five; a sum of floats from 0.0, as compiled
        # code reads one from the int 0 as an int)
        average = (table.opening_total[player] - sum([worth[uid] for uid in hand], 0.0)) / len(rest) if rest else 0.0
        return (act.MULLIGAN, tuple([uid for uid in hand if worth[uid] == 0.0 or worth[uid] < average]))

    @staticmethod
    def _keep(state: AnguishState, table: WorthTable) -> Action:
        return (act.KEEP, _kept(state, table), act.TO_BOTTOM)

    @staticmethod
    def _least_worth(state: AnguishState, table: WorthTable) -> int:
        """The card of the hand worth least next Hour, or in the End Game (the costlier on a tie)."""
        hand = state.seats[state.actor].hand
        profiles = state.profiles
        if state.end_game:
            options = table.end_game_options
            return min(hand, key=lambda uid: (max((o[0] for o in options[uid]), default=0.0), -profiles[uid].cost))
        worths = _worths_in_hand(state, table, hand, min(LAST_HOUR, state.hour + 1))
        return min(zip(worths, hand, strict=True), key=lambda pair: (pair[0], -profiles[pair[1]].cost))[1]

    # ----- the turn -----

    def _main(self, state: AnguishState, table: WorthTable) -> Action:
        kept = self._plan  # the rest of a plan made for this very state (see below), if any
        if (kept is not None and kept[0] is state and kept[1] == state.steps and kept[2] == state.turn_index
                and kept[3] == state.last_action):
            plays = kept[4]
        elif self._idle is not None and self._idle[0] is state and self._idle[1] == state.turn_index:
            plays = ()
        else:
            plays = self._best_plays(state, table)
            # No card worth playing, none read from the position (an enemy Creature to defeat, a
            # Creature without Arsenal) nor left out for want of a target: nothing else this player
            # does in the turn (attack, move Creatures) and nothing the other does in answer to an
            # attack (align Creatures, play cards) changes the hand, the Hours, or the cards' worth
            # (after the attack a Creature is worth at most what it was before), so no card becomes
            # worth playing before the turn ends.
            self._idle = (state, state.turn_index) if self._nothing and not state.game.goldfish else None
        action, rest = self._act(state, table, plays)
        # Against the goldfish nothing but this action comes between it and the next decision, and
        # the rest of the plan is the best plan of the position it leads to (see _best_plays): kept
        # for it, for this very state only (a copy or another game works its plan out afresh).
        # Against another deck, the same holds after a card is played from a settled plan, when the
        # card harms no enemy Creature (the enemy's Creatures are all the cards' worth reads of the
        # position beyond the hand, the Hours and the locations).
        if rest is not None and (state.game.goldfish or (
                self._settled and action[0] == act.PLAY and not table.harms[action[1]])):
            self._plan = (state, state.steps + 1, state.turn_index, action, rest)
        else:
            self._plan = None
        return action

    def _act(self, state: AnguishState, table: WorthTable, plays: tuple[_Play, ...]
             ) -> tuple[Action, tuple[_Play, ...] | None]:
        """The action that carries out the plan, and the rest of the plan once it is taken (None when
        it cannot be known: a card drawn changes the hand, a turn ends)."""
        seat = state.seats[state.active]
        first = drawing = early = None  # the first play into a free place, the first that draws, the
        draws = table.draws  # first that makes room before the attack
        first_at = 0  # where the first is in the plan (by place, not identity: compiled, a play is a new tuple)
        for at, play in enumerate(plays):
            if play[2] is None:
                if first is None:
                    first, first_at = play, at
                if draws[play[0]]:
                    drawing = play
                    break
            elif play[3] and early is None:
                early = play
        if first is not None:
            play = drawing or first
            uid = play[0]
            if drawing:
                rest = None
            elif first_at == 0:
                rest = plays[1:]
            else:
                rest = plays[:first_at] + plays[first_at + 1:]
            return (act.PLAY, uid, play[1], _target(state, table, uid)), rest
        if early is None and not state.attack_declared:
            ready = self._attackers(state)
            if ready:
                return (act.ATTACK, ready), plays
        if plays:  # a Creature makes room in the Arsenal for one worth more there (then look again:
            uid, _, leaving, _ = early or plays[0]  # a full Defense Line may make other room)
            if len(seat.protection) < ROW_SIZE:
                return (act.MOVE, leaving), None
            return (act.REPLACE, uid, leaving, _target(state, table, uid)), None
        return _after_attack(state)

    def _attackers(self, state: AnguishState) -> tuple[int, ...]:
        """safe_attackers(state): those _best_plays found in this very position, if it looked."""
        seen = self._ready
        if seen is not None and seen[0] is state and seen[1] == state.steps:
            return seen[2]
        return safe_attackers(state)

    def _best_plays(self, state: AnguishState, table: WorthTable) -> tuple[_Play, ...]:
        """The cards (and rows) worth the most together within the Hours left and the free locations:
        a Creature in the Arsenal is worth its attacks until the horizon and its effects, in the
        Defense Line its effects. With the Arsenal full, a Creature may take the place of the one that
        would mill least from the next Hour on (11.): it is then worth what it mills, less what the
        other would have."""
        seat = state.seats[state.active]
        hand = seat.hand
        hour = state.hour
        end_game = state.end_game
        budget = LAST_HOUR if end_game else hour - state.spent  # state.budget(), inlined
        profiles = state.profiles
        matchup = not state.game.goldfish
        after_attack = state.attack_declared and not end_game
        # The cards worth playing now, each with its cost and its options.
        candidates: list[Candidate] = []
        if end_game:
            plans = table.end_game_plans
        else:
            plans = (table.plans if matchup else table.goldfish_plans)[after_attack][hour]
        creature_at, matchup_read = table.creature, table.matchup_read
        creatures = spend = 0  # the Creatures among the candidates, the Hours all of them cost
        untargeted = False  # a Discovery was left out for want of a target
        read = False  # a card's worth was read from the position (matchup_options)
        if matchup:
            for uid in hand:
                candidate = plans[uid]
                if candidate[1] > budget:  # too costly now, or NEVER (more than any budget)
                    if not (candidate[1] == NEVER and matchup_read[uid]):
                        continue  # or worth nothing now, or kept for a response (matchup_options says NEVER)
                    read = True
                    candidate = (uid, *matchup_options(state, table, uid), None)
                    if candidate[1] > budget or not candidate[2]:
                        continue
                elif not candidate[2]:  # worth nothing now
                    continue
                if creature_at[uid]:  # played with or without a target (a "When played" step)
                    creatures += 1
                elif profiles[uid].target is not None and not state.targets_for(state.active, uid):
                    untargeted = True
                    continue  # a Discovery needs its target
                spend += candidate[1]
                candidates.append(candidate)
        else:  # the same against the goldfish, where a card worth nothing now costs NEVER too (goldfish_plans)
            for uid in hand:
                candidate = plans[uid]
                if candidate[1] > budget:
                    continue
                if creature_at[uid]:
                    creatures += 1
                elif profiles[uid].target is not None and not state.targets_for(state.active, uid):
                    continue  # (what is left out for want of a target is read against another deck only)
                spend += candidate[1]
                candidates.append(candidate)
        # (what _settled and _nothing say is read against another deck only: _main)
        if matchup:
            self._settled = False
            self._nothing = not (candidates or untargeted or read)
        if not candidates:
            return ()
        front, back = ROW_SIZE - len(seat.arsenal), ROW_SIZE - len(seat.protection)
        # Settled: once the first play of the plan is made (a card that harms no enemy Creature, into
        # a free place), the next look finds the same cards, each with the same cost and options (the
        # Hour, the attack and the enemy's Creatures are as they were; the Creatures in play only
        # gain one, so a Discovery with a target keeps it, and none was left out for want of one), but
        # those it can no longer pay for, with Hours and places less by just what that play used, and
        # looks for no room (a Creature played takes a free Arsenal location or none, and leaves one
        # fewer Creature in hand). The rest of the plan is then the plan it finds: see _search.
        settled = matchup and not untargeted and (end_game or creatures <= front)
        room: list[tuple[float, int, float]] = []  # Creatures that can make room (see _room)
        replacing = attack_to_come = False
        if creatures > front and seat.arsenal and not end_game:
            # Room is worth making only for a Creature that would mill more than one of the room. (Asked
            # of the room found: it seldom says no of the Arsenal's least before it is looked for.)
            room, replacing = self._room(state, table)
            if room and not _room_pays(candidates, creature_at, table.arrives[True], hour, room[0][0]):
                room = []  # the search without room finds the same plan, more cheaply
            if room and not after_attack:  # (without room the search does not ask)
                if matchup:
                    ready = safe_attackers(state)
                    self._ready = (state, state.steps, ready)  # for _act, if it looks at an attack
                    attack_to_come = bool(ready)
                else:  # (against the goldfish, _act finds the attackers again if it looks at an attack)
                    attack_to_come = _any_attacker(state)
        if room:
            if not front and len(room) == 1 and creatures == len(candidates):  # (see _one_place_made)
                plays = _one_place_made(candidates, table, hour, budget, back, room[0], replacing, attack_to_come,
                                        after_attack)
                if plays is not None:
                    return plays
            plays = _two_plays_at_most(candidates, table, hour, budget, front, back, room, replacing, attack_to_come,
                                       after_attack)
            if plays is not None:
                return plays
            return _search(candidates, table, hour, budget, front, back, room, replacing, attack_to_come, after_attack)
        # (when they cost more Hours than are left, they do not all fit)
        everything = _everything_fits(candidates, budget, front, back) if spend <= budget else None
        if everything is not None:
            if settled:
                self._settled = True  # the rest of them fit, each where it did
            return everything
        # The search finds the best plan of all (see _search), and so the best plan of what follows
        # its first play is the rest of it: when the next look searches. It may find that all the
        # rest fit and take each card where it is worth most instead, which is the best plan too when
        # every card is worth something somewhere (else the best plan leaves out one worth nothing).
        if settled:
            self._settled = _all_worth_something(candidates)
        return _best_fit(candidates, budget, front, back, creatures == len(candidates))

    @staticmethod
    def _room(state: AnguishState, table: WorthTable) -> tuple[list[tuple[float, int, float]], bool]:
        """The Creatures of a full Arsenal that could make room, least worth keeping first: each with
        what it would mill from the next Hour until the horizon, and from this Hour if it may still
        attack now. They move to the Defense Line (one with a Protection Score that has not changed
        lines this turn, 5.1, 7.1); with all 8 locations full any of them can be replaced instead
        (7.1). A Creature played this turn keeps the place it was played into. And whether it is
        replacing."""
        seat = state.seats[state.active]
        replacing = len(seat.protection) == ROW_SIZE
        hour, window = state.hour, state.window
        if replacing:
            movable = seat.arsenal
        else:  # those that can move to the Defense Line: found first, as often none can
            moved, bonus = state.moved, state.bonus
            # state.protection_of(uid) is the Score it entered play with, and what effects added or took away
            entered = table.entry_protection[not state.end_game and hour <= LAST_LIGHT_HOUR]
            movable = []
            if state.damaged:
                damage = state.damage
                for uid in seat.arsenal:
                    if entered[uid] + bonus[uid] - damage[uid] > 0 and moved[uid] != window:
                        movable.append(uid)
            else:  # no card carries damage (every goldfish game)
                for uid in seat.arsenal:
                    if entered[uid] + bonus[uid] > 0 and moved[uid] != window:
                        movable.append(uid)
            if not movable:
                return [], replacing  # (often: none of them has a Protection Score)
        attacks_now = hour <= table.horizon_at[hour]
        keeps, summoned = table.keeps, state.summoned
        # Nothing weakened (every goldfish game): each Creature's Arsenal Score, and whether it strikes,
        # are the Game's tables, as _unanswered and safe_attackers read them.
        plain = not state.weakening
        dark = state.end_game or hour > LAST_LIGHT_HOUR
        scores, strikes = state.game.arsenal_scores[dark], state.game.strikes[dark]
        attacked, to_arsenal, turn = state.attacked, state.to_arsenal, state.turn_index
        room = []
        for uid in movable:
            if summoned[uid] == hour:
                continue  # played this turn: it was chosen for its place
            later = keeps[uid][hour]
            if not attacks_now:
                now = later
            elif plain:  # state.can_attack(uid), less what holds here: it was played before this Hour
                now = later + scores[uid] if (attacked[uid] != window and to_arsenal[uid] != turn
                                              and strikes[uid]) else later
            else:
                now = later + state.arsenal_of(uid) if state.can_attack(uid) else later
            room.append((later, uid, now))
        room.sort()
        return room, replacing

    # ----- the other player's attacks -----

    @staticmethod
    def _protect(state: AnguishState, table: WorthTable) -> Action:
        attacker = next(uid for uid in state.attackers if uid not in state.blocks)
        taken = set(state.blocks.values())
        guards = [uid for uid in state.seats[state.actor].protection if uid not in taken]
        guard = guard_for(state, table, attacker, guards)
        if guard is None and state.arsenal_of(attacker) >= GAMBIT_AT_LEAST:
            for uid in state.seats[state.actor].hand:
                if state.profiles[uid].target == "attacker":
                    return (act.PLAY, uid, None, attacker)
        return (act.PROTECT, attacker, guard)


def _after_attack(state: AnguishState) -> tuple[Action, tuple[_Play, ...] | None]:
    """With nothing left to play nor to attack with: a Creature with Arsenal in the Defense Line moves
    to a free Arsenal location (POLICY 5), else the turn ends (as _act says it)."""
    seat = state.seats[state.active]
    if len(seat.arsenal) < ROW_SIZE:
        for uid in seat.protection:
            if state.moved[uid] != state.window and state.arsenal_of(uid) > 0:
                return (act.MOVE, uid), ()
    return _END_TURN, None


def _any_attacker(state: AnguishState) -> bool:
    """bool(safe_attackers(state)), found at the first Creature that may attack when nothing is weakened
    and the other player has no Creature in the Defense Line (then every Creature that may attack is a
    safe attacker: there is no defender)."""
    if state.weakening or state.seats[1 - state.active].protection:
        return bool(safe_attackers(state))
    # state.can_attack(uid), inlined as safe_attackers inlines it
    attacked, to_arsenal, window, turn = state.attacked, state.to_arsenal, state.window, state.turn_index
    summoned, hour, end_game, game = state.summoned, state.hour, state.end_game, state.game
    ambush, strikes = game.ambush, game.strikes[end_game or hour > LAST_LIGHT_HOUR]
    for uid in state.seats[state.active].arsenal:
        if (attacked[uid] != window and to_arsenal[uid] != turn and strikes[uid]
                and (summoned[uid] < hour or end_game or ambush[uid])):
            return True
    return False


def _room_pays(candidates: list[Candidate], creature_at: list[bool],
               arriving: list[list[float]], hour: int, least: float) -> bool:
    """Some Creature of the candidates would mill more in a place made than `least`: what the Creature
    of the room that would mill least would have milled (_search's gain of the first place made, the
    best it can make: played before the attack it mills no less than after it). Else no room made is
    worth it, and _search finds the plan it would find without room."""
    for uid, _, _, _ in candidates:  # noqa: SIM110 (a loop, not a generator: asked at most searches)
        if creature_at[uid] and arriving[uid][hour] > least:
            return True
    return False


def _target(state: AnguishState, table: WorthTable, uid: int) -> int | None:
    return None if state.profiles[uid].target is None else best_target(state, table, uid)


def _search(candidates: list[Candidate], table: WorthTable, hour: int, budget: int,
            front: int, back: int, room: list[tuple[float, int, float]], replacing: bool, attack_to_come: bool,
            after_attack: bool) -> tuple[_Play, ...]:
    """The plan worth most of `candidates` (an exact search over them, POLICY 3 and 11).

    Without room to make, it is the best of all the plans that fit: worth most, and of those worth the
    same, the one whose order (its plays' characters, in the order of the candidates) comes first.
    Worths are whole numbers and halves, so their sums are exact; a plan kept for a position is the best
    of those that reach it, because extending two plans by the same play keeps which is better (two
    plans worth the same that reach the same position differ before either ends: the plays one has
    beyond the other would take no Hour and no place, and every such play is worth something)."""
    # (Hours left, Arsenal locations left, Defense Line locations left, Creatures that made room),
    # as one number -> the best plan found, with those four. Of plans worth the same, the one whose
    # plays come first in the hand (then by option) is kept: so once its first play is made, the rest
    # of it is the best plan of the position that follows, as a fresh look would find it.
    best: dict[int, _Plan] = {_key(budget, front, back, 0): (0.0, "", (), budget, front, back, 0)}
    get, chars = best.get, _CHARS
    creature_at = table.creature
    arrives_late, arrives_early = table.arrives[False], table.arrives[True]
    rooms = len(room)
    for position, (uid, cost, options, _) in enumerate(candidates):
        arrives = arrives_now = 0.0
        if room and creature_at[uid]:
            arrives = arrives_late[uid][hour]  # room made after the attack
            arrives_now = arrives_early[uid][hour]  # before it: with Ambush, it attacks now
        base = _ORDER * position
        for loss, order, cards, hours, free, guards, made in tuple(best.values()):
            if cost > hours:
                continue
            left = hours - cost
            for choice, (gain, row, uses_front, uses_back) in enumerate(options):
                if uses_front > free or uses_back > guards:
                    continue
                free_left, guards_left = free - uses_front, guards - uses_back
                key = ((left << 4 | free_left) << 4 | guards_left) << 4 | made  # _key, inlined
                loss_then, then = loss - gain, order + chars[base + choice]
                found = get(key)
                if found is None or loss_then < found[0] or (loss_then == found[0] and then < found[1]):
                    best[key] = (loss_then, then, cards + ((uid, row, None, False),), left, free_left, guards_left,
                                 made)
            # A place made is one more place, whatever comes first in the hand: a plan that makes
            # room with a place still free is never the best (the same card in that place is worth
            # as much, and comes first among its options).
            if arrives_now and made < rooms and (replacing or guards > 0):
                loss_later, leaving, loss_now = room[made]
                gain, early = arrives - loss_later, False
                if not attack_to_come and not after_attack:
                    gain, early = arrives_now - loss_later, True  # no attack to wait for: at once
                elif attack_to_come and arrives_now - loss_now > gain:
                    gain, early = arrives_now - loss_now, True
                if gain > 0:
                    guards_left = guards if replacing else guards - 1
                    key = ((left << 4 | free) << 4 | guards_left) << 4 | made + 1  # _key, inlined
                    loss_then, then = loss - gain, order + chars[base + len(options)]
                    found = get(key)
                    if found is None or loss_then < found[0] or (loss_then == found[0] and then < found[1]):
                        best[key] = (loss_then, then, cards + ((uid, act.ARSENAL, leaving, early),), left, free,
                                     guards_left, made + 1)
    return min(best.values())[2]


def _one_place_made(candidates: list[Candidate], table: WorthTable, hour: int, budget: int, back: int,
                    place: tuple[float, int, float], replacing: bool, attack_to_come: bool,
                    after_attack: bool) -> tuple[_Play, ...] | None:
    """_search's plan when no Arsenal location is free, one place can be made (`place`, the room) and
    every candidate is a Creature whose one option is the Arsenal; else None.

    Then a Creature is played only by making room, and only one can make it: the plans are no play, and
    each Creature that makes the place alone, when it can (it is worth something there, _search gives it
    a character for it: what it would mill before the attack is not nothing, the Hours are enough and,
    unless it replaces, a Defense Line location is free for the one that leaves). _search's best is
    the one worth most (minus its worth is the smaller), and of those worth the same the one whose
    order comes first: the Creature first among the candidates (its character is _ORDER x its place +
    1); no play when none is worth more than nothing."""
    creature_at = table.creature
    arrives_late, arrives_early = table.arrives[False], table.arrives[True]
    for uid, _, options, _ in candidates:
        if not creature_at[uid] or len(options) != 1 or not options[0][2]:
            return None
    if not replacing and back <= 0:
        return ()
    loss_later, leaving, loss_now = place
    best: _Play | None = None
    most = 0.0  # what the best play so far gains: only a play worth more than nothing is one
    for uid, cost, _, _ in candidates:
        arrives_now = arrives_early[uid][hour]  # before the attack: with Ambush, it attacks now
        if not arrives_now or cost > budget:
            continue
        gain, early = arrives_late[uid][hour] - loss_later, False  # as _search reckons it
        if not attack_to_come and not after_attack:
            gain, early = arrives_now - loss_later, True  # no attack to wait for: at once
        elif attack_to_come and arrives_now - loss_now > gain:
            gain, early = arrives_now - loss_now, True
        if gain > most:
            best, most = (uid, act.ARSENAL, leaving, early), gain
    return () if best is None else (best,)


def _two_plays_at_most(candidates: list[Candidate], table: WorthTable, hour: int, budget: int, front: int, back: int,
                       room: list[tuple[float, int, float]], replacing: bool, attack_to_come: bool,
                       after_attack: bool) -> tuple[_Play, ...] | None:
    """_search's plan when every candidate has a step (one option, worth more than nothing: worth.fit_step)
    that takes no Defense Line location, and no plan can make more than two plays; else None.

    No plan makes three plays when the three cheapest candidates cost more than the Hours, or when the
    free Arsenal locations, the places that can be made and the candidates whose option takes no location
    come to two at most (any other play takes a location of its own). Places are made one after another,
    room[0] first: as many as the room holds when replacing, else no more than the free Defense Line
    locations (a place made takes one, and nothing else does).

    Every plan (no play, a play, two) is looked at in the order of its order (_search's characters:
    4 x the card's place among the candidates, + 0 for its option, + 1 for making room): a plan before
    the plans that extend it, those by their second play, and all of them before the plans whose first
    play comes later. The first plan worth most is kept (only one worth more than the best so far
    replaces it; no play, worth nothing, comes first of all): of the plans worth most, the one whose order
    comes first, which is _search's best plan (see _search: every play is worth something, as a place is
    made only when worth something). Each play is worth what _search reckons it, and a pair of plays
    their sum, added in the order of the cards as _search adds them."""
    places = len(room) if replacing or back >= len(room) else back
    if len(candidates) > 1:
        cheapest = sorted(map(_COST, candidates))
        if cheapest[0] + cheapest[1] > budget:  # no two fit in the Hours: the best play alone
            return _one_play(candidates, table, hour, budget, front, places, room, attack_to_come, after_attack)
        if len(candidates) > 2 and cheapest[0] + cheapest[1] + cheapest[2] <= budget:  # do the locations fit three?
            plays = front + places  # the most plays that take a location, and those that take none
            for _, _, options, step in candidates:
                if step is None:
                    return None
                if not options[0][2]:
                    plays += 1
            if plays > 2:
                return None
    # Each candidate's cost, its option's worth and Arsenal locations, and what it gains making the first
    # place and the second, as _search reckons it (nothing when it cannot make one).
    creature_at = table.creature
    arrives_late, arrives_early = table.arrives[False], table.arrives[True]
    at_once = not attack_to_come and not after_attack  # no attack to wait for: a place made is worth it at once
    first_later, _, first_now = room[0] if places else _NO_PLACE
    second_later, _, second_now = room[1] if places > 1 else _NO_PLACE
    looks = []
    for uid, cost, options, step in candidates:
        if step is None:
            return None
        gain, _, uses_front, uses_back = options[0]
        if uses_back:
            return None
        first = second = 0.0
        if places and creature_at[uid]:
            arrives_now = arrives_early[uid][hour]
            if arrives_now:  # (as _search asks it)
                if at_once:
                    first = arrives_now - first_later
                    if places > 1:
                        second = arrives_now - second_later
                else:
                    arrives = arrives_late[uid][hour]
                    first = arrives - first_later
                    if attack_to_come and arrives_now - first_now > first:
                        first = arrives_now - first_now
                    if places > 1:
                        second = arrives - second_later
                        if attack_to_come and arrives_now - second_now > second:
                            second = arrives_now - second_now
        looks.append((cost, gain, uses_front, first, second))
    most = 0.0
    # The best plan so far: (a card, its play, the other card or -1, its play), a play being 0 for the
    # option, 1 for making the first place, 2 for the second.
    best: tuple[int, int, int, int] | None = None
    for position, (cost, gain, uses_front, first, _) in enumerate(looks):
        left = budget - cost
        if left < 0:
            continue
        after = position + 1
        if uses_front <= front:  # its option, alone, then with each later card
            if gain > most:
                most, best = gain, (position, 0, -1, 0)
            free = front - uses_front
            if first > 0.0:  # and making the first place, alone, then with each later card (see below)
                most_made, made = 0.0, None
                for other, (other_cost, other_gain, other_front, other_first, other_second) in enumerate(
                        looks[after:], after):
                    if other_cost > left:
                        continue
                    if other_front <= free and gain + other_gain > most:
                        most, best = gain + other_gain, (position, 0, other, 0)
                    if other_first > 0.0 and gain + other_first > most:
                        most, best = gain + other_first, (position, 0, other, 1)
                    if other_front <= front and first + other_gain > most_made:
                        most_made, made = first + other_gain, (position, 1, other, 0)
                    if other_second > 0.0 and first + other_second > most_made:
                        most_made, made = first + other_second, (position, 1, other, 2)
                # The plans making the first place come after every plan of its option, the one alone first.
                if first > most:
                    most, best = first, (position, 1, -1, 0)
                if most_made > most:
                    most, best = most_made, made
            else:
                for other, (other_cost, other_gain, other_front, other_first, _) in enumerate(looks[after:], after):
                    if other_cost > left:
                        continue
                    if other_front <= free and gain + other_gain > most:
                        most, best = gain + other_gain, (position, 0, other, 0)
                    if other_first > 0.0 and gain + other_first > most:
                        most, best = gain + other_first, (position, 0, other, 1)
        elif first > 0.0:  # making the first place, alone, then with each later card
            if first > most:
                most, best = first, (position, 1, -1, 0)
            for other, (other_cost, other_gain, other_front, _, other_second) in enumerate(looks[after:], after):
                if other_cost > left:
                    continue
                if other_front <= front and first + other_gain > most:
                    most, best = first + other_gain, (position, 1, other, 0)
                if other_second > 0.0 and first + other_second > most:
                    most, best = first + other_second, (position, 1, other, 2)
    if best is None:
        return ()
    position, play, other, other_play = best
    chosen = _chosen_play(candidates[position], play, table, hour, room, attack_to_come, after_attack)
    if other < 0:
        return (chosen,)
    return chosen, _chosen_play(candidates[other], other_play, table, hour, room, attack_to_come, after_attack)


def _one_play(candidates: list[Candidate], table: WorthTable, hour: int, budget: int, front: int, places: int,
              room: list[tuple[float, int, float]], attack_to_come: bool,
              after_attack: bool) -> tuple[_Play, ...] | None:
    """_two_plays_at_most when no two candidates fit in the Hours together (with `places` worked out): the
    plans are no play and each play alone, looked at in the same order (a card's option before its making
    the first place), the first worth most kept."""
    creature_at = table.creature
    arrives_late, arrives_early = table.arrives[False], table.arrives[True]
    at_once = not attack_to_come and not after_attack
    first_later, _, first_now = room[0] if places else _NO_PLACE
    most = 0.0
    best: tuple[int, int] | None = None  # (a card, its play: 0 for the option, 1 for making the first place)
    for position, (uid, cost, options, step) in enumerate(candidates):
        if step is None:
            return None
        gain, _, uses_front, uses_back = options[0]
        if uses_back:
            return None
        if cost > budget:
            continue
        if uses_front <= front and gain > most:
            most, best = gain, (position, 0)
        if places and creature_at[uid]:
            arrives_now = arrives_early[uid][hour]
            if arrives_now:  # (as _search asks it)
                if at_once:
                    first = arrives_now - first_later
                else:
                    first = arrives_late[uid][hour] - first_later
                    if attack_to_come and arrives_now - first_now > first:
                        first = arrives_now - first_now
                if first > most:
                    most, best = first, (position, 1)
    if best is None:
        return ()
    return (_chosen_play(candidates[best[0]], best[1], table, hour, room, attack_to_come, after_attack),)


def _chosen_play(candidate: Candidate, play: int, table: WorthTable, hour: int, room: list[tuple[float, int, float]],
                 attack_to_come: bool, after_attack: bool) -> _Play:
    """The play of a candidate (0: its option, 1 or 2: making the first or the second place), as _search
    makes it: a place is made before the attack when there is no attack to wait for, or when it gains
    more that way (it attacks at once) than after it."""
    uid, _, options, _ = candidate
    if not play:
        return (uid, options[0][1], None, False)
    later, leaving, now = room[play - 1]
    early = (not attack_to_come and not after_attack) or (
        attack_to_come and table.arrives[True][uid][hour] - now > table.arrives[False][uid][hour] - later)
    return (uid, act.ARSENAL, leaving, early)


def _best_fit(candidates: list[Candidate], budget: int, front: int, back: int,
              all_creatures: bool = True) -> tuple[_Play, ...]:
    """_search without room to make: every plan that fits, tried (_best_of_every) when every card has one
    option and a few are looked at, else the search (_fit_search). Both find the same plan. (The search
    is the cheaper for a single card, and when no Arsenal location is free: it leaves out the Creatures
    at once.) With at most one Arsenal location free and only Creatures for the Arsenal alone, the plan
    is found at once (_one_for_the_arsenal); it is not asked when the candidates are not all Creatures
    (`all_creatures`): the option of a card that is no Creature is in no line, and it would say None.
    When no two candidates fit in the Hours together, the best play alone is the plan (_one_fits)."""
    if front <= 1 and all_creatures:
        one = _one_for_the_arsenal(candidates, budget, front)
        if one is not None:
            return one
    if len(candidates) > 1:
        cheapest = sorted(map(_COST, candidates))
        if cheapest[0] + cheapest[1] > budget:  # no two fit in the Hours
            return _one_fits(candidates, budget, front, back)
        if not front:
            return _fit_search(candidates, budget, front, back)
        every = _best_of_every(candidates, budget, front, back)
        if every is not None:
            return every
    return _fit_search(candidates, budget, front, back)


def _one_fits(candidates: list[Candidate], budget: int, front: int, back: int) -> tuple[_Play, ...]:
    """_fit_search's plan when no two candidates fit in the Hours together (each alone does, as the plan's
    candidates do). Then every plan is no play or one play made from it, and _fit_search, keeping the
    best plan that reaches each position, finds the best of them all: the option worth most that the
    Hours and the free locations take, the first of them on a tie (a character is 4 x the card's place +
    its option: the earlier card, then its earlier option), if it is worth more than nothing (no play is
    worth nothing, and its order, the empty one, comes first)."""
    best: tuple[int, str | None] | None = None
    most = 0.0
    for uid, cost, options, _ in candidates:
        if cost > budget:
            continue
        for gain, row, uses_front, uses_back in options:
            if gain > most and uses_front <= front and uses_back <= back:
                best, most = (uid, row), gain
    return () if best is None else ((best[0], best[1], None, False),)


def _one_for_the_arsenal(candidates: list[Candidate], budget: int, front: int) -> tuple[_Play, ...] | None:
    """_fit_search's plan when no more than one Arsenal location is free (`front`) and every candidate's
    one option takes one; else None. No plan then plays more than one card: with none free, the plan is
    no play; with one, the card worth most that the Hours pay for, the first of them on a tie (its
    character comes first), if it is worth more than nothing (no play is worth nothing, and its order,
    the empty one, comes first)."""
    for _, _, options, _ in candidates:
        if len(options) != 1 or not options[0][2]:  # (an option in the Arsenal takes one location there, only)
            return None
    if not front:
        return ()
    best: tuple[int, str | None] | None = None
    most = 0.0
    for uid, cost, options, _ in candidates:
        gain = options[0][0]
        if gain > most and cost <= budget:
            best, most = (uid, options[0][1]), gain
    return () if best is None else ((best[0], best[1], None, False),)


def _best_of_every(candidates: list[Candidate], budget: int, front: int, back: int) -> tuple[_Play, ...] | None:
    """_fit_search's plan, found as the greatest number of every plan that fits (a plan's number is the
    sum of its plays' steps, worth.fit_step, and what the turn has: the plan of no plays), when every
    candidate has a step (one option, worth more than nothing) and a few are looked at; else None.

    The greater number is the better plan as _fit_search has it: worth more, or, worth the same, the one
    whose order comes first. Two plans worth the same differ before either ends (a play is worth
    something), at a card one of them plays and the other leaves out, the other's next play being a
    later card (or none): the order of the plan that plays it comes first, and its number is the
    greater (the cards before are the same, and a card's bit is above those of every later card). And
    _fit_search finds the best plan of all (see _search, which holds when every play is worth
    something). A plan is made only from plans that fit: what is left only goes down."""
    if len(candidates) > FIT_MOST:
        return None
    plans = [(budget << FIT_ROW_BITS | front) << FIT_ROW_BITS | back | FIT_GUARDS]  # the plan of no plays
    bit = 1 << FIT_TOP  # the candidate's bit, the first candidate's highest
    for _, _, _, step in candidates:
        if step is None:
            return None
        bit >>= 1
        step += bit
        for before in tuple(plans):
            plan = before + step
            if plan & FIT_GUARDS == FIT_GUARDS:  # nothing it takes is more than was left
                plans.append(plan)
    best = max(plans)
    bit = 1 << FIT_TOP
    chosen = []
    for uid, _, options, _ in candidates:
        bit >>= 1
        if best & bit:
            chosen.append((uid, options[0][1], None, False))
    return tuple(chosen)


def _fit_search(candidates: list[Candidate], budget: int, front: int,
                back: int) -> tuple[_Play, ...]:
    """_search without room to make, lighter: a plan is kept as its worth, negated, and its order alone (the
    order names its plays: a character is 4 x the card's place among the candidates + its option), by
    what it leaves (Hours, Arsenal and Defense Line locations, as one number); the best of all (see
    _search) is read back from its order."""
    # A card with no option that fits the places there are at the start extends no plan (places left
    # only go down): left out, the others keep their order.
    candidates = _placeable(candidates, front, back)
    if not candidates:
        return ()
    if len(candidates) == 1:  # the best of its options that fit, if it is worth something (else none)
        uid, _, options, _ = candidates[0]
        chosen = None
        for gain, row, uses_front, uses_back in options:
            if gain > 0 and uses_front <= front and uses_back <= back and (chosen is None or gain > chosen[0]):
                chosen = (gain, row)
        return () if chosen is None else ((uid, chosen[1], None, False),)
    # A plan is kept as (minus its worth, its order): the better of two plans is the smaller pair.
    best: dict[int, tuple[float, str]] = {(budget << 4 | front) << 4 | back: (0.0, "")}
    get, chars = best.get, _CHARS
    for position, (_, cost, options, _) in enumerate(candidates):
        base = _ORDER * position
        for key, (loss, order) in tuple(best.items()):
            if cost > key >> 8:
                continue
            free, guards = (key >> 4) & 15, key & 15
            for choice, (gain, _, uses_front, uses_back) in enumerate(options):
                if uses_front > free or uses_back > guards:
                    continue
                after = key - ((cost << 4 | uses_front) << 4 | uses_back)
                plan = (loss - gain, order + chars[base + choice])
                found = get(after)
                if found is None or plan < found:
                    best[after] = plan
    order = min(best.values())[1]
    plays = []
    for char in order:
        position, choice = divmod(ord(char), _ORDER)
        uid, _, options, _ = candidates[position]
        plays.append((uid, options[choice][1], None, False))
    return tuple(plays)


def _placeable(candidates: list[Candidate], front: int, back: int
               ) -> list[Candidate]:
    """The candidates with an option that takes no more Arsenal and Defense Line locations than `front`
    and `back`, in their order."""
    kept = []
    for candidate in candidates:
        for option in candidate[2]:
            if option[2] <= front and option[3] <= back:
                kept.append(candidate)
                break
    return kept


def _all_worth_something(candidates: list[Candidate]) -> bool:
    """Every candidate has an option worth more than nothing (plain loops: asked at most searches)."""
    for _, _, options, _ in candidates:
        for option in options:
            if option[0] > 0:
                break
        else:
            return False
    return True


def _key(hours: int, free: int, guards: int, made: int) -> int:
    """A search position as one number (each count is at most LAST_HOUR or ROW_SIZE, below 16)."""
    return ((hours << 4 | free) << 4 | guards) << 4 | made


def _everything_fits(candidates: list[Candidate], budget: int, front: int,
                     back: int) -> tuple[_Play, ...] | None:
    """Every card worth playing, each where it is worth most (the first such place on a tie), when
    they all fit together: the best plan there is, found without a search (None if they do not)."""
    plays = []
    for uid, cost, options, _ in candidates:
        gain, row, uses_front, uses_back = options[0] if len(options) == 1 else max(options, key=_option_gain)
        budget -= cost
        front -= uses_front
        back -= uses_back
        if budget < 0 or front < 0 or back < 0:
            return None  # what is left only goes down
        plays.append((uid, row, None, False))
    return tuple(plays)


def _option_gain(option: Option) -> float:
    return option[0]


def _kept(state: AnguishState, table: WorthTable) -> int:
    """The card kept of the two drawn (POLICY 2): the one worth more, the cheaper on a tie.

    _worths_in_hand of the two, in the Hour they are drawn, worked out for just them: neither is in
    the hand, so a Creature among them is measured against the fourth best of the Arsenal and the
    hand, and when no Creature was drawn, or fewer than four are there, nothing is measured at all."""
    seat = state.seats[state.actor]
    first, second = seat.drawing
    now = state.hour
    worth_of = table.worth_at[now][now]
    first_worth, second_worth = worth_of[first], worth_of[second]
    creature_at = table.creature
    if creature_at[first] or creature_at[second]:
        if creature_at[first] and creature_at[second]:
            # What each is worth kept is its worth, or the greater of its worth less the fourth best and
            # its effect: never less for a Creature with no less of both. The one with no less of both,
            # when a tie would keep it too (the cheaper, the first when as cheap), is kept whatever the
            # fourth best is: nothing need be ranked.
            effect_worth, profiles = table.effect_worth, state.profiles
            if first_worth >= second_worth:
                if effect_worth[first] >= effect_worth[second] and profiles[first].cost <= profiles[second].cost:
                    return first
            elif effect_worth[second] >= effect_worth[first] and profiles[second].cost < profiles[first].cost:
                return second
        arsenal, hand = seat.arsenal, seat.hand
        if len(arsenal) + len(hand) >= ROW_SIZE:  # (else fewer than four Creatures, surely)
            keeps = table.keeps_at[now]
            ranked = []
            for uid in arsenal:  # (loops: a comprehension, or a map of a list's __getitem__, costs more here)
                ranked.append(keeps[uid])
            for uid in hand:
                if creature_at[uid]:
                    ranked.append(worth_of[uid])
            if len(ranked) >= ROW_SIZE:
                ranked.sort(reverse=True)
                fourth = ranked[ROW_SIZE - 1]
                effect_worth = table.effect_worth
                if creature_at[first]:
                    over, effect = first_worth - fourth, effect_worth[first]
                    first_worth = over if over > effect else effect
                if creature_at[second]:
                    over, effect = second_worth - fourth, effect_worth[second]
                    second_worth = over if over > effect else effect
    # (-worth, cost) of the first <= that of the second, compared without the tuples
    if first_worth != second_worth:
        return first if first_worth > second_worth else second
    profiles = state.profiles
    return first if profiles[first].cost <= profiles[second].cost else second


def _worths_in_hand(state: AnguishState, table: WorthTable, cards: tuple[int, ...] | list[int],
                    hour: int) -> list[float]:
    """Each card's worth in the first Hour from `hour` on that it can be paid for, until the horizon
    (POLICY 2): a Creature, when the Arsenal and the rest of the hand already hold four or more, only
    what it would mill over the fourth best of them, or its effect if that is more."""
    seat = state.seats[state.actor]
    now = state.hour
    worth_of = table.worth_at[now][hour].__getitem__  # uid -> its worth_until now
    worths = list(map(worth_of, cards))
    creature_at = table.creature
    hand = seat.hand
    # What the Creatures of the Arsenal and the hand would mill, best first: a card is measured
    # against the fourth best of the others (a Creature of the hand is one of them: its own worth,
    # worths[index], is left out once).
    ranked = sorted([*map(table.keeps_at[now].__getitem__, seat.arsenal),
                     *map(worth_of, compress(hand, map(creature_at.__getitem__, hand)))], reverse=True)
    if len(ranked) < ROW_SIZE:
        return worths  # room for every Creature there is, or no fourth best to measure against
    fourth = ranked[ROW_SIZE - 1]
    fifth = ranked[ROW_SIZE] if len(ranked) > ROW_SIZE else None
    effect_worth = table.effect_worth
    for index, uid in enumerate(cards):
        if not creature_at[uid]:
            continue
        if uid not in hand:
            over = worths[index] - fourth
        elif fifth is not None:  # without its own worth: the next one moves up if it was ahead
            worth = worths[index]
            over = worth - (fifth if worth >= fourth else fourth)
        else:
            continue
        effect = effect_worth[uid]
        worths[index] = over if over > effect else effect  # max(effect, over), without the call
    return worths


_tables: dict[int, WorthTable] = {}
_KEPT_TABLES: Final = 8


def worth_table(game: AnguishGame) -> WorthTable:
    """The worth table of a Game with its clock, built once per Game (the last few are kept)."""
    table = _tables.get(id(game))
    if table is None or table.game is not game:
        if len(_tables) >= _KEPT_TABLES:
            _tables.clear()
        table = WorthTable(game)
        if game.goldfish:
            table.set_clock(deck_clock(table))
        _tables[id(game)] = table
    return table


def deck_clock(table: WorthTable) -> int:
    """POLICY 0: the Hour by which three in four goldfish games of the deck are over, played by this
    policy with the 11th Hour as horizon (the table's clock as it is built), on fixed deals."""
    player = HeuristicPlayer()
    player.table = table
    ends = []
    for deal in range(CLOCK_TRIALS):
        trial = table.game.new_initial_state(Random(deal))
        player._play_goldfish(trial)  # (the player is not restarted: that would look for the table being built)
        ends.append(trial.hour)
    ends.sort()
    return ends[ceil(CLOCK_SHARE * len(ends)) - 1]
