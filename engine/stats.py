"""Chart data for a deck: what the deck builder draws next to the list.

Each game says what is worth charting in engine/games/<slug>/stats.py, a module with

    def deck_stats(deck: ResolvedDeck) -> dict[str, Any]

returning {"charts": [chart, ...], "totals": [total, ...]}, built with the functions below, so a
page can draw every game's charts with the same code:

    chart: {"key": "initiative", "title": "...", "bars": [{"label": "17", "count": 4}, ...]}
    total: {"key": "arsenal", "label": "Arsenal", "value": 41}

Counts are copies, not distinct cards.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Iterable
from importlib import import_module
from typing import Any, TypeVar

from engine.deck import DeckCard, ResolvedDeck
from engine.games import GAME_PACKAGES, UnknownGame

K = TypeVar("K", bound=Hashable)


def deck_stats(deck: ResolvedDeck) -> dict[str, Any]:
    """The chart data of a deck, computed by its game's stats module."""
    if deck.game not in GAME_PACKAGES:
        raise UnknownGame(deck.game)
    module = import_module(f"{GAME_PACKAGES[deck.game]}.stats")
    stats: dict[str, Any] = module.deck_stats(deck)
    return stats


def copies_by(entries: Iterable[DeckCard], key: Callable[[DeckCard], K]) -> Counter[K]:
    """Copies per key, e.g. per damage type."""
    counts: Counter[K] = Counter()
    for entry in entries:
        counts[key(entry)] += entry.count
    return counts


def copies_by_each(entries: Iterable[DeckCard], keys: Callable[[DeckCard], Iterable[K]]) -> Counter[K]:
    """Copies per key where a card has several (its subtypes): a card counts once under each."""
    counts: Counter[K] = Counter()
    for entry in entries:
        for key in dict.fromkeys(keys(entry)):
            counts[key] += entry.count
    return counts


def chart(key: str, title: str, bars: Iterable[tuple[str, int]]) -> dict[str, Any]:
    return {"key": key, "title": title, "bars": [{"label": label, "count": count} for label, count in bars]}


def total(key: str, label: str, value: int) -> dict[str, Any]:
    return {"key": key, "label": label, "value": value}


def most_common_first(counts: Counter[str]) -> list[tuple[str, int]]:
    """Bars from the largest count down; ties in alphabetical order so the chart never reshuffles."""
    return sorted(counts.items(), key=lambda item: (-item[1], item[0]))


def fixed_order(counts: Counter[K], order: Iterable[K], label: Callable[[K], str] = str) -> list[tuple[str, int]]:
    """A bar for every value in `order`, zero where the deck has none, so decks compare at a glance."""
    return [(label(value), counts.get(value, 0)) for value in order]
