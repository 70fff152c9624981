"""Indexes for a million decks (bench/community_bench.py), built without locking the tables: a
player's decks last saved first (my decks, a keyset page at a time), and the decks holding a card
read from the (card, deck) index alone."""
from django.contrib.postgres.operations import AddIndexConcurrently
from django.db import migrations, models
from django.db.migrations.operations import AddIndex


class AddIndexConcurrentlyOnPostgres(AddIndexConcurrently):
    """CREATE INDEX CONCURRENTLY on PostgreSQL (the tables stay writable while it builds); a plain
    CREATE INDEX elsewhere (SQLite has no CONCURRENTLY)."""

    def database_forwards(self, app_label, schema_editor, from_state, to_state):  # type: ignore[no-untyped-def]
        if schema_editor.connection.vendor == "postgresql":
            super().database_forwards(app_label, schema_editor, from_state, to_state)
        else:
            AddIndex.database_forwards(self, app_label, schema_editor, from_state, to_state)

    def database_backwards(self, app_label, schema_editor, from_state, to_state):  # type: ignore[no-untyped-def]
        if schema_editor.connection.vendor == "postgresql":
            super().database_backwards(app_label, schema_editor, from_state, to_state)
        else:
            AddIndex.database_backwards(self, app_label, schema_editor, from_state, to_state)


class Migration(migrations.Migration):
    atomic = False  # CREATE INDEX CONCURRENTLY cannot run in a transaction

    dependencies = [
        ("decks", "0007_merge_drafts_matchups"),
    ]

    operations = [
        AddIndexConcurrentlyOnPostgres(
            model_name="deck",
            index=models.Index(fields=["owner", "-updated_at", "-id"], name="deck_owner_last_saved"),
        ),
        AddIndexConcurrentlyOnPostgres(
            model_name="deckcard",
            index=models.Index(fields=["card", "deck"], name="deckcard_card_deck"),
        ),
    ]
