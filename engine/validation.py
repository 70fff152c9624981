"""Deck validation shared by every game: read a list, resolve its names, place its cards in
sections, then hand the deck to the game's rules module.

    validate_decklist("qqdnd", text, cards)   -> ValidationResult
    check_decklist("qqdnd", text, cards)      -> CheckedDeck (the result and the resolved deck)
    resolve(game, listed_cards, ...)          -> Resolution (a ResolvedDeck from saved data)
    check_deck(deck, problems)                -> ValidationResult

A game's rules module, engine/games/<slug>/rules.py, provides

    FORMATS: tuple[str, ...]                  the formats it can check ("constructed", ...)
    FORMAT_ALIASES: dict[str, str]            optional: other names players give them
    def check(deck: ResolvedDeck, result: ValidationResult) -> None

and is imported on first use. Problems found before the rules run (unreadable lines, unknown names,
cards in the wrong section) do not stop them: the rules check the cards that could be read, so a
list's every problem is reported at once.
"""
from __future__ import annotations

import difflib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from importlib import import_module
from types import ModuleType
from typing import Any

from engine.deck import DeckCard, ResolvedDeck
from engine.decklist import GAME_SECTIONS, DeckList, normalize_name, parse_decklist
from engine.games import GAME_PACKAGES, game_schema
from engine.problems import Problem, ValidationResult
from engine.schema import CardType

DEFAULT_FORMAT = "constructed"
MAX_SUGGESTIONS = 3
# Suggesting compares a name with every card name; a list of hundreds of unknown names (another
# game's list, or junk sent to the open endpoint) gets suggestions for its first few only.
MAX_SUGGESTED_NAMES = 25


class CardIndex:
    """A game's cards by normalised name, so that resolving a line is one dict lookup.

    Build it once per game and keep it while the cards do not change. Names are unique within a
    game (a reprint is the same card); if two records share a name, the first one wins.
    """

    def __init__(self, game: str, cards: Iterable[dict[str, Any]]) -> None:
        self.game = game
        self._by_key: dict[str, dict[str, Any]] = {}
        for card in cards:
            self._by_key.setdefault(normalize_name(card["name"]), card)
        self._keys = list(self._by_key)

    def __len__(self) -> int:
        return len(self._by_key)

    def get(self, name: str) -> dict[str, Any] | None:
        return self._by_key.get(normalize_name(name))

    def get_normalized(self, key: str) -> dict[str, Any] | None:
        """The card of a name already normalised with normalize_name."""
        return self._by_key.get(key)

    def suggest(self, name: str) -> list[str]:
        """The names closest to a name that matched none: names it begins (a Party Member
        written without its epithet, "Eptol Noir"), then difflib's closest spellings."""
        key = normalize_name(name)
        prefixed = [k for k in self._keys if len(key) >= 3 and k.startswith(key)]
        close = difflib.get_close_matches(key, self._keys, n=MAX_SUGGESTIONS)
        keys = list(dict.fromkeys([*prefixed, *close]))[:MAX_SUGGESTIONS]
        return [str(self._by_key[k]["name"]) for k in keys]


@dataclass(frozen=True)
class ListedCard:
    """A resolved card with its count, as listed: `section` None means no section was given."""

    card: dict[str, Any]
    count: int
    section: str | None = None
    pinned_to: str | None = None
    line: int | None = None


@dataclass
class Resolution:
    deck: ResolvedDeck
    problems: list[Problem]


@dataclass(frozen=True)
class CheckedDeck:
    """A list's verdict, and the deck it describes (the cards that could be read and placed)."""

    result: ValidationResult
    deck: ResolvedDeck


def validate_decklist(
    game: str,
    text: str,
    cards: Iterable[dict[str, Any]] | CardIndex,
    format: str | None = None,
) -> ValidationResult:
    """Validate a deck list's text against a game's cards (records or a prebuilt CardIndex).

    Raises UnknownGame for an unknown game and DecklistTooLong for a list over the size limits;
    everything else wrong with the list is a Problem in the result.
    """
    return check_decklist(game, text, cards, format).result


def check_decklist(
    game: str,
    text: str,
    cards: Iterable[dict[str, Any]] | CardIndex,
    format: str | None = None,
) -> CheckedDeck:
    """validate_decklist, also giving the resolved deck (to save it, chart it or play it)."""
    game_schema(game)  # an unknown game fails here, before the text is read
    index = cards if isinstance(cards, CardIndex) else CardIndex(game, cards)
    if index.game != game:
        raise ValueError(f"a CardIndex of {index.game} cannot validate a {game} deck")
    decklist = parse_decklist(text, game)
    listed, unknown = _look_up(game, decklist, index)
    resolution = resolve(game, listed, headers=decklist.headers, format=format)
    early = [*decklist.problems, *unknown, *resolution.problems]
    # Problems about lines read best in the list's order; the others keep theirs, after them.
    early.sort(key=lambda p: p.line if p.line is not None else float("inf"))
    return CheckedDeck(check_deck(resolution.deck, early), resolution.deck)


def _look_up(game: str, decklist: DeckList, index: CardIndex) -> tuple[list[ListedCard], list[Problem]]:
    listed: list[ListedCard] = []
    problems: list[Problem] = []
    for entry in decklist.entries:
        card = index.get_normalized(entry.key)
        if card is None:
            suggest = len(problems) < MAX_SUGGESTED_NAMES
            problems.append(_unknown_card(game, entry.name, entry.lines, index if suggest else None))
            continue
        listed.append(ListedCard(card, entry.count, entry.section, entry.pinned_to, entry.lines[0]))
    return listed, problems


def _unknown_card(game: str, name: str, lines: tuple[int, ...], index: CardIndex | None) -> Problem:
    where = f"Line {lines[0]}" if len(lines) == 1 else f"Lines {', '.join(map(str, lines))}"
    message = f'{where}: no {game_schema(game).name} card is named "{name}".'
    suggestions = index.suggest(name) if index is not None else []
    if suggestions:
        message += " Did you mean " + " or ".join(f'"{s}"' for s in suggestions) + "?"
    return Problem("unknown_card", message, cards=(name,), line=lines[0])


def resolve(
    game: str,
    cards: Iterable[ListedCard],
    *,
    headers: Mapping[str, str] | None = None,
    format: str | None = None,
) -> Resolution:
    """Build a ResolvedDeck from resolved cards: a card listed without a section goes to its
    type's default section, a card in a section its type cannot go in is a `zone` problem (and
    left out of the deck), and copies of a card in the same section are summed.

    A type may go in its own default section, or in a section that is no type's default (such
    as Anguish's Sideboard, which holds any card).
    """
    schema = game_schema(game)
    sections = GAME_SECTIONS[game]
    defaults = {t.slug: t.default_section for t in schema.card_types}
    open_sections = set(sections) - set(defaults.values())
    headers = dict(headers or {})
    chosen, problems = _choose_format(headers, format)
    aliases: Mapping[str, str] = getattr(_rules_module(game), "FORMAT_ALIASES", {})
    chosen = aliases.get(chosen, chosen)

    placed: dict[tuple[str, str, str | None], DeckCard] = {}
    for listed in cards:
        default = defaults.get(str(listed.card["card_type"]), "")
        section = listed.section or default
        allowed = section in sections and (section == default or section in open_sections)
        if not allowed:
            problems.append(_zone(schema.card_type(str(listed.card["card_type"])), listed, section))
            continue
        # A card's record names it one way, so its printed name can key it as it is.
        pin_key = normalize_name(listed.pinned_to) if listed.pinned_to is not None else None
        key = (str(listed.card["name"]), section, pin_key)
        earlier = placed.get(key)
        count = listed.count + (earlier.count if earlier else 0)
        pinned_to = earlier.pinned_to if earlier else listed.pinned_to
        placed[key] = DeckCard(listed.card, count, section, pinned_to)

    deck = ResolvedDeck(game, chosen, headers, list(placed.values()))
    return Resolution(deck, problems)


def _zone(card_type: CardType | None, listed: ListedCard, section: str) -> Problem:
    name = str(listed.card["name"])
    where = f"Line {listed.line}: " if listed.line is not None else ""
    label = card_type.label if card_type is not None else str(listed.card["card_type"])
    home = card_type.default_section if card_type is not None else ""
    if not section:
        message = f'{where}{name} ({label}) has no section of its own; list it under a section header.'
    else:
        fix = f' It goes under "{home}:".' if home else ""
        message = f'{where}{name} is a {label} and cannot go under "{section}:".{fix}'
    return Problem("zone", message, cards=(name,), line=listed.line)


def _choose_format(headers: Mapping[str, str], requested: str | None) -> tuple[str, list[Problem]]:
    """The format asked for wins over the list's "Format:" header; without either, constructed."""
    listed = _format_name(headers["Format"]) if headers.get("Format") else None
    wanted = _format_name(requested) if requested and requested.strip() else None
    problems: list[Problem] = []
    if wanted and listed and wanted != listed:
        problems.append(Problem(
            "format",
            f'The list says "Format: {headers["Format"]}", but it was checked as {wanted}, as asked.',
            severity="warning",
        ))
    return wanted or listed or DEFAULT_FORMAT, problems


def _format_name(name: str) -> str:
    """"Booster-Draft", "booster_draft" and "booster  draft" all read "booster draft"."""
    return " ".join(name.replace("-", " ").replace("_", " ").split()).lower()


def game_formats(game: str) -> tuple[str, ...]:
    """The formats a game's rules can check, the default first."""
    formats: tuple[str, ...] = _rules_module(game).FORMATS
    return formats


def check_deck(deck: ResolvedDeck, problems: Iterable[Problem] = ()) -> ValidationResult:
    """Apply the game's rules to a resolved deck, after any problems already found.

    A format the game does not know is a `format` problem, and no rule is checked: the rules
    depend on the format.
    """
    result = ValidationResult(deck.game, deck.format)
    for problem in problems:
        result.add(problem)
    rules = _rules_module(deck.game)
    formats: tuple[str, ...] = rules.FORMATS
    if deck.format in formats:
        rules.check(deck, result)
    else:
        result.add(Problem(
            "format",
            f'"{deck.format}" is not a format of {game_schema(deck.game).name}; '
            f"its formats are: {', '.join(formats)}.",
        ))
    counts = {name: deck.count(name) for name in GAME_SECTIONS[deck.game]}
    # A rules module may give its own count per section; the common one fills in otherwise.
    result.summary = {"sections": counts, **result.summary}
    return result


def _rules_module(game: str) -> ModuleType:
    return import_module(f"{GAME_PACKAGES[game]}.rules")
