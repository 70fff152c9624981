"""Keyset pagination of deck lists: a page is "the next N decks after this one" in the list's order
(a date, then the id), found through an index however deep the page, and never counted.

Page numbers need OFFSET, whose cost grows with the page (the database reads every row before
it), and a count of the whole list; with a million decks both cost more than the page. A cursor
is the date and id of the last deck shown ("?after=") or of the first ("?before=", to go back).
"""
from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass
from typing import Generic, TypeVar

from django.db.models import Model, Q, QuerySet
from django.http import QueryDict

M = TypeVar("M", bound=Model)

# Microseconds since 1970 (UTC) and the id: "1733212345123456-98765".
CURSOR = re.compile(r"(-?[0-9]{1,19})-([0-9]{1,19})")
EPOCH = dt.datetime(1970, 1, 1, tzinfo=dt.UTC)


class BadCursor(ValueError):
    """A cursor in the address that is not one; answered 400 with the message."""


def encode(moment: dt.datetime, pk: int) -> str:
    delta = moment - EPOCH
    return f"{(delta.days * 86400 + delta.seconds) * 1_000_000 + delta.microseconds}-{pk}"


def decode(cursor: str, key: str) -> tuple[dt.datetime, int]:
    found = CURSOR.fullmatch(cursor)
    if found is None:
        raise BadCursor(f"?{key}= must be a cursor from a link of this list; got {cursor[:40]!r}.")
    try:
        return EPOCH + dt.timedelta(microseconds=int(found[1])), int(found[2])
    except OverflowError as error:
        raise BadCursor(f"?{key}= names a date out of range.") from error


@dataclass(frozen=True)
class KeysetPage(Generic[M]):
    object_list: list[M]
    next_cursor: str  # "" on the last page
    previous_cursor: str  # "" on the first page

    @property
    def has_next(self) -> bool:
        return bool(self.next_cursor)

    @property
    def has_previous(self) -> bool:
        return bool(self.previous_cursor)

    @property
    def has_other_pages(self) -> bool:
        return self.has_next or self.has_previous


def keyset_page(items: QuerySet[M], field: str, params: QueryDict, size: int) -> KeysetPage[M]:
    """The page of `items`, newest `field` first then highest id, that `?after=` or `?before=` asks
    for (the first page without either). `items` may be filtered but not ordered or sliced."""
    after, before = params.get("after", ""), params.get("before", "")
    newest_first = items.order_by(f"-{field}", "-pk")
    if before:
        moment, pk = decode(before, "before")
        # Written so that the index on the date bounds the scan (date >= moment) by itself.
        newer = Q(**{f"{field}__gte": moment}) & (Q(**{f"{field}__gt": moment}) | Q(pk__gt=pk))
        rows = list(items.filter(newer).order_by(field, "pk")[: size + 1])
        more_before = len(rows) > size
        rows = rows[:size][::-1]
        return KeysetPage(rows, _cursor(rows[-1], field) if rows else before,
                          _cursor(rows[0], field) if rows and more_before else "")
    if after:
        moment, pk = decode(after, "after")
        older = Q(**{f"{field}__lte": moment}) & (Q(**{f"{field}__lt": moment}) | Q(pk__lt=pk))
        newest_first = newest_first.filter(older)
    rows = list(newest_first[: size + 1])
    more_after = len(rows) > size
    rows = rows[:size]
    return KeysetPage(rows, _cursor(rows[-1], field) if more_after else "",
                      _cursor(rows[0], field) if after and rows else "")


def _cursor(item: Model, field: str) -> str:
    return encode(getattr(item, field), int(item.pk))
