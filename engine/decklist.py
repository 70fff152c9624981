"""The deck list text format shared by the three games: parse it and write it.

    # a comment; blank lines are ignored
    Name: Samurai Rush          header lines "Key: value" come before the first section
    Side: Good
    Party:                      a section header: a word and a colon alone on a line
    1 Eptol Noir, Forgetful Ronin
    Resources (Eptol Noir):     QQDND: cards pinned to one Party Member's section
    4 Katana Lunge
    3x Lotus Slash              "N Name" and "Nx Name" are both accepted
    Arm Up                      a bare name is one copy, as Moxfield and Archidekt read it

Parsing only reads the text: it reports every line it cannot read as a `parse_error` Problem
and leaves the card names unresolved (engine/validation.py resolves them against a game's cards).
A list over the size limits raises DecklistTooLong before any line is read.
"""
from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from engine.deck import DeckCard
from engine.games import game_schema
from engine.problems import Problem

MAX_CHARACTERS = 20_000
MAX_LINES = 500
MAX_COPIES_PER_LINE = 999
# A count longer than this is refused by its length, before it is turned into a number (Python
# refuses to read numbers of more than 4,300 digits, and no count that long could be legal).
MAX_COUNT_DIGITS = len(str(MAX_COPIES_PER_LINE)) + 3

# Each game's sections in the order a list is written (the contract's order).
GAME_SECTIONS: dict[str, tuple[str, ...]] = {
    "qqdnd": ("Party", "Resources"),
    "condemned": ("Condemned", "Deck"),
    "anguish": ("Lifeblood", "Sideboard"),
}
# Sections that may name a Party Member to pin their cards to: "Resources (Eptol Noir):".
PINNABLE_SECTIONS: frozenset[str] = frozenset({"Resources"})

# Typographic forms people paste from rules documents and web pages, mapped to what a keyboard types.
_PLAIN_FORMS = str.maketrans({
    "\u2018": "'", "\u2019": "'", "\u201a": "'", "\u201b": "'", "\u2032": "'", "\u02bc": "'", "`": "'",
    "\u201c": '"', "\u201d": '"', "\u201e": '"', "\u201f": '"', "\u2033": '"',
    "\u2010": "-", "\u2011": "-", "\u2012": "-", "\u2013": "-", "\u2014": "-", "\u2015": "-", "\u2212": "-",
})

_SECTION = re.compile(r"([A-Za-z]+)\s*(?:\((?P<pin>[^()]*)\))?\s*:")
_HEADER = re.compile(r"(?P<key>[A-Za-z][A-Za-z0-9_-]*)\s*:\s*(?P<value>\S.*)")
_COUNTED = re.compile(r"(?P<count>[+-]?\d+)[xX]?(?:\s+(?P<name>\S.*))?")
_HEADER_KEY = re.compile(r"[A-Za-z][A-Za-z0-9_-]*")
# Line breaks as an editor counts them. Python's str.splitlines also breaks at vertical tab, form
# feed, U+2028 and others, which would number the lines differently from the editor the list was
# written in; those count as white space inside a line instead.
_LINE_BREAK = re.compile(r"\r\n|\r|\n")
# Anything outside printable ASCII, tab and line breaks: looked at one by one (see strip_invisible).
_NOT_PLAIN = re.compile(r"[^\t\n\r\x20-\x7e]")


class DecklistTooLong(ValueError):
    """The text is over the format's size limits; nothing of it was read."""


def _visible(match: re.Match[str]) -> str:
    char = match.group()
    invisible = unicodedata.category(char) in ("Cc", "Cf") and not char.isspace()
    return "" if invisible else char


def strip_invisible(text: str) -> str:
    """The text without the characters no editor shows: control characters other than white
    space (NUL among them) and format characters (zero-width spaces and joiners, the byte-order
    mark, right-to-left and other direction marks and overrides).

    A list pasted from a web page or saved by a Windows editor carries them unseen; left in, they
    would make "Kata\\u200bna Lunge" a name no card has, and a "Name:" header with a NUL one the
    database refuses to store.
    """
    return _NOT_PLAIN.sub(_visible, text)


def fold_text(text: str) -> str:
    """A one-line value (a deck's name, a header) as it is kept: invisible characters removed and
    runs of white space folded to one space."""
    return " ".join(strip_invisible(text).split())


def list_lines(text: str) -> list[str]:
    """The lines of a text as an editor numbers them: broken at \\n, \\r\\n and \\r only."""
    lines = _LINE_BREAK.split(text)
    if lines and not lines[-1]:
        lines.pop()  # a final line break ends the last line; it does not start another
    return lines


def normalize_name(name: str) -> str:
    """The form card names are compared in: case-folded, white space folded, invisible characters
    dropped, typographic apostrophes, quotes and dashes made plain ("Alchemist’s  Fire" ==
    "alchemist's fire")."""
    name = strip_invisible(name)
    if name.isascii():  # the common case, and the typographic forms are all outside ASCII
        return " ".join(name.split()).lower()
    plain = unicodedata.normalize("NFKC", name).translate(_PLAIN_FORMS)
    return " ".join(plain.split()).casefold()


@dataclass(frozen=True)
class DeckListEntry:
    """Copies of one card name in one section, summed over every line that lists them."""

    name: str  # as first written, white space folded
    key: str  # the name normalised: what it is matched by
    count: int
    section: str | None  # None: listed before any section header
    pinned_to: str | None = None
    lines: tuple[int, ...] = ()


@dataclass
class DeckList:
    headers: dict[str, str] = field(default_factory=dict)
    entries: list[DeckListEntry] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)


def parse_decklist(text: str, game: str | None = None) -> DeckList:
    """Read a deck list. With `game`, only that game's sections are accepted; without it, any
    game's. Every unreadable line becomes a `parse_error` Problem; the rest is still read.
    Invisible characters are ignored (strip_invisible)."""
    check_size(text)
    sections = _section_names(game)
    parser = _Parser(sections, _game_label(game))
    for number, raw in enumerate(list_lines(strip_invisible(text)), start=1):
        parser.read_line(number, raw)
    return parser.result()


def check_size(text: str) -> None:
    if len(text) > MAX_CHARACTERS:
        raise DecklistTooLong(
            f"The deck list has {len(text):,} characters; the limit is {MAX_CHARACTERS:,}."
        )
    lines = len(list_lines(text))
    if lines > MAX_LINES:
        raise DecklistTooLong(f"The deck list has {lines:,} lines; the limit is {MAX_LINES}.")


def _section_names(game: str | None) -> tuple[str, ...]:
    if game is None:
        return tuple(name for names in GAME_SECTIONS.values() for name in names)
    return GAME_SECTIONS[game]


def _game_label(game: str | None) -> str:
    return game_schema(game).name if game is not None else "any game"


class _Parser:
    """Reads lines one at a time; keeps the current section and sums repeated cards."""

    def __init__(self, sections: tuple[str, ...], game_label: str) -> None:
        self.sections = {name.casefold(): name for name in sections}
        self.game_label = game_label
        self.headers: dict[str, str] = {}
        self.header_lines: dict[str, int] = {}
        self.section: str | None = None
        self.pinned_to: str | None = None
        self.seen_section = False
        # (normalised name, section, normalised pin) -> entry; dicts keep first-listed order.
        self.entries: dict[tuple[str, str | None, str | None], DeckListEntry] = {}
        self.problems: list[Problem] = []

    def result(self) -> DeckList:
        return DeckList(self.headers, list(self.entries.values()), self.problems)

    def error(self, number: int, message: str) -> None:
        self.problems.append(Problem("parse_error", f"Line {number}: {message}", line=number))

    def read_line(self, number: int, raw: str) -> None:
        line = " ".join(raw.split())
        if not line or line.startswith("#"):
            return
        section = _SECTION.fullmatch(line)
        if section:
            self.read_section(number, line, section.group(1), section.group("pin"))
            return
        header = _HEADER.fullmatch(line)
        if header:
            self.read_header(number, line, header.group("key"), header.group("value"))
            return
        self.read_card(number, line)

    def read_section(self, number: int, line: str, word: str, pin: str | None) -> None:
        name = self.sections.get(word.casefold())
        if name is None:
            expected = ", ".join(f'"{s}:"' for s in self.sections.values())
            self.error(number, f'"{_shorten(line)}" is not a section of {self.game_label}; '
                               f"expected one of {expected}, or a header with a value after the colon.")
            return
        if pin is not None and name not in PINNABLE_SECTIONS:
            self.error(number, f'the {name} section cannot be pinned to a Party Member; write "{name}:".')
            return
        if pin is not None and not pin.strip():
            self.error(number, f'expected a Party Member\'s name in the brackets, as in "{name} (Eptol Noir):".')
            return
        self.section = name
        self.pinned_to = pin.strip() if pin is not None else None
        self.seen_section = True

    def read_header(self, number: int, line: str, key: str, value: str) -> None:
        if self.seen_section:
            self.error(number, f'"{_shorten(line)}" looks like a header, but headers go before the first '
                               f'section; to list a card whose name has a colon, write its count first.')
            return
        canonical = key[:1].upper() + key[1:].lower()
        if canonical in self.headers:
            self.error(number, f'a second "{canonical}:" header; the first is on line '
                               f"{self.header_lines[canonical]}.")
            return
        self.headers[canonical] = value.strip()
        self.header_lines[canonical] = number

    def read_card(self, number: int, line: str) -> None:
        counted = _COUNTED.fullmatch(line)
        if counted:
            digits = counted.group("count").lstrip("+-")
            if len(digits) > MAX_COUNT_DIGITS:
                self.error(number, f"at most {MAX_COPIES_PER_LINE} copies a line; got a number of "
                                   f"{len(digits):,} digits.")
                return
            count = int(counted.group("count"))
            name = counted.group("name")
            if name is None:
                self.error(number, f'expected a card name after the count, as in "{count} Katana Lunge".')
                return
            if count < 1:
                self.error(number, f"a count must be at least 1; got {count}.")
                return
            if count > MAX_COPIES_PER_LINE:
                self.error(number, f"at most {MAX_COPIES_PER_LINE} copies a line; got {count}.")
                return
        else:
            count, name = 1, line
        self.add(number, name, count)

    def add(self, number: int, name: str, count: int) -> None:
        name_key = normalize_name(name)
        pin_key = normalize_name(self.pinned_to) if self.pinned_to is not None else None
        key = (name_key, self.section, pin_key)
        earlier = self.entries.get(key)
        if earlier is None:
            self.entries[key] = DeckListEntry(name, name_key, count, self.section, self.pinned_to, (number,))
        else:
            self.entries[key] = replace(earlier, count=earlier.count + count, lines=(*earlier.lines, number))


def _shorten(text: str, limit: int = 60) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "\u2026"


def write_decklist(game: str, headers: dict[str, str], entries: Iterable[DeckCard]) -> str:
    """Write a deck in the list format: headers, then the game's sections in order (QQDND pinned
    sections after Resources), cards sorted by card type (the schema's order) then name.

    Reading the text back gives the same deck: a card with more than 999 copies in a section is
    split over several lines, which the parser sums again.
    """
    order = GAME_SECTIONS[game]
    type_rank = {t.slug: rank for rank, t in enumerate(game_schema(game).card_types)}
    by_section: dict[tuple[str, str | None], list[DeckCard]] = {}
    for entry in entries:
        if entry.section not in order:
            raise ValueError(f"{entry.name}: {entry.section!r} is not a section of {game}")
        by_section.setdefault((entry.section, entry.pinned_to), []).append(entry)

    # A header without a value would read back as an unknown section, so it is left out.
    lines = [_header_line(key, value) for key, value in headers.items() if value.strip()]
    for section, pinned_to in sorted(by_section, key=lambda s: _section_rank(order, *s)):
        if lines:
            lines.append("")
        lines.append(f"{section} ({pinned_to}):" if pinned_to is not None else f"{section}:")
        cards = sorted(by_section[(section, pinned_to)],
                       key=lambda e: (type_rank.get(e.card_type, len(type_rank)), normalize_name(e.name)))
        for card in cards:
            lines.extend(_card_lines(card))
    return "\n".join(lines) + "\n"


def _section_rank(order: tuple[str, ...], section: str, pinned_to: str | None) -> tuple[int, bool, str]:
    return order.index(section), pinned_to is not None, normalize_name(pinned_to or "")


def _header_line(key: str, value: str) -> str:
    if not _HEADER_KEY.fullmatch(key):
        raise ValueError(f"a header key is one word of letters, digits, - or _; got {key!r}")
    return f"{key}: {' '.join(value.split())}"


def _card_lines(card: DeckCard) -> list[str]:
    remaining, lines = card.count, []
    while remaining > 0:
        copies = min(remaining, MAX_COPIES_PER_LINE)
        lines.append(f"{copies} {card.name}")
        remaining -= copies
    return lines
