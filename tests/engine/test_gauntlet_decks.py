"""The deck lists of bench/gauntlet/: more opponents for bench/matchup_bench.py's gauntlet, so that it
plays 10 distinct opponent lists for each game (the other sample decks of bench/decks/, then these)."""
from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from engine.cli import load_cards, main
from engine.games import GAME_PACKAGES
from engine.validation import CardIndex, check_decklist

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "bench" / "decks"
GAUNTLET = ROOT / "bench" / "gauntlet"
OPPONENTS = 10  # bench/matchup_bench.py's OPPONENTS


def validate(deck: Path, game: str) -> dict[str, object]:
    out = io.StringIO()
    main(["validate", str(deck), "--game", game, "--json"], out=out)
    report: dict[str, object] = json.loads(out.getvalue())
    return report


def contents(game: str, index: CardIndex, deck: Path) -> tuple[tuple[str, str, int], ...]:
    """What a list plays, whatever it is named (as the bench compares them)."""
    return check_decklist(game, deck.read_text(encoding="utf-8"), index).deck.contents()


@pytest.mark.parametrize("deck", sorted(GAUNTLET.glob("*.txt")), ids=lambda path: path.stem)
def test_each_gauntlet_list_is_legal_with_no_warnings(deck: Path) -> None:
    game = deck.stem.split("-")[0]
    assert game in GAME_PACKAGES, f"{deck.name} is named <game>-<style>.txt"

    report = validate(deck, game)

    assert (report["legal"], report["problems"], report["warnings"]) == (True, [], [])


@pytest.mark.parametrize("deck", sorted(GAUNTLET.glob("*.txt")), ids=lambda path: path.stem)
def test_each_gauntlet_list_says_its_style_and_whether_its_cards_are_made_up(deck: Path) -> None:
    game = deck.stem.split("-")[0]
    demo = json.loads(next((ROOT / "fixtures" / game).glob("*.json")).read_text())["set"]["is_demo"]
    comments = [line for line in deck.read_text().splitlines() if line.startswith("#")]

    assert any("Unofficial demo set" in line for line in comments) is demo
    assert len(comments) > (2 if demo else 0), "a comment says the list's style"


@pytest.mark.parametrize("game", list(GAME_PACKAGES))
def test_each_game_has_enough_distinct_opponent_lists_for_the_gauntlet(game: str) -> None:
    index = CardIndex(game, load_cards(game))
    lists = [*sorted(SAMPLES.glob(f"{game}-*.txt")), *sorted(GAUNTLET.glob(f"{game}-*.txt"))]
    decks = {contents(game, index, path) for path in lists} - {contents(game, index, SAMPLES / f"{game}.txt")}

    assert len(decks) >= OPPONENTS
