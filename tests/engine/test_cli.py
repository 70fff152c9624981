"""`python -m engine`: validate and goldfish a deck list from the command line."""
from __future__ import annotations

import io
import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from engine.cli import BAR_WIDTH, format_report, main
from engine.games import GAME_PACKAGES
from engine.goldfish import RunStats
from engine.goldfish_record import GameRecord

ROOT = Path(__file__).resolve().parents[2]
QQDND_DECK = ROOT / "bench" / "decks" / "qqdnd.txt"


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    return main(list(argv), out=out), out.getvalue()


def test_it_says_a_legal_deck_is_legal() -> None:
    status, output = run("validate", str(QQDND_DECK), "--game", "qqdnd")

    assert status == 0
    assert output.startswith("Legal (qqdnd, constructed)")


def test_it_lists_the_problems_of_an_illegal_deck_and_exits_1_on_validate(tmp_path: Path) -> None:
    deck = tmp_path / "three.txt"
    deck.write_text(QQDND_DECK.read_text().replace("1 Resmi Val'Rance, Village Pariah\n", ""))

    status, output = run("validate", str(deck), "--game", "qqdnd", "--json")

    assert status == 1
    assert "party_size" in [problem["code"] for problem in json.loads(output)["problems"]]


def test_it_refuses_to_goldfish_an_illegal_deck_and_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deck = tmp_path / "unknown.txt"
    deck.write_text(QQDND_DECK.read_text() + "2 Katana Lunj\n")

    status, output = run("goldfish", str(deck), "--game", "qqdnd", "--games", "5")

    assert status == 2
    assert output == ""  # nothing was played
    errors = capsys.readouterr().err
    assert "not a legal deck" in errors
    assert "[unknown_card]" in errors and "Katana Lunge" in errors  # the closest name is suggested


def test_it_explains_a_missing_deck_file_and_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, _ = run("goldfish", str(tmp_path / "nowhere.txt"), "--game", "qqdnd")

    assert status == 2
    assert "nowhere.txt: no such file" in capsys.readouterr().err


def test_it_explains_a_deck_file_that_is_not_text(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deck = tmp_path / "deck.txt"
    deck.write_bytes(b"\xff\xfe\x00binary")

    assert run("validate", str(deck), "--game", "qqdnd")[0] == 2
    assert "not a UTF-8 text file" in capsys.readouterr().err


def test_it_explains_a_deck_list_over_the_size_limit(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deck = tmp_path / "long.txt"
    deck.write_text("1 Katana Lunge\n" * 501)

    assert run("validate", str(deck), "--game", "qqdnd")[0] == 2
    assert "500" in capsys.readouterr().err


def test_it_reads_cards_from_the_fixture_file_it_is_given(tmp_path: Path) -> None:
    fixture = json.loads((ROOT / "fixtures" / "qqdnd" / "core.json").read_text())
    fixture["cards"] = [card for card in fixture["cards"] if card["name"] != "Katana Lunge"]
    cards = tmp_path / "cards.json"
    cards.write_text(json.dumps(fixture))

    status, output = run("validate", str(QQDND_DECK), "--game", "qqdnd", "--cards", str(cards), "--json")

    assert status == 1
    assert [p["cards"] for p in json.loads(output)["problems"] if p["code"] == "unknown_card"] == [["Katana Lunge"]]


def test_it_explains_a_card_file_that_is_not_a_fixture(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cards = tmp_path / "cards.json"
    cards.write_text('{"cards": [')

    assert run("validate", str(QQDND_DECK), "--game", "qqdnd", "--cards", str(cards))[0] == 2
    assert "not a fixture file of qqdnd cards" in capsys.readouterr().err


def test_it_refuses_a_fixture_file_of_another_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cards = tmp_path / "cards.json"
    cards.write_text(json.dumps({"game": "anguish", "set": {"code": "demo"}, "cards": []}))

    assert run("validate", str(QQDND_DECK), "--game", "qqdnd", "--cards", str(cards))[0] == 2
    assert "holds anguish cards, not qqdnd cards" in capsys.readouterr().err


def test_it_draws_the_ending_turn_histogram_as_bars_and_names_cards_with_no_effect() -> None:
    stats = RunStats("qqdnd", 4)
    for end_turn, games in ((3, 2), (4, 4), (5, 1)):
        for _ in range(games):
            stats.add(GameRecord(end_turn=end_turn, won=True, no_effect=Counter({"Vanish": 1})))

    text = format_report(stats.report(), "QQDND CCG", "deck.txt")
    bars = {int(line.split()[0]): line.count("#") for line in text.splitlines()
            if line.strip()[:1].isdigit() and "%" in line}

    assert bars == {1: 0, 2: 0, 3: BAR_WIDTH // 2, 4: BAR_WIDTH, 5: BAR_WIDTH // 4}
    assert "7 games, seed 4" in text
    assert "Cards treated as having no effect: Vanish (7 times)" in text


def test_it_says_when_no_card_was_treated_as_having_no_effect() -> None:
    stats = RunStats("condemned", 1)
    stats.add(GameRecord(end_turn=6, won=True, mulligans=1))

    text = format_report(stats.report(), "The Condemned CCG", "deck.txt")

    assert "Cards treated as having no effect: none" in text
    assert "Mulliganed: 100.0% of games" in text


def test_it_runs_as_python_dash_m_engine() -> None:
    finished = subprocess.run(
        [sys.executable, "-m", "engine", "validate", str(QQDND_DECK), "--game", "qqdnd"],
        cwd=ROOT, capture_output=True, text=True, check=False,
    )

    assert (finished.returncode, finished.stdout.splitlines()[0]) == (0, "Legal (qqdnd, constructed)")



@pytest.mark.parametrize("deck", sorted((ROOT / "bench" / "decks").glob("*.txt")), ids=lambda path: path.stem)
def test_it_says_each_sample_deck_is_legal(deck: Path) -> None:
    game = deck.stem.split("-")[0]

    assert run("validate", str(deck), "--game", game)[0] == 0


@pytest.mark.parametrize("game", list(GAME_PACKAGES))
def test_it_prints_the_report_of_a_goldfish_run_as_json_the_same_for_the_same_seed(game: str) -> None:
    deck = str(ROOT / "bench" / "decks" / f"{game}.txt")

    status, output = run("goldfish", deck, "--game", game, "--games", "30", "--seed", "5", "--json")
    report = json.loads(output)

    assert status == 0
    assert (report["game"], report["games"], report["seed"]) == (game, 30, 5)
    assert sum(row["games"] for row in report["end_turn"]["histogram"]) == 30
    assert run("goldfish", deck, "--game", game, "--games", "30", "--seed", "5", "--json")[1] == output
    assert run("goldfish", deck, "--game", game, "--games", "30", "--seed", "6", "--json")[1] != output


@pytest.mark.parametrize("game", list(GAME_PACKAGES))
def test_it_prints_a_goldfish_run_as_a_table(game: str) -> None:
    status, output = run("goldfish", str(ROOT / "bench" / "decks" / f"{game}.txt"), "--game", game, "--games", "20")

    assert status == 0
    assert "20 games, seed 1" in output
    assert "Cards treated as having no effect:" in output


@pytest.mark.parametrize("game", list(GAME_PACKAGES))
def test_it_says_the_cards_are_an_unofficial_demo_set_where_they_are(game: str) -> None:
    """Every output that shows The Condemned's or Anguish's made-up cards says so (README: "labelled
    as such on every page"); QQDND's published cards carry no such line."""
    deck = str(ROOT / "bench" / "decks" / f"{game}.txt")
    fixture = json.loads(next((ROOT / "fixtures" / game).glob("*.json")).read_text())
    demo = fixture["set"]["is_demo"]

    for command in (["validate", deck], ["goldfish", deck, "--games", "5"]):
        output = run(*command, "--game", game)[1]
        assert ("Unofficial demo set:" in output) is demo, command
        if demo:
            assert fixture["set"]["notice"] in output


def test_it_reports_a_count_of_thousands_of_digits_without_a_traceback(tmp_path: Path) -> None:
    """Python refuses to read a number of more than 4,300 digits; the list's line is a parse error."""
    text = QQDND_DECK.read_text() + "9" * 5000 + " Katana Lunge\n"
    deck = tmp_path / "huge.txt"
    deck.write_text(text)
    finished = subprocess.run(
        [sys.executable, "-m", "engine", "validate", str(deck), "--game", "qqdnd"],
        cwd=ROOT, capture_output=True, text=True, check=False,
    )

    assert finished.returncode == 1 and "Traceback" not in finished.stderr
    assert f"[parse_error] Line {len(text.splitlines())}: at most 999 copies a line" in finished.stdout


@pytest.mark.parametrize("deck", sorted((ROOT / "bench" / "decks").glob("*.txt")), ids=lambda path: path.stem)
def test_each_sample_deck_of_demo_cards_says_so_in_a_comment(deck: Path) -> None:
    """A deck file passed around on its own still says its cards are made up (a "#" comment line,
    which the list format ignores)."""
    game = deck.stem.split("-")[0]
    demo = json.loads(next((ROOT / "fixtures" / game).glob("*.json")).read_text())["set"]["is_demo"]
    comments = [line for line in deck.read_text().splitlines() if line.startswith("#")]
    assert any("Unofficial demo set" in line for line in comments) is demo
