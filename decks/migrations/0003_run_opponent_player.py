"""Runs say which goldfish opponent and which player they used. Every run stored before this played
the game's only opponent of the time: the passive party (QQDND), the generic inmate (The Condemned),
the silent goldfish (Anguish), with the built-in heuristic player."""
from django.db import migrations, models

OPPONENT_BEFORE = {"qqdnd": "passive", "condemned": "inmate", "anguish": "silent"}


def name_the_old_opponents(apps, schema_editor):
    SimulationRun = apps.get_model("decks", "SimulationRun")
    for slug, opponent in OPPONENT_BEFORE.items():
        SimulationRun.objects.filter(game__slug=slug, opponent="").update(opponent=opponent)


class Migration(migrations.Migration):
    dependencies = [("decks", "0002_simulations")]

    operations = [
        migrations.AddField(
            model_name="simulationrun", name="opponent",
            field=models.CharField(default="", help_text="The goldfish opponent the deck played against.",
                                   max_length=20),
            preserve_default=False,
        ),
        migrations.AddField(
            model_name="simulationrun", name="player",
            field=models.CharField(default="heuristic", help_text="Who played the deck.", max_length=20),
        ),
        migrations.AddField(
            model_name="simulationrun", name="budget",
            field=models.PositiveIntegerField(blank=True, help_text="A search player's play-outs a decision.",
                                              null=True),
        ),
        migrations.RunPython(name_the_old_opponents, migrations.RunPython.noop),
    ]
