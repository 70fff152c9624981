"""The heuristic player's reading of a fight with another deck (POLICY 7-9 in heuristic.py): which
attacks are safe, which Creature protects against an attacker, what damage to an enemy Creature is
worth. Against the goldfish none of this comes up: it has no Creatures and never attacks."""
from __future__ import annotations

from engine.games.anguish import actions as act
from engine.games.anguish.profiles import CREATURE
from engine.games.anguish.state import LAST_HOUR, LAST_LIGHT_HOUR, AnguishState
from engine.games.anguish.worth import NEVER, Option, WorthTable


def defeats(state: AnguishState, uid: int, other: int) -> bool:
    """Aligned with `other`, `uid` sends it to the discard pile (5.2-5.3)."""
    return state.profiles[other].protection <= 0 or state.arsenal_of(uid) >= state.protection_of(other)


def blocks_well(state: AnguishState, guard: int, attacker: int) -> bool:
    """`guard` would defeat `attacker` and survive it."""
    return state.protection_of(guard) > state.arsenal_of(attacker) and defeats(state, guard, attacker)


def safe_attackers(state: AnguishState) -> tuple[int, ...]:
    """Every Creature of the player to act that may attack, but for those an enemy defender would
    defeat and survive."""
    arsenal = state.seats[state.active].arsenal
    if not arsenal:
        return ()
    # state.can_attack(uid), inlined: asked of every Creature of the Arsenal at each look at an attack
    attacked, to_arsenal, window, turn = state.attacked, state.to_arsenal, state.window, state.turn_index
    summoned, hour, end_game, game = state.summoned, state.hour, state.end_game, state.game
    ambush = game.ambush
    ready = []
    profiles = state.profiles
    if state.weakening:
        for uid in arsenal:
            if attacked[uid] == window or to_arsenal[uid] == turn:
                continue
            card = profiles[uid]
            if ((end_game or summoned[uid] < hour or ambush[uid])
                    and (card.arsenal > state.weakened[uid] or state.arsenal_of(uid) > 0)):
                ready.append(uid)
    else:  # nothing weakened: whether each card strikes is the Game's table (for this Hour's light)
        strikes = game.strikes[end_game or hour > LAST_LIGHT_HOUR]
        for uid in arsenal:
            if (attacked[uid] != window and to_arsenal[uid] != turn and strikes[uid]
                    and (summoned[uid] < hour or end_game or ambush[uid])):
                ready.append(uid)
    if not ready:
        return ()
    defenders = state.seats[1 - state.active].protection
    if defenders:
        # blocks_well(guard, uid) for every pair, with each guard's Scores read once
        arsenal_of, protection_of = state.arsenal_of, state.protection_of
        guards = [(protection_of(guard), arsenal_of(guard)) for guard in defenders]
        kept = []
        for uid in ready:
            hit, endures = arsenal_of(uid), protection_of(uid)
            unprotected = profiles[uid].protection <= 0
            if not any(guarding > hit and (unprotected or striking >= endures) for guarding, striking in guards):
                kept.append(uid)
        ready = kept
    return tuple(ready)


def guard_for(state: AnguishState, table: WorthTable, attacker: int, guards: list[int]) -> int | None:
    """The Creature to align with `attacker`: one that survives it (that also defeats it first, then
    with the least Protection to spare); else one that defeats it and mills no more than it; in the
    End Game, where the Stronghold takes what gets through, the weakest; else none."""
    survivors = [uid for uid in guards if state.protection_of(uid) > state.arsenal_of(attacker)]
    if survivors:
        return min(survivors, key=lambda uid: (not defeats(state, uid, attacker), state.protection_of(uid)))
    later = min(LAST_HOUR + 1, state.hour + 1)
    threat = table.attacks_from[attacker][later]
    traders = [uid for uid in guards if defeats(state, uid, attacker) and table.attacks_from[uid][later] <= threat]
    if traders:
        return min(traders, key=lambda uid: table.attacks_from[uid][later])
    if state.end_game and guards:
        return min(guards, key=lambda uid: (state.arsenal_of(uid), state.protection_of(uid)))
    return None


def defeat_worth(state: AnguishState, table: WorthTable, uid: int, target: int | None) -> float:
    """What an enemy Creature would mill from the next Hour on, if `uid`'s damage defeats it."""
    if target is None:
        return 0.0
    damage = sum(amount for verb, amount in state.profiles[uid].on_play if verb == "damage_enemy")
    if damage < state.protection_of(target):
        return 0.0
    return float(table.attacks_from[target][min(LAST_HOUR + 1, state.hour + 1)])


def best_target(state: AnguishState, table: WorthTable, uid: int) -> int | None:
    """The target of `uid` if it is played now: itself, if it can (a Creature giving itself its
    bonus), the enemy Creature its damage defeats that would mill most, else the first."""
    targets = state.targets_for(state.active, uid)
    if uid in targets:
        return uid
    if state.profiles[uid].target == "enemy" and len(targets) > 1:
        return max(targets, key=lambda target: defeat_worth(state, table, uid, target))
    return targets[0]


def matchup_options(state: AnguishState, table: WorthTable, uid: int) -> tuple[int, tuple[Option, ...]]:
    """Against another deck, what a card worth nothing against the goldfish is worth now: damage that
    defeats an enemy Creature, or a Creature without Arsenal in the Defense Line (its Protection)."""
    card = state.profiles[uid]
    cost = state.cost_of(uid)
    if card.response:
        return NEVER, ()
    if card.target == "enemy":
        worth = max((defeat_worth(state, table, uid, target) for target in state.targets_for(state.active, uid)),
                    default=0.0)
        if worth > 0:
            row = None if card.kind != CREATURE else act.ARSENAL
            return cost, ((worth, row, 1 if row else 0, 0),)
    if card.kind == CREATURE and card.arsenal == 0 and state.entry_protection(uid) > 0:
        return cost, ((float(state.entry_protection(uid)), act.PROTECTION, 0, 1),)
    return NEVER, ()
