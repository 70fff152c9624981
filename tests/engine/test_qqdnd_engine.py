"""QQDND rules engine (engine/games/qqdnd/state.py, board.py): one scenario per rule of
docs/rules/qqdnd.txt, each quoting its sentence, in give / play / assert form; then the goldfish
games (goldfish.py) and the engine's promises (zones, determinism, the UNIMPLEMENTED list).

The helpers at the top (Table and friends) are shared with test_qqdnd_effects.py."""
from __future__ import annotations

import json
import random
from collections.abc import Iterable, Iterator, Mapping
from itertools import chain
from pathlib import Path
from typing import Any

import pytest

from engine import native
from engine.core import OPPONENT, PLAYER, TERMINAL, IllegalAction, game_stream, load_game
from engine.deck import DeckCard, ResolvedDeck
from engine.games.qqdnd import effects
from engine.games.qqdnd.carddefs import CardBook, dummy_record
from engine.games.qqdnd.cards import SCHEMA
from engine.games.qqdnd.choices import DefaultChooser
from engine.games.qqdnd.filters import compile_filter
from engine.games.qqdnd.heuristic import DamagePlan, Decision, HeuristicPolicy, struck_for_tb_towers, tb_towers_ready
from engine.games.qqdnd.pieces import DECK, DISCARD, FIELD, GONE, HAND, Piece
from engine.games.qqdnd.state import (
    LAST,
    NO_LIMIT,
    OPEN,
    PASS,
    PLAY,
    RESPOND,
    TURN,
    USE,
    Move,
    Option,
    QQDNDState,
    make_game,
)
from engine.games.qqdnd.verbs import Act, CardEffects, T
from engine.goldfish_record import GameRecord
from engine.play.kits import game_kit
from engine.play.match import play_out

FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "qqdnd" / "core.json"
CARDS: dict[str, dict[str, Any]] = {
    card["name"]: SCHEMA.prepare(card) for card in json.loads(FIXTURE.read_text())["cards"]
}
# A party that does nothing by itself, so a scenario holds only the cards it gives.
QUIET_PARTY: tuple[dict[str, Any], ...] = tuple(dummy_record(i, life=6) for i in range(1, 5))
QUIET3_PARTY = QUIET_PARTY[:3]
EPTOL, IAGO, SARINAK, MALACHI = (
    "Eptol Noir, Forgetful Ronin", "Iago Montelo, Spoony Bard", "Sarinak Ara'ahna, Clanless Archer",
    "Malachi, Haemotological Alchemist",
)
GALATEA, INSINGEM, DAMIEN, PHASE, WILL, RESMI = (
    "Galatea, Adaptive Gynoid", "Insingem Nox, Lesser Princess of Hell", "Damien Allen, Cavalier",
    "Phase, Mercurial Phantasm", "Will, Euclid", "Resmi Val'Rance, Village Pariah",
)
SAMURAI_DECK = {
    "Katana Lunge": 4, "Lotus Slash": 3, "Sword Throw": 2, "Golden Katana": 2, "League of Samurai": 1,
    "Samurai Slayer": 3, "Deadshot": 2, "Spread Shot": 2, "Arm Up": 3, "Sniper's Camp": 3, "Dragonsmouth Bow": 1,
    "Skulking Sniper": 2, "Starguard": 4, "C.O.R.E": 3, "Holo-Lance": 2, "Holo-Trident": 2, "Chainmail Shirt": 1,
    "Riding Camel": 3, "Louise Lake, Shieldmaiden": 2, "Pummel": 2, "Spellstrike": 4, "Clockwork Soldier": 4,
}
SAMURAI_PARTY = (EPTOL, SARINAK, DAMIEN, INSINGEM)


def record(card: str | Mapping[str, Any]) -> dict[str, Any]:
    return CARDS[card] if isinstance(card, str) else dict(card)


def deck(party: Iterable[str | Mapping[str, Any]], resources: Mapping[str, int] | Iterable[str] = ()) -> ResolvedDeck:
    counts = resources if isinstance(resources, Mapping) else {name: 1 for name in resources}
    entries = [DeckCard(record(member), 1, "Party") for member in party]
    entries += [DeckCard(CARDS[name], count, "Resources") for name, count in counts.items()]
    return ResolvedDeck("qqdnd", "constructed", {"Side": "Good"}, entries)


class Table:
    """A QQDND position to play from. Player 0 has `party` and `resources`; player 1 is the goldfish
    party unless `opponent` names a party (with `opponent_resources`); the goldfish party is the sparring party
    unless `opponent_mode` says "passive".

    With `deal` (the default) round 1 is dealt and under way as in any game. Without, nothing is drawn
    and the scenario gives cards, then open() starts the round's play from that position."""

    def __init__(self, party: Iterable[str | Mapping[str, Any]] = QUIET_PARTY,
                 resources: Mapping[str, int] | Iterable[str] = (), *,
                 opponent: Iterable[str | Mapping[str, Any]] | None = None,
                 opponent_resources: Mapping[str, int] | Iterable[str] = (), seed: int = 0,
                 choosers: tuple[DefaultChooser, DefaultChooser] | None = None, max_rounds: int = 30,
                 deal: bool | None = None, opponent_mode: str = "sparring") -> None:
        options: dict[str, Any] = {"max_rounds": max_rounds, "opponent_mode": opponent_mode}
        if opponent is not None:
            options["opponent"] = deck(opponent, opponent_resources)
        self.game = make_game(deck(party, resources), **options)
        # A scenario without resources arranges its own position.
        deal = bool(resources or opponent_resources) if deal is None else deal
        self.state: QQDNDState = self.game.new_initial_state(random.Random(seed), choosers, deal=deal)
        self._opened = deal

    # --- give -------------------------------------------------------------------------------

    def member(self, name: str, player: int = PLAYER) -> Piece:
        """A Party Member by (the start of) its name."""
        (found,) = [p for p in self.state.party(player) if p.d.name.startswith(name)]
        return found

    def dummy(self, number: int) -> Piece:
        return self.member(f"Dummy Party Member {number}", OPPONENT)

    def give(self, name: str, player: int = PLAYER, zone: str = "hand", host: Piece | None = None) -> Piece:
        """A new copy of a card, put in a zone: "hand", "field" (in play, on `host`), "deck" (on top), "discard"."""
        state = self.state
        piece = state.add_card(CARDS[name], player)
        if zone == "hand":
            state.to_hand(piece, player)
        elif zone == "field":
            state.put_into_play(piece, player, host)
        elif zone == "discard":
            state.to_discard(piece)
        elif zone != "deck":
            raise ValueError(zone)
        return piece

    def hand(self, *names: str, player: int = PLAYER) -> list[Piece]:
        return [self.give(name, player) for name in names]

    def open(self) -> None:
        """Start the round's play over from the position given (its opening Action)."""
        self._opened = True
        self.state.reopen()

    # --- play -------------------------------------------------------------------------------

    def moves(self, action: str | None = None, *, source: Piece | None = None,
              targets: Iterable[Piece | int] | None = None, initiative: int | None = None) -> list[Move]:
        """The legal moves that match: the Action's (or card's) name, the card, the targets."""
        if not self._opened:
            self.open()
        state = self.state
        wanted = None if targets is None else tuple(t if isinstance(t, int) else t.uid for t in targets)
        found = []
        for move in state.legal_actions():
            if move == PASS:
                continue
            act = state.book.actions[move.action]
            if action is not None and act.name != action:
                continue
            if source is not None and move.source != source.uid:
                continue
            if wanted is not None and move.targets != wanted:
                continue
            if initiative is not None and move.initiative != initiative:
                continue
            found.append(move)
        return found

    def play(self, action: str, *targets: Piece | int, source: Piece | None = None, initiative: int | None = None,
             mode: int | None = None, nested: Piece | None = None) -> Move:
        """Make the one matching legal move (the first, if only their Initiatives differ)."""
        moves = self.moves(action, source=source, targets=targets if targets else None, initiative=initiative)
        if mode is not None:
            moves = [m for m in moves if m.mode == mode]
        if nested is not None:
            moves = [m for m in moves if m.nested == nested.uid]
        legal = [self.state.describe(m) for m in self.state.legal_actions()]
        assert moves, f"no legal move {action!r} now; legal: {legal}"
        self.state.apply_action(moves[0])
        return moves[0]

    def pass_turn(self) -> None:
        if not self._opened:
            self.open()
        self.state.apply_action(PASS)

    def pass_until(self, player: int) -> None:
        """Pass for whoever acts until `player` is to act (or the game ends)."""
        while self.state.current_player() not in (player, TERMINAL):
            self.pass_turn()

    # --- assert -------------------------------------------------------------------------------

    def names(self, zone: str, player: int = PLAYER) -> list[str]:
        return sorted(card.name for card in self.state.zones()[f"p{player}.{zone}"])


def damage(piece: Piece) -> int:
    return piece.damage


# ---------------------------------------------------------------------------------------------
# Rounds: drawing, the opening Action, the turn, the round's end


def test_it_draws_up_to_the_party_hand_value_each_round() -> None:
    """ "Each round, both players draw Resources up to their Party's total Hand Value." """
    # give: Eptol 1 + Iago 2 + Sarinak 1 + Malachi 2 = 6, and 20 cards to draw from
    table = Table([EPTOL, IAGO, SARINAK, MALACHI], {"Katana Lunge": 4, "Arm Up": 3, "Starguard": 4, "C.O.R.E": 3,
                                                      "Clockwork Soldier": 4, "Lotus Slash": 2})
    # assert
    assert len(table.state.hand[PLAYER]) == 6
    assert table.state.drawn.total() == 6
    assert table.state.hand[OPPONENT] == []  # the goldfish party's Hand Value is 0


def test_it_reshuffles_the_discard_pile_when_the_deck_runs_out() -> None:
    """ "When a player has no remaining deck to draw from and must draw a card, they shuffle their discard pile
    and use it as a new draw deck." """
    # give: an empty deck and three cards in the discard pile
    table = Table()
    discarded = [table.give("Arm Up", zone="discard") for _ in range(3)]
    # play
    drawn = table.state.draw(PLAYER, 2)
    # assert
    assert drawn == 2
    assert len(table.state.hand[PLAYER]) == 2 and len(table.state.deck[PLAYER]) == 1
    assert table.state.discard[PLAYER] == []
    assert {p.zone for p in discarded} == {HAND, DECK}


def test_it_draws_nothing_when_deck_and_discard_pile_are_empty() -> None:
    """ "they shuffle their discard pile and use it as a new draw deck": an empty pile gives nothing. """
    table = Table()
    assert table.state.draw(PLAYER, 3) == 0


def test_it_performs_the_highest_initiative_action_first() -> None:
    """ "They each declare the highest Initiative of the cards in their hand, and then the highest-Initiative
    action available to either players is performed (including Actions of Party Members and Permanents)." """
    # give: a 17 and a 5-3 in hand
    table = Table()
    table.hand("Katana Lunge", "Lotus Slash")
    table.give("C.O.R.E", zone="field")  # Laser Beam (10), Heal Beam (10)
    # play
    table.open()
    # assert: the opening move is forced at 17, with no pass
    moves = table.state.legal_actions()
    assert table.state.phase == OPEN and table.state.current_player() == PLAYER
    assert PASS not in moves
    assert {table.state.book.actions[m.action].name for m in moves} == {"Katana Lunge"}
    assert {m.initiative for m in moves} == {17}


def test_it_counts_party_members_and_permanents_for_the_opening_action() -> None:
    """ "(including Actions of Party Members and Permanents)" """
    table = Table([DAMIEN, *QUIET_PARTY[:3]])
    table.hand("Katana Lunge")
    table.open()
    # Damien's Street Rider and Armour Up (18-16) beat Katana Lunge (17)
    assert {table.state.book.actions[m.action].name for m in table.state.legal_actions()} == {
        "Street Rider", "Armour Up"}
    assert {m.initiative for m in table.state.legal_actions()} == {18}


def test_it_resolves_a_tied_opening_initiative_randomly() -> None:
    """ "If this value is tied, resolve it randomly." """
    openers = set()
    for seed in range(12):
        table = Table(opponent=QUIET_PARTY, seed=seed)
        table.hand("Katana Lunge")
        table.hand("Katana Lunge", player=OPPONENT)
        table.open()
        openers.add(table.state.current_player())
        # the same seed always gives the same opener
        again = Table(opponent=QUIET_PARTY, seed=seed)
        again.hand("Katana Lunge")
        again.hand("Katana Lunge", player=OPPONENT)
        again.open()
        assert again.state.current_player() == table.state.current_player()
    assert openers == {PLAYER, OPPONENT}


def test_it_passes_the_turn_after_the_opening_action() -> None:
    """ "Ordinarily, this passes the “turn” to the other player." """
    table = Table(opponent=QUIET_PARTY)
    table.hand("Katana Lunge", "Lotus Slash")
    table.hand("Arm Up", player=OPPONENT)
    table.open()
    # play: the opening Action, no response
    table.play("Katana Lunge", table.member("Dummy Party Member 1", OPPONENT))
    assert (table.state.phase, table.state.current_player()) == (RESPOND, OPPONENT)
    table.pass_turn()
    # assert: the opponent is on the turn
    assert (table.state.phase, table.state.current_player()) == (TURN, OPPONENT)


def test_it_lets_the_player_on_the_turn_play_only_lower_initiatives() -> None:
    """ "When the turn is passed, the player who is now “on the turn” may play a Turn Action – this can be an
    Action with an Initiative value lower than that of the previous Turn Action." """
    table = Table(opponent=QUIET_PARTY)
    table.hand("Katana Lunge")
    table.hand("Arm Up", "Drunkard", "Spread Shot", player=OPPONENT)  # 10-8, 21, 14
    table.open()
    # Drunkard (21) opens for the opponent; Katana Lunge is then the player's Turn Action below it
    table.play("Drunkard")
    table.pass_turn()
    table.play("Katana Lunge", table.member("Dummy Party Member 1", OPPONENT))
    table.pass_turn()  # the opponent does not respond
    # assert: on the turn, the opponent may play Arm Up (10-8) at any value up to 17, Spread Shot at up to 14
    moves = table.state.legal_actions()
    assert PASS in moves
    assert all(m.initiative <= 17 for m in moves if m != PASS)
    assert {m.initiative for m in table.moves("Arm Up")} == {8, 9, 10}
    assert {m.initiative for m in table.moves("Spread Shot")} == {10, 11, 12, 13, 14}


def test_it_lets_the_other_player_respond_only_with_higher_initiatives() -> None:
    """ "The player who is not on the turn may respond with any action that has a higher Initiative than the
    current Turn Action." """
    table = Table(opponent=QUIET_PARTY)
    table.hand("Sword Throw", "Katana Lunge")  # 14-10, 17
    table.hand("Drunkard", "Spread Shot", "Lotus Slash", player=OPPONENT)  # 21, 14, 5-3
    table.open()
    table.play("Drunkard")  # the opponent opens at 21
    table.pass_turn()  # the player does not respond
    table.play("Sword Throw", table.member("Dummy Party Member 2", OPPONENT), initiative=11)
    # assert: the opponent may respond at 11 or more: Spread Shot, not Lotus Slash
    assert table.state.phase == RESPOND
    assert table.moves("Spread Shot") and not table.moves("Lotus Slash")
    assert all(m.initiative >= 11 for m in table.state.legal_actions() if m != PASS)


def test_it_lets_equal_initiatives_go_either_way_for_play_order() -> None:
    """ "For the purposes of play order, identical Initiative values may be treated as either higher or lower
    [...] (i.e. you could play a 15 Action in response to a 15 Turn Action" """
    table = Table(opponent=QUIET_PARTY)
    table.hand("Louise Lake, Shieldmaiden")  # 18-12
    table.hand("Drunkard", "Katana Lunge", "Allgods Church", player=OPPONENT)  # 21, 17, 1
    table.open()
    table.play("Drunkard")
    table.pass_turn()
    table.play("Louise Lake, Shieldmaiden", initiative=17)
    # a 17 may respond to a 17
    assert table.moves("Katana Lunge", initiative=17)
    table.pass_turn()
    # and a 17 may follow a 17 as the next Turn Action
    assert table.state.phase == TURN
    assert table.moves("Katana Lunge", initiative=17)


def test_it_lets_the_owner_choose_the_value_of_a_range() -> None:
    """ "They may be represented by a range of numbers (i.e. 17-20), in which case their owner chooses which
    value to play them as." """
    table = Table(opponent=QUIET_PARTY)
    table.hand("Alchemical Bomb", "Drunkard", player=OPPONENT)
    table.hand("Channel Positive Energy")  # 10-6
    table.open()
    table.play("Drunkard")
    table.pass_turn()
    assert {m.initiative for m in table.moves("Channel Positive Energy")} == {6, 7, 8, 9, 10}


def test_it_ends_the_round_with_one_last_action_when_a_player_takes_no_turn_action() -> None:
    """ "When a player chooses not to take a Turn Action, their opponent reveals their hand and may perform any
    one Action with lower initiative than the previous Turn Action. Both hands are then discarded, and a new
    round begins." """
    # give: the goldfish round of the goldfish rules, and a C.O.R.E that will act in round 2
    table = Table()
    lunge, slash, throw = table.hand("Katana Lunge", "Lotus Slash", "Sword Throw")
    table.give("C.O.R.E", zone="field").exhausted = True
    table.open()
    # play: the opening Action; the dummies decline to respond and to take a Turn Action
    table.play("Katana Lunge", table.dummy(1))
    table.pass_turn()
    table.pass_turn()
    # assert: one last Action below 17; Sword Throw (14-10) is there, at its highest value under 17
    assert (table.state.phase, table.state.current_player()) == (LAST, PLAYER)
    assert {m.initiative for m in table.moves("Sword Throw")} == {14}
    table.play("Sword Throw", table.dummy(1))
    # the hands are discarded and round 2 begins
    assert table.state.round == 2
    assert slash.zone == DISCARD and lunge.zone == DISCARD and throw.zone == DISCARD
    assert table.state.hand[PLAYER] == []


def test_it_ends_the_round_when_nobody_can_act() -> None:
    """ "the highest-Initiative action available to either players is performed": with none, the round
    ends, and the next one begins. """
    table = Table(max_rounds=3, deal=True)
    # no cards, no Actions: every round passes untouched until the limit
    assert table.state.is_terminal()
    assert table.state.round == 3


def test_it_allows_one_action_per_card_per_round() -> None:
    """ "You can only use one Action per card per turn – if a Party Member or Resource card has more than one
    Action, you may only use one per turn." """
    table = Table([DAMIEN, *QUIET_PARTY[:3]])
    damien = table.member("Damien")
    table.play("Armour Up", source=damien)
    table.pass_until(PLAYER)
    # assert: in the last Action of the round, Damien has no Action left
    assert table.state.phase == LAST
    assert not table.moves(source=damien)
    # next round he is Able again
    table.pass_turn()
    assert table.state.round == 2
    assert table.moves("Street Rider", source=damien)


def test_it_exhausts_a_card_that_performs_an_action_and_readies_it_next_round() -> None:
    """ "When a card has performed an action since the start of the round, it is considered “Exhausted”, which
    means it cannot perform another action this round. [...] At the start of each round, all cards become Able
    (lose the exhausted condition) unless stated otherwise." """
    table = Table([SARINAK, *QUIET_PARTY[:3]])
    sarinak = table.member("Sarinak")
    table.play("Snipe", table.dummy(1))
    assert sarinak.exhausted
    table.pass_until(PLAYER)
    table.pass_turn()
    assert table.state.round == 2 and not sarinak.exhausted


def test_it_exhausts_a_card_without_it_performing_an_action() -> None:
    """ "When an effect exhausts a card, it becomes exhausted without performing an action." """
    table = Table([IAGO, *QUIET_PARTY[:3]], opponent=QUIET_PARTY)
    guard = table.give("Starguard", player=OPPONENT, zone="field")
    guard.exhausted = False
    table.hand("Grease")
    table.open()
    table.play("Grease", guard, mode=1)  # "Exhaust target Ally"
    assert guard.exhausted
    table.pass_turn()  # no response: the opponent is on the turn, and its Starguard cannot act
    assert table.state.phase == TURN and table.state.current_player() == OPPONENT
    assert not table.moves("Guard's Strike")


# ---------------------------------------------------------------------------------------------
# Damage, Block, Shield and Life counters, defeat


def test_it_puts_damage_counters_on_the_target() -> None:
    """ "When an effect deals damage to a target, put that many Damage counters on that target." """
    table = Table([SARINAK, *QUIET_PARTY[:3]])
    table.play("Snipe", table.dummy(2))
    assert damage(table.dummy(2)) == 2
    assert table.state.damage_by_round == [2]


def test_it_defeats_a_party_member_only_when_damage_exceeds_its_life() -> None:
    """ "If the target is a Party Member and the amount of Damage counters on it exceeds its life, that Party
    Member is defeated" """
    table = Table([SARINAK, *QUIET_PARTY[:3]])
    dummy = table.dummy(1)
    dummy.damage = 4
    table.play("Snipe", dummy)  # 6 counters on Life 6: not yet
    assert dummy.damage == 6 and not dummy.defeated
    table.pass_until(PLAYER)
    table.pass_turn()
    table.play("Snipe", dummy)  # 8 counters
    assert dummy.defeated


def test_it_stops_a_defeated_party_members_actions() -> None:
    """ "that Party Member is defeated – its actions cannot be used and its effects are no longer in effect" """
    table = Table([SARINAK, RESMI, *QUIET_PARTY[:2]])
    sarinak, resmi = table.member("Sarinak"), table.member("Resmi")
    sarinak.damage = 7
    table.state.check_destroyed(sarinak, None)
    resmi.damage = 8
    table.state.check_destroyed(resmi, None)
    other = table.member("Dummy Party Member 1")
    other.damage = 2
    table.open()
    assert sarinak.defeated and not table.moves("Snipe")
    # Resmi's "At the end of each round, remove 1 Damage counter" is no longer in effect
    table.pass_until(TERMINAL)
    assert other.damage == 2


def test_it_ends_the_game_when_a_whole_party_is_defeated() -> None:
    """ "The aim of the game is to defeat an opponent's entire party." """
    table = Table([SARINAK, *QUIET_PARTY[:3]])
    for number in (1, 2, 3):
        table.dummy(number).defeated = True
    table.dummy(4).damage = 5
    table.play("Snipe", table.dummy(4))
    assert table.state.is_terminal() and table.state.won()
    assert table.state.current_player() == TERMINAL
    assert table.state.legal_actions() == []


def test_it_prevents_damage_with_block() -> None:
    """ "Block – A Block effect means that whenever a source would deal damage to a target with Block X, X of
    that damage is prevented." """
    table = Table([SARINAK, *QUIET_PARTY[:3]], opponent=QUIET_PARTY)
    target = table.member("Dummy Party Member 1", OPPONENT)
    table.give("Chainmail Shirt", player=OPPONENT, zone="field", host=target)  # Block 1
    table.open()
    table.play("Snipe", target)
    assert target.damage == 1


def test_it_removes_a_shield_counter_instead_of_placing_a_damage_counter() -> None:
    """ "Shield Counter – When a card has shield counters on it, when a damage counter would be placed on it,
    that card's controller may instead remove a shield counter." """
    table = Table([SARINAK, *QUIET_PARTY[:3]])
    dummy = table.dummy(1)
    dummy.counters["shield"] = 1
    table.play("Snipe", dummy)
    assert (dummy.damage, dummy.counters.get("shield", 0)) == (1, 0)


def test_it_raises_life_with_life_counters() -> None:
    """ "Life Counter – When a card has life counters on it, its life value is increased by the amount of life
    counters." """
    table = Table([SARINAK, *QUIET_PARTY[:3]])
    dummy = table.dummy(1)
    dummy.counters["life"] = 2
    dummy.damage = 6
    table.play("Snipe", dummy)  # 8 counters on Life 6 + 2
    assert not dummy.defeated
    assert table.state.life_of(dummy) == 8


def test_it_destroys_a_resource_whose_damage_exceeds_its_life() -> None:
    """ "Most Party Members are defeated when their Damage exceeds their Life": Resources with Life are
    destroyed the same way. """
    table = Table([SARINAK, *QUIET_PARTY[:3]], opponent=QUIET_PARTY)
    soldier = table.give("Clockwork Soldier", player=OPPONENT, zone="field")  # Life 2
    soldier.exhausted = True  # its Timed Strike (14) would open the round
    table.open()
    soldier.damage = 1
    table.play("Snipe", soldier)
    assert soldier.zone == DISCARD
    assert table.state.lost_this_round[OPPONENT]


def test_it_never_destroys_a_card_without_life_by_damage() -> None:
    """ "Damage – When an effect deals damage to a target, put that many Damage counters on that target." """
    table = Table([SARINAK, *QUIET_PARTY[:3]])
    church = table.give("Allgods Church", zone="field")
    church.exhausted = True  # its Pray for Protection (20-15) would open the round
    table.open()
    table.play("Snipe", church)
    assert church.zone == FIELD and church.damage == 2


# ---------------------------------------------------------------------------------------------
# Unique, tokens, equipment and Teach


def test_it_destroys_one_of_two_cards_sharing_a_unique_name() -> None:
    """ "Whenever a nontoken card shares a name (excluding anything after a comma) with a Unique card owned by the
    same player, the owner must destroy one of them immediately." """
    table = Table()
    first = table.give("League of Samurai", zone="field")
    first.damage = 1
    table.hand("League of Samurai")
    table.open()
    table.play("League of Samurai")
    # the damaged copy goes
    assert first.zone == DISCARD
    assert table.names("field") == ["League of Samurai"]


def test_it_keeps_both_copies_with_dimensional_wave() -> None:
    """ "Play Dimensional Wave immediately as you play target Unique card. [...] Cards that share a name with
    attached card are not destroyed by the Unique rule." """
    table = Table()
    table.give("League of Samurai", zone="field")
    wave = table.give("Dimensional Wave")
    table.give("League of Samurai")
    table.open()
    table.play("League of Samurai", nested=wave)
    assert table.names("field") == ["Dimensional Wave", "League of Samurai", "League of Samurai"]
    assert table.state.played["Dimensional Wave"] == 1


def test_it_never_plays_dimensional_wave_alone() -> None:
    """ "Play Dimensional Wave immediately as you play target Unique card." """
    table = Table()
    table.hand("Dimensional Wave")
    table.open()
    assert table.state.is_terminal() or not table.moves("Dimensional Wave")


def test_it_leaves_tokens_out_of_the_unique_rule() -> None:
    """ "Whenever a nontoken card shares a name [...]" """
    table = Table([INSINGEM, *QUIET_PARTY[:3]])
    state = table.state
    first = state.create_token(PLAYER, "Insingem Fly", None)
    second = state.create_token(PLAYER, "Insingem Fly", None)
    assert first.zone == FIELD and second.zone == FIELD


def test_it_lists_tokens_in_play_and_forgets_them_when_they_leave() -> None:
    """ Insingem Nox: "put 1 Insingem Fly into play. It is a token Devil Ally with Life – 1." A token is a card
    while it is in play; when it leaves play it ceases to exist. """
    table = Table([SARINAK, *QUIET_PARTY[:3]])
    fly = table.state.create_token(PLAYER, "Insingem Fly", None)
    table.open()
    assert fly.uid in table.state.all_token_uids()
    assert "Insingem Fly" in table.names("field")
    fly.damage = 1
    table.play("Snipe", fly)
    assert fly.uid not in table.state.all_token_uids()
    assert all(card.uid != fly.uid for cards in table.state.zones().values() for card in cards)
    assert table.state.check_invariants() == []


def test_it_equips_an_item_to_a_card_that_meets_its_equip_rule() -> None:
    """ Golden Katana: "Equip Samurai (When this card is played, Equip it to a Samurai Ally or Party Member you
    control)" """
    table = Table([EPTOL, SARINAK, *QUIET_PARTY[:2]])
    table.hand("Golden Katana")
    table.open()
    table.play("Challenge")  # Eptol's Challenge (12-10) opens; the Katana (10-5) is the last Action
    table.pass_until(PLAYER)
    # only Eptol (Samurai) can take it
    hosts = {m.targets for m in table.moves("Golden Katana")}
    assert hosts == {(table.member("Eptol").uid,)}


def test_it_cannot_play_equipment_without_a_card_to_equip() -> None:
    """ "When this card is played, Equip it to a Samurai Ally or Party Member you control" """
    table = Table([SARINAK, *QUIET_PARTY[:3]])
    table.hand("Golden Katana")
    table.open()
    assert not table.moves("Golden Katana")


def test_it_exhausts_the_card_a_skill_is_taught_to() -> None:
    """ Skulking Sniper: "Teach Fighter (When this card is played, Teach it to an Able Fighter Ally or Party
    Member you control, then Exhaust that card)" """
    table = Table([SARINAK, *QUIET_PARTY[:3]])
    sarinak = table.member("Sarinak")
    (sniper,) = table.hand("Skulking Sniper")
    table.open()
    table.play("Skulking Sniper", sarinak)
    assert sarinak.exhausted
    assert sniper.host is sarinak and sniper in sarinak.attached


def test_it_discards_equipment_when_its_card_leaves_play() -> None:
    """ Equipment is "equipped to" a card: it leaves play with it. """
    table = Table([SARINAK, *QUIET_PARTY[:3]])
    soldier = table.give("Clockwork Soldier", zone="field")
    camel = table.give("Riding Camel", zone="field", host=soldier)
    table.state.leave_play(soldier, "destroy")
    assert camel.zone == DISCARD and soldier.zone == DISCARD


def test_it_makes_every_move_through_legal_actions_only() -> None:
    """ apply_action refuses anything legal_actions() does not list. """
    table = Table([SARINAK, *QUIET_PARTY[:3]])
    with pytest.raises(IllegalAction):
        table.state.apply_action(Move(USE, table.member("Sarinak").uid, 0, 20, (table.dummy(1).uid,)))


# ---------------------------------------------------------------------------------------------
# The engine's promises: zones, chance, determinism, the list of what is missing


def test_it_keeps_every_card_in_exactly_one_zone_through_random_play() -> None:
    """ Every card of the game is in exactly one zone after every move, tokens included while in play. """
    names = [c["name"] for c in CARDS.values() if c["card_type"] == "resource"]
    for seed in range(20):
        rng = random.Random(seed)
        party = [IAGO, GALATEA, INSINGEM, DAMIEN] if seed % 2 else [EPTOL, SARINAK, MALACHI, PHASE]
        table = Table(party, {name: rng.randint(1, 2) for name in names},
                      opponent=[WILL, RESMI, SARINAK, INSINGEM] if seed % 3 else None,
                      opponent_resources={name: 1 for name in names}, seed=seed, max_rounds=12)
        state = table.state
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            assert state.check_invariants() == []
            listed = sum(len(cards) for cards in state.zones().values())
            assert listed == sum(1 for p in state.cards if p.zone != GONE)
            assert state.all_token_uids() <= {card.uid for cards in state.zones().values() for card in cards}


def test_it_offers_the_passive_party_only_the_pass() -> None:
    """ goldfish rules, the passive party: "the dummy party declines at every chance": its only legal move is
    PASS. """
    table = Table([SARINAK, *QUIET_PARTY[:3]], opponent_mode="passive")
    table.play("Snipe", table.dummy(1))
    assert table.state.current_player() == OPPONENT
    assert table.state.legal_actions() == [PASS]
    table.pass_turn()
    assert table.state.legal_actions() == [PASS]


def test_it_loads_through_the_shared_core() -> None:
    """ engine.core.load_game finds engine.games.qqdnd.state.make_game. """
    game = load_game("qqdnd", deck([SARINAK, *QUIET_PARTY[:3]], {"Katana Lunge": 4}))
    state = game.new_initial_state(random.Random(3))
    assert state.turn() == 1 and state.current_player() == PLAYER


def goldfish_record(deck_: ResolvedDeck, rng: random.Random, opponent: str = "sparring") -> GameRecord:
    """One goldfish game as a run plays it (engine/games/qqdnd/players.py's KIT): the heuristic player against
    the named goldfish party, read into a GameRecord."""
    kit = game_kit("qqdnd")
    state = kit.goldfish_game(deck_, opponent).new_initial_state(rng)
    players = [kit.heuristic(), kit.goldfish_opponent(opponent)]
    for seat, player in enumerate(players):
        player.restart(state, seat, random.Random(seat))
    play_out(state, players)
    return kit.record(state, PLAYER)


def test_it_replays_the_same_game_from_the_same_seed() -> None:
    """ "explicit, seeded chance": the same seed gives the same game. """
    sample = deck(SAMURAI_PARTY, SAMURAI_DECK)
    first = goldfish_record(sample, game_stream(11, 4))
    second = goldfish_record(sample, game_stream(11, 4))
    assert first == second
    others = [goldfish_record(sample, game_stream(11, i)) for i in range(6)]
    assert len({(r.end_turn, tuple(r.damage_by_turn), tuple(sorted(r.drawn.items()))) for r in others}) > 1


def test_it_reports_every_field_of_a_goldfish_game() -> None:
    """ goldfish rules: "a party of 4 dummy Party Members, Life 6 each [...] every dummy is defeated, or after 30
    rounds"; damage_by_turn is the damage the dummies took each round. """
    record_ = goldfish_record(deck(SAMURAI_PARTY, SAMURAI_DECK), game_stream(5, 0))
    assert isinstance(record_, GameRecord)
    assert 1 <= record_.end_turn <= 30
    assert len(record_.damage_by_turn) == record_.end_turn
    assert record_.mulligans == 0
    if record_.won:
        assert sum(record_.damage_by_turn) >= 4 * 7  # seven counters defeat a Life 6 dummy
    assert record_.drawn.total() >= 4 * record_.end_turn  # the party's Hand Value is 4
    assert record_.played and set(record_.played) <= set(SAMURAI_DECK)
    assert record_.no_effect == {}


def test_it_stops_a_goldfish_game_after_thirty_rounds() -> None:
    """ goldfish rules: the game ends "after 30 rounds". """
    # A party with no Actions and a deck that deals no damage never wins.
    record_ = goldfish_record(deck([RESMI, *QUIET_PARTY[:3]], {"Cure Wounds": 10}), game_stream(1, 0))
    assert (record_.end_turn, record_.won) == (30, False)
    assert record_.damage_by_turn == [0] * 30


def test_it_wins_goldfish_games_with_a_damage_deck() -> None:
    """ The policy plays sensibly: a deck of damage defeats the four dummies well inside 30 rounds. """
    records = [goldfish_record(deck(SAMURAI_PARTY, SAMURAI_DECK), game_stream(2, i)) for i in range(20)]
    assert all(r.won for r in records)
    assert sum(r.end_turn for r in records) / len(records) < 20


def goldfish_decisions(seeds: Iterable[int], policy: HeuristicPolicy,
                       opponent: str = "passive") -> Iterator[QQDNDState]:
    """The position at every decision of the deck's player in goldfish games of random parties and random decks of
    the whole set against the named goldfish party, one game a seed; once the caller has looked, the policy makes
    its move."""
    names = [c["name"] for c in CARDS.values() if c["card_type"] == "resource"]
    for seed in seeds:
        rng = random.Random(seed)
        party = rng.sample([EPTOL, IAGO, SARINAK, MALACHI, GALATEA, INSINGEM, DAMIEN, PHASE, WILL, RESMI], 4)
        table = Table(party, {name: rng.randint(1, 3) for name in names}, seed=seed, opponent_mode=opponent)
        state = table.state
        dummies = game_kit("qqdnd").goldfish_opponent(opponent)
        while not state.is_terminal():
            if state.current_player() == OPPONENT:
                state.apply_action(dummies.choose(state))
                continue
            yield state
            state.apply_action(policy.choose(state))


def test_it_only_makes_legal_moves_in_goldfish_games() -> None:
    """ The goldfish policy walks the same options as legal_actions(): its moves are always among them. """
    policy = HeuristicPolicy()
    for state in goldfish_decisions(range(12), policy):
        move = policy.choose(state)
        assert move in state.legal_actions(), state.describe(move)


def plain_damage(state: QQDNDState, move: Move) -> bool:
    """A move of a plain damage Action with one target ("Deal N damage to target card")."""
    act = state.book.actions[move.action]
    permanent = move.kind == PLAY and state.cards[move.source].d.category == "Permanent"
    return act.simple and bool(act.targets) and not permanent and DamagePlan.of(act.program) is not None


def card_best(state: QQDNDState, uid: int) -> float:
    """The best score of a card's Actions at any Initiative (best_of_option's, checked against scoring every move
    by the test after next)."""
    anywhere = (0, NO_LIMIT, "high", True)
    scores = [HeuristicPolicy().best_of_option(state, option, anywhere, Decision(later=True), float("-inf"))
              for option in state.options(PLAYER) if option[0] == USE and option[1].uid == uid]
    return max(found[1] for found in scores if found is not None)


def plain_choice(state: QQDNDState) -> Move | None:
    """The policy's choice of the opening or the last Action made the plain way: every legal move scored on its
    own by a policy that has seen no other position, the first move of the highest score taken, and a pass unless
    a move scores more (the opening Action is forced). A plain damage Action's moves on one's own cards count only
    when it has none on an opponent's, or on a card without Life while TB Towers waits (rule 25); at the opening,
    an Action of a card in play counts only if no other Action of the card is worth more (one Action per card a
    round), unless no move is left to count."""
    if state.phase == OPEN:
        return plain_best(state, one_action_a_card=True) or plain_best(state, one_action_a_card=False)
    return plain_best(state, one_action_a_card=False)


def plain_best(state: QQDNDState, one_action_a_card: bool) -> Move | None:
    policy = HeuristicPolicy()
    moves = state.legal_actions()
    aimed = {(m.kind, m.source, m.action, m.initiative) for m in moves
             if m != PASS and plain_damage(state, m) and state.cards[m.targets[0]].controller != PLAYER}
    struck = tb_towers_ready(state, PLAYER)
    best, best_score = (PASS, 0.0) if PASS in moves else (None, float("-inf"))
    for move in moves:
        if move == PASS:
            continue
        if (plain_damage(state, move) and state.cards[move.targets[0]].controller == PLAYER
                and (move.kind, move.source, move.action, move.initiative) in aimed
                and not (struck and struck_for_tb_towers(state.cards[move.targets[0]]))):
            continue
        score = policy.score(state, move)
        if one_action_a_card and move.kind == USE and score < card_best(state, move.source):
            continue
        if score > best_score:
            best, best_score = move, score
    return best


def test_it_chooses_the_move_of_highest_score_without_scoring_every_move() -> None:
    """ The policy takes the first legal move of the highest score (HeuristicPolicy.score). choose() scores a copy
    of a card in hand, a target of an Action whose value never reads its targets, or an Action whose value reads
    nothing of the board, once, and builds only the move it takes: its choice is the one scoring every legal move
    makes, in every position of goldfish games of random decks of the whole set. One policy serves all those
    games, of different decks. """
    policy = HeuristicPolicy()
    decisions = 0
    for state in goldfish_decisions(range(30), policy):
        assert state.phase in (OPEN, LAST)  # against the passive party
        chosen, plain = policy.choose(state), plain_choice(state)
        assert chosen == plain, f"{state.describe(chosen)} instead of {plain and state.describe(plain)}"
        decisions += 1
    assert decisions > 500


def test_on_the_turn_it_weighs_only_the_cards_that_can_change_its_choice() -> None:
    """ On the turn the ladder weighs the set-ups, the other cards as far as whether a set-up goes first needs them,
    then the cards from the highest Initiative their options reach down until none left can reach the best Turn
    Action found (HeuristicPolicy._lazy_ladder): its move is the one weighing every option in the window makes
    (_every_turn), in every position on the turn of goldfish games of random decks of the whole set against the
    sparring party, set-ups taken first among them. Each is asked by a policy that has seen no other position. """
    policy = HeuristicPolicy()
    weighed = setups = 0
    for state in goldfish_decisions(range(48, 63), policy, "sparring"):
        if state.phase != TURN:
            continue
        window = state.window()
        move = HeuristicPolicy()._lazy_ladder(state, window, Decision(later=True))
        if move is None:
            continue  # no move scores more than 0: the ladder weighs every option
        every = HeuristicPolicy()._every_turn(state, window, Decision(later=True))
        assert move == every, f"{state.describe(move)} instead of {state.describe(every)}"
        weighed += 1
        setups += policy._kind_of(state.book.actions[move.action])[0]
    assert weighed > 300 and setups > 20, (weighed, setups)


def test_it_scores_every_option_as_scoring_each_of_its_moves_would() -> None:
    """ best_of_option() scores a target its value never reads, a value that changes nothing, a Permanent worth
    the same wherever it goes, once: the move it finds and its score are the first best of scoring every legal
    move of the option (on the turn, the highest Initiative first: a Turn Action keeps the bar as high as it can;
    Fresh Experiment's lowest, which costs no card), for every option of every position of goldfish games of
    random decks of the whole set against both goldfish parties. """
    policy = HeuristicPolicy()
    checked = 0
    positions = chain(goldfish_decisions(range(15), policy), goldfish_decisions(range(15, 25), policy, "sparring"))
    for state in positions:
        window = state.window()
        moves = window_moves(state, window)
        for option in state.options(PLAYER):
            decision = Decision(later=state.phase != LAST)
            assert policy.best_of_option(state, option, window, decision, float("-inf")) == plain_option_best(
                state, option, moves)
            checked += 1
    assert checked > 2000


def test_it_scores_every_option_of_a_decision_as_scoring_each_of_its_moves_would() -> None:
    """ Within one decision, what best_of_option() works out for one option serves the next: the damage a card's
    Actions add (Strength Mutagen, a Lance on a Mount, a Samurai against a Challenge counter) and the best move of
    a copy of a card in play (four Starguards alike) are worked out once. Each option's move and score are still
    those of scoring every legal move of the option, in every position of goldfish games of random decks of the
    whole set, and of matchup-like positions against the sparring party. """
    policy = HeuristicPolicy()
    checked = shared = 0
    positions = chain(goldfish_decisions(range(25, 40), policy, "sparring"), goldfish_decisions(range(40, 48), policy))
    for state in positions:
        window = state.window()
        moves = window_moves(state, window)
        decision = Decision(later=state.phase != LAST)
        for option in state.options(PLAYER):
            copy_scored = (option[2].uid, option[1].d, option[1].controller) in decision.twins
            assert policy.best_of_option(state, option, window, decision, float("-inf")) == plain_option_best(
                state, option, moves)
            checked += 1
            shared += option[0] == USE and copy_scored and not option[1].attached
    assert checked > 2000
    assert shared > 20, shared


def window_moves(state: QQDNDState, window: tuple[int, int, str, bool]) -> list[Move]:
    """The legal moves but a pass, as best_of_option walks them: on the turn the highest Initiative first (a Turn
    Action keeps the bar as high as it can), Fresh Experiment's lowest first (it costs no card)."""
    moves = [move for move in state.legal_actions() if move != PASS]
    if window[2] == "all":
        moves.sort(key=lambda m: m.initiative if state.book.actions[m.action].rule != "fresh_experiment"
                   else -m.initiative, reverse=True)
    return moves


def plain_option_best(state: QQDNDState, option: Option, moves: list[Move]) -> tuple[Move, float] | None:
    """The first best of an option's moves, each scored on its own by a policy that has seen no other position."""
    kind, source, act = option[0], option[1], option[2]
    own = [move for move in moves if (move.kind, move.source, move.action) == (kind, source.uid, act.uid)]
    if own and plain_damage(state, own[0]) and any(state.cards[move.targets[0]].controller != PLAYER for move in own):
        # Rule 5: damage to one's own card only when no opponent's card can take it; rule 25: and one's own card
        # without Life, while TB Towers waits.
        struck = tb_towers_ready(state, PLAYER)
        own = [move for move in own if state.cards[move.targets[0]].controller != PLAYER
               or (struck and struck_for_tb_towers(state.cards[move.targets[0]]))]
    expected: tuple[Move, float] | None = None
    for move in own:
        score = HeuristicPolicy().score(state, move)
        if expected is None or score > expected[1]:
            expected = (move, score)
    return expected


def test_it_tests_a_trait_in_a_filter_as_has_trait_does() -> None:
    """ A filter's trait test reads the card's traits without asking Board.has_trait unless the card is disguised
    (or the trait is Samurai, which equipment grants): for every card of every position of goldfish games of random
    decks of the whole set, disguised or not, from either seat, the test is has_trait's answer. """
    traits = sorted({trait for c in CARDS.values() for trait in (c.get("subtypes") or ())} | {"Ally", "Human"})
    tests = {trait: compile_filter((f"trait:{trait}",)) for trait in traits}
    checked = disguised = 0
    for state in goldfish_decisions(range(3), HeuristicPolicy(), "sparring"):
        for piece in state.cards:
            for was in (False, True):
                piece.disguised, saved = was, piece.disguised
                for trait, test in tests.items():
                    for viewer in (PLAYER, OPPONENT):
                        assert test.holds(state, piece, viewer, None) == state.has_trait(piece, trait, viewer), (
                            piece, trait)
                        checked += 1
                        disguised += was
                piece.disguised = saved
    assert checked > 10000 and disguised > 1000


def test_it_finds_the_first_move_of_an_option_without_listing_the_others() -> None:
    """ first_move() is the first of the moves expand() lists (None when it lists none). """
    for state in goldfish_decisions(range(4), HeuristicPolicy()):
        low, high, values, _ = state.window()
        for option in state.options(PLAYER):
            kind, source, act = option[0], option[1], option[2]
            for value, fewest in state.values_for(option, low, high, values):
                moves = state.expand(PLAYER, kind, source, act, value, fewest)
                assert state.first_move(PLAYER, kind, source, act, value, fewest) == (moves[0] if moves else None)


def test_it_lists_the_opponents_candidates_as_candidates_lists_them() -> None:
    """ opponents_candidates() is the part of candidates() the opponent controls, in the same order. """
    checked = 0
    for state in goldfish_decisions(range(4), HeuristicPolicy()):
        for _kind, source, act, _low, _high in state.options(PLAYER):
            specs = [*act.targets, *(spec for mode in act.modes for spec in mode.targets)]
            for spec in specs:
                if spec.zone != "play":
                    continue
                candidates = state.candidates(PLAYER, source, spec)
                theirs = [uid for uid in candidates if state.cards[uid].controller != PLAYER]
                assert state.opponents_candidates(PLAYER, source, spec) == theirs
                checked += 1
    assert checked > 100


def test_it_keeps_candidates_across_positions_only_while_they_hold() -> None:
    """ Candidates kept from one position to the next (a steady spec's, QQDNDState._steady_candidates) are those a
    copy, which keeps nothing, works out afresh. """
    checked = 0
    for state in goldfish_decisions(range(6), HeuristicPolicy()):
        fresh = state.clone()
        for player in (PLAYER, OPPONENT):
            for _kind, source, act, _low, _high in state.options(player):
                for spec in [*act.targets, *(spec for mode in act.modes for spec in mode.targets)]:
                    copied = fresh.cards[source.uid]
                    assert state.candidates(player, source, spec) == fresh.candidates(player, copied, spec)
                    assert (state.opponents_candidates(player, source, spec)
                            == fresh.opponents_candidates(player, copied, spec))
                    checked += 1
    assert checked > 100


def test_it_finds_new_candidates_once_a_card_enters_play_or_gains_a_trait() -> None:
    """ A steady spec's candidates are worked out again once the cards on a side or their added traits change
    ("target Wizard": a Wizard made one by an effect is one). """
    table = Table(QUIET_PARTY)
    table.open()
    state = table.state
    source, dummy = table.member("Dummy Party Member 1"), table.dummy(2)
    wizard, ally = T("trait:Wizard"), T("ally")
    assert dummy.uid not in state.candidates(PLAYER, source, wizard)
    assert state.opponents_candidates(PLAYER, source, ally) == []
    dummy.traits_added.add("Wizard")
    table.open()
    assert dummy.uid in state.candidates(PLAYER, source, wizard)
    assert state.opponents_candidates(PLAYER, source, ally) == []
    villager = table.give("Pious Villager", OPPONENT, zone="field")
    table.open()
    assert state.opponents_candidates(PLAYER, source, ally) == [villager.uid]


def test_it_picks_one_card_as_the_first_of_the_full_ranking() -> None:
    """ DefaultChooser: picking one card takes the card that ranking every option puts first. """
    chooser = DefaultChooser()
    purposes = ("challenge", "hurt_own", "exhaust_spare", "discard", "turnabout_return", "search:hand",
                "search:deck_top", "attach_attack", "turnabout_fetch", "favourite_trick", "restore", "shield",
                "burning_hands", "unique", "just_teachings")
    for state in goldfish_decisions(range(3), HeuristicPolicy()):
        options = state.in_play()
        for purpose in purposes:
            first = chooser.pick(state, PLAYER, purpose, options, 1, 1, None)
            assert first == chooser.pick(state, PLAYER, purpose, options, len(options), len(options), None)[:1]


def test_it_prefers_damage_that_defeats_a_dummy() -> None:
    """ The policy: damage that counts scores most, and defeating a dummy more. """
    table = Table([SARINAK, *QUIET_PARTY[:3]])
    table.dummy(3).damage = 5
    table.open()  # the policy chooses for the seat to act: Sarinak's party opens the round
    move = HeuristicPolicy().choose(table.state)
    assert move.targets == (table.dummy(3).uid,)


def test_it_raises_insingem_flies_while_devil_rush_has_rounds_to_come() -> None:
    """ Insingem Nox: "Me, Me, Me: (5-1) If there are less than 3 Insingem Flies in play, put 1 Insingem Fly into
    play" and "Devil Rush: (17) Exhaust all cards you control with Insingem in their name ... Deal damage equal
    to the number of cards exhausted": a Fly is a point on every Devil Rush to come, so early in a game the
    policy takes it as the round's last Action over Sarinak's Snipe (2 damage now); in the last round, it snipes. """

    def last_action(round_: int) -> str:
        table = Table([INSINGEM, SARINAK, *QUIET_PARTY[:2]])
        table.state.round = round_
        table.hand("Drunkard")  # opens at 21, so Insingem is still Able for the last Action
        table.play("Drunkard")
        table.pass_until(PLAYER)
        return table.state.describe(HeuristicPolicy().choose(table.state))

    assert last_action(1).startswith("use Me, Me, Me")
    assert last_action(30).startswith("use Snipe")


def test_it_leaves_noxspace_to_target_the_dummies_again() -> None:
    """ The policy: Noxspace ("you cannot target cards an opponent controls") only hinders a goldfish game,
    so its Exit Words are taken when nothing better is on offer, and Noxspace itself is not played. """
    table = Table([SARINAK, *QUIET3_PARTY])
    noxspace = table.give("Noxspace", zone="field")
    table.hand("Drunkard")  # opens at 21
    table.play("Drunkard")
    table.pass_until(PLAYER)
    policy = HeuristicPolicy()
    assert table.state.describe(policy.choose(table.state)) == "use Exit Words (20) of Noxspace"
    assert noxspace.zone == FIELD
    other = Table(QUIET_PARTY)
    other.hand("Noxspace", "Drunkard")
    other.play("Drunkard")
    other.pass_until(PLAYER)
    assert other.moves("Noxspace")  # legal, and yet:
    assert policy.choose(other.state) == PASS


def test_it_names_an_effect_program_or_a_gap_for_every_card() -> None:
    """ Every card of the set has an entry in the effects table or in UNIMPLEMENTED; the goal is none missing. """
    names = set(CARDS)
    assert set(effects.CARD_EFFECTS) == names
    assert set(effects.UNIMPLEMENTED) <= names
    assert effects.UNIMPLEMENTED == {}


@pytest.mark.parametrize("name", sorted(CARDS))
def test_it_gives_each_card_the_parts_its_text_prints(name: str) -> None:
    """ The table matches the printed text: an Action Resource does something when played; "Equip", "Teach",
    "attached to target card", "At the start/end of each round" and "enters play" each have their rule. """
    card, entry = CARDS[name], effects.CARD_EFFECTS[name]
    text = card["text"]
    if card["card_type"] == "resource" and card["attributes"]["category"] == "Action":
        assert entry.play is not None and (entry.play.do or entry.play.modes)
    for word, kind in (("Equip ", "equip"), ("Teach ", "teach")):
        if text.startswith(word) or f"\n{word}" in text:
            assert entry.host_kind == kind
    if "comes into play attached to target card" in text:
        assert entry.host_kind == "attach"
    if "At the start of each round" in text:
        assert entry.round_start
    if "At the end of each round" in text:
        assert entry.round_end
    if "enters play" in text or "As Sniper's Camp comes into play" in text:
        assert entry.enters or entry.statics
    if "When you play" in text or "is played, the next action" in text:
        assert entry.played
    assert (entry.actions.keys()) == {a["name"] for a in card["attributes"]["actions"]}


def test_it_gives_every_printed_action_a_program() -> None:
    """ Each Action a card prints has a program, under the printed name. """
    book = CardBook()
    book.add_all(CARDS.values())
    for card in CARDS.values():
        printed = {a["name"] for a in card["attributes"]["actions"]}
        assert {a.name for a in book.defs[card["name"]].actions} == printed, card["name"]


def test_it_counts_plays_of_an_unimplemented_card_as_having_no_effect(monkeypatch: pytest.MonkeyPatch) -> None:
    """ "which cards' effects the engine treated as having no effect, if any (a run must say so, never hide
    it)" """
    monkeypatch.setitem(effects.UNIMPLEMENTED, "Katana Lunge", "pretend it is missing")
    table = Table([EPTOL, *QUIET_PARTY[:3]])
    table.hand("Katana Lunge")
    table.open()
    table.play("Katana Lunge", table.dummy(1))
    assert table.state.no_effect == {"Katana Lunge": 1}
    assert table.state.played == {"Katana Lunge": 1}


def test_it_counts_plays_of_a_card_the_table_does_not_know_as_having_no_effect() -> None:
    """ A card from a set the effects table does not cover yet is played as doing nothing, and said so. """
    newcomer = {**CARDS["Katana Lunge"], "name": "Katana Lunge, Second Edition"}
    table = Table([EPTOL, *QUIET3_PARTY], deal=False)
    piece = table.state.add_card(newcomer, PLAYER)
    table.state.to_hand(piece, PLAYER)
    table.open()
    table.play("Katana Lunge, Second Edition")  # no program: no targets, no effect
    assert table.state.no_effect == {"Katana Lunge, Second Edition": 1}
    assert piece.zone == DISCARD


def test_it_rejects_an_unknown_filter_word_when_the_table_is_built() -> None:
    """ Effects are data in a closed vocabulary: an unknown word fails as the table is built. """
    with pytest.raises(ValueError, match="unknown filter atom"):
        T("dragon_or_wizard")
    # Compiled (engine/native.py), the check of Act's declared types rejects it first.
    rejected = "Verb object expected; got str" if native.is_compiled() else "not an effect verb"
    with pytest.raises(TypeError, match=rejected):
        CardEffects(play=Act(do=("deal 2 damage",)))  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unknown static rules"):
        CardEffects(statics=frozenset({"flying"}))


def test_it_counts_a_first_round_play() -> None:
    """ GameRecord.first_turn_play: the deck's player played a card from hand in round 1. """
    table = Table([SARINAK, *QUIET_PARTY[:3]])
    table.hand("Katana Lunge")
    table.open()
    table.play("Katana Lunge", table.dummy(1))
    assert table.state.first_round_play
