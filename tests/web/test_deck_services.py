"""Deck services, selectors and diffs (decks/services.py, decks/selectors.py, decks/diffs.py)."""
from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db import connection

from cardsdb.models import Game
from decks import services
from decks.diffs import deck_diff
from decks.models import Deck, DeckCard, DeckVersion, Visibility
from decks.selectors import decks_owned_by, decks_readable_by, public_decks
from engine.decklist import parse_decklist

pytestmark = pytest.mark.usefixtures("loaded_cards")

DECKS = Path(__file__).resolve().parents[1] / "engine" / "decks"
LEGAL_QQDND = (DECKS / "qqdnd" / "legal_samurai_good.txt").read_text(encoding="utf-8")

# Bare names, "Nx", odd case and spacing, a typographic apostrophe and a card listed twice.
MESSY_QQDND = """\
Name: Messy
side: good
party:
1 eptol noir,   forgetful ronin
Resmi Val\u2019Rance, Village Pariah
Resources:
3x Lotus Slash
katana lunge
2 Katana Lunge
"""


def qqdnd() -> Game:
    return Game.objects.get(slug="qqdnd")


def card_rows(deck: Deck) -> dict[tuple[str, str], int]:
    return {(row.section, row.card.name): row.count for row in DeckCard.objects.filter(deck=deck)}


def listed_counts(text: str) -> dict[tuple[str | None, str], int]:
    return {(e.section, e.name): e.count for e in parse_decklist(text, "qqdnd").entries}


def new_deck(owner: AbstractBaseUser, text: str = LEGAL_QQDND, **fields: Any) -> Deck:
    return services.deck_import(owner=owner, game=qqdnd(), text=text, **fields).deck


# Saving -------------------------------------------------------------------------------------------


def test_it_saves_the_list_as_written_by_the_exporter_with_the_deck_fields_as_headers(ann: AbstractBaseUser) -> None:
    saved = services.deck_import(owner=ann, game=qqdnd(), text=MESSY_QQDND)
    deck = saved.deck
    text = deck.current.text
    assert (deck.name, deck.side, deck.format, deck.version) == ("Messy", "good", "constructed", 1)
    assert text.splitlines()[:3] == ["Name: Messy", "Side: good", "Format: constructed"]
    # Names as the cards spell them, copies summed, one line a card.
    assert listed_counts(text) == {
        ("Party", "Eptol Noir, Forgetful Ronin"): 1,
        ("Party", "Resmi Val'Rance, Village Pariah"): 1,
        ("Resources", "Lotus Slash"): 3,
        ("Resources", "Katana Lunge"): 3,
    }
    assert "3 Katana Lunge" in text.splitlines()


def test_it_writes_the_card_rows_of_the_saved_version(ann: AbstractBaseUser) -> None:
    deck = new_deck(ann, MESSY_QQDND)
    assert card_rows(deck) == {
        ("Party", "Eptol Noir, Forgetful Ronin"): 1,
        ("Party", "Resmi Val'Rance, Village Pariah"): 1,
        ("Resources", "Lotus Slash"): 3,
        ("Resources", "Katana Lunge"): 3,
    }


def test_it_saves_a_deck_that_breaks_construction_rules_as_not_legal(ann: AbstractBaseUser) -> None:
    saved = services.deck_import(owner=ann, game=qqdnd(), text=MESSY_QQDND)
    assert saved.deck.is_legal is False and saved.deck.current.is_legal is False
    assert {"party_size", "resource_count"} <= {p.code for p in saved.checked.result.problems}


def test_it_marks_a_legal_deck_legal(ann: AbstractBaseUser) -> None:
    saved = services.deck_import(owner=ann, game=qqdnd(), text=LEGAL_QQDND)
    assert saved.checked.result.problems == []
    assert saved.deck.is_legal and saved.deck.current.is_legal


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("Resources:\n4 Katana Lunge\n0 Lotus Slash\n", "parse_error"),
        ("Resources:\n4 Katana Lunj\n", "unknown_card"),
        ("Party:\n4 Katana Lunge\n", "zone"),
        ("Format: modern\nResources:\n4 Katana Lunge\n", "format"),
    ],
)
def test_it_refuses_a_list_it_cannot_save_and_writes_nothing(ann: AbstractBaseUser, text: str, code: str) -> None:
    with pytest.raises(services.DeckRefused) as refused:
        services.deck_import(owner=ann, game=qqdnd(), text=text)
    assert refused.value.result is not None
    assert code in {p.code for p in refused.value.result.problems}
    assert not Deck.objects.exists() and not DeckVersion.objects.exists() and not DeckCard.objects.exists()


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("Name: " + "Long " * 30 + "\nResources:\n4 Katana Lunge\n", "name is longer than 120"),
        ("Resources:\n" + "999 Katana Lunge\n" * 33, "at most 32,767"),
        ("Resources (" + "Eptol " * 40 + "):\n4 Katana Lunge\n", "too long"),
    ],
    ids=["name", "copies", "pinned"],
)
def test_it_refuses_what_a_deck_cannot_hold(ann: AbstractBaseUser, text: str, says: str) -> None:
    with pytest.raises(services.DeckRefused, match=says):
        services.deck_import(owner=ann, game=qqdnd(), text=text)
    assert not Deck.objects.exists()


def test_it_names_an_imported_deck_from_its_header_unless_a_name_is_given(ann: AbstractBaseUser) -> None:
    assert new_deck(ann).name == "Samurai Rush"
    assert new_deck(ann, name="Blades").name == "Blades"
    assert new_deck(ann, text="Resources:\n4 Katana Lunge\n").name == services.UNTITLED


def test_it_keeps_side_only_for_games_that_choose_one(ann: AbstractBaseUser) -> None:
    condemned = Game.objects.get(slug="condemned")
    saved = services.deck_create(owner=ann, game=condemned, name="Shiv", text="Condemned:\n1 Ophid\n", side="Good")
    assert saved.deck.side == ""
    assert "Side:" not in saved.deck.current.text


def test_it_creates_an_empty_deck_to_fill_in_later(ann: AbstractBaseUser) -> None:
    saved = services.deck_create(owner=ann, game=qqdnd(), name="Later", side="Evil")
    assert saved.deck.version == 1 and card_rows(saved.deck) == {}
    assert saved.deck.current.text == "Name: Later\nSide: Evil\nFormat: constructed\n"


# Updating -----------------------------------------------------------------------------------------


def test_it_keeps_every_version_and_rewrites_the_card_rows(ann: AbstractBaseUser) -> None:
    deck = new_deck(ann)
    first_text = deck.current.text
    changed = LEGAL_QQDND.replace("4 Katana Lunge", "2 Katana Lunge")
    saved = services.deck_update(deck=deck, user=ann, version=1, text=changed)
    assert saved.deck.version == 2 and saved.deck.is_legal is False
    assert list(DeckVersion.objects.filter(deck=deck).values_list("number", flat=True)) == [2, 1]
    assert DeckVersion.objects.get(deck=deck, number=1).text == first_text
    assert card_rows(saved.deck)[("Resources", "Katana Lunge")] == 2


def test_it_keeps_the_name_side_and_format_a_pasted_list_leaves_out(ann: AbstractBaseUser) -> None:
    deck = new_deck(ann)
    saved = services.deck_update(deck=deck, user=ann, version=1, text="Resources:\n4 Katana Lunge\n")
    assert (saved.deck.name, saved.deck.side, saved.deck.format) == ("Samurai Rush", "Good", "constructed")


def test_it_writes_a_renamed_deck_into_its_list(ann: AbstractBaseUser) -> None:
    deck = new_deck(ann)
    saved = services.deck_update(deck=deck, user=ann, version=1, name="Blades")
    assert saved.deck.name == "Blades" and saved.deck.version == 2
    assert saved.deck.current.text.startswith("Name: Blades\n")


def test_it_saves_nothing_for_a_change_that_changes_nothing(ann: AbstractBaseUser) -> None:
    deck = new_deck(ann)
    saved = services.deck_update(deck=deck, user=ann, version=1, text=LEGAL_QQDND, name="Samurai Rush")
    assert saved.deck.version == 1 and DeckVersion.objects.filter(deck=deck).count() == 1


def test_it_tells_a_stale_save_it_is_stale_and_keeps_the_other(ann: AbstractBaseUser) -> None:
    deck = new_deck(ann)
    stale_copy = Deck.objects.get(pk=deck.pk)  # a second editor opened the deck at version 1
    services.deck_update(deck=deck, user=ann, version=1, description="first")
    with pytest.raises(services.StaleDeck) as stale:
        services.deck_update(deck=stale_copy, user=ann, version=1, description="second")
    assert (stale.value.edited, stale.value.current) == (1, 2)
    deck.refresh_from_db()
    assert deck.description == "first" and deck.version == 2
    assert DeckVersion.objects.filter(deck=deck).count() == 2


def test_it_calls_a_no_change_save_of_an_old_version_stale(ann: AbstractBaseUser) -> None:
    deck = new_deck(ann)
    services.deck_update(deck=deck, user=ann, version=1, description="first")
    deck.refresh_from_db()
    with pytest.raises(services.StaleDeck):
        services.deck_update(deck=deck, user=ann, version=1)


@pytest.mark.django_db(transaction=True)
def test_it_lets_one_of_two_saves_that_both_read_version_1_win(
    ann: AbstractBaseUser, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two threads each load the deck and prepare a save of version 1 before either writes.

    A check made while preparing would pass for both and both would win; the version must be
    checked by the write itself. The writes take turns so that the test also runs on SQLite,
    which cannot hold two writers; on PostgreSQL the row lock of the conditional UPDATE is what
    makes the second writer see the first one's version.
    """
    deck = new_deck(ann)
    both_prepared = threading.Barrier(2, timeout=30)
    one_writer = threading.Lock()
    prepare = services._prepare

    def prepare_then_wait(*args: Any, **kwargs: Any) -> Any:
        prepared = prepare(*args, **kwargs)
        both_prepared.wait()
        one_writer.acquire()
        return prepared

    monkeypatch.setattr(services, "_prepare", prepare_then_wait)
    outcomes: list[str] = []

    def save(description: str) -> None:
        try:
            services.deck_update(deck=Deck.objects.get(pk=deck.pk), user=ann, version=1, description=description)
            outcomes.append("saved")
        except services.StaleDeck:
            outcomes.append("stale")
        finally:
            one_writer.release()
            connection.close()

    threads = [threading.Thread(target=save, args=(d,)) for d in ("one", "two")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == ["saved", "stale"]
    deck.refresh_from_db()
    assert deck.version == 2 and DeckVersion.objects.filter(deck=deck).count() == 2


def test_it_lets_only_the_owner_update_or_delete(ann: AbstractBaseUser, bob: AbstractBaseUser) -> None:
    deck = new_deck(ann, visibility=Visibility.PUBLIC)
    with pytest.raises(services.DeckNotFound):
        services.deck_update(deck=deck, user=bob, version=1, name="Mine now")
    with pytest.raises(services.DeckNotFound):
        services.deck_delete(deck=deck, user=bob)
    deck.refresh_from_db()
    assert deck.name == "Samurai Rush"
    services.deck_delete(deck=deck, user=ann)
    assert not Deck.objects.exists() and not DeckVersion.objects.exists() and not DeckCard.objects.exists()


# Copying ------------------------------------------------------------------------------------------


def test_it_copies_a_public_deck_into_a_private_deck_of_ones_own(ann: AbstractBaseUser, bob: AbstractBaseUser) -> None:
    original = new_deck(ann, visibility=Visibility.PUBLIC, description="Fast")
    copy = services.deck_copy(deck=original, user=bob).deck
    assert copy.owner == bob and copy.copied_from == original
    assert (copy.visibility, copy.version, copy.name, copy.description) == ("private", 1, "Samurai Rush", "Fast")
    assert copy.current.text == original.current.text
    assert card_rows(copy) == card_rows(original)


def test_it_copies_an_unlisted_deck_but_not_someone_elses_private_one(
    ann: AbstractBaseUser, bob: AbstractBaseUser
) -> None:
    unlisted = new_deck(ann, visibility=Visibility.UNLISTED)
    assert services.deck_copy(deck=unlisted, user=bob).deck.owner == bob
    private = new_deck(ann)
    with pytest.raises(services.DeckNotFound):
        services.deck_copy(deck=private, user=bob)


def test_it_names_a_copy_of_ones_own_deck_as_a_copy(ann: AbstractBaseUser) -> None:
    copy = services.deck_copy(deck=new_deck(ann), user=ann).deck
    assert copy.name == "Samurai Rush (copy)"
    assert copy.current.text.startswith("Name: Samurai Rush (copy)\n")


# Diffs --------------------------------------------------------------------------------------------


def test_it_diffs_two_versions_card_by_card_per_section(ann: AbstractBaseUser) -> None:
    deck = new_deck(ann)
    changed = (
        LEGAL_QQDND.replace("4 Katana Lunge", "2 Katana Lunge")
        .replace("1 TB Towers\n", "")
        .replace("Resources:\n", "Resources:\n2 Grease\n")
        .replace("Side: Good", "Side: Lawful")
    )
    services.deck_update(deck=deck, user=ann, version=1, text=changed)
    before, after = (DeckVersion.objects.get(deck=deck, number=n) for n in (1, 2))
    diff = deck_diff(before, after).as_dict()
    assert (diff["from"], diff["to"]) == (1, 2)
    assert diff["sections"] == [{
        "section": "Resources",
        "pinned_to": None,
        "added": [{"name": "Grease", "before": 0, "after": 2}],
        "removed": [{"name": "TB Towers", "before": 1, "after": 0}],
        "changed": [{"name": "Katana Lunge", "before": 4, "after": 2}],
    }]
    assert diff["headers"] == [{"key": "Side", "before": "Good", "after": "Lawful"}]


def test_it_finds_no_change_between_a_version_and_itself(ann: AbstractBaseUser) -> None:
    version = new_deck(ann).current
    assert deck_diff(version, version).unchanged


# Selectors ----------------------------------------------------------------------------------------


def test_it_lists_public_decks_newest_first_by_game_name_and_card(ann: AbstractBaseUser, bob: AbstractBaseUser) -> None:
    older = new_deck(ann, name="Samurai Rush", visibility=Visibility.PUBLIC)
    newer = new_deck(bob, text="Resources:\n4 Grease\n", name="Grease Fire", visibility=Visibility.PUBLIC)
    new_deck(ann, name="Hidden Samurai", visibility=Visibility.UNLISTED)
    new_deck(ann, name="Secret Samurai")
    condemned = services.deck_create(
        owner=ann, game=Game.objects.get(slug="condemned"), name="Samurai Shiv", visibility=Visibility.PUBLIC
    ).deck

    assert list(public_decks(qqdnd())) == [newer, older]
    assert list(public_decks()) == [condemned, newer, older]
    assert list(public_decks(qqdnd(), name_query="samurai")) == [older]
    assert list(public_decks(qqdnd(), card_name="katana lunge")) == [older]
    assert list(public_decks(qqdnd(), card_name="grea")) == [newer]
    assert list(public_decks(qqdnd(), name_query="fire", card_name="katana")) == []


def test_it_finds_decks_by_a_card_name_with_a_typographic_apostrophe(ann: AbstractBaseUser) -> None:
    deck = new_deck(ann, visibility=Visibility.PUBLIC)
    assert list(public_decks(qqdnd(), card_name="Resmi Val\u2019Rance")) == [deck]


def test_it_reads_own_decks_and_shared_ones_only(ann: AbstractBaseUser, bob: AbstractBaseUser) -> None:
    public = new_deck(ann, visibility=Visibility.PUBLIC)
    unlisted = new_deck(ann, visibility=Visibility.UNLISTED)
    private = new_deck(ann)
    bobs = new_deck(bob)
    assert set(decks_readable_by(bob)) == {public, unlisted, bobs}
    assert set(decks_readable_by(ann)) == {public, unlisted, private}
    assert set(decks_owned_by(ann)) == {public, unlisted, private}
    assert private not in set(decks_readable_by(AnonymousUser()))
