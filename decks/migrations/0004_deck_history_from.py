"""Deck.history_from: the first version others may read.

Decks saved before this field existed may have versions saved while they were private, and which
ones is not known: for a deck that is shared now, others see its current version and later ones.
Its owner can share the earlier ones again (docs/contract.md, "Deck history").
"""
from django.db import migrations, models


def hide_history_of_shared_decks(apps, schema_editor):
    Deck = apps.get_model("decks", "Deck")
    Deck.objects.exclude(visibility="private").update(history_from=models.F("version"))


class Migration(migrations.Migration):

    dependencies = [
        ('decks', '0003_run_opponent_player'),
    ]

    operations = [
        migrations.AddField(
            model_name='deck',
            name='history_from',
            field=models.PositiveIntegerField(default=1),
        ),
        migrations.RunPython(hide_history_of_shared_decks, migrations.RunPython.noop),
    ]
