"""Deck building rules of QQDND CCG.

The rules document: "Each deck has 4 Party Members [...] Each Party Member will have a Resource
Value, which is the amount of Resources they require to be added to the deck [...] Usually, Party
Members will also have a Resource Restriction – this is a rule that the Resource cards in that
Member's “section” of your deck must follow." "Resource cards also have a Frequency value, which
is how many of a given card you may have in your deck." "When deckbuilding, you must choose a side
of the alignment chart [...] You may not include party members with the opposing side in their
alignment". "Party Members are unique by default." docs/rules-notes.md records how each is read.

Cards are taken by type: a card in the wrong section was reported (as `zone`) and left out of the
deck before these rules run.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Final

from engine.deck import DeckCard, ResolvedDeck
from engine.decklist import normalize_name
from engine.games.qqdnd.alignment import OPPOSED, SIDES, alignment_sides, parse_side
from engine.games.qqdnd.sections import (
    Member,
    Misfit,
    SectionPlan,
    Shortfall,
    members_of,
    plan_sections,
    short_name,
)
from engine.problems import Problem, ValidationResult, listing

FORMATS: Final[tuple[str, ...]] = ("constructed",)

PARTY_MEMBER: Final = "party_member"
RESOURCE: Final = "resource"
PARTY_SIZE: Final = 4
SIDE_HEADER: Final = "Side"
# The section check builds a flow network with a node per Party Member. A party has 4; one a
# card or two over is still worth checking while a deck is being built, but a list of 999 copies
# of each Party Member must not build half a million nodes to be told what party_size tells.
MAX_CHECKED_PARTY: Final = 2 * PARTY_SIZE


def check(deck: ResolvedDeck, result: ValidationResult) -> None:
    party = list(deck.of_type(PARTY_MEMBER))
    resources = list(deck.of_type(RESOURCE))
    _check_side(deck.headers, party, result)
    _check_party_size(party, result)
    _check_party_unique(party, result)
    _check_resource_count(party, resources, result)
    _check_frequency(resources, result)
    # With no Party Member (or far too many) the sections are not checked; party_size has said
    # what is wrong.
    if party and _party_count(party) <= MAX_CHECKED_PARTY:
        plan = plan_sections(members_of(party), resources)
        _report_sections(plan, sum(e.count for e in resources), result)
        result.summary["assignment"] = plan.assignment
        if plan.misfits:
            result.summary["unassigned"] = _copies_by_name(m.card for m in plan.misfits)


def _check_side(headers: Mapping[str, str], party: list[DeckCard], result: ValidationResult) -> None:
    choices = ", ".join(SIDES[:-1]) + " or " + SIDES[-1]
    written = headers.get(SIDE_HEADER)
    if written is None:
        result.add(Problem("side_missing", f'Choose a side of the alignment chart: add a "Side:" header '
                                           f"({choices}) before the first section."))
        return
    side = parse_side(written)
    if side is None:
        result.add(Problem("side_missing", f'"Side: {written}" names no side of the alignment chart; '
                                           f"choose {choices}."))
        return
    opposed = OPPOSED[side]
    for member in party:
        alignment = member.attributes.get("alignment")
        if opposed in alignment_sides(alignment):
            result.add(Problem(
                "side_conflict",
                f"{member.name} is {alignment}: {_article(side)} {side} party cannot include "
                f"{opposed} Party Members.",
                cards=(member.name,),
            ))


def _party_count(party: list[DeckCard]) -> int:
    return sum(e.count for e in party)


def _check_party_size(party: list[DeckCard], result: ValidationResult) -> None:
    found = _party_count(party)
    if found != PARTY_SIZE:
        unchecked = (
            f" Its sections are not checked until it has at most {MAX_CHECKED_PARTY}."
            if found > MAX_CHECKED_PARTY else ""
        )
        result.add(Problem(
            "party_size",
            f"The party has {found:,} Party Member{'s' if found != 1 else ''}; a deck has exactly "
            f"{PARTY_SIZE}.{unchecked}",
            cards=tuple(e.name for e in party),
        ))


def _check_party_unique(party: list[DeckCard], result: ValidationResult) -> None:
    """Unique: "Whenever a nontoken card shares a name (excluding anything after a comma) with a
    Unique card owned by the same player, the owner must destroy one of them immediately. [...]
    Party Members are unique by default." Two such Party Members cannot both be in play, so a
    party cannot hold them."""
    by_name: dict[str, list[DeckCard]] = {}
    for entry in party:
        by_name.setdefault(normalize_name(short_name(entry.name)), []).append(entry)
    for entries in by_name.values():
        copies = sum(e.count for e in entries)
        if copies > 1:
            listed = ", ".join(e.name if e.count == 1 else f"{e.count} copies of {e.name}" for e in entries)
            result.add(Problem(
                "party_unique",
                f"{copies} Party Members share the name {short_name(entries[0].name)} ({listed}); "
                f"Party Members are unique, so a party holds one of them.",
                cards=tuple(e.name for e in entries),
            ))


def _check_resource_count(party: list[DeckCard], resources: list[DeckCard], result: ValidationResult) -> None:
    needed = sum(int(e.attributes["rv"]) * e.count for e in party)
    found = sum(e.count for e in resources)
    if found < needed:
        values = " + ".join(f"{int(e.attributes['rv'])}" + (f" x{e.count}" if e.count > 1 else "") for e in party)
        # The sum is spelled out for a party of a few members; for hundreds it would be a page long.
        spelled = f" ({values})" if len(party) <= MAX_CHECKED_PARTY else ""
        result.add(Problem(
            "resource_count",
            f"The deck has {found:,} Resource cards; its Party Members' Resource Values add up to "
            f"{needed:,}{spelled}: add at least {needed - found:,}.",
        ))


def _check_frequency(resources: list[DeckCard], result: ValidationResult) -> None:
    """A card listed in several sections (pinned or not) counts once with all its copies."""
    copies: Counter[str] = Counter()
    first: dict[str, DeckCard] = {}
    for entry in resources:
        key = normalize_name(entry.name)
        copies[key] += entry.count
        first.setdefault(key, entry)
    for key, count in copies.items():
        card = first[key]
        frequency = card.attributes.get("frequency")
        if frequency is None:
            if count > 1:
                result.add(Problem(
                    "frequency",
                    f"{card.name} prints no Frequency, so no limit is checked for its {count} copies.",
                    cards=(card.name,), severity="warning",
                ))
        elif count > frequency:
            result.add(Problem(
                "frequency",
                f"The deck has {count} copies of {card.name}; its Frequency is {frequency}.",
                cards=(card.name,),
            ))


def _report_sections(plan: SectionPlan, resource_total: int, result: ValidationResult) -> None:
    for shortfall in plan.shortfalls:
        # The whole party short with every Resource fitting somewhere is resource_count's problem
        # alone: more cards of any kind fix it.
        if len(shortfall.members) < len(plan.members) or shortfall.fitting < resource_total:
            result.add(_shortfall_problem(shortfall, plan.members))
    unfit = [m for m in plan.misfits if m.reason == "fits_no_member"]
    if unfit:
        result.add(_unfit_problem(unfit, plan.members))
    by_pin: dict[str, list[Misfit]] = {}
    for misfit in plan.misfits:
        if misfit.reason == "unknown_pin":
            by_pin.setdefault(str(misfit.card.pinned_to), []).append(misfit)
        elif misfit.reason == "pin_unfit":
            result.add(_pin_unfit_problem(misfit))
    for pin, misfits in by_pin.items():
        result.add(Problem(
            "restriction",
            f'"Resources ({pin}):" names no Party Member of this party, so the cards under it '
            f"({listing([_copies(m.card) for m in misfits], last=', ')}) can go in no section.",
            cards=tuple(m.card.name for m in misfits),
        ))


def _shortfall_problem(shortfall: Shortfall, members: list[Member]) -> Problem:
    cards = tuple(shortfall.cards)
    values = " + ".join(str(m.rv) for m in shortfall.members)
    if len(shortfall.members) == len(members):
        # Every member is in it: the restrictions are listed by the problem of the cards that
        # fit none, or the party simply needs more cards.
        message = (
            f"The party's sections need {shortfall.need} cards ({values}); only {shortfall.fitting} of "
            f"the deck's Resources meet some member's Resource Restriction: add {shortfall.short_by} more."
        )
    elif len(shortfall.members) == 1:
        member = shortfall.members[0]
        message = (
            f"{member.short} needs {member.rv} cards{_that(member)}; only {shortfall.fitting} fit: "
            f"add {shortfall.short_by} more."
        )
    else:
        names = _and(m.short for m in shortfall.members)
        each = "; ".join(f"{m.short}: cards{_that(m)}" for m in shortfall.members)
        message = (
            f"{names} need {shortfall.need} cards between them ({values}), each in a section whose "
            f"restriction it meets ({each}); only {shortfall.fitting} of the deck's Resources fit any "
            f"of them: add {shortfall.short_by} more that fit one of them."
        )
    return Problem("restriction", message, cards=cards)


def _unfit_problem(unfit: list[Misfit], members: list[Member]) -> Problem:
    listed = listing([_copies(m.card) for m in unfit], last=", ")
    printed = "; ".join(f'{m.short}: "{m.restriction.printed}"' for m in _distinct(members))
    return Problem(
        "restriction",
        f"No Party Member's Resource Restriction allows {listed}, so "
        f"{'it' if len(unfit) == 1 and unfit[0].card.count == 1 else 'they'} can go in no section "
        f"({printed}).",
        cards=tuple(m.card.name for m in unfit),
    )


def _pin_unfit_problem(misfit: Misfit) -> Problem:
    member = misfit.pinned_members[0]
    return Problem(
        "restriction",
        f"{_copies(misfit.card)} cannot be pinned to {member.short}'s section: it takes only cards"
        f'{_that(member)} ("{member.restriction.printed}").',
        cards=(misfit.card.name,),
    )


def _that(member: Member) -> str:
    description = member.restriction.description
    return f" that {description}" if description else ""


def _copies(card: DeckCard) -> str:
    return card.name if card.count == 1 else f"{card.count} {card.name}"


def _copies_by_name(cards: Iterable[DeckCard]) -> dict[str, int]:
    counts: Counter[str] = Counter()
    for card in cards:
        counts[card.name] += card.count
    return dict(counts)


def _distinct(members: list[Member]) -> list[Member]:
    return list({m.name: m for m in members}.values())


def _article(word: str) -> str:
    return "an" if word[:1].upper() in "AEIOU" else "a"


def _and(names: Iterable[str]) -> str:
    items = list(names)
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]
