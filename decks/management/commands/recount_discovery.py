"""Rebuild the discovery counters from the rows (decks/counters.py `recount`)."""
from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from decks.counters import recount


class Command(BaseCommand):
    help = (
        "Recount copies, runs and likes of every deck, its popularity, and the public decks holding each card "
        "(after bulk loads that bypass the events that keep them)."
    )

    def handle(self, *args: Any, **options: Any) -> None:
        recount()
        self.stdout.write("Counters rebuilt.")
