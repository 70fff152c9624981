"""Deck building rules of The Condemned CCG.

The rules document: "31 cards per deck - 1 Condemned, 30 other cards. Maximum of 3 duplicates of
any card. Your condemned should never be shuffled into your deck." The publisher's formats add
sealed ("4 booster packs make a 31-card deck, no copy limit") and booster draft ("a 26-card deck
(25 cards + 1 Condemned), no copy limit"). docs/rules-notes.md records how they are read here.

Cards are counted by their type: whatever else a deck holds, its Condemned is never one of the
other cards. (A card listed in a section its type cannot go in is reported as `zone` and left out
before these rules run.)
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from engine.deck import DeckCard, ResolvedDeck
from engine.games.condemned.cards import SCHEMA
from engine.games.condemned.equipment import EQUIPMENT_TYPES, can_equip
from engine.problems import Problem, ValidationResult

CONDEMNED = "condemned"
SECTIONS: tuple[str, ...] = ("Condemned", "Deck")


@dataclass(frozen=True)
class Format:
    """What one format asks of a deck."""

    label: str
    other_cards: int  # exactly this many cards besides the Condemned
    max_copies: int | None  # None: no copy limit


FORMAT_RULES: dict[str, Format] = {
    "constructed": Format("constructed", other_cards=30, max_copies=3),
    # Sealed builds the same 31-card deck as constructed, from a pool of 4 booster packs.
    "sealed": Format("sealed", other_cards=30, max_copies=None),
    "draft": Format("booster draft", other_cards=25, max_copies=None),
}

FORMATS: tuple[str, ...] = tuple(FORMAT_RULES)
# What players call the formats (the publisher says "booster draft"); names are compared
# lower-cased with dashes and underscores read as spaces.
FORMAT_ALIASES: dict[str, str] = {"booster draft": "draft", "booster": "draft", "sealed deck": "sealed"}


def check(deck: ResolvedDeck, result: ValidationResult) -> None:
    rules = FORMAT_RULES[deck.format]
    condemned = [e for e in deck.entries if e.card_type == CONDEMNED]
    others = [e for e in deck.entries if e.card_type != CONDEMNED]

    _check_condemned_count(condemned, result)
    _check_deck_size(others, rules, result)
    if rules.max_copies is not None:
        _check_copies(others, rules.max_copies, result)
    if len(condemned) == 1 and condemned[0].count == 1:
        _warn_unequippable(condemned[0], others, result)
    result.summary = _summary(deck, condemned)


def _check_condemned_count(condemned: list[DeckCard], result: ValidationResult) -> None:
    found = sum(e.count for e in condemned)
    if found == 1:
        return
    if found == 0:
        message = "The deck has no Condemned; it needs exactly one."
    else:
        message = f"The deck has {found} Condemned ({_names(condemned)}); it needs exactly one."
    result.add(Problem("condemned_count", message, cards=tuple(e.name for e in condemned)))


def _check_deck_size(others: list[DeckCard], rules: Format, result: ValidationResult) -> None:
    found = sum(e.count for e in others)
    if found == rules.other_cards:
        return
    gap = rules.other_cards - found
    fix = f"{gap} more" if gap > 0 else f"{-gap} too many"
    result.add(Problem(
        "deck_size",
        f"The deck has {_cards(found)} besides the Condemned; {rules.label} needs exactly "
        f"{rules.other_cards} ({fix}).",
    ))


def _check_copies(others: list[DeckCard], max_copies: int, result: ValidationResult) -> None:
    copies: Counter[str] = Counter()
    for entry in others:
        copies[entry.name] += entry.count
    for name, count in copies.items():
        if count > max_copies:
            result.add(Problem(
                "copies",
                f"The deck has {count} copies of {name}; at most {max_copies} of a card "
                f"({count - max_copies} too many).",
                cards=(name,),
            ))


def _warn_unequippable(condemned: DeckCard, others: list[DeckCard], result: ValidationResult) -> None:
    """Weapons and Armor the deck's Condemned cannot equip because of its sub-types.

    "Condemned may have Sub-Types that affect the Weapons and Armor they can equip." Such cards
    are still legal in the deck (they can be discarded to move between Melee and Ranged), so this
    is a warning, not an error.
    """
    for entry in others:
        if entry.card_type not in EQUIPMENT_TYPES or can_equip(condemned.card, entry.card):
            continue
        result.add(Problem(
            "equip",
            f"{condemned.name} cannot equip {entry.name}: only a {_either(entry.attributes['requires'])} "
            "Condemned can.",
            cards=(entry.name,),
            severity="warning",
        ))


def _summary(deck: ResolvedDeck, condemned: list[DeckCard]) -> dict[str, object]:
    """Cards per section and per card type (every section and type listed, in the game's order)."""
    sections: Counter[str] = Counter({section: 0 for section in SECTIONS})
    card_types: Counter[str] = Counter({card_type.slug: 0 for card_type in SCHEMA.card_types})
    for entry in deck.entries:
        sections[entry.section] += entry.count
        card_types[entry.card_type] += entry.count
    return {
        "sections": dict(sections),
        "card_types": dict(card_types),
        "condemned": condemned[0].name if len(condemned) == 1 else None,
    }


def _names(entries: list[DeckCard]) -> str:
    return ", ".join(e.name if e.count == 1 else f"{e.count} {e.name}" for e in entries)


def _cards(count: int) -> str:
    return "1 card" if count == 1 else f"{count} cards"


def _either(words: list[str]) -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"
