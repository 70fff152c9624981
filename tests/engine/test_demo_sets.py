"""The demo sets of the games without a public card list: valid, and labelled as unofficial."""
from __future__ import annotations

import json
from importlib import import_module
from pathlib import Path
from typing import Any

import pytest

from engine.games import game_schema

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
# Each set's notice says, in its own words, that its cards were never published.
NOT_PUBLISHED = {"condemned": "not published cards", "anguish": "none of these are published cards"}


def demo_set(game: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((FIXTURES / game / "demo.json").read_text(encoding="utf-8"))
    return data


DEMO_CARDS = [(game, card) for game in NOT_PUBLISHED for card in demo_set(game)["cards"]]


@pytest.mark.parametrize(("game", "card"), DEMO_CARDS, ids=lambda value: value if isinstance(value, str) else "")
def test_it_accepts_every_demo_card(game: str, card: dict[str, Any]) -> None:
    schema = game_schema(game)
    assert schema.validate_card(schema.prepare(card)) == []


@pytest.mark.parametrize("game", NOT_PUBLISHED)
def test_it_labels_the_demo_set_as_unofficial(game: str) -> None:
    demo = demo_set(game)
    assert demo["game"] == game
    assert demo["set"]["code"] == "demo"
    assert demo["set"]["is_demo"] is True
    assert "unofficial" in demo["set"]["name"].lower()
    assert NOT_PUBLISHED[game] in demo["set"]["notice"]


@pytest.mark.parametrize("game", NOT_PUBLISHED)
def test_it_keeps_derived_values_out_of_the_demo_file(game: str) -> None:
    derived_keys = import_module(f"engine.games.{game}.cards").DERIVED_KEYS
    printed_keys = {key for card in demo_set(game)["cards"] for key in card["attributes"]}
    assert printed_keys.isdisjoint(derived_keys)


@pytest.mark.parametrize("game", NOT_PUBLISHED)
def test_it_gives_every_demo_card_its_own_name(game: str) -> None:
    """Anguish 4.1: "only exact names count towards the card copy limit", so a demo name is never reused;
    and deck lists name cards, in every game."""
    names = [card["name"].casefold() for card in demo_set(game)["cards"]]
    assert len(names) == len(set(names))
