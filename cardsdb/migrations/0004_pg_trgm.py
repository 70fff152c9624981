"""pg_trgm for the card-name autocomplete's typo matching (PostgreSQL only; nothing on SQLite).

CreateExtension does nothing on other databases, and pg_trgm is a trusted extension (PostgreSQL
13+), so the database owner can create it without superuser rights.
"""
from django.contrib.postgres.operations import TrigramExtension
from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ("cardsdb", "0003_card_data_version"),
    ]

    operations = [
        TrigramExtension(),
    ]
