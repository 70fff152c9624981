"""The geometry of a run's SVG charts (decks/simulations/charts.py), from reports of made-up games."""
from __future__ import annotations

import math
from collections import Counter

import pytest

from decks.simulations import charts
from engine.goldfish import RunStats
from engine.goldfish_record import GameRecord


def report_of(games: list[tuple[int, list[int]]]) -> dict:
    """A Condemned run's report of games given as (ending turn, damage in each turn)."""
    stats = RunStats("condemned", 1)
    for end_turn, damage in games:
        stats.add(GameRecord(end_turn=end_turn, won=True, damage_by_turn=damage, drawn=Counter(), played=Counter()))
    return stats.report()


FAST = report_of([(2, [5, 15]), (3, [5, 10, 5]), (3, [4, 10, 6]), (4, [2, 6, 6, 6])])
SLOW = report_of([(5, [2, 4, 4, 5, 5]), (6, [1, 3, 4, 4, 4, 4])])


def points(polyline: charts.Polyline) -> list[tuple[float, float]]:
    return [tuple(map(float, pair.split(","))) for pair in polyline.points.split()]  # type: ignore[misc]


@pytest.mark.parametrize("value", [0.01, 0.37, 0.5, 1.0, 7.3, 12, 98.6, 1234])
def test_it_puts_the_axis_top_at_a_round_number_just_above_the_highest_value(value: float) -> None:
    top, step = charts.nice_ceiling(value)
    assert value <= top < value + step
    mantissa = step / 10 ** math.floor(math.log10(step))
    assert round(mantissa, 9) in {1, 2, 5}
    assert 2 <= round(top / step) <= 5


def test_it_draws_each_turns_share_of_games_as_a_bar_of_that_height() -> None:
    chart = charts.end_turn_histogram([("Fast", FAST)], "turn", charts.turns_shown([FAST]))
    heights = {bar.title.split(" ended in turn ")[1].split(" ")[0]: bar.height for bar in chart.bars}
    assert heights.keys() == {"2", "3", "4"}
    # Turn 3 ended twice as many games as turns 2 and 4.
    assert heights["3"] == pytest.approx(2 * heights["2"], abs=0.2) and heights["2"] == heights["4"]
    top_tick = chart.y_ticks[-1]
    assert top_tick.at == chart.top and top_tick.label.endswith("%")
    assert [tick.label for tick in chart.x_ticks] == ["1", "2", "3", "4"]
    assert chart.legend == []  # one run, no legend


def test_it_draws_two_runs_as_side_by_side_bars_on_the_same_turns() -> None:
    turns = charts.turns_shown([FAST, SLOW])
    chart = charts.end_turn_histogram([("A", FAST), ("B", SLOW)], "turn", turns)
    assert turns == 6 and [s.name for s in chart.legend] == ["A", "B"]
    assert {bar.series for bar in chart.bars} == {0, 1}
    bars = sorted(chart.bars, key=lambda bar: bar.x)
    assert all(left.x + left.width <= right.x + 0.11 for left, right in zip(bars, bars[1:], strict=False))


def test_it_ends_the_cumulative_curve_at_every_game_over() -> None:
    turns = charts.turns_shown([FAST, SLOW])
    chart = charts.end_turn_curve([("A", FAST), ("B", SLOW)], "turn", turns)
    for line in chart.lines:
        xy = points(line)
        assert len(xy) == turns
        assert [x for x, _ in xy] == sorted(x for x, _ in xy)
        assert [y for _, y in xy] == sorted((y for _, y in xy), reverse=True)  # up the page as games end
        assert xy[-1][1] == chart.top
    fast = points(chart.lines[0])
    assert fast[0][1] == chart.bottom  # no game over in turn 1
    assert "half the games over by turn 3" in chart.summary


def test_it_draws_the_mean_damage_inside_its_spread_and_never_below_zero() -> None:
    chart = charts.damage_per_turn([("Fast", FAST)], "turn", 4, "Damage")
    (line,), (band,) = chart.lines, chart.bands
    means = points(line)
    shape = points(band)
    upper, lower = shape[: len(means)], list(reversed(shape[len(means):]))
    for (x, mean), (ux, top), (lx, bottom) in zip(means, upper, lower, strict=True):
        assert x == ux == lx and top <= mean <= bottom <= chart.bottom
    rows = FAST["damage_per_turn"]
    peak = max(rows, key=lambda row: row["mean"])
    assert f"most in turn {peak['turn']}" in chart.summary


def test_it_leaves_a_rare_long_game_off_the_axis_and_says_so() -> None:
    long_tail = report_of([(3, [5, 5, 10])] * 999 + [(17, [1] * 17)])
    turns = charts.turns_shown([long_tail])
    assert turns == 3  # 99.9% of the games are over by turn 3
    histogram = charts.end_turn_histogram([("Deck", long_tail)], "turn", turns)
    assert "(1 game went on past turn 3, the longest to turn 17)" in histogram.summary
    assert [tick.label for tick in histogram.x_ticks] == ["1", "2", "3"]
    damage = charts.damage_per_turn([("Deck", long_tail)], "turn", turns, "Damage")
    assert len(points(damage.lines[0])) == 3
