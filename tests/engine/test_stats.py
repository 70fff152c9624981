"""Deck chart data (engine/stats.py and engine/games/<slug>/stats.py), card records built here
or read from the QQDND fixture."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine.deck import DeckCard, ResolvedDeck
from engine.games import UnknownGame
from engine.stats import deck_stats

QQDND_CORE = Path(__file__).resolve().parents[2] / "fixtures" / "qqdnd" / "core.json"


@pytest.fixture(scope="module")
def qqdnd_cards() -> dict[str, dict[str, Any]]:
    cards = json.loads(QQDND_CORE.read_text(encoding="utf-8"))["cards"]
    return {card["name"]: card for card in cards}


def bars(stats: dict[str, Any], key: str) -> dict[str, int]:
    chart = next(c for c in stats["charts"] if c["key"] == key)
    return {bar["label"]: bar["count"] for bar in chart["bars"]}


def labels(stats: dict[str, Any], key: str) -> list[str]:
    chart = next(c for c in stats["charts"] if c["key"] == key)
    return [bar["label"] for bar in chart["bars"]]


def totals(stats: dict[str, Any]) -> dict[str, int]:
    return {t["key"]: t["value"] for t in stats["totals"]}


def card(name: str, card_type: str, subtypes: tuple[str, ...] = (), **attributes: Any) -> dict[str, Any]:
    return {"name": name, "card_type": card_type, "subtypes": list(subtypes), "text": "", "attributes": attributes}


# QQDND ------------------------------------------------------------------------------------------


def qqdnd_deck(cards: dict[str, dict[str, Any]], party: dict[str, int], resources: dict[str, int]) -> ResolvedDeck:
    entries = [DeckCard(cards[name], n, "Party") for name, n in party.items()]
    entries += [DeckCard(cards[name], n, "Resources") for name, n in resources.items()]
    return ResolvedDeck("qqdnd", "constructed", {"Side": "Good"}, entries)


def test_it_counts_each_resource_at_its_highest_initiative(qqdnd_cards: dict[str, dict[str, Any]]) -> None:
    # Katana Lunge (17), Lotus Slash (5-3), Channel Positive Energy (10-6), Alchemical Bomb (10).
    deck = qqdnd_deck(qqdnd_cards, {}, {"Katana Lunge": 4, "Lotus Slash": 3, "Channel Positive Energy": 2,
                                        "Alchemical Bomb": 1})
    initiative = bars(deck_stats(deck), "initiative")
    assert (initiative["17"], initiative["5"], initiative["10"]) == (4, 3, 3)
    assert initiative["3"] == 0 and initiative["6"] == 0
    assert sum(initiative.values()) == 10


def test_it_spans_the_initiative_axis_from_1_to_20_and_beyond_when_a_card_does(
    qqdnd_cards: dict[str, dict[str, Any]],
) -> None:
    plain = deck_stats(qqdnd_deck(qqdnd_cards, {}, {"Katana Lunge": 1}))
    assert labels(plain, "initiative") == [str(n) for n in range(1, 21)]
    # Drunkard prints 21; Dimensional Wave prints "*" and has no number.
    wide = deck_stats(qqdnd_deck(qqdnd_cards, {}, {"Drunkard": 2, "Dimensional Wave": 1}))
    assert labels(wide, "initiative") == [*(str(n) for n in range(1, 22)), "*"]
    assert bars(wide, "initiative")["21"] == 2 and bars(wide, "initiative")["*"] == 1


def test_it_mixes_resources_by_alignment_tag_and_subtype(qqdnd_cards: dict[str, dict[str, Any]]) -> None:
    # Cure Wounds: Cleric, Magic, Spell, NG; Pious Villager: Ally, Human, TN; Grease: Bard, Magic, Spell.
    deck = qqdnd_deck(qqdnd_cards, {}, {"Cure Wounds": 2, "Pious Villager": 3, "Grease": 4})
    stats = deck_stats(deck)
    assert bars(stats, "alignment") == {"NG": 2, "TN": 3, "None": 4}
    subtypes = bars(stats, "subtypes")
    assert subtypes == {"Magic": 6, "Spell": 6, "Bard": 4, "Ally": 3, "Human": 3, "Cleric": 2}
    assert labels(stats, "subtypes")[:2] == ["Magic", "Spell"]  # largest first, ties alphabetical
    assert bars(stats, "category") == {"Action": 6, "Permanent": 3}


def test_it_totals_the_resources_and_the_partys_values(qqdnd_cards: dict[str, dict[str, Any]]) -> None:
    # Eptol Noir: RV 10, HV 1; Iago Montelo: RV 12, HV 2.
    deck = qqdnd_deck(qqdnd_cards, {"Eptol Noir, Forgetful Ronin": 1, "Iago Montelo, Spoony Bard": 1},
                      {"Katana Lunge": 4, "Grease": 4})
    assert totals(deck_stats(deck)) == {"resources": 8, "resource_value": 22, "hand_value": 3}


# The Condemned -----------------------------------------------------------------------------------


def weapon(name: str, damage_type: str) -> dict[str, Any]:
    return card(name, "weapon", damage=2, damage_type=damage_type, durability=3, hands=1, hand="main",
                range="melee", keywords=[], requires=[])


def test_it_charts_every_damage_type_and_the_deck_besides_the_condemned() -> None:
    entries = [
        DeckCard(card("The Pacifier", "condemned", life=20), 1, "Condemned"),
        DeckCard(weapon("Pilfered Scalpel", "slash"), 3, "Deck"),
        DeckCard(weapon("Cattle Prod of Doom", "electric"), 2, "Deck"),
        DeckCard(weapon("Rusty Shiv", "slash"), 1, "Deck"),
        DeckCard(card("Simple Mending", "event", timing="main"), 3, "Deck"),
        DeckCard(card("Hidden Pocket", "preparation"), 2, "Deck"),
    ]
    stats = deck_stats(ResolvedDeck("condemned", "constructed", {}, entries))
    assert labels(stats, "damage_types") == ["Slash", "Impact", "Puncture", "Bio", "Fire", "Electric"]
    assert bars(stats, "damage_types") == {"Slash": 4, "Impact": 0, "Puncture": 0, "Bio": 0, "Fire": 0,
                                           "Electric": 2}
    assert bars(stats, "card_types") == {"Weapon": 6, "Armor": 0, "Event": 3, "Preparation": 2}
    assert totals(stats) == {"cards": 11}


# Anguish ----------------------------------------------------------------------------------------


def creature(name: str, hour: int | None, arsenal: int, protection: int) -> dict[str, Any]:
    return card(name, "creature", species=["Cosmic"], hour=hour, arsenal=arsenal, protection=protection,
                abilities=[])


def test_it_draws_the_lifeblood_curve_without_stronghold_or_sideboard() -> None:
    entries = [
        DeckCard(card("Astral Spire", "stronghold", species=["Cosmic"], hour=None, strength=20), 1, "Lifeblood"),
        DeckCard(creature("Star Leviathan", 10, 6, 4), 1, "Lifeblood"),
        DeckCard(creature("Drifter", 3, 1, 2), 4, "Lifeblood"),
        DeckCard(creature("Lurker", None, 1, 0), 2, "Lifeblood"),
        DeckCard(card("Comet Trail", "discovery", species=["Cosmic"], hour=3, abilities=[]), 2, "Lifeblood"),
        DeckCard(creature("Benchwarmer", 5, 9, 9), 3, "Sideboard"),
    ]
    stats = deck_stats(ResolvedDeck("anguish", "constructed", {}, entries))
    curve = bars(stats, "curve")
    assert labels(stats, "curve") == [*(str(h) for h in range(1, 12)), "free"]
    assert (curve["3"], curve["10"], curve["free"], curve["5"]) == (6, 1, 2, 0)
    assert sum(curve.values()) == 9
    # Arsenal 6 + 4x1 + 2x1 = 12; Protection 4 + 4x2 + 2x0 = 12; the Sideboard's Creature is not played.
    assert totals(stats) == {"creatures": 7, "arsenal": 12, "protection": 12}


def test_it_leaves_the_free_bar_out_when_every_card_has_an_hour() -> None:
    entries = [DeckCard(creature("Drifter", 2, 1, 1), 4, "Lifeblood")]
    stats = deck_stats(ResolvedDeck("anguish", "constructed", {}, entries))
    assert "free" not in labels(stats, "curve")


def test_it_refuses_a_game_it_does_not_know() -> None:
    with pytest.raises(UnknownGame):
        deck_stats(ResolvedDeck("chess", "constructed"))
