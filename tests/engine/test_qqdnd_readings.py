"""Readings of QQDND card text the engine once played only in part (docs/rules-notes.md, "Card by card" and
"Equal Initiatives"), each from the sentence it settles, in give / play / assert form: Starguard's "destroyed
or defeated", Observe and Replicate's "Remove all Actions", Starshot's "Exhaust a ...", "a random Party
Member", and Initiative X."""
from __future__ import annotations

from typing import Any

from engine.core import OPPONENT, PLAYER
from engine.games.qqdnd.pieces import DISCARD, FIELD, Piece
from engine.games.qqdnd.state import OPEN
from tests.engine.test_qqdnd_effects import to_last_action
from tests.engine.test_qqdnd_engine import GALATEA, MALACHI, PHASE, QUIET_PARTY, WILL, Table

QUIET3 = QUIET_PARTY[:3]

# ---------------------------------------------------------------------------------------------
# Starguard: "Unless an Ally or Party Member you control was destroyed or defeated this round, Starguard
# enters play Exhausted."


def play_starguard_next(table: Table) -> Piece:
    """Put a Starguard in hand and play it at once: the round opens again (Starguard's 15 is the highest)."""
    (guard,) = table.hand("Starguard")
    table.state.reopen()
    table.play("Starguard")
    return guard


def test_starguard_enters_able_after_the_unique_rule_destroys_an_ally() -> None:
    """ Starguard: "Unless an Ally or Party Member you control was destroyed or defeated this round, Starguard
    enters play Exhausted." / "Whenever a nontoken card shares a name [...] with a Unique card owned by the same
    player, the owner must destroy one of them immediately." """
    table = Table()
    louise = table.give("Louise Lake, Shieldmaiden", zone="field")
    louise.damage = 1  # the owner destroys the copy in the worse state
    table.hand("Louise Lake, Shieldmaiden")
    table.open()
    table.play("Louise Lake, Shieldmaiden")
    assert louise.zone == DISCARD
    guard = play_starguard_next(table)
    assert guard.zone == FIELD and not guard.exhausted


def test_starguard_enters_able_after_an_effect_destroys_an_ally() -> None:
    """ Starguard: "Unless an Ally or Party Member you control was destroyed or defeated this round [...]" /
    Liquidate Assetts: "destroy any number of Permanent Resources you control, then draw that many cards." """
    table = Table([WILL, *QUIET3])
    table.member("Will").exhausted = True
    drunkard = table.give("Drunkard", zone="field")  # an Ally that does nothing: the one worth destroying
    table.give("Arm Up", zone="deck")  # the card drawn for it
    table.hand("Liquidate Assetts")
    table.open()
    table.play("Liquidate Assetts")
    assert drunkard.zone == DISCARD
    assert not play_starguard_next(table).exhausted


def test_starguard_enters_able_after_a_party_member_is_defeated_without_damage() -> None:
    """ Starguard: "[...] destroyed or defeated this round [...]" / Phase: "If an effect other than the end of the
    round would cause you discard from your hand and there are no cards in your hand, Phase is defeated." /
    League of Samurai: "Upheaval: (13) Discard all cards in your hand." """
    table = Table([PHASE, *QUIET3])
    phase = table.member("Phase")
    phase.exhausted = True
    table.give("League of Samurai", zone="field")
    table.open()
    table.play("Upheaval")  # with an empty hand
    assert phase.defeated and phase.damage == 0
    assert not play_starguard_next(table).exhausted


def test_starguard_enters_exhausted_when_an_ally_was_only_discarded() -> None:
    """ Starguard: "Unless an Ally or Party Member you control was destroyed or defeated this round, Starguard
    enters play Exhausted." / Deadshot: "Discard target Resource with one or more Damage counters on it."
    Discarding is not destroying."""
    table = Table()
    drunkard = table.give("Drunkard", zone="field")
    drunkard.damage = 1
    table.hand("Deadshot")
    table.open()
    table.play("Deadshot", drunkard)
    assert drunkard.zone == DISCARD
    assert play_starguard_next(table).exhausted


# ---------------------------------------------------------------------------------------------
# Galatea: "Observe and Replicate: (19-1) Remove all Actions other than Observe and Relicate from this card. Add
# any Action that has been performed this turn to this card."


def action_names(table: Table, piece: Piece) -> list[str]:
    return [action.name for action in table.state.actions_of(piece)]


def test_observe_and_replicate_removes_the_actions_equipment_grants() -> None:
    """ Galatea: "Remove all Actions other than Observe and Relicate from this card." / Adapt: "Taught card has
    “Imitation: (2-1) [...]”". The Action Adapt grants is one of the card's Actions: it goes; a skill taught
    afterwards grants its Action again."""
    table = Table([GALATEA, *QUIET3])
    galatea = table.member("Galatea")
    table.give("Adapt", zone="field", host=galatea)
    galatea.exhausted = False
    assert action_names(table, galatea) == ["Observe and Replicate", "Imitation"]
    table.open()
    table.play("Observe and Replicate")
    assert action_names(table, galatea) == ["Observe and Replicate"]
    table.give("Adapt", zone="field", host=galatea)
    assert action_names(table, galatea) == ["Observe and Replicate", "Imitation"]


def test_equipment_that_leaves_and_returns_grants_its_action_again() -> None:
    """ Galatea: "Remove all Actions other than Observe and Relicate from this card." Equipment put back on
    her later is a new card in the rules' eyes: Dragonsmouth Bow: "Equipped card has “Dragonshot: (10) Deal 1
    damage to target card.”" """
    table = Table([GALATEA, *QUIET3])
    galatea = table.member("Galatea")
    galatea.traits_added.add("Fighter")  # as Adapt's Imitation could make her
    bow = table.give("Dragonsmouth Bow", zone="field", host=galatea)
    table.open()
    table.play("Observe and Replicate")
    assert "Dragonshot" not in action_names(table, galatea)
    table.state.leave_play(bow, "hand")
    table.state.put_into_play(bow, PLAYER, galatea)
    assert "Dragonshot" in action_names(table, galatea)


# ---------------------------------------------------------------------------------------------
# Tower of Nethys: "Starshot: (3-1) Exhaust a non-Construct, non-Undead Ally or Party Member you control. Remove
# the top three cards of target deck from the game."


def starshot_table(spare: bool) -> Table:
    """Galatea (a Construct) and three dummies, every one Exhausted unless `spare` leaves a dummy Able; a Tower
    of Nethys ready; a Katana Lunge to open the round; the round at its last Action."""
    table = Table([GALATEA, *QUIET3], opponent=QUIET_PARTY, opponent_resources={"Arm Up": 5}, deal=False)
    table.give("Tower of Nethys", zone="field").exhausted = False
    for member in table.state.party(PLAYER):
        member.exhausted = True
    if spare:
        table.member("Dummy Party Member 1").exhausted = False
    table.hand("Katana Lunge")
    table.open()
    table.play("Katana Lunge", table.member("Dummy Party Member 2", OPPONENT))
    to_last_action(table)
    return table


def test_starshot_needs_a_card_to_exhaust() -> None:
    """ Tower of Nethys: "Starshot: (3-1) Exhaust a non-Construct, non-Undead Ally or Party Member you control.
    Remove the top three cards of target deck from the game." Exhausting is what Starshot costs: with no card
    to exhaust (Galatea is a Construct; the others are Exhausted) it cannot be performed."""
    assert not starshot_table(spare=False).moves("Starshot")
    table = starshot_table(spare=True)
    table.play("Starshot", -1 - OPPONENT)
    assert len(table.state.removed[OPPONENT]) == 3


# ---------------------------------------------------------------------------------------------
# "a random Party Member"


def test_boom_hits_only_undefeated_party_members() -> None:
    """ Alchemical Bomb: "BOOM: (1) Deal one damage to a random Party Member controlled by an opponent for every
    Charge counter on Alchemical Bomb." A defeated Party Member is out of the fight: every point lands on one
    still standing."""
    for seed in range(8):
        table = Table(seed=seed)
        bomb = table.give("Alchemical Bomb", zone="field")
        bomb.counters["charge"] = 3
        for number in (1, 2, 3):
            table.dummy(number).damage = 7
            table.dummy(number).defeated = True
        table.hand("Drunkard")
        table.open()
        table.play("Drunkard")  # 21: above Tick, tick, tick
        to_last_action(table)
        table.play("BOOM")
        assert [table.dummy(number).damage for number in (1, 2, 3, 4)] == [7, 7, 7, 3]


def test_alchemists_fire_tails_hits_only_undefeated_party_members() -> None:
    """ Alchemist's Fire: "Toss-Up: (5-1) Flip a coin. If the result is heads, deal 1 damage to target Party
    Member an opponent controls. If the result is tails, deal 1 damage to a random Party Member you control."
    The same words, the same reading: a defeated Party Member is never the random one."""
    sides = set()
    for seed in range(16):
        table = Table([MALACHI, *QUIET3], seed=seed)
        malachi = table.member("Malachi")
        malachi.exhausted = True
        for number in (1, 2, 3):
            table.member(f"Dummy Party Member {number}").defeated = True
        table.give("Alchemist's Fire", zone="field")
        table.open()
        table.play("Toss-Up", table.dummy(1))
        heads = table.dummy(1).damage == 1
        assert malachi.damage == (0 if heads else 1)
        assert all(table.member(f"Dummy Party Member {n}").damage == 0 for n in (1, 2, 3))
        sides.add(heads)
    assert sides == {True, False}


# ---------------------------------------------------------------------------------------------
# Initiative X: "They may also be represented as an X – in which case the value of X will be defined in the card
# (such as the number of cards you have in hand)."


def x_card(name: str, text: str, category: str = "Action") -> dict[str, Any]:
    """A Resource printed with Initiative X (no card of the core set has one)."""
    return {"name": name, "card_type": "resource", "subtypes": ["Skill"], "text": text,
            "attributes": {"initiative": "X", "category": category, "unique": False, "alignment": None,
                           "life": None, "frequency": 2, "actions": []}}


HAND_COUNT = x_card("Counted Blessing", "Draw a card. X is the number of cards you have in hand.")


def give_to_hand(table: Table, record: dict[str, Any], player: int = PLAYER) -> Piece:
    piece = table.state.add_card(record, player)
    table.state.to_hand(piece, player)
    return piece


def test_x_is_worked_out_from_what_the_card_defines() -> None:
    """ "They may also be represented as an X – in which case the value of X will be defined in the card (such as
    the number of cards you have in hand)." With five cards that cannot be played alone beside it, the card in
    hand counts six, and opens the round at 6."""
    table = Table()
    card = give_to_hand(table, HAND_COUNT)
    table.hand(*["Dimensional Wave"] * 5)
    table.open()
    assert table.state.phase == OPEN and table.state.bar == 6
    assert [move.initiative for move in table.moves("Counted Blessing")] == [6]
    table.play("Counted Blessing")
    assert card.zone == DISCARD and table.state.played["Counted Blessing"] == 1


def test_x_changes_with_what_it_counts() -> None:
    """ "the value of X will be defined in the card (such as the number of cards you have in hand)": fewer cards
    in hand, a lower X."""
    table = Table()
    give_to_hand(table, HAND_COUNT)
    table.hand("Dimensional Wave")
    table.open()
    assert [move.initiative for move in table.moves("Counted Blessing")] == [2]


def test_a_copied_x_action_counts_for_the_card_that_performs_it() -> None:
    """ Galatea: "Add any Action that has been performed this turn to this card." The copy keeps its printed
    Initiative, X, and X counts the hand of Galatea's controller as she performs it."""
    table = Table([GALATEA, *QUIET3])
    galatea = table.member("Galatea")
    galatea.exhausted = True  # kept out of the opening
    give_to_hand(table, HAND_COUNT)
    table.hand("Dimensional Wave", "Dimensional Wave")
    table.open()
    table.play("Counted Blessing")  # opens at X = 3
    galatea.exhausted = False
    to_last_action(table)
    table.play("Observe and Replicate")
    assert galatea.copied is not None and galatea.copied.name == "Counted Blessing"
    assert table.state.initiative_window(galatea, galatea.copied) == (2, 2)  # two cards left in hand


def test_an_x_the_engine_cannot_read_is_0_and_reported() -> None:
    """ "the value of X will be defined in the card": where the engine cannot read the definition, the card
    still plays, at Initiative 0, and its plays are counted as having no effect (a run says so)."""
    table = Table()
    riddle = x_card("Riddle of Steel", "X is whatever the riddle answers.")
    card = give_to_hand(table, riddle)
    table.open()
    assert [move.initiative for move in table.moves("Riddle of Steel")] == [0]
    table.play("Riddle of Steel")
    assert card.zone == DISCARD and table.state.no_effect["Riddle of Steel"] == 1


def test_a_permanent_with_x_initiative_is_played_at_x() -> None:
    """ "Each Action [...] has an Initiative value. This includes the Action of playing a Permanent Resource."
    A Permanent printed X: "X is the number of Allies you control"."""
    table = Table()
    table.give("Drunkard", zone="field").exhausted = True
    table.give("Drunkard", zone="field").exhausted = True
    card = give_to_hand(table, x_card("Rally Banner", "X is the number of Allies you control.", "Permanent"))
    table.open()
    assert [move.initiative for move in table.moves("Rally Banner")] == [2]
    table.play("Rally Banner")
    assert card.zone == FIELD
