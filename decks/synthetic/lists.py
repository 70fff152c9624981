"""The deck lists a synthetic community plays: for each game a pool of lists, checked by the real
validator, that the decks draw from.

Players copy what works: most lists are the sample decks of bench/decks/ or small edits of them
(a count changed, a card swapped for another of its type, one added or cut), which keeps some of
them legal and breaks others; the rest are lists thrown together from the game's cards, nearly all
illegal. Cards are picked by a popularity that falls off with rank (a few cards in most decks, a
long tail in few), so "decks with this card" has both very common and rare cards to ask for.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path

from django.conf import settings

from engine.deck import DeckCard as EngineDeckCard
from engine.decklist import write_decklist
from engine.games import game_schema
from engine.games.qqdnd.alignment import SIDES

from ..lists import GameCards, check_list
from ..selectors import game_cards

SAMPLES = Path(settings.BASE_DIR) / "bench" / "decks"
EDITS_PER_SAMPLE = 40
THROWN_TOGETHER = 40


@dataclass(frozen=True)
class PoolList:
    """One list of the pool: its canonical text without headers, its verdict and its DeckCard rows."""

    game: str
    side: str
    format: str
    body: str
    legal: bool
    rows: tuple[tuple[int, str, str, int], ...]  # (card id, section, pinned to, count)
    species: str = ""  # Anguish: the Species the list is played as (Deck.species, as a save sets it)

    def text(self, name: str) -> str:
        """The list as a save writes it (decks/services.py): Name, Side and Format headers, then the body."""
        headers = [f"Name: {name}"] + ([f"Side: {self.side}"] if self.side else []) + [f"Format: {self.format}"]
        return "\n".join(headers) + "\n\n" + self.body


@dataclass(frozen=True)
class ListPool:
    game: str
    legal: list[PoolList]
    illegal: list[PoolList]

    def pick(self, rng: random.Random, legal_share: float) -> PoolList:
        """A list, legal with the given chance; within each part the first lists are the most played
        (a rank-based falloff: the sample decks and their nearest edits come first)."""
        part = self.legal if (rng.random() < legal_share and self.legal) or not self.illegal else self.illegal
        return part[int(len(part) * rng.random() ** 2.5)]


def _checked(cards: GameCards, side: str, entries: list[EngineDeckCard]) -> PoolList | None:
    """The list checked as a save would check it; None if a save would refuse it."""
    headers = {"Side": side} if side else {}
    text = write_decklist(cards.game, headers, entries)
    checked = check_list(cards, text)
    if checked.refusals or not checked.deck.entries:
        return None
    body = write_decklist(cards.game, {}, checked.deck.entries)
    rows = tuple(
        (cards.ids[e.name], e.section, e.pinned_to or "", e.count) for e in checked.deck.entries
    )
    species = "/".join(checked.result.summary.get("species") or [])[:40]
    return PoolList(cards.game, side, checked.deck.format, body, checked.result.legal, rows, species)


def _popularity(rng: random.Random, records: list[dict[str, object]]) -> list[float]:
    # Each card's weight falls off with its (seeded, random) rank: 1, 1/2^0.9, 1/3^0.9, ...
    ranks = list(range(len(records)))
    rng.shuffle(ranks)
    return [1 / (rank + 1) ** 0.9 for rank in ranks]


def _edit(rng: random.Random, entries: list[EngineDeckCard], records: list[dict[str, object]],
          weights: list[float], default_section: dict[str, str]) -> list[EngineDeckCard]:
    """One to three small edits of a list, as a player tuning a deck makes them."""
    edited = list(entries)
    for _ in range(rng.randint(1, 3)):
        kind = rng.random()
        i = rng.randrange(len(edited))
        entry = edited[i]
        if kind < 0.35:
            edited[i] = EngineDeckCard(entry.card, max(1, entry.count + rng.choice((-1, 1))), entry.section,
                                       entry.pinned_to)
        elif kind < 0.7:
            same_type = [(r, w) for r, w in zip(records, weights, strict=True)
                         if r["card_type"] == entry.card_type and r["name"] not in {e.name for e in edited}]
            if same_type:
                card = rng.choices([r for r, _ in same_type], [w for _, w in same_type])[0]
                edited[i] = EngineDeckCard(card, entry.count, entry.section, entry.pinned_to)
        elif kind < 0.85 and len(edited) > 2:
            del edited[i]
        else:
            card = rng.choices(records, weights)[0]
            if card["name"] not in {e.name for e in edited}:
                edited.append(EngineDeckCard(card, rng.randint(1, 3), default_section[str(card["card_type"])]))
    return edited


def _thrown_together(rng: random.Random, records: list[dict[str, object]], weights: list[float],
                     default_section: dict[str, str], size: int) -> list[EngineDeckCard]:
    picked: dict[str, dict[str, object]] = {}
    for card in rng.choices(records, weights, k=size * 2):
        picked.setdefault(str(card["name"]), card)
        if len(picked) >= size:
            break
    return [EngineDeckCard(card, rng.randint(1, 4), default_section[str(card["card_type"])])
            for card in picked.values()]


def list_pool(game: str, seed: int) -> ListPool:
    """The game's pool of lists, the same for the same seed and cards."""
    rng = random.Random(f"{seed}:{game}")
    cards = game_cards(game)
    records: list[dict[str, object]] = [card for name in sorted(cards.ids) if (card := cards.index.get(name))]
    weights = _popularity(rng, records)
    default_section = {t.slug: t.default_section for t in game_schema(game).card_types}
    samples = []
    for path in sorted(SAMPLES.glob(f"{game}*.txt")):
        checked = check_list(cards, path.read_text(encoding="utf-8"))
        if not checked.refusals:
            samples.append((checked.deck.headers.get("Side", ""), checked.deck.entries))
    sides = list(SIDES) if game == "qqdnd" else [""]
    made: list[PoolList] = []
    seen: set[tuple[str, str]] = set()

    def add(side: str, entries: list[EngineDeckCard]) -> None:
        found = _checked(cards, side, entries)
        if found is not None and (found.side, found.body) not in seen:
            seen.add((found.side, found.body))
            made.append(found)

    for side, entries in samples:
        add(side, list(entries))
    for _ in range(EDITS_PER_SAMPLE):  # edits of edits drift further from the samples
        for side, entries in samples:
            add(side, _edit(rng, list(entries), records, weights, default_section))
    typical = max((len(e) for _, e in samples), default=15)
    for _ in range(THROWN_TOGETHER):
        add(rng.choice(sides), _thrown_together(rng, records, weights, default_section, typical))
    return ListPool(game, [p for p in made if p.legal], [p for p in made if not p.legal])
