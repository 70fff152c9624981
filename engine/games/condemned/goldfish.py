"""Goldfish games of The Condemned: the deck against the generic inmate, played by POLICY.

The inmate (20 Life, no abilities, no cards) never acts: it keeps its empty hand, plays nothing and
never parries. The Desperation Rule would let it make a 1-damage attack each turn (it is at Melee,
with no Weapons anywhere), but a goldfish "never acts", so it declines. A game ends when the inmate's
Life reaches 0 (a win), when the deck's Condemned dies (Blood Magic can do that), or at the end of
the deck player's 30th turn.

POLICY, the deck player's choices (deterministic: ties go to the first legal action):

- Mulligan a hand with no Weapon its Condemned can equip and no card that searches for a Weapon,
  while mulligans are left; keep any other hand.
- Main Phase, in this order, one step at a time:
  1. Equip the Weapon that most raises the damage of the coming Attack Phase (the first attack in
     full, every later one halved and rounded up; Durability left breaks ties), moving a Weapon to
     the other hand first when that makes room for a better one.
  2. Play Preparations: a search for the equippable Weapon (or Armor) that would deal (or last)
     the most; a repair on the damaged Weapon that deals the most damage (else the most damaged
     Armor), held while nothing is damaged; any other Preparation, unless it would cost the last
     of the Condemned's Life. A card that does nothing against the inmate (Molotov Cocktail) is
     still played: every card played is one more card in the next draw to 5.
  3. Equip Armor into an empty slot, or over an Armor with less Durability left.
  4. Play an Event that is playable in the Main Phase, unless an Event that adds to an attack is
     in hand and the Condemned will attack this turn (the one Event a turn is kept for it).
  5. Never discard to switch between Melee and Ranged: every Weapon attacks at Melee, and the
     switch costs the Attack Phase.
- Attack Phase: every attack the rules allow, Main Hand first, at the enemy Condemned when it may
  be targeted, else at the Armor closest to breaking. On the turn's first attack, play the Event
  that adds the most damage to it.
- Start-of-turn choices: damage the enemy card closest to breaking; repair the most damaged card.
- Decisions the inmate never causes (parrying, answering an Event) are declined.

docs/rules-notes.md ("The Condemned: playing the game") has the rule readings behind the engine.
"""
from __future__ import annotations

import random
from collections import Counter
from typing import Any

from engine.core import PLAYER
from engine.deck import ResolvedDeck
from engine.games.condemned import effects as fx
from engine.games.condemned.specs import ARMOR, EVENT, PREPARATION, WEAPON, CardSpec
from engine.games.condemned.state import (
    ATTACK,
    ATTACK_EVENTS,
    CHOOSE,
    CONDEMNED_TARGET,
    END_ATTACKS,
    END_MAIN,
    KEEP,
    MAIN,
    MULLIGAN,
    MULLIGAN_ACTION,
    PASS,
    Action,
    CondemnedGame,
    CondemnedState,
    Side,
    make_game,
)
from engine.goldfish_record import GameRecord

_cache: tuple[ResolvedDeck, tuple[Any, ...], CondemnedGame] | None = None


def _game(deck: ResolvedDeck) -> CondemnedGame:
    """The deck's Game, made once for the many games of a run (it holds the per-card data)."""
    global _cache
    fingerprint = tuple((e.name, e.count, e.section) for e in deck.entries)
    if _cache is None or _cache[0] is not deck or _cache[1] != fingerprint:
        _cache = (deck, fingerprint, make_game(deck))
    return _cache[2]


def play_goldfish(deck: ResolvedDeck, rng: random.Random) -> GameRecord:
    state = _game(deck).new_initial_state(rng)
    while not state.is_terminal():
        state.apply_action(choose(state))
    player = state.sides[PLAYER]
    return GameRecord(
        end_turn=player.turns,
        won=state.winner == PLAYER,
        damage_by_turn=list(state.damage_by_turn),
        mulligans=player.mulligans,
        first_turn_play=state.first_turn_play,
        drawn=+player.drawn,  # "+" drops the cards a mulligan sent back
        played=Counter(player.played),
        no_effect=Counter(player.no_effect),
    )


def choose(state: CondemnedState) -> Action:
    """POLICY's action for the player to act (the inmate only ever passes)."""
    legal = state.legal_actions()
    side = state.sides[state.actor]
    if side.passive:
        return next(a for a in legal if a in (KEEP, PASS, END_MAIN, END_ATTACKS))
    phase = state.phase
    if phase == MULLIGAN:
        return MULLIGAN_ACTION if MULLIGAN_ACTION in legal and not _keepable(state, side) else KEEP
    if phase == MAIN:
        return _main(state, side, legal)
    if phase == ATTACK:
        return _attack(state, side, legal)
    if phase == ATTACK_EVENTS and state.actor == state.active:
        return _attack_event(state, legal)
    if phase == CHOOSE:
        assert state.choosing is not None
        return ("choose", _best_option(state, side, state.choosing, [a[1] for a in legal]))
    return PASS


def _keepable(state: CondemnedState, side: Side) -> bool:
    for card in side.hand:
        spec = state.spec_of[card.uid]
        if spec.card_type == WEAPON and card.name in side.equippable:
            return True
        if any(isinstance(v, fx.Search) and v.card_type == WEAPON for v in spec.actions):
            return True
    return False


# ------------------------------------------------------------------------------------ weapons


def _attack_damage(side: Side, spec: CardSpec) -> int:
    return spec.damage + (side.condemned.type_bonus.get(spec.damage_type, 0) if spec.damage_type else 0)


def _loadout(side: Side, main: CardSpec | None, off: CardSpec | None, durability: int) -> tuple[int, int]:
    """The damage of an Attack Phase with these Weapons at the side's range, and Durability left."""
    attacks: list[int] = []
    for spec in (main, off):
        if spec is not None and (not side.at_range or spec.usable_at_ranged):
            attacks += [_attack_damage(side, spec)] * spec.attacks
    damage = attacks[0] + sum(-(-d // 2) for d in attacks[1:]) if attacks else 0
    return damage, durability


def _weapon_left(state: CondemnedState, side: Side, card: Any) -> int:
    return state.durability_left(side, card) if card is not None else 0


def _after_equip(state: CondemnedState, side: Side, main: Any, off: Any, card: Any, place: str) -> tuple[int, int]:
    """The loadout value once `card` is equipped in `place` with `main` and `off` held."""
    spec = state.spec_of[card.uid]
    main_spec = state.spec_of[main.uid] if main is not None else None
    off_spec = state.spec_of[off.uid] if off is not None else None
    fresh = spec.durability
    if spec.two_hand or (main_spec is not None and main_spec.two_hand):
        return _loadout(side, spec if place == "main" else None, spec if place == "off" else None, fresh)
    if place == "main":
        return _loadout(side, spec, off_spec, fresh + _weapon_left(state, side, off))
    return _loadout(side, main_spec, spec, fresh + _weapon_left(state, side, main))


def _current(state: CondemnedState, side: Side, main: Any, off: Any) -> tuple[int, int]:
    return _loadout(
        side,
        state.spec_of[main.uid] if main is not None else None,
        state.spec_of[off.uid] if off is not None else None,
        _weapon_left(state, side, main) + _weapon_left(state, side, off),
    )


def _weapon_step(state: CondemnedState, side: Side, legal: list[Action]) -> Action | None:
    equips = [a for a in legal if a[0] == "equip" and state.spec_of[a[1]].card_type == WEAPON]
    if not equips:
        return None
    best, best_value = None, _current(state, side, side.main, side.off)
    for action in equips:
        value = _after_equip(state, side, side.main, side.off, state.cards[action[1]], action[2])
        if value > best_value:
            best, best_value = action, value
    move = next((a for a in legal if a[0] == "move"), None)
    if move is not None:
        # Moving first: the Weapons trade hands, then the best equip from there.
        for action in equips:
            value = _after_equip(state, side, side.off, side.main, state.cards[action[1]], action[2])
            if value > best_value:
                best, best_value = move, value
    return best


# ------------------------------------------------------------------------------------- choices


def _best_option(state: CondemnedState, side: Side, verb: fx.Verb, options: list[Any]) -> Any:
    """The choice of a choosing action: see POLICY."""
    if not options or options == [None]:
        return None
    if isinstance(verb, (fx.DamageEnemyWeapon, fx.DamageEnemyArmor)):
        enemy = state.sides[1 - side.index]
        return min(options, key=lambda uid: state.durability_left(enemy, state.cards[uid]))
    if isinstance(verb, fx.Repair):
        def worth(uid: int) -> tuple[bool, int, int]:
            spec = state.spec_of[uid]
            return spec.card_type == WEAPON, _attack_damage(side, spec), side.wear.get(uid, 0)
        return max(options, key=worth)
    if isinstance(verb, fx.Search):
        return _best_search(state, side, verb, options)
    return options[0]


def _best_search(state: CondemnedState, side: Side, verb: fx.Search, names: list[str]) -> str | None:
    equippable = [n for n in names if n in side.equippable]
    if not equippable:
        return None
    if verb.card_type == WEAPON:
        return max(equippable, key=lambda n: (_attack_damage(side, state.specs[n]) * state.specs[n].attacks,
                                              state.specs[n].durability))
    empty = {slot for slot, armor in zip(("head", "body", "legs"), side.armor, strict=True) if armor is None}
    return max(equippable, key=lambda n: (state.specs[n].slot in empty, state.specs[n].durability))


def _useful_play(state: CondemnedState, side: Side, action: Action) -> bool:
    """Whether POLICY plays this Preparation or Event now (see POLICY)."""
    spec = state.spec_of[action[1]]
    target = action[2]
    if sum(v.amount for v in spec.actions if isinstance(v, fx.LoseLife)) >= side.life:
        return False
    verb = spec.choice
    if isinstance(verb, fx.Search):
        return target is not None  # an equippable card was found
    if isinstance(verb, fx.Repair) and target is None:
        # A repair with nothing to repair is held, unless the card does more (Simple Mending heals).
        return any(not isinstance(v, fx.Repair) for v in spec.actions) and side.life < side.max_life
    return True


def _pick(state: CondemnedState, side: Side, actions: list[Action]) -> Action | None:
    """The first card among `actions` POLICY plays, with its best target."""
    by_card: dict[int, list[Action]] = {}
    for action in actions:
        by_card.setdefault(action[1], []).append(action)
    for uid, plays in by_card.items():
        spec = state.spec_of[uid]
        if spec.choice is not None:
            target = _best_option(state, side, spec.choice, [a[2] for a in plays])
            plays = [a for a in plays if a[2] == target]
        if plays and _useful_play(state, side, plays[0]):
            return plays[0]
    return None


# ---------------------------------------------------------------------------------- the phases


def _main(state: CondemnedState, side: Side, legal: list[Action]) -> Action:
    weapon = _weapon_step(state, side, legal)
    if weapon is not None:
        return weapon
    plays = [a for a in legal if a[0] == "play"]
    preparation = _pick(state, side, [a for a in plays if state.spec_of[a[1]].card_type == PREPARATION])
    if preparation is not None:
        return preparation
    armor = _armor_step(state, side, legal)
    if armor is not None:
        return armor
    events = [a for a in plays if state.spec_of[a[1]].card_type == EVENT]
    if events and not _keep_event_for_attack(state, side):
        event = _pick(state, side, events)
        if event is not None:
            return event
    return END_MAIN


def _armor_step(state: CondemnedState, side: Side, legal: list[Action]) -> Action | None:
    for action in legal:
        if action[0] != "equip" or state.spec_of[action[1]].card_type != ARMOR:
            continue
        current = side.armor[("head", "body", "legs").index(action[2])]
        if current is None or state.spec_of[action[1]].durability > state.durability_left(side, current):
            return action
    return None


def _keep_event_for_attack(state: CondemnedState, side: Side) -> bool:
    """Whether an Event that adds to an attack waits in hand for an attack this turn."""
    attacks_this_turn = side.turns > 1 and not side.skip_attack and (
        any(state.can_attack_with(side, w) for w in side.weapons()) or state.desperate(side)
    )
    return attacks_this_turn and any(_attack_bonus(state.spec_of[c.uid]) > 0 for c in side.hand)


def _attack_bonus(spec: CardSpec) -> int:
    if spec.card_type != EVENT or spec.timing not in ("attacking", "any"):
        return 0
    return sum(v.amount for v in spec.actions if isinstance(v, fx.AttackBonus))


def _attack(state: CondemnedState, side: Side, legal: list[Action]) -> Action:
    attacks = [a for a in legal if a[0] == "attack"]
    if not attacks:
        return END_ATTACKS
    hand = attacks[0][1]
    targets = [a[2] for a in attacks if a[1] == hand]
    if CONDEMNED_TARGET in targets:
        return ("attack", hand, CONDEMNED_TARGET)
    enemy = state.sides[1 - side.index]
    target = min(targets, key=lambda uid: state.durability_left(enemy, state.cards[uid]))
    return ("attack", hand, target)


def _attack_event(state: CondemnedState, legal: list[Action]) -> Action:
    attack = state.attack
    plays = [a for a in legal if a[0] == "play"]
    if attack is None or attack.index > 0 or not plays:
        return PASS
    best = max(plays, key=lambda a: _attack_bonus(state.spec_of[a[1]]))
    return best if _attack_bonus(state.spec_of[best[1]]) > 0 else PASS

