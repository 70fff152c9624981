"""Every Game of a process that holds the same card shares its CardSpec (state.shared_spec), so the
heuristic's tables, keyed by specs, serve them all; a card whose record differs (an edited card) is read
again, and plays by its own printed values: "Apply the damage modifier as written on the card"."""

from __future__ import annotations

import copy
from typing import Any

from engine.cli import load_cards
from engine.games.condemned.state import CondemnedGame, Contender

CARDS = {card["name"]: card for card in load_cards("condemned")}


def game_of(*cards: dict[str, Any]) -> CondemnedGame:
    return CondemnedGame((Contender(None, list(cards)), Contender(None, [], passive=True)))


def test_games_holding_the_same_card_share_its_spec() -> None:
    first, second = game_of(CARDS["Sledgehammer"]), game_of(copy.deepcopy(CARDS["Sledgehammer"]))
    assert first.specs["Sledgehammer"] is second.specs["Sledgehammer"]


def test_a_card_whose_record_changed_gets_a_spec_of_its_own_values() -> None:
    before = game_of(CARDS["Sledgehammer"]).specs["Sledgehammer"]
    edited = copy.deepcopy(CARDS["Sledgehammer"])
    edited["attributes"]["damage"] = before.damage + 3
    after = game_of(edited).specs["Sledgehammer"]
    assert after is not before and after.damage == before.damage + 3
    # The card as it was is read again too, with its own damage.
    again = game_of(CARDS["Sledgehammer"]).specs["Sledgehammer"]
    assert again.damage == before.damage
