"""Goldfish speed per game, against the floor: a loop that only shuffles and draws.

For each game, plays the sample deck bench/decks/<game>.txt with run_goldfish on one core, then
runs a bare loop over the same cards that shuffles and draws as the game does, for as many turns
as each goldfish game lasted:

    QQDND      every round, draw to the Party's hand value; the hand is discarded at round's end
               (the discard pile is shuffled into a new deck when the deck runs out)
    Condemned  draw 5; every turn, draw to 5 and one card leaves the hand
    Anguish    draw 5; every Hour after the first, draw 2, keep 1, put the other at the bottom

The ratio floor / engine says how many times slower than shuffling and drawing the engine is.

    .venv/bin/python bench/goldfish_bench.py [--games 2000] [--seed 1] [--repeat 3] [--game condemned]
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.cli import load_cards, resolved_deck  # noqa: E402
from engine.core import game_stream  # noqa: E402
from engine.deck import ResolvedDeck  # noqa: E402
from engine.games import GAME_PACKAGES  # noqa: E402
from engine.goldfish import run_goldfish  # noqa: E402
from engine.validation import CardIndex, validate_decklist  # noqa: E402

DECKS = ROOT / "bench" / "decks"
Floor = Callable[[list[str], int, random.Random], None]
T = TypeVar("T")


def qqdnd_floor(hand_value: int) -> Floor:
    def play(cards: list[str], turns: int, rng: random.Random) -> None:
        deck, discard = cards[:], list[str]()
        rng.shuffle(deck)
        for _ in range(turns):
            hand: list[str] = []
            for _ in range(hand_value):
                if not deck:
                    deck, discard = discard, []
                    rng.shuffle(deck)
                hand.append(deck.pop())
            discard.extend(hand)
    return play


def condemned_floor(cards: list[str], turns: int, rng: random.Random) -> None:
    deck = cards[:]
    rng.shuffle(deck)
    hand = [deck.pop() for _ in range(5)]
    for _ in range(turns):
        while len(hand) < 5 and deck:
            hand.append(deck.pop())
        if hand:
            hand.pop()


def anguish_floor(cards: list[str], turns: int, rng: random.Random) -> None:
    shuffled = cards[:]
    rng.shuffle(shuffled)
    deck = deque(shuffled)  # cards go back under the Lifeblood: a deque takes them at both ends
    hand = [deck.popleft() for _ in range(5)]
    for _ in range(turns - 1):
        if len(deck) < 2:
            return
        first, second = deck.popleft(), deck.popleft()
        hand.append(first)
        deck.append(second)


def floor_of(game: str, deck: ResolvedDeck) -> tuple[Floor, list[str]]:
    """The floor loop of a game and the cards it shuffles (the deck's drawn section)."""
    if game == "qqdnd":
        hand_value = sum(int(e.attributes["hv"]) * e.count for e in deck.section("Party"))
        return qqdnd_floor(hand_value), _copies(deck, "Resources")
    if game == "condemned":
        return condemned_floor, _copies(deck, "Deck")
    # The Stronghold starts in play, not in the Lifeblood that is drawn from.
    lifeblood = [e for e in deck.section("Lifeblood") if e.card_type != "stronghold"]
    return anguish_floor, [e.name for e in lifeblood for _ in range(e.count)]


def _copies(deck: ResolvedDeck, section: str) -> list[str]:
    return [e.name for e in deck.section(section) for _ in range(e.count)]


def sample_deck(game: str) -> ResolvedDeck:
    text = (DECKS / f"{game}.txt").read_text()
    index = CardIndex(game, load_cards(game))
    result = validate_decklist(game, text, index)
    if not result.legal:
        raise SystemExit(f"bench/decks/{game}.txt is not legal: " + "; ".join(p.message for p in result.problems))
    return resolved_deck(game, text, index)


def best_time(run: Callable[[], T], repeat: int) -> tuple[float, T]:
    """The fastest of `repeat` timings (other work on the machine only ever makes a run slower),
    and what the run returned."""
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        result = run()
        times.append(time.perf_counter() - started)
    return min(times), result


def bench(game: str, games: int, seed: int, repeat: int) -> tuple[float, float]:
    deck = sample_deck(game)
    engine_time, stats = best_time(lambda: run_goldfish(game, deck, games, seed), repeat)

    floor, cards = floor_of(game, deck)
    turns = [turn for turn, count in sorted(stats.end_turns.items()) for _ in range(count)]

    def floor_run() -> None:
        for index, game_turns in enumerate(turns):
            floor(cards, game_turns, game_stream(seed, index))

    return games / engine_time, games / best_time(floor_run, repeat)[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3, help="timings of each loop; the fastest counts")
    parser.add_argument("--game", choices=sorted(GAME_PACKAGES), help="one game only")
    args = parser.parse_args()
    if args.games < 1 or args.repeat < 1:
        parser.error("--games and --repeat must be at least 1")
    print(f"{args.games:,} goldfish games a game, seed {args.seed}, one core")
    print(f"{'game':<10}  {'games/s':>9}  {'floor games/s':>13}  {'ratio':>6}")
    for game in [args.game] if args.game else GAME_PACKAGES:
        engine_rate, floor_rate = bench(game, args.games, args.seed, args.repeat)
        print(f"{game:<10}  {engine_rate:>9,.0f}  {floor_rate:>13,.0f}  {floor_rate / engine_rate:>6.1f}")


if __name__ == "__main__":
    main()
