"""QQDND card effects (engine/games/qqdnd/effects.py and verbs.py): each verb, and the cards, from their
printed text (quoted), in give / play / assert form. Positions are set up with the Table of
test_qqdnd_engine.py."""
from __future__ import annotations

import pytest

from engine.core import OPPONENT, PLAYER
from engine.games.qqdnd.board import Board
from engine.games.qqdnd.choices import DefaultChooser
from engine.games.qqdnd.pieces import DECK, DISCARD, FIELD, HAND, REMOVED, UNDER, Piece
from engine.games.qqdnd.state import BONUS, LAST, RESPOND, TURN, stall
from engine.games.qqdnd.verbs import Ctx, run_program
from tests.engine.test_qqdnd_engine import (
    DAMIEN,
    EPTOL,
    GALATEA,
    IAGO,
    INSINGEM,
    MALACHI,
    PHASE,
    QUIET_PARTY,
    RESMI,
    SARINAK,
    WILL,
    Table,
)

QUIET3 = QUIET_PARTY[:3]


class Declining(DefaultChooser):
    """A player who answers no to every "you may"."""

    def may(self, b: Board, player: int, purpose: str, ctx: Ctx | None, subject: Piece | None = None,
            amount: int = 0) -> bool:
        return False


def to_last_action(table: Table) -> None:
    """The goldfish round: the dummies decline to respond and to take a Turn Action."""
    table.pass_until(PLAYER)
    assert table.state.phase == LAST


# ---------------------------------------------------------------------------------------------
# Verbs


def test_it_deals_damage_only_if_the_party_has_the_class() -> None:
    """ Katana Lunge: "Deal 1 damage to target card if there is a Samurai in your party." """
    with_samurai = Table([EPTOL, *QUIET3])
    with_samurai.hand("Katana Lunge")
    with_samurai.play("Katana Lunge", with_samurai.dummy(1))
    assert with_samurai.dummy(1).damage == 1
    without = Table()
    without.hand("Katana Lunge")
    without.play("Katana Lunge", without.dummy(1))
    assert without.dummy(1).damage == 0


def test_it_draws_cards() -> None:
    """ Lotus Slash: "Deal 1 damage to target Resource card if there is a Samurai in your party. Draw a card." """
    table = Table([EPTOL, *QUIET3])
    table.member("Eptol").exhausted = True
    church = table.give("Allgods Church", zone="field")
    church.exhausted = True
    top = table.give("Arm Up", zone="deck")
    table.hand("Lotus Slash")
    table.play("Lotus Slash", church)
    assert church.damage == 1 and top.zone == HAND


def test_it_searches_a_deck_for_a_matching_card() -> None:
    """ Iago: "Bardic Lore: (15) Search your deck for an Action Resource card, reveal it, and add it to your
    hand." """
    table = Table([IAGO, *QUIET3])
    permanent = table.give("Clockwork Soldier", zone="deck")
    action = table.give("Sword Throw", zone="deck")
    table.play("Bardic Lore")
    assert action.zone == HAND and permanent.zone == DECK
    assert table.state.drawn["Sword Throw"] == 1


def test_it_adds_and_spends_counters() -> None:
    """ Alchemical Bomb: "Tick, tick, tick: (20-1) Place a Charge counter on Alchemical Bomb / BOOM: (1) Deal one
    damage to a random Party Member controlled by an opponent for every Charge counter on Alchemical Bomb.
    Discard Alchemical Bomb" """
    table = Table()
    bomb = table.give("Alchemical Bomb", zone="field")
    table.play("Tick, tick, tick")
    assert bomb.counters == {"charge": 1}
    # next round, with three counters, a Drunkard (21) opens and BOOM is the last Action
    bomb.counters["charge"] = 3
    to_last_action(table)
    table.pass_turn()
    table.hand("Drunkard")
    table.state.reopen()
    table.play("Drunkard")
    to_last_action(table)
    table.play("BOOM")
    assert sum(table.dummy(i).damage for i in range(1, 5)) == 3
    assert bomb.zone == DISCARD and table.state.damage_by_round[1] == 3


def test_it_moves_a_challenge_counter_and_adds_samurai_damage() -> None:
    """ Eptol Noir: "Remove all Challenge counters you own, then place a Challenge counter on any card. Cards
    with Challenge counters take 1 extra Damage whenever you damage them with a Samurai damage source." """
    table = Table([EPTOL, SARINAK, *QUIET_PARTY[:2]])
    table.dummy(2).damage = 3
    table.play("Challenge")
    assert table.dummy(2).counters == {"challenge0": 1}  # the dummy nearest defeat
    to_last_action(table)
    table.play("Snipe", table.dummy(2))  # Sarinak is no Samurai: 2, no more
    assert table.dummy(2).damage == 5
    table.dummy(3).damage = 6
    table.play("Challenge")  # round 2: Eptol's Challenge opens again, on the new nearest
    assert table.dummy(2).counters == {} and table.dummy(3).counters == {"challenge0": 1}
    # Sword Throw, a Samurai card, deals 2 + 1
    table.dummy(3).damage = 0
    table.hand("Sword Throw")
    to_last_action(table)
    table.play("Sword Throw", table.dummy(3))
    assert table.dummy(3).damage == 3


def test_it_creates_tokens_up_to_the_printed_limit() -> None:
    """ Insingem Nox: "Me, Me, Me: (5-1) If there are less than 3 Insingem Flies in play, put 1 Insingem Fly into
    play. It is a token Devil Ally with Life – 1." """
    table = Table([INSINGEM, *QUIET3])
    table.state.create_token(PLAYER, "Insingem Fly", None)
    for _ in range(3):
        table.hand("Drunkard")  # opens at 21, so Me, Me, Me is the last Action
        table.state.reopen()
        table.play("Drunkard")
        to_last_action(table)
        table.play("Me, Me, Me")
    flies = [p for p in table.state.field[PLAYER] if p.d.name == "Insingem Fly"]
    assert len(flies) == 3
    assert all(p.d.is_token and p.d.life == 1 and "Ally" in p.d.traits and "Devil" in p.d.traits for p in flies)


def test_it_counts_the_cards_it_exhausts() -> None:
    """ Insingem Nox: "Devil Rush: (17) Exhaust all cards you control with Insingem in their name, including
    this one. Deal damage equal to the number of cards exhausted this way to target card." """
    table = Table([INSINGEM, *QUIET3])
    flies = [table.state.create_token(PLAYER, "Insingem Fly", None) for _ in range(3)]
    flies[0].exhausted = True  # already Exhausted: not exhausted "this way"
    table.play("Devil Rush", table.dummy(1))
    assert table.dummy(1).damage == 3
    assert all(f.exhausted for f in flies)


def test_it_discards_a_card_from_play() -> None:
    """ Grease: "If there is a Bard in your party, choose one: Discard target Item / Exhaust target Ally" """
    table = Table([IAGO, *QUIET3], opponent=QUIET_PARTY)
    shirt = table.give("Chainmail Shirt", player=OPPONENT, zone="field",
                       host=table.member("Dummy Party Member 1", OPPONENT))
    table.hand("Grease")
    table.play("Grease", shirt, mode=0)
    assert shirt.zone == DISCARD and shirt.host is None


def test_it_flips_a_coin() -> None:
    """ Alchemist's Fire: "Toss-Up: (5-1) Flip a coin. If the result is heads, deal 1 damage to target Party
    Member an opponent controls. If the result is tails, deal 1 damage to a random Party Member you control.
    Discard Alchemist's Fire." """
    outcomes = set()
    for seed in range(16):
        table = Table([MALACHI, *QUIET3], seed=seed)
        table.member("Malachi").exhausted = True
        fire = table.give("Alchemist's Fire", zone="field")
        table.play("Toss-Up", table.dummy(1))
        own = sum(p.damage for p in table.state.party(PLAYER))
        outcomes.add((table.dummy(1).damage, own))
        assert fire.zone == DISCARD
    assert outcomes == {(1, 0), (0, 1)}


def test_it_reveals_until_it_finds_a_match() -> None:
    """ Arm Up: "Reveal the top card of your deck and discard it unless it is a Martial Attack. Repeat this until
    you reveal a Martial Attack, then add it to your hand." """
    table = Table()
    lunge = table.give("Katana Lunge", zone="deck")
    misses = [table.give(name, zone="deck") for name in ("Cure Wounds", "C.O.R.E")]
    table.hand("Arm Up")
    table.play("Arm Up")
    assert lunge.zone == HAND
    assert all(card.zone == DISCARD for card in misses)


def test_it_gains_control_until_the_end_of_the_round() -> None:
    """ Unnatural Lust: "If there is a Bard in your party, gain control of target Ally until the end of the
    round. They do not become Able at the start of the next round." """
    table = Table([IAGO, *QUIET3], opponent=QUIET_PARTY)
    core = table.give("C.O.R.E", player=OPPONENT, zone="field")
    core.exhausted = True
    table.member("Iago").exhausted = True
    table.hand("Unnatural Lust")
    table.play("Unnatural Lust", core)
    assert core.controller == PLAYER and core in table.state.field[PLAYER]
    while table.state.round == 1:
        table.pass_turn()
    assert core.controller == OPPONENT and core.exhausted  # back, and not Able this round


def test_it_suppresses_a_permanent_until_the_end_of_the_round() -> None:
    """ Phase: "Transmute: (16-10) Until the end of the round, target Permanent non-Ally Resource is treated as
    if it had no effect, no actions, and 1 Life." """
    table = Table([PHASE, *QUIET3], opponent=QUIET_PARTY)
    dummy = table.member("Dummy Party Member 1", OPPONENT)
    shirt = table.give("Chainmail Shirt", player=OPPONENT, zone="field", host=dummy)
    table.play("Transmute", shirt)
    assert shirt.blanked and table.state.block_of(dummy) == 0
    while table.state.round == 1:
        table.pass_turn()
    assert not shirt.blanked and table.state.block_of(dummy) == 1


def test_it_keeps_a_card_exhausted_into_the_next_round() -> None:
    """ Pious Villager: "Humble Prayer: (16) Search your discard pile for a Cleric Action card and put it on top
    of your deck. Pious Villager does not become Able at the start of the next round." """
    table = Table()
    villager = table.give("Pious Villager", zone="field")
    table.give("C.O.R.E", zone="field").exhausted = True  # acts in round 2, so the round stops there
    cure = table.give("Cure Wounds", zone="discard")
    table.play("Humble Prayer")
    assert cure.zone == DECK and table.state.deck[PLAYER][-1] is cure
    while table.state.round == 1:
        table.pass_turn()
    assert table.state.round == 2 and villager.exhausted
    table.play("Laser Beam", table.dummy(1))
    while table.state.round == 2:
        table.pass_turn()
    assert not villager.exhausted


def test_it_gives_the_opponent_additional_actions() -> None:
    """ League of Samurai: "Upheaval: (13) Discard all cards in your hand. Your opponent may take one additional
    Action this round for each card discarded. Tutelage may now target non-Humans." """
    table = Table([SARINAK, *QUIET3], opponent=[SARINAK, *QUIET3])
    league = table.give("League of Samurai", zone="field")
    table.hand("Cure Wounds", "Arm Up")
    for member in (table.member("Sarinak"), table.member("Sarinak", OPPONENT)):
        member.exhausted = True
    table.state.reopen()
    table.play("Upheaval")
    assert table.state.hand[PLAYER] == [] and table.state.bonus_actions[OPPONENT] == 2
    # the opponent's Sarinak acts in the extra Actions at the end of the round
    table.member("Sarinak", OPPONENT).exhausted = False
    while table.state.phase != BONUS:
        table.pass_turn()
    assert table.state.current_player() == OPPONENT and table.moves("Snipe")
    # and Tutelage may now target the Lizardfolk Sarinak
    assert "upheaval" in league.marks


def test_it_plays_a_nested_action_from_under_a_card() -> None:
    """ Sniper's Camp: "As Sniper's Camp comes into play, place a Martial Attack Action face down attached to it
    from your hand. While Sniper's Camp is in play, you cannot play Attack or Spell Actions from your hand. [...]
    Loose (20-2): Perform one of the Actions attached to Sniper's Camp, then discard it. When there are no Martial
    Attack Actions attached to Sniper's Camp, discard it." """
    table = Table()
    camp, slash = table.hand("Sniper's Camp", "Lotus Slash")
    table.play("Sniper's Camp")
    assert slash.zone == UNDER and camp.under == [slash]
    table.give("Sword Throw")  # (given now, not to open the round at 14)
    to_last_action(table)
    assert not table.moves("Sword Throw")
    table.play("Loose", nested=slash)  # Lotus Slash on the Camp itself
    assert slash.zone == DISCARD and camp.zone == DISCARD
    assert table.state.played["Lotus Slash"] == 1


def test_it_plays_a_permanent_for_one_round() -> None:
    """ Magical Tinkering: "Magical Tinkering enters play with 5 Craft tokens on it. [...] Fevered Crafting: (19-1)
    Remove a Craft token from Magical Tinkering. Play any permanent from your hand immediately. Destroy it at the
    end of the round." """
    table = Table(opponent=QUIET_PARTY)
    tinkering = table.give("Magical Tinkering", zone="field")
    assert tinkering.counters == {"craft": 5}
    table.hand("Drunkard", player=OPPONENT)  # the opponent opens at 21; Fevered Crafting is a Turn Action
    (core,) = table.hand("C.O.R.E")
    table.open()
    table.play("Drunkard")
    table.pass_turn()
    table.play("Fevered Crafting", nested=core)
    assert tinkering.counters == {"craft": 4} and core.zone == FIELD
    assert table.state.played["C.O.R.E"] == 1
    while table.state.round == 1:
        table.pass_turn()
    assert core.zone == DISCARD


def test_it_equips_and_grants_an_action() -> None:
    """ Dragonsmouth Bow: "Equipped card has “Dragonshot: (10) Deal 1 damage to target card.” Equipped card may
    treat any Actions it has that deal damage as 1 Initiative higher or lower." """
    table = Table([SARINAK, *QUIET3])
    sarinak = table.member("Sarinak")
    table.give("Dragonsmouth Bow", zone="field", host=sarinak)
    table.open()
    # Snipe (3-2) now reaches 4; Dragonshot (10) 9 to 11, so it opens at 11
    assert {m.initiative for m in table.moves("Dragonshot")} == {11}
    assert table.state.initiative_window(sarinak, table.state.actions_of(sarinak)[0]) == (1, 4)


def test_it_teaches_a_skill_that_adds_shield_counters() -> None:
    """ Skulking Sniper: "Taught card has “Whenever this card deals damage to a Resource, add 1 Shield counter to
    it”" """
    table = Table([SARINAK, *QUIET3])
    sarinak = table.member("Sarinak")
    table.give("Skulking Sniper", zone="field", host=sarinak)
    sarinak.exhausted = False
    target = table.give("Gluttony", zone="field")
    table.open()
    table.play("Snipe", target)
    assert sarinak.counters == {"shield": 1}


def test_it_copies_an_action_performed_this_round() -> None:
    """ Galatea: "Observe and Replicate: (19-1) Remove all Actions other than Observe and Relicate from this card.
    Add any Action that has been performed this turn to this card." """
    table = Table([GALATEA, SARINAK, *QUIET_PARTY[:2]])
    galatea = table.member("Galatea")
    table.hand("Drunkard", "Katana Lunge")
    table.open()
    table.play("Drunkard")  # 21 opens
    to_last_action(table)
    table.play("Observe and Replicate")
    assert galatea.copied is None  # only playing a Permanent was performed: nothing to copy
    # next round: Katana Lunge is performed first (Galatea kept out of the opening), then copied
    table.hand("Katana Lunge")
    galatea.exhausted = True
    table.state.reopen()
    table.play("Katana Lunge", table.dummy(1))
    galatea.exhausted = False
    to_last_action(table)
    table.play("Observe and Replicate")
    assert galatea.copied is not None and galatea.copied.name == "Katana Lunge"
    assert [a.name for a in table.state.actions_of(galatea)] == ["Observe and Replicate", "Katana Lunge"]
    # and a round later Galatea performs it herself, after a Drunkard opens
    table.hand("Drunkard")
    table.state.reopen()
    table.play("Drunkard")
    to_last_action(table)
    table.play("Katana Lunge", table.dummy(2), source=galatea)
    assert table.dummy(2).damage == 0  # no Samurai in the party: the copy does what the card does


def test_it_replaces_favourite_trick_with_a_bard_spell() -> None:
    """ Iago: "Favourite Trick: (1) Search your discard pile for a Bard Spell Action Resource card. Place it under
    this card, and treat it as a replacement of the Favourite Trick Action." """
    table = Table([IAGO, *QUIET3], opponent=QUIET_PARTY)
    grease = table.give("Grease", zone="discard")
    iago = table.member("Iago")
    table.give("Allgods Church", zone="field").exhausted = True
    table.state.reopen()
    table.play("Bardic Lore")
    iago.exhausted = False
    to_last_action(table)
    table.play("Favourite Trick")
    assert grease.zone == UNDER and iago.under == [grease]
    assert [a.name for a in table.state.actions_of(iago)] == ["Bardic Lore", "Grease"]


# ---------------------------------------------------------------------------------------------
# Party Members


def test_it_heals_party_members_at_the_end_of_the_round() -> None:
    """ Resmi: "Polite Attendance: (Ef) At the end of each round, remove 1 Damage counter from up to 3 Party
    Members you control." """
    table = Table([RESMI, SARINAK, *QUIET_PARTY[:2]])
    members = table.state.party(PLAYER)
    for member in members:
        member.damage = 2
    table.member("Resmi").damage = 0
    table.play("Snipe", table.dummy(1))
    while table.state.round == 1:
        table.pass_turn()
    assert sorted(m.damage for m in members) == [0, 1, 1, 1]


def test_it_heals_living_party_members_before_defeated_ones() -> None:
    """ Resmi: "remove 1 Damage counter from up to 3 Party Members you control"; "If the target is a Party Member
    and the amount of Damage counters on it exceeds its life, that Party Member is defeated – its actions cannot
    be used": a defeated member stays defeated whatever it loses, so the counters come off living members. """
    table = Table([RESMI, SARINAK, *QUIET_PARTY[:2]])
    fallen, wounded = table.state.party(PLAYER)[2:]
    fallen.damage = 9
    table.state.defeat(fallen)
    wounded.damage = 1
    table.play("Snipe", table.dummy(1))
    while table.state.round == 1:
        table.pass_turn()
    assert (fallen.damage, wounded.damage) == (9, 0)


def test_it_lets_malachi_pay_damage_for_another_card() -> None:
    """ Malachi: "Frantic Research: (12-8) Draw a card, then discard a card. You may then deal 1 damage to this
    card to draw another card." """
    table = Table([MALACHI, *QUIET3])
    for name in ("Arm Up", "Cure Wounds", "Katana Lunge"):
        table.give(name, zone="deck")
    table.play("Frantic Research")
    assert table.member("Malachi").damage == 1
    assert len(table.state.hand[PLAYER]) == 1 and len(table.state.discard[PLAYER]) == 1


def test_it_builds_a_cavbike_and_shields() -> None:
    """ Damien Allen: "Street Rider: (18-16) If there are no Cavbikes in play, put 1 Cavbike into play. It is a
    token Mechanical Mount Item equipped to this card with “Equipped card is a Samurai in addition to its other
    subtypes”. Armour Up: (18-16) If there are no Shield counters on this card, put 3 Shield counters on this
    card" """
    table = Table([DAMIEN, *QUIET3])
    damien = table.member("Damien")
    assert not table.state.has_trait(damien, "Samurai", PLAYER)
    table.play("Street Rider")
    assert table.state.has_trait(damien, "Samurai", PLAYER) and table.state.has_mount(damien)
    while table.state.round == 1:
        table.pass_turn()
    table.play("Armour Up")
    assert damien.counters == {"shield": 3}
    damien.counters["shield"] = 1
    while table.state.round == 2:
        table.pass_turn()
    table.play("Armour Up")
    assert damien.counters == {"shield": 1}  # "If there are no Shield counters on this card"


def test_it_lets_phase_discard_cards_instead_of_taking_damage() -> None:
    """ Phase: "When Phase would take damage, you may instead discard that many cards from your hand." """
    table = Table([SARINAK, *QUIET3], opponent=[PHASE, *QUIET3])
    phase = table.member("Phase", OPPONENT)
    phase.damage = 4
    phase.exhausted = True
    table.hand("Dimensional Wave", "Dimensional Wave", player=OPPONENT)  # cards that cannot be played alone
    table.open()
    table.play("Snipe", phase)  # 2 more would defeat Phase (Life 5)
    assert phase.damage == 4 and table.state.hand[OPPONENT] == []


def test_it_defeats_phase_when_an_effect_discards_from_an_empty_hand() -> None:
    """ Phase: "If an effect other than the end of the round would cause you discard from your hand and there are
    no cards in your hand, Phase is defeated." """
    table = Table([PHASE, *QUIET3])
    table.member("Phase").exhausted = True
    table.hand("Spellstrike")
    table.play("Spellstrike")  # "Discard a Spell from your hand" with nothing left in hand
    assert table.member("Phase").defeated


def test_it_teleports_a_players_permanents_back() -> None:
    """ Will: "Mass Teleport: (20-19) Return all permanent resources target player controls to their hand. That
    player then shuffles their hand into their deck and draws cards equal to their party's hand value. This
    card does not become Able at the start of the next round." """
    table = Table([WILL, *QUIET3], opponent=[IAGO, *QUIET3])
    core = table.give("C.O.R.E", player=OPPONENT, zone="field")
    held = table.give("Arm Up", player=OPPONENT)
    table.play("Mass Teleport", -1 - OPPONENT)
    assert {core.zone, held.zone} <= {DECK, HAND}
    assert len(table.state.hand[OPPONENT]) == 2  # Iago's Hand Value
    while table.state.round == 1:
        table.pass_turn()
    assert table.member("Will").exhausted


# ---------------------------------------------------------------------------------------------
# Resources


def test_it_hurts_your_own_samurai_when_katana_lunge_is_responded_to() -> None:
    """ Katana Lunge: "If this card is responded to, deal 1 damage to a Samurai you control." """
    table = Table([EPTOL, *QUIET3], opponent=QUIET_PARTY)
    table.member("Eptol").exhausted = True
    table.hand("Katana Lunge")
    table.hand("Drunkard", "Vanish", player=OPPONENT)  # 21, 20-17
    table.open()
    table.play("Drunkard")
    table.pass_turn()
    table.play("Katana Lunge", table.member("Dummy Party Member 1", OPPONENT))
    table.play("Vanish")  # the response
    assert table.member("Eptol").damage == 1


def test_it_forbids_more_attack_cards_after_sword_throw() -> None:
    """ Sword Throw: "Deal 2 damage to target Party Member. You may play no more Attack cards this round." """
    table = Table()
    table.give("Allgods Church", zone="field").exhausted = True  # a Resource for Lotus Slash to target
    table.hand("Sword Throw", "Lotus Slash", "Cure Wounds")
    table.play("Sword Throw", table.dummy(1))
    assert table.dummy(1).damage == 2
    to_last_action(table)
    assert not table.moves("Lotus Slash") and table.moves("Cure Wounds")


def test_it_plays_deadshot_only_as_the_first_attack() -> None:
    """ Deadshot: "Play Deadshot only if it is the first Attack you play this round. Discard target Resource with
    one or more Damage counters on it." """
    table = Table()
    target = table.give("Clockwork Soldier", zone="field")
    target.exhausted = True
    target.damage = 1
    table.hand("Deadshot", "Katana Lunge")
    table.state.reopen()
    table.play("Katana Lunge", table.dummy(1))
    to_last_action(table)
    assert not table.moves("Deadshot")
    fresh = Table()
    soldier = fresh.give("Clockwork Soldier", zone="field")
    soldier.exhausted, soldier.damage = True, 1
    fresh.hand("Deadshot")
    fresh.play("Deadshot", soldier)
    assert soldier.zone == DISCARD


def test_it_gives_spread_shot_a_target_for_each_point_of_initiative_lowered() -> None:
    """ Spread Shot: "Deal 1 damage to up to 2 target cards your opponent controls if there is a Fighter in your
    party. As you play it, you may treat Spread Shot as if its Initiative is lower by up to 4. For each 1 you
    lower the Initiative by, Spread Shot may gain 1 additional target." """
    table = Table([SARINAK, *QUIET3])
    table.hand("Spread Shot")
    table.open()
    assert {len(m.targets) for m in table.moves("Spread Shot")} == {1, 2}  # opening at 14
    table.play("Spread Shot", table.dummy(1), table.dummy(2))
    later = Table([SARINAK, *QUIET3])
    later.hand("Spread Shot", "Drunkard")
    later.play("Drunkard")
    to_last_action(later)
    by_size = {len(m.targets): m.initiative for m in later.moves("Spread Shot")}
    assert by_size == {1: 14, 2: 14, 3: 13, 4: 12}
    later.play("Spread Shot", *[later.dummy(i) for i in range(1, 5)])
    assert [later.dummy(i).damage for i in range(1, 5)] == [1, 1, 1, 1]


def test_it_boosts_the_next_damage_of_an_ally() -> None:
    """ Strength Mutagen: "The next time target Ally you control would deal damage, it deals 1 damage more." """
    table = Table()
    core = table.give("C.O.R.E", zone="field")
    table.hand("Strength Mutagen")
    table.play("Strength Mutagen", core)
    to_last_action(table)
    table.play("Laser Beam", table.dummy(1))
    assert table.dummy(1).damage == 2 and core.damage_bonus == 0


def test_it_boosts_the_next_damage_of_a_magus() -> None:
    """ Spellstrike: "Discard a Spell from your hand. The next time a Magus you control would deal damage,
    increase that damage by one." """
    table = Table([INSINGEM, *QUIET3])
    table.member("Insingem").exhausted = True
    spell = table.give("Cure Wounds")
    table.hand("Spellstrike")
    table.state.reopen()
    table.play("Spellstrike", initiative=17)
    assert spell.zone == DISCARD
    table.member("Insingem").exhausted = False
    to_last_action(table)
    table.play("Devil Rush", table.dummy(1))
    assert table.dummy(1).damage == 2


@pytest.mark.parametrize(("party", "able_next_round"), [((MALACHI, *QUIET3), True), (QUIET_PARTY, False)])
def test_it_enters_play_exhausted_without_an_alchemist(party: tuple[str, ...], able_next_round: bool) -> None:
    """ Curative Potion: "Curative Potion enters play Exhausted, and if there is not an Alchemist in your party,
    Curative Potion does not become Able at the start of the next round." """
    table = Table(party)
    potion = table.give("Curative Potion", zone="field")
    assert potion.exhausted
    table.give("C.O.R.E", zone="field").exhausted = True  # acts in round 2, so the round stops there
    for member in table.state.party(PLAYER):
        member.exhausted = True
    table.open()
    assert table.state.round == 2
    assert potion.exhausted != able_next_round


def test_it_puts_an_alchemist_item_on_top_of_the_deck_instead_of_the_discard_pile() -> None:
    """ Malachi's Laboratory: "Whenever an Alchemist Item you control would be discarded from play, you may choose
    to put it on top of your deck." """
    table = Table([MALACHI, *QUIET3])
    table.member("Malachi").exhausted = True
    table.give("Malachi's Laboratory", zone="field").exhausted = True
    fire = table.give("Alchemist's Fire", zone="field")
    table.play("Toss-Up", table.dummy(1))
    assert fire.zone == DECK and table.state.deck[PLAYER][-1] is fire


def test_it_raises_fresh_experiment_by_discarding() -> None:
    """ Malachi's Laboratory: "Fresh Experiment: (3) As you perform it, you may increase the Initiative of Fresh
    Experiment by X by discarding X cards from your hand. Shuffle your deck and draw a card." """
    table = Table()
    table.give("Malachi's Laboratory", zone="field")
    waves = table.hand("Dimensional Wave", "Dimensional Wave")  # two cards that cannot be played alone
    table.give("Arm Up", zone="deck")
    table.open()
    # 3, raised by up to the 2 cards in hand: it opens at 5
    assert {m.initiative for m in table.moves("Fresh Experiment")} == {5}
    table.play("Fresh Experiment")
    assert all(w.zone == DISCARD for w in waves)
    assert [p.d.name for p in table.state.hand[PLAYER]] == ["Arm Up"]


def test_it_restores_a_defeated_party_member() -> None:
    """ True Resurrection: "Discard your hand. Your opponent may perform any number of Actions at the end of the
    round, regardless of Initiative. Restore a Defeated Party Member to full Life. Remove True Resurrection from
    the game." """
    table = Table([SARINAK, *QUIET3])
    sarinak = table.member("Sarinak")
    sarinak.damage = 9
    table.state.check_destroyed(sarinak, None)
    resurrection, kept = table.hand("True Resurrection", "Arm Up")
    table.play("True Resurrection")
    assert not sarinak.defeated and sarinak.damage == 0
    assert resurrection.zone == REMOVED and kept.zone == DISCARD
    assert table.state.bonus_any[OPPONENT]


def test_it_never_removes_damage_from_clockwork_soldier() -> None:
    """ Clockwork Soldier: "Damage counters cannot be removed from Clockwork Soldier." """
    table = Table()
    soldier = table.give("Clockwork Soldier", zone="field")
    soldier.exhausted = True
    soldier.damage = 1
    table.hand("Cure Wounds")
    table.play("Cure Wounds")
    assert soldier.damage == 1


def test_it_forces_raging_strike_next() -> None:
    """ Raging Savage: "When Raging Savage is played, the next action you perform must be Raging Strike." """
    table = Table()
    savage, _ = table.hand("Raging Savage", "Cure Wounds")
    table.give("Allgods Church", zone="field").exhausted = True
    table.play("Raging Savage")
    to_last_action(table)
    names = {table.state.book.actions[m.action].name for m in table.state.legal_actions() if m.kind}
    assert names == {"Raging Strike"}


def test_it_enters_starguard_exhausted_unless_a_loss_this_round() -> None:
    """ Starguard: "Unless an Ally or Party Member you control was destroyed or defeated this round, Starguard
    enters play Exhausted." """
    table = Table()
    calm = table.give("Starguard", zone="field")
    table.state.lost_this_round[PLAYER] = True
    avenging = table.give("Starguard", zone="field")
    assert calm.exhausted and not avenging.exhausted


def test_it_brings_the_other_drunkards() -> None:
    """ Drunkard: "When you play Drunkard, you may search your deck, discard pile, and hand for any other cards
    named Drunkard, then put them into play. Then shuffle your deck." """
    table = Table()
    others = [table.give("Drunkard", zone="deck"), table.give("Drunkard", zone="discard")]
    table.hand("Drunkard")
    table.play("Drunkard")
    assert all(card.zone == FIELD for card in others)
    assert len([p for p in table.state.field[PLAYER] if p.d.name == "Drunkard"]) == 3


def test_it_stops_targeting_across_noxspace() -> None:
    """ Noxspace: "While Noxspace is in play, cards you control cannot be targeted by opponents and you cannot
    target cards an opponent controls." """
    table = Table([SARINAK, *QUIET3])
    table.give("Noxspace", zone="field").exhausted = True
    table.open()
    assert table.moves("Snipe") and all(table.state.cards[m.targets[0]].controller == PLAYER
                                         for m in table.moves("Snipe"))


def test_it_adds_holo_lance_damage_with_a_mount() -> None:
    """ Holo-Lance: "Equipped card deals 1 additional damage as long as it has a Mount equipped to it." """
    table = Table()
    slayer = table.give("Samurai Slayer", zone="field")
    table.give("Holo-Lance", zone="field", host=slayer)
    table.give("Riding Camel", zone="field", host=slayer)
    target = table.give("Starguard", zone="field")
    table.open()
    table.play("Honorable Engagement", target)  # 1 to a non-Samurai, +1 for the Lance
    assert target.zone == DISCARD


def test_it_hurls_and_catches_the_trident() -> None:
    """ Holo-Trident: "Trident Hurl: (14-10) Flip a coin. If heads, deal one damage to target ally. This card cannot
    become Able until next round, and does not become Able at the start of a round." / "Trident Catch: (20) You
    may use this action only if this card is Exhausted. [...] This card becomes Able." and "You can only use one
    Action per card per turn": the Catch is the card's Action of the round, so it takes no other this round and is
    Able from the next round's start. """
    table = Table([SARINAK, *QUIET3])
    sarinak = table.member("Sarinak")
    table.give("Holo-Trident", zone="field", host=sarinak)
    table.give("Starguard", zone="field")
    table.open()
    table.play("Trident Hurl")
    while table.state.round == 1:
        assert not table.moves("Trident Catch")
        table.pass_turn()
    assert sarinak.exhausted  # no Able at the start of the round
    table.play("Trident Catch")  # the opening, at 20
    assert "hurled" not in sarinak.marks
    # One Action this round, the Catch: no Snipe in answer to the party's Turn Action, nor on the turn after it.
    respond_to_the_sparring_party(table)
    assert not table.moves("Snipe") and not table.moves("Trident Catch")
    table.pass_turn()
    assert table.state.phase == TURN and table.state.current_player() == PLAYER
    assert not table.moves("Snipe")
    while table.state.round == 2:
        table.pass_turn()
    assert not sarinak.exhausted  # Able at the next round's start


def respond_to_the_sparring_party(table: Table) -> None:
    """Pass until the sparring party is on the turn, and let it take its Turn Action: the deck's player may respond."""
    state = table.state
    while not (state.phase == TURN and state.current_player() == OPPONENT):
        table.pass_turn()
    state.apply_action(stall(state.bar))
    assert state.phase == RESPOND and state.current_player() == PLAYER


def test_a_card_that_has_acted_this_round_does_not_catch_the_trident() -> None:
    """ "You can only use one Action per card per turn – if a Party Member or Resource card has more than one Action,
    you may only use one per turn." Trident Catch ("You may use this action only if this card is Exhausted. [...] This
    card becomes Able.") is not a second Action for a card Exhausted by its own Action this round: Damien, having
    opened the round with Street Rider, cannot catch to act again (before, the Catch made him Able, and a Holo-Trident
    gave him an Action after every Catch, a coin flip at his own Ally each time). """
    table = Table([DAMIEN, *QUIET3])
    damien = table.member("Damien")
    table.give("Holo-Trident", zone="field", host=damien)
    table.give("Starguard", zone="field")
    table.open()
    table.play("Street Rider")  # the opening, at 18
    assert damien.exhausted
    respond_to_the_sparring_party(table)
    assert not table.moves("Trident Catch")


def test_it_adds_a_shield_counter_to_a_card_you_control() -> None:
    """ Voicechat Network: "Advance Warning: (20-10) Put a Shield counter on target card you control." """
    table = Table()
    table.give("Voicechat Network", zone="field")
    table.open()
    assert {table.state.cards[m.targets[0]].controller for m in table.moves("Advance Warning")} == {PLAYER}
    table.play("Advance Warning", table.state.party(PLAYER)[0])
    assert table.state.party(PLAYER)[0].counters == {"shield": 1}


def test_it_regenerates_with_life_counters() -> None:
    """ Infernal Regeneration: "comes into play attached to target card you control. Put a number of life
    counters onto attached cards equal to the number of damage counters on attached card. When there are no
    damage counters on attached card, remove all life counters from attached card and return Infernal
    Regeneration to your hand." """
    table = Table()
    member = table.state.party(PLAYER)[0]
    member.damage = 3
    regeneration = table.give("Infernal Regeneration")
    table.play("Infernal Regeneration", member)
    assert member.counters == {"life": 3} and regeneration.host is member
    table.state.remove_damage(member, 3)
    table.state.settle()
    assert member.counters == {} and regeneration.zone == HAND


def test_it_liquidates_permanents_for_cards() -> None:
    """ Liquidate Assetts: "If there is a Sorceror in your party, destroy any number of Permanent Resources you
    control, then draw that many cards." """
    table = Table([WILL, *QUIET3])
    table.member("Will").exhausted = True
    spare = table.give("Drunkard", zone="field")  # no Action, no rule
    kept = table.give("C.O.R.E", zone="field")
    kept.exhausted = True
    table.give("Arm Up", zone="deck")
    table.hand("Liquidate Assetts")
    table.play("Liquidate Assetts")
    assert spare.zone == DISCARD and kept.zone == FIELD
    assert [p.d.name for p in table.state.hand[PLAYER]] == ["Arm Up"]


def test_it_turns_an_ally_in_the_deck_for_one_in_play() -> None:
    """ Turnabout: "Search a player's deck for an Ally and put it in play under their control. Then put an Ally
    that player controls on top of their deck. Then shuffle that player's deck." """
    table = Table(choosers=(TokenBack(), DefaultChooser()))
    soldier = table.give("Clockwork Soldier", zone="deck")
    fly = table.state.create_token(PLAYER, "Insingem Fly", None)
    table.hand("Turnabout")
    table.play("Turnabout")
    assert soldier.zone == FIELD
    assert fly.uid not in table.state.all_token_uids()  # the token went to the deck and ceased to exist


class TokenBack(DefaultChooser):
    """A player who puts a token back with Turnabout."""

    def pick(self, b: Board, player: int, purpose: str, options: list[Piece], low: int, high: int,
             ctx: Ctx | None) -> list[Piece]:
        if purpose == "turnabout_return":
            return [p for p in options if p.d.is_token][:1]
        return super().pick(b, player, purpose, options, low, high, ctx)


def test_it_shields_fighters_at_the_start_of_each_round() -> None:
    """ Louise Lake: "At the start of each round, place up to 2 Shield tokens on Fighters you control." """
    table = Table([SARINAK, *QUIET3])
    louise = table.give("Louise Lake, Shieldmaiden", zone="field")
    louise.exhausted = True
    table.play("Snipe", table.dummy(1))
    while table.state.round == 1:
        table.pass_turn()
    shields = table.member("Sarinak").counters.get("shield", 0) + louise.counters.get("shield", 0)
    assert shields == 2


def test_it_returns_pummel_one_initiative_lower() -> None:
    """ Pummel: "Deal one damage to target Permanent Resource. You may discard a card from your hand. If you do,
    return Pummel to your hand and treat its Initiative as one lower than it was previously played at." """
    table = Table()
    target = table.give("Allgods Church", zone="field")
    target.exhausted = True
    pummel, wave = table.hand("Pummel", "Dimensional Wave")
    table.play("Pummel", target)
    assert pummel.zone == HAND and pummel.initiative_override == 5
    assert target.damage == 1 and wave.zone == DISCARD
    to_last_action(table)
    assert {m.initiative for m in table.moves("Pummel")} == {5}


def test_it_forgets_pummels_lower_initiative_once_the_hand_is_discarded() -> None:
    """ Pummel's "treat its Initiative as one lower" holds while it is back in hand: "Both hands are then
    discarded", and from the discard pile Pummel is a card like any other. """
    table = Table()
    target = table.give("Allgods Church", zone="field")
    target.exhausted = True
    pummel, _wave = table.hand("Pummel", "Dimensional Wave")
    table.play("Pummel", target)
    assert pummel.initiative_override == 5
    while table.state.round == 1:
        table.pass_turn()
    assert pummel.zone == DISCARD and pummel.initiative_override is None


def test_it_jaunts_a_location_in_for_the_round() -> None:
    """ Jaunt: "Search your deck for a Location and put it into play. At the end of the round, shuffle it back
    into your deck." """
    table = Table()
    church = table.give("Allgods Church", zone="deck")
    table.hand("Jaunt")
    table.play("Jaunt")
    assert church.zone == FIELD
    while table.state.round == 1:
        table.pass_turn()
    assert church.zone == DECK


def test_it_searches_on_the_first_damage_each_round() -> None:
    """ TB Towers: "The first time a card you control takes damage each round, you may search your deck for any
    non-Evil card, reveal it, and add it to your hand." """
    table = Table([SARINAK, *QUIET3], opponent=QUIET_PARTY)
    table.give("TB Towers", player=OPPONENT, zone="field")
    evil = table.give("Gluttony", player=OPPONENT, zone="deck")
    good = table.give("Cure Wounds", player=OPPONENT, zone="deck")
    table.play("Snipe", table.member("Dummy Party Member 1", OPPONENT))
    assert good.zone == HAND and evil.zone == DECK


def test_it_hides_sorcerors_from_opponents_targets() -> None:
    """ Vanish: "Wizards and Sorcerors in your party cannot be targeted by opponents until the end of the
    round." """
    table = Table([SARINAK, *QUIET3], opponent=[WILL, *QUIET3])
    will = table.member("Will", OPPONENT)
    will.exhausted = True
    table.hand("Vanish", player=OPPONENT)
    table.open()
    table.play("Vanish")  # the opponent opens at 20
    table.pass_turn()  # the player does not respond; the player is on the turn
    assert table.state.phase == TURN and table.state.current_player() == PLAYER
    targets = {t for m in table.moves("Snipe") for t in m.targets}
    assert will.uid not in targets and table.member("Dummy Party Member 1", OPPONENT).uid in targets


def test_it_heals_with_a_beam() -> None:
    """ C.O.R.E: "Heal Beam: (10) Remove one damage counter from target card" """
    table = Table()
    table.give("C.O.R.E", zone="field")
    member = table.state.party(PLAYER)[0]
    member.damage = 2
    table.play("Heal Beam", member)
    assert member.damage == 1


def test_it_gives_up_the_camel_to_save_the_ally() -> None:
    """ Riding Camel: "When equipped card would be dealt damage, you may destroy Riding Camel instead." """
    table = Table([SARINAK, *QUIET3], opponent=QUIET_PARTY)
    core = table.give("C.O.R.E", player=OPPONENT, zone="field")
    core.exhausted = True
    core.damage = 1  # 2 more would destroy it (Life 2)
    camel = table.give("Riding Camel", player=OPPONENT, zone="field", host=core)
    table.play("Snipe", core)
    assert core.zone == FIELD and core.damage == 1 and camel.zone == DISCARD


def test_it_blocks_two_and_slows_the_armoured_ally() -> None:
    """ Shogun Armour: "Equipped card has Block 2 / Unless equipped card is equipped with a Mount, reduce the
    Initiative of all actions equipped card would perform by 4." """
    table = Table()
    core = table.give("C.O.R.E", zone="field")
    table.give("Shogun Armour", zone="field", host=core)
    assert table.state.block_of(core) == 2
    table.open()
    assert {m.initiative for m in table.moves("Laser Beam")} == {6}


def test_it_spawns_when_mothdragon_falls_to_an_opponent() -> None:
    """ Mothdragon: "When Mothdragon is destroyed by damage from an opponent, you may discard your hand. You may
    put one Mothdragon Spawn into play for each two cards discarded this way." """
    table = Table([SARINAK, *QUIET3], opponent=QUIET_PARTY)
    moth = table.give("Mothdragon", player=OPPONENT, zone="field")
    moth.exhausted = True
    moth.damage = 1
    table.hand("Arm Up", "Cure Wounds", "Grease", "Vanish", player=OPPONENT)
    table.hand("Drunkard")
    table.play("Drunkard")
    table.pass_turn()
    table.pass_turn()
    table.pass_until(PLAYER)
    table.play("Snipe", moth)
    spawns = [p for p in table.state.field[OPPONENT] if p.d.name == "Mothdragon Spawn"]
    assert moth.zone == DISCARD and len(spawns) == 2 and table.state.hand[OPPONENT] == []


def test_it_removes_the_top_of_a_deck_from_the_game() -> None:
    """ Tower of Nethys: "Tower of Nethys enters play Exhausted. Starshot: (3-1) Exhaust a non-Construct,
    non-Undead Ally or Party Member you control. Remove the top three cards of target deck from the game." """
    table = Table([SARINAK, *QUIET3], opponent=QUIET_PARTY, opponent_resources={"Arm Up": 5}, deal=False)
    tower = table.give("Tower of Nethys", zone="field")
    assert tower.exhausted
    tower.exhausted = False
    table.member("Sarinak").exhausted = True
    table.open()
    table.play("Starshot", -1 - OPPONENT)
    assert len(table.state.removed[OPPONENT]) == 3 and len(table.state.deck[OPPONENT]) == 2
    assert sum(1 for p in table.state.party(PLAYER) if p.exhausted) == 2


def test_it_lets_the_controller_of_burned_equipment_choose() -> None:
    """ Burning Hands: "Choose an Item card with “Equip”. That cards controller chooses one of the following:
    Equipped card takes 1 damage / Discard chosen Item card" """
    table = Table(opponent=QUIET_PARTY)
    dummy = table.member("Dummy Party Member 2", OPPONENT)
    shirt = table.give("Chainmail Shirt", player=OPPONENT, zone="field", host=dummy)
    table.hand("Burning Hands")
    table.play("Burning Hands")
    # the dummy survives a damage (Block 1 takes it anyway), so its controller keeps the Shirt
    assert shirt.zone == FIELD
    declining = Table(opponent=QUIET_PARTY, choosers=(DefaultChooser(), Declining()))
    shirt = declining.give("Chainmail Shirt", player=OPPONENT, zone="field",
                           host=declining.member("Dummy Party Member 2", OPPONENT))
    declining.hand("Burning Hands")
    declining.play("Burning Hands")
    assert shirt.zone == DISCARD


def test_it_teaches_taskshapers_to_imitate_a_class() -> None:
    """ Adapt: "Taught card has “Imitation: (2-1) Add one class subtype belonging to any card in play to this
    card's subtype”" """
    table = Table([GALATEA, EPTOL, *QUIET_PARTY[:2]])
    galatea = table.member("Galatea")
    table.give("Adapt", zone="field", host=galatea)
    galatea.exhausted = False
    table.member("Eptol").exhausted = True
    table.hand("Drunkard")  # 21 opens the round: Galatea keeps her Actions for the last one
    table.open()
    table.play("Drunkard")
    to_last_action(table)
    table.play("Imitation")
    assert table.state.has_trait(galatea, "Samurai", PLAYER)


def test_it_borrows_an_action_from_the_opponents_discard_pile() -> None:
    """ Borrow Trick: "If there is a Taskshaper in your party, add target Action card in an opponent's discard
    pile to your hand. When you would discard that card, it returns to your opponent's discard pile." """
    table = Table([GALATEA, *QUIET3], opponent=QUIET_PARTY)
    table.member("Galatea").exhausted = True
    lunge = table.give("Katana Lunge", player=OPPONENT, zone="discard")
    table.hand("Borrow Trick")
    table.play("Borrow Trick", lunge)
    assert lunge.zone == HAND and lunge.where == PLAYER
    while table.state.round == 1:
        table.pass_turn()
    assert lunge.zone == DISCARD and lunge in table.state.discard[OPPONENT]


def test_it_sets_a_skill_or_spell_on_top_and_draws_it() -> None:
    """ Instant Recall: "If there is a Taskshaper in your party, search your deck for a Skill or Spell card, reveal
    it, then put it on top of your deck. You may then draw a card." """
    table = Table([GALATEA, *QUIET3])
    table.member("Galatea").exhausted = True
    spell = table.give("Cure Wounds", zone="deck")
    table.give("Katana Lunge", zone="deck")
    table.hand("Instant Recall")
    table.play("Instant Recall")
    assert spell.zone == HAND


@pytest.mark.parametrize("seed", [0, 1])
def test_it_exhausts_spare_cards_for_shields(seed: int) -> None:
    """ Allgods Church: "Pray for Protection: (20-15) Exhaust any number of Allies and Party Members you control.
    Distribute that many Shield counters among any cards exhausted this way." """
    table = Table([SARINAK, *QUIET3], seed=seed)
    table.give("Allgods Church", zone="field")
    table.play("Pray for Protection")
    quiet = [p for p in table.state.party(PLAYER) if not p.d.actions]
    assert all(p.exhausted and p.counters == {"shield": 1} for p in quiet)
    assert not table.member("Sarinak").exhausted  # it still has an Action to use


def test_it_teaches_the_righteous() -> None:
    """ The Hall of the Just and Righteous: "Just Teachings: (18-13) Exhaust an Ally you control. They lose any
    former alignment and become LG. Righteous Congregation: (20-15) For each LG card you control, you may remove a
    Damage counter from them or place a Life counter on them." """
    table = Table()
    hall = table.give("The Hall of the Just and Righteous", zone="field")
    hall.damage = 1
    table.play("Righteous Congregation")
    assert hall.damage == 0  # the Hall itself is LG
    other = Table(opponent=QUIET_PARTY)
    other.give("The Hall of the Just and Righteous", zone="field")
    guard = other.give("Starguard", zone="field")  # TN
    guard.exhausted = False
    other.hand("Drunkard", player=OPPONENT)  # the opponent opens at 21: Just Teachings can be a Turn Action
    other.open()
    other.play("Drunkard")
    other.pass_turn()
    other.play("Just Teachings")
    assert guard.exhausted and other.state.alignment_of(guard, PLAYER) == "LG"


def test_it_disguises_a_bard_from_the_opponents_actions() -> None:
    """ Disguise Self: "Until the end of the round, treat target Bard you control as if its name, class(es), and
    alignment were any of your choosing for the purposes of Actions your opponent performs." """
    table = Table([IAGO, *QUIET3])
    iago = table.member("Iago")
    iago.exhausted = True
    table.hand("Disguise Self")
    table.play("Disguise Self", iago)
    assert table.state.has_trait(iago, "Bard", PLAYER)
    assert not table.state.has_trait(iago, "Bard", OPPONENT)
    while table.state.round == 1:
        table.pass_turn()
    assert table.state.has_trait(iago, "Bard", OPPONENT)


def test_it_removes_damage_from_up_to_five_resources() -> None:
    """ Channel Positive Energy: "Remove 1 damage counter from up to 5 Resources you control if there is a Cleric
    in your party." """
    table = Table([RESMI, *QUIET3])
    soldier = table.give("Clockwork Soldier", zone="field")
    guards = [table.give("Starguard", zone="field") for _ in range(2)]
    for card in (soldier, *guards):
        card.damage, card.exhausted = 1, True
    table.hand("Channel Positive Energy")
    table.play("Channel Positive Energy")
    assert [g.damage for g in guards] == [0, 0] and soldier.damage == 1  # Clockwork damage stays


def test_it_cures_wounds() -> None:
    """ Cure Wounds: "Remove up to 2 damage counters from any card you control." """
    table = Table()
    member = table.state.party(PLAYER)[1]
    member.damage = 3
    table.hand("Cure Wounds")
    table.play("Cure Wounds")
    assert member.damage == 1


@pytest.mark.parametrize(("target", "damage"), [("Samurai Slayer", 2), ("Starguard", 1)])
def test_it_damages_samurai_allies_more_with_honorable_engagement(target: str, damage: int) -> None:
    """ Samurai Slayer: "Honorable Engagement: (12-10) Deal 1 damage to target Ally. If target is a Samurai, deal 2
    damage instead." """
    table = Table(opponent=QUIET_PARTY)
    table.give("Samurai Slayer", zone="field")
    other = table.give(target, player=OPPONENT, zone="field")
    other.exhausted = True
    other.counters["life"] = 5  # so that it survives to show its damage
    table.open()
    table.play("Honorable Engagement", other)
    assert other.damage == damage


def test_it_makes_humans_samurai_with_tutelage() -> None:
    """ League of Samurai: "Tutelage: (3-1) Target Human Ally or Party Member you control becomes a Samurai in
    addition to its other subtypes." """
    table = Table([MALACHI, SARINAK, *QUIET_PARTY[:2]])
    table.member("Malachi").exhausted = True
    table.member("Sarinak").exhausted = True
    table.give("League of Samurai", zone="field")
    table.hand("Drunkard")  # opens at 21, above Upheaval (13)
    table.play("Drunkard")
    to_last_action(table)
    targets = {table.state.cards[m.targets[0]].d.name for m in table.moves("Tutelage")}
    assert targets == {MALACHI, "Drunkard"}  # Human Party Member and Human Ally; Sarinak is a Lizardfolk
    table.play("Tutelage", table.member("Malachi"))
    assert table.state.has_trait(table.member("Malachi"), "Samurai", PLAYER)


def test_it_needs_the_turn_for_a_turn_action() -> None:
    """ A card that acts on the opponent's turn does so as a response, at a higher Initiative. """
    table = Table([SARINAK, *QUIET3], opponent=[SARINAK, *QUIET3])
    table.hand("Drunkard")
    table.play("Drunkard")
    assert table.state.current_player() == OPPONENT
    assert not table.moves("Snipe")  # 3-2 cannot respond to 21
    table.pass_turn()
    assert table.state.phase == TURN


# ---------------------------------------------------------------------------------------------
# Cards that leave play before an effect on them resolves


def _resolve(table: Table, action: str, source: Piece, *targets: Piece) -> None:
    """Resolve one Action's program as the engine does once its targets are chosen (a response may have taken
    them out of play meanwhile)."""
    state = table.state
    (act,) = [a for a in state.book.actions if a.name == action]
    ctx = Ctx(state, PLAYER, source, act, act.high or 0)
    ctx.targets = list(targets)
    ctx.target_zones = [FIELD] * len(targets)  # chosen in play
    run_program(act.program, ctx)


def test_it_removes_no_counters_from_a_card_out_of_play() -> None:
    """ Magical Tinkering: "Fevered Crafting: (19-1) Remove a Craft token from Magical Tinkering." A card out
    of play holds no counters (entering play, it is a new object): removing some from it does nothing, as
    removing a mark does."""
    table = Table()
    in_play = table.give("Magical Tinkering", zone="field")
    assert in_play.counters == {"craft": 5}
    table.state.remove_counters(in_play, "craft", 1, PLAYER)
    assert in_play.counters == {"craft": 4}
    discarded = table.give("Magical Tinkering", zone="discard")
    table.state.remove_counters(discarded, "craft", 1, PLAYER)
    table.state.remove_counters(discarded, "challenge", None, PLAYER)
    assert discarded.zone == DISCARD and dict(discarded.counters) == {}
    # Back in play, it is a new card with its own five tokens.
    table.state.put_into_play(discarded, PLAYER)
    assert discarded.counters == {"craft": 5}


def test_it_adds_no_subtype_to_a_card_that_left_play() -> None:
    """ Adapt: "Imitation: (2-1) Add one class subtype belonging to any card in play to this card's subtype";
    League of Samurai: "Tutelage: (3-1) Target Human Ally or Party Member you control becomes a Samurai in
    addition to its other subtypes." If the card left play before the Action resolved, there is no card to
    change: nothing happens, and the card comes back into play without the subtype."""
    table = Table([GALATEA, EPTOL, *QUIET_PARTY[:2]])
    table.give("Adapt", zone="field", host=table.member("Galatea"))
    ally = table.give("Samurai Slayer", zone="field")
    table.state.leave_play(ally, "discard")
    assert ally.zone == DISCARD
    _resolve(table, "Imitation", ally)
    league = table.give("League of Samurai", zone="field")
    _resolve(table, "Tutelage", league, ally)
    assert not ally.traits_added
    table.state.put_into_play(ally, PLAYER)
    assert not ally.traits_added
    # In play, the same Actions do add the subtype.
    _resolve(table, "Tutelage", league, ally)
    assert "Samurai" in ally.traits_added


def test_it_gives_each_caller_its_own_list_of_initiative_values() -> None:
    """The Initiatives an option is listed at ("respond with any action that has a higher Initiative") are
    the caller's own list: changing one list changes no later answer."""
    table = Table()
    table.hand("Drunkard")
    table.open()
    state = table.state
    low, high, values, _may_pass = state.window()
    (option,) = [o for o in state.options(PLAYER) if o[1].d.name == "Drunkard"]
    first = state.values_for(option, low, high, values)
    assert first
    first.clear()
    again = state.values_for(option, low, high, values)
    assert again and again is not first
