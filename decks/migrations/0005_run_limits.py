# Goldfish runs: requesters (quotas, fair scheduling, cancel), waiting and cancelled chunks, send leases.

from django.conf import settings
from django.db import migrations, models
from django.db.models.functions import Now


def lease_sent_chunks(apps, schema_editor):
    """Chunks sent before this migration have no send time: give them one, so that the watch task's
    lease applies to them too (decks/simulations/recovery.py)."""
    chunk = apps.get_model("decks", "SimulationChunk")
    chunk.objects.filter(status="queued", queued_at__isnull=True).update(queued_at=Now(), sends=1)


class Migration(migrations.Migration):

    dependencies = [
        ('cardsdb', '0002_card_updated_at'),
        ('decks', '0004_deck_history_from'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name='simulationchunk',
            name='queued_at',
            field=models.DateTimeField(blank=True, help_text='When its message was last sent.', null=True),
        ),
        migrations.AddField(
            model_name='simulationchunk',
            name='sends',
            field=models.PositiveSmallIntegerField(default=0, help_text='Times sent since a worker last took it.'),
        ),
        migrations.AddField(
            model_name='simulationrun',
            name='requester',
            field=models.CharField(blank=True, max_length=80),
        ),
        migrations.AlterField(
            model_name='simulationchunk',
            name='status',
            field=models.CharField(choices=[('waiting', 'Waiting its turn'), ('queued', 'Queued'), ('running', 'Running'), ('done', 'Done'), ('failed', 'Failed'), ('cancelled', 'Cancelled')], default='waiting', max_length=10),
        ),
        migrations.AlterField(
            model_name='simulationrun',
            name='status',
            field=models.CharField(choices=[('queued', 'Queued'), ('running', 'Running'), ('done', 'Done'), ('failed', 'Failed'), ('cancelled', 'Cancelled')], default='queued', max_length=10),
        ),
        migrations.AddIndex(
            model_name='simulationchunk',
            index=models.Index(fields=['status', 'queued_at'], name='decks_simul_status_bf8fb8_idx'),
        ),
        migrations.AddIndex(
            model_name='simulationrun',
            index=models.Index(fields=['requester', '-created_at'], name='decks_simul_request_afad9f_idx'),
        ),
        migrations.AddIndex(
            model_name='simulationrun',
            index=models.Index(fields=['status'], name='decks_simul_status_89e15b_idx'),
        ),
        migrations.RunPython(lease_sent_chunks, migrations.RunPython.noop),
    ]
