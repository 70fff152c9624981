"""Write the deck page views counted in Redis to the decks now (decks/view_counts.py); Celery beat
does the same every DECK_VIEWS_FLUSH_SECONDS."""
from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand
from django.template.defaultfilters import pluralize

from decks import view_counts


class Command(BaseCommand):
    help = "Write the deck page views counted in Redis to the decks (views count and popularity)."

    def handle(self, *args: Any, **options: Any) -> None:
        if not view_counts.buffered():
            self.stdout.write("Views are written to the decks as they happen (no Redis): nothing to flush.")
            return
        done = view_counts.flush()
        views, decks = f"{done.views} view{pluralize(done.views)}", f"{done.decks} deck{pluralize(done.decks)}"
        self.stdout.write(f"Wrote {views} of {decks}.")
