"""Counters of decks and cards, kept by the events that change them (never counted per request).

Every change is one UPDATE with F() expressions, so concurrent events add up instead of
overwriting each other; each runs inside the transaction of the event that causes it.

- Deck.copies_count: +1 when another user copies the deck (an owner's copies of their own deck
  are not a sign that anyone else wants it).
- Deck.runs_count: +1 when a goldfish run is started from the deck (a SimulationRun row with the
  deck is created; decks/apps.py connects the signal).
- Deck.views_count: +1 for each view of the deck's page by anyone but its owner. With Redis the views
  are counted there and written in batches (decks/view_counts.py); without, by count_view here.
- Deck.likes_count: +1 / -1 with the DeckLike row it counts (decks/likes.py).
- Deck.popularity: POPULARITY_WEIGHTS applied to copies, runs and views, updated in the same
  UPDATE as the counter, so it always equals the formula. `field_decks` (decks/field.py) sorts by it.
- CardPlay.public_decks: the public decks whose current version holds the card; moved by
  `public_cards_changed` when a public deck's cards change, a deck becomes public or stops being
  public, or a public deck is deleted.

`recount` rebuilds every counter from the rows (the migration's backfill, and the
`recount_discovery` command after bulk loads or cascaded deletes that bypass the events).
"""
from __future__ import annotations

from collections.abc import Iterable

from django.db import connection, transaction
from django.db.models import Count, F, OuterRef, Subquery, Value
from django.db.models.functions import Coalesce

from .models import CardPlay, Deck, DeckCard, DeckLike, Visibility

# popularity = 10 x copies + 3 x runs + 1 x views: a copy is someone taking the deck home, a run
# someone testing it, a view only a look.
POPULARITY_WEIGHTS: dict[str, int] = {"copies_count": 10, "runs_count": 3, "views_count": 1}


def _bump(deck_id: int, column: str, by: int = 1) -> None:
    changes = {column: F(column) + by}
    weight = POPULARITY_WEIGHTS.get(column, 0)
    if weight:
        changes["popularity"] = F("popularity") + weight * by
    Deck.objects.filter(pk=deck_id).update(**changes)


def count_copy(deck_id: int) -> None:
    _bump(deck_id, "copies_count")


def count_run(deck_id: int) -> None:
    _bump(deck_id, "runs_count")


def count_view(deck_id: int) -> None:
    """A view counted directly (decks/view_counts.py, without Redis), in its own transaction that
    does not wait for its commit to reach the disk (PostgreSQL's synchronous_commit off, for this
    transaction only): a page view would otherwise
    wait for a disk flush (bench/community_bench.py: up to 200 ms on a busy disk), and a crash can
    at worst lose the last fraction of a second's views, never make the counts inconsistent."""
    with transaction.atomic():
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("SET LOCAL synchronous_commit TO OFF")
        _bump(deck_id, "views_count")


def count_like(deck_id: int, by: int) -> None:
    _bump(deck_id, "likes_count", by)


def public_cards_changed(game_id: int, removed: Iterable[int], added: Iterable[int]) -> None:
    """A public deck stopped holding `removed` cards and started holding `added` ones (a deck made
    public adds all its cards; one made private or deleted removes them)."""
    removed_ids, added_ids = set(removed), set(added)
    gone, new = removed_ids - added_ids, added_ids - removed_ids
    if new:
        # Rows are made on first use (ignore_conflicts: two first uses racing make one row).
        CardPlay.objects.bulk_create(
            [CardPlay(card_id=card_id, game_id=game_id) for card_id in sorted(new)], ignore_conflicts=True
        )
        CardPlay.objects.filter(card_id__in=new).update(public_decks=F("public_decks") + 1)
    if gone:
        CardPlay.objects.filter(card_id__in=gone, public_decks__gt=0).update(public_decks=F("public_decks") - 1)


def public_card_ids(deck: Deck) -> set[int]:
    """The cards a deck's current version holds, if the deck is public (else none: it counts for none)."""
    if deck.visibility != Visibility.PUBLIC:
        return set()
    return card_ids(deck)


def card_ids(deck: Deck) -> set[int]:
    """The cards the deck's DeckCard rows hold now."""
    return set(DeckCard.objects.filter(deck_id=deck.pk).values_list("card_id", flat=True))


def _count_of(model_rows: object) -> Coalesce:
    return Coalesce(Subquery(model_rows), Value(0))  # type: ignore[arg-type]


@transaction.atomic
def recount() -> None:
    """Rebuild every counter from the rows (see the module's docstring for when)."""
    copies = (
        Deck.objects.filter(copied_from=OuterRef("pk")).exclude(owner_id=OuterRef("owner_id"))
        .order_by().values("copied_from").annotate(n=Count("pk")).values("n")
    )
    likes = DeckLike.objects.filter(deck=OuterRef("pk")).order_by().values("deck").annotate(n=Count("pk")).values("n")
    from .simulations.models import SimulationRun

    runs = (
        SimulationRun.objects.filter(deck=OuterRef("pk")).order_by().values("deck").annotate(n=Count("pk")).values("n")
    )
    Deck.objects.update(copies_count=_count_of(copies), runs_count=_count_of(runs), likes_count=_count_of(likes))
    Deck.objects.update(popularity=sum(weight * F(column) for column, weight in POPULARITY_WEIGHTS.items()))
    recount_card_plays()


def recount_card_plays() -> None:
    CardPlay.objects.all().delete()
    rows = (
        DeckCard.objects.filter(deck__visibility=Visibility.PUBLIC).order_by()
        .values("card_id", "card__game_id").annotate(n=Count("deck_id", distinct=True))
    )
    CardPlay.objects.bulk_create(
        CardPlay(card_id=row["card_id"], game_id=row["card__game_id"], public_decks=row["n"]) for row in rows
    )


