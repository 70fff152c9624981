"""Loading card sets from fixture files into the database.

A set file is JSON: {"game": slug, "set": {"code", "name", "is_demo", "notice"}, "cards": [...]}.
Loading is all-or-nothing across every file given: each file and card is checked first, and
nothing is written unless all of them are good. Loading the same files twice changes nothing.

A card is the card of the same name; a name no card has is a new card, unless the card at its set
number (its place in the file) has a name the file no longer holds: then it is that card renamed,
and stays the card decks hold (`cards_renamed` tells the decks, which rewrite their lists). Pruning
a card that decks hold is refused: nothing is loaded, and the message names the card.
"""
from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from django.db.models import Model, ProtectedError
from django.dispatch import Signal
from django.utils.text import slugify

from engine.games import GAME_PACKAGES, game_schema

from .models import Card, CardSet, Game
from .versions import card_data_changes

# Sent inside the loading transaction with `renamed`: {card pk: (old name, new name)}.
cards_renamed = Signal()

SET_KEYS = {"code", "name", "is_demo", "notice"}
CARD_KEYS = {"name", "card_type", "subtypes", "text", "attributes"}


@dataclass(frozen=True)
class LoadError:
    """A problem with a file, or with one field of one card in it."""

    file: str
    message: str
    card: str | None = None  # "#3 Katana Lunge"
    field: str | None = None

    def __str__(self) -> str:
        where = self.file
        if self.card:
            where += f", card {self.card}"
        if self.field:
            where += f", field {self.field}"
        return f"{where}: {self.message}"


class LoadFailed(Exception):
    def __init__(self, errors: Sequence[LoadError]):
        self.errors = list(errors)
        super().__init__("\n".join(str(e) for e in self.errors))


@dataclass
class SetFile:
    path: str
    game: str
    set_info: dict[str, Any]
    cards: list[dict[str, Any]]  # prepared (derived attributes filled)


@dataclass
class LoadReport:
    created: int = 0
    updated: int = 0
    unchanged: int = 0
    renamed: list[str] = field(default_factory=list)  # "Old Name -> New Name"
    removed: list[str] = field(default_factory=list)  # pruned, or left in place when not pruning
    pruned: bool = False
    sets: list[str] = field(default_factory=list)

    def __str__(self) -> str:
        lines = [
            f"Sets: {', '.join(self.sets)}",
            f"Cards: {self.created} created, {self.updated} updated, {self.unchanged} unchanged.",
        ]
        if self.renamed:
            lines.append(f"Renamed: {', '.join(self.renamed)}")
        if self.removed:
            verb = "Removed" if self.pruned else "In the database but no longer in the files (use --prune)"
            lines.append(f"{verb}: {', '.join(self.removed)}")
        return "\n".join(lines)


def find_set_files(paths: Iterable[str | Path]) -> list[Path]:
    """Each path is a set file or a folder of them (*.json, sorted for a stable order)."""
    found: list[Path] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            found.extend(sorted(path.glob("*.json")))
        else:
            found.append(path)
    return found


def read_set_file(path: Path) -> tuple[SetFile | None, list[LoadError]]:
    name = str(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None, [LoadError(name, "no such file")]
    except json.JSONDecodeError as exc:
        return None, [LoadError(name, f"not valid JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}")]
    if not isinstance(data, dict):
        return None, [LoadError(name, "must hold a JSON object with game, set and cards")]
    errors: list[LoadError] = []
    game = data.get("game")
    if game not in GAME_PACKAGES:
        errors.append(LoadError(name, f"unknown game {game!r}; known: {', '.join(GAME_PACKAGES)}", field="game"))
    set_info = data.get("set")
    if not isinstance(set_info, dict):
        errors.append(LoadError(name, "must be an object with code and name", field="set"))
    else:
        if not isinstance(set_info.get("code"), str) or slugify(set_info.get("code", "")) != set_info.get("code"):
            errors.append(LoadError(name, "must be a lower-case slug such as 'core'", field="set.code"))
        if not isinstance(set_info.get("name"), str) or not set_info.get("name", "").strip():
            errors.append(LoadError(name, "must be non-empty text", field="set.name"))
        for key in set(set_info) - SET_KEYS:
            errors.append(LoadError(name, "is not a set field", field=f"set.{key}"))
    cards = data.get("cards")
    if not isinstance(cards, list) or not cards:
        errors.append(LoadError(name, "must be a non-empty list of cards", field="cards"))
    if errors:
        return None, errors
    assert isinstance(game, str) and isinstance(set_info, dict) and isinstance(cards, list)  # checked above

    schema = game_schema(game)
    prepared: list[dict[str, Any]] = []
    seen: dict[str, str] = {}
    for index, card in enumerate(cards, start=1):
        label = f"#{index}"
        if not isinstance(card, dict):
            errors.append(LoadError(name, "must be an object", card=label))
            continue
        if isinstance(card.get("name"), str):
            label = f"#{index} {card['name']!r}"
        unknown = set(card) - CARD_KEYS
        for key in sorted(unknown):
            errors.append(LoadError(name, "is not a card field", card=label, field=key))
        try:
            ready = schema.prepare(card)
        except (TypeError, ValueError, KeyError, AttributeError) as exc:
            errors.append(LoadError(name, f"could not be read: {exc}", card=label))
            continue
        errors.extend(LoadError(name, e.message, card=label, field=e.field) for e in schema.validate_card(ready))
        key = str(ready.get("name", "")).casefold()
        if key in seen:
            errors.append(LoadError(name, f"the name is used twice in this file (also {seen[key]})", card=label))
        seen[key] = label
        prepared.append(ready)
    if errors:
        return None, errors
    return SetFile(name, game, set_info, prepared), []


def load_set_files(paths: Iterable[str | Path], *, prune: bool = False) -> LoadReport:
    """Check every file, then write all of them in one transaction. Raises LoadFailed."""
    files = find_set_files(paths)
    if not files:
        raise LoadFailed([LoadError(", ".join(map(str, paths)), "no set files (*.json) found")])
    set_files: list[SetFile] = []
    errors: list[LoadError] = []
    for path in files:
        set_file, file_errors = read_set_file(path)
        errors.extend(file_errors)
        if set_file:
            set_files.append(set_file)
    errors.extend(_cross_file_errors(set_files))
    if errors:
        raise LoadFailed(errors)
    report = LoadReport(pruned=prune)
    # One transaction, and one new card data version if anything changed (none if nothing did,
    # so loading the same files again keeps every cached page and ETag).
    with card_data_changes():
        for set_file in set_files:
            _write_set(set_file, report, prune=prune)
    return report


def _renamed(set_file: SetFile, card_set: CardSet, existing: dict[str, Card]) -> dict[str, Card]:
    """Cards of the set the file renames: new name (casefolded) -> the card. A card is renamed when
    its set number now holds a name no card has, and its own name is no longer in the file."""
    in_file = {record["name"].casefold() for record in set_file.cards}
    by_number = {card.number: card for card in existing.values() if card.card_set_id == card_set.pk}
    renamed: dict[str, Card] = {}
    for number, record in enumerate(set_file.cards, start=1):
        key = record["name"].casefold()
        card = by_number.get(number)
        if key not in existing and card is not None and card.name.casefold() not in in_file:
            renamed[key] = card
    return renamed


def _cross_file_errors(set_files: Sequence[SetFile]) -> list[LoadError]:
    """A card name belongs to one set of a game: the deck lists refer to cards by name."""
    errors: list[LoadError] = []
    owner: dict[tuple[str, str], str] = {}
    for set_file in set_files:
        for card in set_file.cards:
            key = (set_file.game, card["name"].casefold())
            if key in owner and owner[key] != set_file.path:
                errors.append(LoadError(set_file.path, f"also in {owner[key]}", card=repr(card["name"])))
            owner.setdefault(key, set_file.path)
    return errors


def sync_game(slug: str) -> Game:
    schema = game_schema(slug)
    order = list(GAME_PACKAGES).index(slug)
    values = {"name": schema.name, "tagline": schema.tagline, "sort_order": order}
    game, created = Game.objects.get_or_create(slug=slug, defaults=values)
    if not created:
        _save_if_changed(game, values)
    return game


def _save_if_changed(obj: Model, values: dict[str, Any]) -> None:
    """Set `values` on `obj` and save it only if one differs: every save makes a new card data version."""
    changed = [name for name, value in values.items() if getattr(obj, name) != value]
    for name in changed:
        setattr(obj, name, values[name])
    if changed:
        obj.save(update_fields=changed)


def _write_set(set_file: SetFile, report: LoadReport, *, prune: bool) -> None:
    game = sync_game(set_file.game)
    info = set_file.set_info
    set_values = {
        "name": info["name"],
        "is_demo": bool(info.get("is_demo", False)),
        "notice": info.get("notice", ""),
        "source": Path(set_file.path).name,
    }
    card_set, created = CardSet.objects.get_or_create(game=game, code=info["code"], defaults=set_values)
    if not created:
        _save_if_changed(card_set, set_values)
    report.sets.append(f"{game.slug}/{card_set.code}")
    existing = {card.name.casefold(): card for card in Card.objects.filter(game=game)}
    renamed = _renamed(set_file, card_set, existing)
    names: dict[int, tuple[str, str]] = {}
    for key, renamed_card in renamed.items():
        existing.pop(renamed_card.name.casefold(), None)
        existing[key] = renamed_card  # found by its new name below, and updated to it
    taken_slugs = {card.slug: card.name.casefold() for card in existing.values()}
    for number, record in enumerate(set_file.cards, start=1):
        key = record["name"].casefold()
        values = {
            "card_set": card_set,
            "number": number,
            "name": record["name"],
            "card_type": record["card_type"],
            "subtypes": record.get("subtypes", []),
            "text": record.get("text", ""),
            "attributes": record["attributes"],
        }
        card = existing.get(key)
        if card is None:
            slug = _free_slug(record["name"], taken_slugs)
            taken_slugs[slug] = key
            Card.objects.create(game=game, slug=slug, **values)
            report.created += 1
        elif any(getattr(card, k) != v for k, v in values.items()):
            if card.name != record["name"]:
                names[card.pk] = (card.name, record["name"])
                report.renamed.append(f"{card.name} -> {record['name']}")
            for k, v in values.items():
                setattr(card, k, v)
            card.save()
            report.updated += 1
        else:
            report.unchanged += 1
    in_file = {record["name"].casefold() for record in set_file.cards}
    stale = {
        pk: name
        for pk, name in Card.objects.filter(card_set=card_set).values_list("pk", "name")
        if name.casefold() not in in_file
    }
    report.removed.extend(sorted(stale.values()))
    if names:
        cards_renamed.send(sender=Card, renamed=names)
    if prune and stale:
        _prune(set_file, stale)


def _prune(set_file: SetFile, stale: dict[int, str]) -> None:
    """Delete cards no longer in the file; refused (LoadFailed, nothing loaded) if decks hold any."""
    try:
        Card.objects.filter(pk__in=stale).delete()
    except ProtectedError as error:
        held: dict[str, set[object]] = {}
        for row in error.protected_objects:
            # A deck's card row (decks.DeckCard): the card it holds and the deck.
            held.setdefault(stale.get(getattr(row, "card_id", -1), "?"), set()).add(getattr(row, "deck_id", None))
        raise LoadFailed([
            LoadError(set_file.path, f"is in {len(decks)} deck{'s' if len(decks) != 1 else ''}, so it cannot be "
                                     f"pruned; put it back in the file, or take it out of those decks first",
                      card=repr(name))
            for name, decks in sorted(held.items())
        ]) from error


def _free_slug(name: str, taken: dict[str, str]) -> str:
    base = slugify(name.replace("'", "")) or "card"
    slug, n = base, 2
    while slug in taken:
        slug, n = f"{base}-{n}", n + 1
    return slug
