"""Every game engine, played at random through the core State API.

For each game, hundreds of seeded playouts: each sample deck (bench/decks/<game>*.txt) against the
goldfish, and two of them against each other, every decision a random legal action for whichever
player is to act. After every action the state must hold together:

- State.check_invariants(): every card is in exactly one zone;
- the game's own invariant_problems() (Life, counters, equipment in range), where the engine has it;
- the set of card uids is conserved: no card appears or vanishes, except tokens (an engine that
  makes tokens lists the ones in play with all_token_uids(); a token leaving play ceases to exist);
- a game that is not over has a player to act and a legal action; the clock never runs backwards
  nor past the game's limit;
- and the game is over within MAX_ACTIONS actions.

The same seed replays the same game: the same actions and the same cards in the same zones.

Then the players (engine/players/): goldfish games of each sample deck played by the game's heuristic
player and by the search player (a tiny budget), and two-deck games with the heuristic player on both
sides, in both seatings, checked the same way after every action.
"""
from __future__ import annotations

import random
from collections.abc import Hashable
from dataclasses import dataclass
from pathlib import Path

import pytest

from engine.cli import load_cards, resolved_deck
from engine.core import OPPONENT, PLAYER, TERMINAL, Game, IllegalAction, State, game_stream, load_game, player_stream
from engine.deck import ResolvedDeck
from engine.games import GAME_PACKAGES
from engine.goldfish import goldfish_rules, goldfish_value, in_canonical_order
from engine.play.kits import game_kit, make_player
from engine.players.base import Player
from engine.validation import CardIndex, validate_decklist

DECKS = Path(__file__).resolve().parents[2] / "bench" / "decks"

GOLDFISH_PLAYOUTS = 130  # for each sample deck of a game
MATCH_PLAYOUTS = 40  # two sample decks against each other: both players decide
REPLAYS = 10  # seeds of each setup played twice
MAX_ACTIONS = 5_000


@dataclass(frozen=True)
class Setup:
    name: str
    game: Game


@dataclass
class Playout:
    actions: list[Hashable]
    zones: dict[str, list[tuple[int, str]]]
    turn: int


def sample_decks(game: str) -> list[tuple[str, ResolvedDeck]]:
    index = CardIndex(game, load_cards(game))
    decks = []
    for path in sorted(DECKS.glob(f"{game}*.txt")):
        text = path.read_text()
        result = validate_decklist(game, text, index)
        assert result.legal, f"{path.name}: {[p.message for p in result.problems]}"
        decks.append((path.stem, resolved_deck(game, text, index)))
    return decks


def setups(game: str) -> list[tuple[Setup, int]]:
    """(setup, playouts): each sample deck against the goldfish, and the first against the last."""
    decks = sample_decks(game)
    found = [(Setup(f"{name} vs goldfish", load_game(game, deck)), GOLDFISH_PLAYOUTS) for name, deck in decks]
    (first, deck), (last, other) = decks[0], decks[-1]
    found.append((Setup(f"{first} vs {last}", load_game(game, deck, opponent=other)), MATCH_PLAYOUTS))
    return found


def snapshot(state: State) -> dict[str, list[tuple[int, str]]]:
    return {zone: [(card.uid, card.name) for card in cards] for zone, cards in state.zones().items()}


def card_uids(state: State) -> set[int]:
    return {card.uid for cards in state.zones().values() for card in cards}


def tokens_in_play(state: State) -> frozenset[int]:
    listed = getattr(state, "all_token_uids", None)
    return frozenset(listed()) if listed is not None else frozenset()


def state_problems(state: State, uids: set[int], previous_turn: int, limit: int) -> list[str]:
    problems = list(state.check_invariants())
    own_checks = getattr(state, "invariant_problems", None)
    if own_checks is not None:
        problems += own_checks()
    present, tokens = card_uids(state), tokens_in_play(state)
    if not tokens <= present:
        problems.append(f"tokens {sorted(tokens - present)} are in no zone")
    if present - tokens != uids:
        problems.append(f"cards lost {sorted(uids - present)}, cards appeared {sorted(present - tokens - uids)}")
    over, player = state.is_terminal(), state.current_player()
    if over != (player == TERMINAL):
        problems.append(f"is_terminal() is {over} but current_player() is {player}")
    if not over and (player not in (PLAYER, OPPONENT) or not state.legal_actions()):
        problems.append(f"the game is not over, but player {player} has legal actions {state.legal_actions()!r}")
    if not previous_turn <= state.turn() <= limit:
        problems.append(f"the clock went from {previous_turn} to {state.turn()} (limit {limit})")
    return problems


def play_at_random(setup: Setup, seed: int, limit: int, check: bool = True) -> Playout:
    """One game with random legal actions for both players; with `check`, the state is checked
    after every action and the first problem fails the test, naming the seed and the action."""
    state = setup.game.new_initial_state(game_stream(seed, 0))
    chooser = random.Random(f"conformance:{seed}")
    uids = card_uids(state) - tokens_in_play(state)
    actions: list[Hashable] = []
    turn = 0
    while not state.is_terminal():
        if check:
            problems = state_problems(state, uids, turn, limit)
            assert not problems, f"{setup.name}, seed {seed}, after {len(actions)} actions {actions[-1:]}: {problems}"
        assert len(actions) < MAX_ACTIONS, f"{setup.name}, seed {seed}: not over after {MAX_ACTIONS} actions"
        turn = state.turn()
        action = chooser.choice(list(state.legal_actions()))
        state.apply_action(action)
        actions.append(action)
    if check:
        problems = state_problems(state, uids, turn, limit)
        assert not problems, f"{setup.name}, seed {seed}, at the end: {problems}"
    return Playout(actions, snapshot(state), state.turn())


@pytest.mark.parametrize("game", list(GAME_PACKAGES))
def test_it_plays_every_engine_at_random_without_breaking_a_rule_of_the_state(game: str) -> None:
    limit = goldfish_rules(game).turn_limit
    played = 0
    for setup, playouts in setups(game):
        with pytest.raises(IllegalAction):
            setup.game.new_initial_state(game_stream(0, 0)).apply_action(("not", "an", "action"))
        for seed in range(playouts):
            first = play_at_random(setup, seed, limit)
            played += 1
            if seed < REPLAYS:
                again = play_at_random(setup, seed, limit, check=False)
                assert (again.actions, again.zones) == (first.actions, first.zones), f"{setup.name}, seed {seed}"
                assert first.actions, f"{setup.name}, seed {seed}: a game over before any action"
    assert played >= 300


# The games whose states clone() and resample_hidden(), so that the search player can play them.
SEARCHABLE = tuple(GAME_PACKAGES)
HEURISTIC_GAMES = 25  # goldfish games of each sample deck with the game's heuristic player
SEARCH_GAMES = 1  # and with the search player, at SEARCH_BUDGET play-outs a decision
SEARCH_BUDGET = 2
SEARCHED_ACTIONS = 20  # actions of a game chosen with the search player's help, before the heuristic goes on


def play_with_players(game: str, deck: ResolvedDeck, kind: str, seed: int, limit: int) -> int:
    """One goldfish game of `deck`, the deck's moves chosen by the `kind` player (engine/play/kits.py) and the
    opponent's by the goldfish opponent, the state checked after every action; returns the actions taken."""
    kit = game_kit(game)
    opponent = kit.opponents[0]

    def rollout() -> list[Player]:
        return [kit.heuristic(), kit.goldfish_opponent(opponent)]

    players = [make_player(kind, kit, rollout, goldfish_value(limit), SEARCH_BUDGET), kit.goldfish_opponent(opponent)]
    state = kit.goldfish_game(in_canonical_order(deck), opponent).new_initial_state(game_stream(seed, 0))
    for seat, player in enumerate(players):
        player.restart(state, seat, player_stream(seed, 0, seat))
    uids = card_uids(state) - tokens_in_play(state)
    actions, turn = 0, 0
    while not state.is_terminal():
        problems = state_problems(state, uids, turn, limit)
        assert not problems, f"{game} {kind}, seed {seed}, after {actions} actions: {problems}"
        assert actions < MAX_ACTIONS, f"{game} {kind}, seed {seed}: not over after {MAX_ACTIONS} actions"
        turn = state.turn()
        if actions == SEARCHED_ACTIONS and kind == "search":
            # A search decision plays every action out to the game's end: the first actions show
            # what clones and determinization must keep; the heuristic finishes the game.
            players[0] = kit.heuristic()
            players[0].restart(state, 0, player_stream(seed, 0, 0))
        action = players[state.current_player()].choose(state)
        assert action in state.legal_actions(), f"{game} {kind}, seed {seed}: {action!r} is not legal"
        state.apply_trusted(action)
        actions += 1
    problems = state_problems(state, uids, turn, limit)
    assert not problems, f"{game} {kind}, seed {seed}, at the end: {problems}"
    return actions


@pytest.mark.parametrize(("game", "kind", "games"), [
    *((game, "heuristic", HEURISTIC_GAMES) for game in SEARCHABLE),
    *((game, "search", SEARCH_GAMES) for game in SEARCHABLE),
])
def test_the_players_keep_every_rule_of_the_state(game: str, kind: str, games: int) -> None:
    """The heuristic and search players' goldfish games keep every invariant the random playouts do: the search
    plays out determinized clones, and the moves it picks from them must be legal in the real game."""
    limit = goldfish_rules(game).turn_limit
    decks = sample_decks(game)
    # A search game costs hundreds of heuristic games (every action of every decision played out): one
    # sample deck a game keeps the suite fast; the heuristic plays them all.
    for _name, deck in decks if kind == "heuristic" else decks[:1]:
        for seed in range(games):
            assert play_with_players(game, deck, kind, seed, limit) > 0


MATCH_HEURISTIC_GAMES = {"qqdnd": 2}  # two-deck games of each seating (QQDND's real boards cost most)
MATCH_HEURISTIC_DEFAULT = 10


def play_matchup_with_heuristics(game: str, first: ResolvedDeck, second: ResolvedDeck, seed: int, limit: int) -> int:
    """One two-deck game (the game's matchup_game, as matchups play it), every move of both seats chosen by the
    game's heuristic player, the state checked after every action; returns the actions taken."""
    kit = game_kit(game)
    assert kit.matchup_game is not None, f"{game} offers no two-deck game"
    state = kit.matchup_game(in_canonical_order(first), in_canonical_order(second)).new_initial_state(
        game_stream(seed, 0))
    players = [kit.heuristic(), kit.heuristic()]
    for seat, player in enumerate(players):
        player.restart(state, seat, player_stream(seed, 0, seat))
    uids = card_uids(state) - tokens_in_play(state)
    actions, turn = 0, 0
    while not state.is_terminal():
        problems = state_problems(state, uids, turn, limit)
        assert not problems, f"{game} heuristic matchup, seed {seed}, after {actions} actions: {problems}"
        assert actions < MAX_ACTIONS, f"{game} heuristic matchup, seed {seed}: not over after {MAX_ACTIONS} actions"
        turn = state.turn()
        seat = state.current_player()
        action = players[seat].choose(state)
        assert action in state.legal_actions(), f"{game} seat {seat}, seed {seed}: {action!r} is not legal"
        state.apply_trusted(action)
        actions += 1
    problems = state_problems(state, uids, turn, limit)
    assert not problems, f"{game} heuristic matchup, seed {seed}, at the end: {problems}"
    return actions


@pytest.mark.parametrize("game", SEARCHABLE)
def test_the_heuristic_players_keep_every_rule_of_the_state_in_two_deck_games(game: str) -> None:
    """Two sample decks against each other, the heuristic player on both sides, in both seatings: every move it
    picks for either seat is legal, and the state keeps every invariant the random playouts do."""
    limit = goldfish_rules(game).turn_limit
    decks = sample_decks(game)
    (_, first), (_, last) = decks[0], decks[-1]
    for seed in range(MATCH_HEURISTIC_GAMES.get(game, MATCH_HEURISTIC_DEFAULT)):
        for a, b in ((first, last), (last, first)):
            assert play_matchup_with_heuristics(game, a, b, seed, limit) > 0
