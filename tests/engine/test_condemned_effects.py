"""The Condemned demo cards' effects (engine/games/condemned/effects.py): the table, and one scenario
per card text, quoting it."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine.cli import load_cards
from engine.core import OPPONENT, PLAYER
from engine.games.condemned import effects as fx
from engine.games.condemned.position import Setup, position
from engine.games.condemned.specs import CardSpec
from engine.games.condemned.state import CHOOSE, CONDEMNED_TARGET, END_MAIN, PASS, CondemnedState
from tests.engine.test_condemned_engine import names, play, uid  # the position helpers

ROOT = Path(__file__).resolve().parents[2]
DEMO = json.loads((ROOT / "fixtures" / "condemned" / "demo.json").read_text())["cards"]
CARDS = {card["name"]: card for card in load_cards("condemned")}
FILLER = ("Critical Failure", "Duck and Cover")  # never playable on your own turn
# Something to draw, so that no reshuffle takes the discard pile; never playable on your own turn.
SPARE = ["Duck and Cover"] * 5


def wear(state: CondemnedState, player: int, zone: str) -> int:
    side = state.sides[player]
    card = state.zones()[f"p{player}.{zone}"][0]
    return state.durability(side, card) - state.durability_left(side, card)


def custom(name: str, card_type: str, text: str, **attributes: Any) -> dict[str, Any]:
    return {"name": name, "card_type": card_type, "subtypes": [], "text": text, "attributes": attributes}


# ----------------------------------------------------------------------------------- the table


def test_it_plays_the_text_of_every_demo_card() -> None:
    """Every demo card with rules text has an effect program (or its text is keyword reminders the
    engine knows), and none is listed as unimplemented."""
    texts = [card for card in DEMO if card["text"]]
    assert len(texts) > 30  # the walk really reads the cards

    assert {card["name"]: fx.unimplemented(card) for card in texts if fx.unimplemented(card)} == {}
    assert not set(fx.UNIMPLEMENTED) & {card["name"] for card in DEMO}


def test_it_names_only_cards_that_exist_in_the_table() -> None:
    """A misspelt name in EFFECTS would leave the real card without its program."""
    assert set(fx.EFFECTS) <= {card["name"] for card in DEMO}


def test_it_reads_a_text_of_known_keyword_reminders_as_played() -> None:
    leech = custom("Bloodletter", "weapon", "Leech (when this Weapon deals damage to the enemy Condemned, heal 1 "
                   "Life).", keywords=["Leech"])
    frenzy = custom("Frenzied Axe", "weapon", "Frenzy (it attacks thrice).", keywords=["Frenzy"])
    shieldless = custom("Fake Shield", "armor", "Shielding (enemy attacks must target it first).", shielding=False)

    assert fx.unimplemented(leech) is None
    assert fx.unimplemented(frenzy) == "unknown keyword(s): Frenzy"
    assert fx.unimplemented(shieldless) == "no effect program for its text"


@pytest.mark.parametrize(("program", "message"), [
    ((object(),), "unknown verb"),
    ((fx.AtStartOfTurn((fx.TypeBonus("bio", 1),)),), "not an action"),
    ((fx.AtStartOfTurn(()),), "at least one action"),
    ((fx.AfterAttack((fx.DamageEnemyArmor(1),)),), "only a start-of-turn trigger"),
    ((fx.DamageEnemyArmor(1), fx.Repair(1, ("armor",))), "one choice at most"),
    ((fx.TypeBonus("sonic", 1),), "unknown damage type"),
    ((fx.OnSwitch((fx.AttackBonus(1),)),), "changes an attack"),
])
def test_it_rejects_a_program_outside_the_closed_set_of_verbs(program: Any, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        fx.check_program("Test Card", program)


def test_it_rejects_a_verb_the_card_type_cannot_use(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(fx.EFFECTS, "Healing Blade", (fx.Heal(1),))
    blade = custom("Healing Blade", "weapon", "Heal 1 Life.", damage=1, damage_type="slash", durability=1,
                   hands=1, hand="main", range="melee", keywords=[], requires=[])

    with pytest.raises(ValueError, match="a weapon cannot use Heal"):
        CardSpec(blade)


def test_it_counts_each_play_of_a_card_it_cannot_play_as_no_effect() -> None:
    """A card whose text has no program does nothing when played, and the record says so."""
    mystery = custom("Mystery Box", "preparation", "Swap hands with your opponent.")
    cards = {**CARDS, "Mystery Box": mystery}
    state = position(cards, Setup("Ophid", hand=["Mystery Box", "Mystery Box", *FILLER]))

    play(state, ("play", uid(state, PLAYER, "Mystery Box"), None))

    assert state.sides[PLAYER].no_effect["Mystery Box"] == 1
    assert state.sides[PLAYER].played["Mystery Box"] == 1
    assert names(state, PLAYER, "discard") == ["Mystery Box"]


# ------------------------------------------------------------------------------------ Condemned


def test_it_lets_the_pacifier_damage_an_enemy_weapon_of_its_choice_at_the_start_of_its_turn() -> None:
    """The Pacifier: "At the start of your turn, deal 1 damage to an enemy Weapon." """
    state = position(CARDS, Setup("The Pacifier", hand=FILLER), Setup("Kona Yuki", main="Torch", off="Blowgun"))
    blowgun = uid(state, OPPONENT, "Blowgun", "off")
    assert state.phase == CHOOSE and set(state.legal_actions()) == {
        ("choose", uid(state, OPPONENT, "Torch", "main")), ("choose", blowgun),
    }

    play(state, ("choose", blowgun))

    assert wear(state, OPPONENT, "off") == 1 and wear(state, OPPONENT, "main") == 0


def test_it_heals_kris_evangel_at_the_start_of_its_turn() -> None:
    """Kris Evangel: "At the start of your turn, heal 1 Life." """
    hurt = position(CARDS, Setup("Kris Evangel", life=15, hand=["Second Wind", *FILLER]))
    whole = position(CARDS, Setup("Kris Evangel", hand=["Second Wind", *FILLER]))

    assert hurt.sides[PLAYER].life == 16 and whole.sides[PLAYER].life == 20


def test_it_lets_sentinel_repair_one_of_its_armor_at_the_start_of_its_turn() -> None:
    """Sentinel: "At the start of your turn, repair 1 Durability on one of your Armor." """
    state = position(CARDS, Setup("Sentinel", head="Exo-Head", body="Riot Vest", hand=FILLER,
                                  wear={"Exo-Head": 2, "Riot Vest": 1}))
    vest = uid(state, PLAYER, "Riot Vest", "body")
    assert state.phase == CHOOSE

    play(state, ("choose", vest))

    assert wear(state, PLAYER, "body") == 0 and wear(state, PLAYER, "head") == 2


def test_it_adds_one_to_dr_mrtav_bio_weapons() -> None:
    """Dr. Mrtav: "Your Bio Weapons deal +1 damage." """
    state = position(CARDS, Setup("Dr. Mrtav", off="Blowgun", hand=FILLER))
    play(state, END_MAIN, ("attack", "off", CONDEMNED_TARGET))

    assert state.sides[OPPONENT].life == 18


def test_it_draws_ophid_a_card_when_it_switches_between_melee_and_ranged() -> None:
    """Ophid: "When you switch between Melee and Ranged, draw 1 card." """
    state = position(CARDS, Setup("Ophid", hand=["Torch", *FILLER, *FILLER], deck=SPARE))

    play(state, ("switch", uid(state, PLAYER, "Torch")))

    assert state.at_range
    assert len(state.sides[PLAYER].hand) == 5 and len(state.sides[PLAYER].deck) == 4


def test_it_adds_one_to_kona_yuki_electric_weapons() -> None:
    """Kona Yuki: "Your Electric Weapons deal +1 damage." """
    state = position(CARDS, Setup("Kona Yuki", main="Cattle Prod of Doom", hand=FILLER))
    play(state, END_MAIN, ("attack", "main", CONDEMNED_TARGET))

    assert state.sides[OPPONENT].life == 16


# -------------------------------------------------------------------------------------- Weapons


def test_it_attacks_twice_with_the_ripper_the_second_time_at_half_damage() -> None:
    """The Ripper: "Multi-Hit (this Weapon attacks twice in each of your Attack Phases)." """
    state = position(CARDS, Setup("The Pacifier", main="The Ripper", hand=FILLER))
    play(state, END_MAIN, ("attack", "main", CONDEMNED_TARGET))
    assert state.legal_actions() == [("attack", "main", CONDEMNED_TARGET), ("end_attacks",)]

    play(state, ("attack", "main", CONDEMNED_TARGET))

    assert state.sides[OPPONENT].life == 20 - 4 - 2
    assert names(state, PLAYER, "discard") == []  # Durability 3, 2 attacks


def test_it_attacks_twice_with_the_nailgun_at_ranged() -> None:
    """MB-599 Nailgun: "Multi-Hit (this Weapon attacks twice in each of your Attack Phases)." """
    state = position(CARDS, Setup("Kona Yuki", main="MB-599 Nailgun", hand=FILLER), at_range=True)
    play(state, END_MAIN, ("attack", "main", CONDEMNED_TARGET), ("attack", "main", CONDEMNED_TARGET))

    assert state.sides[OPPONENT].life == 20 - 2 - 1


@pytest.mark.parametrize(("at_range", "breaks"), [(True, True), (False, False)])
def test_it_breaks_the_ace_of_spades_after_an_attack_at_ranged(at_range: bool, breaks: bool) -> None:
    """Ace of Spades: "When this Weapon attacks while you are at Ranged, it breaks after the attack." """
    state = position(CARDS, Setup("Ophid", main="Ace of Spades", hand=FILLER, deck=SPARE), at_range=at_range)
    play(state, END_MAIN, ("attack", "main", CONDEMNED_TARGET))

    assert state.sides[OPPONENT].life == 17
    assert ("Ace of Spades" in names(state, PLAYER, "discard")) is breaks


def test_it_attacks_with_the_tainted_kunai_at_ranged() -> None:
    """Tainted Kunai: "This Weapon can attack while you are at Ranged." """
    kunai = position(CARDS, Setup("Ophid", off="Tainted Kunai", hand=FILLER), at_range=True)
    torch = position(CARDS, Setup("Ophid", off="Torch", hand=FILLER), at_range=True)
    play(kunai, END_MAIN, ("attack", "off", CONDEMNED_TARGET))
    play(torch, END_MAIN)

    assert kunai.sides[OPPONENT].life == 18 and torch.sides[OPPONENT].life == 20


def test_it_heals_the_rusty_syringe_wielder_when_it_hits_the_condemned() -> None:
    """Rusty Syringe: "Leech (when this Weapon deals damage to the enemy Condemned, heal 1 Life)." """
    state = position(CARDS, Setup("Dr. Mrtav", life=10, main="Rusty Syringe", hand=FILLER))
    play(state, END_MAIN, ("attack", "main", CONDEMNED_TARGET))

    assert state.sides[OPPONENT].life == 18 and state.sides[PLAYER].life == 11


def test_it_damages_each_enemy_armor_after_a_flamethrower_attack() -> None:
    """Flamethrower: "After this Weapon attacks, deal 1 damage to each enemy Armor." """
    state = position(CARDS, Setup("Sentinel", main="Flamethrower", hand=FILLER),
                     Setup("Kona Yuki", head="Exo-Head", body="Football Pads"))
    play(state, END_MAIN, ("attack", "main", CONDEMNED_TARGET))

    # 3 Fire at the Condemned: 1 to each Armor, 1 to Kona Yuki; then 1 more to each Armor.
    assert state.sides[OPPONENT].life == 18
    assert (wear(state, OPPONENT, "head"), wear(state, OPPONENT, "body")) == (2, 2)


def test_it_lets_the_cattle_prod_target_the_condemned_behind_three_armor() -> None:
    """Cattle Prod of Doom: "This Weapon may target the enemy Condemned even when Armor must be targeted
    first." """
    state = position(CARDS, Setup("Ophid", main="Cattle Prod of Doom", hand=FILLER),
                     Setup("Kona Yuki", head="Exo-Head", body="Riot Vest", legs="Exo-Legs"))
    play(state, END_MAIN)

    assert ("attack", "main", CONDEMNED_TARGET) in state.legal_actions()
    assert len(state.legal_actions()) == 5  # the Condemned, three Armor, or no attack


def test_it_draws_a_card_when_the_taser_hits_the_condemned() -> None:
    """Taser: "When this Weapon deals damage to the enemy Condemned, draw 1 card." """
    state = position(CARDS, Setup("Ophid", off="Taser", hand=FILLER, deck=SPARE))
    play(state, END_MAIN, ("attack", "off", CONDEMNED_TARGET))

    assert state.sides[OPPONENT].life == 19
    assert state.sides[PLAYER].drawn["Duck and Cover"] == 3 + 1  # the draw to 5, then the Taser's


# ---------------------------------------------------------------------------------------- Armor


@pytest.mark.parametrize("armor_set", ["Handyman", "Football"])
def test_it_gives_each_piece_of_a_complete_armor_set_one_more_durability(armor_set: str) -> None:
    """Handyman and Football Armor: "while you have <set> Armor equipped in the Head, Body and Legs
    slots, each of them gets +1 Durability." """
    body = "Overalls" if armor_set == "Handyman" else "Pads"
    pieces = {"head": f"{armor_set} Helmet", "body": f"{armor_set} {body}", "legs": f"{armor_set} Pants"}
    full = position(CARDS, Setup("Ophid", hand=FILLER, head=pieces["head"], body=pieces["body"], legs=pieces["legs"]))
    partial = position(CARDS, Setup("Ophid", hand=FILLER, head=pieces["head"], body=pieces["body"]))

    for slot, name in pieces.items():
        printed = CARDS[name]["attributes"]["durability"]
        card = full.zones()[f"p0.{slot}"][0]
        assert full.durability(full.sides[PLAYER], card) == printed + 1
    helmet = partial.zones()["p0.head"][0]
    assert partial.durability(partial.sides[PLAYER], helmet) == CARDS[pieces["head"]]["attributes"]["durability"]


def test_it_takes_the_set_bonus_away_when_a_piece_breaks() -> None:
    """Handyman Overalls: "while you have Handyman Armor equipped in the Head, Body and Legs slots, each
    of them gets +1 Durability." """
    state = position(CARDS, Setup("Ophid", main="Rusty Machete", hand=FILLER),
                     Setup("Kona Yuki", head="Handyman Helmet", body="Handyman Overalls", legs="Handyman Pants",
                           wear={"Handyman Helmet": 2}, deck=SPARE))
    overalls = uid(state, OPPONENT, "Handyman Overalls", "body")

    play(state, END_MAIN, ("attack", "main", overalls))  # 3 Slash, +1 against Slash: 4 of 3 + 1

    # The Helmet held 2 damage only thanks to the bonus: it breaks with the Overalls.
    assert sorted(names(state, OPPONENT, "discard")) == ["Handyman Helmet", "Handyman Overalls"]
    assert names(state, OPPONENT, "legs") == ["Handyman Pants"]


def test_it_damages_a_weapon_that_attacks_the_spiky_helm_at_melee() -> None:
    """Spiky Helm: "When an enemy Weapon attacks this Armor at Melee, deal 1 damage to that Weapon." """
    state = position(CARDS, Setup("Ophid", main="Rusty Machete", hand=FILLER), Setup("The Pacifier", head="Spiky Helm"))
    play(state, END_MAIN, ("attack", "main", uid(state, OPPONENT, "Spiky Helm", "head")))

    assert names(state, PLAYER, "discard") == ["Rusty Machete"]  # 1 from the Helm, 1 for attacking


def test_it_spares_a_weapon_that_attacks_the_spiky_helm_at_ranged() -> None:
    """Spiky Helm: "When an enemy Weapon attacks this Armor at Melee, deal 1 damage to that Weapon." """
    state = position(CARDS, Setup("Kona Yuki", main="MB-599 Nailgun", hand=FILLER),
                     Setup("The Pacifier", head="Spiky Helm"), at_range=True)
    play(state, END_MAIN, ("attack", "main", uid(state, OPPONENT, "Spiky Helm", "head")))

    assert wear(state, PLAYER, "main") == 1


@pytest.mark.parametrize(("armor", "slot"), [("Exo-Legs", "legs"), ("Riot Vest", "body")])
def test_it_makes_attacks_target_an_armor_with_shielding_first(armor: str, slot: str) -> None:
    """Exo-Legs and Riot Vest: "Shielding (while this Armor is equipped, enemy attacks must target it
    first)." """
    defender = Setup("Kona Yuki", head="Exo-Head")
    setattr(defender, slot, armor)
    state = position(CARDS, Setup("Ophid", main="Torch", hand=FILLER), defender)
    play(state, END_MAIN)

    assert state.legal_actions() == [("attack", "main", uid(state, OPPONENT, armor, slot)), ("end_attacks",)]


def test_it_lets_leafy_pads_move_to_ranged_for_a_discard_and_keep_the_attack_phase() -> None:
    """Leafy Pads: "Once per turn, during your Main Phase, you may discard a card to move to Ranged. If you
    do, you still have your Attack Phase this turn." """
    state = position(CARDS, Setup("Kona Yuki", main="Fletcher AG-22", legs="Leafy Pads", hand=["Torch", *FILLER]))

    play(state, ("leafy", uid(state, PLAYER, "Torch")))

    assert state.at_range
    assert not [a for a in state.legal_actions() if a[0] == "leafy"]
    play(state, END_MAIN, ("attack", "main", CONDEMNED_TARGET))
    assert state.sides[OPPONENT].life == 17


def test_it_sets_bio_damage_on_the_hazmat_hood_to_zero_before_anything_is_added() -> None:
    """Hazmat Hood: Bio "=0"; the rules: "Effects that sets a specific number" come before "Effects that
    add or subtract damage" (Dr. Mrtav: "Your Bio Weapons deal +1 damage.") """
    plain = position(CARDS, Setup("Ophid", off="Blowgun", hand=FILLER), Setup("Kris Evangel", head="Hazmat Hood"))
    mrtav = position(CARDS, Setup("Dr. Mrtav", off="Blowgun", hand=FILLER), Setup("Kris Evangel", head="Hazmat Hood"))
    for state in (plain, mrtav):
        play(state, END_MAIN, ("attack", "off", uid(state, OPPONENT, "Hazmat Hood", "head")))

    assert wear(plain, OPPONENT, "head") == 0 and wear(mrtav, OPPONENT, "head") == 1


# --------------------------------------------------------------------------------------- Events


def attack_with_events(attacker_event: str | None, defender_event: str | None) -> CondemnedState:
    """Ophid attacks Sentinel with a Rusty Machete (3 Slash); each side may play one Event."""
    state = position(CARDS, Setup("Ophid", main="Rusty Machete", hand=["Alpha Strike", "Adrenaline Rush", *FILLER],
                                  deck=SPARE),
                     Setup("Sentinel", hand=["Critical Failure", "Duck and Cover"], deck=SPARE))
    play(state, END_MAIN, ("attack", "main", CONDEMNED_TARGET))
    play(state, ("play", uid(state, PLAYER, attacker_event), None) if attacker_event else PASS)
    play(state, ("play", uid(state, OPPONENT, defender_event), None) if defender_event else PASS)
    return state


@pytest.mark.parametrize(("attacker_event", "defender_event", "damage"), [
    (None, "Critical Failure", 0),  # "Set that attack's damage to 0."
    (None, "Duck and Cover", 1),  # "That attack deals -2 damage."
    ("Alpha Strike", None, 5),  # "That attack deals +2 damage."
    ("Adrenaline Rush", None, 4),  # "That attack deals +1 damage."
    ("Alpha Strike", "Critical Failure", 2),  # set to 0 first, then +2
    ("Alpha Strike", "Duck and Cover", 3),
])
def test_it_changes_an_attack_with_its_events(attacker_event: str | None, defender_event: str | None,
                                          damage: int) -> None:
    """Critical Failure, Duck and Cover: "Play when an enemy attack is declared."; Alpha Strike, Adrenaline
    Rush: "Play when you declare an attack." """
    state = attack_with_events(attacker_event, defender_event)

    assert state.sides[OPPONENT].life == 24 - damage


def test_it_draws_a_card_for_adrenaline_rush() -> None:
    """Adrenaline Rush: "That attack deals +1 damage. Draw 1 card." """
    state = attack_with_events("Adrenaline Rush", None)

    assert state.sides[PLAYER].drawn["Duck and Cover"] == 1 + 1  # the draw to 5, then the Rush's


def test_it_damages_an_enemy_weapon_with_mechanical_malfunction() -> None:
    """Mechanical Malfunction: "Deal 2 damage to an enemy Weapon." """
    state = position(CARDS, Setup("Ophid", hand=["Mechanical Malfunction", *FILLER]),
                     Setup("Kona Yuki", main="Fletcher AG-22"))
    fletcher = uid(state, OPPONENT, "Fletcher AG-22", "main")

    play(state, ("play", uid(state, PLAYER, "Mechanical Malfunction"), fletcher))

    assert wear(state, OPPONENT, "main") == 2


def test_it_heals_two_with_second_wind() -> None:
    """Second Wind: "Heal 2 Life." """
    state = position(CARDS, Setup("Ophid", life=10, hand=["Second Wind", *FILLER]))
    play(state, ("play", uid(state, PLAYER, "Second Wind"), None))

    assert state.sides[PLAYER].life == 12


def test_it_damages_an_enemy_armor_with_dirty_trick() -> None:
    """Dirty Trick: "Deal 2 damage to an enemy Armor." """
    state = position(CARDS, Setup("Ophid", hand=["Dirty Trick", *FILLER]), Setup("Kona Yuki", head="Exo-Head"))
    play(state, ("play", uid(state, PLAYER, "Dirty Trick"), uid(state, OPPONENT, "Exo-Head", "head")))

    assert wear(state, OPPONENT, "head") == 2


# --------------------------------------------------------------------------------- Preparations


def test_it_heals_one_and_repairs_one_with_simple_mending() -> None:
    """Simple Mending: "Heal 1 Life and repair 1 Durability on one of your Weapons or Armor." """
    state = position(CARDS, Setup("Ophid", life=10, main="Torch", hand=["Simple Mending", *FILLER],
                                  wear={"Torch": 1}))
    play(state, ("play", uid(state, PLAYER, "Simple Mending"), uid(state, PLAYER, "Torch", "main")))

    assert state.sides[PLAYER].life == 11 and wear(state, PLAYER, "main") == 0


def test_it_repairs_two_with_quick_patch_and_no_higher_than_printed() -> None:
    """Quick Patch: "Repair 2 Durability on one of your Weapons or Armor." """
    state = position(CARDS, Setup("Ophid", head="Exo-Head", main="Torch", hand=["Quick Patch", "Quick Patch", *FILLER],
                                  wear={"Exo-Head": 3, "Torch": 1}))
    play(state, ("play", uid(state, PLAYER, "Quick Patch"), uid(state, PLAYER, "Exo-Head", "head")))
    play(state, ("play", uid(state, PLAYER, "Quick Patch"), uid(state, PLAYER, "Torch", "main")))

    assert wear(state, PLAYER, "head") == 1 and wear(state, PLAYER, "main") == 0


@pytest.mark.parametrize(("card", "found"), [("Hidden Pocket", "Torch"), ("Scavenge", "Riot Vest")])
def test_it_puts_the_card_a_search_chose_into_the_hand(card: str, found: str) -> None:
    """Hidden Pocket: "Search your deck for a Weapon card, put it into your hand, then shuffle your deck."
    (Scavenge: the same for an Armor card.)"""
    state = position(CARDS, Setup("Ophid", hand=[card, *FILLER], deck=["Second Wind"] * 5 + ["Torch", "Riot Vest"]))
    searcher = uid(state, PLAYER, card)
    assert [a for a in state.legal_actions() if a[:2] == ("play", searcher)] == [("play", searcher, found)]

    play(state, ("play", searcher, found))

    assert found in names(state, PLAYER, "hand")
    assert len(state.sides[PLAYER].deck) == 7 - 2 - 1  # the draw to 5, then the search


def test_it_damages_each_enemy_armor_with_a_molotov_cocktail() -> None:
    """Molotov Cocktail: "Deal 1 damage to each enemy Armor." """
    state = position(CARDS, Setup("Ophid", hand=["Molotov Cocktail", *FILLER]),
                     Setup("Kona Yuki", head="Exo-Head", legs="Exo-Legs"))
    play(state, ("play", uid(state, PLAYER, "Molotov Cocktail"), None))

    assert (wear(state, OPPONENT, "head"), wear(state, OPPONENT, "legs")) == (1, 1)


def test_it_costs_two_life_and_draws_two_for_blood_magic() -> None:
    """Blood Magic: "Lose 2 Life. Draw 2 cards." """
    state = position(CARDS, Setup("Ophid", hand=["Blood Magic", *FILLER], deck=["Torch"] * 2))
    play(state, ("play", uid(state, PLAYER, "Blood Magic"), None))

    assert state.sides[PLAYER].life == 18 and names(state, PLAYER, "hand").count("Torch") == 2


def test_it_ends_the_game_when_blood_magic_takes_the_last_life() -> None:
    """Blood Magic: "Lose 2 Life." and the rules: "you must reduce your opponent's Life to 0." """
    state = position(CARDS, Setup("Ophid", life=2, hand=["Blood Magic", *FILLER], deck=["Torch"] * 2))
    play(state, ("play", uid(state, PLAYER, "Blood Magic"), None))

    assert state.is_terminal() and state.winner() == OPPONENT


def test_it_heals_one_and_draws_one_for_crowd_favorite() -> None:
    """Crowd Favorite: "Heal 1 Life. Draw 1 card." """
    state = position(CARDS, Setup("Ophid", life=10, hand=["Crowd Favorite", *FILLER], deck=["Torch"]))
    play(state, ("play", uid(state, PLAYER, "Crowd Favorite"), None))

    assert state.sides[PLAYER].life == 11 and "Torch" in names(state, PLAYER, "hand")
