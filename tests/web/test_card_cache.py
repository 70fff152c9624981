"""The per-process cache of a game's cards sees every change to them."""
from __future__ import annotations

from typing import Any

import pytest

from cardsdb.models import Card
from cardsdb.versions import card_data_changes
from decks.selectors import game_cards

pytestmark = pytest.mark.usefixtures("loaded_cards")


def make_katana_lunge_frequency_1() -> None:
    card = Card.objects.get(name="Katana Lunge")
    card.attributes = {**card.attributes, "frequency": 1}
    card.save()


def frequency_of_katana_lunge(cards: Any) -> int:
    return int(cards.index.get("Katana Lunge")["attributes"]["frequency"])


def test_it_reuses_the_cards_while_nothing_changes() -> None:
    assert game_cards("qqdnd") is game_cards("qqdnd")


def test_it_sees_a_changed_card() -> None:
    before = game_cards("qqdnd")
    make_katana_lunge_frequency_1()
    after = game_cards("qqdnd")
    assert after is not before
    assert frequency_of_katana_lunge(after) == 1


def test_it_sees_a_removed_card() -> None:
    game_cards("qqdnd")
    Card.objects.filter(name="Katana Lunge").delete()
    assert game_cards("qqdnd").index.get("Katana Lunge") is None


def test_it_sees_a_card_changed_inside_a_batch_before_the_batch_ends() -> None:
    """A load makes one new version at its end; until then the changed cards are read afresh."""
    before = game_cards("qqdnd")
    with card_data_changes():
        make_katana_lunge_frequency_1()
        during = game_cards("qqdnd")
        assert during is not before
        assert frequency_of_katana_lunge(during) == 1
    after = game_cards("qqdnd")
    assert frequency_of_katana_lunge(after) == 1
    assert game_cards("qqdnd") is after


def test_a_current_cache_costs_one_primary_key_read(django_assert_num_queries: Any) -> None:
    """The cards themselves are not read again while the card data version is unchanged."""
    game_cards("qqdnd")
    with django_assert_num_queries(1) as captured:
        game_cards("qqdnd")
    assert "cardsdb_carddataversion" in captured.captured_queries[0]["sql"]
