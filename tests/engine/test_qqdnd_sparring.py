"""QQDND's goldfish parties (docs: goldfish rules, "QQDND: the sparring party (the default) and the passive
party"), the cap on Actions a round, and what a goldfish game reports beyond draws and plays (copies that
never had a legal moment, overkill). Positions are set up with the Table of test_qqdnd_engine.py."""
from __future__ import annotations

import random

import pytest

from engine.core import OPPONENT, PLAYER, game_stream, player_stream
from engine.games.qqdnd.heuristic import HeuristicPolicy
from engine.games.qqdnd.pieces import FIELD, HAND
from engine.games.qqdnd.players import KIT, PassiveParty, SparringParty
from engine.games.qqdnd.state import ACTIONS_PER_ROUND, LAST, OPEN, PASS, RESPOND, STALL_KIND, TURN, QQDNDGame, stall
from engine.goldfish import run_goldfish
from engine.play.match import play_out
from tests.engine.test_qqdnd_engine import (
    EPTOL,
    QUIET3_PARTY,
    QUIET_PARTY,
    SAMURAI_DECK,
    SAMURAI_PARTY,
    SARINAK,
    Table,
    deck,
    goldfish_decisions,
)

SPARRING = ("the sparring party: \"whenever the dummy party is on the turn, it takes a Turn Action that does "
            "nothing, at the Initiative of the previous Turn Action\"")


def spar(table: Table) -> None:
    """The sparring party's moves, made by its player, until the deck's player is to act."""
    party = SparringParty()
    party.restart(table.state, OPPONENT, random.Random(0))
    while table.state.current_player() == OPPONENT:
        table.state.apply_action(party.choose(table.state))


def test_it_gives_the_sparring_party_a_do_nothing_turn_action_at_the_previous_initiative() -> None:
    """ goldfish rules: "whenever the dummy party is on the turn, it takes a Turn Action that does nothing, at the
    Initiative of the previous Turn Action (identical values may count as lower for play order) [...] It never
    responds" """
    table = Table([SARINAK, *QUIET3_PARTY])
    table.hand("Katana Lunge")  # 17: opens the round
    table.play("Katana Lunge", table.dummy(1))
    # the dummy party may respond, but has nothing to respond with: it passes
    assert (table.state.phase, table.state.current_player()) == (RESPOND, OPPONENT)
    assert table.state.legal_actions() == [PASS]
    table.pass_turn()
    # on the turn: the do-nothing Turn Action at 17, or not to take one
    assert (table.state.phase, table.state.current_player()) == (TURN, OPPONENT)
    assert table.state.legal_actions() == [PASS, stall(17)]
    assert SparringParty().choose(table.state) == stall(17)
    table.state.apply_action(stall(17))
    # the deck's player may now respond at 17 or more, and its next Turn Action is at 17 or less
    assert (table.state.phase, table.state.current_player(), table.state.bar) == (RESPOND, PLAYER, 17)
    assert table.dummy(1).damage == 0  # Katana Lunge needs a Samurai; the do-nothing Action did nothing at all


def test_it_takes_the_turn_action_legal_actions_lists_or_passes() -> None:
    """ The sparring party asks the state whether its do-nothing Turn Action is legal rather than listing every
    legal move: at each of its decisions in goldfish games of the random decks of the whole set, its move is the
    Turn Action legal_actions() lists, else a pass, as walking the list finds. """
    party = SparringParty()
    checked = stalls = 0
    for state in goldfish_decisions(range(8), HeuristicPolicy(), "sparring"):
        copy = state.clone()
        while not copy.is_terminal():
            if copy.current_player() == OPPONENT:
                listed = next((m for m in copy.legal_actions() if m.kind == STALL_KIND), PASS)
                chosen = party.choose(copy)
                assert chosen == listed
                checked += 1
                stalls += chosen != PASS
            copy.apply_action(copy.legal_actions()[0] if copy.current_player() == PLAYER else party.choose(copy))
            if checked > 3000:
                break
        if checked > 3000:
            break
    assert checked > 200 and stalls > 50, (checked, stalls)


def test_it_lets_the_deck_play_down_its_initiative_ladder() -> None:
    """ "When the turn is passed, the player who is now “on the turn” may play a Turn Action – this can be an
    Action with an Initiative value lower than that of the previous Turn Action." Against the sparring party
    the turn comes back after every Turn Action, so a hand of 17, 14-10, 10 and Snipe (3-2) is played whole in
    one round, each Turn Action below the one before. """
    table = Table([SARINAK, EPTOL, *QUIET_PARTY[:2]])
    table.hand("Katana Lunge", "Sword Throw", "Dragonsmouth Bow")  # 17, 14-10, 10-8
    table.play("Katana Lunge", table.dummy(1))
    for action, initiative in (("Sword Throw", 14), ("Dragonsmouth Bow", 10), ("Snipe", 3)):
        spar(table)
        table.pass_turn()  # no response
        assert table.state.phase == TURN
        assert all(m.initiative <= table.state.bar for m in table.state.legal_actions() if m != PASS)
        table.play(action, *([table.dummy(2)] if action != "Dragonsmouth Bow" else [table.member("Sarinak")]),
                   initiative=initiative)
    assert table.state.hand[PLAYER] == []
    assert (table.dummy(1).damage, table.dummy(2).damage) == (1, 4)  # Lunge; Sword Throw 2 + Snipe 2
    assert table.state.round == 1


def test_it_lets_the_deck_respond_to_each_do_nothing_turn_action_with_a_higher_initiative() -> None:
    """ "The player who is not on the turn may respond with any action that has a higher Initiative than the
    current Turn Action." The sparring party's Turn Action at 10 may be answered by a 17. """
    table = Table([SARINAK, EPTOL, *QUIET_PARTY[:2]])
    table.hand("Drunkard", "Golden Katana", "Katana Lunge")  # 21, 10-5, 17
    table.play("Drunkard")  # opens at 21
    spar(table)
    table.pass_turn()
    table.play("Golden Katana", table.member("Eptol"), initiative=10)
    spar(table)
    assert table.state.phase == RESPOND and table.state.bar == 10
    assert all(m.initiative >= 10 for m in table.state.legal_actions() if m != PASS)
    table.play("Katana Lunge", table.dummy(1))
    # the response does not move the bar: the deck is on the turn at 10 or below
    assert (table.state.phase, table.state.current_player(), table.state.bar) == (TURN, PLAYER, 10)
    assert table.dummy(1).damage == 1


def test_it_sets_up_a_challenge_then_lunges_in_one_round() -> None:
    """ goldfish rules: "the deck's player may respond to each do-nothing Turn Action with a higher Initiative,
    so set-ups and payoffs (Challenge, then Katana Lunge) happen within one round." Eptol: "Cards with Challenge
    counters take 1 extra Damage whenever you damage them with a Samurai damage source." """
    table = Table([EPTOL, *QUIET3_PARTY])
    table.dummy(2).damage = 1  # the Challenge counter goes on the dummy nearest defeat
    table.hand("Drunkard", "Katana Lunge")  # 21 opens; Katana Lunge (17) waits for the Challenge
    table.play("Drunkard")
    spar(table)
    table.pass_turn()
    table.play("Challenge", initiative=12)
    spar(table)
    table.play("Katana Lunge", table.dummy(2))  # a response at 17 to the do-nothing Turn Action at 12
    assert table.dummy(2).damage == 1 + 2
    assert table.state.round == 1


def test_it_never_limits_the_sparring_party_by_exhaust() -> None:
    """ goldfish rules: "The dummy's do-nothing Actions belong to no card, so Exhaust does not limit them": the
    party of four takes more than four of them in a round. """
    table = Table([SARINAK, *QUIET3_PARTY])
    cards = ["Drunkard", "Katana Lunge", "Katana Lunge", "Sword Throw", "Dragonsmouth Bow", "Pummel", "Lotus Slash"]
    table.hand(*cards)
    table.open()
    stalls = 0
    while table.state.round == 1 and not table.state.is_terminal():
        if table.state.current_player() == OPPONENT:
            move = SparringParty().choose(table.state)
            stalls += move.kind == STALL_KIND  # type: ignore[attr-defined]
            table.state.apply_action(move)
            continue
        moves = [m for m in table.state.legal_actions() if m != PASS and table.state.phase in (OPEN, TURN)]
        table.state.apply_action(moves[0] if moves else PASS)
    assert stalls > 4
    assert all(not d.exhausted for d in table.state.party(OPPONENT))


def test_it_ends_the_round_when_the_deck_takes_no_turn_action() -> None:
    """ goldfish rules: "It never responds and performs no last Action. The round ends when the deck's player
    chooses not to take a Turn Action." """
    table = Table([SARINAK, *QUIET3_PARTY])
    table.hand("Katana Lunge", "Lotus Slash")
    table.play("Katana Lunge", table.dummy(1))
    spar(table)
    table.pass_turn()  # no response
    table.pass_turn()  # no Turn Action
    # the dummy party's last Action: it has none to perform
    assert (table.state.phase, table.state.current_player()) == (LAST, OPPONENT)
    assert table.state.legal_actions() == [PASS]
    table.pass_turn()
    assert table.state.round == 2


def test_it_keeps_the_passive_party_one_option_away() -> None:
    """ goldfish rules, the passive party: "the dummy party declines at every chance (the round goes: [...] the
    highest-Initiative action is performed; the turn passes; the dummy declines; the deck's player may perform
    one action of lower Initiative; hands are discarded)." """
    table = Table([SARINAK, *QUIET3_PARTY], opponent_mode="passive")
    table.hand("Katana Lunge", "Sword Throw", "Lotus Slash")
    table.play("Katana Lunge", table.dummy(1))
    table.pass_until(PLAYER)
    assert table.state.phase == LAST
    table.play("Sword Throw", table.dummy(1))
    assert table.state.round == 2
    with pytest.raises(ValueError, match="sparring or passive"):
        QQDNDGame(deck(SAMURAI_PARTY, SAMURAI_DECK), opponent_mode="silent")


def test_it_ends_a_round_at_the_cap_on_actions() -> None:
    """ goldfish rules: "A card that returns to hand and can be replayed at the same value (Infernal Regeneration
    on an undamaged card) could keep a round going for ever: a documented cap on Actions a round ends the round,
    and the run counts how often it did." Infernal Regeneration: "When there are no damage counters on attached
    card, remove all life counters from attached card and return Infernal Regeneration to your hand." """
    table = Table(QUIET_PARTY)
    regeneration = table.give("Infernal Regeneration")  # 10-7
    table.open()
    host = table.state.party(PLAYER)[0]
    actions = 0
    while table.state.round == 1:
        if table.state.current_player() == OPPONENT:
            spar(table)
            actions += 1  # the do-nothing Turn Action
            continue
        assert regeneration.zone == HAND
        table.play("Infernal Regeneration", host, initiative=10)
        actions += 1
    assert actions == ACTIONS_PER_ROUND
    assert table.state.capped == 1
    assert regeneration.zone != FIELD
    assert KIT.record(table.state, PLAYER).capped == 1


def test_it_offers_the_sparring_party_first_and_the_passive_party_by_name() -> None:
    """ goldfish rules: "Two opponents are offered: sparring (default) [...] passive". """
    assert KIT.opponents == ("sparring", "passive")
    assert isinstance(KIT.goldfish_opponent("sparring"), SparringParty)
    assert isinstance(KIT.goldfish_opponent("passive"), PassiveParty)
    sample = deck(SAMURAI_PARTY, SAMURAI_DECK)
    assert KIT.goldfish_game(sample, "passive").sparring is False
    assert KIT.goldfish_game(sample, "sparring") is KIT.goldfish_game(sample, "sparring")  # built once a run
    default = run_goldfish("qqdnd", sample, 6, 3)
    assert default.to_dict() == run_goldfish("qqdnd", sample, 6, 3, opponent="sparring").to_dict()
    assert default.to_dict() != run_goldfish("qqdnd", sample, 6, 3, opponent="passive").to_dict()


def play_goldfish_game(opponent: str, index: int) -> tuple[int, int]:
    """(distinct Resources played, the ending round) of one game of the Samurai deck."""
    sample = deck(SAMURAI_PARTY, SAMURAI_DECK)
    state = KIT.goldfish_game(sample, opponent).new_initial_state(game_stream(9, index))
    players = [KIT.heuristic(), KIT.goldfish_opponent(opponent)]
    for seat, player in enumerate(players):
        player.restart(state, seat, player_stream(9, index, seat))
    play_out(state, players)
    return len(KIT.record(state, PLAYER).played), state.round


def test_it_plays_more_of_a_deck_against_the_sparring_party() -> None:
    """ goldfish rules: "Against a party that never takes a Turn Action the round stops after two Actions [...]
    most of any deck is never played." Against the sparring party more of the deck is played, sooner. """
    sparring = [play_goldfish_game("sparring", i) for i in range(8)]
    passive = [play_goldfish_game("passive", i) for i in range(8)]
    assert sum(r for _, r in sparring) < sum(r for _, r in passive)
    assert sum(n for n, _ in sparring) > sum(n for n, _ in passive)


def test_it_reports_damage_past_a_defeat_as_overkill() -> None:
    """ "If the target is a Party Member and the amount of Damage counters on it exceeds its life, that Party
    Member is defeated": damage past that point counts for nothing. GameRecord: "damage_by_turn holds only damage
    that counted", the rest is in overkill_by_turn. """
    table = Table([SARINAK, *QUIET3_PARTY])
    table.dummy(1).damage = 6  # Life 6: one more counter defeats it
    table.hand("Spread Shot")  # 14: "Deal 1 damage to up to 2 target cards your opponent controls"
    table.play("Spread Shot", table.dummy(1), table.dummy(2), initiative=14)
    assert table.dummy(1).defeated
    spar(table)
    table.pass_turn()
    table.play("Snipe", table.dummy(1))  # 2 damage to a defeated dummy
    assert table.dummy(1).damage == 9
    record_ = KIT.record(table.state, PLAYER)
    assert (record_.damage_by_turn, record_.overkill_by_turn) == ([2], [2])


def test_it_tells_copies_that_never_had_a_legal_moment_from_copies_not_played() -> None:
    """ GameRecord.no_moment: "Of the copies drawn and never played, those that never had a legal moment to be
    played while in hand (no window at their Initiative or cost, nothing to equip onto, no target)". Lotus Slash
    ("Deal 1 damage to target Resource card") has no target against the dummies; the second Katana Lunge could
    have been the passive round's last Action, and was not played. """
    table = Table(QUIET_PARTY, opponent_mode="passive")
    table.hand("Lotus Slash", "Katana Lunge", "Katana Lunge")
    table.play("Katana Lunge", table.dummy(1))
    table.pass_until(PLAYER)
    assert table.state.phase == LAST
    table.pass_turn()  # the second Katana Lunge stays in hand, and is discarded with the hand
    assert table.state.round > 1
    record_ = KIT.record(table.state, PLAYER)
    assert record_.drawn == {"Lotus Slash": 1, "Katana Lunge": 2}
    assert record_.played == {"Katana Lunge": 1}
    assert record_.no_moment == {"Lotus Slash": 1}
