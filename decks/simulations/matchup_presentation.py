"""What the matchup, gauntlet and field pages show of a two-deck run's results.

Win rates are drawn on a rate chart (templates/simulations/_rate_chart.html): a row a rate, a dot at
the rate and a whisker over its 95% Wilson interval, on a 0-100% axis with the even line at 50%. Tables
colour a win rate on a diverging scale (HEAT_STEPS classes of static/css/simulations.css), losing
red, even neutral, winning blue, always with the number written too.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.matchup import wilson_interval

from . import charts
from .models import SimulationRun

WIDTH = 640
LABEL_WIDTH = 210  # room for a card's or deck's name left of the axis
ROW_HEIGHT = 30
TOP, BOTTOM = 10, 40
HEAT_STEPS = 10


def rate_text(value: float | None) -> str:
    return "\u2013" if value is None else f"{value:.1%}"


def heat(value: float | None) -> str:
    """The colour class of a win rate: heat-0 (lost every game) .. heat-10 (won every game)."""
    return "heat-none" if value is None else f"heat-{round(value * HEAT_STEPS)}"


@dataclass(frozen=True)
class RateRow:
    label: str
    rate: float | None
    low: float | None
    high: float | None
    note: str
    y: float = 0.0
    x: float = 0.0
    x_low: float = 0.0
    x_high: float = 0.0

    @property
    def title(self) -> str:
        interval = "" if self.low is None else f" (95% interval {rate_text(self.low)} to {rate_text(self.high)})"
        return f"{self.label}: {rate_text(self.rate)}{interval}; {self.note}"


@dataclass
class RateChart:
    key: str
    title: str
    summary: str
    rows: list[RateRow] = field(default_factory=list)
    width: int = WIDTH
    left: int = LABEL_WIDTH
    right: int = WIDTH - 16
    top: int = TOP
    height: int = 0
    ticks: list[charts.Tick] = field(default_factory=list)
    even_x: float = 0.0
    axis_label: str = "Win rate"

    @property
    def bottom(self) -> float:
        return self.height - BOTTOM


def rate_chart(key: str, title: str, summary: str, rows: Sequence[tuple[str, float | None, float | None,
                                                                          float | None, str]]) -> RateChart:
    chart = RateChart(key, title, summary)
    chart.height = TOP + ROW_HEIGHT * len(rows) + BOTTOM

    def x(value: float) -> float:
        return round(chart.left + (chart.right - chart.left) * value, 1)

    chart.ticks = [charts.Tick(x(step / 4), f"{step * 25}%") for step in range(5)]
    chart.even_x = x(0.5)
    for index, (label, rate, low, high, note) in enumerate(rows):
        y = TOP + ROW_HEIGHT * index + ROW_HEIGHT / 2
        chart.rows.append(RateRow(label, rate, low, high, note, y, x(rate or 0), x(low if low is not None else 0),
                                  x(high if high is not None else 0)))
    return chart


@dataclass(frozen=True)
class CardImpact:
    name: str
    played_rate: str
    played_per_game: str
    win_rate: str
    difference: str
    heat: str


@dataclass
class MatchupReport:
    unit: str
    facts: list[tuple[str, str, str]]
    rate_charts: list[RateChart]
    turn_charts: list[charts.Chart]
    cards: dict[str, list[CardImpact]]


def _impacts(rows: list[dict[str, Any]], overall: float | None) -> list[CardImpact]:
    impacts = []
    for row in sorted(rows, key=lambda r: -(r["played_rate"] or 0)):
        rate = row["win_rate_when_played"]
        difference = "\u2013" if rate is None or overall is None else f"{(rate - overall) * 100:+.1f} points"
        impacts.append(CardImpact(row["name"], rate_text(row["played_rate"]), f"{row['played_per_game'] or 0:.2f}",
                                  rate_text(rate), difference, heat(rate)))
    return impacts


def matchup_report(run: SimulationRun) -> MatchupReport:
    report: dict[str, Any] = run.results or {}
    pairing = run.pairings.all()[0]
    name_a, name_b = f"A: {pairing.a_name}", f"B: {pairing.b_name}"
    unit = str(report["turn_unit"])
    decided = report["wins_a"] + report["wins_b"]
    b_rate = None if report["a_win_rate"] is None else 1 - report["a_win_rate"]
    b_low = None if report["a_win_rate_high"] is None else 1 - report["a_win_rate_high"]
    b_high = None if report["a_win_rate_low"] is None else 1 - report["a_win_rate_low"]
    first = report["first_player_win_rate"]
    first_low, first_high = wilson_interval(round(first * decided), decided) if first is not None else (None, None)
    facts = [
        ("Games", f"{report['games']:,}", f"seed {run.seed}"),
        (f"{name_a} won", f"{report['wins_a']:,}", rate_text(report["a_win_rate"]) + " of the decided games"),
        (f"{name_b} won", f"{report['wins_b']:,}", rate_text(b_rate) + " of the decided games"),
        ("Draws", f"{report['draws']:,}",
         f"{report['capped']:,} ended by the loop cap" if report["capped"] else "none ended by the loop cap"),
    ]
    win_chart = rate_chart(
        "win-rate", "Win rate, with its 95% interval",
        f"{name_a} won {rate_text(report['a_win_rate'])} of {decided:,} decided games (95% interval "
        f"{rate_text(report['a_win_rate_low'])} to {rate_text(report['a_win_rate_high'])}).",
        [(name_a, report["a_win_rate"], report["a_win_rate_low"], report["a_win_rate_high"],
          f"{report['wins_a']:,} wins"),
         (name_b, b_rate, b_low, b_high, f"{report['wins_b']:,} wins")],
    )
    first_chart = rate_chart(
        "first-player", "First-player advantage",
        f"The first player won {rate_text(first)} of the decided games (95% interval {rate_text(first_low)} to "
        f"{rate_text(first_high)}); seats alternate, so each deck went first in half the games.",
        [("First player", first, first_low, first_high, "decided games won by whoever went first")],
    )
    runs = [("Games", report)]
    shown = charts.turns_shown([report]) if report["games"] else 1
    turn_charts = [charts.end_turn_histogram(runs, unit, shown), charts.end_turn_curve(runs, unit, shown)]
    cards = {
        name_a: _impacts(report["cards"]["a"], report["a_win_rate"]),
        name_b: _impacts(report["cards"]["b"], b_rate),
    }
    return MatchupReport(unit, facts, [win_chart, first_chart], turn_charts, cards)


# Gauntlets ----------------------------------------------------------------------------------------

SORTS = {
    "win_rate": lambda row: (row["win_rate"] is None, row["win_rate"] or 0),
    "name": lambda row: row["name"].casefold(),
    "low": lambda row: (row["win_rate_low"] is None, row["win_rate_low"] or 0),
    "draws": lambda row: row["draws"],
    "order": lambda row: row["index"],
}


@dataclass(frozen=True)
class GauntletRow:
    name: str
    deck: str | None
    games: int
    record: str
    win_rate: str
    interval: str
    heat: str
    draws: int


@dataclass(frozen=True)
class SortLink:
    key: str
    label: str
    query: str
    aria_sort: str  # "ascending", "descending" or "none": the header's aria-sort


@dataclass
class GauntletReport:
    rows: list[GauntletRow]
    columns: list[SortLink]
    chart: RateChart


def gauntlet_report(run: SimulationRun, sort: str = "win_rate", direction: str = "desc") -> GauntletReport:
    rows: list[dict[str, Any]] = list((run.results or {}).get("opponents", []))
    sort = sort if sort in SORTS else "win_rate"
    descending = direction != "asc"
    rows.sort(key=SORTS[sort], reverse=descending)
    shown = [GauntletRow(row["name"], row["deck"], row["games"], f"{row['wins']}\u2013{row['losses']}\u2013"
                         f"{row['draws']}", rate_text(row["win_rate"]),
                         f"{rate_text(row['win_rate_low'])} to {rate_text(row['win_rate_high'])}",
                         heat(row["win_rate"]), row["draws"])
             for row in rows]
    columns = []
    for key, label in (("name", "Opponent"), ("win_rate", "Win rate"), ("low", "95% interval"), ("draws", "Draws")):
        current = key == sort
        flip = "asc" if current and descending else "desc"
        aria = ("descending" if descending else "ascending") if current else "none"
        columns.append(SortLink(key, label, f"?sort={key}&dir={flip}", aria))
    chart = rate_chart(
        "gauntlet", "Win rate against each opponent",
        f"{run.name} against {len(rows)} opponents, as sorted in the table below.",
        [(row["name"], row["win_rate"], row["win_rate_low"], row["win_rate_high"],
          f"{row['wins']} wins, {row['losses']} losses, {row['draws']} draws") for row in rows],
    )
    return GauntletReport(shown, columns, chart)


# The field ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Cell:
    text: str
    heat: str
    title: str


@dataclass(frozen=True)
class MatrixRow:
    name: str
    deck: str | None
    cells: list[Cell]
    overall: Cell


def field_matrix(run: SimulationRun) -> list[MatrixRow]:
    """A row a deck: its win rate against each deck (a column each), then overall; best overall first."""
    results: dict[str, Any] = run.results or {}
    decks = results.get("decks", [])
    rates: dict[tuple[int, int], tuple[float | None, str]] = {}
    for pairing in results.get("pairings", []):
        a, b = pairing["a"], pairing["b"]
        record = f"{pairing['wins']}\u2013{pairing['losses']}\u2013{pairing['draws']}"
        reverse = f"{pairing['losses']}\u2013{pairing['wins']}\u2013{pairing['draws']}"
        rate = pairing["win_rate"]
        rates[a, b] = (rate, record)
        rates[b, a] = (None if rate is None else 1 - rate, reverse)
    order = sorted(range(len(decks)), key=lambda i: -(decks[i]["overall"]["win_rate"] or 0))
    rows = []
    for i in order:
        cells = []
        for j in order:
            if i == j:
                cells.append(Cell("\u2014", "heat-self", "The same deck"))
                continue
            rate, record = rates.get((i, j), (None, ""))
            cells.append(Cell(rate_text(rate), heat(rate),
                              f"{decks[i]['name']} against {decks[j]['name']}: {rate_text(rate)} ({record})"))
        overall = decks[i]["overall"]
        rows.append(MatrixRow(decks[i]["name"], decks[i]["deck"], cells, Cell(
            rate_text(overall["win_rate"]), heat(overall["win_rate"]),
            f"{decks[i]['name']} overall: {overall['wins']} wins, {overall['losses']} losses, {overall['draws']} "
            f"draws (95% interval {rate_text(overall['win_rate_low'])} to {rate_text(overall['win_rate_high'])})")))
    return rows
