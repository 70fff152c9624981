"""The results of two-deck runs: each pairing's chunks merged into its MatchupStats, in index order (the
same results however its games were split), and the run's own results made of its pairings'.

- A matchup's results are its one pairing's report (engine/matchup.py MatchupStats.report).
- A gauntlet's are a row an opponent: the deck's wins, losses and draws against it, its win rate
  among the decided games and that rate's 95% Wilson interval.
- A field run's are its decks, a row a pairing (A against B) and each deck's overall record over
  all its pairings, with the interval of its overall win rate.
"""
from __future__ import annotations

from collections import defaultdict
from typing import Any

from engine.matchup import MatchupStats, wilson_interval

from .models import RunKind, RunPairing, SimulationChunk, SimulationRun


def _pairing_stats(run: SimulationRun) -> list[tuple[RunPairing, MatchupStats]]:
    by_pairing: dict[int, MatchupStats] = {}
    chunks = SimulationChunk.objects.filter(run=run).order_by("index").values_list("pairing_id", "stats")
    for pairing_id, data in chunks:
        assert data is not None, "every chunk is done, so every chunk has its statistics"
        stats = MatchupStats.from_dict(data)
        if pairing_id in by_pairing:
            by_pairing[pairing_id].merge(stats)
        else:
            by_pairing[pairing_id] = stats
    pairings = RunPairing.objects.filter(run=run).select_related("a_deck", "b_deck").order_by("index")
    return [(pairing, by_pairing[pairing.pk]) for pairing in pairings]


def record(wins: int, losses: int, draws: int) -> dict[str, Any]:
    """A deck's record over some games: counts, its win rate among the decided ones and its interval."""
    decided = wins + losses
    low, high = wilson_interval(wins, decided)
    return {
        "games": wins + losses + draws, "wins": wins, "losses": losses, "draws": draws,
        "win_rate": wins / decided if decided else None, "win_rate_low": low, "win_rate_high": high,
    }


def merged_results(run: SimulationRun) -> tuple[dict[str, Any], int]:
    """Store each pairing's report; answer the run's results and its games."""
    merged = _pairing_stats(run)
    for pairing, stats in merged:
        pairing.results = stats.report()
        pairing.save(update_fields=["results"])
    games = sum(stats.games for _, stats in merged)
    if run.kind == RunKind.MATCHUP:
        return merged[0][1].report(), games
    if run.kind == RunKind.GAUNTLET:
        return {"games": games, "opponents": [_opponent_row(pairing, stats) for pairing, stats in merged]}, games
    return _field_results(merged, games), games


def _opponent_row(pairing: RunPairing, stats: MatchupStats) -> dict[str, Any]:
    report = pairing.results or {}
    return {
        "index": pairing.index, "name": pairing.b_name,
        "deck": pairing.b_deck.share_id if pairing.b_deck is not None else None,
        **record(stats.wins_a, stats.wins_b, stats.draws),
        "first_player_win_rate": report.get("first_player_win_rate"),
    }


def _field_results(merged: list[tuple[RunPairing, MatchupStats]], games: int) -> dict[str, Any]:
    decks: list[dict[str, Any]] = []
    seen: dict[tuple[int | None, str, str], int] = {}

    def place(deck_id: int | None, share_id: str | None, name: str, text: str) -> int:
        key = (deck_id, name, text)
        if key not in seen:
            seen[key] = len(decks)
            decks.append({"name": name, "deck": share_id})
        return seen[key]

    totals: dict[int, list[int]] = defaultdict(lambda: [0, 0, 0])
    rows = []
    for pairing, stats in merged:
        a = place(pairing.a_deck_id, pairing.a_deck.share_id if pairing.a_deck else None, pairing.a_name,
                  pairing.a_list_text)
        b = place(pairing.b_deck_id, pairing.b_deck.share_id if pairing.b_deck else None, pairing.b_name,
                  pairing.b_list_text)
        rows.append({"a": a, "b": b, **record(stats.wins_a, stats.wins_b, stats.draws)})
        for side, wins, losses in ((a, stats.wins_a, stats.wins_b), (b, stats.wins_b, stats.wins_a)):
            totals[side][0] += wins
            totals[side][1] += losses
            totals[side][2] += stats.draws
    for index, deck in enumerate(decks):
        deck["overall"] = record(*totals[index])
    return {"games": games, "decks": decks, "pairings": rows}
