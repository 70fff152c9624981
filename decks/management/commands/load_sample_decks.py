"""Load the sample public decks: each list of bench/decks/ (or the folders given) becomes a public
deck of the "cardtable-samples" account, named "Sample: <its Name: line>", so that a first visit
has decks of every game to open, copy and test. Running it again changes only the decks whose list
changed (as a new version); the game of a file is the start of its name (qqdnd-chaotic.txt)."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from django.conf import settings
from django.contrib.auth.models import User
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import transaction

from cardsdb.models import Game
from decks import services
from decks.models import Deck, Visibility
from engine.decklist import parse_decklist

SAMPLES_USER = "cardtable-samples"
PREFIX = "Sample: "
DESCRIPTION = ("A sample deck that comes with Cardtable ({source}). Copy it to your decks to change it, "
               "or test it as it is.")


class Command(BaseCommand):
    help = "Load the sample public decks (bench/decks/ by default) as the cardtable-samples account."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("folders", nargs="*", help="folders of deck lists (default: bench/decks)")

    def handle(self, *args: Any, **options: Any) -> None:
        folders = [Path(f) for f in options["folders"]] or [Path(settings.BASE_DIR) / "bench" / "decks"]
        games = {game.slug: game for game in Game.objects.all()}
        if not games:
            raise CommandError("No game is loaded: run manage.py load_cards first.")
        owner, _ = User.objects.get_or_create(username=SAMPLES_USER, defaults={"is_active": False})
        if owner.has_usable_password():
            owner.set_unusable_password()  # nobody signs in as the samples
            owner.save(update_fields=["password"])
        loaded = changed = 0
        for path in sorted(p for folder in folders for p in folder.glob("*.txt")):
            slug = path.stem.split("-")[0]
            game = games.get(slug)
            if game is None:
                raise CommandError(f"{path}: its name starts with no game's slug ({', '.join(sorted(games))}).")
            text = path.read_text(encoding="utf-8")
            title = parse_decklist(text, slug).headers.get("Name") or path.stem
            name = PREFIX + title
            source = f"bench/decks/{path.name}" if path.parent.name == "decks" else path.name
            with transaction.atomic():
                deck = Deck.objects.filter(owner=owner, game=game, name=name).first()
                if deck is None:
                    services.deck_import(owner=owner, game=game, text=text, name=name,
                                         description=DESCRIPTION.format(source=source), visibility=Visibility.PUBLIC)
                    loaded += 1
                elif services.deck_update(deck=deck, user=owner, version=deck.version, text=text,
                                          name=name).deck.version != deck.version:
                    changed += 1
        self.stdout.write(f"Sample decks: {loaded} loaded, {changed} changed.")
