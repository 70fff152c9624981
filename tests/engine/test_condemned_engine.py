"""The Condemned CCG played by its rules (engine/games/condemned/state.py): scenario tests, each
quoting the rule it checks, with the demo cards (fixtures/condemned/demo.json)."""
from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from engine.cli import load_cards
from engine.core import OPPONENT, PLAYER, TERMINAL, game_stream, load_game, player_stream
from engine.deck import DeckCard, ResolvedDeck
from engine.games.condemned import effects as fx
from engine.games.condemned.damage import modified_damage
from engine.games.condemned.modifiers import parse_modifier
from engine.games.condemned.players import KIT, HeuristicPlayer, InmatePlayer
from engine.games.condemned.position import Setup, position
from engine.games.condemned.state import (
    ATTACK,
    ATTACK_EVENTS,
    CONDEMNED_TARGET,
    END_MAIN,
    KEEP,
    MAIN,
    MULLIGAN,
    MULLIGAN_ACTION,
    PARRY,
    PASS,
    RESPOND,
    CondemnedState,
    make_game,
)
from engine.goldfish_record import GameRecord
from engine.play.match import play_out

CARDS = {card["name"]: card for card in load_cards("condemned")}
# Cards that do nothing when they sit in a hand, to fill one to 5 so that no draw happens.
FILLER = ("Critical Failure", "Duck and Cover")
# A deck to draw from when a turn begins, so that no reshuffle (attrition) takes the discard pile.
SPARE = ["Second Wind"] * 5


def deck(condemned: str | None, counts: dict[str, int]) -> ResolvedDeck:
    entries = [DeckCard(CARDS[condemned], 1, "Condemned")] if condemned else []
    entries += [DeckCard(CARDS[name], count, "Deck") for name, count in counts.items()]
    return ResolvedDeck("condemned", "constructed", entries=entries)


SAMPLE = deck("The Pacifier", {
    "Rusty Machete": 3, "Pilfered Scalpel": 3, "The Ripper": 3, "Brass Knuckles": 3, "Sledgehammer": 3,
    "Alpha Strike": 3, "Adrenaline Rush": 2, "Hidden Pocket": 3, "Quick Patch": 2, "Crowd Favorite": 2,
    "Spiky Helm": 1, "Riot Vest": 2,
})
RIVAL = deck("Sentinel", {
    "Fletcher AG-22": 3, "Flamethrower": 3, "Torch": 3, "Blowgun": 3, "Exo-Head": 3, "Exo-Legs": 3,
    "Riot Vest": 3, "Critical Failure": 3, "Mechanical Malfunction": 3, "Blood Magic": 3,
})


def choose(state: CondemnedState) -> Any:
    """The heuristic player's choice in `state`."""
    return HeuristicPlayer().choose(state)


def goldfish_record(cards: ResolvedDeck, seed: int, index: int) -> GameRecord:
    """Game `index` of a goldfish run of `cards` seeded `seed`, played by the heuristic player against
    the inmate as a run plays it (engine/goldfish.py), and its record."""
    state = KIT.goldfish_game(cards, "inmate").new_initial_state(game_stream(seed, index))
    players = [HeuristicPlayer(), InmatePlayer()]
    for seat, player in enumerate(players):
        player.restart(state, seat, player_stream(seed, index, seat))
    play_out(state, players)
    return KIT.record(state, PLAYER)


def uid(state: CondemnedState, player: int, name: str, zone: str = "hand") -> int:
    return next(card.uid for card in state.zones()[f"p{player}.{zone}"] if card.name == name)


def names(state: CondemnedState, player: int, zone: str) -> list[str]:
    return [card.name for card in state.zones()[f"p{player}.{zone}"]]


def play(state: CondemnedState, *actions: tuple[Any, ...]) -> None:
    for action in actions:
        state.apply_action(action)


def attacks(state: CondemnedState) -> list[tuple[Any, ...]]:
    return [a for a in state.legal_actions() if a[0] == "attack"]


def equips(state: CondemnedState) -> list[tuple[Any, ...]]:
    return [a for a in state.legal_actions() if a[0] == "equip"]


def wear(state: CondemnedState, player: int, zone: str) -> int:
    side = state.sides[player]
    card = state.zones()[f"p{player}.{zone}"][0]
    return state.durability(side, card) - state.durability_left(side, card)


# ------------------------------------------------------------------------------- beginning


def test_it_deals_five_cards_to_each_player_who_start_at_melee_with_full_life() -> None:
    """ "Each player draws 5 cards." and "All matches start with players at Melee." """
    state = make_game(SAMPLE, opponent=RIVAL, first_player=PLAYER).new_initial_state(random.Random(3))

    assert state.phase == MULLIGAN and state.current_player() == PLAYER
    assert [len(side.hand) for side in state.sides] == [5, 5]
    assert [len(side.deck) for side in state.sides] == [25, 25]
    assert state.at_range is False  # one distance for both (docs/rules-notes.md)
    assert [side.life for side in state.sides] == [22, 24]  # The Pacifier and Sentinel as printed


def test_it_never_shuffles_the_condemned_into_the_deck() -> None:
    """ "Your condemned should never be shuffled into your deck" """
    state = make_game(SAMPLE, opponent=RIVAL).new_initial_state(random.Random(3))

    assert names(state, PLAYER, "condemned") == ["The Pacifier"]
    assert "The Pacifier" not in names(state, PLAYER, "deck") + names(state, PLAYER, "hand")


def test_it_shuffles_a_mulligan_into_the_deck_draws_five_and_the_opponent_draws_one() -> None:
    """ "If they do, they shuffle their hand into their deck, then draw 5 new cards. After that, their
    opponent draws a card." """
    state = make_game(SAMPLE, opponent=RIVAL, first_player=PLAYER).new_initial_state(random.Random(3))

    play(state, MULLIGAN_ACTION)

    assert len(state.sides[PLAYER].hand) == 5 and len(state.sides[PLAYER].deck) == 25
    assert len(state.sides[OPPONENT].hand) == 6 and len(state.sides[OPPONENT].deck) == 24
    assert state.sides[PLAYER].mulligans == 1


def test_it_allows_two_mulligans_a_game() -> None:
    """ "Each player may mulligan twice per game." """
    state = make_game(SAMPLE, opponent=RIVAL, first_player=PLAYER).new_initial_state(random.Random(3))

    play(state, MULLIGAN_ACTION)
    assert MULLIGAN_ACTION in state.legal_actions()
    play(state, MULLIGAN_ACTION)

    # No third mulligan: keeping was the player's only choice, so the opponent decides now.
    assert state.current_player() == OPPONENT and state.phase == MULLIGAN
    assert state.sides[PLAYER].mulligans == 2


def test_it_lets_the_second_player_mulligan_after_the_first_keeps() -> None:
    """ "Either player may opt to mulligan." """
    state = make_game(SAMPLE, opponent=RIVAL, first_player=PLAYER).new_initial_state(random.Random(3))

    play(state, KEEP)

    assert state.current_player() == OPPONENT
    assert set(state.legal_actions()) == {KEEP, MULLIGAN_ACTION}


# ------------------------------------------------------------------------------------ turns


def test_it_draws_until_five_cards_at_the_start_of_turn() -> None:
    """ "Draw until you have 5 cards in hand" """
    state = position(CARDS, Setup("Ophid", hand=["Torch", "Torch"], deck=["Second Wind"] * 6))

    assert len(state.sides[PLAYER].hand) == 5 and len(state.sides[PLAYER].deck) == 3


def test_it_draws_nothing_with_more_than_five_cards_in_hand() -> None:
    """ "Draw until you have 5 cards in hand" """
    state = position(CARDS, Setup("Ophid", hand=["Second Wind"] * 6, deck=["Torch"] * 3))

    assert len(state.sides[PLAYER].hand) == 6 and len(state.sides[PLAYER].deck) == 3


def test_it_has_no_attack_in_the_ready_turn() -> None:
    """ "Each Player's first turn is known as the "Ready Turn." [...] nobody can attack during their
    ready turn." """
    state = position(CARDS, Setup("Ophid", main="Rusty Machete", hand=FILLER, turns=0), Setup(turns=0))
    assert state.sides[PLAYER].turns == 1

    play(state, END_MAIN)

    # The inmate's turn passed on its own; the player's second turn began and nobody was hit.
    assert state.sides[OPPONENT].life == 20
    assert state.sides[PLAYER].turns == 2 and state.phase == MAIN


def test_it_attacks_after_the_main_phase_from_the_second_turn() -> None:
    """ "Turn Order: Start of turn; Main Phase; Attack Phase; End of turn" """
    state = position(CARDS, Setup("Ophid", main="Rusty Machete", hand=FILLER))
    play(state, END_MAIN)

    assert state.phase == ATTACK
    assert attacks(state) == [("attack", "main", CONDEMNED_TARGET)]


# ------------------------------------------------------------------------------- main phase


def test_it_allows_one_weapon_equip_a_turn() -> None:
    """ "During your Main Phase, you may: Equip 1 Weapon card" """
    state = position(CARDS, Setup("Ophid", hand=["Torch", "Pilfered Scalpel", *FILLER]))
    assert ("equip", uid(state, PLAYER, "Torch"), "main") in equips(state)

    play(state, ("equip", uid(state, PLAYER, "Torch"), "main"))

    assert equips(state) == []
    assert names(state, PLAYER, "main") == ["Torch"]


def test_it_allows_any_number_of_armor_equips() -> None:
    """ "Equip any number of Armor cards" """
    state = position(CARDS, Setup("Ophid", hand=["Handyman Helmet", "Handyman Overalls", "Riot Vest", *FILLER]))

    play(state, ("equip", uid(state, PLAYER, "Handyman Helmet"), "head"),
         ("equip", uid(state, PLAYER, "Handyman Overalls"), "body"))

    assert names(state, PLAYER, "head") == ["Handyman Helmet"]
    assert names(state, PLAYER, "body") == ["Handyman Overalls"]
    assert ("equip", uid(state, PLAYER, "Riot Vest"), "body") in equips(state)


def test_it_drops_what_was_in_a_field_to_equip_another() -> None:
    """ "Only one card can be present in any given field. If you don't want to use a piece of equipment
    anymore, you may drop it (place it in the discard pile) and equip another during your turn." """
    state = position(CARDS, Setup("Sentinel", head="Handyman Helmet", main="Torch",
                                  hand=["Exo-Head", "Rusty Machete", *FILLER]))

    play(state, ("equip", uid(state, PLAYER, "Exo-Head"), "head"),
         ("equip", uid(state, PLAYER, "Rusty Machete"), "main"))

    assert names(state, PLAYER, "head") == ["Exo-Head"] and names(state, PLAYER, "main") == ["Rusty Machete"]
    assert sorted(names(state, PLAYER, "discard")) == ["Handyman Helmet", "Torch"]


def test_it_fills_both_hands_with_a_two_hand_weapon() -> None:
    """ "Weapons will always specify One Hand or Two Hand" """
    state = position(CARDS, Setup("Ophid", main="Torch", off="Blowgun", hand=["Fletcher AG-22", *FILLER]))

    play(state, ("equip", uid(state, PLAYER, "Fletcher AG-22"), "main"))

    assert names(state, PLAYER, "main") == ["Fletcher AG-22"] and names(state, PLAYER, "off") == []
    assert sorted(names(state, PLAYER, "discard")) == ["Blowgun", "Torch"]


def test_it_puts_a_one_hand_weapon_only_in_the_hands_it_shows() -> None:
    """ "Most One Hand Weapons will specify if they can only be equipped in the Main Hand or the Off Hand
    [...] If a One Hand Weapon shows both a Main Hand and Off Hand symbol, it can be equipped in either
    hand" """
    state = position(CARDS, Setup("Ophid", hand=["Rusty Machete", "Blowgun", "Torch", *FILLER]))

    assert sorted((a[2], state.cards[a[1]].name) for a in equips(state)) == [
        ("main", "Rusty Machete"), ("main", "Torch"), ("off", "Blowgun"), ("off", "Torch"),
    ]


def test_it_equips_only_what_the_condemned_sub_types_allow() -> None:
    """ "Condemned may have Sub-Types that affect the Weapons and Armor they can equip." """
    state = position(CARDS, Setup("Ophid", hand=["The Ripper", "Spiky Helm", "Torch", *FILLER]))

    assert {state.cards[a[1]].name for a in equips(state)} == {"Torch"}


def test_it_allows_one_event_a_turn_and_any_number_of_preparations() -> None:
    """ "Play 1 Event Card; Play any number of Preparation Cards" """
    state = position(CARDS, Setup("Ophid", life=10, hand=["Second Wind", "Second Wind", "Crowd Favorite",
                                                          "Crowd Favorite", "Torch"], deck=["Torch"] * 4))

    for card in ("Second Wind", "Crowd Favorite", "Crowd Favorite"):
        play(state, ("play", uid(state, PLAYER, card), None))

    assert state.sides[PLAYER].life == 14
    assert names(state, PLAYER, "hand").count("Second Wind") == 1
    assert not [a for a in state.legal_actions() if a[0] == "play"]


def test_it_moves_to_ranged_for_a_discard_and_skips_the_attack_phase() -> None:
    """ "Discard a card. If you do, move from Melee to Ranged or vice-versa. If you do, skip your Attack
    Phase" """
    state = position(CARDS, Setup("Kona Yuki", main="Fletcher AG-22", hand=["Torch", *FILLER], deck=SPARE))

    play(state, ("switch", uid(state, PLAYER, "Torch")))

    assert state.at_range and names(state, PLAYER, "discard") == ["Torch"]
    assert not [a for a in state.legal_actions() if a[0] == "switch"]
    play(state, END_MAIN)
    assert state.sides[OPPONENT].life == 20  # the Fletcher never attacked
    assert state.sides[PLAYER].turns == 3


def duel_at_melee(mover: Setup, stationary: Setup) -> CondemnedState:
    """Two Condemned at Melee, the first (PLAYER) to act."""
    return position(CARDS, mover, stationary)


def strike(state: CondemnedState, attack: tuple[Any, ...]) -> None:
    """Declare the attack; both players play no Event at it and the defender does not parry."""
    play(state, attack)
    while state.phase in (ATTACK_EVENTS, PARRY):
        play(state, PASS)


def test_it_keeps_one_distance_for_both_so_a_move_to_ranged_escapes_the_other_melee_weapon() -> None:
    """ "If you don't like the state of the game, change it! During your Main Phase, you may discard a
    card to switch between Melee and Ranged. [...] The Condemned that discards the card is considered
    the one that moves. The other Condemned is considered stationary during that turn." Melee or
    Ranged is the game's one state: once the Kona Yuki pays to go Ranged, the Sentinel is at Ranged
    too, and its Rusty Machete ("Melee weapons can only be used when you are at Melee") cannot reach."""
    state = duel_at_melee(Setup("Kona Yuki", main="Fletcher AG-22", hand=["Torch", *FILLER], deck=SPARE),
                          Setup("Sentinel", main="Rusty Machete", hand=FILLER, deck=SPARE))

    play(state, ("switch", uid(state, PLAYER, "Torch")), END_MAIN)

    assert state.at_range and state.active == OPPONENT and state.phase == MAIN
    play(state, END_MAIN)  # the Machete has no attack to offer: the Sentinel's turn is over
    assert state.active == PLAYER and state.sides[PLAYER].life == 19
    assert state.sides[OPPONENT].turns == 2 and state.sides[PLAYER].turns == 3


def test_it_leaves_the_stationary_condemned_its_attack_phase_and_its_ranged_weapons() -> None:
    """ "If you do, you must skip your Attack Phase that turn": only the one that moves skips it. The
    stationary Sentinel attacks on its turn with a Ranged Weapon ("Ranged Weapons can be used at Melee
    and Ranged")."""
    state = duel_at_melee(Setup("Kona Yuki", main="Fletcher AG-22", hand=["Torch", *FILLER], deck=SPARE),
                          Setup("Sentinel", off="Blowgun", hand=FILLER, deck=SPARE))
    play(state, ("switch", uid(state, PLAYER, "Torch")), END_MAIN, END_MAIN)

    assert attacks(state) == [("attack", "off", CONDEMNED_TARGET)]
    strike(state, ("attack", "off", CONDEMNED_TARGET))
    assert state.sides[PLAYER].life == 18


def test_it_brings_both_back_to_melee_when_the_other_condemned_pays_to_move() -> None:
    """The other Condemned may "change it" back on its own turn: it discards, both are at Melee again,
    and it is its Attack Phase that is skipped."""
    state = duel_at_melee(Setup("Kona Yuki", main="Fletcher AG-22", hand=["Torch", *FILLER], deck=SPARE),
                          Setup("Sentinel", main="Rusty Machete", hand=["Torch", *FILLER], deck=SPARE))
    play(state, ("switch", uid(state, PLAYER, "Torch")), END_MAIN)

    play(state, ("switch", uid(state, OPPONENT, "Torch")))
    assert not state.at_range
    play(state, END_MAIN)
    assert state.active == PLAYER and state.sides[PLAYER].life == 19  # the Machete's turn had no attack
    play(state, END_MAIN)
    assert attacks(state) == [("attack", "main", CONDEMNED_TARGET)]  # the Fletcher, at Melee


def test_it_draws_ophid_a_card_only_when_ophid_is_the_one_that_moves() -> None:
    """Ophid: "When you switch between Melee and Ranged, draw 1 card." The distance changes for both,
    but the other Condemned "is considered stationary": it has not switched."""
    state = duel_at_melee(Setup("Kona Yuki", main="Fletcher AG-22", hand=["Torch", *FILLER], deck=SPARE),
                          Setup("Ophid", hand=[*FILLER, *FILLER, "Torch"], deck=SPARE))
    ophid = state.sides[OPPONENT]

    play(state, ("switch", uid(state, PLAYER, "Torch")))

    assert state.at_range and (len(ophid.hand), len(ophid.deck)) == (5, 5)


def test_it_moves_both_to_ranged_with_leafy_pads() -> None:
    """Leafy Pads: "you may discard a card to move to Ranged. If you do, you still have your Attack
    Phase this turn." The game is at Ranged, for the other Condemned's Melee Weapon too."""
    state = duel_at_melee(Setup("Kona Yuki", main="Fletcher AG-22", legs="Leafy Pads", hand=["Torch", *FILLER],
                                deck=SPARE),
                          Setup("Sentinel", main="Rusty Machete", hand=FILLER, deck=SPARE))
    play(state, ("leafy", uid(state, PLAYER, "Torch")), END_MAIN)
    strike(state, ("attack", "main", CONDEMNED_TARGET))

    assert state.at_range and state.sides[OPPONENT].life == 21  # the Fletcher hit for 3
    play(state, END_MAIN)
    assert state.active == PLAYER and state.sides[PLAYER].life == 19  # no reach for the Machete


def test_it_moves_a_weapon_that_shows_both_hands_to_the_other_hand() -> None:
    """ "Move an equipped One Hand Weapon between your Main Hand and Off Hand, if allowed" """
    state = position(CARDS, Setup("Ophid", main="Pilfered Scalpel", hand=["Rusty Machete", *FILLER]))

    play(state, ("move", uid(state, PLAYER, "Pilfered Scalpel", "main")))
    play(state, ("equip", uid(state, PLAYER, "Rusty Machete"), "main"))

    assert names(state, PLAYER, "main") == ["Rusty Machete"] and names(state, PLAYER, "off") == ["Pilfered Scalpel"]


def test_it_does_not_move_a_weapon_that_shows_one_hand() -> None:
    """ "Move an equipped One Hand Weapon between your Main Hand and Off Hand, if allowed" """
    state = position(CARDS, Setup("Ophid", main="Rusty Machete", hand=["Second Wind", *FILLER]))

    assert not [a for a in state.legal_actions() if a[0] == "move"]


# ------------------------------------------------------------------------------ attack phase


def test_it_attacks_with_the_main_hand_first() -> None:
    """ "If you have equipped a Main Hand Weapon as well as an Off Hand Weapon, you MUST attack with your
    Main Hand Weapon first unless you are unable to do so." """
    state = position(CARDS, Setup("Ophid", main="Rusty Machete", off="Brass Knuckles", hand=FILLER))
    play(state, END_MAIN)

    assert attacks(state) == [("attack", "main", CONDEMNED_TARGET)]
    play(state, ("attack", "main", CONDEMNED_TARGET))
    assert attacks(state) == [("attack", "off", CONDEMNED_TARGET)]


def test_it_attacks_with_the_off_hand_when_the_main_hand_cannot_at_range() -> None:
    """ "If, for example, you have a Melee Weapon in your Main Hand, a Ranged Weapon in your Off Hand,
    and you're at Range, you may attack with your Ranged Weapon in your Off Hand without using your Main
    Hand Weapon." """
    state = position(CARDS, Setup("Ophid", main="Rusty Machete", off="Blowgun", hand=FILLER), at_range=True)
    play(state, END_MAIN)

    assert attacks(state) == [("attack", "off", CONDEMNED_TARGET)]


def test_it_uses_melee_weapons_only_at_melee_and_ranged_weapons_anywhere() -> None:
    """ "Melee weapons can only be used when you are at Melee; Ranged Weapons can be used at Melee and
    Ranged" """
    at_melee = position(CARDS, Setup("Ophid", main="Rusty Machete", off="Blowgun", hand=FILLER))
    at_range = position(CARDS, Setup("Ophid", main="Fletcher AG-22", hand=FILLER), at_range=True)
    play(at_melee, END_MAIN)
    play(at_range, END_MAIN)

    assert attacks(at_melee)[0][1] == "main"
    assert attacks(at_range) == [("attack", "main", CONDEMNED_TARGET)]


def test_it_halves_every_attack_after_the_first_rounded_up() -> None:
    """ "Any Attack after the first attack in the turn deals half damage, rounded up." """
    state = position(CARDS, Setup("Ophid", main="Rusty Machete", off="Brass Knuckles", hand=FILLER))
    play(state, END_MAIN, ("attack", "main", CONDEMNED_TARGET))
    assert state.sides[OPPONENT].life == 17

    play(state, ("attack", "off", CONDEMNED_TARGET))

    assert state.sides[OPPONENT].life == 16  # Brass Knuckles: 2 halved is 1


def test_it_damages_the_attacking_weapon_by_one_and_breaks_it_at_zero() -> None:
    """ "Your Weapon takes 1 damage." and "When a Weapon's Durability drops to 0, it breaks and goes to
    the Discard Pile" """
    state = position(CARDS, Setup("Ophid", main="Rusty Machete", hand=FILLER, wear={"Rusty Machete": 1}))
    play(state, END_MAIN, ("attack", "main", CONDEMNED_TARGET))

    assert names(state, PLAYER, "main") == [] and names(state, PLAYER, "discard") == ["Rusty Machete"]


def test_it_makes_the_armor_the_target_when_all_three_slots_are_filled() -> None:
    """ "If an enemy Condemned has Armor equipped in all three slots or an Armor with Shielding equipped,
    you MUST target one of those Armor pieces first." """
    rival = Setup("Kona Yuki", head="Exo-Head", body="Football Pads", legs="Handyman Pants")
    two = Setup("Kona Yuki", head="Exo-Head", body="Football Pads")
    full = position(CARDS, Setup("Ophid", main="Rusty Machete", hand=FILLER), rival)
    partial = position(CARDS, Setup("Ophid", main="Rusty Machete", hand=FILLER), two)
    play(full, END_MAIN)
    play(partial, END_MAIN)

    assert sorted(a[2] for a in attacks(full)) == sorted(c.uid for c in full.sides[OPPONENT].armors())
    assert CONDEMNED_TARGET in [a[2] for a in attacks(partial)] and len(attacks(partial)) == 3


def test_it_makes_the_armor_with_shielding_the_target() -> None:
    """ "If an enemy Condemned has [...] an Armor with Shielding equipped, you MUST target one of those
    Armor pieces first." """
    state = position(CARDS, Setup("Ophid", main="Rusty Machete", hand=FILLER),
                     Setup("Sentinel", head="Exo-Head", body="Riot Vest"))
    play(state, END_MAIN)

    assert attacks(state) == [("attack", "main", uid(state, OPPONENT, "Riot Vest", "body"))]


def test_it_redirects_one_damage_to_each_armor_on_a_direct_hit() -> None:
    """ "if you have 1 Armor card and are attacked for 3 damage, you would take 2 damage and your armor
    would take 1. If you had 2 Armor, you take 1 and each armor takes 1." """
    one = position(CARDS, Setup("Ophid", main="Rusty Machete", hand=FILLER), Setup("Kona Yuki", head="Exo-Head"))
    two = position(CARDS, Setup("Ophid", main="Rusty Machete", hand=FILLER),
                   Setup("Kona Yuki", head="Exo-Head", body="Football Pads"))
    for state in (one, two):
        play(state, END_MAIN, ("attack", "main", CONDEMNED_TARGET))

    assert one.sides[OPPONENT].life == 19 - 2 and wear(one, OPPONENT, "head") == 1
    assert two.sides[OPPONENT].life == 19 - 1
    assert (wear(two, OPPONENT, "head"), wear(two, OPPONENT, "body")) == (1, 1)


@pytest.mark.parametrize(("weapon", "armor", "damage"), [
    ("Pilfered Scalpel", "Riot Vest", 1),  # Slash 2, Riot Vest "-1" against Slash
    ("Brass Knuckles", "Exo-Head", 1),  # Impact 2, Exo-Head "/2" against Impact
    ("Taser", "Exo-Head", 2),  # Electric 1, Exo-Head "x2" against Electric
    ("Torch", "Exo-Head", 2),  # Fire 2, no modifier
])
def test_it_applies_the_modifier_of_the_armor_attacked(weapon: str, armor: str, damage: int) -> None:
    """ "All Armor have damage types they are strong against and weak against. Apply the damage modifier
    as written on the card" """
    hand = "off" if weapon in ("Brass Knuckles", "Taser") else "main"
    slot = "body" if armor == "Riot Vest" else "head"
    attacker, defender = Setup("Ophid", hand=FILLER), Setup("Kona Yuki")
    setattr(attacker, hand, weapon)
    setattr(defender, slot, armor)
    state = position(CARDS, attacker, defender)
    play(state, END_MAIN, ("attack", hand, uid(state, OPPONENT, armor, slot)))

    assert wear(state, OPPONENT, slot) == damage
    assert state.sides[OPPONENT].life == 19


def test_it_breaks_an_armor_at_zero_durability() -> None:
    """ "When an Armor's Durability drops to 0, it breaks and goes to the Discard Pile" """
    state = position(CARDS, Setup("Ophid", main="Rusty Machete", hand=FILLER),
                     Setup("Kona Yuki", body="Riot Vest", wear={"Riot Vest": 1}, deck=SPARE))
    vest = uid(state, OPPONENT, "Riot Vest", "body")

    play(state, END_MAIN, ("attack", "main", vest))  # Machete 3 Slash, Riot Vest -1 Slash: 2 more damage

    assert names(state, OPPONENT, "body") == [] and names(state, OPPONENT, "discard") == ["Riot Vest"]


def test_it_lets_the_defender_parry_with_a_weapon_that_takes_the_damage() -> None:
    """ "Your opponent may opt to parry with one of their equipped Weapons. If they do, that Weapon takes
    the damage instead of the attack's target." """
    state = position(CARDS, Setup("Ophid", main="Rusty Machete", hand=FILLER),
                     Setup("Sentinel", main="Flamethrower", deck=SPARE))
    play(state, END_MAIN, ("attack", "main", CONDEMNED_TARGET))
    flamethrower = uid(state, OPPONENT, "Flamethrower", "main")
    assert state.phase == PARRY and state.current_player() == OPPONENT
    assert set(state.legal_actions()) == {("parry", flamethrower), PASS}

    play(state, ("parry", flamethrower))

    assert state.sides[OPPONENT].life == 24
    assert names(state, OPPONENT, "discard") == ["Flamethrower"]  # 3 damage on Durability 3
    assert wear(state, PLAYER, "main") == 1


def test_it_resolves_an_unparried_attack_when_the_defender_passes() -> None:
    """ "Your opponent may opt to parry" """
    state = position(CARDS, Setup("Ophid", main="Rusty Machete", hand=FILLER), Setup("Sentinel", main="Flamethrower"))
    play(state, END_MAIN, ("attack", "main", CONDEMNED_TARGET), PASS)

    assert state.sides[OPPONENT].life == 21


@pytest.mark.parametrize(("base", "printed", "expected"), [
    (3, ["/2", "+1"], 2),  # add first: (3 + 1) / 2
    (3, ["=0", "+2"], 2),  # set first: 0 + 2
    (3, ["x2", "-1"], 4),  # (3 - 1) x 2
    (5, ["/2"], 3),  # rounded up
    (1, ["-2"], 0),  # never below 0
    (3, ["+1", "=1"], 2),  # the set comes first whatever the order given
])
def test_it_applies_modifiers_set_then_add_then_multiply(base: int, printed: list[str], expected: int) -> None:
    """ "Damage Modifier Order: Effects that sets a specific number (e.g. sets damage to 0); Effects that
    add or subtract damage; Effects that multiply or divide damage" """
    assert modified_damage(base, [parse_modifier(m) for m in printed]) == expected


def test_it_halves_a_second_attack_after_adding_to_it() -> None:
    """ "Any Attack after the first attack in the turn deals half damage, rounded up. Apply this during
    the modifier step." (Dr. Mrtav: "Your Bio Weapons deal +1 damage.") """
    state = position(CARDS, Setup("Dr. Mrtav", main="Rusty Syringe", off="Blowgun", hand=FILLER))
    play(state, END_MAIN, ("attack", "main", CONDEMNED_TARGET), ("attack", "off", CONDEMNED_TARGET))

    # Syringe 1 + 1 = 2; Blowgun (1 + 1) / 2 = 1.
    assert state.sides[OPPONENT].life == 17


# --------------------------------------------------------------------------------- desperation


def test_it_allows_one_desperate_attack_for_one_damage() -> None:
    """ "If you are at Melee, you don't have any weapons equipped, and you don't have any Weapon cards in
    your hand, the Desperation Rule applies. You may make one attack per turn for 1 damage with no
    type." """
    state = position(CARDS, Setup("Ophid", hand=FILLER))
    play(state, END_MAIN)
    assert attacks(state) == [("attack", "desperation", CONDEMNED_TARGET)]

    play(state, ("attack", "desperation", CONDEMNED_TARGET))

    assert state.sides[OPPONENT].life == 19
    assert state.sides[PLAYER].turns == 3  # one attack only: the turn ended


@pytest.mark.parametrize(("setup", "at_range"), [
    (Setup("Ophid", hand=["Torch", *FILLER]), False),
    (Setup("Ophid", hand=FILLER), True),
])
def test_it_allows_no_desperate_attack_with_a_weapon_in_hand_or_at_range(setup: Setup, at_range: bool) -> None:
    """ "If you are at Melee, you don't have any weapons equipped, and you don't have any Weapon cards in
    your hand, the Desperation Rule applies." """
    state = position(CARDS, setup, at_range=at_range)
    play(state, END_MAIN)

    assert state.sides[OPPONENT].life == 20 and state.phase != ATTACK


def test_it_aims_a_desperate_attack_at_armor_and_allows_no_parry() -> None:
    """ "It cannot be parried, and it must target Armor before you target the enemy Condemned." """
    state = position(CARDS, Setup("Ophid", hand=FILLER), Setup("Kona Yuki", head="Exo-Head", main="Torch"))
    play(state, END_MAIN)
    exo_head = uid(state, OPPONENT, "Exo-Head", "head")
    assert attacks(state) == [("attack", "desperation", exo_head)]

    play(state, ("attack", "desperation", exo_head))

    assert wear(state, OPPONENT, "head") == 1  # no type, so no modifier
    # Kona Yuki, holding a Torch, was never asked to parry: its own turn has begun.
    assert state.active == OPPONENT and state.phase == MAIN


# ------------------------------------------------------------------------------------ events


def test_it_lets_the_defender_answer_an_attack_with_an_event() -> None:
    """ "Events can be played on either Condemned's turn" (Critical Failure: "Play when an enemy attack
    is declared. Set that attack's damage to 0.") """
    state = position(CARDS, Setup("Ophid", main="Rusty Machete", hand=FILLER),
                     Setup("Sentinel", hand=["Critical Failure"], deck=SPARE))
    play(state, END_MAIN, ("attack", "main", CONDEMNED_TARGET))
    assert state.current_player() == OPPONENT

    play(state, ("play", uid(state, OPPONENT, "Critical Failure"), None))

    assert state.sides[OPPONENT].life == 24
    assert names(state, OPPONENT, "discard") == ["Critical Failure"]


def test_it_allows_one_event_per_condemned_per_turn_on_either_side() -> None:
    """ "Only 1 Event per Condemned per turn" """
    state = position(CARDS, Setup("Ophid", main="Rusty Machete", off="Brass Knuckles", hand=FILLER),
                     Setup("Sentinel", hand=["Critical Failure", "Duck and Cover"]))
    play(state, END_MAIN, ("attack", "main", CONDEMNED_TARGET))
    play(state, ("play", uid(state, OPPONENT, "Critical Failure"), None))

    play(state, ("attack", "off", CONDEMNED_TARGET))

    # The defender already played its Event this turn: Duck and Cover cannot answer the second attack.
    assert state.sides[OPPONENT].life == 24 - 1
    assert names(state, OPPONENT, "hand") == ["Duck and Cover"]


def test_it_counts_the_event_limit_afresh_each_turn() -> None:
    """ "Only 1 Event per Condemned per turn" """
    state = position(CARDS, Setup("Ophid", main="Rusty Machete", hand=FILLER),
                     Setup("Sentinel", hand=["Critical Failure", "Second Wind", *FILLER]))
    play(state, END_MAIN, ("attack", "main", CONDEMNED_TARGET))
    play(state, ("play", uid(state, OPPONENT, "Critical Failure"), None))

    # The player's turn ended; in its own turn the defender may play an Event again.
    assert state.active == OPPONENT and state.phase == MAIN
    assert ("play", uid(state, OPPONENT, "Second Wind"), None) in state.legal_actions()


FIELD_REPAIR = {
    "name": "Field Repair", "card_type": "event", "subtypes": [], "text": "Repair 2 Durability on one of your Weapons.",
    "attributes": {"timing": "any"},
}


def lifo_position(monkeypatch: pytest.MonkeyPatch) -> CondemnedState:
    """Ophid's Pilfered Scalpel (Durability 3) has 2 damage; Ophid holds an Event that repairs 2, Kona
    Yuki a Mechanical Malfunction ("Deal 2 damage to an enemy Weapon.")."""
    monkeypatch.setitem(fx.EFFECTS, "Field Repair", (fx.Repair(2, ("weapon",)),))
    ophid = Setup("Ophid", main="Pilfered Scalpel", hand=["Field Repair", *FILLER], wear={"Pilfered Scalpel": 2})
    kona = Setup("Kona Yuki", hand=["Mechanical Malfunction"], deck=SPARE)
    return position({**CARDS, "Field Repair": FIELD_REPAIR}, ophid, kona)


def test_it_resolves_events_last_in_first_out(monkeypatch: pytest.MonkeyPatch) -> None:
    """ "Events resolve in a Last in-First out order" """
    state = lifo_position(monkeypatch)
    scalpel = uid(state, PLAYER, "Pilfered Scalpel", "main")
    play(state, ("play", uid(state, PLAYER, "Field Repair"), scalpel))
    assert state.current_player() == OPPONENT and names(state, PLAYER, "stack") == ["Field Repair"]

    play(state, ("play", uid(state, OPPONENT, "Mechanical Malfunction"), scalpel))

    # The Malfunction, played last, resolves first: the Scalpel breaks before the repair could save it.
    assert names(state, PLAYER, "main") == []
    assert sorted(names(state, PLAYER, "discard")) == ["Field Repair", "Pilfered Scalpel"]


def test_it_resolves_an_event_nobody_answers(monkeypatch: pytest.MonkeyPatch) -> None:
    """ "When you play an Event, follow the instructions in the Rules Text. After the Event resolves, put
    it in the Discard Pile" """
    state = lifo_position(monkeypatch)
    scalpel = uid(state, PLAYER, "Pilfered Scalpel", "main")
    play(state, ("play", uid(state, PLAYER, "Field Repair"), scalpel), PASS)

    assert wear(state, PLAYER, "main") == 0 and names(state, PLAYER, "discard") == ["Field Repair"]


# ---------------------------------------------------------------------------------- attrition


def test_it_reshuffles_the_discard_pile_and_removes_five_when_the_deck_runs_out() -> None:
    """ "If your deck is empty and you must draw a card, shuffle your discard pile into your deck and
    then remove the top 5 cards of the deck from the game. Then, continue drawing as normal." """
    state = position(CARDS, Setup("Ophid", hand=["Torch"] * 3, discard=["Second Wind"] * 8))
    side = state.sides[PLAYER]

    assert (len(side.hand), len(side.deck), len(side.removed), len(side.discard)) == (5, 1, 5, 0)


def test_it_plays_on_without_drawing_when_nothing_is_left_to_draw() -> None:
    """ "If you have no cards in your deck and cannot draw, play continues without drawing a card." """
    state = position(CARDS, Setup("Ophid", hand=["Torch"] * 2, discard=["Second Wind"] * 4))
    side = state.sides[PLAYER]

    assert (len(side.hand), len(side.deck), len(side.removed)) == (2, 0, 4)
    assert state.phase == MAIN


# ------------------------------------------------------------------------------ winning, life


def test_it_ends_the_game_when_a_condemned_life_reaches_zero() -> None:
    """ "In order to win in The Condemned CCG, you must reduce your opponent's Life to 0." """
    state = position(CARDS, Setup("Ophid", main="Rusty Machete", hand=FILLER), Setup(life=2, passive=True))
    play(state, END_MAIN, ("attack", "main", CONDEMNED_TARGET))

    assert state.is_terminal() and state.current_player() == TERMINAL
    assert state.winner() == PLAYER and state.sides[OPPONENT].life == 0
    assert state.legal_actions() == []


def test_it_heals_no_higher_than_the_printed_life() -> None:
    """ "Life cannot exceed the amount printed on the card + any life bonuses applied by Weapons or
    Armor" """
    state = position(CARDS, Setup("Ophid", life=19, hand=["Second Wind", *FILLER]))
    play(state, ("play", uid(state, PLAYER, "Second Wind"), None))

    assert state.sides[PLAYER].life == 20


# ------------------------------------------------------------------------------- the goldfish


def test_it_lets_the_goldfish_inmate_pass_its_turns_without_a_desperate_attack() -> None:
    """The inmate "never acts" in a goldfish game, though the Desperation Rule would let it attack: "If
    you are at Melee, you don't have any weapons equipped, and you don't have any Weapon cards in your
    hand, the Desperation Rule applies. You may make one attack per turn" """
    state = position(CARDS, Setup("Ophid", hand=["Second Wind", *FILLER]), Setup(passive=True), active=OPPONENT)

    assert state.active == PLAYER and state.phase == MAIN
    assert state.sides[PLAYER].life == 20 and state.sides[OPPONENT].turns == 2


def test_it_plays_a_goldfish_game_against_an_inmate_of_twenty_life() -> None:
    """The goldfish opponent: the generic inmate, 20 Life, no abilities, no cards, never acts."""
    record = goldfish_record(SAMPLE, 1, 0)

    assert record.won and sum(record.damage_by_turn) == 20
    assert len(record.damage_by_turn) == record.end_turn
    assert record.damage_by_turn[0] == 0  # the Ready Turn
    assert record.mulligans in (0, 1, 2)
    assert sum(record.drawn.values()) >= 5 and record.played
    assert record.no_effect == Counter()


def test_it_never_asks_the_goldfish_inmate_to_decide() -> None:
    """A goldfish opponent "never acts": every decision of the game is the deck's player's."""
    state = make_game(SAMPLE).new_initial_state(game_stream(2, 0))
    rng = random.Random(2)
    while not state.is_terminal():
        assert state.current_player() == PLAYER
        state.apply_action(rng.choice(list(state.legal_actions())))

    assert state.sides[OPPONENT].hand == [] and state.sides[OPPONENT].played == Counter()


def test_it_ends_a_goldfish_game_after_thirty_turns() -> None:
    """The goldfish game ends "when the inmate's Life reaches 0, or after 30 turns"."""
    pacifist = deck("Ophid", {"Critical Failure": 3, "Duck and Cover": 3, "Torch": 3})  # Ophid cannot kill fast
    state = make_game(pacifist, turn_limit=30).new_initial_state(game_stream(1, 0))
    while not state.is_terminal():
        state.apply_action(END_MAIN if END_MAIN in state.legal_actions() else state.legal_actions()[-1])

    assert state.sides[PLAYER].turns == 30 and state.winner() is None
    assert len(state.damage_by_turn) == 30


def test_it_gives_the_same_record_for_the_same_seed() -> None:
    """The same seed replays the same game."""
    first = [goldfish_record(SAMPLE, 7, i) for i in range(20)]
    again = [goldfish_record(SAMPLE, 7, i) for i in range(20)]

    assert first == again
    assert len({(r.end_turn, tuple(r.damage_by_turn)) for r in first}) > 1  # the seeds do differ


def test_it_is_loaded_through_the_engine_registry() -> None:
    game = load_game("condemned", SAMPLE)

    state = game.new_initial_state(random.Random(1))
    assert state.current_player() in (PLAYER, OPPONENT) and not state.is_terminal()


@pytest.mark.parametrize("opponent", [None, RIVAL])
def test_it_keeps_every_card_in_one_zone_through_random_games(opponent: ResolvedDeck | None) -> None:
    """Random legal play never breaks the game's invariants, and every game ends."""
    rng = random.Random(11)
    game = make_game(SAMPLE, opponent=opponent)
    for seed in range(40):
        state = game.new_initial_state(random.Random(seed))
        total = sum(len(cards) for cards in state.zones().values())
        while not state.is_terminal():
            assert state.check_invariants() == [] and state.invariant_problems() == []
            state.apply_action(rng.choice(list(state.legal_actions())))
        assert sum(len(cards) for cards in state.zones().values()) == total == 31 + (31 if opponent else 0)


def step_by_step(state: CondemnedState, action: tuple[Any, ...], checked: Counter[str]) -> CondemnedState:
    """A copy of `state` with `action` applied and then every decision with a single legal action (as
    _compute_legal lists them) taken in turn, through act() alone, up to the next decision with a choice;
    at every step on the way, the shortcuts that settle takes instead of listing the actions are asked and
    must agree with the list: _forced, and _only_pass in each Event or parry window for either player."""
    stepped = state.clone()
    stepped.act(action)
    while True:
        legal = stepped._compute_legal()
        forced = stepped._forced()
        if forced is not None:
            assert legal == [forced]
            checked["forced"] += 1
        check_only_pass(stepped, checked)
        if len(legal) != 1:
            stepped._legal = legal  # the decision's actions, as listed
            return stepped
        stepped.act(legal[0])


def check_only_pass(state: CondemnedState, checked: Counter[str]) -> None:
    """_only_pass agrees with the listed legal actions in the position of `state`, were either player asked
    in any Event or parry window now (the windows the engine passes through inside an action too)."""
    phase, actor = state.phase, state.actor
    for window in (RESPOND, ATTACK_EVENTS, PARRY):
        for asked in (PLAYER, OPPONENT):
            state.phase, state.actor = window, asked
            passes = state._only_pass()
            assert passes == (state._compute_legal() == [PASS])
            checked["only pass" if passes else "an Event or a parry"] += 1
    state.phase, state.actor = phase, actor


def position_of(state: CondemnedState) -> tuple[Any, ...]:
    """What two ways of playing the same actions must agree on: the decision waiting and every card's place."""
    cards = {zone: [card.uid for card in cards] for zone, cards in state.zones().items()}
    return state.phase, state.current_player(), state.legal_actions(), cards, [side.life for side in state.sides]


@pytest.mark.parametrize("opponent", [None, RIVAL])
def test_it_skips_a_decision_only_when_the_rules_leave_one_action(opponent: ResolvedDeck | None) -> None:
    """ "A decision with a single legal action is taken at once" (state.py): random games, each action
    applied as a player applies it (apply_action, whose settle takes the decisions with one action by its
    shortcuts, _forced and _only_pass, without listing them) and step by step (step_by_step), reach the
    same decisions, the shortcuts agree with the listed legal actions at every step, and a player is only
    ever asked when there is a choice."""
    checked: Counter[str] = Counter()
    rng = random.Random(5)
    game = make_game(SAMPLE, opponent=opponent)
    for seed in range(30):
        state = game.new_initial_state(random.Random(seed))
        while not state.is_terminal():
            legal = state.legal_actions()
            assert len(legal) >= 2, legal
            action = rng.choice(legal)
            stepped = step_by_step(state, action, checked)
            state.apply_action(action)
            assert position_of(state) == position_of(stepped)

    assert checked["forced"] > 0 and checked["only pass"] > 0
    if opponent is not None:  # only a second deck has Events to answer with and Weapons to parry with
        assert checked["an Event or a parry"] > 0
