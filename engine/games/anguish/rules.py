"""Deck building rules of Anguish CCG: the Lifeblood (the deck) and its sideboard.

4.1: "A standard Lifeblood (i.e. Deck) size is 36 cards, which includes exactly one Stronghold,
up to two 10th-Hour creatures (with a minimum of one) and a maximum of 4 copies of every other
card". 4.2: "A Lifeblood must comprise of a single Species but may also include dual-type or
agnostic Species". 4.3: "a sideboard of 10 cards is allowed [...] sideboards may contain different
Strongholds of the same Species." docs/rules-notes.md records how the rules are read here.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from typing import TypeVar

from engine.deck import DeckCard, ResolvedDeck
from engine.games.anguish.cards import SCHEMA
from engine.problems import Problem, ValidationResult

FORMATS: tuple[str, ...] = ("constructed",)

LIFEBLOOD = "Lifeblood"
SIDEBOARD = "Sideboard"
LIFEBLOOD_SIZE = 36
MAX_COPIES = 4
MAX_SIDEBOARD = 10
TENTH_HOUR = 10
MAX_TENTH_HOUR_CREATURES = 2
HOURS = range(1, 12)  # the 1st to the 11th Hour

K = TypeVar("K")


def check(deck: ResolvedDeck, result: ValidationResult) -> None:
    lifeblood = deck.section(LIFEBLOOD)
    sideboard = deck.section(SIDEBOARD)
    _check_lifeblood_size(lifeblood, result)
    _check_stronghold_count(lifeblood, sideboard, result)
    _check_tenth_hour_count(lifeblood, result)
    _check_copies(lifeblood, sideboard, result)
    _check_sideboard_size(sideboard, result)
    species = _check_species(lifeblood, sideboard, result)
    result.summary = {
        "sections": {LIFEBLOOD: _total(lifeblood), SIDEBOARD: _total(sideboard)},
        "card_types": _card_types(lifeblood),
        "species": species,
        "hour_curve": _hour_curve(lifeblood),
    }


def _check_lifeblood_size(lifeblood: list[DeckCard], result: ValidationResult) -> None:
    found = _total(lifeblood)
    if found == LIFEBLOOD_SIZE:
        return
    gap = LIFEBLOOD_SIZE - found
    fix = f"{gap} more" if gap > 0 else f"{-gap} too many"
    result.add(Problem(
        "deck_size",
        f"The Lifeblood has {_cards(found)}; it needs exactly {LIFEBLOOD_SIZE} ({fix}).",
    ))


def _check_stronghold_count(
    lifeblood: list[DeckCard], sideboard: list[DeckCard], result: ValidationResult
) -> None:
    strongholds = [e for e in lifeblood if e.card_type == "stronghold"]
    found = _total(strongholds)
    if found == 1:
        return
    if found == 0:
        message = "The Lifeblood has no Stronghold; it needs exactly one."
        if any(e.card_type == "stronghold" for e in sideboard):
            message += " Strongholds in the Sideboard do not count."
    else:
        message = f"The Lifeblood has {found} Strongholds ({_listing(strongholds)}); it needs exactly one."
    result.add(Problem("stronghold_count", message, cards=_unique_names(strongholds)))


def _check_tenth_hour_count(lifeblood: list[DeckCard], result: ValidationResult) -> None:
    tenth = [e for e in lifeblood if _is_tenth_hour_creature(e)]
    found = _total(tenth)
    if 1 <= found <= MAX_TENTH_HOUR_CREATURES:
        return
    if found == 0:
        message = "The Lifeblood has no 10th-Hour Creature; it needs one or two."
    else:
        message = (
            f"The Lifeblood has {found} 10th-Hour Creatures ({_listing(tenth)}); it may hold at most "
            f"{MAX_TENTH_HOUR_CREATURES} ({found - MAX_TENTH_HOUR_CREATURES} too many)."
        )
    result.add(Problem("tenth_hour_count", message, cards=_unique_names(tenth)))


def _check_copies(lifeblood: list[DeckCard], sideboard: list[DeckCard], result: ValidationResult) -> None:
    """At most 4 cards of one exact name, counted over the Lifeblood and the Sideboard together.

    The Stronghold and the 10th-Hour Creatures have limits of their own ("every other card"), so
    they are left out. Sideboard copies count because any swap between rounds must leave a legal
    Lifeblood.
    """
    in_lifeblood = _copies_by(_limited(lifeblood), lambda e: e.name)
    in_sideboard = _copies_by(_limited(sideboard), lambda e: e.name)
    for name in dict.fromkeys([*in_lifeblood, *in_sideboard]):
        total = in_lifeblood.get(name, 0) + in_sideboard.get(name, 0)
        if total <= MAX_COPIES:
            continue
        where = (
            f" ({in_lifeblood.get(name, 0)} in the Lifeblood, {in_sideboard[name]} in the Sideboard)"
            if in_sideboard.get(name) else ""
        )
        result.add(Problem(
            "copies",
            f"The deck has {total} copies of {name}{where}; at most {MAX_COPIES} cards of one exact name "
            f"({total - MAX_COPIES} too many).",
            cards=(name,),
        ))


def _check_sideboard_size(sideboard: list[DeckCard], result: ValidationResult) -> None:
    found = _total(sideboard)
    if found > MAX_SIDEBOARD:
        result.add(Problem(
            "sideboard_size",
            f"The Sideboard has {_cards(found)}; it may hold at most {MAX_SIDEBOARD} "
            f"({found - MAX_SIDEBOARD} too many).",
        ))


def _check_species(
    lifeblood: list[DeckCard], sideboard: list[DeckCard], result: ValidationResult
) -> list[str]:
    """Report cards outside the deck's Species; return the Species the deck can be played as.

    A card fits a Species when it names it (dual-type cards name two) or names none (Agnostic).
    The deck's Species are those every non-Agnostic card names: one for most decks, two for a
    deck of dual-type cards of the same pair, none listed for an all-Agnostic deck. Sideboard
    cards must fit it too (4.3: no switching Species between rounds).
    """
    typed = [e for e in (*lifeblood, *sideboard) if _species(e)]
    if not typed:
        return []
    shared = set.intersection(*(set(_species(e)) for e in typed))
    if shared:
        return sorted(shared)
    main = _main_species(lifeblood, sideboard)
    off_lifeblood = [e for e in lifeblood if _species(e) and main not in _species(e)]
    off_sideboard = [e for e in sideboard if _species(e) and main not in _species(e)]
    if off_lifeblood:
        fitting = _total(e for e in lifeblood if main in _species(e))
        result.add(Problem(
            "species",
            f"The Lifeblood is {main} ({_cards(fitting)}) but also holds {_by_species(off_lifeblood)}; "
            "a Lifeblood is a single Species plus dual-type and Agnostic cards.",
            cards=_unique_names(off_lifeblood),
        ))
    if off_sideboard:
        result.add(Problem(
            "species",
            f"The Sideboard holds {_by_species(off_sideboard)} in a {main} deck; sideboard cards must be "
            f"{main}, dual-type with {main}, or Agnostic.",
            cards=_unique_names(off_sideboard),
        ))
    return [main]


def _main_species(lifeblood: list[DeckCard], sideboard: list[DeckCard]) -> str:
    """The Species most cards fit, so that the fewest cards are reported as off-Species.

    The Lifeblood decides before the Sideboard; a tie goes to the Stronghold's Species (the
    Species the player protects), then to the first in alphabetical order.
    """
    candidates = {s for e in (*lifeblood, *sideboard) for s in _species(e)}
    stronghold_species = {s for e in lifeblood if e.card_type == "stronghold" for s in _species(e)}
    in_lifeblood = _copies_by_species(lifeblood)
    in_sideboard = _copies_by_species(sideboard)
    return min(
        candidates,
        key=lambda s: (-in_lifeblood[s], -in_sideboard[s], s not in stronghold_species, s),
    )


def _card_types(lifeblood: list[DeckCard]) -> dict[str, int]:
    """Lifeblood cards per card type, every type listed in the game's order."""
    by_type = _copies_by(lifeblood, lambda e: e.card_type)
    return {card_type.slug: by_type[card_type.slug] for card_type in SCHEMA.card_types}


def _hour_curve(lifeblood: list[DeckCard]) -> dict[str, int]:
    """Lifeblood cards per Hour cost, every Hour from 1 to 11 listed; "free" counts cards with no
    Hour (9.3: "Cards without an indicated Hour may be played free of cost"). The Stronghold is
    never played from the hand, so it is not on the curve."""
    played = [e for e in lifeblood if e.card_type != "stronghold"]
    by_hour = _copies_by(played, lambda e: e.attributes.get("hour"))
    hours = sorted({*HOURS, *(h for h in by_hour if h is not None)})
    curve = {str(hour): by_hour.get(hour, 0) for hour in hours}
    if None in by_hour:
        curve["free"] = by_hour[None]
    return curve


def _is_tenth_hour_creature(entry: DeckCard) -> bool:
    return entry.card_type == "creature" and entry.attributes.get("hour") == TENTH_HOUR


def _limited(entries: list[DeckCard]) -> list[DeckCard]:
    """The cards the 4-copy limit applies to."""
    return [e for e in entries if e.card_type != "stronghold" and not _is_tenth_hour_creature(e)]


def _species(entry: DeckCard) -> list[str]:
    return list(entry.attributes.get("species") or [])


def _copies_by(entries: Iterable[DeckCard], key: Callable[[DeckCard], K]) -> Counter[K]:
    counts: Counter[K] = Counter()
    for entry in entries:
        counts[key(entry)] += entry.count
    return counts


def _copies_by_species(entries: list[DeckCard]) -> Counter[str]:
    counts: Counter[str] = Counter()
    for entry in entries:
        for species in _species(entry):
            counts[species] += entry.count
    return counts


def _by_species(entries: list[DeckCard]) -> str:
    """ "2 Nightmare cards (Void Hound, Night Lurker) and 1 Colossal/Survivor card (Mossback)"."""
    groups: dict[str, list[DeckCard]] = {}
    for entry in entries:
        groups.setdefault("/".join(_species(entry)), []).append(entry)
    parts = [
        f"{_total(group)} {label} card{'s' if _total(group) != 1 else ''} ({_listing(group)})"
        for label, group in groups.items()
    ]
    return parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])} and {parts[-1]}"


def _total(entries: Iterable[DeckCard]) -> int:
    return sum(e.count for e in entries)


def _listing(entries: list[DeckCard]) -> str:
    counts = _copies_by(entries, lambda e: e.name)
    return ", ".join(name if n == 1 else f"{n} {name}" for name, n in counts.items())


def _unique_names(entries: list[DeckCard]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(e.name for e in entries))


def _cards(count: int) -> str:
    return "1 card" if count == 1 else f"{count} cards"
