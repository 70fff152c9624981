"""The per-process cache of a game's cards sees every change to them."""
from __future__ import annotations

import pytest

from cardsdb.models import Card
from decks.selectors import game_cards

pytestmark = pytest.mark.usefixtures("loaded_cards")


def test_it_reuses_the_cards_while_nothing_changes() -> None:
    assert game_cards("qqdnd") is game_cards("qqdnd")


def test_it_sees_a_changed_card() -> None:
    before = game_cards("qqdnd")
    card = Card.objects.get(name="Katana Lunge")
    card.attributes = {**card.attributes, "frequency": 1}
    card.save()
    after = game_cards("qqdnd")
    assert after is not before
    assert after.index.get("Katana Lunge")["attributes"]["frequency"] == 1


def test_it_sees_a_removed_card() -> None:
    game_cards("qqdnd")
    Card.objects.filter(name="Katana Lunge").delete()
    assert game_cards("qqdnd").index.get("Katana Lunge") is None
