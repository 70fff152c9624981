"""Copies of a QQDND game (QQDNDState.clone) and determinizing one for a seat (resample_hidden), through the
State interface (engine/core.py) that the search player uses.

Positions come from games of the sample decks (bench/decks/qqdnd*.txt): each against the goldfish party and
the two against each other, played by random players, so that every phase, zone and counter turns up."""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable, Iterator
from typing import Any

import pytest

from engine.core import OPPONENT, PLAYER, TERMINAL, game_stream
from engine.games.qqdnd.choices import Chooser, DefaultChooser
from engine.games.qqdnd.copies import PIECE_FIELDS, state_attributes
from engine.games.qqdnd.pieces import DISCARD, FIELD, Piece
from engine.games.qqdnd.state import LAST, QQDNDGame, QQDNDState, make_game
from engine.games.qqdnd.verbs import Ctx
from engine.goldfish import run_goldfish
from engine.native import attribute_names
from tests.engine.test_conformance import sample_decks
from tests.engine.test_qqdnd_effects import Declining
from tests.engine.test_qqdnd_engine import EPTOL, QUIET3_PARTY, QUIET_PARTY, Table

# Caches of worked-out moves: a copy works them out again (the same answers, checked through legal_actions()).
PIECE_CACHES = {"play_option", "use_options"}
CACHES = {"_options_cache", "_candidates_cache", "_cards_memo", "_options_version", "_nox", "_legal", "_legal_version",
          "_opponents_cache", "_steady_candidates", "_steady_opponents", "_steady_version", "_steady_view",
          "_zone_sides", "_holders", "_holders_of"}


def signature(state: QQDNDState) -> dict[str, Any]:
    """Everything a state holds, as plain values: Pieces by uid and with every field, the random stream's
    position, the Choosers' kind and settings. Two states with equal signatures play on alike."""
    def plain(value: Any) -> Any:
        if isinstance(value, Piece):
            return ("piece", value.uid)
        if isinstance(value, Ctx):
            return ("ctx", *(plain(getattr(value, name)) for name in attribute_names(Ctx) if name != "b"))
        if isinstance(value, random.Random):
            return value.getstate()
        if isinstance(value, dict):
            return {key: plain(item) for key, item in value.items()}
        if isinstance(value, (list, tuple)) and not hasattr(value, "_fields"):
            return [plain(item) for item in value]
        if isinstance(value, set):
            return sorted(plain(item) for item in value)
        if isinstance(value, QQDNDGame):
            return id(value)  # shared, never copied
        if isinstance(value, Chooser):
            return (type(value).__name__, chooser_settings(value))
        return value

    found = {name: plain(value) for name, value in state_attributes(state).items() if name not in CACHES}
    fields = [name for name in attribute_names(Piece) if name not in PIECE_CACHES]
    found["pieces"] = [{name: plain(getattr(piece, name)) for name in fields} for piece in state.cards]
    return found


def chooser_settings(chooser: Chooser) -> dict[str, Any]:
    """A Chooser's attributes: those of its class, compiled or not, and any a subclass sets of its own."""
    declared = {name: getattr(chooser, name) for name in attribute_names(type(chooser))}
    return declared | getattr(chooser, "__dict__", {})


def games() -> list[tuple[str, QQDNDGame]]:
    decks = sample_decks("qqdnd")
    setups = [(f"{name} vs goldfish", make_game(deck)) for name, deck in decks]
    (first, deck), (last, other) = decks[0], decks[-1]
    setups.append((f"{first} vs {last}", make_game(deck, opponent=other)))
    return setups


GAMES = games()


def positions(game: QQDNDGame, seed: int, every: int = 1) -> Iterator[QQDNDState]:
    """Every `every`th position of one game played at random by both players, and its end (the same state
    object, moved on)."""
    state = game.new_initial_state(game_stream(seed, 0))
    chooser = random.Random(seed)
    index = 0
    while not state.is_terminal():
        if index % every == 0:
            yield state
        index += 1
        state.apply_action(chooser.choice(state.legal_actions()))
    yield state


def play_at_random(state: QQDNDState, seed: int) -> list[Hashable]:
    chooser = random.Random(seed)
    moves = []
    while not state.is_terminal():
        move = chooser.choice(state.legal_actions())
        state.apply_trusted(move)
        moves.append(move)
    return moves


def test_every_piece_field_is_copied() -> None:
    """clone() copies each field of a Piece by name: a field added to Piece must be added to the copier."""
    assert set(attribute_names(Piece)) == PIECE_FIELDS


@pytest.mark.parametrize(("name", "game"), GAMES, ids=[name for name, _ in GAMES])
def test_a_clone_is_identical_and_independent(name: str, game: QQDNDGame) -> None:
    """Clone every position of a few games: the copy holds the same position, tallies, random stream and legal
    moves; playing it to its end changes nothing of the original."""
    checked = 0
    for seed in range(4):
        for state in positions(game, seed, every=1 if game.goldfish else 5):
            before = signature(state)
            copy = state.clone()
            assert signature(copy) == before, f"{name}, seed {seed}, round {state.round}"
            assert copy.legal_actions() == state.legal_actions()
            assert copy.zones() == state.zones()
            assert copy.choosers[0] is not state.choosers[0]
            if checked % 7 == 0:
                play_at_random(copy, seed)
                assert signature(state) == before, f"{name}, seed {seed}: playing the copy changed the original"
                assert not copy.check_invariants()
            checked += 1
    assert checked > 100


@pytest.mark.parametrize(("name", "game"), GAMES, ids=[name for name, _ in GAMES])
def test_a_clone_with_the_same_stream_plays_on_as_the_original(name: str, game: QQDNDGame) -> None:
    """Without a stream of its own, the copy's shuffles, coin flips and random targets come as the original's:
    the same moves give the same game, to the end."""
    for seed in range(6):
        state = game.new_initial_state(game_stream(seed, 0))
        play_at_random_for(state, seed, moves=5 + seed * 7)
        copy = state.clone()
        assert play_at_random(copy, seed) == play_at_random(state, seed)
        assert signature(copy) == signature(state)
        assert copy.winner() == state.winner() and copy.turn() == state.turn()


def play_at_random_for(state: QQDNDState, seed: int, moves: int) -> None:
    chooser = random.Random(-seed)
    for _ in range(moves):
        if state.is_terminal():
            return
        state.apply_action(chooser.choice(state.legal_actions()))


def test_a_clone_with_its_own_stream_deals_other_cards() -> None:
    """clone(rng): the copy's chance events (here the reshuffles of the discard pile as decks run out) draw from
    `rng`; the original's stream is left where it was."""
    game = GAMES[0][1]
    state = game.new_initial_state(game_stream(1, 0))
    stream = state.rng.getstate()
    endings = set()
    for seed in range(5):
        copy = state.clone(random.Random(seed))
        while not copy.is_terminal():
            copy.apply_action(copy.legal_actions()[0])
        endings.add(repr(copy.zones()))
    assert len(endings) > 1
    assert state.rng.getstate() == stream


def test_the_choosers_survive_a_clone() -> None:
    """The mid-effect choices of a copy are made by copies of the original's Choosers: a player who declines
    every "you may" still declines in the copy. Burning Hands: "That cards controller chooses one of the
    following: Equipped card takes 1 damage / Discard chosen Item card" """
    table = Table(opponent=QUIET_PARTY, choosers=(Declining(), Declining()))
    shirt = table.give("Chainmail Shirt", player=OPPONENT, zone="field",
                       host=table.member("Dummy Party Member 2", OPPONENT))
    table.hand("Burning Hands")
    table.open()
    copy = table.state.clone()
    assert all(isinstance(chooser, Declining) for chooser in copy.choosers)
    burn = next(m for m in copy.legal_actions() if m.source >= 0 and copy.cards[m.source].d.name == "Burning Hands")
    copy.apply_action(burn)
    assert copy.cards[shirt.uid].zone == DISCARD  # the copy's Declining chooser: the Shirt is discarded
    assert shirt.zone == FIELD and shirt.host is not None


class Remembering(DefaultChooser):
    """A Chooser of a subclass with settings of its own, besides those of the Choosers (a disguise)."""

    def __init__(self, favourite: str) -> None:
        self.favourite = favourite
        self.disguise_classes = frozenset({"Bard"})


def test_a_chooser_is_cloned_with_its_subclass_settings() -> None:
    """Chooser.clone copies the settings a subclass adds as well as the Choosers' own, the engine compiled or not
    (a compiled class copies the attributes it was compiled with)."""
    chooser = Remembering("Katana Lunge")
    copied = chooser.clone()
    assert isinstance(copied, Remembering) and copied is not chooser
    assert chooser_settings(copied) == chooser_settings(chooser)
    assert copied.favourite == "Katana Lunge" and copied.disguise_classes == {"Bard"}


def test_a_turn_action_answered_in_the_copy_resolves_in_the_copy() -> None:
    """ Katana Lunge: "If this card is responded to, deal 1 damage to a Samurai you control." The Turn Action
    being answered is part of the copy: the response hurts the copy's Samurai, not the original's."""
    table = Table([EPTOL, *QUIET3_PARTY], opponent=QUIET_PARTY)
    table.member("Eptol").exhausted = True
    table.hand("Katana Lunge")
    table.hand("Drunkard", "Vanish", player=OPPONENT)
    table.open()
    table.play("Drunkard")
    table.pass_turn()
    table.play("Katana Lunge", table.member("Dummy Party Member 1", OPPONENT))
    copy = table.state.clone()
    vanish = next(m for m in copy.legal_actions() if m.source >= 0 and copy.cards[m.source].d.name == "Vanish")
    copy.apply_action(vanish)
    eptol = table.member("Eptol")
    assert copy.cards[eptol.uid].damage == 1 and eptol.damage == 0


def visible(state: QQDNDState, seat: int) -> dict[str, Any]:
    """What `seat` sees: every zone but the decks and the other party's hand, in order; their sizes; the
    Pieces' fields in play."""
    zones = state.zones()
    other = 1 - seat
    shown = {zone: [card.uid for card in cards] for zone, cards in zones.items()
             if not zone.endswith(".deck") and zone != f"p{other}.hand" and zone != f"p{other}.under"}
    shown["sizes"] = {zone: len(cards) for zone, cards in zones.items()}
    shown["in play"] = [{name: getattr(p, name) for name in ("damage", "counters", "exhausted", "controller")}
                        for side in state.field for p in side]
    shown["round"], shown["phase"], shown["actor"] = state.round, state.phase, state.actor
    return shown


def hidden_cards(state: QQDNDState, seat: int) -> Counter[str]:
    """The names of the cards `seat` cannot see: every deck, the other party's hand and face-down cards."""
    zones = state.zones()
    other = 1 - seat
    return Counter(card.name for zone in ("p0.deck", "p1.deck", f"p{other}.hand", f"p{other}.under")
                   for card in zones[zone])


def test_resampling_keeps_what_the_seat_sees_and_reshuffles_the_rest() -> None:
    """resample_hidden(seat): the seat's own deck order, and the other party's hand and deck together, are dealt
    anew; every zone keeps its size and every card the seat sees stays where it is."""
    name, game = GAMES[-1]  # two parties with hands
    changed = 0
    checked = 0
    for seed in range(4):
        for state in positions(game, seed, every=4):
            if state.is_terminal():
                continue
            checked += 1
            for seat in (PLAYER, OPPONENT):
                copy = state.clone(random.Random(seed))
                copy.resample_hidden(seat, random.Random(checked))
                assert visible(copy, seat) == visible(state, seat), f"{name}, seed {seed}"
                assert hidden_cards(copy, seat) == hidden_cards(state, seat)
                assert not copy.check_invariants()
                other = 1 - seat
                changed += [p.uid for p in copy.hand[other]] != [p.uid for p in state.hand[other]]
                assert copy.current_player() == state.current_player() and copy.legal_actions()
                if copy.current_player() == seat:
                    assert copy.legal_actions() == state.legal_actions()  # its moves depend on what it sees
                if checked % 10 == 0:
                    play_at_random(copy, seed)
                    assert copy.current_player() == TERMINAL
    assert changed > 50


def test_a_revealed_hand_is_not_resampled() -> None:
    """ "When a player chooses not to take a Turn Action, their opponent reveals their hand and may perform any
    one Action with lower initiative than the previous Turn Action." """
    game = GAMES[-1][1]
    for seed in range(30):
        for state in positions(game, seed):
            if state.phase == LAST and state.actor == OPPONENT and state.hand[OPPONENT]:
                copy = state.clone()
                copy.resample_hidden(PLAYER, random.Random(seed))
                assert [p.uid for p in copy.hand[OPPONENT]] == [p.uid for p in state.hand[OPPONENT]]
                return
    pytest.fail("no last Action with a hand to reveal in 30 games")


def test_the_search_player_plays_qqdnd_goldfish_games() -> None:
    """The search player (engine/players/search.py) plays out determinized copies of QQDND games: a run of it
    completes, is the same run when repeated, and ends its games no later than the turn limit."""
    deck = sample_decks("qqdnd")[0][1]  # the chaotic sample: its games are the quicker
    first = run_goldfish("qqdnd", deck, 1, 3, player="search", budget=2)
    again = run_goldfish("qqdnd", deck, 1, 3, player="search", budget=2)
    assert first.to_dict() == again.to_dict()
    assert first.games == 1 and max(first.end_turns) <= 30
