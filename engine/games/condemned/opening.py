"""How good an opening hand is, as the heuristic player judges it at the mulligan.

A hand's worth is its damage plan: what its Weapons deal in the Attack Phases of turns 2 and 3 (the
first turn is the Ready Turn, with no attack; later turns play the cards drawn since), equipped one
a turn ("Equip 1 Weapon card"), in the order that deals the most over those phases, with every
Weapon search in the hand bringing the best Weapon the deck holds, and the hand's attack Events
adding to the first attack of a turn ("Only 1 Event per Condemned per turn").

A mulligan shuffles the hand away for 5 new cards, and the player may take another while it has one
left; so a hand is kept when its plan is worth at least what a new hand is worth with the mulligans
that would be left: a new hand with no mulligan left is worth the deck's average plan, and with one
left, the average of each hand's plan or that worth, whichever is more. The deck's plans are
measured once per Game and seat, on hands dealt from its cards by a fixed stream.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, Generic, TypeVar

from engine.games.condemned import effects as fx
from engine.games.condemned.loadout import EMPTY, Held, equipped, phase_damage, worn
from engine.games.condemned.specs import EVENT, WEAPON, CardSpec
from engine.games.condemned.state import EQUIP_WEAPON, HAND_SIZE, MAX_MULLIGANS, CondemnedState, Side
from engine.shuffling import shuffle

ATTACK_TURNS: Final = 2  # the Attack Phases of turns 2 and 3: later turns play cards drawn since
SAMPLE_HANDS: Final = 200  # hands dealt to measure a deck's plans

T = TypeVar("T")


class PerSeat(Generic[T]):
    """Values worked out once per Game and seat (by `work`, from a state of the Game and the seat's
    side), kept in the Game (CondemnedGame.kept): for as long as it lives."""

    def __init__(self, work: Callable[[CondemnedState, Side], T]) -> None:
        self.work = work

    def __call__(self, state: CondemnedState, side: Side) -> T:
        kept = state.game.kept
        by_seat = kept.get(self)
        if by_seat is None:
            by_seat = kept[self] = {}
        value = by_seat.get(side.index)
        if value is None:
            value = by_seat[side.index] = self.work(state, side)
        return value  # type: ignore[no-any-return]  # this PerSeat's entry of the Game's: a T


# The worths of a deck by deck: (distance, the Condemned's name, the cards' names) -> (their records, the worths).
_deck_worths: dict[tuple[Any, ...], tuple[tuple[Mapping[str, Any], ...], list[float]]] = {}
KEPT_DECKS: Final = 32


def keeps(state: CondemnedState, side: Side) -> bool:
    """Whether the hand is worth keeping: its plan is worth at least a new hand's."""
    left = MAX_MULLIGANS - side.mulligans
    if left <= 0:
        return True
    spec_of = state.spec_of
    hand = tuple([spec_of[card.uid] for card in side.hand])
    # A hand without a Weapon search is judged by its cards alone (in their order), the distance and
    # the mulligans left: its verdict is kept for the Game and seat, and read again when the hand comes
    # again. A search's find depends on the deck, so such a hand is judged every time.
    verdicts = _verdicts(state, side)
    key = (hand, left, state.at_range)
    verdict = verdicts.get(key)
    if verdict is not None:
        return verdict
    weapons, searches, bonuses = _hand_parts(side, hand)
    if searches:
        # The rest of the deck counts only for a search to find a Weapon in, and only its Weapons the
        # Condemned can equip (read from their Main Phase roles, in one pass over the deck).
        roles = state.roles[side.index]
        rest = [spec_of[card.uid] for card in side.deck if roles[card.uid] == EQUIP_WEAPON]
        weapons += _finds(side, rest, searches)
    verdict = _plan_total(side, weapons, bonuses, state.at_range) >= new_hand_worth(state, side)[left - 1]
    if not searches:
        if len(verdicts) >= KEPT_VERDICTS:
            verdicts.clear()  # a bound on a long run's table: a verdict forgotten is only worked out again
        verdicts[key] = verdict
    return verdict


def _deck_worth(state: CondemnedState, side: Side) -> list[float]:
    """The worth of a new hand (the average plan, taking a better one when a mulligan is left) after a
    mulligan that leaves 0, 1, ... mulligans."""
    # In name order, not the order of the game that asks first: the worth is the deck's, the
    # same whichever game of a run (or of a worker's chunks) computes it.
    cards = sorted((state.spec_of[card.uid] for card in side.hand + side.deck), key=lambda spec: spec.name)
    # So the same deck is worth the same in every Game that holds it (each seat of a matchup's two
    # Games, a deck met again in a gauntlet): measured once, kept by the cards' records.
    records = (side.condemned.record, *(spec.record for spec in cards))
    key = (state.at_range, side.condemned.name, *(spec.name for spec in cards))
    kept = _deck_worths.get(key)
    if kept is not None and kept[0] == records:
        return kept[1]
    dealer = random.Random(0)
    plans = []
    for _ in range(SAMPLE_HANDS):
        shuffle(dealer, cards)
        plans.append(plan(side, cards[:HAND_SIZE], cards[HAND_SIZE:], state.at_range))
    worth = sum(plans) / len(plans)
    worths = [worth]
    for _ in range(1, MAX_MULLIGANS):
        worth = sum(max(value, worth) for value in plans) / len(plans)
        worths.append(worth)
    if len(_deck_worths) >= KEPT_DECKS:
        del _deck_worths[next(iter(_deck_worths))]  # the oldest
    _deck_worths[key] = (records, worths)
    return worths


# Per Game, per seat: the worth of a new hand with 0, 1, ... mulligans left.
new_hand_worth = PerSeat(_deck_worth)

# Per Game, per seat: keeps' verdict on each hand without a Weapon search, by (its cards in order, the
# mulligans left, the distance).
_verdicts: PerSeat[dict[tuple[Any, ...], bool]] = PerSeat(lambda state, side: {})
KEPT_VERDICTS: Final = 1 << 12


class _WeaponSearches(dict[CardSpec, bool]):
    """Whether a card searches the deck for a Weapon, worked out on first sight and then read as a
    dict's item (the lookup calls no Python code)."""

    def __missing__(self, spec: CardSpec) -> bool:
        searches = self[spec] = any(isinstance(verb, fx.Search) and verb.card_type == WEAPON for verb in spec.actions)
        return searches


_searches_weapon = _WeaponSearches().__getitem__


def plan(side: Side, hand: Sequence[CardSpec], rest: Sequence[CardSpec], at_range: bool) -> int:
    """The damage the hand's Weapons deal in the first Attack Phases of the game, at that distance
    (see the module)."""
    weapons, searches, bonuses = _hand_parts(side, hand)
    if searches:
        equippable = side.equippable
        weapons += _finds(side, [spec for spec in rest if spec.card_type == WEAPON and spec.name in equippable],
                          searches)
    return _plan_total(side, weapons, bonuses, at_range)


def _hand_parts(side: Side, hand: Sequence[CardSpec]) -> tuple[list[CardSpec], int, list[int]]:
    """The hand's Weapons the Condemned can equip (in order), its Weapon searches and its attack Events'
    bonuses, read in one pass."""
    equippable = side.equippable
    weapons: list[CardSpec] = []
    searches = 0
    bonuses: list[int] = []
    for spec in hand:
        kind = spec.card_type
        if kind == WEAPON:
            if spec.name in equippable:
                weapons.append(spec)
            continue  # only an Event's or a Preparation's actions search
        if kind == EVENT and spec.timing in ("attacking", "any") and spec.attack_bonus > 0:
            bonuses.append(spec.attack_bonus)
        if _searches_weapon(spec):
            searches += 1
    return weapons, searches, bonuses


def _finds(side: Side, weapons: list[CardSpec], searches: int) -> list[CardSpec]:
    """What `searches` searches bring from the deck's equippable `weapons`: each the best one left by
    search_ranks, of equals the last in the deck's order (a stable sort's last)."""
    if not weapons:
        return []
    rank = search_ranks(side.condemned).__getitem__
    if searches == 1:
        # The one best, in one pass: max keeps the first of equals, so it walks the deck from its end.
        return [max(reversed(weapons), key=rank)]
    found = sorted(weapons, key=rank)
    return [found.pop() for _ in range(min(searches, len(found)))]


def _plan_total(side: Side, weapons: list[CardSpec], bonuses: list[int], at_range: bool) -> int:
    """The plan's damage: the Weapons' Attack Phases (_weapon_plan), each phase that deals damage with
    the best attack Event left added."""
    bonuses.sort(reverse=True)
    total = 0
    for damage in _weapon_plan(side, tuple(weapons), at_range):
        if damage and bonuses:
            damage += bonuses.pop(0)
        total += damage
    return total


class _SearchRanks(dict[CardSpec, tuple[int, int]]):
    """A Weapon's rank as a search's find for one Condemned: the damage of its attacks (with the
    Condemned's bonus for its damage type), then its Durability. Worked out on first sight; a
    search sorts by it with the dict's own lookup as the key (no call of Python code a Weapon)."""

    def __init__(self, condemned: CardSpec) -> None:
        super().__init__()
        self.type_bonus = condemned.type_bonus

    def __missing__(self, spec: CardSpec) -> tuple[int, int]:
        hit = spec.damage + (self.type_bonus.get(spec.damage_type, 0) if spec.damage_type else 0)
        rank = self[spec] = (hit * spec.attacks, spec.durability)
        return rank


_ranks: dict[CardSpec, _SearchRanks] = {}


def search_ranks(condemned: CardSpec) -> _SearchRanks:
    ranks = _ranks.get(condemned)
    if ranks is None:
        ranks = _ranks[condemned] = _SearchRanks(condemned)
    return ranks


def _search_order(state: CondemnedState, side: Side) -> list[str]:
    """The names of the Weapons the side's Condemned can equip, the best find of a search first: by
    rank (search_ranks), then in alphabetical order."""
    ranks, specs = search_ranks(side.condemned), state.specs
    order = sorted(name for name in side.equippable if specs[name].card_type == WEAPON)
    order.sort(key=lambda name: ranks[specs[name]], reverse=True)  # a stable sort: equals stay in name order
    return order


# Per Game, per seat: the Weapons a search would rather find, best first.
search_order = PerSeat(_search_order)


# (Condemned, distance, Weapons) -> what _weapon_plan makes of them. The cards are CardSpecs, which every
# Game holding the same card shares (state.shared_spec): hands of the same Weapons come again and again.
_weapon_plans: dict[tuple[Any, ...], tuple[int, ...]] = {}
KEPT_PLANS: Final = 1 << 16


def _weapon_plan(side: Side, weapons: tuple[CardSpec, ...], at_range: bool) -> tuple[int, ...]:
    """The damage of each of the first Attack Phases with these Weapons, equipped one a turn from the
    Ready Turn on, in the order that deals the most over those Attack Phases (the first of equals)."""
    key = (side.condemned, at_range, weapons)
    damages = _weapon_plans.get(key)
    if damages is not None:
        return damages
    damages = _best_sequence(side, EMPTY, EMPTY, weapons, at_range, 0)[1]
    if len(_weapon_plans) >= KEPT_PLANS:
        _weapon_plans.clear()
    _weapon_plans[key] = damages
    return damages


def _best_sequence(side: Side, main: Held, off: Held, left: tuple[CardSpec, ...], at_range: bool,
                   turn: int) -> tuple[int, tuple[int, ...]]:
    """The most damage the Attack Phases from `turn` to the last planned can deal, equipping at most one
    of `left` a turn, and each phase's damage."""
    if turn > ATTACK_TURNS:
        return 0, ()
    options: list[tuple[Held, Held, tuple[CardSpec, ...]]] = [(main, off, left)]
    seen: set[tuple[CardSpec, str]] = set()
    for index, spec in enumerate(left):
        rest = left[:index] + left[index + 1:]
        for place in spec.places:
            if (spec, place) in seen:
                continue
            seen.add((spec, place))
            new_main, new_off, _ = equipped(main, off, spec, place)
            options.append((new_main, new_off, rest))
    best: tuple[int, tuple[int, ...]] | None = None
    for new_main, new_off, rest in options:
        if turn == 0:
            total, damages = _best_sequence(side, new_main, new_off, rest, at_range, turn + 1)
        else:
            now = phase_damage(side, new_main, new_off, at_range)
            later, after = _best_sequence(side, worn(new_main, at_range), worn(new_off, at_range), rest,
                                          at_range, turn + 1)
            total, damages = now + later, (now, *after)
        if best is None or total > best[0]:
            best = (total, damages)
    assert best is not None
    return best
