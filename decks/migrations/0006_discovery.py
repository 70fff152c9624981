# Discovery: deck counters (copies, runs, views, likes) and popularity, likes, tags, the Anguish
# Species of a deck, per-card counts of public decks, and one partial index per public-list sort.

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models
from django.db.models import Count, F, OuterRef, Subquery, Value
from django.db.models.functions import Coalesce

# As decks/counters.py POPULARITY_WEIGHTS (copied: a migration keeps the formula of its time).
WEIGHTS = {"copies_count": 10, "runs_count": 3, "views_count": 1}


def _count(rows):
    return Coalesce(Subquery(rows), Value(0))


def backfill_counters(apps, schema_editor):
    """Count what happened before the counters existed: copies by others, runs and per-card counts
    of public decks (views were never recorded: they start at 0, likes did not exist)."""
    Deck = apps.get_model("decks", "Deck")
    DeckCard = apps.get_model("decks", "DeckCard")
    Run = apps.get_model("decks", "SimulationRun")
    CardPlay = apps.get_model("decks", "CardPlay")
    copies = (
        Deck.objects.filter(copied_from=OuterRef("pk")).exclude(owner_id=OuterRef("owner_id"))
        .order_by().values("copied_from").annotate(n=Count("pk")).values("n")
    )
    runs = Run.objects.filter(deck=OuterRef("pk")).order_by().values("deck").annotate(n=Count("pk")).values("n")
    Deck.objects.update(copies_count=_count(copies), runs_count=_count(runs))
    Deck.objects.update(popularity=sum(weight * F(column) for column, weight in WEIGHTS.items()))
    rows = (
        DeckCard.objects.filter(deck__visibility="public").order_by()
        .values("card_id", "card__game_id").annotate(n=Count("deck_id", distinct=True))
    )
    CardPlay.objects.bulk_create(
        CardPlay(card_id=row["card_id"], game_id=row["card__game_id"], public_decks=row["n"]) for row in rows
    )


def backfill_species(apps, schema_editor):
    """The Species of each Anguish deck, from its current list checked as a save checks it."""
    from engine.validation import CardIndex, check_decklist

    Deck = apps.get_model("decks", "Deck")
    Card = apps.get_model("cardsdb", "Card")
    DeckVersion = apps.get_model("decks", "DeckVersion")
    decks = Deck.objects.filter(game__slug="anguish")
    if not decks.exists():
        return
    fields = ("name", "card_type", "subtypes", "text", "attributes")
    index = CardIndex("anguish", list(Card.objects.filter(game__slug="anguish").values(*fields)))
    for deck in decks.only("pk", "version", "format"):
        text = DeckVersion.objects.filter(deck=deck, number=deck.version).values_list("text", flat=True).first()
        if text is None:
            continue
        try:
            species = check_decklist("anguish", text, index, deck.format).result.summary.get("species") or []
        except Exception:  # a list the engine no longer reads keeps a blank Species
            continue
        Deck.objects.filter(pk=deck.pk).update(species="/".join(species)[:40])


class Migration(migrations.Migration):

    dependencies = [
        ('cardsdb', '0004_pg_trgm'),
        ('decks', '0005_run_limits'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name='CardPlay',
            fields=[
                ('card', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, primary_key=True, related_name='play', serialize=False, to='cardsdb.card')),
                ('public_decks', models.PositiveIntegerField(default=0)),
            ],
        ),
        migrations.CreateModel(
            name='DeckLike',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('created_at', models.DateTimeField(auto_now_add=True)),
            ],
        ),
        migrations.CreateModel(
            name='DeckTag',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('tag', models.CharField(max_length=24)),
            ],
            options={
                'ordering': ['tag'],
            },
        ),
        migrations.AddField(
            model_name='deck',
            name='copies_count',
            field=models.PositiveIntegerField(default=0, help_text='Copies made by other users.'),
        ),
        migrations.AddField(
            model_name='deck',
            name='likes_count',
            field=models.PositiveIntegerField(default=0),
        ),
        migrations.AddField(
            model_name='deck',
            name='popularity',
            field=models.BigIntegerField(default=0),
        ),
        migrations.AddField(
            model_name='deck',
            name='runs_count',
            field=models.PositiveIntegerField(default=0, help_text='Goldfish runs started from the deck.'),
        ),
        migrations.AddField(
            model_name='deck',
            name='species',
            field=models.CharField(blank=True, max_length=40),
        ),
        migrations.AddField(
            model_name='deck',
            name='views_count',
            field=models.PositiveIntegerField(default=0, help_text='Views of its page by others.'),
        ),
        migrations.AddIndex(
            model_name='deck',
            index=models.Index(condition=models.Q(('visibility', 'public')), fields=['game', '-created_at', '-id'], name='deck_pub_game_new'),
        ),
        migrations.AddIndex(
            model_name='deck',
            index=models.Index(condition=models.Q(('visibility', 'public')), fields=['-created_at', '-id'], name='deck_pub_new'),
        ),
        migrations.AddIndex(
            model_name='deck',
            index=models.Index(condition=models.Q(('visibility', 'public')), fields=['game', '-copies_count', '-id'], name='deck_pub_game_copies'),
        ),
        migrations.AddIndex(
            model_name='deck',
            index=models.Index(condition=models.Q(('visibility', 'public')), fields=['-copies_count', '-id'], name='deck_pub_copies'),
        ),
        migrations.AddIndex(
            model_name='deck',
            index=models.Index(condition=models.Q(('visibility', 'public')), fields=['game', '-runs_count', '-id'], name='deck_pub_game_runs'),
        ),
        migrations.AddIndex(
            model_name='deck',
            index=models.Index(condition=models.Q(('visibility', 'public')), fields=['-runs_count', '-id'], name='deck_pub_runs'),
        ),
        migrations.AddIndex(
            model_name='deck',
            index=models.Index(condition=models.Q(('visibility', 'public')), fields=['game', '-likes_count', '-id'], name='deck_pub_game_likes'),
        ),
        migrations.AddIndex(
            model_name='deck',
            index=models.Index(condition=models.Q(('visibility', 'public')), fields=['-likes_count', '-id'], name='deck_pub_likes'),
        ),
        migrations.AddIndex(
            model_name='deck',
            index=models.Index(condition=models.Q(('visibility', 'public')), fields=['game', '-popularity', '-id'], name='deck_pub_game_popular'),
        ),
        migrations.AddIndex(
            model_name='deck',
            index=models.Index(condition=models.Q(('visibility', 'public')), fields=['-popularity', '-id'], name='deck_pub_popular'),
        ),
        migrations.AddIndex(
            model_name='deck',
            index=models.Index(condition=models.Q(('visibility', 'public'), ('is_legal', True)), fields=['game', '-popularity', '-id'], name='deck_field'),
        ),
        migrations.AddField(
            model_name='cardplay',
            name='game',
            field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='cardsdb.game'),
        ),
        migrations.AddField(
            model_name='decklike',
            name='deck',
            field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='likes', to='decks.deck'),
        ),
        migrations.AddField(
            model_name='decklike',
            name='user',
            field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='deck_likes', to=settings.AUTH_USER_MODEL),
        ),
        migrations.AddField(
            model_name='decktag',
            name='deck',
            field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='tags', to='decks.deck'),
        ),
        migrations.AddIndex(
            model_name='cardplay',
            index=models.Index(fields=['game', '-public_decks', 'card'], name='cardplay_game_most_played'),
        ),
        migrations.AddConstraint(
            model_name='decklike',
            constraint=models.UniqueConstraint(fields=('user', 'deck'), name='one_like_per_user_and_deck'),
        ),
        migrations.AddIndex(
            model_name='decktag',
            index=models.Index(fields=['tag', 'deck'], name='decktag_tag_deck'),
        ),
        migrations.AddConstraint(
            model_name='decktag',
            constraint=models.UniqueConstraint(fields=('deck', 'tag'), name='unique_tag_per_deck'),
        ),
        migrations.RunPython(backfill_counters, migrations.RunPython.noop),
        migrations.RunPython(backfill_species, migrations.RunPython.noop),
    ]
