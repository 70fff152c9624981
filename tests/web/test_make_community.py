"""manage.py make_community: a synthetic community, consistent with what the site itself would save."""
from __future__ import annotations

import io
from collections import Counter

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db.models import Count, Max

from decks.counters import POPULARITY_WEIGHTS
from decks.lists import check_list
from decks.models import CardPlay, Deck, DeckCard, DeckLike, DeckTag, DeckVersion, Visibility
from decks.selectors import game_cards
from decks.simulations.models import SimulationRun

pytestmark = pytest.mark.django_db

SIZE = {"users": 40, "decks": 600, "seed": 7, "batch": 250}


def make(**options: object) -> str:
    out = io.StringIO()
    call_command("make_community", stdout=out, **{**SIZE, **options})
    return out.getvalue()


def snapshot() -> dict[str, list[tuple[object, ...]]]:
    return {
        "users": list(User.objects.order_by("id").values_list("id", "username", "date_joined")),
        "decks": list(Deck.objects.order_by("id").values_list(
            "id", "share_id", "owner_id", "game__slug", "name", "visibility", "version", "is_legal",
            "copied_from_id", "created_at", "updated_at")),
        "versions": list(DeckVersion.objects.order_by("deck_id", "number").values_list(
            "deck_id", "number", "text", "is_legal", "created_at")),
        "cards": sorted(DeckCard.objects.values_list("deck_id", "card_id", "section", "pinned_to", "count")),
        "runs": list(SimulationRun.objects.order_by("public_id").values_list(
            "public_id", "deck_id", "deck_version", "list_text", "seed", "created_at")),
    }


def test_the_sizes_asked_for_with_every_kind_of_deck(loaded_cards: None) -> None:
    make()
    assert User.objects.count() == SIZE["users"]
    assert Deck.objects.count() == SIZE["decks"]
    decks = Deck.objects.all()
    assert set(decks.values_list("game__slug", flat=True)) == {"qqdnd", "condemned", "anguish"}
    assert set(decks.values_list("visibility", flat=True)) == set(Visibility.values)
    assert decks.filter(is_legal=True).exists() and decks.filter(is_legal=False).exists()
    assert decks.filter(copied_from__isnull=False).exists()
    assert decks.filter(version__gt=1).exists()
    assert SimulationRun.objects.exists()
    # One player owns many decks (the "my decks" of a heavy user), most own few.
    per_owner = sorted(decks.values("owner").annotate(n=Count("id")).values_list("n", flat=True))
    assert per_owner[-1] >= 10 * per_owner[len(per_owner) // 2]


def test_versions_cards_copies_and_runs_agree_with_their_decks(loaded_cards: None) -> None:
    make()
    versions = {row["deck_id"]: row for row in
                DeckVersion.objects.values("deck_id").annotate(n=Count("id"), last=Max("number"))}
    for deck in Deck.objects.all():
        assert versions[deck.pk]["n"] == versions[deck.pk]["last"] == deck.version
        assert deck.created_at <= deck.updated_at
    for copy in Deck.objects.filter(copied_from__isnull=False).select_related("copied_from"):
        original = copy.copied_from
        assert original is not None
        assert original.visibility == Visibility.PUBLIC and original.pk < copy.pk
        assert copy.visibility == Visibility.PRIVATE and copy.version == 1 and copy.game_id == original.game_id
        assert copy.current.text == original.current.text
    for run in SimulationRun.objects.select_related("deck"):
        assert run.deck is not None and run.game_id == run.deck.game_id
        assert run.deck_version == run.deck.version and run.list_text == run.deck.current.text
        assert run.requested_by_id == run.deck.owner_id


def test_legality_and_card_rows_are_what_the_validator_reads_in_the_list(loaded_cards: None) -> None:
    make()
    for deck in Deck.objects.select_related("game").order_by("id")[::7]:
        text = deck.current.text
        checked = check_list(game_cards(deck.game.slug), text, deck.format)
        assert not checked.refusals
        assert checked.result.legal == deck.is_legal == deck.current.is_legal, deck.name
        ids = game_cards(deck.game.slug).ids
        wanted = Counter({(ids[e.name], e.section, e.pinned_to or ""): e.count for e in checked.deck.entries})
        rows = Counter({(r.card_id, r.section, r.pinned_to): r.count for r in DeckCard.objects.filter(deck=deck)})
        assert rows == wanted
        assert checked.deck.headers["Name"] == deck.name
        assert deck.species == "/".join(checked.result.summary.get("species") or [])


def test_counters_are_the_counts_of_the_rows(loaded_cards: None) -> None:
    make()
    assert DeckLike.objects.exists() and DeckTag.objects.exists()
    for deck in Deck.objects.all():
        others_copies = Deck.objects.filter(copied_from=deck).exclude(owner_id=deck.owner_id).count()
        assert deck.copies_count == others_copies
        assert deck.runs_count == SimulationRun.objects.filter(deck=deck).count()
        assert deck.likes_count == DeckLike.objects.filter(deck=deck).count()
        assert deck.popularity == sum(w * getattr(deck, column) for column, w in POPULARITY_WEIGHTS.items())
        if deck.visibility == Visibility.PRIVATE:
            assert deck.views_count == deck.likes_count == 0 and not deck.tags.exists()
    assert Deck.objects.filter(copies_count__gt=0).exists() and Deck.objects.filter(views_count__gt=0).exists()
    # Likes: of public decks, by players other than the owner.
    assert not DeckLike.objects.exclude(deck__visibility=Visibility.PUBLIC).exists()
    assert not [like for like in DeckLike.objects.select_related("deck") if like.user_id == like.deck.owner_id]
    public_holding = Counter(dict(DeckCard.objects.filter(deck__visibility=Visibility.PUBLIC).order_by()
                                  .values("card_id").annotate(n=Count("deck_id", distinct=True))
                                  .values_list("card_id", "n")))
    assert Counter(dict(CardPlay.objects.values_list("card_id", "public_decks"))) == public_holding


def test_popular_cards_are_in_many_decks_and_others_in_few(loaded_cards: None) -> None:
    make()
    per_card = sorted(DeckCard.objects.values("card").annotate(n=Count("deck", distinct=True))
                      .values_list("n", flat=True), reverse=True)
    assert per_card[0] >= SIZE["decks"] // 5
    assert per_card[-1] <= per_card[0] // 10


def test_the_same_seed_makes_the_same_community_by_copy_or_by_bulk_create(loaded_cards: None) -> None:
    make(writer="copy")
    first = snapshot()
    Deck.objects.all().delete()
    User.objects.all().delete()
    make(writer="bulk")
    assert snapshot() == first
    Deck.objects.all().delete()
    User.objects.all().delete()
    make(seed=8)
    assert snapshot()["decks"] != first["decks"]


def test_refuses_a_database_with_real_players(loaded_cards: None, ann: User) -> None:
    with pytest.raises(CommandError, match="player"):
        make()
    assert not Deck.objects.exists() and User.objects.count() == 1
    make(force=True, decks=50)
    assert Deck.objects.count() == 50 and not Deck.objects.filter(owner=ann).exists()
