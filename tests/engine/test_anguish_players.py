"""Anguish's heuristic player (engine/games/anguish/heuristic.py, POLICY in its docstring) and KIT.

The rules tests are in test_anguish_engine.py; these check the player's choices: against the
goldfish, at either seat of a two-deck game, and asked about copies of a game.
"""
from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.core import OPPONENT, PLAYER, game_stream
from engine.games.anguish import actions as act
from engine.games.anguish.heuristic import HeuristicPlayer, worth_table
from engine.games.anguish.players import KIT, SilentPlayer
from engine.games.anguish.state import (
    END_GAME_DRAW,
    FIRST_HOUR,
    KEEP,
    LAST_HOUR,
    MAIN,
    PROTECT,
    AnguishState,
    make_game,
)
from engine.games.anguish.worth import NEVER, WorthTable
from engine.goldfish import run_goldfish
from engine.play.match import play_out
from tests.engine.test_anguish_engine import (
    CARDS,
    FILLER,
    arrange,
    bench_deck,
    deck_file,
    lifeblood,
    names,
    new_state,
    play_goldfish,
    to_hour,
    uid_of,
)

LEGAL_DECKS = [
    "legal_colossal_full_sideboard", "legal_cosmic_with_sideboard",
    "legal_nightmare_two_tenth_hour", "legal_survivor_no_headers",
]


def choose(state: AnguishState) -> tuple[object, ...]:
    action = HeuristicPlayer().choose(state)
    assert isinstance(action, tuple)
    return action


def play_until(state: AnguishState, done: object) -> None:
    """Let the heuristic player make every choice of the player to act until `done(state)`."""
    player = HeuristicPlayer()
    while not state.is_terminal() and not done(state):  # type: ignore[operator]
        state.apply_action(player.choose(state))


# ----- against the goldfish -----

@pytest.mark.parametrize("name", LEGAL_DECKS)
def test_it_takes_only_legal_actions_and_the_record_says_what_it_did(name: str) -> None:
    deck = deck_file(name)
    for index in range(25):
        state, result = play_goldfish(deck, game_stream(2, index))
        assert len(result.damage_by_turn) == result.end_turn
        assert sum(result.damage_by_turn) == 35 - len(state.seats[OPPONENT].lifeblood)
        assert result.won == (not state.seats[OPPONENT].lifeblood)
        assert all(result.played[card] <= result.drawn[card] for card in result.played)
        assert sum(result.drawn.values()) >= 5 + result.end_turn - 1
        assert result.no_effect == Counter()
        assert result == play_goldfish(deck, game_stream(2, index), checked=False)[1]


def test_it_plays_the_cards_worth_most_within_the_hour() -> None:
    """In the 5th Hour, Void Hound (3 Hours, Ambush, Arsenal 2) and Creeping Shade (2 Hours, Ambush,
    Arsenal 2) attack 7 times each: worth more than Night Lurker (5 Hours, Arsenal 3, 4 in darkness),
    which attacks in the 6th to 11th Hours."""
    state = new_state(lifeblood("Void Hound", "Creeping Shade", "Night Lurker"))
    to_hour(state, 5)
    arrange(state, PLAYER, hand=["Night Lurker", "Void Hound", "Creeping Shade"])
    play_until(state, lambda s: s.phase != MAIN or s.attack_declared)
    assert sorted(names(state, state.seats[PLAYER].arsenal)) == ["Creeping Shade", "Void Hound"]
    assert state.milled[OPPONENT][4] == 4  # both attacked on the Hour they were played


def test_it_mulligans_cards_that_cannot_mill() -> None:
    state = make_game(lifeblood("Void Hound")).new_initial_state(random.Random(0))
    arrange(state, PLAYER, hand=["Void Hound", *[FILLER] * 4])
    action = choose(state)
    assert action[0] == act.MULLIGAN and names(state, list(action[1])) == [FILLER] * 4  # type: ignore[arg-type]


def test_the_plan_reads_costs_and_rows_as_the_state_gives_them() -> None:
    """The plan of a turn reads each card's cost and rows from a table made once per Game: for every
    card and Hour, the table holds state.cost_of for a card worth playing (9.2), nothing for a card
    worth nothing or kept for a response, and offers the Defense Line only to a card with effects that
    enters it with a Protection Score (5.1)."""
    playable = sorted(name for name, card in CARDS.items() if card["card_type"] in ("creature", "discovery"))
    state = new_state(lifeblood(*playable, size=len(playable) + 1))
    table = WorthTable(state.game)
    rows_seen: set[str | None] = set()
    for hour in range(FIRST_HOUR, LAST_HOUR + 1):
        state.hour = hour
        for uid in state.seats[PLAYER].lifeblood:
            card = state.profiles[uid]
            worth = table.worth[uid][hour]
            assert table.play_cost[uid][hour] == (state.cost_of(uid) if worth > 0 and not card.response else NEVER)
            rows = [row for _, row, _, _ in table.play_options[uid][hour]]
            rows_seen.update(rows)
            if card.kind == "creature":
                defends = table.effect_worth[uid] > 0 and state.entry_protection(uid) > 0
                assert rows == ([act.ARSENAL, act.PROTECTION] if defends else [act.ARSENAL])
            else:
                assert rows == [None]
    assert rows_seen == {act.ARSENAL, act.PROTECTION, None}


def test_in_the_end_game_it_plays_creatures_and_mills_but_never_draws() -> None:
    """10.4: "this player will begin the round by playing cards free of cost"; 10.6: "if a player plays
    a card that requires them to draw cards from their Lifeblood without any Lifeblood remaining, then
    the equivalent amount of damage is inflicted on their own Stronghold"."""
    playable = sorted(name for name, card in CARDS.items() if card["card_type"] in ("creature", "discovery"))
    state = new_state(lifeblood(*playable, size=len(playable) + 1))
    table = WorthTable(state.game)
    for uid in state.seats[PLAYER].lifeblood:
        card = state.profiles[uid]
        options = dict((row, worth) for worth, row, _, _ in table.end_game_options[uid])
        assert table.end_game_cost[uid] == (0 if options else NEVER)
        if card.kind == "discovery":
            mills = any(verb == "mill_opponent" for verb, _ in card.on_play)
            assert list(options) == ([None] if mills else [])
        elif card.arsenal + card.dark_arsenal > 0 and not any(verb == "draw" for verb, _ in card.on_play):
            assert options[act.ARSENAL] >= card.arsenal
    night_terror, field_rations, lurker = (uid_of(state, state.seats[PLAYER].lifeblood, name)
                                           for name in ("Night Terror", "Field Rations", "Night Lurker"))
    state.end_game = True
    state.seats[PLAYER].hand[:] = [field_rations, night_terror, lurker]
    play_until(state, lambda s: s.attack_declared or s.actor != PLAYER or s.phase != MAIN)
    assert state.played[PLAYER] == [night_terror, lurker]  # Night Lurker attacks at once: 4 in darkness
    assert state.seats[PLAYER].arsenal == [lurker] and field_rations in state.seats[PLAYER].hand


def test_goldfish_runs_play_it_through_the_kit() -> None:
    """run_goldfish asks KIT's heuristic player for every move: a run gives the same totals as the
    games played one by one."""
    deck = deck_file("legal_nightmare_two_tenth_hour")
    stats = run_goldfish("anguish", deck, 12, seed=4)
    assert KIT.heuristic().kind == "heuristic" and stats.games == 12
    assert stats.wins == sum(play_goldfish(deck, game_stream(4, index))[1].won for index in range(12))


def game_so_far(state: AnguishState) -> tuple[object, ...]:
    """Everything a game has come to: its zones, clock, tallies and the record's looks at the hand."""
    return (state.zones(), state.hour, state.phase, state.steps, state.last_action, state.milled, state.overkill,
            state.drawn, state.played, state.held, state.moment, state.first_turn_play, state.winner())


def one_choice_at_a_time(state: AnguishState) -> None:
    player = HeuristicPlayer()
    player.restart(state, PLAYER, random.Random(0))
    while not state.is_terminal():
        state.apply_trusted(player.choose(state))


@pytest.mark.parametrize("name", LEGAL_DECKS)
def test_against_the_goldfish_it_plays_on_by_itself_the_game_its_choices_make_one_at_a_time(name: str) -> None:
    """play_out hands a goldfish game to the player (Player.play_on), which plays it to its end without
    being asked for each move: the same moves as its choices one at a time, from the first move or
    from a copy taken in the middle of a turn (as a search's play-outs start)."""
    game = KIT.goldfish_game(deck_file(name), KIT.opponents[0])
    for index in range(12):
        by_itself, asked = (game.new_initial_state(game_stream(5, index)) for _ in range(2))
        player = HeuristicPlayer()
        player.restart(by_itself, PLAYER, random.Random(0))
        assert player.play_on is not None
        play_out(by_itself, [player, SilentPlayer()])
        one_choice_at_a_time(asked)
        assert game_so_far(by_itself) == game_so_far(asked)
        middle = game.new_initial_state(game_stream(5, index))
        play_until(middle, lambda s: s.hour == 4 and s.phase == MAIN and bool(s.played[PLAYER]))
        copy, other = middle.clone(), middle.clone()
        player.restart(copy, PLAYER, random.Random(0))
        play_out(copy, [player, SilentPlayer()])
        one_choice_at_a_time(other)
        assert game_so_far(copy) == game_so_far(other)


def test_against_another_deck_it_is_asked_for_each_move() -> None:
    state = make_game(deck_file("legal_cosmic_with_sideboard"), opponent=bench_deck("anguish")).new_initial_state(
        random.Random(1))
    player = HeuristicPlayer()
    player.restart(state, PLAYER, random.Random(0))
    assert player.play_on is None


# ----- the player reads only the state it is given -----

def decisions(state: AnguishState, players: list[HeuristicPlayer]) -> list[AnguishState]:
    """Play the game out with these players, returning a copy of the state at each decision."""
    for seat, player in enumerate(players):
        player.restart(state, seat, random.Random(seat))
    seen = []
    while not state.is_terminal():
        seen.append(state.clone())
        state.apply_action(players[state.current_player()].choose(state))
    return seen


@pytest.mark.parametrize("name", ["anguish", "anguish-survivor", "anguish-colossal", "anguish-cosmic",
                                  "anguish-enchanted"])
def test_its_choice_in_a_copy_is_its_choice_in_the_game(name: str) -> None:
    """A search asks the player about copies, in any order, with players that played other games: the
    choice must be the one the game itself got. (In a game, the player carries its plan of the turn
    from one decision to the next; in a copy it works the plan out afresh: the two must agree.)"""
    goldfish = KIT.goldfish_game(bench_deck(name), "silent")
    matchup = make_game(bench_deck(name), opponent=bench_deck("anguish-survivor"))
    stale = HeuristicPlayer()  # plays every game and copy below, in no particular order
    asked = 0
    for game, games in ((goldfish, 12), (matchup, 2)):
        for index in range(games):
            state = game.new_initial_state(game_stream(9, index))
            seen = decisions(state.clone(), [HeuristicPlayer(), HeuristicPlayer()])
            replay = state
            for position in reversed(seen):
                assert stale.choose(position.clone()) == HeuristicPlayer().choose(position)
                asked += 1
            players = [HeuristicPlayer(), HeuristicPlayer()]
            for seat, player in enumerate(players):
                player.restart(replay, seat, random.Random(seat))
            for position in seen:
                chosen = players[replay.current_player()].choose(replay)
                assert chosen == stale.choose(position), (name, index, replay.hour)
                replay.apply_action(chosen)
    assert asked > 300


# ----- against another deck -----

@pytest.mark.parametrize("starting_player", [PLAYER, OPPONENT])
def test_it_plays_either_seat_of_a_two_deck_game_to_its_end(starting_player: int) -> None:
    decks = [deck_file(name) for name in LEGAL_DECKS]
    ended = Counter()
    for index in range(8):
        mine, theirs = decks[index % 4], decks[(index + 1) % 4]
        state = make_game(mine, opponent=theirs, starting_player=starting_player).new_initial_state(
            game_stream(3, index))
        players = [HeuristicPlayer(), HeuristicPlayer()]
        for _ in range(5000):
            if state.is_terminal():
                break
            state.apply_action(players[state.current_player()].choose(state))  # apply_action: legal only
            assert state.invariant_problems() == []
        assert state.is_terminal() and state.end_game
        ended[state.winner()] += 1
        assert state.played[OPPONENT] and state.played[PLAYER]
    assert len(ended) > 1  # not one seat winning every game whatever the decks


def two_deck_state(mine: list[str], theirs: list[str], hour: int = 4) -> AnguishState:
    state = new_state(lifeblood(*mine), lifeblood(*theirs))
    to_hour(state, hour)
    return state


def test_it_does_not_attack_into_a_defender_that_would_defeat_it_and_survive() -> None:
    """5.2: "cards with a Protection Score will deduct the Arsenal Score from the opposing card(s)":
    Militia Rifleman (Arsenal 3, Protection 1) against Mountain Warden (Protection 5, Arsenal 0) would
    only lose Protection it does not have; Void Hound (Arsenal 2, Protection 1) against Boulder Hurler
    (Arsenal 2, Protection 1) would trade, so it attacks."""
    state = two_deck_state(["Void Hound"], ["Boulder Hurler"])
    arrange(state, PLAYER, hand=[], arsenal=["Void Hound"])
    arrange(state, OPPONENT, protection=["Boulder Hurler"])
    assert choose(state)[0] == act.ATTACK
    state = two_deck_state(["Drifting Husk"], ["Stray Familiar"])
    arrange(state, PLAYER, hand=[], arsenal=["Drifting Husk"])
    arrange(state, OPPONENT, protection=["Stray Familiar"])
    assert choose(state) == (act.END,)  # Stray Familiar (Arsenal 1, Protection 2) defeats the Husk and survives


def test_it_protects_with_the_creature_that_survives_and_defeats_the_attacker() -> None:
    """5.2: "The opponent has the opportunity to declare Protection by metaphorically aligning cards in
    their Defensive Line with the opponent's cards in the Attacking Line." """
    state = two_deck_state(["Militia Rifleman"], ["Mountain Warden", "Stray Familiar", "Gladeguard Stag"], hour=4)
    arrange(state, PLAYER, hand=[], arsenal=["Militia Rifleman"])
    arrange(state, OPPONENT, protection=["Stray Familiar", "Mountain Warden", "Gladeguard Stag"])
    rifleman = state.seats[PLAYER].arsenal[0]
    state.apply_action((act.ATTACK, (rifleman,)))
    assert state.phase == PROTECT
    stag = uid_of(state, state.seats[OPPONENT].protection, "Gladeguard Stag")
    assert choose(state) == (act.PROTECT, rifleman, stag)  # Protection 4 survives 3, Arsenal 3 defeats 1


def test_it_lets_an_attack_through_rather_than_lose_a_creature_for_nothing() -> None:
    state = two_deck_state(["Night Lurker"], ["Drifting Husk", "Pebble Giantling"], hour=6)
    arrange(state, PLAYER, hand=[], arsenal=["Night Lurker"])
    arrange(state, OPPONENT, protection=["Pebble Giantling"])
    lurker = state.seats[PLAYER].arsenal[0]
    state.apply_action((act.ATTACK, (lurker,)))
    assert choose(state) == (act.PROTECT, lurker, None)


def test_it_plays_desperate_gambit_on_an_attacker_it_cannot_protect_against() -> None:
    """Desperate Gambit: "Play in response to an enemy attack: the attacking Creature gets -2 Arsenal
    this turn." """
    state = two_deck_state(["Night Lurker"], ["Desperate Gambit"], hour=6)
    arrange(state, PLAYER, hand=[], arsenal=["Night Lurker"])
    arrange(state, OPPONENT, hand=["Desperate Gambit"])
    lurker = state.seats[PLAYER].arsenal[0]
    state.apply_action((act.ATTACK, (lurker,)))
    gambit = state.seats[OPPONENT].hand[0]
    assert choose(state) == (act.PLAY, gambit, None, lurker)


def test_it_aims_damage_at_the_enemy_creature_it_defeats_that_would_mill_most() -> None:
    """Rockslide: "Deal 2 damage to target enemy Creature." Of Drifting Husk (Protection 0: any damage),
    Void Hound (Arsenal 2, Protection 1) and Mountain Warden (Protection 5), the Hound mills most."""
    state = two_deck_state(["Rockslide"], ["Drifting Husk", "Void Hound", "Mountain Warden"])
    arrange(state, PLAYER, hand=["Rockslide"])
    arrange(state, OPPONENT, arsenal=["Drifting Husk", "Void Hound"], protection=["Mountain Warden"])
    hound = uid_of(state, state.seats[OPPONENT].arsenal, "Void Hound")
    action = choose(state)
    assert action[0] == act.PLAY and action[3] == hound


def test_it_draws_all_it_may_as_the_end_game_begins() -> None:
    """10.2: "both players may draw up to three cards if either have Lifeblood remaining." """
    state = two_deck_state([], [], hour=LAST_HOUR)
    play_until(state, lambda s: s.phase == END_GAME_DRAW)
    assert choose(state) == (act.DRAW, 3)


# ----- making room in a full Arsenal -----

def full_arsenal(arsenal: list[str], protection: tuple[str, ...] = (), newcomer: str = "Haunted Wanderer",
                 ) -> AnguishState:
    """The 9th Hour, with these Creatures in play and only the newcomer in hand."""
    state = new_state(lifeblood(newcomer, *arsenal, *protection))
    to_hour(state, 9)
    arrange(state, PLAYER, hand=[newcomer], arsenal=arsenal, protection=protection)
    return state


def test_with_the_arsenal_full_the_weakest_creature_makes_room_after_the_attack() -> None:
    """7.1: "Cards may move between Attack and Defense Lines on a player's turn." In the 9th Hour, with
    three Militia Riflemen (Arsenal 3) and a Stray Familiar (Arsenal 1, Protection 2) in the Arsenal,
    Haunted Wanderer (Arsenal 5, 6 in darkness) would mill 12 from the 10th Hour on, the Familiar 2:
    all four attack, then the Familiar moves to the Defense Line and the Wanderer takes its place."""
    state = full_arsenal(["Militia Rifleman"] * 3 + ["Stray Familiar"])
    familiar = uid_of(state, state.seats[PLAYER].arsenal, "Stray Familiar")
    wanderer = state.seats[PLAYER].hand[0]
    assert choose(state) == (act.ATTACK, tuple(state.seats[PLAYER].arsenal))
    state.apply_action(choose(state))
    assert choose(state) == (act.MOVE, familiar)
    state.apply_action(choose(state))
    assert choose(state) == (act.PLAY, wanderer, act.ARSENAL, None)
    state.apply_action(choose(state))
    assert state.seats[PLAYER].protection == [familiar] and choose(state) == (act.END,)


def test_a_creature_without_protection_cannot_make_room_unless_every_location_is_full() -> None:
    """5.1: "cards without a Protection Score (i.e. 0) cannot be placed in the defense line"; 7.1: "if
    your Play Area is full, you may replace a Creature by discarding it and paying the cost for the new
    Creature." """
    state = full_arsenal(["Drifting Husk"] * 4)
    state.apply_action(choose(state))  # the attack
    assert choose(state) == (act.END,)  # four Husks, none of which may go to the Defense Line
    state = full_arsenal(["Drifting Husk"] * 4, protection=("Pebble Giantling",) * 4)
    husks = list(state.seats[PLAYER].arsenal)
    wanderer = state.seats[PLAYER].hand[0]
    state.apply_action(choose(state))  # the attack
    action = choose(state)
    assert action[:2] == (act.REPLACE, wanderer) and action[2] in husks
    state.apply_action(action)
    assert wanderer in state.seats[PLAYER].arsenal and action[2] in state.seats[PLAYER].discard


def test_a_creature_keeps_its_place_against_a_newcomer_that_would_mill_less() -> None:
    """In the 9th Hour Veteran Sentry (Arsenal 2) would mill 4 from the 10th Hour on; each Militia
    Rifleman (Arsenal 3) of a full Arsenal would mill 6."""
    state = full_arsenal(["Militia Rifleman"] * 4, newcomer="Veteran Sentry")
    state.apply_action(choose(state))  # the attack
    assert choose(state) == (act.END,)


# ----- the horizon: what comes too late counts for nothing -----

def test_a_deck_clock_is_the_hour_its_goldfish_games_are_mostly_over_by() -> None:
    """POLICY 0: a deck that never mills never ends a game before the 11th Hour; the Night Raid sample
    is usually done by the 8th or 9th; against another deck the clock is the 11th Hour."""
    assert worth_table(make_game(lifeblood())).clock == LAST_HOUR
    night_raid = bench_deck("anguish")
    clock = worth_table(KIT.goldfish_game(night_raid, "silent")).clock
    assert 7 <= clock <= 9 and worth_table(make_game(night_raid)).clock == clock  # the same deals each time
    assert worth_table(make_game(night_raid, opponent=night_raid)).clock == LAST_HOUR


def test_it_keeps_a_cheap_card_over_one_it_could_not_play_before_the_deck_is_done() -> None:
    """With the Night Raid clock (its games are over by the 9th Hour), Haunted Wanderer (9 Hours) would
    attack after the game is over: in the 2nd Hour Night Terror (mills 2) is kept instead."""
    game = KIT.goldfish_game(bench_deck("anguish"), "silent")
    assert worth_table(game).clock < 10
    state = game.new_initial_state(random.Random(4))
    play_until(state, lambda s: s.phase == KEEP)
    seat = state.seats[PLAYER]
    terror, wanderer = (uid_of(state, seat.lifeblood, name) for name in ("Night Terror", "Haunted Wanderer"))
    seat.lifeblood += seat.drawing
    seat.drawing[:] = [wanderer, terror]
    assert choose(state) == (act.KEEP, terror, act.TO_BOTTOM)


def test_it_keeps_a_discovery_over_a_creature_the_arsenal_has_no_place_for() -> None:
    """POLICY 2: 7.2 "Player's must not play more than four cards in the Arsenal". With Void Hound and
    Creeping Shade attacking and two Night Lurkers in hand, a Drifting Husk (Arsenal 1) would only
    push out the fourth best of them: Night Terror (mills 2) is kept."""
    state = new_state(lifeblood("Void Hound", "Creeping Shade", "Night Lurker", "Night Lurker", "Drifting Husk",
                                "Night Terror"))
    to_hour(state, 3)
    arrange(state, PLAYER, hand=["Night Lurker", "Night Lurker"], arsenal=["Void Hound", "Creeping Shade"])
    state.apply_action((act.END,))
    assert state.phase == KEEP
    seat = state.seats[PLAYER]
    husk, terror = (uid_of(state, seat.lifeblood, name) for name in ("Drifting Husk", "Night Terror"))
    seat.lifeblood += seat.drawing
    seat.drawing[:] = [husk, terror]
    assert choose(state) == (act.KEEP, terror, act.TO_BOTTOM)
    seat.arsenal.pop()  # with one Creature fewer the Husk has a place of its own
    assert choose(state) == (act.KEEP, husk, act.TO_BOTTOM)


def test_the_mulligan_puts_back_cards_worth_less_than_an_average_card_of_the_lifeblood() -> None:
    """POLICY 1, 8.1: "place up to 5 cards from your current draw at the bottom of your Lifeblood and
    draw an equal number". In a Lifeblood of Night Lurkers, a Drifting Husk (Arsenal 1) in the opening
    hand is worth less than the Lurker that would come instead."""
    state = make_game(lifeblood(*["Night Lurker"] * 33, "Drifting Husk")).new_initial_state(random.Random(0))
    arrange(state, PLAYER, hand=["Drifting Husk", *["Night Lurker"] * 4])
    husk = uid_of(state, state.seats[PLAYER].hand, "Drifting Husk")
    assert choose(state) == (act.MULLIGAN, (husk,))


def test_an_ambush_creature_takes_a_weaker_ones_place_before_the_attack_and_attacks_at_once() -> None:
    """9.4: "cards with the Ambush ability may attack or activate abilities on the Hour they are
    played". In the 5th Hour with a full Arsenal, Stardust Sprite (Arsenal 1, Protection 1) moves to
    the Defense Line before the attack, so Comet Rider (Arsenal 3, Ambush) attacks in its place now."""
    state = new_state(lifeblood("Comet Rider", "Stardust Sprite", "Lurking Urchin", "Lurking Urchin",
                                "Starling Wisp"))
    to_hour(state, 5)
    arrange(state, PLAYER, hand=["Comet Rider"],
            arsenal=["Lurking Urchin", "Lurking Urchin", "Starling Wisp", "Stardust Sprite"])
    sprite = uid_of(state, state.seats[PLAYER].arsenal, "Stardust Sprite")
    rider = state.seats[PLAYER].hand[0]
    assert choose(state) == (act.MOVE, sprite)
    state.apply_action(choose(state))
    assert choose(state) == (act.PLAY, rider, act.ARSENAL, None)
    state.apply_action(choose(state))
    action = choose(state)
    assert action[0] == act.ATTACK and rider in action[1]  # type: ignore[operator]
    state.apply_action(action)
    assert state.milled[OPPONENT][4] == 1 + 1 + 1 + 3


def test_a_game_slower_than_the_deck_clock_still_plays_its_creatures() -> None:
    """POLICY 0: once the clock's Hour is reached, the game may go on to the 11th: in the 10th Hour of
    a slow Night Raid game (its clock is the 8th or 9th), Night Lurker still attacks in the 11th."""
    game = KIT.goldfish_game(bench_deck("anguish"), "silent")
    assert worth_table(game).clock < 10
    state = game.new_initial_state(random.Random(2))
    play_until(state, lambda s: s.phase == MAIN)  # the mulligan
    to_hour(state, 10)
    arrange(state, PLAYER, hand=["Night Lurker"])
    lurker = state.seats[PLAYER].hand[0]
    assert state.seats[PLAYER].arsenal == []  # nothing was played on the way
    assert choose(state) == (act.PLAY, lurker, act.ARSENAL, None)
