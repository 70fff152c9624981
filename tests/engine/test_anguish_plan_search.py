"""The heuristic player's plan search: the search that tries every plan (_best_of_every) and the shortcut
for Creatures and no more than one free Arsenal location (_one_for_the_arsenal) find the plan the search
by positions (_fit_search) finds, and the shortcut for one place made in a full Arsenal (_one_place_made)
the plan the search with room (_search) finds, on many generated hands."""
from __future__ import annotations

import random
from types import SimpleNamespace
from typing import cast

from engine.games.anguish import actions as act
from engine.games.anguish.heuristic import (
    _best_of_every,
    _fit_search,
    _one_fits,
    _one_for_the_arsenal,
    _one_place_made,
    _search,
    _two_plays_at_most,
)
from engine.games.anguish.state import LAST_HOUR, ROW_SIZE
from engine.games.anguish.worth import FIT_MOST, Candidate, Option, WorthTable, fit_step

ROWS: tuple[str | None, ...] = (act.ARSENAL, None, act.PROTECTION)


def _option(rng: random.Random) -> Option:
    row = rng.choice(ROWS)
    return (rng.randint(1, 40) / 2, row, int(row == act.ARSENAL), int(row == act.PROTECTION))


def _candidates(rng: random.Random, budget: int) -> list[Candidate]:
    """A hand of cards that each cost no more than the budget, worth whole numbers and halves, few of
    them apart, so that plans worth the same are common."""
    cards = []
    for uid in rng.sample(range(40), rng.randint(1, FIT_MOST)):
        cost = rng.randint(0, budget)
        options = (_option(rng),)
        if rng.random() < 0.3:  # worth as much as another card: plans of equal worth
            options = ((rng.choice([2.0, 4.0, 6.0]), options[0][1], options[0][2], options[0][3]),)
        cards.append((uid, cost, options, fit_step(cost, options)))
    return cards


def test_every_plan_tried_finds_the_plan_the_search_finds() -> None:
    rng = random.Random(5)
    tried = 0
    for _ in range(4000):
        budget = rng.randint(0, LAST_HOUR)
        front, back = rng.randint(0, ROW_SIZE), rng.randint(0, ROW_SIZE)
        candidates = _candidates(rng, budget)
        every = _best_of_every(candidates, budget, front, back)
        assert every is not None  # every card has one option worth something
        assert every == _fit_search(candidates, budget, front, back), (candidates, budget, front, back)
        tried += len(every) > 1
    assert tried > 1000  # many of the plans found play several cards


def test_it_leaves_to_the_search_what_it_cannot_try() -> None:
    arsenal: Option = (4.0, act.ARSENAL, 1, 0)
    defense: Option = (1.0, act.PROTECTION, 0, 1)
    two_options = [(1, 2, (arsenal, defense), fit_step(2, (arsenal, defense)))]
    worth_nothing = [(1, 2, ((0.0, None, 0, 0),), fit_step(2, ((0.0, None, 0, 0),)))]
    assert two_options[0][3] is None and worth_nothing[0][3] is None
    assert _best_of_every(two_options, 5, 1, 1) is None
    assert _best_of_every(worth_nothing, 5, 1, 1) is None
    many = [(uid, 1, (arsenal,), fit_step(1, (arsenal,))) for uid in range(FIT_MOST + 1)]
    assert _best_of_every(many, 5, 4, 4) is None


def test_of_plans_worth_the_same_it_plays_the_cards_first_in_the_hand() -> None:
    """Three cards worth 2 each at 2 Hours each, 4 Hours: the first two."""
    mill: Option = (2.0, None, 0, 0)
    candidates = [(uid, 2, (mill,), fit_step(2, (mill,))) for uid in (7, 3, 5)]
    assert _best_of_every(candidates, 4, 0, 0) == ((7, None, None, False), (3, None, None, False))
    assert _fit_search(candidates, 4, 0, 0) == ((7, None, None, False), (3, None, None, False))


CARDS = 40
HOUR = 5


def _creatures_making_room(rng: random.Random, budget: int) -> tuple[list[Candidate], WorthTable]:
    """A hand of Creatures with their one option in the Arsenal, and a table of what each would mill
    in a place made after the attack and before it (whole numbers and halves, few of them apart, so
    that Creatures worth the same are common; now and then nothing before the attack)."""
    late = [[0.0] * (LAST_HOUR + 1) for _ in range(CARDS)]
    early = [[0.0] * (LAST_HOUR + 1) for _ in range(CARDS)]
    cards = []
    for uid in rng.sample(range(CARDS), rng.randint(1, 6)):
        late[uid][HOUR] = rng.choice([2.0, 4.0, 5.5, rng.randint(0, 20) / 2])
        early[uid][HOUR] = rng.choice([late[uid][HOUR], late[uid][HOUR] + rng.randint(0, 6) / 2, 0.0])
        options: tuple[Option, ...] = ((late[uid][HOUR], act.ARSENAL, 1, 0),)
        cost = rng.randint(0, budget + 1)
        cards.append((uid, cost, options, fit_step(cost, options)))
    table = SimpleNamespace(creature=[True] * CARDS, arrives=[late, early])
    return cards, cast(WorthTable, table)


def test_one_place_made_finds_the_plan_the_search_finds() -> None:
    rng = random.Random(11)
    played = 0
    for _ in range(4000):
        budget = rng.randint(0, LAST_HOUR)
        candidates, table = _creatures_making_room(rng, budget)
        later = rng.randint(0, 8) / 2
        place = (later, CARDS + 1, rng.choice([later, later + 1.0, later + 2.5, rng.randint(0, 8) / 2]))
        back, replacing = rng.randint(0, ROW_SIZE), rng.random() < 0.2
        attack_to_come, after_attack = rng.choice([(True, False), (False, False), (False, True)])
        shortcut = _one_place_made(candidates, table, HOUR, budget, back, place, replacing, attack_to_come,
                                   after_attack)
        searched = _search(candidates, table, HOUR, budget, 0, back, [place], replacing, attack_to_come,
                           after_attack)
        assert shortcut == searched, (candidates, budget, back, place, replacing, attack_to_come, after_attack)
        played += bool(shortcut)
    assert played > 1000  # many of the plans found make room


def test_one_place_made_leaves_to_the_search_what_is_not_a_creature_for_the_arsenal_alone() -> None:
    rng = random.Random(3)
    candidates, table = _creatures_making_room(rng, 5)
    place = (1.0, CARDS + 1, 1.0)
    mill: Option = (2.0, None, 0, 0)
    discovery: list[Candidate] = [*candidates, (CARDS - 1, 1, (mill,), fit_step(1, (mill,)))]
    table.creature[CARDS - 1] = False
    assert _one_place_made(discovery, table, HOUR, 5, 4, place, False, True, False) is None
    uid, cost, options, _ = candidates[0]
    two_rows: list[Candidate] = [(uid, cost, (options[0], (1.0, act.PROTECTION, 0, 1)), None)]
    assert _one_place_made(two_rows, table, HOUR, 5, 4, place, False, True, False) is None


def test_one_for_the_arsenal_finds_the_plan_the_search_finds() -> None:
    rng = random.Random(17)
    played = 0
    for _ in range(4000):
        budget = rng.randint(0, LAST_HOUR)
        cards: list[Candidate] = []
        for uid in rng.sample(range(CARDS), rng.randint(1, 6)):
            worth = rng.choice([2.0, 4.0, 0.0, rng.randint(0, 20) / 2])
            options: tuple[Option, ...] = ((worth, act.ARSENAL, 1, 0),)
            cost = rng.randint(0, budget)  # (a candidate the Hours pay for, as the plan's are)
            cards.append((uid, cost, options, fit_step(cost, options)))
        front = rng.randint(0, 1)
        one = _one_for_the_arsenal(cards, budget, front)
        assert one == _fit_search(cards, budget, front, rng.randint(0, ROW_SIZE)), (cards, budget, front)
        played += bool(one)
    assert played > 1000


def test_one_for_the_arsenal_leaves_the_rest_to_the_search() -> None:
    arsenal: Option = (4.0, act.ARSENAL, 1, 0)
    defense: Option = (1.0, act.PROTECTION, 0, 1)
    mill: Option = (2.0, None, 0, 0)
    two_rows: list[Candidate] = [(1, 2, (arsenal, defense), None)]
    with_a_discovery: list[Candidate] = [(1, 2, (arsenal,), None), (2, 1, (mill,), None)]
    assert _one_for_the_arsenal(two_rows, 5, 1) is None
    assert _one_for_the_arsenal(with_a_discovery, 5, 1) is None
    two: list[Candidate] = [(1, 2, (arsenal,), None), (2, 1, (arsenal,), None)]
    assert _one_for_the_arsenal(two, 5, 1) == ((1, act.ARSENAL, None, False),)  # the first of two worth as much
    assert _one_for_the_arsenal(two, 5, 0) == ()


def _hand_making_room(rng: random.Random, budget: int) -> tuple[list[Candidate], WorthTable]:
    """A hand of Creatures with their one option in the Arsenal and Discoveries with theirs in no line, and
    a table of what each Creature would mill in a place made after the attack and before it (whole numbers
    and halves, few of them apart, so that plans worth the same are common; now and then nothing before
    the attack)."""
    late = [[0.0] * (LAST_HOUR + 1) for _ in range(CARDS)]
    early = [[0.0] * (LAST_HOUR + 1) for _ in range(CARDS)]
    creature = [False] * CARDS
    cards = []
    for uid in rng.sample(range(CARDS), rng.randint(1, 5)):
        worth = rng.choice([2.0, 4.0, 5.5, rng.randint(1, 20) / 2])
        if rng.random() < 0.7:
            creature[uid] = True
            late[uid][HOUR] = rng.choice([worth, worth - 1.0, rng.randint(0, 20) / 2])
            early[uid][HOUR] = rng.choice([late[uid][HOUR], late[uid][HOUR] + rng.randint(0, 6) / 2, 0.0])
            option: Option = (worth, act.ARSENAL, 1, 0)
        else:
            option = (worth, None, 0, 0)
        cost = rng.randint(0, budget)  # (a candidate the Hours pay for, as the plan's are)
        cards.append((uid, cost, (option,), fit_step(cost, (option,))))
    table = SimpleNamespace(creature=creature, arrives=[late, early])
    return cards, cast(WorthTable, table)


def _room_to_make(rng: random.Random) -> list[tuple[float, int, float]]:
    """One to three Creatures that could make room, least worth keeping first."""
    room = []
    for leaving in range(rng.randint(1, 3)):
        later = rng.randint(0, 8) / 2
        room.append((later, CARDS + leaving, rng.choice([later, later + 1.0, later + 2.5])))
    return sorted(room)


def test_two_plays_at_most_finds_the_plan_the_search_finds() -> None:
    rng = random.Random(29)
    found = pairs = made = 0
    for _ in range(6000):
        budget = rng.randint(0, LAST_HOUR)
        candidates, table = _hand_making_room(rng, budget)
        room = _room_to_make(rng)
        front, back, replacing = rng.randint(0, 2), rng.randint(0, ROW_SIZE), rng.random() < 0.2
        attack_to_come, after_attack = rng.choice([(True, False), (False, False), (False, True)])
        shortcut = _two_plays_at_most(candidates, table, HOUR, budget, front, back, room, replacing, attack_to_come,
                                      after_attack)
        if shortcut is None:
            continue
        searched = _search(candidates, table, HOUR, budget, front, back, room, replacing, attack_to_come,
                           after_attack)
        assert shortcut == searched, (candidates, budget, front, back, room, replacing, attack_to_come, after_attack)
        found += 1
        pairs += len(shortcut) == 2
        made += sum(play[2] is not None for play in shortcut)
    assert found > 3000 and pairs > 1000 and made > 1000  # many plans of two plays, many making room


def test_two_plays_at_most_leaves_the_rest_to_the_search() -> None:
    """Three plays that fit, an option in the Defense Line, a card with no step: the search decides."""
    late = [[4.0] * (LAST_HOUR + 1) for _ in range(CARDS)]
    table = cast(WorthTable, SimpleNamespace(creature=[False] * CARDS, arrives=[late, late]))
    mill: Option = (2.0, None, 0, 0)
    defense: Option = (1.0, act.PROTECTION, 0, 1)
    room = [(1.0, CARDS + 1, 1.0)]
    three = [(uid, 1, (mill,), fit_step(1, (mill,))) for uid in range(3)]
    assert _two_plays_at_most(three, table, HOUR, 3, 0, 1, room, False, False, False) is None
    assert _two_plays_at_most(three, table, HOUR, 2, 0, 1, room, False, False, False) == (
        (0, None, None, False), (1, None, None, False))  # two of them fit: the first two
    guarding: list[Candidate] = [(1, 1, (defense,), fit_step(1, (defense,)))]
    assert _two_plays_at_most(guarding, table, HOUR, 3, 0, 1, room, False, False, False) is None
    unstepped: list[Candidate] = [(1, 1, (mill, defense), None)]
    assert _two_plays_at_most(unstepped, table, HOUR, 3, 0, 1, room, False, False, False) is None


def test_one_fits_finds_the_plan_the_search_finds() -> None:
    """No two candidates fit in the Hours together (each alone does, as the plan's do): cards of one or two
    options, some worth nothing."""
    rng = random.Random(31)
    tried = played = 0
    while tried < 3000:
        budget = rng.randint(0, LAST_HOUR)
        cards: list[Candidate] = []
        for uid in rng.sample(range(CARDS), rng.randint(2, 6)):
            options = tuple(_option(rng) if rng.random() < 0.8 else (0.0, None, 0, 0)
                            for _ in range(rng.randint(1, 2)))
            cost = rng.randint(budget // 3, budget)
            cards.append((uid, cost, options, fit_step(cost, options)))
        cheapest = sorted(cost for _, cost, _, _ in cards)
        if cheapest[0] + cheapest[1] <= budget:
            continue  # two of them fit: the shortcut is not asked
        tried += 1
        front, back = rng.randint(0, ROW_SIZE), rng.randint(0, 1)
        one = _one_fits(cards, budget, front, back)
        assert one == _fit_search(cards, budget, front, back), (cards, budget, front, back)
        played += bool(one)
    assert played > 1000
