"""The Condemned's heuristic player: POLICY, its choices for the seat to act, read from the state alone.

It plays any seat of any game (the goldfish inmate is never asked: its choices are taken for it, see
CondemnedState.settle), and depends on nothing but the state it is given, so a search player can ask
it about copies of a game (engine/players/search.py). Deterministic: ties go to the first legal action.

POLICY:

- Mulligan a hand with no Weapon its Condemned can equip and no card that searches for a Weapon,
  while mulligans are left; keep any other hand.
- Main Phase, in this order, one step at a time:
  0. Discard through Leafy Pads a card worth discarding (one that can never be played here; for a
     Condemned that draws when it switches, also a Weapon that only waits in hand), when Ranged
     costs no damage, or on a turn with no attack when a second such card switches back.
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
  5. Otherwise stay where the game is: a switch costs the Attack Phase. At Ranged on a turn with no
     attack, discard a card worth discarding to switch back to Melee.
- Attack Phase: every attack the rules allow, Main Hand first, at the enemy Condemned when it may
  be targeted, else at the Armor closest to breaking. On the turn's first attack, play the Event
  that adds the most damage to it.
- Start-of-turn choices: damage the enemy card closest to breaking; repair the most damaged card.
- Decisions the inmate never causes (parrying, answering an Event) are declined.

docs/rules-notes.md ("The Condemned: playing the game") has the rule readings behind the engine and
the policy.
"""
from __future__ import annotations

from typing import Any, Final

from engine.core import CardInstance
from engine.games.condemned import effects as fx
from engine.games.condemned import opening
from engine.games.condemned.loadout import Held, attack_damage, equipped, phase_damage, worn
from engine.games.condemned.specs import ARMOR, EVENT, WEAPON, CardSpec
from engine.games.condemned.state import (
    ATTACK,
    ATTACK_EVENTS,
    CHOOSE,
    CONDEMNED_TARGET,
    END_ATTACKS,
    END_MAIN,
    EQUIP_ARMOR,
    EQUIP_WEAPON,
    KEEP,
    MAIN,
    MAX_MULLIGANS,
    MULLIGAN,
    MULLIGAN_ACTION,
    NO_ROLE,
    OVER,
    PASS,
    PREPARE,
    Action,
    CondemnedState,
    Side,
)


def play_on(state: CondemnedState) -> None:
    """The moves of the seat to act, each the one choose() makes, applied until another seat is to act or
    the game ends (Player.play_on): against the goldfish inmate, which is never asked, the whole game.
    The Main Phase's and the Attack Phase's decisions, most of a game's, go to their policy at once."""
    seat = state.actor
    if state.sides[seat].passive:  # never asked (see choose): its one action at a time
        while state.phase != OVER and state.actor == seat:
            state.apply_trusted(choose(state))
        return
    state.play_seat(seat, _main, _attack_with, choose)


def choose(state: CondemnedState) -> Action:
    """POLICY's action for the player to act (a passive side, the inmate, only ever passes)."""
    side = state.sides[state.actor]
    phase = state.phase
    if phase == MAIN and not side.passive:
        # The Main Phase's policy reads only its equips, plays and moves: its switches are never
        # listed (see CondemnedState.settle).
        return _main(state, side)
    if side.passive:
        return next(a for a in state.legal_actions() if a in (KEEP, PASS, END_MAIN, END_ATTACKS))
    if phase == ATTACK:
        return _attack(state, side)
    if phase == ATTACK_EVENTS and state.actor == state.active:
        return _attack_event(state, side)
    if phase == MULLIGAN:
        # A mulligan is offered while one is left (CondemnedState._compute_legal).
        return MULLIGAN_ACTION if side.mulligans < MAX_MULLIGANS and not opening.keeps(state, side) else KEEP
    if phase == CHOOSE:
        assert state.choosing is not None
        return ("choose", _best_option(state, side, state.choosing, [a[1] for a in state.legal_actions()]))
    # A parry, or an Event in answer to the other's (or at its attack): declined, whatever is offered.
    return PASS


# ------------------------------------------------------------------------------------ weapons


def _weapon_step(state: CondemnedState, side: Side, equips: list[Action], weapons: list[CardSpec]) -> Action | None:
    """The Weapon equip (or the move to the other hand first) that most raises the damage of this
    turn's Attack Phase and the next one's: see _weigh_weapons.

    The choice depends only on the loadout it weighs (the Condemned, the distance, whether it attacks
    this turn, the equippable Weapons in hand in their order, and each hand's Weapon with its
    Durability left), and games ask about the same loadouts again and again: the choice made for each
    loadout is kept, as an index into `equips` (which the Weapons in hand determine),
    MOVE for the move, or None. `weapons`: the equippable Weapons in hand, in order, copies too."""
    if not equips:
        return None
    in_hand = tuple(weapons)
    main_card, off_card = side.main, side.off
    # Each hand's Weapon and its Durability left (Held.of), read without making the Held of a loadout
    # already weighed.
    # (A Weapon has no armor set: its Durability left is its printed Durability less its damage.)
    main_spec = off_spec = None
    main_left = off_left = 0
    wear = side.wear
    if main_card is not None:
        main_spec = state.spec_of[main_card.uid]
        main_left = main_spec.durability - wear.get(main_card.uid, 0)
    if off_card is not None:
        off_spec = state.spec_of[off_card.uid]
        off_left = off_spec.durability - wear.get(off_card.uid, 0)
    attacking = _attacks_this_turn(state, side)
    key = (side.condemned, state.at_range, attacking, in_hand, main_spec, main_left, off_spec, off_left)
    tables = _TABLES
    choices = tables.choices
    choice = choices.get(key, _UNSEEN)
    if choice is _UNSEEN:
        if len(choices) >= _KEPT:
            choices.clear()  # a bound on a long run's table: a choice forgotten is only weighed again
        main, off = Held.of(state, side, main_card), Held.of(state, side, off_card)
        choice = choices[key] = _weigh_weapons(state, side, equips, in_hand, main, off, attacking, tables.phases)
    if choice is None:
        return None
    if choice == MOVE:
        return state.moves(side)[0]
    return equips[choice]


MOVE: Final = -1  # _weigh_weapons' answer for the move to the other hand
_UNSEEN: Final = -2  # a loadout not weighed yet
_KEPT: Final = 1 << 16  # entries a table keeps


class _Tables:
    """The weapon step's tables: the choice made for each loadout (see _weapon_step), and the damage
    of two Attack Phases from each loadout (see _two_phases). Cards are CardSpecs, which every Game
    holding the same card shares (state.shared_spec), so the tables serve every Game of the process."""

    __slots__ = ("choices", "phases")

    def __init__(self) -> None:
        self.choices: dict[tuple[Any, ...], int | None] = {}
        self.phases: dict[tuple[Any, ...], tuple[int, int]] = {}


_TABLES: Final = _Tables()


def _weigh_weapons(state: CondemnedState, side: Side, equips: list[Action], in_hand: tuple[CardSpec, ...],
                   main: Held, off: Held, attacking: bool, phases: dict[tuple[Any, ...], tuple[int, int]]
                   ) -> int | None:
    """The Weapon equip (or the move to the other hand first) that most raises the damage of this
    turn's Attack Phase and the next one's, counting the best Weapon left in hand equipped next turn
    (so a One Hand Weapon that pairs with one in hand beats a Two Hand Weapon that deals a little
    more alone, and the Ready Turn, with no attack, equips for the turns after it).

    A held Weapon is dropped only for more damage in this Attack Phase: a fresh copy of it (or another
    Weapon dealing as much) waits in hand until the held one breaks, so none of its uses is lost;
    unless more Weapons wait in hand (one is equipped a turn, the others hold places in the draw to
    5) and the held one has a single attack left. Durability left breaks ties.

    The answer: the index of the equip in `equips`, MOVE for the move first, or None."""
    spec_of, at_range = state.spec_of, state.at_range
    spare = len(in_hand) >= 2
    context = (side.condemned, at_range, attacking)
    in_hand_set = frozenset(in_hand)

    def two_phases(main: Held, off: Held, left_in_hand: frozenset[CardSpec]) -> tuple[int, int]:
        key = (context, main.spec, main.left, off.spec, off.left, left_in_hand)
        value = phases.get(key)
        if value is None:
            if len(phases) >= _KEPT:
                phases.clear()
            value = phases[key] = _two_phases(side, main, off, left_in_hand, at_range, attacking)
        return value

    held_damage = phase_damage(side, main, off, at_range)
    best, best_value = None, (*two_phases(main, off, in_hand_set), main.left + off.left)
    move = next(iter(state.moves(side)), None)
    # As the Weapons are, then (when a move is allowed) with the Weapons traded between hands first.
    loadouts = ((main, off, False),) if move is None else ((main, off, False), (off, main, True))
    for held_main, held_off, moved in loadouts:
        weighed: set[tuple[CardSpec, str]] = set()
        for index, action in enumerate(equips):
            spec = spec_of[action[1]]
            # Another copy of a Weapon weighed in this place makes the same loadout, and the first
            # of equals is kept: no need to weigh it again.
            if (spec, action[2]) in weighed:
                continue
            weighed.add((spec, action[2]))
            new_main, new_off, dropped = equipped(held_main, held_off, spec, action[2])
            # The Weapons left in hand once this one is equipped (another copy of it may stay).
            rest = in_hand_set if in_hand.count(spec) > 1 else in_hand_set - {spec}
            value = (*two_phases(new_main, new_off, rest), new_main.left + new_off.left)
            may_drop = (not dropped or (spare and dropped <= 1)
                        or phase_damage(side, new_main, new_off, at_range) > held_damage)
            if may_drop and value > best_value:
                # Moving first: the Weapons trade hands, then the equip from there.
                best, best_value = MOVE if moved else index, value
    return best


def _two_phases(side: Side, main: Held, off: Held, in_hand: frozenset[CardSpec], at_range: bool,
                attacking: bool) -> tuple[int, int]:
    """The damage of this turn's Attack Phase (when the Condemned attacks this turn) and the next
    one's, with the next turn's equip of a Weapon in hand that most raises it; and of this turn's
    alone. Copies of a Weapon make the same loadouts, and the most damage the next turn's equip can
    reach does not depend on which of equals it takes, so the Weapons in hand count as a set."""
    now = 0
    if attacking:
        now = phase_damage(side, main, off, at_range)
        main, off = worn(main, at_range), worn(off, at_range)
    best = phase_damage(side, main, off, at_range)
    for spec in in_hand:
        for place in spec.places:
            new_main, new_off, _ = equipped(main, off, spec, place)
            damage = phase_damage(side, new_main, new_off, at_range)
            if damage > best:
                best = damage
    return now + best, now


def _spare_weapons(state: CondemnedState, side: Side) -> bool:
    """Whether the hand holds more Weapons the Condemned can equip than the one that will replace the
    next Weapon to break: one Weapon is equipped a turn, so the others only wait, holding a card's
    place in the draw to 5."""
    count = 0
    for card in side.hand:
        if state.spec_of[card.uid].card_type == WEAPON and card.name in side.equippable:
            count += 1
    return count >= 2


# ------------------------------------------------------------------------------------- choices


def _best_option(state: CondemnedState, side: Side, verb: fx.Verb, options: list[Any]) -> Any:
    """The choice of a choosing action: see POLICY."""
    if not options or options == [None]:
        return None
    if len(options) == 1 and not isinstance(verb, fx.Search):
        return options[0]  # the one card to damage or repair: what min or max of one would give
    if isinstance(verb, (fx.DamageEnemyWeapon, fx.DamageEnemyArmor)):
        enemy = state.sides[1 - side.index]
        return min(options, key=lambda uid: state.durability_left(enemy, state.cards[uid]))
    if isinstance(verb, fx.Repair):
        repair = verb.amount

        def worth(uid: int) -> tuple[bool, int, int, int]:
            # A Weapon before Armor, then as much of the repair used as can be, then the hardest hitter.
            spec, wear = state.spec_of[uid], side.wear.get(uid, 0)
            return spec.card_type == WEAPON, min(wear, repair), attack_damage(side, spec), wear
        return max(options, key=worth)
    if isinstance(verb, fx.Search):
        return _best_search(state, side, verb, options)
    return options[0]


def _best_search(state: CondemnedState, side: Side, verb: fx.Search, names: list[str]) -> str | None:
    equippable = [n for n in names if n in side.equippable]
    if not equippable:
        return None
    if verb.card_type == WEAPON:
        # The one that deals the most with its attacks, then lasts the most (the first of equals).
        specs = state.specs
        return max([specs[n] for n in equippable], key=opening.search_ranks(side.condemned).__getitem__).name
    empty = {slot for slot, armor in zip(("head", "body", "legs"), side.armor, strict=True) if armor is None}
    return max(equippable, key=lambda n: (state.specs[n].slot in empty, state.specs[n].durability))


def _weapon_search(state: CondemnedState, side: Side) -> tuple[bool, str | None]:
    """What a search for a Weapon is offered and would take, read in one pass over the deck: whether
    the deck holds any Weapon (CondemnedState.options lists their names), and the equippable one
    _best_search takes from those names (the most damage from its attacks, then Durability; of
    equals, the first name in alphabetical order), or None: the first of the Weapons in the order a
    search would rather find them (opening.search_order) that the deck holds, its names looked through
    by list's own C loop."""
    names = [card.name for card in side.deck]
    for name in opening.search_order(state, side):
        if name in names:
            return True, name
    spec_of = state.spec_of
    return any(spec_of[card.uid].card_type == WEAPON for card in side.deck), None


def _useful_play(state: CondemnedState, side: Side, action: Action, searched_for_nothing: bool) -> bool:
    """Whether POLICY plays this Preparation or Event now (see POLICY)."""
    spec = state.spec_of[action[1]]
    target = action[2]
    if spec.life_cost >= side.life:
        return False
    verb = spec.choice
    if isinstance(verb, fx.Search):
        # An equippable card was found; or the deck holds nothing of the kind at all: the card does
        # nothing then, and played it leaves room for a new card at the next draw to 5.
        return target is not None or searched_for_nothing
    if isinstance(verb, fx.Repair):
        # A repair waits until it can be used in full (the damage on the card is at least what it
        # repairs), or until the Weapon's last Attack Phase (later it would be gone); unless the card
        # does more (Simple Mending heals).
        if target is not None and (side.wear.get(target, 0) >= verb.amount or _breaks_this_phase(state, side, target)):
            return True
        return side.life < side.max_life and _does_more_than_repair(spec)
    return True


def _does_more_than_repair(spec: CardSpec) -> bool:
    """Whether the card's program has an action besides its repair (Simple Mending heals)."""
    more = _more_than_repair.get(spec)
    if more is None:
        more = _more_than_repair[spec] = any(not isinstance(v, fx.Repair) for v in spec.actions)
    return more


_more_than_repair: dict[CardSpec, bool] = {}


def _breaks_this_phase(state: CondemnedState, side: Side, uid: int) -> bool:
    """Whether the equipped Weapon breaks in the coming Attack Phase: its attacks take its last
    Durability."""
    card = state.cards[uid]
    spec = state.spec_of[uid]
    return (spec.card_type == WEAPON and _attacks_this_turn(state, side) and state.can_attack_with(side, card)
            and state.durability_left(side, card) <= spec.attacks)


def _pick(state: CondemnedState, side: Side, cards: list[tuple[CardInstance, CardSpec]]) -> Action | None:
    """The first of `cards` POLICY plays, with its best target. A card's plays (CondemnedState.plays) are
    one per option of its choice, or one without a target when it has no choice or nothing to choose:
    the best option is found first, and only its play made."""
    for card, spec in cards:
        verb = spec.choice
        searched_for_nothing = False
        target: Any = None  # (a Weapon's name, or the option of another choice)
        if verb is not None:
            if isinstance(verb, fx.Search) and verb.card_type == WEAPON:
                # The options and the best of them in one pass (_weapon_search).
                any_weapon, target = _weapon_search(state, side)
                if any_weapon and target is None:
                    continue  # no equippable Weapon to find: not played
                searched_for_nothing = not any_weapon
            else:
                options = state.options(side, verb)
                if options:
                    target = _best_option(state, side, verb, options)
                    if target is None:
                        continue  # nothing worth choosing (a search that finds no equippable card): not played
                else:
                    # A search is offered with no target only when the deck holds nothing of its kind.
                    searched_for_nothing = isinstance(verb, fx.Search)
        action = ("play", card.uid, target)
        if _useful_play(state, side, action, searched_for_nothing):
            return action
    return None


# ---------------------------------------------------------------------------------- the phases


def _main(state: CondemnedState, side: Side) -> Action:
    # The Main Phase's equips and plays of cards in hand (CondemnedState.card_actions), by the card's
    # type in one pass, each keeping its legal order: a Weapon or Armor card is equipped, a Preparation
    # or Event played. A Preparation's or Event's plays (with their targets) are listed only when the
    # steps before it chose nothing.
    weapons: list[Action] = []
    armors: list[Action] = []
    preparations: list[tuple[CardInstance, CardSpec]] = []
    events: list[tuple[CardInstance, CardSpec]] = []
    spec_of, equips, roles = state.spec_of, state.equips, state.roles[side.index]
    # A card that cannot be played now is passed over: a Weapon once one was equipped this turn (the
    # weapon step then has nothing to weigh), an Event once one was played.
    weapon_equipped, event_played = side.weapon_equipped, side.event_played
    in_hand: list[CardSpec] = []  # every equippable Weapon in hand, copies too (the weapon step's)
    # The names of the cards met (a card's copies are offered once): a dict's keys, set by a store rather
    # than a call of set.add.
    seen: dict[str, None] = {}
    for card in side.hand:
        uid = card.uid
        role = roles[uid]  # what it can be in this Main Phase (main_role)
        if role == EQUIP_WEAPON:
            if weapon_equipped:
                continue
            in_hand.append(spec_of[uid])
            name = card.name
            if name not in seen:  # the first copy: its equips
                seen[name] = None
                weapons += equips[uid]
        elif role != NO_ROLE:
            name = card.name
            if name in seen:
                continue
            seen[name] = None
            if role == EQUIP_ARMOR:
                armors += equips[uid]
            elif role == PREPARE:
                preparations.append((card, spec_of[uid]))
            elif not event_played:
                events.append((card, spec_of[uid]))
    # Each step is asked only when it may find something (its first test, or its cards, read here):
    # this runs at every Main Phase decision.
    slots = side.armor
    if state.any_leafy and not state.at_range and not side.leafy_used and (
        slots[0] is not None or slots[1] is not None or slots[2] is not None  # Leafy Pads is an Armor
    ):
        for worn_card in slots:
            if worn_card is not None and spec_of[worn_card.uid].leafy:  # its step only when Leafy Pads is worn
                leafy = _leafy_step(state, side)
                if leafy is not None:
                    return leafy
                break
    if weapons:
        weapon = _weapon_step(state, side, weapons, in_hand)
        if weapon is not None:
            return weapon
    if preparations:
        preparation = _pick(state, side, preparations)
        if preparation is not None:
            return preparation
    if armors:
        armor = _armor_step(state, side, armors)
        if armor is not None:
            return armor
    if events and not _keep_event_for_attack(state, side):
        event = _pick(state, side, events)
        if event is not None:
            return event
    if state.at_range and not side.switched:
        switch = _switch_step(state, side)
        if switch is not None:
            return switch
    return END_MAIN


def _switch_step(state: CondemnedState, side: Side) -> Action | None:
    """At Ranged, discard a card worth discarding (_discardable) to switch back to Melee, when the
    switch costs nothing: the Attack Phase it skips would make no attack anyway."""
    if side.switched or not state.at_range or _attacks_this_turn(state, side):
        return None
    dead = _discardable(state, side)
    return ("switch", dead[0].uid) if dead else None


def _discardable(state: CondemnedState, side: Side) -> list[CardInstance]:
    """The cards in hand worth discarding for a move, the least useful first: those that can never be
    played here; and, for a Condemned that draws a card when it switches (Ophid), the Weapons that only
    wait in hand (all of them while a Weapon is equipped, else all but the best; the weakest first):
    one Weapon is equipped a turn, and the card drawn in its place may be played at once."""
    cards = [card for card in side.hand if _dead(state, side, card)]
    if side.condemned.on_switch:
        spec_of = state.spec_of
        waiting = [card for card in side.hand if spec_of[card.uid].card_type == WEAPON and card.name in side.equippable]
        waiting.sort(key=lambda card: (attack_damage(side, spec_of[card.uid]) * spec_of[card.uid].attacks,
                                       spec_of[card.uid].durability))
        if side.main is None and side.off is None:
            waiting = waiting[:-1]  # the best is the next to be equipped
        cards += waiting
    return cards


def _leafy_step(state: CondemnedState, side: Side) -> Action | None:
    """Discard a card through Leafy Pads ("discard a card to move to Ranged. If you do, you still have
    your Attack Phase this turn") when the move costs nothing: the card is one worth discarding
    (_discardable), and either Ranged costs no damage, or the turn has no attack (the Ready Turn) and a
    second such card switches back to Melee before the turn ends (_switch_step)."""
    if state.at_range or side.leafy_used:
        return None
    spec_of = state.spec_of
    for armor in side.armor:  # asked at every Main Phase decision: a loop, not any() over a generator
        if armor is not None and spec_of[armor.uid].leafy:
            break
    else:
        return None
    cards = _discardable(state, side)
    if not cards:
        return None
    round_trip = len(cards) >= 2 and not side.switched and (side.turns <= 1 or side.skip_attack)
    if not round_trip and not _ranged_costs_nothing(state, side):
        return None
    return ("leafy", cards[0].uid)


def _ranged_costs_nothing(state: CondemnedState, side: Side) -> bool:
    """Whether the Weapons equipped and in hand attack at Ranged as they do at Melee: each is usable at
    Ranged ("Melee weapons can only be used when you are at Melee") and none that breaks after an
    attack at Ranged (Ace of Spades) has more than its last attack left; and the Desperation Rule's
    attack ("If you are at Melee") is not the Condemned's only one."""
    if state.desperate(side):
        return False
    spec_of = state.spec_of
    for card in (side.main, side.off):
        if card is None:
            continue
        spec = spec_of[card.uid]
        if not spec.usable_at_ranged or (spec.breaks_at_ranged and state.durability_left(side, card) > 1):
            return False
    for card in side.hand:
        spec = spec_of[card.uid]
        if spec.card_type == WEAPON and card.name in side.equippable and (
            not spec.usable_at_ranged or spec.breaks_at_ranged
        ):
            return False
    return True


def _attacks_this_turn(state: CondemnedState, side: Side) -> bool:
    """Whether the coming Attack Phase has an attack in it (a Weapon's, or the Desperation Rule's)."""
    if side.turns <= 1 or side.skip_attack:
        return False
    main, off = side.main, side.off
    if not state.at_range:
        # At Melee every Weapon attacks; with none equipped, the Desperation Rule's attack is made
        # unless a Weapon card waits in hand (CondemnedState.can_attack_with, desperate).
        return main is not None or off is not None or state.desperate(side)
    # At Ranged, only a Weapon usable at Ranged attacks (and the Desperation Rule does not apply).
    spec_of = state.spec_of
    return (main is not None and spec_of[main.uid].usable_at_ranged) or (
        off is not None and spec_of[off.uid].usable_at_ranged
    )


def _dead(state: CondemnedState, side: Side, card: CardInstance) -> bool:
    """A card in hand that can never be played here: equipment the Condemned cannot equip, or an Event
    played when an enemy attack is declared, against an enemy that never attacks."""
    spec = state.spec_of[card.uid]
    if spec.card_type in (WEAPON, ARMOR):
        return card.name not in side.equippable
    return spec.card_type == EVENT and spec.timing == "defending" and state.sides[1 - side.index].passive


def _armor_step(state: CondemnedState, side: Side, equips: list[Action]) -> Action | None:
    """Armor into an empty slot, or over an Armor with no more Durability left than the new one will
    have: a fresh copy over a fresh copy protects as much and draws a new card at the next draw to 5.
    Against an enemy that never attacks, Armor protects nothing, and any equip is such a draw."""
    harmless = state.sides[1 - side.index].passive
    for action in equips:
        current = side.armor[_SLOT_INDEX[action[2]]]
        if current is None or harmless:
            return action
        if _armor_left_after(state, side, action[1], action[2]) >= state.durability_left(side, current):
            return action
    return None


_SLOT_INDEX: Final = {"head": 0, "body": 1, "legs": 2}  # an Armor's place: its index in Side.armor


def _armor_left_after(state: CondemnedState, side: Side, uid: int, slot: str) -> int:
    """The Durability the Armor card will have once equipped in `slot`: printed, plus its set's bonus
    if the other two slots hold its set."""
    spec = state.spec_of[uid]
    if not spec.set_bonus:
        return spec.durability
    others = [a for place, a in zip(("head", "body", "legs"), side.armor, strict=True) if place != slot]
    complete = all(a is not None and state.spec_of[a.uid].armor_set == spec.armor_set for a in others)
    return spec.durability + (spec.set_bonus if complete else 0)


def _keep_event_for_attack(state: CondemnedState, side: Side) -> bool:
    """Whether an Event that adds to an attack waits in hand for an attack this turn."""
    return _attacks_this_turn(state, side) and any(_attack_bonus(state.spec_of[c.uid]) > 0 for c in side.hand)


def _attack_bonus(spec: CardSpec) -> int:
    if spec.card_type != EVENT or spec.timing not in ("attacking", "any"):
        return 0
    return spec.attack_bonus


def _attack(state: CondemnedState, side: Side) -> Action:
    # The first attack the rules list (CondemnedState._attack_actions), read without the list.
    return _attack_with(state, side, state.first_attack_hand(side))


def _attack_with(state: CondemnedState, side: Side, hand: str | None) -> Action:
    """_attack, given the hand of the first attack the rules list (CondemnedState.first_attack_hand)."""
    if hand is None:
        return END_ATTACKS
    armor = state.sides[1 - side.index].armor
    if armor[0] is None and armor[1] is None and armor[2] is None:
        # No Armor to target (the goldfish inmate never has any): the Condemned, as targets() says.
        return _AT_CONDEMNED[hand]
    weapon = side.main if hand == "main" else side.off if hand == "off" else None
    targets = state.targets(side, weapon)
    if CONDEMNED_TARGET in targets:
        return ("attack", hand, CONDEMNED_TARGET)
    enemy = state.sides[1 - side.index]
    target = min(targets, key=lambda uid: state.durability_left(enemy, state.cards[uid]))
    return ("attack", hand, target)


# Each hand's attack at the enemy Condemned.
_AT_CONDEMNED: Final[dict[str, Action]] = {
    hand: ("attack", hand, CONDEMNED_TARGET) for hand in ("main", "off", "desperation")
}


def _attack_event(state: CondemnedState, side: Side) -> Action:
    """On the turn's first attack, the Event that adds the most to it (the first of equals, in the order
    the rules list the plays: CondemnedState._event_plays); else none."""
    attack = state.attack
    if attack is None or attack.index > 0 or side.event_played:
        return PASS
    best: tuple[CardInstance, CardSpec] | None = None
    best_bonus = 0
    spec_of = state.spec_of
    for card in side.hand:
        spec = spec_of[card.uid]
        # The attacker's Events: those played "when you declare an attack", or at any time. Copies of a
        # card are listed once, at the first; a later copy never beats it.
        if spec.card_type == EVENT and spec.timing in ("attacking", "any") and spec.attack_bonus > best_bonus:
            best, best_bonus = (card, spec), spec.attack_bonus
    if best is None:
        return PASS
    card, spec = best
    if spec.choice is None:
        return ("play", card.uid, None)  # its one play (CondemnedState.plays)
    return state.plays(side, card, spec)[0]
