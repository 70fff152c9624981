"""Anguish card effects (engine/games/anguish/effects.py): the table covers every demo card, and each
verb does what the cards' text says. Each test quotes the card text (fixtures/anguish/demo.json)."""
from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from engine.core import OPPONENT, PLAYER
from engine.deck import DeckCard
from engine.games.anguish import actions as act
from engine.games.anguish.effects import EFFECTS, UNIMPLEMENTED, VERBS, UnknownVerb, check_program, program_for
from engine.games.anguish.state import MAIN, PROTECT, AnguishState
from tests.engine.test_anguish_engine import (
    FILLER,
    arrange,
    attack,
    end_turn,
    lifeblood,
    names,
    new_state,
    play,
    play_goldfish,
    to_hour,
)

DEMO = json.loads((Path(__file__).resolve().parents[2] / "fixtures" / "anguish" / "demo.json").read_text())["cards"]


def plays_of(state: AnguishState, name: str) -> list[tuple[object, ...]]:
    return [a for a in state.legal_actions() if a[0] == act.PLAY and state.game.cards[a[1]].name == name]


# ----- the table -----

def test_every_demo_card_has_an_effect_program_or_an_unimplemented_entry() -> None:
    for card in DEMO:
        assert card["name"] in EFFECTS or card["name"] in UNIMPLEMENTED, card["name"]


def test_no_demo_card_is_left_unimplemented() -> None:
    assert UNIMPLEMENTED == {}
    assert all(program_for(card) is not None for card in DEMO)


def test_every_demo_card_with_text_beyond_its_keywords_has_steps() -> None:
    """An empty program is only for cards with no text or only a keyword's reminder (Ambush)."""
    for card in DEMO:
        reminder = "Ambush (this card may attack or activate abilities on the Hour it is played)."
        has_rules_text = bool(card["text"].replace(reminder, "").strip())
        assert bool(EFFECTS[card["name"]]) == has_rules_text, card["name"]


def test_an_unknown_verb_fails_the_check() -> None:
    with pytest.raises(UnknownVerb, match="summon_dragon"):
        check_program("Dragon Call", (("summon_dragon", 1),))


def test_a_program_names_at_most_one_target() -> None:
    with pytest.raises(ValueError, match="one targeted step"):
        check_program("Double Strike", (("damage_enemy", 1), ("protect_own", 1)))
    check_program("Gravity Well", EFFECTS["Gravity Well"])  # a target and a draw is fine


def test_every_verb_is_used_by_a_demo_card() -> None:
    used = {verb for program in EFFECTS.values() for verb, _ in program}
    assert used == set(VERBS)


def test_a_card_whose_text_the_engine_cannot_play_counts_as_having_no_effect() -> None:
    """A run must say which cards were treated as having no effect (docs/goldfish.md)."""
    oddity: dict[str, Any] = {"name": "Whispering Idol", "card_type": "creature", "subtypes": [],
              "text": "When played, gain control of target enemy Creature.",
              "attributes": {"species": [], "hour": 1, "arsenal": 1, "protection": 1, "abilities": []}}
    assert program_for(oddity) is None
    keyword_only = {**oddity, "text": "Ambush (this card may attack on the Hour it is played).",
                    "attributes": {**oddity["attributes"], "abilities": ["Ambush"]}}
    assert program_for(keyword_only) == ()
    deck = lifeblood(size=32)
    deck.entries.append(DeckCard(oddity, 4, "Lifeblood"))
    records = [play_goldfish(deck, random.Random(seed))[1] for seed in range(10)]
    played = sum(r.played["Whispering Idol"] for r in records)
    assert played > 0
    assert sum(r.no_effect["Whispering Idol"] for r in records) == played


# ----- the verbs -----

def test_damage_to_an_enemy_creature_stays_on_it_and_can_discard_it() -> None:
    """Rockslide: "Deal 2 damage to target enemy Creature." """
    state = new_state(lifeblood("Rockslide", "Rockslide"), lifeblood("Mountain Warden", "Void Hound"))
    to_hour(state, 4)
    arrange(state, PLAYER, hand=["Rockslide"])
    arrange(state, OPPONENT, arsenal=["Void Hound"], protection=["Mountain Warden"])
    hound, warden = state.seats[OPPONENT].arsenal[0], state.seats[OPPONENT].protection[0]
    assert {a[3] for a in plays_of(state, "Rockslide")} == {hound, warden}
    play(state, "Rockslide", target=warden)
    assert state.protection_of(warden) == 3
    end_turn(state)
    end_turn(state)
    arrange(state, PLAYER, hand=["Rockslide"])
    play(state, "Rockslide", target=hound)
    assert hound in state.seats[OPPONENT].discard
    assert names(state, state.seats[PLAYER].discard) == ["Rockslide", "Rockslide"]  # used once each


def test_a_discovery_needs_its_target() -> None:
    """Lights Out: "Deal 3 damage to target enemy Creature." Without an enemy Creature it cannot be
    played."""
    state = new_state(lifeblood("Lights Out"))
    to_hour(state, 6)
    arrange(state, PLAYER, hand=["Lights Out"])
    assert plays_of(state, "Lights Out") == []


def test_a_creature_is_played_without_a_target_for_its_when_played_effect() -> None:
    """Boulder Hurler: "When played, deal 1 damage to target enemy Creature." """
    state = new_state(lifeblood("Boulder Hurler", "Boulder Hurler"), lifeblood("Stray Familiar"))
    to_hour(state, 3)
    arrange(state, PLAYER, hand=["Boulder Hurler"])
    assert {a[3] for a in plays_of(state, "Boulder Hurler")} == {None}
    play(state, "Boulder Hurler")
    end_turn(state)
    arrange(state, OPPONENT, protection=["Stray Familiar"])
    familiar = state.seats[OPPONENT].protection[0]
    end_turn(state)
    arrange(state, PLAYER, hand=["Boulder Hurler"])
    assert {a[3] for a in plays_of(state, "Boulder Hurler")} == {familiar}
    play(state, "Boulder Hurler", target=familiar)
    assert state.protection_of(familiar) == 1


def test_protection_given_to_a_creature_lasts_and_absorbs_damage() -> None:
    """Colossal Might: "Target Creature you control gets +2 Protection." """
    state = new_state(lifeblood("Colossal Might"), lifeblood("Void Hound"), starting_player=OPPONENT)
    end_turn(state)
    to_hour(state, 2)
    end_turn(state)
    arrange(state, PLAYER, hand=["Colossal Might"], protection=[FILLER])
    giantling = state.seats[PLAYER].protection[0]
    play(state, "Colossal Might", target=giantling)
    assert state.protection_of(giantling) == 3
    end_turn(state)
    arrange(state, OPPONENT, arsenal=["Void Hound"])
    hound = state.seats[OPPONENT].arsenal[0]
    attack(state, hound)
    state.apply_action((act.PROTECT, hound, giantling))
    assert giantling in state.seats[PLAYER].protection and state.protection_of(giantling) == 1


def test_a_creature_may_give_itself_its_protection() -> None:
    """Willow Mender: "When played, target Creature you control gets +1 Protection." """
    state = new_state(lifeblood("Willow Mender"))
    to_hour(state, 3)
    arrange(state, PLAYER, hand=["Willow Mender"])
    mender = state.seats[PLAYER].hand[0]
    play(state, "Willow Mender", row=act.PROTECTION, target=mender)
    assert state.protection_of(mender) == 4


def test_draw_takes_cards_from_the_top_of_the_lifeblood() -> None:
    """Field Rations: "Draw 2 cards." """
    state = new_state(lifeblood("Field Rations", "Void Hound", "Night Terror"))
    to_hour(state, 2)
    arrange(state, PLAYER, hand=["Field Rations"], top=["Void Hound", "Night Terror"])
    size = len(state.seats[PLAYER].lifeblood)
    play(state, "Field Rations")
    assert names(state, state.seats[PLAYER].hand) == ["Void Hound", "Night Terror"]
    assert len(state.seats[PLAYER].lifeblood) == size - 2


def test_the_opponent_discards_the_top_cards_of_their_lifeblood() -> None:
    """Night Terror: "Your opponent discards the top 2 cards of their Lifeblood." """
    state = new_state(lifeblood("Night Terror"))
    to_hour(state, 2)
    arrange(state, PLAYER, hand=["Night Terror"])
    before = len(state.seats[OPPONENT].lifeblood)
    play(state, "Night Terror")
    assert len(state.seats[OPPONENT].lifeblood) == before - 2 and len(state.seats[OPPONENT].discard) == 2
    assert state.milled[OPPONENT][1] == 2


def test_a_creature_mills_when_played() -> None:
    """Worldspine Titan: "When played, your opponent discards the top 3 cards of their Lifeblood." """
    state = new_state(lifeblood("Worldspine Titan"))
    to_hour(state, 10)
    arrange(state, PLAYER, hand=["Worldspine Titan"])
    before = len(state.seats[OPPONENT].lifeblood)
    play(state, "Worldspine Titan")
    assert len(state.seats[OPPONENT].lifeblood) == before - 3


def test_a_darkness_creature_has_more_arsenal_from_the_seventh_hour() -> None:
    """Night Lurker: "During Absolute Darkness (Hours 7-11), this Creature has +1 Arsenal." """
    state = new_state(lifeblood("Night Lurker"))
    to_hour(state, 6)
    arrange(state, PLAYER, arsenal=["Night Lurker"])
    lurker = state.seats[PLAYER].arsenal[0]
    assert state.arsenal_of(lurker) == 3
    attack(state, lurker)
    end_turn(state)
    assert state.hour == 7 and state.arsenal_of(lurker) == 4
    attack(state, lurker)
    assert state.milled[OPPONENT][5:7] == [3, 4]


def test_a_light_creature_loses_its_protection_when_darkness_falls() -> None:
    """Pixie Lanternbearer: "During Light Availability (Hours 1-6), this Creature has +1 Protection."
    5.3: a card at a Protection Score of zero or below goes to the discard pile."""
    state = new_state(lifeblood("Pixie Lanternbearer"), lifeblood("Starling Wisp"), starting_player=OPPONENT)
    to_hour(state, 6)
    arrange(state, OPPONENT, arsenal=["Starling Wisp"])
    arrange(state, PLAYER, protection=["Pixie Lanternbearer"])
    wisp, pixie = state.seats[OPPONENT].arsenal[0], state.seats[PLAYER].protection[0]
    assert state.protection_of(pixie) == 2
    attack(state, wisp)
    state.apply_action((act.PROTECT, wisp, pixie))
    assert state.protection_of(pixie) == 1  # 1 printed + 1 in the light - 1 damage
    end_turn(state)
    end_turn(state)
    assert state.hour == 7 and pixie in state.seats[PLAYER].discard


def test_an_attacker_is_weakened_in_response_this_turn_only() -> None:
    """Desperate Gambit: "Play in response to an enemy attack: the attacking Creature gets -2 Arsenal
    this turn." 9.3: "cards without a designated card cost with the Ambush ability may be played free
    of cost on either the players turn or during their opponents turn" """
    state = new_state(lifeblood("Militia Rifleman"), lifeblood("Desperate Gambit"))
    to_hour(state, 2)
    arrange(state, PLAYER, arsenal=["Militia Rifleman"])
    arrange(state, OPPONENT, hand=["Desperate Gambit"])
    rifleman = state.seats[PLAYER].arsenal[0]
    before = len(state.seats[OPPONENT].lifeblood)
    attack(state, rifleman)
    assert state.phase == PROTECT and state.current_player() == OPPONENT
    assert plays_of(state, "Desperate Gambit") == [(act.PLAY, state.seats[OPPONENT].hand[0], None, rifleman)]
    play(state, "Desperate Gambit", target=rifleman)
    assert state.arsenal_of(rifleman) == 1
    state.apply_action((act.PROTECT, rifleman, None))
    assert len(state.seats[OPPONENT].lifeblood) == before - 1
    end_turn(state)
    assert state.arsenal_of(rifleman) == 3


def test_a_response_card_is_not_played_on_its_own() -> None:
    """Desperate Gambit: "Play in response to an enemy attack" """
    state = new_state(lifeblood("Desperate Gambit"))
    arrange(state, PLAYER, hand=["Desperate Gambit"])
    assert state.phase == MAIN and plays_of(state, "Desperate Gambit") == []


def test_a_free_ambush_creature_may_be_played_in_response_to_an_attack() -> None:
    """9.3: "cards without a designated card cost with the Ambush ability may be played free of cost on
    either the players turn or during their opponents turn, so long as the card being played is in
    direct response to an opponents play." (Lurking Urchin: no Hour, Ambush.)"""
    state = new_state(lifeblood("Void Hound"), lifeblood("Lurking Urchin", "Void Hound"))
    to_hour(state, 2)
    arrange(state, PLAYER, arsenal=["Void Hound"])
    arrange(state, OPPONENT, hand=["Lurking Urchin", "Void Hound"])
    attack(state, state.seats[PLAYER].arsenal[0])
    assert state.phase == PROTECT
    assert {state.game.cards[a[1]].name for a in state.legal_actions() if a[0] == act.PLAY} == {"Lurking Urchin"}
    play(state, "Lurking Urchin")
    assert names(state, state.seats[OPPONENT].arsenal) == ["Lurking Urchin"]


def test_an_ambush_creature_attacks_on_the_hour_it_is_played() -> None:
    """Comet Rider: "Ambush (this card may attack or activate abilities on the Hour it is played)." """
    state = new_state(lifeblood("Comet Rider"))
    to_hour(state, 4)
    arrange(state, PLAYER, hand=["Comet Rider"])
    rider = play(state, "Comet Rider")
    attack(state, rider)
    assert state.milled[OPPONENT][3] == 3

