"""The statistics of a goldfish run: what a run reports, and that chunks merge into one run."""
from __future__ import annotations

import json
import math
import random
from collections import Counter
from pathlib import Path

import pytest

from engine.cli import load_cards, resolved_deck
from engine.deck import ResolvedDeck
from engine.games import GAME_PACKAGES, UnknownGame
from engine.goldfish import IncompatibleStats, RunStats, run_goldfish
from engine.goldfish_record import GameRecord
from engine.validation import CardIndex

ROOT = Path(__file__).resolve().parents[2]


def record(
    end_turn: int, won: bool = True, damage: list[int] | None = None, mulligans: int = 0,
    first_turn_play: bool = False, drawn: Counter[str] | None = None, played: Counter[str] | None = None,
    no_effect: Counter[str] | None = None,
) -> GameRecord:
    return GameRecord(
        end_turn=end_turn, won=won, damage_by_turn=damage or [], mulligans=mulligans,
        first_turn_play=first_turn_play, drawn=drawn or Counter(), played=played or Counter(),
        no_effect=no_effect or Counter(),
    )


def run_of(game: str, records: list[GameRecord], seed: int = 1) -> RunStats:
    stats = RunStats(game, seed)
    for one in records:
        stats.add(one)
    return stats


def random_record(rng: random.Random) -> GameRecord:
    turns = rng.randint(1, 12)
    names = ["Katana Lunge", "Lotus Slash", "Sword Throw", "Arm Up"]
    drawn = Counter({name: rng.randint(0, 3) for name in names})
    played = Counter({name: rng.randint(0, 3) for name in names})
    return GameRecord(
        end_turn=turns,
        won=rng.random() < 0.8,
        damage_by_turn=[rng.randint(0, 6) for _ in range(turns)],
        mulligans=rng.choice([0, 0, 1, 2]),
        first_turn_play=rng.random() < 0.5,
        drawn=+drawn,
        played=+played,
        no_effect=Counter({"Disguise Self": 1}) if rng.random() < 0.1 else Counter(),
    )


def test_it_reports_the_ending_turn_histogram_mean_percentiles_and_cumulative_share() -> None:
    # Ten games ending in rounds 2, 3, 3, 3, 4, 4, 5, 5, 5, 9.
    ends = [2, 3, 3, 3, 4, 4, 5, 5, 5, 9]
    report = run_of("qqdnd", [record(turn) for turn in ends]).report()["end_turn"]

    assert report["histogram"] == [
        {"turn": 1, "games": 0}, {"turn": 2, "games": 1}, {"turn": 3, "games": 3}, {"turn": 4, "games": 2},
        {"turn": 5, "games": 3}, {"turn": 6, "games": 0}, {"turn": 7, "games": 0}, {"turn": 8, "games": 0},
        {"turn": 9, "games": 1},
    ]
    assert report["mean"] == pytest.approx(4.3)
    # Nearest rank: the 5th of 10 games ended in round 4, the 1st in round 2, the 9th in round 5.
    assert (report["median"], report["p10"], report["p90"]) == (4, 2, 5)
    shares = [row["share"] for row in report["ended_by"]]
    assert shares == pytest.approx([0.0, 0.1, 0.4, 0.6, 0.9, 0.9, 0.9, 0.9, 1.0])


def test_it_reports_wins_and_the_turn_unit_and_limit_of_each_game() -> None:
    stats = run_of("anguish", [record(11, won=False), record(8), record(9), record(11, won=False)], seed=7)
    report = stats.report()

    assert (report["game"], report["seed"], report["games"]) == ("anguish", 7, 4)
    assert (report["wins"], report["win_rate"]) == (2, 0.5)
    assert (report["turn_unit"], report["turn_limit"]) == ("Hour", 11)
    assert (RunStats("qqdnd", 1).report()["turn_unit"], RunStats("qqdnd", 1).report()["turn_limit"]) == ("round", 30)
    assert RunStats("condemned", 1).report()["turn_unit"] == "turn"


def test_it_reports_damage_per_turn_mean_and_spread_over_the_games_that_played_that_turn() -> None:
    stats = run_of("condemned", [record(3, damage=[0, 2, 4]), record(2, damage=[0, 6]), record(1, damage=[3])])
    rows = stats.report()["damage_per_turn"]

    assert [row["turn"] for row in rows] == [1, 2, 3]
    assert [row["games"] for row in rows] == [3, 2, 1]
    assert [row["mean"] for row in rows] == pytest.approx([1.0, 4.0, 4.0])
    # Turn 1: damage 0, 0, 3 around a mean of 1: variance (1 + 1 + 4) / 3 = 2.
    assert [row["std"] for row in rows] == pytest.approx([math.sqrt(2), 2.0, 0.0])


def test_it_reports_mulligans_where_the_game_has_them_and_first_turn_plays() -> None:
    records = [record(5, mulligans=2, first_turn_play=True), record(5), record(6, first_turn_play=True),
               record(7, mulligans=1)]

    condemned = run_of("condemned", records).report()
    assert condemned["mulligan_rate"] == 0.5
    assert condemned["mulligans_per_game"] == 0.75
    assert condemned["first_turn_play_rate"] == 0.5

    # The QQDND rules have no mulligan: a rate of 0 would suggest there was one to take.
    qqdnd = run_of("qqdnd", [record(5, first_turn_play=True)]).report()
    assert qqdnd["mulligan_rate"] is None
    assert qqdnd["first_turn_play_rate"] == 1.0


def test_it_counts_a_drawn_copy_that_was_never_played_as_dead() -> None:
    records = [
        record(4, drawn=Counter({"Lotus Slash": 3, "Arm Up": 1}), played=Counter({"Lotus Slash": 1, "Arm Up": 1})),
        record(4, drawn=Counter({"Lotus Slash": 1}), played=Counter({"Lotus Slash": 1})),
        # Played more often than drawn (returned to hand and played again): no copy is dead.
        record(4, drawn=Counter({"Arm Up": 1}), played=Counter({"Arm Up": 2})),
        record(4),
    ]
    cards = {row["name"]: row for row in run_of("qqdnd", records).report()["cards"]}

    lotus = cards["Lotus Slash"]
    assert (lotus["drawn_per_game"], lotus["played_per_game"], lotus["dead_per_game"]) == (1.0, 0.5, 0.5)
    assert lotus["drawn_rate"] == 0.5
    assert lotus["dead_rate"] == 0.5  # of the 2 games that drew it, one had dead copies
    assert lotus["dead_share"] == 0.5  # 2 of the 4 drawn copies
    arm_up = cards["Arm Up"]
    assert (arm_up["dead_per_game"], arm_up["dead_share"], arm_up["played_per_game"]) == (0.0, 0.0, 0.75)


def test_it_names_every_card_treated_as_having_no_effect() -> None:
    records = [record(3, no_effect=Counter({"Disguise Self": 2})), record(3, no_effect=Counter({"Vanish": 1})),
               record(3, no_effect=Counter({"Disguise Self": 1}))]

    assert run_of("qqdnd", records).report()["no_effect"] == [
        {"name": "Disguise Self", "times": 3}, {"name": "Vanish", "times": 1},
    ]


def test_it_reports_no_rates_for_a_run_of_no_games() -> None:
    report = RunStats("qqdnd", 3).report()

    assert report["games"] == 0
    assert report["win_rate"] is None
    assert report["end_turn"]["median"] is None
    assert report["end_turn"]["histogram"] == []


@pytest.mark.parametrize("split_seed", range(8))
def test_it_merges_chunks_in_any_split_and_order_into_the_stats_of_one_run(split_seed: int) -> None:
    rng = random.Random(split_seed)
    records = [random_record(rng) for _ in range(60)]
    whole = run_of("condemned", records).to_dict()

    cuts = sorted(rng.sample(range(1, len(records)), rng.randint(1, 6)))
    bounds = list(zip([0, *cuts], [*cuts, len(records)], strict=True))
    rng.shuffle(bounds)
    merged = RunStats("condemned", 1)
    for start, stop in bounds:
        # Each chunk travels as JSON, as it would from another worker.
        chunk = RunStats.from_dict(json.loads(json.dumps(run_of("condemned", records[start:stop]).to_dict())))
        merged.merge(chunk)

    assert merged.to_dict() == whole
    assert merged.report() == run_of("condemned", records).report()


def test_it_round_trips_through_json() -> None:
    rng = random.Random(5)
    stats = run_of("anguish", [random_record(rng) for _ in range(20)])

    assert RunStats.from_dict(json.loads(json.dumps(stats.to_dict()))) == stats


def test_it_refuses_to_merge_runs_of_another_seed_or_game() -> None:
    with pytest.raises(IncompatibleStats):
        RunStats("qqdnd", 1).merge(RunStats("qqdnd", 2))
    with pytest.raises(IncompatibleStats):
        RunStats("qqdnd", 1).merge(RunStats("anguish", 1))


def test_it_refuses_to_merge_games_against_another_opponent_or_by_another_player() -> None:
    with pytest.raises(IncompatibleStats, match="against passive"):
        RunStats("qqdnd", 1, "sparring").merge(RunStats("qqdnd", 1, "passive"))
    with pytest.raises(IncompatibleStats, match="search play"):
        RunStats("qqdnd", 1, "passive", "heuristic").merge(RunStats("qqdnd", 1, "passive", "search"))


def test_it_refuses_an_unknown_game() -> None:
    with pytest.raises(UnknownGame):
        RunStats("chess", 1)



def sample_deck(game: str) -> ResolvedDeck:
    text = (ROOT / "bench" / "decks" / f"{game}.txt").read_text()
    return resolved_deck(game, text, CardIndex(game, load_cards(game)))


@pytest.mark.parametrize("game", list(GAME_PACKAGES))
def test_a_chunk_plays_the_same_games_whatever_the_process_played_before(game: str) -> None:
    """A worker plays chunks of many runs in any order: nothing it worked out for one game (a deck's
    opening-hand worth, say) may depend on which game of the run it happened to work it out in."""
    deck = sample_deck(game)
    other_file = next(path for path in sorted((ROOT / "bench" / "decks").glob(f"{game}-*.txt")))
    other = resolved_deck(game, other_file.read_text(), CardIndex(game, load_cards(game)))
    run_goldfish(game, other, 1, seed=3)  # the process's caches hold another Game now
    later_first = run_goldfish(game, deck, 60, seed=11, start=60)
    run_goldfish(game, other, 1, seed=3)
    run_goldfish(game, deck, 60, seed=11, start=0)
    later_after = run_goldfish(game, deck, 60, seed=11, start=60)
    assert later_first.to_dict() == later_after.to_dict()


@pytest.mark.parametrize("game", list(GAME_PACKAGES))
def test_it_gives_the_same_run_however_its_games_are_chunked(game: str) -> None:
    deck = sample_deck(game)
    whole = run_goldfish(game, deck, 40, seed=11)

    rng = random.Random(game)
    for _ in range(3):
        cuts = sorted(rng.sample(range(1, 40), rng.randint(1, 5)))
        merged = RunStats(game, 11, whole.opponent, whole.player)
        for start, stop in zip([0, *cuts], [*cuts, 40], strict=True):
            merged.merge(run_goldfish(game, deck, stop - start, seed=11, start=start))
        assert merged.to_dict() == whole.to_dict()
    assert whole.games == 40
    assert sum(whole.end_turns.values()) == 40


@pytest.mark.parametrize("game", list(GAME_PACKAGES))
def test_it_plays_a_different_run_with_another_seed(game: str) -> None:
    deck = sample_deck(game)

    assert run_goldfish(game, deck, 40, seed=1).to_dict() != run_goldfish(game, deck, 40, seed=2).to_dict()


def test_it_refuses_a_negative_number_of_games() -> None:
    with pytest.raises(ValueError, match="must not be negative"):
        run_goldfish("qqdnd", ResolvedDeck("qqdnd", "constructed"), -1, seed=1)


def test_it_plays_the_same_games_whatever_order_the_cards_are_listed_in() -> None:
    """goldfish.md: "Game i of a run with seed S uses its own random stream derived from (S, i)" —
    the same deck and seed give the same results, so a reordered list is the same deck."""
    text = (ROOT / "bench" / "decks" / "condemned.txt").read_text()
    head, _, body = text.partition("Deck:\n")
    lines = [line for line in body.splitlines() if line.strip()]
    reordered = head + "Deck:\n" + "\n".join(reversed(lines)) + "\n"
    index = CardIndex("condemned", load_cards("condemned"))
    one, other = resolved_deck("condemned", text, index), resolved_deck("condemned", reordered, index)
    assert [e.name for e in one.entries] != [e.name for e in other.entries]
    assert run_goldfish("condemned", one, 40, 5).to_dict() == run_goldfish("condemned", other, 40, 5).to_dict()
