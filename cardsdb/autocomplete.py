"""Card names for a search box as the player types: what the name starts with first, then close spellings.

Each suggestion is ranked, best first:
  exact    the whole name ("arm up")
  prefix   the name starts with the text ("ar" -> Arm Up)
  word     a later word of the name starts with it ("lunge" -> Katana Lunge, "lance" -> Holo-Lance)
  similar  a misspelling of a word or run of words in the name ("katna" -> Katana Lunge)
Within a rank names come in alphabetical order (letter case aside), close spellings most similar
first. Text is compared as deck lists compare names (engine.decklist.normalize_name).

On PostgreSQL one query does it, close spellings by pg_trgm's word_similarity (the extension is
created by migration 0004). Elsewhere (SQLite) the game's names are read once per card data
version and matched in Python, the same ranks in the same order, close spellings by difflib.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from difflib import SequenceMatcher
from typing import Literal

from django.db import connection

from engine.decklist import normalize_name

from .models import Card, Game
from .versions import CardVersion, current_version

DEFAULT_LIMIT = 10
MAX_LIMIT = 25
MAX_TEXT_LENGTH = 100
# Fewer letters or digits than this have too few trigrams to tell a misspelling from chance.
MIN_FUZZY_LETTERS = 3
# pg_trgm's word_similarity for one or two typos in a short word is about 0.5 ("katna" -> Katana
# Lunge), while unrelated names stay at or under a third.
TRIGRAM_THRESHOLD = 0.45
# difflib's ratio against the best-fitting part of the name: one typo in five letters is 0.8.
DIFFLIB_THRESHOLD = 0.75

Match = Literal["exact", "prefix", "word", "similar"]
MATCHES: tuple[Match, ...] = ("exact", "prefix", "word", "similar")
SIMILAR_RANK = MATCHES.index("similar")


@dataclass(frozen=True)
class Suggestion:
    id: int
    name: str
    slug: str
    card_type: str
    match: Match


def suggest(game: Game, text: str, limit: int = DEFAULT_LIMIT, version: CardVersion | None = None) -> list[Suggestion]:
    """Up to `limit` of the game's cards whose names fit `text`, best first (see the module's doc).
    `version`: the card data version already read for this request, if any."""
    needle = normalize_name(text)
    if not needle:
        return []
    if connection.vendor == "postgresql":
        return _suggest_by_trigrams(game, needle, limit)
    return _suggest_by_difflib(game, needle, limit, version or current_version())


# One statement, written out: the same query built through the ORM (three CASEs of lookups) costs
# several times more to build than to run. The needle is lower case already (normalize_name).
_TRIGRAM_SQL = f"""
WITH ranked AS (
    SELECT id, name, slug, card_type,
           CASE WHEN lower(name) = %(needle)s THEN 0
                WHEN name ILIKE %(prefix)s THEN 1
                WHEN name ~* %(word_start)s THEN 2
                ELSE {SIMILAR_RANK} END AS rank,
           word_similarity(%(needle)s, name) AS similarity
    FROM {Card._meta.db_table}
    WHERE game_id = %(game)s
)
SELECT id, name, slug, card_type, rank FROM ranked
WHERE rank < {SIMILAR_RANK} OR (%(fuzzy)s AND similarity >= %(threshold)s)
ORDER BY rank, CASE WHEN rank = {SIMILAR_RANK} THEN -similarity ELSE 0 END, upper(name) COLLATE "C", id
LIMIT %(limit)s
"""


def _suggest_by_trigrams(game: Game, needle: str, limit: int) -> list[Suggestion]:
    params: dict[str, str | int | float | bool] = {
        "needle": needle,
        "prefix": _like_escape(needle) + "%",
        # A word starts at the start of the name or after anything but a letter, digit or underscore.
        "word_start": r"(^|[^[:alnum:]_])" + re.escape(needle),
        "game": game.pk,
        "fuzzy": _long_enough_to_guess(needle),
        "threshold": TRIGRAM_THRESHOLD,
        "limit": limit,
    }
    with connection.cursor() as cursor:
        cursor.execute(_TRIGRAM_SQL, params)
        rows = cursor.fetchall()
    # Names sorted by code point of their upper case (COLLATE "C"), as Python sorts them on the other path.
    return [Suggestion(pk, name, slug, card_type, MATCHES[rank]) for pk, name, slug, card_type, rank in rows]


def _long_enough_to_guess(needle: str) -> bool:
    return sum(ch.isalnum() for ch in needle) >= MIN_FUZZY_LETTERS


def _like_escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


@dataclass(frozen=True)
class _Name:
    id: int
    name: str
    slug: str
    card_type: str
    key: str  # normalize_name(name)
    word_starts: tuple[int, ...]  # where each word of `key` begins


_WORD_START = re.compile(r"(?:^|(?<=[^\w]))\w")
# game slug -> (the card data version read, the game's names then)
_names_cache: dict[str, tuple[str, list[_Name]]] = {}


def _game_names(game: Game, version: CardVersion) -> list[_Name]:
    cached = _names_cache.get(game.slug)
    if cached is not None and cached[0] == version.tag:
        return cached[1]
    names = []
    for pk, name, slug, card_type in Card.objects.filter(game=game).values_list("id", "name", "slug", "card_type"):
        key = normalize_name(name)
        starts = tuple(m.start() for m in _WORD_START.finditer(key))
        names.append(_Name(pk, name, slug, card_type, key, starts))
    _names_cache[game.slug] = (version.tag, names)
    return names


def _suggest_by_difflib(game: Game, needle: str, limit: int, version: CardVersion) -> list[Suggestion]:
    found: list[tuple[int, float, str, _Name]] = []
    fuzzy = _long_enough_to_guess(needle)
    for card in _game_names(game, version):
        rank, closeness = _rank(card, needle, fuzzy)
        if rank is not None:
            found.append((rank, -closeness, card.name.upper(), card))
    found.sort(key=lambda item: (item[0], item[1], item[2], item[3].id))
    return [
        Suggestion(card.id, card.name, card.slug, card.card_type, MATCHES[rank])
        for rank, _, _, card in found[:limit]
    ]


def _rank(card: _Name, needle: str, fuzzy: bool) -> tuple[int | None, float]:
    if card.key == needle:
        return 0, 1.0
    if card.key.startswith(needle):
        return 1, 1.0
    if any(card.key.startswith(needle, start) for start in card.word_starts if start > 0):
        return 2, 1.0
    if fuzzy:
        closeness = _closeness(card, needle)
        if closeness >= DIFFLIB_THRESHOLD:
            return SIMILAR_RANK, closeness
    return None, 0.0


def _closeness(card: _Name, needle: str) -> float:
    """difflib's ratio of `needle` to the part of the name it fits best: from the start of a word,
    as long as the needle give or take a letter (a letter left out, added or mistyped)."""
    matcher = SequenceMatcher(autojunk=False)
    matcher.set_seq2(needle)
    best = 0.0
    for start in card.word_starts:
        # Near the end of the name these parts are cut short, and some are the same.
        for part in {card.key[start : start + length] for length in (len(needle) - 1, len(needle), len(needle) + 1)}:
            matcher.set_seq1(part)
            best = max(best, matcher.ratio())
    return best
