"""The Condemned's heuristic player (engine/games/condemned/heuristic.py): each rule of its play in a
position built for it, with the rules sentence behind it, and the measured games behind the rules
(docs/rules-notes.md, "The heuristic player")."""
from __future__ import annotations

import random
from typing import Any

from engine.cli import load_cards
from engine.core import PLAYER
from engine.games.condemned import opening
from engine.games.condemned.loadout import EMPTY, Held, worn
from engine.games.condemned.players import HeuristicPlayer
from engine.games.condemned.position import Setup, position
from engine.games.condemned.state import END_MAIN, KEEP, MAIN, MULLIGAN, MULLIGAN_ACTION, CondemnedState, make_game
from tests.engine.test_condemned_engine import deck, names, play, uid

CARDS = {card["name"]: card for card in load_cards("condemned")}
# Cards that can never be played against the goldfish inmate (it never attacks), and never on your own
# turn: a hand of them is a frozen hand.
DEFENSIVE = ("Critical Failure", "Duck and Cover")
SPARE = ["Duck and Cover"] * 5  # a deck to draw from, of cards never played on your own turn


def choose(state: CondemnedState) -> Any:
    return HeuristicPlayer().choose(state)


def equips_of(state: CondemnedState) -> list[str]:
    """The names of the cards the player equips, one choice after another, until its Main Phase ends."""
    equipped = []
    turn = state.sides[PLAYER].turns
    while state.phase == MAIN and state.actor == PLAYER and state.sides[PLAYER].turns == turn:
        action = choose(state)
        if action[0] == "equip":
            equipped.append(state.cards[action[1]].name)
        play(state, action)
    return equipped


# ------------------------------------------------------------------------------------- Weapons


def test_it_keeps_a_weapon_with_uses_left_rather_than_equip_a_fresh_copy() -> None:
    """ "Only drop equipment if you plan to immediately replace it": a Weapon still has uses, and its
    fresh copy deals no more, so the copy waits in hand until the Weapon breaks."""
    state = position(CARDS, Setup("Ophid", main="Rusty Machete", wear={"Rusty Machete": 0},
                                  hand=["Rusty Machete", *DEFENSIVE], deck=SPARE))

    assert choose(state) != ("equip", uid(state, PLAYER, "Rusty Machete"), "main")
    assert equips_of(state) == []


def test_it_replaces_a_weapon_at_its_last_attack_when_more_weapons_wait_in_hand() -> None:
    """ "Equip 1 Weapon card" a turn: with two Weapons waiting in hand, a Weapon with a single attack left
    makes way for a fresh one that deals as much (one use lost, a place in the draw to 5 won)."""
    waiting = position(CARDS, Setup("Ophid", main="Rusty Machete", wear={"Rusty Machete": 1},
                                    hand=["Rusty Machete", "Rusty Machete", *DEFENSIVE], deck=SPARE))
    alone = position(CARDS, Setup("Ophid", main="Rusty Machete", wear={"Rusty Machete": 1},
                                  hand=["Rusty Machete", *DEFENSIVE], deck=SPARE))

    assert equips_of(waiting) == ["Rusty Machete"]
    assert equips_of(alone) == []


def test_it_drops_a_weapon_for_one_that_deals_more_in_this_attack_phase() -> None:
    """ "If you don't want to use a piece of equipment anymore, you may drop it [...] and equip
    another": Torch (2) goes for the Cattle Prod of Doom (3)."""
    state = position(CARDS, Setup("Ophid", main="Torch", hand=["Cattle Prod of Doom", *DEFENSIVE], deck=SPARE))

    assert choose(state) == ("move", uid(state, PLAYER, "Torch", "main"))  # the Torch to the Off Hand first
    assert equips_of(state) == ["Cattle Prod of Doom"]


def test_it_equips_in_the_ready_turn_for_the_weapon_it_will_add_next_turn() -> None:
    """ "nobody can attack during their ready turn": the Ready Turn's Weapon is chosen for the turn
    after, when a second one can be equipped. Ace of Spades now and the Torch beside it next turn deal
    3 + 1; the Two Hand Fletcher AG-22 deals 3 alone, and the Torch would only replace it."""
    state = position(CARDS, Setup("Ophid", hand=["Fletcher AG-22", "Torch", "Ace of Spades", *DEFENSIVE],
                                  deck=SPARE, turns=0))

    assert equips_of(state) == ["Ace of Spades"]


# -------------------------------------------------------------------- cards that would freeze the hand


def test_it_equips_a_spare_armor_over_one_as_good_to_draw_a_new_card() -> None:
    """ "Draw until you have 5 cards in hand": an Armor held in hand keeps a new card out. A copy over an
    undamaged copy protects as much, so it goes on; against the goldfish inmate, which never attacks,
    any Armor protects nothing and every Armor in hand goes on."""
    state = position(CARDS, Setup("Ophid", head="Football Helmet", hand=["Football Helmet", "Riot Vest", "Riot Vest",
                                                                          *DEFENSIVE], deck=SPARE))

    assert equips_of(state) == ["Football Helmet", "Riot Vest", "Riot Vest"]
    assert names(state, PLAYER, "hand") == list(DEFENSIVE)


def test_it_keeps_the_better_armor_on_against_an_enemy_that_attacks() -> None:
    """Against a Condemned that attacks, Armor protects: a weaker one does not replace a stronger one,
    and a copy as good as the one on does (it draws a new card)."""
    rival = Setup("Sentinel", hand=list(DEFENSIVE), deck=SPARE)
    weaker = position(CARDS, Setup("Ophid", head="Exo-Head", hand=["Football Helmet", *DEFENSIVE], deck=SPARE), rival)
    same = position(CARDS, Setup("Ophid", head="Riot Vest", hand=["Riot Vest", *DEFENSIVE], deck=SPARE), rival)

    assert equips_of(weaker) == []
    assert equips_of(same) == ["Riot Vest"]


def test_it_plays_a_search_that_can_find_nothing_and_holds_one_that_finds_only_what_it_cannot_equip() -> None:
    """ "Search your deck for a Weapon card, put it into your hand, then shuffle your deck": with no
    Weapon in the deck the card does nothing, and played it makes room for a new card; a search that
    would only find a Weapon the Condemned cannot equip (Ophid and The Ripper) is held."""
    empty = position(CARDS, Setup("Ophid", hand=["Hidden Pocket", *DEFENSIVE], deck=SPARE))
    useless = position(CARDS, Setup("Ophid", hand=["Hidden Pocket", *DEFENSIVE], deck=[*SPARE, "The Ripper"]))

    assert choose(empty) == ("play", uid(empty, PLAYER, "Hidden Pocket"), None)
    assert choose(useless) == END_MAIN


def test_it_repairs_only_when_the_whole_repair_counts_or_the_weapon_is_at_its_last_attack() -> None:
    """ "Repair 2 Durability on one of your Weapons or Armor": repairing 2 on a Weapon with 1 damage
    wastes 1, so Quick Patch waits; it is played once the damage is 2, or when the Weapon would break
    in this Attack Phase (a Sledgehammer has 2 Durability: 1 damage is its last attack)."""
    early = position(CARDS, Setup("Ophid", main="Pilfered Scalpel", wear={"Pilfered Scalpel": 1},
                                  hand=["Quick Patch", *DEFENSIVE], deck=SPARE))
    full = position(CARDS, Setup("Ophid", main="Pilfered Scalpel", wear={"Pilfered Scalpel": 2},
                                 hand=["Quick Patch", *DEFENSIVE], deck=SPARE))
    last = position(CARDS, Setup("Sentinel", main="Sledgehammer", wear={"Sledgehammer": 1},
                                 hand=["Quick Patch", *DEFENSIVE], deck=SPARE))

    assert choose(early) == END_MAIN
    assert choose(full) == ("play", uid(full, PLAYER, "Quick Patch"), uid(full, PLAYER, "Pilfered Scalpel", "main"))
    assert choose(last) == ("play", uid(last, PLAYER, "Quick Patch"), uid(last, PLAYER, "Sledgehammer", "main"))


def test_it_plays_on_from_a_hand_of_cards_the_goldfish_never_lets_it_play() -> None:
    """The frozen hand: Armor for full slots and Events that answer an enemy attack, against an inmate
    that never attacks. The player equips the Armor (draws anew) and wins well before the turn limit
    instead of hitting for 1 a turn by the Desperation Rule."""
    frozen = deck("Sentinel", {"Football Helmet": 3, "Football Pads": 3, "Football Pants": 3, "Riot Vest": 3,
                               "Critical Failure": 3, "Sledgehammer": 3})
    game = make_game(frozen)
    turns = []
    for seed in range(20):
        state = game.new_initial_state(random.Random(seed))
        while not state.is_terminal():
            state.apply_action(choose(state))
        assert state.winner() == PLAYER
        turns.append(state.sides[PLAYER].turns)

    assert max(turns) <= 12  # 20 Life at 1 a turn would take 20 turns and more


# ------------------------------------------------------------------------------ Melee and Ranged


def main_phase_of(state: CondemnedState) -> list[tuple[str, str]]:
    """The player's Main Phase moves and discards, by kind and card name, until the phase ends."""
    moves = []
    turn = state.sides[PLAYER].turns
    while state.phase == MAIN and state.actor == PLAYER and state.sides[PLAYER].turns == turn:
        action = choose(state)
        if action[0] in ("leafy", "switch"):
            moves.append((action[0], state.cards[action[1]].name))
        play(state, action)
    return moves


def test_it_discards_a_dead_card_through_leafy_pads_when_ranged_costs_nothing() -> None:
    """Leafy Pads: "discard a card to move to Ranged. If you do, you still have your Attack Phase this
    turn"; "Ranged Weapons can be used at Melee and Ranged". Rule of play: a card that can never be
    played (an Event that answers an enemy attack, against an inmate that never attacks) is discarded
    through Leafy Pads when Ranged costs no damage; it leaves room for a new card (Ophid draws it at
    once). Not with an Ace of Spades that still has uses ("When this Weapon attacks while you are at
    Ranged, it breaks after the attack")."""
    ranged = position(CARDS, Setup("Ophid", main="Fletcher AG-22", legs="Leafy Pads",
                                   hand=["Critical Failure"], deck=["Crowd Favorite"] * 6))
    ace = position(CARDS, Setup("Ophid", main="Ace of Spades", legs="Leafy Pads",
                                hand=["Critical Failure"], deck=["Crowd Favorite"] * 6))

    assert choose(ranged) == ("leafy", uid(ranged, PLAYER, "Critical Failure"))
    assert main_phase_of(ace) == []
    assert not ace.at_range


def test_it_moves_there_and_back_on_the_ready_turn() -> None:
    """ "Nobody can attack during their ready turn", so the switch's "skip your Attack Phase" costs
    nothing then. Rule of play: with two cards worth discarding, Leafy Pads moves to Ranged and the
    switch brings the Condemned back to Melee before the turn ends (Ophid draws twice), so an Ace of
    Spades keeps its three attacks at Melee."""
    state = position(CARDS, Setup("Ophid", main="Ace of Spades", legs="Leafy Pads", turns=0,
                                  hand=["Critical Failure", "Duck and Cover"], deck=["Crowd Favorite"] * 8))

    assert main_phase_of(state) == [("leafy", "Critical Failure"), ("switch", "Duck and Cover")]
    assert not state.at_range and state.sides[PLAYER].main is not None


def test_ophid_cycles_a_weapon_that_only_waits_in_hand() -> None:
    """Ophid: "When you switch between Melee and Ranged, draw 1 card"; "Equip 1 Weapon card" a turn.
    Rule of play: for a Condemned that draws when it switches, a Weapon that only waits in hand behind
    the one equipped is worth discarding through Leafy Pads (the card drawn may be played at once); a
    Condemned without that draw keeps it."""
    def at_melee(condemned: str) -> CondemnedState:
        return position(CARDS, Setup(condemned, main="Fletcher AG-22", legs="Leafy Pads",
                                     hand=["Taser"], deck=["Crowd Favorite"] * 6))

    ophid, kona = at_melee("Ophid"), at_melee("Kona Yuki")

    assert choose(ophid) == ("leafy", uid(ophid, PLAYER, "Taser"))
    assert main_phase_of(kona) == []


def test_ace_of_spades_counts_one_attack_at_ranged() -> None:
    """Ace of Spades: "When this Weapon attacks while you are at Ranged, it breaks after the attack."
    The weighing of Weapons counts it so: at Ranged it is gone after one Attack Phase."""
    ace = Held(make_game(deck("Ophid", {"Ace of Spades": 3})).specs["Ace of Spades"], 3)

    assert worn(ace, at_range=True) is EMPTY
    assert worn(ace, at_range=False).left == 2


# ----------------------------------------------------------------------------------- mulligans


def opening_hand(cards: list[str]) -> CondemnedState:
    """The start of a game of MULLIGAN_DECK, the deck's player first to decide, with this opening hand
    (the cards dealt are put back in the deck, these taken from it)."""
    state = make_game(MULLIGAN_DECK, first_player=PLAYER).new_initial_state(random.Random(0))
    side = state.sides[PLAYER]
    side.deck += side.hand
    side.hand = []
    for name in cards:
        card = next(card for card in side.deck if card.name == name)
        side.deck.remove(card)
        side.hand.append(card)
    return state


MULLIGAN_DECK = deck("The Pacifier", {"The Ripper": 3, "Sledgehammer": 3, "Alpha Strike": 3, "Spiky Helm": 3,
                                      "Crowd Favorite": 3, "Critical Failure": 3})


def test_it_mulligans_a_hand_worse_than_a_new_one_and_keeps_a_better_one() -> None:
    """ "Either player may opt to mulligan. If they do, they shuffle their hand into their deck, then
    draw 5 new cards": a hand is kept when its first two Attack Phases deal at least what a new hand
    is worth. No Weapon in a deck full of them is worse; The Ripper and an Alpha Strike are better."""
    weaponless = opening_hand(["Spiky Helm", "Spiky Helm", "Crowd Favorite", "Critical Failure", "Critical Failure"])
    armed = opening_hand(["The Ripper", "Sledgehammer", "Alpha Strike", "Crowd Favorite", "Critical Failure"])

    assert choose(weaponless) == MULLIGAN_ACTION
    assert choose(armed) == KEEP


def test_it_values_a_new_hand_higher_while_another_mulligan_is_left() -> None:
    """ "Each player may mulligan twice per game": with a second mulligan left, a new hand that turns
    out poor can be sent back too, so it is worth more than the deck's average hand."""
    game = make_game(deck("Kona Yuki", {"Cattle Prod of Doom": 3, "Taser": 3, "Critical Failure": 3,
                                        "Duck and Cover": 3, "Second Wind": 3}), first_player=PLAYER)
    state = game.new_initial_state(random.Random(0))
    last, with_another = opening.new_hand_worth(state, state.sides[PLAYER])

    assert with_another > last > 0


def test_it_keeps_when_no_mulligan_is_left() -> None:
    """ "Each player may mulligan twice per game." """
    game = make_game(deck("Ophid", {"Torch": 3, "Critical Failure": 3, "Duck and Cover": 3, "Second Wind": 3}),
                     first_player=PLAYER)
    state = game.new_initial_state(random.Random(4))
    while state.phase == MULLIGAN and state.actor == PLAYER and state.sides[PLAYER].mulligans < 2:
        play(state, MULLIGAN_ACTION)

    assert state.sides[PLAYER].mulligans == 2 and state.current_player() == PLAYER and state.phase == MAIN


def test_the_opening_plan_finds_the_pair_a_greedy_equip_misses() -> None:
    """A hand's worth is "what its Weapons deal in the Attack Phases of turns 2 and 3, equipped one a
    turn". Rule of play: the plan takes the order of equips that deals the most over those phases, as
    the player's own equips do: Ace of Spades on the Ready Turn and Tainted Kunai beside it (3 + 2, 3 + 1,
    with Adrenaline Rush's +1) beats Fletcher AG-22 alone (3, 3, +1), which deals as much on its own."""
    state = position(CARDS, Setup("Ophid", hand=["Tainted Kunai", "Fletcher AG-22", "Taser", "Ace of Spades",
                                                 "Adrenaline Rush"]))
    hand = [state.spec_of[card.uid] for card in state.sides[PLAYER].hand]

    assert opening.plan(state.sides[PLAYER], hand, [], at_range=False) == 9
