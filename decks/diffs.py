"""What changed between two versions of a deck: cards added, removed and changed in count per
section, and the headers (name, side, format) that changed.

Versions are compared by their saved text, which is always the canonical list, so no card needs
to be looked up: a version stays comparable even after its cards are renamed or reloaded.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.decklist import GAME_SECTIONS, DeckList, parse_decklist

from .models import DeckVersion

SectionKey = tuple[str, str | None]  # (section, pinned to)


@dataclass(frozen=True)
class CountChange:
    name: str
    before: int
    after: int

    def as_dict(self) -> dict[str, Any]:
        return {"name": self.name, "before": self.before, "after": self.after}


@dataclass
class SectionDiff:
    section: str
    pinned_to: str | None
    added: list[CountChange] = field(default_factory=list)  # before is 0
    removed: list[CountChange] = field(default_factory=list)  # after is 0
    changed: list[CountChange] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        return {
            "section": self.section,
            "pinned_to": self.pinned_to,
            "added": [c.as_dict() for c in self.added],
            "removed": [c.as_dict() for c in self.removed],
            "changed": [c.as_dict() for c in self.changed],
        }


@dataclass(frozen=True)
class HeaderChange:
    key: str
    before: str
    after: str

    def as_dict(self) -> dict[str, Any]:
        return {"key": self.key, "before": self.before, "after": self.after}


@dataclass(frozen=True)
class DeckDiff:
    before: int  # version numbers
    after: int
    sections: list[SectionDiff]  # only sections with a change, in the game's order
    headers: list[HeaderChange]

    @property
    def unchanged(self) -> bool:
        return not self.sections and not self.headers

    def as_dict(self) -> dict[str, Any]:
        return {
            "from": self.before,
            "to": self.after,
            "sections": [s.as_dict() for s in self.sections],
            "headers": [h.as_dict() for h in self.headers],
        }


def deck_diff(version_a: DeckVersion, version_b: DeckVersion) -> DeckDiff:
    """What changed from version_a to version_b (of the same deck)."""
    if version_a.deck_id != version_b.deck_id:
        raise ValueError("the two versions belong to different decks")
    game = version_a.deck.game.slug
    return diff_lists(game, version_a.text, version_b.text, version_a.number, version_b.number)


def diff_lists(game: str, text_a: str, text_b: str, number_a: int = 0, number_b: int = 0) -> DeckDiff:
    list_a, list_b = parse_decklist(text_a, game), parse_decklist(text_b, game)
    counts_a, counts_b = _counts(list_a), _counts(list_b)
    order = GAME_SECTIONS[game]
    keys = sorted(
        set(counts_a) | set(counts_b),
        key=lambda k: (order.index(k[0]) if k[0] in order else len(order), k[1] is not None, k[1] or ""),
    )
    sections = []
    for key in keys:
        diff = _section_diff(key, counts_a.get(key, {}), counts_b.get(key, {}))
        if diff.added or diff.removed or diff.changed:
            sections.append(diff)
    headers = [
        HeaderChange(k, list_a.headers.get(k, ""), list_b.headers.get(k, ""))
        for k in dict.fromkeys([*list_a.headers, *list_b.headers])
        if list_a.headers.get(k, "") != list_b.headers.get(k, "")
    ]
    return DeckDiff(number_a, number_b, sections, headers)


def _counts(decklist: DeckList) -> dict[SectionKey, dict[str, tuple[str, int]]]:
    """Per section: normalised name -> (name as written, copies)."""
    counts: dict[SectionKey, dict[str, tuple[str, int]]] = {}
    for entry in decklist.entries:
        section = counts.setdefault((entry.section or "", entry.pinned_to), {})
        name, count = section.get(entry.key, (entry.name, 0))
        section[entry.key] = (name, count + entry.count)
    return counts


def _section_diff(
    key: SectionKey, before: dict[str, tuple[str, int]], after: dict[str, tuple[str, int]]
) -> SectionDiff:
    diff = SectionDiff(*key)
    for card_key in sorted(set(before) | set(after)):
        name = (after.get(card_key) or before[card_key])[0]
        count_a, count_b = before.get(card_key, (name, 0))[1], after.get(card_key, (name, 0))[1]
        change = CountChange(name, count_a, count_b)
        if count_a == 0:
            diff.added.append(change)
        elif count_b == 0:
            diff.removed.append(change)
        elif count_a != count_b:
            diff.changed.append(change)
    return diff
