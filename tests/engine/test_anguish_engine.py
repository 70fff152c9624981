"""The Anguish CCG rules engine (engine/games/anguish/state.py), against a second deck or the goldfish.

Scenario tests: give the players cards, play, assert. Each rules test quotes the rule it checks from
docs/rules/anguish.txt; readings of unclear rules are in docs/rules-notes.md ("Anguish CCG: playing
the game"). The demo cards (fixtures/anguish/demo.json) are the cards played.
"""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable
from pathlib import Path

import pytest

from engine.cli import load_cards, resolved_deck
from engine.core import OPPONENT, PLAYER, TERMINAL, IllegalAction, game_stream, load_game, player_stream
from engine.deck import DeckCard, ResolvedDeck
from engine.games.anguish import actions as act
from engine.games.anguish.heuristic import HeuristicPlayer
from engine.games.anguish.players import KIT, SilentPlayer
from engine.games.anguish.record import record
from engine.games.anguish.state import (
    END_GAME_DISCARD,
    END_GAME_DRAW,
    GOLDFISH_CARD,
    HAND_LIMIT_PHASE,
    KEEP,
    MAIN,
    MULLIGAN,
    PROTECT,
    AnguishGame,
    AnguishState,
    make_game,
)
from engine.goldfish_record import GameRecord
from engine.validation import CardIndex

CARDS = {card["name"]: card for card in load_cards("anguish")}
DECKS = Path(__file__).parent / "decks" / "anguish"
BENCH_DECKS = Path(__file__).resolve().parents[2] / "bench" / "decks"
FILLER = "Pebble Giantling"  # 0 Arsenal, 1 Protection, Hour 1, no text


# ----- building scenarios (test_anguish_effects.py builds with these too) -----

def lifeblood(*names: str, stronghold: str = "Titan's Cradle", size: int = 36) -> ResolvedDeck:
    """A Lifeblood of the named cards and its Stronghold, filled up to `size` with Pebble Giantlings."""
    counts = Counter(names)
    counts[FILLER] += size - 1 - len(names)
    entries = [DeckCard(CARDS[stronghold], 1, "Lifeblood")]
    entries += [DeckCard(CARDS[name], count, "Lifeblood") for name, count in counts.items() if count]
    return ResolvedDeck("anguish", "constructed", entries=entries)


def new_state(mine: ResolvedDeck, theirs: ResolvedDeck | None = None, seed: int = 0,
              starting_player: int = PLAYER) -> AnguishState:
    """A game past its mulligans (every hand kept): the starting player's first turn."""
    options = {} if theirs is None else {"opponent": theirs, "starting_player": starting_player}
    state = make_game(mine, **options).new_initial_state(random.Random(seed))
    while state.phase == MULLIGAN:
        state.apply_action((act.MULLIGAN, ()))
    return state


def take(state: AnguishState, player: int, name: str) -> int:
    """A card of that name out of the player's Lifeblood (else their hand or discard pile)."""
    seat = state.seats[player]
    for zone in (seat.lifeblood, seat.hand, seat.discard):
        for uid in zone:
            if state.game.cards[uid].name == name:
                zone.remove(uid)
                return uid
    raise AssertionError(f"player {player} has no {name} left to take")


def arrange(state: AnguishState, player: int, *, hand: Iterable[str] | None = None, arsenal: Iterable[str] = (),
            protection: Iterable[str] = (), top: Iterable[str] = ()) -> None:
    """Give a player exactly this hand (the old one goes to the bottom of the Lifeblood, or in the End
    Game to the discard pile), put Creatures in play (played in an earlier Hour, so they may attack),
    and stack the Lifeblood's top cards."""
    seat = state.seats[player]
    if hand is not None:
        if state.end_game:
            seat.discard += seat.hand
        else:
            seat.lifeblood[:0] = seat.hand
        seat.hand.clear()
        seat.hand += [take(state, player, name) for name in hand]
    for row, names in ((seat.arsenal, arsenal), (seat.protection, protection)):
        for name in names:
            uid = take(state, player, name)
            row.append(uid)
            state.summoned[uid] = 0
    for name in reversed(list(top)):
        seat.lifeblood.append(take(state, player, name))


def uid_of(state: AnguishState, zone: list[int], name: str) -> int:
    return next(uid for uid in zone if state.game.cards[uid].name == name)


def names(state: AnguishState, zone: list[int]) -> list[str]:
    return [state.game.cards[uid].name for uid in zone]


def play(state: AnguishState, name: str, row: str | None = None, target: int | None = None) -> int:
    """Play a card from the hand of the player to act; a Creature goes to the Arsenal unless told."""
    uid = uid_of(state, state.seats[state.actor].hand, name)
    if row is None and state.profiles[uid].kind == "creature":
        row = act.ARSENAL
    state.apply_action((act.PLAY, uid, row, target))
    return uid


def attack(state: AnguishState, *attackers: int) -> None:
    state.apply_action((act.ATTACK, attackers))


def end_turn(state: AnguishState) -> None:
    """End the turn: over the hand limit, bottom the first cards; at the next player's draw, keep the
    first card drawn. Stops at the next decision that is not one of these."""
    state.apply_action((act.END,))
    while state.phase in (HAND_LIMIT_PHASE, KEEP):
        seat = state.seats[state.actor]
        if state.phase == HAND_LIMIT_PHASE:
            state.apply_action((act.BOTTOM, seat.hand[0]))
        else:
            state.apply_action((act.KEEP, seat.drawing[0], act.TO_BOTTOM))


def to_hour(state: AnguishState, hour: int) -> None:
    """End turns until the starting player's turn in `hour`."""
    while not (state.hour == hour and state.active == state.starter and state.phase == MAIN):
        end_turn(state)


def play_goldfish(deck: ResolvedDeck, stream: random.Random, checked: bool = True) -> tuple[AnguishState, GameRecord]:
    """One goldfish game of the deck as a run plays it (KIT's Game of the deck, the heuristic player);
    `checked`: every action it chooses goes through apply_action, which refuses an illegal one."""
    state = KIT.goldfish_game(deck, KIT.opponents[0]).new_initial_state(stream)
    players = [HeuristicPlayer(), SilentPlayer()]
    for seat, player in enumerate(players):
        player.restart(state, seat, player_stream(0, 0, seat))
    while not state.is_terminal():
        action = players[state.current_player()].choose(state)
        state.apply_action(action) if checked else state.apply_trusted(action)
    return state, record(state, PLAYER)


def bench_deck(name: str) -> ResolvedDeck:
    """A sample deck of bench/decks/ (anguish.txt is Night Raid)."""
    index = CardIndex("anguish", CARDS.values())
    return resolved_deck("anguish", (BENCH_DECKS / f"{name}.txt").read_text(), index)


def deck_file(name: str) -> ResolvedDeck:
    index = CardIndex("anguish", CARDS.values())
    return resolved_deck("anguish", (DECKS / f"{name}.txt").read_text(), index)


# ----- setting up -----

def test_it_deals_five_cards_and_offers_a_mulligan_of_up_to_five() -> None:
    """8.1: "Each player draws 5 cards with the chance to mulligan up to 5 new cards. When a mulligan is
    enacted, place up to 5 cards from your current draw at the bottom of your Lifeblood and draw an
    equal number up to 5 new cards and place them in your hand." """
    state = make_game(lifeblood(), opponent=lifeblood()).new_initial_state(random.Random(3))
    assert state.phase == MULLIGAN and state.current_player() == PLAYER
    seat = state.seats[PLAYER]
    assert len(seat.hand) == 5 and len(state.seats[OPPONENT].hand) == 5
    assert len(state.legal_actions()) == 2 ** 5  # any of the 5 cards, or none, go back
    back = tuple(seat.hand[:2])
    top_two = seat.lifeblood[-2:]
    state.apply_action((act.MULLIGAN, back))
    assert seat.lifeblood[:2] == list(reversed(back))
    assert len(seat.hand) == 5 and set(top_two) <= set(seat.hand)
    assert state.mulligans[PLAYER] == 1
    assert state.current_player() == OPPONENT  # then the other player decides
    state.apply_action((act.MULLIGAN, ()))
    assert state.mulligans[OPPONENT] == 0
    assert state.phase == MAIN and state.current_player() == PLAYER


def test_it_sets_the_stronghold_aside_from_the_lifeblood() -> None:
    """4.1: "A standard Lifeblood (i.e. Deck) size is 36 cards, which includes exactly one Stronghold"
    and the Stronghold is not drawn: it waits for the End Game with its strength."""
    state = new_state(lifeblood(stronghold="The Last Bunker"), lifeblood())
    zones = state.zones()
    assert [card.name for card in zones["p0.stronghold"]] == ["The Last Bunker"]
    assert len(zones["p0.lifeblood"]) + len(zones["p0.hand"]) == 35
    assert state.seats[PLAYER].strength == 15


def test_it_refuses_a_lifeblood_without_exactly_one_stronghold() -> None:
    deck = lifeblood()
    deck.entries.append(DeckCard(CARDS["The Stone Throne"], 1, "Lifeblood"))
    with pytest.raises(ValueError, match="exactly one Stronghold"):
        make_game(deck)


# ----- Hours and the turn -----

def test_the_hour_increments_after_each_player_has_taken_a_turn() -> None:
    """2.2: "When the game begins, set the Hour to 1 and increment by 1 following each turn (i.e. Each
    player proceeds through their Action Phase)." """
    state = new_state(lifeblood(), lifeblood())
    assert (state.hour, state.active) == (1, PLAYER)
    end_turn(state)
    assert (state.hour, state.active) == (1, OPPONENT)
    end_turn(state)
    assert (state.hour, state.active) == (2, PLAYER)


def test_a_second_deck_may_start() -> None:
    """8.1: "Decide which player begins the round" """
    state = new_state(lifeblood(), lifeblood(), starting_player=OPPONENT)
    assert (state.hour, state.active, state.current_player()) == (1, OPPONENT, OPPONENT)
    end_turn(state)
    assert (state.hour, state.active) == (1, PLAYER)


def test_hours_one_to_six_have_light_and_seven_to_eleven_darkness() -> None:
    """2.1: "Hours 1-6 have Light Availability, whereas Hours 7-11 are Absolute Darkness" """
    state = new_state(lifeblood())
    lit = {}
    while not state.is_terminal():
        lit[state.hour] = state.light()
        end_turn(state)
    assert lit == {hour: hour <= 6 for hour in range(1, 12)}


def test_the_starting_player_does_not_draw_in_the_first_hour() -> None:
    """8.2: "The starting player will not draw cards at the beginning of the 1st Hour." """
    state = new_state(lifeblood(), lifeblood())
    assert state.phase == MAIN and len(state.seats[PLAYER].hand) == 5


def test_the_next_player_keeps_one_of_two_and_puts_the_other_on_top_or_bottom() -> None:
    """8.2: "After the first action round of the starting player, the next player(s) draw two cards at
    the start of their turn and decide one card to add to your hand and the other is placed on either
    the top or bottom of your Lifeblood." """
    state = new_state(lifeblood(), lifeblood())
    state.apply_action((act.END,))
    seat = state.seats[OPPONENT]
    assert state.phase == KEEP and state.current_player() == OPPONENT and len(seat.drawing) == 2
    kept, other = seat.drawing
    assert set(state.legal_actions()) == {(act.KEEP, uid, place) for uid in (kept, other)
                                          for place in (act.TO_TOP, act.TO_BOTTOM)}
    state.apply_action((act.KEEP, kept, act.TO_TOP))
    assert kept in seat.hand and len(seat.hand) == 6
    assert seat.lifeblood[-1] == other


def test_each_later_hour_draws_two_keeps_one_and_bottoms_the_other() -> None:
    """9.1: "At the beginning of each Hour after the 1st Hour, players draw two cards at the beginning
    of their turn and decide which card to add to their hand and which card to place on the bottom of
    their Lifeblood." """
    state = new_state(lifeblood())
    state.apply_action((act.END,))  # the goldfish's turn passes: the 2nd Hour
    seat = state.seats[PLAYER]
    assert state.hour == 2 and state.phase == KEEP
    kept, other = seat.drawing
    assert set(state.legal_actions()) == {(act.KEEP, kept, act.TO_BOTTOM), (act.KEEP, other, act.TO_BOTTOM)}
    state.apply_action((act.KEEP, other, act.TO_BOTTOM))
    assert other in seat.hand and seat.lifeblood[0] == kept and state.phase == MAIN


def test_cards_cost_up_to_the_hour_in_total() -> None:
    """9.2: "Players may play cards with the total card cost of the turn equal to or less than the
    current Hour." 2.3: "You may play cards that are equal (or less than) the current Hour." """
    state = new_state(lifeblood("Creeping Shade", "Night Terror", "Void Hound"))
    to_hour(state, 4)
    arrange(state, PLAYER, hand=["Creeping Shade", "Night Terror", "Void Hound"])
    hand = state.seats[PLAYER].hand
    playable = {uid for action in state.legal_actions() if action[0] == act.PLAY for uid in action[1:2]}
    assert playable == set(hand)  # Hour costs 2, 2 and 3: each fits in 4
    play(state, "Creeping Shade")
    playable = {action[1] for action in state.legal_actions() if action[0] == act.PLAY}
    assert names(state, list(playable)) == ["Night Terror"]  # 2 Hours left: the 3-Hour card is out
    play(state, "Night Terror")
    assert not [action for action in state.legal_actions() if action[0] == act.PLAY]


def test_unspent_hours_do_not_carry_over() -> None:
    """9.2: "Any remaining card costs for a given turn are forfeited and do not carry over to the next
    turn." """
    state = new_state(lifeblood("Night Lurker"))
    to_hour(state, 4)
    end_turn(state)  # nothing spent in the 4th Hour
    arrange(state, PLAYER, hand=["Night Lurker"])
    assert state.hour == 5 and state.budget() == 5
    play(state, "Night Lurker")
    assert state.budget() == 0


def test_cards_without_an_hour_are_played_free() -> None:
    """9.3: "Cards without an indicated Hour may be played free of cost on a players own turn during any
    Hour." """
    state = new_state(lifeblood("Lurking Urchin", "Drifting Husk"))
    arrange(state, PLAYER, hand=["Drifting Husk", "Lurking Urchin"])
    play(state, "Drifting Husk")
    assert state.budget() == 0
    play(state, "Lurking Urchin")
    assert names(state, state.seats[PLAYER].arsenal) == ["Drifting Husk", "Lurking Urchin"]


def test_a_hand_over_eight_goes_to_the_bottom_at_the_end_of_the_turn() -> None:
    """9.1: "If a player's hand exceeds the maximum limit of 8 at the end of their turn, that player must
    place card(s) at the bottom of their Lifeblood so their hand size equals 8. Players may not return
    more than the required number of cards to their Lifeblood." """
    state = new_state(lifeblood(), lifeblood())
    arrange(state, PLAYER, hand=[FILLER] * 10)
    state.apply_action((act.END,))
    seat = state.seats[PLAYER]
    assert state.phase == HAND_LIMIT_PHASE and state.current_player() == PLAYER
    assert set(state.legal_actions()) == {(act.BOTTOM, uid) for uid in seat.hand}
    state.apply_action((act.BOTTOM, seat.hand[0]))
    assert state.phase == HAND_LIMIT_PHASE
    state.apply_action((act.BOTTOM, seat.hand[0]))
    assert len(seat.hand) == 8
    assert state.active == OPPONENT  # no third card may go back: the turn is over


# ----- the play area -----

def test_a_line_holds_at_most_four_creatures() -> None:
    """7.2: "Player's must not play more than four cards in the Arsenal and four cards in their
    Protection at any given time." """
    state = new_state(lifeblood(*["Drifting Husk"] * 4, "Lurking Urchin"))
    arrange(state, PLAYER, hand=["Lurking Urchin"], arsenal=["Drifting Husk"] * 4)
    assert not [action for action in state.legal_actions() if action[0] == act.PLAY]


def test_a_creature_without_protection_cannot_go_to_the_defense_line() -> None:
    """5.1: "cards without a Protection Score (i.e. 0) cannot be placed in the defense line" """
    state = new_state(lifeblood("Drifting Husk"))
    arrange(state, PLAYER, hand=["Drifting Husk", FILLER])
    husk, giantling = state.seats[PLAYER].hand
    rows = {(action[1], action[2]) for action in state.legal_actions() if action[0] == act.PLAY}
    assert rows == {(husk, act.ARSENAL), (giantling, act.ARSENAL), (giantling, act.PROTECTION)}


def test_moving_from_protection_to_the_arsenal_forfeits_the_attack_this_turn() -> None:
    """7.1: "Cards may move between Attack and Defense Lines on a player's turn. However, moving a card
    from Protection to Arsenal forfeits the cards ability to attack for the current turn." """
    state = new_state(lifeblood("Void Hound"))
    to_hour(state, 2)
    arrange(state, PLAYER, protection=["Void Hound"])
    hound = state.seats[PLAYER].protection[0]
    state.apply_action((act.MOVE, hound))
    assert state.seats[PLAYER].arsenal == [hound]
    assert not [action for action in state.legal_actions() if action[0] == act.ATTACK]
    assert (act.MOVE, hound) not in state.legal_actions()  # one move a turn
    end_turn(state)
    assert (act.ATTACK, (hound,)) in state.legal_actions()


def test_a_full_play_area_lets_a_creature_replace_another_for_its_cost() -> None:
    """7.1: "if your Play Area is full, you may replace a Creature by discarding it and paying the cost
    for the new Creature." """
    state = new_state(lifeblood(*["Drifting Husk"] * 4, "Void Hound"))
    to_hour(state, 3)
    arrange(state, PLAYER, hand=["Void Hound"], arsenal=["Drifting Husk"] * 4, protection=[FILLER] * 4)
    seat = state.seats[PLAYER]
    hound, husk = seat.hand[0], seat.arsenal[0]
    assert not [action for action in state.legal_actions() if action[0] == act.PLAY]
    state.apply_action((act.REPLACE, hound, husk, None))
    assert hound in seat.arsenal and husk in seat.discard and state.budget() == 0


def test_a_full_play_area_lets_two_creatures_swap_lines() -> None:
    """7.1: "If all friendly locations on the play area are full, you may swap a Creature from the
    Attack Line for another Creature on the Defense Line, if desired." """
    state = new_state(lifeblood("Stray Familiar", *["Drifting Husk"] * 3, "Militia Rifleman"))
    arrange(state, PLAYER, arsenal=["Stray Familiar", *["Drifting Husk"] * 3],
            protection=["Militia Rifleman", *[FILLER] * 3])
    seat = state.seats[PLAYER]
    familiar, rifleman, husk = seat.arsenal[0], seat.protection[0], seat.arsenal[1]
    legal = state.legal_actions()
    assert (act.SWAP, familiar, rifleman) in legal
    assert not [a for a in legal if a[0] == act.SWAP and a[1] == husk]  # no Protection Score
    state.apply_action((act.SWAP, familiar, rifleman))
    assert rifleman in seat.arsenal and familiar in seat.protection
    assert not state.can_attack(rifleman)  # it came from the Protection line this turn


# ----- attacks -----

def test_a_creature_attacks_from_the_hour_after_it_is_played_unless_it_has_ambush() -> None:
    """9.4: "Creatures cannot attack or activate abilities on the Hour they were played unless specified.
    Specifically, cards with the Ambush ability may attack or activate abilities on the Hour they are
    played." """
    state = new_state(lifeblood("Void Hound", "Militia Rifleman"))
    to_hour(state, 7)
    arrange(state, PLAYER, hand=["Void Hound", "Militia Rifleman"])
    hound = play(state, "Void Hound")
    rifleman = play(state, "Militia Rifleman")
    attacks = [action for action in state.legal_actions() if action[0] == act.ATTACK]
    assert attacks == [(act.ATTACK, (hound,))]
    end_turn(state)
    assert (act.ATTACK, (hound, rifleman)) in state.legal_actions()


def test_an_unprotected_attack_discards_that_many_lifeblood_cards() -> None:
    """5.3: "the player without Protection will discard cards from their Lifeblood to the discard pile
    equal to the Arsenal Score of the attacking player's card(s)." """
    state = new_state(lifeblood("Militia Rifleman", "Void Hound"), lifeblood())
    to_hour(state, 2)
    arrange(state, PLAYER, arsenal=["Militia Rifleman", "Void Hound"])
    theirs = state.seats[OPPONENT]
    before, top = len(theirs.lifeblood), theirs.lifeblood[-5:]
    attack(state, *state.seats[PLAYER].arsenal)
    assert len(theirs.lifeblood) == before - 5
    assert sorted(theirs.discard) == sorted(top)
    assert state.milled[OPPONENT][1] == 5  # counted in the 2nd Hour


def test_protection_takes_the_arsenal_score_and_the_damage_carries_over() -> None:
    """5.2: "cards with a Protection Score will deduct the Arsenal Score from the opposing card(s)."
    5.3: "Protection Scores and the inflicted damage carry over to subsequent rounds" """
    state = new_state(lifeblood("Militia Rifleman"), lifeblood("Mountain Warden"))
    to_hour(state, 2)
    arrange(state, PLAYER, arsenal=["Militia Rifleman"])
    arrange(state, OPPONENT, protection=["Mountain Warden"])
    rifleman, warden = state.seats[PLAYER].arsenal[0], state.seats[OPPONENT].protection[0]
    lifeblood_before = len(state.seats[OPPONENT].lifeblood)
    attack(state, rifleman)
    assert state.phase == PROTECT and state.current_player() == OPPONENT
    state.apply_action((act.PROTECT, rifleman, warden))
    assert state.protection_of(warden) == 5 - 3 and state.protection_of(rifleman) == 1  # Warden has 0 Arsenal
    assert len(state.seats[OPPONENT].lifeblood) == lifeblood_before  # protected: nothing milled
    end_turn(state)
    end_turn(state)
    assert state.hour == 3 and state.protection_of(warden) == 2


def test_a_creature_at_zero_protection_is_discarded() -> None:
    """5.3: "Following an attack sequence, if a card results in a Protection Score of zero or below,
    send the card to the discard pile." """
    state = new_state(lifeblood("Comet Rider"), lifeblood("Thornback Dryad"))
    to_hour(state, 2)
    arrange(state, PLAYER, arsenal=["Comet Rider"])  # Arsenal 3, Protection 1
    arrange(state, OPPONENT, protection=["Thornback Dryad"])  # Arsenal 1, Protection 3
    rider, dryad = state.seats[PLAYER].arsenal[0], state.seats[OPPONENT].protection[0]
    attack(state, rider)
    state.apply_action((act.PROTECT, rider, dryad))
    assert rider in state.seats[PLAYER].discard and dryad in state.seats[OPPONENT].discard


def test_a_card_without_protection_aligned_with_a_defender_is_discarded() -> None:
    """5.2: "Arsenal Scores are compared against the current Protection Scores for each card. Cards
    without a Protection Score are sent to the discard pile." """
    state = new_state(lifeblood("Starling Wisp"), lifeblood("Mountain Warden"))
    to_hour(state, 2)
    arrange(state, PLAYER, arsenal=["Starling Wisp"])
    arrange(state, OPPONENT, protection=["Mountain Warden"])
    wisp, warden = state.seats[PLAYER].arsenal[0], state.seats[OPPONENT].protection[0]
    attack(state, wisp)
    state.apply_action((act.PROTECT, wisp, warden))
    assert wisp in state.seats[PLAYER].discard
    assert state.protection_of(warden) == 4


def test_each_defender_is_aligned_with_one_attacker() -> None:
    """5.2: "The opponent has the opportunity to declare Protection by metaphorically aligning cards in
    their Defensive Line with the opponent's cards in the Attacking Line." One card faces one card."""
    state = new_state(lifeblood("Militia Rifleman", "Void Hound"), lifeblood("Mountain Warden"))
    to_hour(state, 2)
    arrange(state, PLAYER, arsenal=["Militia Rifleman", "Void Hound"])
    arrange(state, OPPONENT, protection=["Mountain Warden"])
    rifleman, hound = state.seats[PLAYER].arsenal
    warden = state.seats[OPPONENT].protection[0]
    attack(state, rifleman, hound)
    assert set(state.legal_actions()) == {(act.PROTECT, rifleman, warden), (act.PROTECT, rifleman, None)}
    state.apply_action((act.PROTECT, rifleman, warden))
    assert set(state.legal_actions()) == {(act.PROTECT, hound, None)}
    before = len(state.seats[OPPONENT].lifeblood)
    state.apply_action((act.PROTECT, hound, None))
    assert len(state.seats[OPPONENT].lifeblood) == before - 2  # the Hound got through


def test_only_one_attack_is_declared_a_turn() -> None:
    """5.2: "Players must declare which cards in the Arsenal are attacking, if any, for the current
    turn." """
    state = new_state(lifeblood("Militia Rifleman", "Void Hound"))
    to_hour(state, 2)
    arrange(state, PLAYER, arsenal=["Militia Rifleman", "Void Hound"])
    attack(state, state.seats[PLAYER].arsenal[0])
    assert not [action for action in state.legal_actions() if action[0] == act.ATTACK]


def test_lifeblood_damage_beyond_the_last_card_is_lost_and_triggers_the_end_game() -> None:
    """3.3: "If a players Lifeblood is depleted by an attack sequence, the remaining damage, if any,
    does not carry over to the Stronghold." 3.4: "When a Lifeblood is depleted, the End Game is
    triggered" 10.3: "The player with Lifeblood remaining initiates the End Game." """
    state = new_state(lifeblood("Militia Rifleman"), lifeblood(), starting_player=OPPONENT)
    end_turn(state)  # the opponent started; now the deck's player, 1st Hour
    theirs = state.seats[OPPONENT]
    theirs.discard += theirs.lifeblood[1:]
    del theirs.lifeblood[1:]
    arrange(state, PLAYER, arsenal=["Militia Rifleman"])
    attack(state, state.seats[PLAYER].arsenal[0])  # Arsenal 3 against 1 card
    assert theirs.lifeblood == [] and len(theirs.discard) == 30
    assert state.end_game and state.seats[OPPONENT].strength == 14
    assert state.initiator == PLAYER
    assert state.phase == END_GAME_DRAW and state.current_player() == PLAYER


# ----- the End Game -----

def eleventh_hour_over(mine: ResolvedDeck, theirs: ResolvedDeck) -> AnguishState:
    state = new_state(mine, theirs)
    to_hour(state, 11)
    end_turn(state)
    state.apply_action((act.END,))
    while state.phase == HAND_LIMIT_PHASE:
        state.apply_action((act.BOTTOM, state.seats[state.actor].hand[0]))
    return state


def into_the_end_game(state: AnguishState, mine: Iterable[str], theirs: Iterable[str],
                      my_arsenal: Iterable[str] = (), their_arsenal: Iterable[str] = ()) -> None:
    """Draw nothing, give the players these hands and Creatures: the initiator's first End Game turn."""
    while state.phase == END_GAME_DRAW:
        state.apply_action((act.DRAW, 0))
    arrange(state, PLAYER, hand=mine, arsenal=my_arsenal)
    arrange(state, OPPONENT, hand=theirs, arsenal=their_arsenal)
    assert state.phase == MAIN and state.end_game_phase == 1


def test_the_end_game_begins_when_the_eleventh_hour_ends() -> None:
    """10.1: "The End Game is triggered once one player runs out of Lifeblood or at the end of the 11th
    Hour, whichever occurs first." 10.3: "If both players have Lifeblood remaining (or if neither do),
    then the player who started the game initiates the End Game." """
    state = eleventh_hour_over(lifeblood(), lifeblood())
    assert state.end_game and state.hour == 11 and not state.light()
    assert state.initiator == PLAYER
    assert state.phase == END_GAME_DRAW and state.current_player() == PLAYER


def test_the_end_game_draws_up_to_three_discards_to_eight_and_discards_the_lifeblood() -> None:
    """10.2: "Once the End Game is initiated, both players may draw up to three cards if either have
    Lifeblood remaining. If a players hand exceeds the 8-card limit, discard cards from their hand until
    they have 8 cards remaining. Once the End Game begins, both players discard their Lifeblood, if
    applicable." """
    state = eleventh_hour_over(lifeblood(), lifeblood())
    mine, theirs = state.seats
    assert state.legal_actions() == [(act.DRAW, n) for n in range(4)]
    hand_before = len(mine.hand)
    state.apply_action((act.DRAW, 3))
    assert len(mine.hand) == hand_before + 3 == 11
    assert state.current_player() == OPPONENT
    state.apply_action((act.DRAW, 1))
    assert len(theirs.hand) == 9
    assert state.phase == END_GAME_DISCARD and state.current_player() == PLAYER
    for _ in range(3):
        state.apply_action((act.DISCARD, mine.hand[0]))
    assert state.current_player() == OPPONENT
    state.apply_action((act.DISCARD, theirs.hand[0]))
    assert len(mine.hand) == len(theirs.hand) == 8
    assert mine.lifeblood == [] and theirs.lifeblood == []
    assert len(mine.discard) + len(mine.hand) + len(mine.in_play()) == 35
    assert state.phase == MAIN and state.active == PLAYER


def test_end_game_cards_are_free_and_unprotected_attacks_hit_the_stronghold() -> None:
    """10.4: "this player will begin the round by playing cards free of cost and then initiating the
    attack sequence." 3.3: "Players may not target Strongholds until the End Game begins." """
    state = eleventh_hour_over(lifeblood("Wandering Behemoth", "Militia Rifleman"), lifeblood())
    into_the_end_game(state, ["Wandering Behemoth"], [], my_arsenal=["Militia Rifleman"])
    play(state, "Wandering Behemoth")  # a 10th-Hour Creature, for nothing
    behemoth, rifleman = state.seats[PLAYER].arsenal[1], state.seats[PLAYER].arsenal[0]
    attack(state, rifleman, behemoth)
    assert state.seats[OPPONENT].strength == 14 - 3 - 5


def test_end_game_lifeblood_effects_hit_the_stronghold() -> None:
    """10.6: "if a player forces an opponent to discard two cards from their Lifeblood without having any
    Lifeblood remaining, then two damage is inflicted on the opponent Stronghold. Similarly, if a player
    plays a card that requires them to draw cards from their Lifeblood without any Lifeblood remaining,
    then the equivalent amount of damage is inflicted on their own Stronghold" """
    state = eleventh_hour_over(lifeblood("Night Terror", "Fleeting Light"), lifeblood())
    into_the_end_game(state, ["Night Terror", "Fleeting Light"], [])
    play(state, "Night Terror")
    play(state, "Fleeting Light")
    assert (state.seats[PLAYER].strength, state.seats[OPPONENT].strength) == (14 - 1, 14 - 2)


def test_the_end_game_is_absolute_darkness() -> None:
    """6.2: "The default light availability in the End Game is absolute darkness" (Night Lurker: "During
    Absolute Darkness (Hours 7-11), this Creature has +1 Arsenal.")"""
    state = eleventh_hour_over(lifeblood("Night Lurker"), lifeblood())
    into_the_end_game(state, [], [], my_arsenal=["Night Lurker"])
    assert state.arsenal_of(state.seats[PLAYER].arsenal[0]) == 4


def test_the_players_take_turns_until_both_pass_and_each_creature_attacks_once_a_phase() -> None:
    """10.4: "Their opposing player may declare counter offenses and the process is repeated until no
    plays are available." """
    state = eleventh_hour_over(lifeblood("Militia Rifleman"), lifeblood("Void Hound"))
    into_the_end_game(state, [], [], my_arsenal=["Militia Rifleman"], their_arsenal=["Void Hound"])
    rifleman, hound = state.seats[PLAYER].arsenal[0], state.seats[OPPONENT].arsenal[0]
    attack(state, rifleman)
    state.apply_action((act.END,))
    assert state.active == OPPONENT and state.end_game_phase == 1
    attack(state, hound)
    state.apply_action((act.END,))
    assert state.active == PLAYER
    assert not [action for action in state.legal_actions() if action[0] == act.ATTACK]  # it attacked this phase
    state.apply_action((act.END,))
    state.apply_action((act.END,))  # two turns in a row without a play: the phase is over
    assert state.end_game_phase == 2 and state.active == PLAYER
    assert (act.ATTACK, (rifleman,)) in state.legal_actions()


def test_a_destroyed_stronghold_ends_the_game_after_the_first_phase() -> None:
    """10.7: "Calculate the total damage inflicted on both Strongholds. If no Strongholds are completely
    destroyed during this interaction, [...] A second round of the End Game commences" """
    state = eleventh_hour_over(lifeblood(*["Wandering Behemoth"] * 3), lifeblood())
    into_the_end_game(state, [], [], my_arsenal=["Wandering Behemoth"] * 3)
    attack(state, *state.seats[PLAYER].arsenal)
    assert state.seats[OPPONENT].strength == 14 - 15
    state.apply_action((act.END,))
    state.apply_action((act.END,))
    state.apply_action((act.END,))
    assert state.is_terminal() and state.current_player() == TERMINAL
    assert state.end_game_phase == 1 and state.winner() == PLAYER


def test_even_strongholds_after_the_second_phase_leave_no_winner() -> None:
    """10.7: "At the conclusion of the second End Game phase, the player with the highest remaining
    Stronghold wins the round." With even Strongholds nobody has the highest."""
    state = eleventh_hour_over(lifeblood(), lifeblood("Void Hound", stronghold="The Stone Throne"))
    into_the_end_game(state, [], [], their_arsenal=["Void Hound"])
    state.apply_action((act.END,))
    attack(state, state.seats[OPPONENT].arsenal[0])
    for _ in range(1 + 2 + 2):  # its turn ends, both pass: the first phase ends; both pass the second
        state.apply_action((act.END,))
    assert state.is_terminal() and state.end_game_phase == 2
    assert (state.seats[PLAYER].strength, state.seats[OPPONENT].strength) == (12, 12)
    assert state.winner() is None


def test_after_the_second_phase_the_stronger_stronghold_wins() -> None:
    """10.7: "the player with the highest remaining Stronghold wins the round." """
    state = eleventh_hour_over(lifeblood(), lifeblood(stronghold="The Last Bunker"))
    into_the_end_game(state, [], [])
    for _ in range(4):
        state.apply_action((act.END,))
    assert state.is_terminal() and state.winner() == OPPONENT  # 15 against 14


# ----- playouts -----

@pytest.mark.parametrize("two_decks", [False, True])
def test_random_playouts_keep_every_card_in_exactly_one_zone_and_end(two_decks: bool) -> None:
    decks = [deck_file(name) for name in ("legal_nightmare_two_tenth_hour", "legal_cosmic_with_sideboard")]
    for seed in range(12):
        chooser = random.Random(seed)
        game = load_game("anguish", decks[0], **({"opponent": decks[1]} if two_decks else {}))
        assert isinstance(game, AnguishGame)
        state = game.new_initial_state(random.Random(seed))
        every_card = len(game.cards)
        for _ in range(5000):
            if state.is_terminal():
                break
            state.apply_action(chooser.choice(state.legal_actions()))
            assert state.check_invariants() == [] and state.invariant_problems() == []
            assert sum(len(cards) for cards in state.zones().values()) == every_card
        assert state.is_terminal() and state.legal_actions() == []


def test_a_random_two_deck_game_is_replayed_by_its_seed() -> None:
    deck = deck_file("legal_survivor_no_headers")

    def playout(seed: int) -> list[object]:
        state = make_game(deck, opponent=deck).new_initial_state(random.Random(seed))
        chooser = random.Random(seed)
        while not state.is_terminal():
            state.apply_action(chooser.choice(state.legal_actions()))
        return [state.winner(), state.hour, *(seat.strength for seat in state.seats), state.zones()]

    assert playout(5) == playout(5)


def test_an_illegal_action_is_refused() -> None:
    state = new_state(lifeblood("Ancient Relic"))
    arrange(state, PLAYER, hand=["Ancient Relic"])
    relic = state.seats[PLAYER].hand[0]
    with pytest.raises(IllegalAction):
        state.apply_action((act.PLAY, relic, None, None))  # 11 Hours in the 1st Hour


# ----- the goldfish -----

def test_the_goldfish_has_a_full_lifeblood_of_35_anonymous_cards_and_never_acts() -> None:
    """4.1: "A standard Lifeblood (i.e. Deck) size is 36 cards, which includes exactly one Stronghold";
    the Stronghold starts in play, so a full Lifeblood holds 35 cards, the goldfish's as any deck's
    (docs/goldfish.md: "an empty board and a full Lifeblood; it plays nothing")."""
    state = make_game(deck_file("legal_cosmic_with_sideboard")).new_initial_state(random.Random(1))
    zones = state.zones()
    assert [card.name for card in zones["p1.lifeblood"]] == [GOLDFISH_CARD] * 35
    assert len(zones["p0.lifeblood"]) + len(zones["p0.hand"]) == 35 and len(zones["p0.stronghold"]) == 1
    assert not any(zones[f"p1.{zone}"] for zone in ("hand", "arsenal", "protection", "stronghold"))
    player = HeuristicPlayer()
    while not state.is_terminal():
        assert state.current_player() == PLAYER
        state.apply_action(player.choose(state))


def test_a_goldfish_game_is_won_when_the_goldfish_lifeblood_is_emptied() -> None:
    state, result = play_goldfish(deck_file("legal_nightmare_two_tenth_hour"), game_stream(1, 0))
    assert result.won and state.seats[OPPONENT].lifeblood == []
    assert sum(result.damage_by_turn) == 35
    assert len(result.damage_by_turn) == result.end_turn == state.hour <= 11


def test_milling_the_35th_card_of_the_goldfish_wins() -> None:
    """3.4: "When a Lifeblood is depleted, the End Game is triggered": against the goldfish that ends
    the game, won. 34 cards milled are not enough; the 35th is."""
    for milled_before, won in ((32, False), (33, True)):
        state = new_state(lifeblood("Night Terror"))
        arrange(state, PLAYER, hand=["Night Terror"])
        to_hour(state, 2)
        del state.seats[OPPONENT].lifeblood[:milled_before]
        play(state, "Night Terror")  # "Your opponent discards the top 2 cards of their Lifeblood."
        assert state.is_terminal() == won and (state.winner() == PLAYER) == won
        assert len(state.seats[OPPONENT].lifeblood) == 35 - milled_before - 2


def test_a_goldfish_game_ends_with_the_eleventh_hour_when_nothing_mills() -> None:
    """10.1: the End Game is triggered "at the end of the 11th Hour"; Pebble Giantlings have no Arsenal."""
    _, result = play_goldfish(lifeblood(), random.Random(0))
    assert (result.won, result.end_turn, result.damage_by_turn) == (False, 11, [0] * 11)
    assert result.played == Counter()


def test_the_same_seed_gives_the_same_goldfish_record() -> None:
    deck = deck_file("legal_survivor_no_headers")
    assert play_goldfish(deck, game_stream(7, 3))[1] == play_goldfish(deck, game_stream(7, 3))[1]
    records = {repr(play_goldfish(deck, game_stream(7, index))[1]) for index in range(20)}
    assert len(records) > 1  # the seed matters
