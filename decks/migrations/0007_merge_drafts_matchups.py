# The builder drafts and the matchup runs were added side by side on 0005/0006; this joins them.
from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ("decks", "0006_builder_drafts"),
        ("decks", "0006_matchup_runs"),
    ]

    operations = []
