"""The `load_cards` command: idempotent, all-or-nothing, and precise about bad cards."""
from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from django.core.management import CommandError, call_command
from django.test import Client

from cardsdb.models import Card, CardSet, Game
from tests.conftest import FIXTURE_DIRS

pytestmark = pytest.mark.django_db


def run_loader(*paths: Path | str, prune: bool = False) -> str:
    out = io.StringIO()
    args = [str(p) for p in paths] + (["--prune"] if prune else [])
    call_command("load_cards", *args, stdout=out)
    return out.getvalue()


def snapshot() -> list[tuple[Any, ...]]:
    return list(
        Card.objects.order_by("game__slug", "name").values_list(
            "id", "game__slug", "card_set__code", "number", "name", "slug",
            "card_type", "subtypes", "text", "attributes",
        )
    )


def write_set(tmp_path: Path, name: str, cards: list[dict[str, Any]], **overrides: Any) -> Path:
    data = {"game": "qqdnd", "set": {"code": "testset", "name": "Test Set", "is_demo": True}, "cards": cards}
    data.update(overrides)
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def a_resource(name: str = "Test Strike", **attributes: Any) -> dict[str, Any]:
    attrs = {
        "initiative": "9-7",
        "category": "Action",
        "unique": False,
        "alignment": None,
        "life": None,
        "frequency": 2,
        "actions": [],
    }
    attrs.update(attributes)
    return {
        "name": name,
        "card_type": "resource",
        "subtypes": ["Fighter", "Martial", "Attack"],
        "text": "Deal 1 damage to target card.",
        "attributes": attrs,
    }


def test_it_loads_every_game() -> None:
    output = run_loader(*FIXTURE_DIRS)
    assert set(Game.objects.values_list("slug", flat=True)) == {"qqdnd", "condemned", "anguish"}
    assert Card.objects.filter(game__slug="qqdnd").count() == 66
    assert Card.objects.filter(game__slug="condemned").exists()
    assert Card.objects.filter(game__slug="anguish").exists()
    assert "created" in output


def test_it_changes_nothing_when_run_twice() -> None:
    run_loader(*FIXTURE_DIRS)
    before = snapshot()
    output = run_loader(*FIXTURE_DIRS)
    assert snapshot() == before
    assert "0 created, 0 updated" in output


def test_it_marks_demo_sets_and_not_the_published_one() -> None:
    run_loader(*FIXTURE_DIRS)
    assert not CardSet.objects.get(game__slug="qqdnd").is_demo
    assert CardSet.objects.filter(game__slug="condemned", is_demo=True).exists()
    assert CardSet.objects.filter(game__slug="anguish", is_demo=True).exists()


def test_it_derives_parsed_initiative_on_load() -> None:
    run_loader(FIXTURE_DIRS[0])
    lotus = Card.objects.get(game__slug="qqdnd", name="Lotus Slash")
    assert lotus.attributes["initiative"] == "5-3"
    assert (lotus.attributes["initiative_low"], lotus.attributes["initiative_high"]) == (3, 5)


def test_it_updates_a_changed_card_in_place(tmp_path: Path) -> None:
    path = write_set(tmp_path, "set.json", [a_resource()])
    run_loader(path)
    card = Card.objects.get(name="Test Strike")
    write_set(tmp_path, "set.json", [a_resource(frequency=3)])
    output = run_loader(path)
    card.refresh_from_db()
    assert card.attributes["frequency"] == 3
    assert "1 updated" in output
    assert Card.objects.filter(name="Test Strike").count() == 1


def test_it_writes_nothing_when_one_file_is_bad(tmp_path: Path) -> None:
    good = write_set(tmp_path, "a_good.json", [a_resource("Good Card")])
    bad = write_set(
        tmp_path,
        "b_bad.json",
        [a_resource("Fine Card"), a_resource("Broken Card", frequency="four")],
        set={"code": "other", "name": "Other"},
    )
    with pytest.raises(CommandError) as excinfo:
        run_loader(good, bad)
    message = str(excinfo.value)
    assert "Nothing was loaded" in message
    assert "b_bad.json" in message and "#2 'Broken Card'" in message and "attributes.frequency" in message
    assert not Card.objects.exists()
    assert not Game.objects.exists()


def test_it_reports_every_bad_card_by_file_card_and_field(tmp_path: Path) -> None:
    cards = [
        a_resource("No Category", category="Instant"),
        {**a_resource("Typo"), "card_type": "resorce"},
        a_resource("Missing Frequency"),
    ]
    del cards[2]["attributes"]["frequency"]
    path = write_set(tmp_path, "bad.json", cards)
    with pytest.raises(CommandError) as excinfo:
        run_loader(path)
    lines = str(excinfo.value).splitlines()
    assert any("#1 'No Category'" in line and "attributes.category" in line for line in lines)
    assert any("#2 'Typo'" in line and "card_type" in line and "resorce" in line for line in lines)
    assert any("#3 'Missing Frequency'" in line and "attributes.frequency: is missing" in line for line in lines)


def test_it_refuses_broken_json_with_its_position(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text('{"game": "qqdnd", "set": ', encoding="utf-8")
    with pytest.raises(CommandError, match=r"broken.json: not valid JSON at line 1"):
        run_loader(path)


def test_it_refuses_an_unknown_game(tmp_path: Path) -> None:
    path = write_set(tmp_path, "set.json", [a_resource()], game="magic")
    with pytest.raises(CommandError, match=r"unknown game 'magic'"):
        run_loader(path)


def test_it_refuses_a_name_used_twice(tmp_path: Path) -> None:
    path = write_set(tmp_path, "set.json", [a_resource("Twin"), a_resource("twin")])
    with pytest.raises(CommandError, match="used twice"):
        run_loader(path)


def test_it_refuses_a_card_that_is_in_another_set_file(tmp_path: Path) -> None:
    one = write_set(tmp_path, "one.json", [a_resource("Shared Name")])
    two = write_set(tmp_path, "two.json", [a_resource("Shared Name")], set={"code": "two", "name": "Two"})
    with pytest.raises(CommandError, match="also in"):
        run_loader(one, two)


def test_it_adds_a_new_set_next_to_the_published_one(tmp_path: Path) -> None:
    run_loader(FIXTURE_DIRS[0])
    path = write_set(tmp_path, "expansion.json", [a_resource("Brand New Strike")])
    run_loader(path)
    card = Card.objects.get(name="Brand New Strike")
    assert card.card_set.code == "testset" and card.game.slug == "qqdnd"
    assert Card.objects.filter(game__slug="qqdnd").count() == 67


def test_it_keeps_every_new_card_when_pruning_on_first_load() -> None:
    output = run_loader(*FIXTURE_DIRS, prune=True)
    assert Card.objects.filter(game__slug="qqdnd").count() == 66
    assert "Removed" not in output and "no longer" not in output


def test_it_prunes_removed_cards_only_when_asked(tmp_path: Path) -> None:
    path = write_set(tmp_path, "set.json", [a_resource("Keeper"), a_resource("Goner")])
    run_loader(path)
    write_set(tmp_path, "set.json", [a_resource("Keeper")])
    output = run_loader(path)
    assert "Goner" in output and Card.objects.filter(name="Goner").exists()
    run_loader(path, prune=True)
    assert not Card.objects.filter(name="Goner").exists()
    assert Card.objects.filter(name="Keeper").exists()


# Renames and prunes with decks holding the cards

def deck_holding(owner: Any, *cards: str) -> Any:
    from decks import services

    text = "Side: Good\nResources:\n" + "".join(f"2 {name}\n" for name in cards)
    return services.deck_import(owner=owner, game=Game.objects.get(slug="qqdnd"), text=text, name="Holder").deck


def test_it_renames_the_card_at_the_same_set_number_and_decks_keep_it(tmp_path: Path, ann: Any) -> None:
    """The set number is a card's identity within its set: a new name at the number of a card whose
    name the file no longer has is that card renamed, not a second card."""
    path = write_set(tmp_path, "set.json", [a_resource("Keeper"), a_resource("Test Strike")])
    run_loader(path)
    card = Card.objects.get(name="Test Strike")
    deck = deck_holding(ann, "Keeper", "Test Strike")

    write_set(tmp_path, "set.json", [a_resource("Keeper"), a_resource("Test Thrust")])
    output = run_loader(path, prune=True)

    assert "Renamed: Test Strike -> Test Thrust" in output
    renamed = Card.objects.get(pk=card.pk)
    assert (renamed.name, renamed.number) == ("Test Thrust", 2)
    assert Card.objects.filter(card_set__code="testset").count() == 2
    assert deck.cards.get(card=renamed).count == 2
    deck.refresh_from_db()
    assert deck.version == 1 and "2 Test Thrust" in deck.current.text and "Test Strike" not in deck.current.text
    owner = Client()
    owner.force_login(ann)
    page = owner.get(deck.get_absolute_url())
    assert page.status_code == 200 and b"Test Thrust" in page.content
    assert b'data-code="unknown_card"' not in page.content


def test_a_card_added_in_the_middle_of_a_set_is_a_new_card(tmp_path: Path) -> None:
    """Only a name the file no longer has is renamed: cards that moved keep their names."""
    path = write_set(tmp_path, "set.json", [a_resource("First"), a_resource("Second")])
    run_loader(path)
    ids = dict(Card.objects.filter(card_set__code="testset").values_list("name", "pk"))
    write_set(tmp_path, "set.json", [a_resource("First"), a_resource("Inserted"), a_resource("Second")])
    output = run_loader(path)
    assert "Renamed" not in output
    after = dict(Card.objects.filter(card_set__code="testset").values_list("name", "pk"))
    assert after["First"] == ids["First"] and after["Second"] == ids["Second"] and "Inserted" in after


def test_it_refuses_to_prune_a_card_decks_hold_and_loads_nothing(tmp_path: Path, ann: Any) -> None:
    path = write_set(tmp_path, "set.json", [a_resource("Keeper"), a_resource("Goner")])
    run_loader(path)
    deck_holding(ann, "Goner")
    write_set(tmp_path, "set.json", [a_resource("Keeper", frequency=3)])
    before = snapshot()

    with pytest.raises(CommandError) as refused:
        run_loader(path, prune=True)

    message = str(refused.value)
    assert message.startswith("Nothing was loaded: 1 problem found.")
    assert "card 'Goner': is in 1 deck, so it cannot be pruned" in message
    assert snapshot() == before  # Keeper's new frequency was not written either
