# Builder drafts kept on the server for signed-in players (decks/drafts.py).

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('cardsdb', '0004_pg_trgm'),
        ('decks', '0005_run_limits'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name='BuilderDraft',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('state', models.JSONField(help_text="The builder's fields (decks/drafts.py).")),
                ('updated_at', models.DateTimeField(auto_now=True)),
                ('deck', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.CASCADE, related_name='drafts', to='decks.deck')),
                ('game', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='cardsdb.game')),
                ('owner', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='builder_drafts', to=settings.AUTH_USER_MODEL)),
            ],
            options={
                'constraints': [models.UniqueConstraint(condition=models.Q(('deck__isnull', True)), fields=('owner', 'game'), name='one_new_deck_draft_per_game'), models.UniqueConstraint(condition=models.Q(('deck__isnull', False)), fields=('owner', 'deck'), name='one_draft_per_deck')],
            },
        ),
    ]
