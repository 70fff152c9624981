"""The rows of a synthetic community: users, their decks of every game, the decks' versions and
cards, copies of popular public decks, and goldfish runs. The same seed gives the same rows.

What it looks like (the numbers are options of manage.py make_community):

- Decks per player follow a power law: most players have none or a few, a handful have thousands.
- Games: half the decks are QQDND, 30% The Condemned, 20% Anguish (of the games loaded).
- Visibility: 25% public, 10% unlisted, 65% private: most decks are someone's work in progress.
- 12% of decks are copies of public decks (private, version 1, the original's list), mostly of the
  older, more popular ones.
- Versions: one in 55% of decks, then each further one with odds 45%; older versions hold other
  lists of the pool, the current one the deck's list.
- Legality: half the lists are legal (options: --legal); the verdict is the validator's.
- Runs: 0.3 a deck on average, three times as many on public decks; done, without results.
- Likes: on public decks only, by other players, a power law (most none, a few dozens); views
  of public and unlisted decks likewise, more for older ones. Tags: 0 to 3 on 40% of the decks
  others can see. The counters (Deck.copies_count, runs_count, likes_count, popularity and
  CardPlay) are then rebuilt from the rows by decks/counters.recount, as after any bulk load.
- Dates: decks are made over the three years up to END, in id order; a deck edited again is
  updated within 90 days of its making.
"""
from __future__ import annotations

import base64
import datetime as dt
import random
from collections.abc import Iterator
from dataclasses import dataclass

from cardsdb.models import Game
from engine.play.kits import goldfish_opponents

from ..models import Deck, DeckCard, DeckLike, DeckTag, DeckVersion, Visibility
from ..simulations.models import RunKind, RunStatus, SimulationRun
from .lists import ListPool, PoolList, list_pool

END = dt.datetime(2026, 11, 30, tzinfo=dt.UTC)
SPAN = dt.timedelta(days=3 * 365)
GAME_SHARES = {"qqdnd": 0.5, "condemned": 0.3, "anguish": 0.2}
EMAIL_DOMAIN = "community.invalid"  # marks the players this command made
UNUSABLE_PASSWORD = "!synthetic"  # Django reads a password starting with "!" as unusable

ADJECTIVES = ("Aggro", "Midrange", "Control", "Budget", "Spicy", "Classic", "Silent", "Burning", "Iron",
              "Hidden", "Golden", "Rusty", "Twin", "Feral", "Lucky", "Grim", "Swift", "Heavy", "Wild", "Old")
NOUNS = ("Rush", "Engine", "Tempo", "Fortress", "Swarm", "Combo", "Ramp", "Tide", "Storm", "Vault",
         "Blade", "Pact", "Ritual", "March", "Garden", "Gambit", "Siege", "Circus", "Lantern", "Crown")
TAGS = ("aggro", "control", "combo", "midrange", "budget", "tournament", "casual", "beginner", "tempo",
        "ramp", "burn", "swarm", "meme", "competitive", "fun")
DESCRIPTIONS = ("", "", "", "Work in progress.", "Tested a few games; the curve feels right.",
                "Budget version of a popular list.", "Beats the goldfish by turn 6 most games.")


@dataclass(frozen=True)
class Options:
    users: int
    decks: int
    seed: int
    public: float = 0.25
    unlisted: float = 0.10
    copies: float = 0.12
    legal: float = 0.5
    runs: float = 0.3


@dataclass(frozen=True)
class _Shared:
    """A public deck others may copy."""

    id: int
    game_id: int
    slug: str
    listed: PoolList
    name: str
    description: str


class Community:
    """Makes the rows, batch by batch, given the first free user and deck ids."""

    def __init__(self, options: Options, first_user_id: int, first_deck_id: int) -> None:
        self.o = options
        self.rng = random.Random(options.seed)
        self.first_user_id = first_user_id
        self.first_deck_id = first_deck_id
        games = {g.slug: g for g in Game.objects.filter(slug__in=GAME_SHARES)}
        self.pools: dict[str, ListPool] = {slug: list_pool(slug, options.seed) for slug in games}
        self.game_ids = {slug: games[slug].pk for slug in games}
        self.slugs = list(games)
        self.shares = [GAME_SHARES[slug] for slug in self.slugs]
        self.opponent = {slug: goldfish_opponents(slug)[0] for slug in games}
        self.shared: list[_Shared] = []

    # Players --------------------------------------------------------------------------------------

    def users(self) -> Iterator[dict[str, object]]:
        for i in range(self.o.users):
            joined = END - SPAN - dt.timedelta(days=30) + dt.timedelta(seconds=int(self.rng.random() * 86400 * 30))
            yield {
                "id": self.first_user_id + i, "password": UNUSABLE_PASSWORD, "last_login": None,
                "is_superuser": False, "username": f"player{i:07d}", "first_name": "", "last_name": "",
                "email": f"player{i:07d}@{EMAIL_DOMAIN}", "is_staff": False, "is_active": True,
                "date_joined": joined,
            }

    def _owner(self) -> int:
        # A power law: the first players own most decks (player 0 about 1% of them).
        return self.first_user_id + int(self.o.users * self.rng.random() ** 2.5)

    # Decks ----------------------------------------------------------------------------------------

    def _share_id(self) -> str:
        return base64.urlsafe_b64encode(self.rng.randbytes(9)).decode()

    def _name(self) -> str:
        name = f"{self.rng.choice(ADJECTIVES)} {self.rng.choice(NOUNS)}"
        return name if self.rng.random() < 0.7 else f"{name} {self.rng.randint(2, 99)}"

    def _visibility(self) -> str:
        roll = self.rng.random()
        if roll < self.o.public:
            return Visibility.PUBLIC
        return Visibility.UNLISTED if roll < self.o.public + self.o.unlisted else Visibility.PRIVATE

    def decks(self, start: int, stop: int) -> Iterator[tuple[type, dict[str, object]]]:
        """The rows of decks start..stop-1 (by position), each deck followed by its own rows."""
        for i in range(start, stop):
            yield from self._deck(i)

    def _deck(self, i: int) -> Iterator[tuple[type, dict[str, object]]]:
        rng = self.rng
        deck_id = self.first_deck_id + i
        created = END - SPAN + SPAN * (i / max(self.o.decks, 1)) + dt.timedelta(seconds=rng.randrange(3600))
        owner = self._owner()
        original = None
        visibility: str
        if self.shared and rng.random() < self.o.copies:
            original = self.shared[int(len(self.shared) * rng.random() ** 3)]
        if original is not None:
            slug, listed, name, description = original.slug, original.listed, original.name, original.description
            visibility, versions = Visibility.PRIVATE, 1
        else:
            slug = rng.choices(self.slugs, self.shares)[0]
            listed = self.pools[slug].pick(rng, self.o.legal)
            name, description = self._name(), rng.choice(DESCRIPTIONS)
            visibility = self._visibility()
            versions = 1
            while versions < 30 and rng.random() < (0.45 if versions == 1 else 0.5):
                versions += 1
        updated = min(END, created + dt.timedelta(seconds=rng.randrange(90 * 86400))) if versions > 1 else created
        text = listed.text(name)
        yield Deck, {
            "id": deck_id, "share_id": self._share_id(), "owner_id": owner, "game_id": self.game_ids[slug],
            "name": name, "description": description, "side": listed.side, "format": listed.format,
            "visibility": visibility, "version": versions, "is_legal": listed.legal, "history_from": 1,
            "copied_from_id": original.id if original else None, "created_at": created, "updated_at": updated,
            "species": listed.species, "views_count": self._views(visibility, i),
            # Counted from the rows once every deck is written (decks/counters.recount).
            "copies_count": 0, "runs_count": 0, "likes_count": 0, "popularity": 0,
        }
        for number in range(1, versions):
            older = self.pools[slug].pick(rng, self.o.legal)
            yield DeckVersion, {
                "deck_id": deck_id, "number": number, "text": older.text(name), "is_legal": older.legal,
                "created_at": created + (updated - created) * ((number - 1) / versions),
            }
        yield DeckVersion, {"deck_id": deck_id, "number": versions, "text": text, "is_legal": listed.legal,
                            "created_at": updated}
        for card_id, section, pinned_to, count in listed.rows:
            yield DeckCard, {"deck_id": deck_id, "card_id": card_id, "section": section, "pinned_to": pinned_to,
                             "count": count}
        yield from self._runs(deck_id, owner, slug, name, text, listed, versions, visibility, updated)
        yield from self._likes_and_tags(deck_id, owner, visibility, created)
        if visibility == Visibility.PUBLIC and original is None:
            self.shared.append(_Shared(deck_id, self.game_ids[slug], slug, listed, name, description))

    def _runs(self, deck_id: int, owner: int, slug: str, name: str, text: str, listed: PoolList,
              version: int, visibility: str, updated: dt.datetime) -> Iterator[tuple[type, dict[str, object]]]:
        rng = self.rng
        # Odds of a first run, then of each further one 50%: runs/2 first-run odds give `runs` a deck.
        first = min(0.95, self.o.runs / 2 * (3 if visibility == Visibility.PUBLIC else 0.8))
        odds = first
        while rng.random() < odds:
            odds = 0.5
            started = min(END, updated + dt.timedelta(seconds=rng.randrange(30 * 86400)))
            yield SimulationRun, {
                "kind": RunKind.GOLDFISH, "pairing_games": None, "work_per_game": 1,
                "public_id": self._share_id(), "game_id": self.game_ids[slug], "deck_id": deck_id,
                "deck_version": version, "name": name, "list_text": text, "format": listed.format,
                "games": 1000, "seed": rng.randrange(2**32), "chunk_games": 250, "opponent": self.opponent[slug],
                "player": "heuristic", "budget": None, "status": RunStatus.DONE, "games_done": 1000,
                "results": None, "error": "", "requested_by_id": owner, "requester": f"user:{owner}",
                "created_at": started, "started_at": started, "finished_at": started + dt.timedelta(seconds=20),
            }

    def _views(self, visibility: str, i: int) -> int:
        if visibility == Visibility.PRIVATE:
            return 0
        age = 1 - i / max(self.o.decks, 1)  # older decks have been seen longer
        return int(self.rng.paretovariate(1.2) * 5 * (0.2 + age)) - 1

    def _likes_and_tags(self, deck_id: int, owner: int, visibility: str,
                        created: dt.datetime) -> Iterator[tuple[type, dict[str, object]]]:
        rng = self.rng
        if visibility == Visibility.PUBLIC:
            likers = {self.first_user_id + rng.randrange(self.o.users)
                      for _ in range(min(60, int(rng.paretovariate(1.5)) - 1))} - {owner}
            for user in sorted(likers):
                yield DeckLike, {"user_id": user, "deck_id": deck_id,
                                 "created_at": min(END, created + dt.timedelta(seconds=rng.randrange(60 * 86400)))}
        if visibility != Visibility.PRIVATE and rng.random() < 0.4:
            for tag in sorted(set(rng.choices(TAGS, k=rng.randint(1, 3)))):
                yield DeckTag, {"deck_id": deck_id, "tag": tag}
