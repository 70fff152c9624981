"""The deck pages on a community of a real site's size: whole requests through Django's test
client (URL routing, middleware, the view, its queries, the template; no network), one at a time.

Fill a database of its own first (see decks/synthetic/community.py for what it holds):

    createdb ct_million
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/ct_million .venv/bin/python manage.py migrate
    DATABASE_URL=... .venv/bin/python manage.py load_cards fixtures/qqdnd fixtures/condemned fixtures/anguish
    DATABASE_URL=... nice -n 10 .venv/bin/python manage.py make_community --users 100000 --decks 1000000 --seed 1
    DATABASE_URL=... nice -n 10 .venv/bin/python bench/community_bench.py [--n 100] [--game qqdnd]

Prints, for each request, its p50 and p95 in milliseconds over n requests (after a few unmeasured
ones), rotating over several decks, cards and cursors where the row says so. The goal is p95 <= 50 ms for
each. "Deep pages" start after a deck a tenth, a third, half way and all the way down the list; the
card rows are the card with the most and the fewest public decks (CardPlay). The field is a call of
decks.field.field_decks, the query the matchups run against (it has no page of its own here).

The site runs as in production, with Redis as its cache (CACHE_URL; redis://127.0.0.1:6379/0 unless
set): a deck page's view is counted there (decks/view_counts.py), and the bench writes the views it
made to the decks at the end, timing that flush. The load average is printed first and last: on a
shared machine the figures mean little without it. "queries" is the number of SQL queries of one
request of the row; "CPU p50" the median CPU time of the bench's own process (Django, the view, the
template; not the database's), which a busy machine stretches far less than the wall time.
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ.setdefault("SECRET_KEY", "community-bench-only-not-a-secret-key-0123456789")
os.environ.setdefault("CACHE_URL", "redis://127.0.0.1:6379/0")

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402
from django.contrib.auth.models import User  # noqa: E402
from django.db import connection  # noqa: E402
from django.db.models import Count  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402
from django.urls import reverse  # noqa: E402

from cardsdb.models import Card, Game  # noqa: E402
from decks import browse, keyset, view_counts  # noqa: E402
from decks.field import field_decks  # noqa: E402
from decks.models import CardPlay, Deck, Visibility  # noqa: E402

WARM_UP = 5


def timed(request: Callable[[], int], n: int) -> tuple[list[float], list[float]]:
    """Wall and CPU (this process's) milliseconds of n requests."""
    for _ in range(WARM_UP):
        request()
    times, cpu = [], []
    for _ in range(n):
        start, start_cpu = time.perf_counter(), time.process_time()
        status = request()
        times.append((time.perf_counter() - start) * 1000)
        cpu.append((time.process_time() - start_cpu) * 1000)
        if status != 200:
            raise SystemExit(f"answered {status}")
    return times, cpu


def queries(request: Callable[[], int]) -> int:
    with CaptureQueriesContext(connection) as captured:
        request()
    return len(captured.captured_queries)


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f}, {five:.2f}, {fifteen:.2f} ({os.cpu_count()} cores)"


def rotating(client: Client, urls: list[str]) -> Callable[[], int]:
    turn = iter(range(10**9))
    return lambda: client.get(urls[next(turn) % len(urls)]).status_code


def at_depth(decks: object, field: str, depth: int) -> Deck:
    deck: Deck = decks.order_by(f"-{field}", "-pk")[depth]  # type: ignore[attr-defined]
    return deck


def public_cursor(deck: Deck) -> str:
    """The public list's cursor (decks/browse.py) after this deck, newest first."""
    return browse._encode("new", deck.created_at, deck.pk)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--n", type=int, default=100, help="measured requests per row")
    parser.add_argument("--game", default="qqdnd")
    args = parser.parse_args()
    print(f"Before: {load()}", flush=True)
    rng = random.Random(1)
    game = Game.objects.get(slug=args.game)
    public = Deck.objects.filter(game=game, visibility=Visibility.PUBLIC)
    listed = public.count()
    total = Deck.objects.count()
    list_url = reverse("deck-public", args=[game.slug])
    anonymous = Client()

    # The most and the least played cards of the game (by public decks holding them: CardPlay).
    plays = CardPlay.objects.filter(game=game, public_decks__gt=0).order_by("-public_decks")
    popular, rare = plays.first().card, plays.last().card  # type: ignore[union-attr]
    depths = [listed // 10, listed // 3, listed // 2, listed - 40]
    deep = [f"{list_url}?cursor={public_cursor(at_depth(public, 'created_at', d))}" for d in depths if d > 0]
    deck_ids = list(public.values_list("pk", flat=True)[:: max(1, listed // 200)])
    deck_pages = [reverse("deck-detail", args=[s]) for s in
                  Deck.objects.filter(pk__in=rng.sample(deck_ids, min(50, len(deck_ids))))
                  .values_list("share_id", flat=True)]
    heavy_owner = Deck.objects.values("owner").annotate(n=Count("id")).order_by("-n")[0]
    heavy = User.objects.get(pk=heavy_owner["owner"])
    mine = Client()
    mine.force_login(heavy)
    own = Deck.objects.filter(owner=heavy)
    deepest = at_depth(own, "updated_at", heavy_owner["n"] * 3 // 4)
    mine_deep = f"{reverse('deck-mine')}?after={keyset.encode(deepest.updated_at, deepest.pk)}"
    cards = list(Card.objects.filter(game=game).order_by("?")[:20])
    card_pages = [reverse("card-detail", args=[game.slug, c.slug]) for c in cards]

    rows: list[tuple[str, Callable[[], int]]] = [
        ("decks home (newest public, all games)", rotating(anonymous, [reverse("deck-index")])),
        (f"public {game.slug} decks, first page", rotating(anonymous, [list_url])),
        (f"public {game.slug} decks, deep pages (keyset, {len(deep)} depths)", rotating(anonymous, deep)),
        (f"public {game.slug} decks, most copied, first page", rotating(anonymous, [f"{list_url}?sort=copies"])),
        (f"decks with a popular card ({popular.name})", rotating(anonymous, [f"{list_url}?card_slug={popular.slug}"])),
        (f"decks with a rare card ({rare.name})", rotating(anonymous, [f"{list_url}?card_slug={rare.slug}"])),
        ("decks with a card named like 'a' (any of many cards)", rotating(anonymous, [f"{list_url}?card=a"])),
        (f"a public deck's page ({len(deck_pages)} decks)", rotating(anonymous, deck_pages)),
        (f"my decks, first page ({heavy_owner['n']:,} decks)", rotating(mine, [reverse("deck-mine")])),
        ("my decks, deep page (keyset)", rotating(mine, [mine_deep])),
        (f"a card's page with its public deck count ({len(card_pages)} cards)", rotating(anonymous, card_pages)),
        (f"the field: decks.field.field_decks({game.slug!r}) (a call, not a request)",
         lambda: (field_decks(game.slug), 200)[1]),
    ]

    views = "counted in Redis" if view_counts.buffered() else "written to the database at once (no Redis)"
    print(f"{total:,} decks ({listed:,} public {game.name}), {User.objects.count():,} users; "
          f"Django test client, sequential, n={args.n} each; cache {settings.CACHE_URL}, views {views}\n")
    print(f"| {'request':<62} | {'p50 ms':>7} | {'p95 ms':>7} | {'CPU p50':>7} | {'queries':>7} | {'n':>4} |")
    print(f"|{'-' * 64}|{'-' * 9}|{'-' * 9}|{'-' * 9}|{'-' * 9}|{'-' * 6}|")
    for name, request in rows:
        times, cpu = timed(request, args.n)
        p95 = statistics.quantiles(times, n=20)[18]
        print(f"| {name:<62} | {statistics.median(times):>7.1f} | {p95:>7.1f} | {statistics.median(cpu):>7.1f} "
              f"| {queries(request):>7} | {args.n:>4} |", flush=True)
    start = time.perf_counter()
    flushed = view_counts.flush()
    print(f"\nThe views counted: {flushed.views:,} of {flushed.decks:,} decks written in one flush in "
          f"{(time.perf_counter() - start) * 1000:.0f} ms.")
    print(f"After: {load()}")


if __name__ == "__main__":
    main()
