"""`manage.py load_cards fixtures/qqdnd/ [more paths]`: load or update card sets."""
from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from cardsdb.loading import LoadFailed, load_set_files


class Command(BaseCommand):
    help = "Load card sets from JSON set files or folders of them. All-or-nothing; safe to run again."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("paths", nargs="+", help="Set files (*.json) or folders holding them")
        parser.add_argument(
            "--prune", action="store_true", help="Delete cards of these sets that are no longer in the files"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            report = load_set_files(options["paths"], prune=options["prune"])
        except LoadFailed as exc:
            count = len(exc.errors)
            raise CommandError(
                f"Nothing was loaded: {count} problem{'s' if count != 1 else ''} found.\n{exc}"
            ) from exc
        self.stdout.write(str(report))
