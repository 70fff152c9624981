"""Fill the database with a synthetic community (decks/synthetic/community.py says what it looks
like), to measure the site at the size of a real one: bench/community_bench.py.

    manage.py make_community --users 100000 --decks 1000000 --seed 1

On PostgreSQL the rows go in with COPY, in batches of --batch decks, each batch its own
transaction; elsewhere with bulk_create (small sizes). It refuses a database that has players it
did not make (anyone without an @community.invalid address) unless --force: it is for a database
of its own, never one with real players.
"""
from __future__ import annotations

import time
from typing import Any

from django.contrib.auth.models import User
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import connection, transaction
from django.db.models import Max

from cardsdb.models import Game
from decks import counters
from decks.models import Deck
from decks.synthetic.community import EMAIL_DOMAIN, Community, Options
from decks.synthetic.writers import make_writer, skip_foreign_key_checks


def _share(value: str) -> float:
    share = float(value)
    if not 0 <= share <= 1:
        raise ValueError("a share is between 0 and 1")
    return share


class Command(BaseCommand):
    help = "Fill the database with synthetic players, decks, versions, copies and runs (for benchmarks)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--users", type=int, default=1000, help="players to make (default 1000)")
        parser.add_argument("--decks", type=int, default=10000, help="decks to make (default 10000)")
        parser.add_argument("--seed", type=int, default=1, help="the same seed makes the same community")
        parser.add_argument("--public", type=_share, default=0.25, help="share of decks that are public")
        parser.add_argument("--unlisted", type=_share, default=0.10, help="share of decks that are unlisted")
        parser.add_argument("--copies", type=_share, default=0.12, help="share of decks copied from public ones")
        parser.add_argument("--legal", type=_share, default=0.5, help="share of lists that are legal")
        parser.add_argument("--runs", type=float, default=0.3, help="goldfish runs a deck, on average")
        parser.add_argument("--batch", type=int, default=20000, help="decks written a transaction")
        parser.add_argument("--writer", choices=["copy", "bulk"], default="",
                            help="COPY (PostgreSQL) or bulk_create; by default COPY on PostgreSQL")
        parser.add_argument("--force", action="store_true", help="run even if the database has real players")

    def handle(self, *args: Any, **o: Any) -> None:
        if o["users"] < 1 or o["decks"] < 0 or o["batch"] < 1:
            raise CommandError("--users must be at least 1, --decks at least 0 and --batch at least 1.")
        if o["public"] + o["unlisted"] > 1:
            raise CommandError("--public and --unlisted together are more than every deck.")
        real = User.objects.exclude(email__endswith=f"@{EMAIL_DOMAIN}").count()
        if real and not o["force"]:
            raise CommandError(
                f"This database has {real} player(s) this command did not make: it only fills a database "
                "of its own. Use --force to add the community anyway."
            )
        if not Game.objects.exists():
            raise CommandError("No game is loaded: run manage.py load_cards first.")
        options = Options(o["users"], o["decks"], o["seed"], o["public"], o["unlisted"], o["copies"],
                          o["legal"], o["runs"])
        first_user = (User.objects.aggregate(m=Max("id"))["m"] or 0) + 1
        first_deck = (Deck.objects.aggregate(m=Max("id"))["m"] or 0) + 1
        started = time.monotonic()
        community = Community(options, first_user, first_deck)
        try:
            writer = make_writer(o["writer"])
        except ValueError as error:
            raise CommandError(str(error)) from error
        with transaction.atomic():
            writer.add_many(User, community.users())
            writer.flush()
        for start in range(0, options.decks, o["batch"]):
            with transaction.atomic():
                skip_foreign_key_checks()
                for model, row in community.decks(start, min(start + o["batch"], options.decks)):
                    writer.add(model, row)
                writer.flush()
            self.stdout.write(f"  {min(start + o['batch'], options.decks):,} decks "
                              f"({time.monotonic() - started:.0f} s)")
        writer.finish([User, Deck])
        counters.recount()  # copies, runs, likes, popularity and the cards' public decks, from the rows
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("ANALYZE")
        written = ", ".join(f"{count:,} {label}" for label, count in writer.written.items())
        self.stdout.write(f"Made {written} in {time.monotonic() - started:.1f} s.")
