"""A finished run's results (RunStats.report()) laid out for its page, and two runs side by side."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from . import charts
from .models import SimulationRun


@dataclass(frozen=True)
class GameWords:
    goal: str  # what a won goldfish game did, after "Goal reached:"
    damage: str  # what the per-turn chart counts


# The goldfish spec's "a game ends when" column, in a player's words.
GAME_WORDS: dict[str, GameWords] = {
    "qqdnd": GameWords("every dummy Party Member defeated", "Damage"),
    "condemned": GameWords("the inmate's Life down to 0", "Damage"),
    "anguish": GameWords("the opponent's Lifeblood emptied", "Lifeblood milled"),
}


# Each goldfish opponent (engine/play/kits.py) in a player's words: (name, what it does).
OPPONENT_WORDS: dict[tuple[str, str], tuple[str, str]] = {
    ("qqdnd", "sparring"): ("the sparring party",
                            "four dummies (Life 6) that pass the turn back with a do-nothing Turn Action, so the "
                            "deck plays down its Initiative ladder"),
    ("qqdnd", "passive"): ("the passive party",
                           "four dummies (Life 6) that never act: two Actions a round, the opening and the last"),
    ("condemned", "inmate"): ("the generic inmate", "20 Life, no abilities, no Weapons or Armor, never parries"),
    ("anguish", "silent"): ("the silent goldfish", "an empty board and a full Lifeblood; it plays nothing"),
}
PLAYER_WORDS = {
    "heuristic": "the built-in player",
    "search": "the search player",
    "random": "a random player",
}


def opponent_words(game: str, opponent: str) -> tuple[str, str]:
    """(name, description) of a goldfish opponent, for pages."""
    return OPPONENT_WORDS.get((game, opponent), (opponent, ""))


@dataclass(frozen=True)
class Fact:
    label: str
    value: str
    note: str = ""


@dataclass(frozen=True)
class CardRow:
    name: str
    drawn_per_game: float
    played_per_game: float
    dead_per_game: float
    drawn_rate: float  # share of games in which a copy was drawn
    dead_rate: float | None  # of those, the share with a copy never played
    dead_share: float | None  # share of drawn copies never played
    # The dead copies a game by why (None in runs stored before the split was counted): never a
    # legal moment to play them, or held by the player's choice.
    no_moment_per_game: float | None = None
    unchosen_per_game: float | None = None

    @property
    def dead_percent(self) -> float:
        return round((self.dead_share or 0) * 100, 1)

    @property
    def dead_rate_text(self) -> str:
        return _rate(self.dead_rate)


@dataclass(frozen=True)
class TurnRow:
    turn: int
    games: int
    share: float
    ended_by: float

    @property
    def share_text(self) -> str:
        return _rate(self.share)

    @property
    def ended_by_text(self) -> str:
        return _rate(self.ended_by)


@dataclass(frozen=True)
class RunReport:
    unit: str
    facts: list[Fact]
    charts: list[charts.Chart]
    turns: list[TurnRow]
    cards: list[CardRow]
    no_effect: list[dict[str, Any]]
    split_dead: bool  # the run counted why copies were dead (runs stored before did not)


def _words(game: str) -> GameWords:
    return GAME_WORDS[game]


def _rate(value: float | None) -> str:
    return "\u2014" if value is None else f"{value:.1%}"


def _seconds(run: SimulationRun) -> float | None:
    if run.started_at is None or run.finished_at is None:
        return None
    return max((run.finished_at - run.started_at).total_seconds(), 0.001)


def _facts(run: SimulationRun, report: dict[str, Any]) -> list[Fact]:
    unit, end = report["turn_unit"], report["end_turn"]
    opponent, described = opponent_words(run.game.slug, run.opponent)
    player = PLAYER_WORDS.get(run.player, run.player)
    if run.player == "search" and run.budget:
        player += f" ({run.budget} play-outs a decision)"
    facts = [
        Fact("Games", f"{report['games']:,}", f"seed {report['seed']}"),
        Fact("Opponent", opponent.capitalize(), described),
        Fact("Played by", player.capitalize()),
        Fact("Goal reached", _rate(report["win_rate"]),
             f"{_words(run.game.slug).goal} within {report['turn_limit']} {unit}s in {report['wins']:,} games"),
        Fact(f"Median ending {unit}", str(end["median"]), f"mean {end['mean']:.2f}"),
        Fact(f"Ending {unit}, 10th\u201390th percentile", f"{end['p10']}\u2013{end['p90']}",
             f"one game in ten is over by {unit} {end['p10']}, nine in ten by {unit} {end['p90']}"),
        Fact("First turn had a play", _rate(report["first_turn_play_rate"])),
    ]
    if report.get("overkill_per_game"):
        facts.append(Fact("Overkill a game", f"{report['overkill_per_game']:.2f}",
                          f"{_words(run.game.slug).damage.lower()} past what its target needed, not counted above"))
    if report.get("capped"):
        facts.append(Fact(f"{unit.capitalize()}s ended by the action cap", f"{report['capped']:,}",
                          "a rules loop that could have gone on for ever"))
    if report["mulligan_rate"] is not None:
        facts.append(Fact("Mulliganed", _rate(report["mulligan_rate"]),
                          f"{report['mulligans_per_game']:.2f} mulligans a game"))
    seconds = _seconds(run)
    if seconds is not None:
        facts.append(Fact("Time", f"{seconds:,.1f} s", f"{report['games'] / seconds:,.0f} games a second"))
    return facts


def _card_rows(report: dict[str, Any]) -> list[CardRow]:
    rows = [
        CardRow(card["name"], card["drawn_per_game"] or 0.0, card["played_per_game"] or 0.0,
                card["dead_per_game"] or 0.0, card["drawn_rate"] or 0.0, card["dead_rate"], card["dead_share"],
                card.get("no_moment_per_game"), card.get("unchosen_per_game"))
        for card in report["cards"]
    ]
    # The deadest cards first: the ones a player looks at to cut.
    return sorted(rows, key=lambda row: (-(row.dead_share or 0), -row.dead_per_game, row.name.casefold()))


def _turn_rows(report: dict[str, Any]) -> list[TurnRow]:
    ended_by = {row["turn"]: row["share"] for row in report["end_turn"]["ended_by"]}
    return [
        TurnRow(row["turn"], row["games"], row["games"] / report["games"], ended_by[row["turn"]])
        for row in report["end_turn"]["histogram"]
    ]


def _charts(game: str, runs: Sequence[tuple[str, dict[str, Any]]]) -> list[charts.Chart]:
    unit = runs[0][1]["turn_unit"]
    turns = charts.turns_shown([report for _, report in runs])
    return [
        charts.end_turn_histogram(runs, unit, turns),
        charts.end_turn_curve(runs, unit, turns),
        charts.damage_per_turn(runs, unit, turns, _words(game).damage),
    ]


def run_report(run: SimulationRun) -> RunReport:
    """A done run's results, for its page."""
    report = run.results
    assert report is not None, "only a done run has results"
    return RunReport(
        unit=report["turn_unit"],
        facts=_facts(run, report),
        charts=_charts(run.game.slug, [(run.name, report)]),
        turns=_turn_rows(report),
        cards=_card_rows(report),
        no_effect=report["no_effect"],
        split_dead=all("no_moment_per_game" in card for card in report["cards"]),
    )


# Two runs ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class CompareRow:
    label: str
    a: str
    b: str
    better: str  # "a", "b" or "" (equal, or no better direction)


@dataclass(frozen=True)
class CompareCard:
    name: str
    a: CardRow | None
    b: CardRow | None


@dataclass(frozen=True)
class Comparison:
    same_games: bool  # both runs played the same games' random streams (same seed and game count)
    rows: list[CompareRow]
    charts: list[charts.Chart]
    cards: list[CompareCard]


# (label, with {unit} for the game's clock; the value in a report; its text; whether more is better)
Measure = tuple[str, Callable[[dict[str, Any]], float | None], Callable[[float | None], str], bool]
MEASURES: list[Measure] = [
    ("Goal reached", lambda r: r["win_rate"], _rate, True),
    ("Mean ending {unit}", lambda r: r["end_turn"]["mean"], lambda v: "\u2014" if v is None else f"{v:.2f}", False),
    ("Median ending {unit}", lambda r: r["end_turn"]["median"], str, False),
    ("Ending {unit}, 10th percentile", lambda r: r["end_turn"]["p10"], str, False),
    ("Ending {unit}, 90th percentile", lambda r: r["end_turn"]["p90"], str, False),
    ("First turn had a play", lambda r: r["first_turn_play_rate"], _rate, True),
    ("Mulliganed", lambda r: r["mulligan_rate"], _rate, False),
]


def _better(a: float | None, b: float | None, more_is_better: bool) -> str:
    if a is None or b is None or a == b:
        return ""
    return "a" if (a > b) == more_is_better else "b"


def comparison(run_a: SimulationRun, run_b: SimulationRun, name_a: str, name_b: str) -> Comparison:
    """Two done runs of the same game side by side (deck A against deck B)."""
    a, b = run_a.results, run_b.results
    assert a is not None and b is not None, "only done runs are compared"
    rows = [
        CompareRow(label.format(unit=a["turn_unit"]), text(value(a)), text(value(b)), _better(value(a), value(b), more))
        for label, value, text, more in MEASURES
        if value(a) is not None or value(b) is not None
    ]
    cards_a = {row.name: row for row in _card_rows(a)}
    cards_b = {row.name: row for row in _card_rows(b)}
    names = sorted(cards_a.keys() | cards_b.keys(), key=str.casefold)
    return Comparison(
        same_games=(run_a.seed, run_a.games) == (run_b.seed, run_b.games),
        rows=rows,
        charts=_charts(run_a.game.slug, [(name_a, a), (name_b, b)]),
        cards=[CompareCard(name, cards_a.get(name), cards_b.get(name)) for name in names],
    )
