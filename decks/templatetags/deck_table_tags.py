"""The rows of a table of decks (templates/decks/_deck_table.html), written in Python.

Through the template language a row costs some twenty variable lookups, two date filters and a
URL reversal: a page of 24 to 30 decks took 10 to 20 ms of CPU, most of the page's time
(bench/community_bench.py). The same HTML built here costs a tenth of that. Every text a player
wrote (deck name, side, Species, tags, user name) is escaped.
"""
from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from django import template
from django.utils import timezone
from django.utils.dateformat import format as date_format
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.text import capfirst

from ..models import Deck

register = template.Library()


@register.simple_tag
def deck_rows(
    decks: Iterable[Deck], show_game: bool = False, show_owner: bool = False, show_counts: bool = False,
    show_visibility: bool = False,
) -> SafeString:
    """The <tr> of each deck; the columns are those the table's header names for the same flags."""
    return mark_safe("".join(_row(deck, show_game, show_owner, show_counts, show_visibility) for deck in decks))


def _row(deck: Deck, show_game: bool, show_owner: bool, show_counts: bool, show_visibility: bool) -> str:
    name = f'<a class="deck-link" href="{escape(deck.get_absolute_url())}">{escape(deck.name)}</a>'
    if deck.side:
        name += f' <span class="muted small">{escape(capfirst(deck.side))}</span>'
    if deck.species:
        name += f' <span class="muted small">{escape(deck.species)}</span>'
    if show_counts:
        name += "".join(f' <span class="badge badge-tag">{escape(tag.tag)}</span>' for tag in deck.tags.all())
    cells = [f"<td>{name}</td>"]
    if show_game:
        cells.append(f"<td>{escape(deck.game.name)}</td>")
    if show_owner:
        cells.append(f"<td>{escape(deck.owner.get_username())}</td>")
    cells.append(f"<td>{getattr(deck, 'card_total', None) or 0}</td>")
    legal = ('<span class="badge badge-legal">Legal</span>' if deck.is_legal
             else '<span class="badge badge-illegal">Not legal</span>')
    cells.append(f"<td>{legal}</td>")
    if show_counts:
        cells.append(f"<td>{deck.copies_count}</td><td>{deck.runs_count}</td><td>{deck.likes_count}</td>")
    if show_visibility:
        cells.append(f'<td><span class="badge badge-visibility">{escape(deck.get_visibility_display())}</span></td>')
        cells.append(f"<td>v{deck.version}</td>")
    cells.append(f"<td>{_time(deck.updated_at if show_visibility else deck.created_at)}</td>")
    body = "\n          ".join(cells)
    return f'\n        <tr data-game="{escape(deck.game.slug)}">\n          {body}\n        </tr>'


def _time(moment: datetime) -> str:
    local = timezone.localtime(moment)  # as the template's date filter shows it: in the site's time zone
    # The date filter's "c" is isoformat().
    return f'<time datetime="{local.isoformat()}">{date_format(local, "j M Y, H:i")}</time>'
