"""The geometry of a run's charts, drawn as SVG by templates/simulations/_chart.html.

Every chart has turns along the x axis (one band a turn, the same bands in every chart of a page)
and one or two series: one run, or runs A and B of a comparison. Bars are grouped within a band;
lines go through the band centres. Coordinates are SVG user units of a WIDTH x HEIGHT view box.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

WIDTH, HEIGHT = 640, 280
LEFT, RIGHT, TOP, BOTTOM = 52, 12, 14, 44  # margins around the plot: room for tick labels
MAX_X_LABELS = 16
SHOWN_SHARE = 0.995


@dataclass(frozen=True)
class Tick:
    at: float
    label: str


@dataclass(frozen=True)
class Bar:
    x: float
    y: float
    width: float
    height: float
    series: int
    title: str


@dataclass(frozen=True)
class Polyline:
    points: str
    series: int


@dataclass(frozen=True)
class Dot:
    x: float
    y: float
    series: int
    title: str


@dataclass(frozen=True)
class Series:
    name: str
    index: int


@dataclass
class Chart:
    key: str
    title: str
    summary: str  # the chart in one sentence, shown under it and read by screen readers
    x_label: str
    y_label: str
    width: int = WIDTH
    height: int = HEIGHT
    left: int = LEFT
    right: int = WIDTH - RIGHT
    top: int = TOP
    bottom: int = HEIGHT - BOTTOM
    x_ticks: list[Tick] = field(default_factory=list)
    y_ticks: list[Tick] = field(default_factory=list)
    bars: list[Bar] = field(default_factory=list)
    lines: list[Polyline] = field(default_factory=list)
    bands: list[Polyline] = field(default_factory=list)  # closed shapes: a spread around a line
    dots: list[Dot] = field(default_factory=list)
    legend: list[Series] = field(default_factory=list)

    @property
    def x_label_at(self) -> float:
        return (self.left + self.right) / 2

    @property
    def y_label_at(self) -> float:
        return (self.top + self.bottom) / 2


def nice_ceiling(value: float) -> tuple[float, float]:
    """An axis top at or above `value` and its tick step: 1, 2 or 5 times a power of ten, 4-6 ticks."""
    if value <= 0:
        return 1.0, 0.25
    rough = value / 4
    power = 10 ** math.floor(math.log10(rough))
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= rough)
    return step * math.ceil(value / step - 1e-9), step


class _Frame:
    """Scales from turns and values to view box units; it writes the chart's ticks as it is made."""

    def __init__(self, chart: Chart, turns: int, top_value: float, step: float, y_format: Callable[[float], str]):
        self.chart = chart
        self.band = (chart.right - chart.left) / max(turns, 1)
        self.top_value = top_value
        every = math.ceil(turns / MAX_X_LABELS)
        chart.x_ticks = [Tick(self.x(turn), str(turn)) for turn in range(1, turns + 1) if (turn - 1) % every == 0]
        count = round(top_value / step)
        chart.y_ticks = [Tick(self.y(i * step), y_format(i * step)) for i in range(count + 1)]

    def x(self, turn: float) -> float:
        return round(self.chart.left + (turn - 0.5) * self.band, 1)

    def y(self, value: float) -> float:
        span = self.chart.bottom - self.chart.top
        return round(self.chart.bottom - span * value / self.top_value, 1)


def _percent(share: float) -> str:
    return f"{share * 100:g}%"


def _legend(names: Sequence[str]) -> list[Series]:
    return [Series(name, index) for index, name in enumerate(names)] if len(names) > 1 else []


def _points(frame: _Frame, values: Sequence[tuple[int, float]]) -> str:
    return " ".join(f"{frame.x(turn)},{frame.y(value)}" for turn, value in values)


def end_turn_histogram(runs: Sequence[tuple[str, dict[str, Any]]], unit: str, turns: int) -> Chart:
    """The share of games that ended in each turn, a group of bars a turn."""
    chart = Chart("end-turn", f"Games ending in each {unit}", "", f"{unit.capitalize()} the game ended in",
                  "Share of games")
    shares = [
        {row["turn"]: row["games"] / report["games"] for row in report["end_turn"]["histogram"] if row["turn"] <= turns}
        for _, report in runs
    ]
    top, step = nice_ceiling(max((max(s.values(), default=0) for s in shares), default=0))
    frame = _Frame(chart, turns, top, step, _percent)
    width = frame.band * 0.8 / len(runs)
    for series, ((name, report), share) in enumerate(zip(runs, shares, strict=True)):
        for turn, value in sorted(share.items()):
            if not value:
                continue
            x = frame.x(turn) - frame.band * 0.4 + series * width
            games = round(value * report["games"])
            chart.bars.append(Bar(round(x, 1), frame.y(value), round(width, 1), round(frame.y(0) - frame.y(value), 1),
                                  series, f"{name}: {games:,} games ended in {unit} {turn} ({value:.1%})"))
    chart.legend = _legend([name for name, _ in runs])
    chart.summary = "; ".join(
        f"{_prefix(name, runs)}median {unit} {report['end_turn']['median']}, mean {report['end_turn']['mean']:.2f}"
        f"{_left_out(report, turns, unit)}"
        for name, report in runs
    )
    return chart


def end_turn_curve(runs: Sequence[tuple[str, dict[str, Any]]], unit: str, turns: int) -> Chart:
    """The share of games over by the end of each turn."""
    chart = Chart("ended-by", f"Games over by each {unit}", "", unit.capitalize(), "Share of games over")
    frame = _Frame(chart, turns, 1.0, 0.25, _percent)
    for series, (name, report) in enumerate(runs):
        rows = report["end_turn"]["ended_by"][:turns]
        # Every game runs to a last turn: the curve is flat at 100% after it.
        values = [(row["turn"], row["share"]) for row in rows] + [(t, 1.0) for t in range(len(rows) + 1, turns + 1)]
        chart.lines.append(Polyline(_points(frame, values), series))
        chart.dots.extend(
            Dot(frame.x(turn), frame.y(share), series, f"{name}: {share:.1%} of games over by {unit} {turn}")
            for turn, share in values
        )
    chart.legend = _legend([name for name, _ in runs])
    chart.summary = "; ".join(
        f"{_prefix(name, runs)}half the games over by {unit} {report['end_turn']['median']}, "
        f"nine in ten by {unit} {report['end_turn']['p90']}"
        for name, report in runs
    )
    return chart


def damage_per_turn(runs: Sequence[tuple[str, dict[str, Any]]], unit: str, turns: int, what: str) -> Chart:
    """Mean damage (or Lifeblood milled) in each turn, over the games that reached it, with a band of
    one standard deviation either side."""
    chart = Chart("damage", f"{what} per {unit}", "", unit.capitalize(), f"{what}, mean and spread")
    rows_of = [
        [row for row in report["damage_per_turn"] if row["games"] and row["turn"] <= turns] for _, report in runs
    ]
    highest = max((row["mean"] + row["std"] for rows in rows_of for row in rows), default=0)
    top, step = nice_ceiling(highest)
    frame = _Frame(chart, turns, top, step, lambda v: f"{v:g}")
    for series, ((name, _), rows) in enumerate(zip(runs, rows_of, strict=True)):
        if not rows:
            continue
        upper = [(row["turn"], min(top, row["mean"] + row["std"])) for row in rows]
        lower = [(row["turn"], max(0.0, row["mean"] - row["std"])) for row in reversed(rows)]
        chart.bands.append(Polyline(_points(frame, upper + lower), series))
        chart.lines.append(Polyline(_points(frame, [(row["turn"], row["mean"]) for row in rows]), series))
        chart.dots.extend(
            Dot(frame.x(row["turn"]), frame.y(row["mean"]), series,
                f"{name}: {unit} {row['turn']}, {row['mean']:.2f} \u00b1 {row['std']:.2f} over {row['games']:,} games")
            for row in rows
        )
    chart.legend = _legend([name for name, _ in runs])
    chart.summary = "; ".join(f"{_prefix(name, runs)}{_peak(rows, unit)}" for (name, _), rows in zip(runs, rows_of,
                                                                                                  strict=True))
    return chart


def _peak(rows: list[dict[str, Any]], unit: str) -> str:
    if not rows:
        return "none"
    best = max(rows, key=lambda row: row["mean"])
    return f"most in {unit} {best['turn']} ({best['mean']:.2f} on average)"


def _prefix(name: str, runs: Sequence[tuple[str, Any]]) -> str:
    return f"{name}: " if len(runs) > 1 else ""


def turns_shown(reports: Sequence[dict[str, Any]]) -> int:
    """The turns on the x axis every chart of a page shares: up to the turn by which nearly all the games
    (SHOWN_SHARE) of every run are over. A rare long game would otherwise squeeze every chart into its
    left part; the summary of the histogram tells of the games left out."""
    last = 1
    for report in reports:
        over = next((row["turn"] for row in report["end_turn"]["ended_by"] if row["share"] >= SHOWN_SHARE), 1)
        last = max(last, over)
    return last


def _left_out(report: dict[str, Any], turns: int, unit: str) -> str:
    later = [row for row in report["end_turn"]["histogram"] if row["turn"] > turns and row["games"]]
    if not later:
        return ""
    games = sum(row["games"] for row in later)
    return (f" ({games:,} game{'s' if games > 1 else ''} went on past {unit} {turns}, "
            f"the longest to {unit} {later[-1]['turn']})")
