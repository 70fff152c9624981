"""Writing the synthetic community's rows: PostgreSQL COPY (psycopg 3) in big batches, or
bulk_create on other databases (SQLite, at small sizes).

Rows come as {column: value} dicts naming the model's columns; the writers keep each table's rows
until a batch is full. Ids of users and decks are given by the generator (other rows point at
them); the other tables take theirs from the database.
"""
from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from typing import Any

from django.db import connection, models, transaction

ESCAPES = str.maketrans({"\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r"})


def copy_value(value: Any) -> str:
    """A value in COPY's text format."""
    if value is None:
        return "\\N"
    if value is True:
        return "t"
    if value is False:
        return "f"
    if isinstance(value, dt.datetime):
        return value.isoformat()
    if isinstance(value, str):
        return value.translate(ESCAPES)
    return str(value)


class Writer:
    """Keeps rows per model and writes a batch when told to flush (the caller's transaction)."""

    def __init__(self) -> None:
        self.rows: dict[type[models.Model], list[dict[str, Any]]] = {}
        self.written: dict[str, int] = {}

    def add(self, model: type[models.Model], row: dict[str, Any]) -> None:
        self.rows.setdefault(model, []).append(row)

    def add_many(self, model: type[models.Model], rows: Iterable[dict[str, Any]]) -> None:
        self.rows.setdefault(model, []).extend(rows)

    def flush(self) -> None:
        """Write what is kept, parents first (the order models were first added in)."""
        for model, rows in self.rows.items():
            if rows:
                self.write(model, rows)
                label = model._meta.label
                self.written[label] = self.written.get(label, 0) + len(rows)
                rows.clear()

    def write(self, model: type[models.Model], rows: list[dict[str, Any]]) -> None:
        raise NotImplementedError

    def finish(self, models_with_given_ids: Iterable[type[models.Model]]) -> None:
        """After the last batch: what the database needs to go on as if the rows were saved one by one."""


class BulkCreateWriter(Writer):
    def write(self, model: type[models.Model], rows: list[dict[str, Any]]) -> None:
        # The rows carry their own dates: auto_now(_add) would stamp them all with today.
        stamped = [f for f in model._meta.concrete_fields
                   if isinstance(f, models.DateField) and (f.auto_now or f.auto_now_add)]
        saved = [(f.auto_now, f.auto_now_add) for f in stamped]
        for f in stamped:
            f.auto_now = f.auto_now_add = False
        try:
            model._default_manager.bulk_create([model(**row) for row in rows], batch_size=500)
        finally:
            for f, (auto_now, auto_now_add) in zip(stamped, saved, strict=True):
                f.auto_now, f.auto_now_add = auto_now, auto_now_add


class CopyWriter(Writer):
    """COPY ... FROM STDIN through psycopg 3, a batch a statement."""

    def write(self, model: type[models.Model], rows: list[dict[str, Any]]) -> None:
        columns = list(rows[0])
        table = connection.ops.quote_name(model._meta.db_table)
        names = ", ".join(connection.ops.quote_name(c) for c in columns)
        with connection.cursor() as cursor, cursor.cursor.copy(f"COPY {table} ({names}) FROM STDIN") as copy:
            lines = ["\t".join(copy_value(row[c]) for c in columns) + "\n" for row in rows]
            copy.write("".join(lines))

    def finish(self, models_with_given_ids: Iterable[type[models.Model]]) -> None:
        # Rows written with their ids leave the id sequence behind: move it past them.
        with connection.cursor() as cursor:
            for model in models_with_given_ids:
                table = model._meta.db_table
                cursor.execute(
                    f"SELECT setval(pg_get_serial_sequence(%s, 'id'), "
                    f"(SELECT COALESCE(MAX(id), 1) FROM {connection.ops.quote_name(table)}))",
                    [table],
                )


def make_writer(kind: str = "") -> Writer:
    """"copy" (PostgreSQL only), "bulk", or by default COPY on PostgreSQL and bulk_create elsewhere."""
    if kind == "copy" and connection.vendor != "postgresql":
        raise ValueError("COPY needs PostgreSQL; this database is " + connection.vendor)
    if kind == "bulk" or (not kind and connection.vendor != "postgresql"):
        return BulkCreateWriter()
    return CopyWriter()


def skip_foreign_key_checks() -> None:
    """On PostgreSQL, skip the foreign key triggers for this transaction when allowed (superuser):
    checking millions of rows the generator made consistent costs more than writing them.
    Elsewhere, or without the right, the checks stay on."""
    if connection.vendor != "postgresql":
        return
    try:
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute("SET LOCAL session_replication_role = replica")
    except Exception:  # noqa: BLE001 - no right to skip them: they run, only slower
        pass
