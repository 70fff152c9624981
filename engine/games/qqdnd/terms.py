"""What each Resource Restriction term asks of a Resource card.

engine/games/qqdnd/restrictions.py reads a printed restriction into terms ("No spells, no Evil."
-> no_spells, no_evil); this module decides which Resources meet each term. docs/rules-notes.md
quotes the rules and explains each reading:

- no_good, no_lawful, no_evil, no_chaotic: the card does not hold that side, by its alignment tag
  (LE, NE, CE are Evil) or by a side printed as a subtype word (TB Towers is "Good").
- any other no_<word> (no_spells, no_allies, no_martial, no_magic): the card has no subtype of
  that name, singular or plural ("Spell" for no_spells, "Ally" for no_allies).
- only:a|b: the card has at least one of the subtypes a, b ("must be either items or attacks").
- cannot_deal_damage: the card's text (which holds its Actions and any Action it grants to the card
  it equips or teaches) makes damage happen: see deals_damage.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Final

from engine.games.qqdnd.alignment import SIDES, card_sides
from engine.games.qqdnd.restrictions import ONLY_PREFIX, parse_restriction

Card = Mapping[str, Any]

CANNOT_DEAL_DAMAGE: Final = "cannot_deal_damage"
_NO_PREFIX: Final = "no_"

_AMOUNT: Final = r"(?:\d+|x|one|two|three|four|five|six|seven|eight|nine|ten)"
_MORE: Final = r"(?:\s+(?:additional|extra|more))?"
# Phrases by which a card makes damage happen. Conditions and triggers ("would deal damage",
# "whenever this card deals damage", "takes damage each round", "would be dealt damage") name no
# amount and do not match; neither do Damage counters being removed or counted.
_DAMAGE: Final = re.compile(
    rf"\bdeals?\s+{_AMOUNT}{_MORE}\s+damage\b"      # "Deal 1 damage", "deals 1 additional damage"
    rf"|\bdeals?\s+damage\s+equal\b"                # "Deal damage equal to the number of ..."
    rf"|\btakes?\s+{_AMOUNT}{_MORE}\s+damage\b"     # "Equipped card takes 1 damage"
    rf"|\bincrease\s+(?:that|the)\s+damage\b",      # "increase that damage by one"
    re.IGNORECASE,
)


def deals_damage(card: Card) -> bool:
    """Whether a card deals damage: it deals some (Katana Lunge), grants an Action that does
    (Golden Katana's "Golden Strike"), makes a card take damage (Burning Hands), or adds to the
    damage another card deals (Strength Mutagen, Holo-Lance, Spellstrike)."""
    return facts_of(card).deals_damage


def singular(word: str) -> str:
    """A subtype word compared in one form: "Spells" and "spell" -> "spell", "Allies" -> "ally"."""
    word = word.strip().casefold()
    if word.endswith("ies"):
        return word[:-3] + "y"
    if word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


@dataclass(frozen=True)
class Facts:
    """What the terms look at on a Resource, worked out once per card."""

    subtypes: frozenset[str]  # singular, case-folded
    sides: frozenset[str]
    deals_damage: bool


def facts_of(card: Card) -> Facts:
    subtypes = tuple(str(s) for s in card.get("subtypes") or ())
    return _facts(subtypes, card["attributes"].get("alignment"), str(card.get("text") or ""))


@lru_cache(maxsize=4096)
def _facts(subtypes: tuple[str, ...], alignment: str | None, text: str) -> Facts:
    sides = card_sides({"subtypes": subtypes, "attributes": {"alignment": alignment}})
    return Facts(frozenset(singular(s) for s in subtypes), sides, _DAMAGE.search(text) is not None)


@dataclass(frozen=True)
class Term:
    term: str  # as restrictions.py writes it: "no_evil", "only:item|attack"
    description: str  # what a fitting card is: "are not Evil", "deal no damage"
    check: Callable[[Facts], bool]

    def allows(self, card: Card) -> bool:
        return self.check(facts_of(card))


def compile_term(term: str) -> Term:
    """A term's meaning; ValueError for a term of a kind this module does not know."""
    if term == CANNOT_DEAL_DAMAGE:
        return Term(term, "deal no damage", lambda facts: not facts.deals_damage)
    if term.startswith(ONLY_PREFIX):
        words = [w for w in term[len(ONLY_PREFIX):].split("|") if w.strip()]
        if not words:
            raise ValueError(f"restriction term {term!r} names no subtype")
        wanted = {singular(w) for w in words}
        names = " or ".join(w.strip().title() for w in words)
        return Term(term, f"are {names} cards", lambda facts: bool(facts.subtypes & wanted))
    if term.startswith(_NO_PREFIX) and len(term) > len(_NO_PREFIX):
        word = term[len(_NO_PREFIX):]
        side = next((s for s in SIDES if s.casefold() == word.casefold()), None)
        if side is not None:
            return Term(term, f"are not {side}", lambda facts: side not in facts.sides)
        banned = singular(word)
        return Term(term, f"are not {word.title()}", lambda facts: banned not in facts.subtypes)
    raise ValueError(f"unknown Resource Restriction term {term!r}")


@dataclass(frozen=True)
class Restriction:
    """A Party Member's Resource Restriction: a card fits when it meets every term."""

    printed: str
    terms: tuple[Term, ...]

    def fits(self, card: Card) -> bool:
        return self.fits_facts(facts_of(card))

    def fits_facts(self, facts: Facts) -> bool:
        return all(term.check(facts) for term in self.terms)

    @property
    def description(self) -> str:
        """"deal no damage and are not Evil"; "" for no restriction."""
        parts = [t.description for t in self.terms]
        return " and ".join(parts) if len(parts) < 3 else ", ".join(parts[:-1]) + " and " + parts[-1]


def restriction_of(member: Card) -> Restriction:
    attributes = member["attributes"]
    # Loaded cards carry their terms (derived when they were loaded); a record that was never
    # prepared is read here rather than taken to have no restriction.
    terms: Iterable[str] = (
        attributes["rr_terms"] if "rr_terms" in attributes else parse_restriction(str(attributes.get("rr") or ""))
    )
    return Restriction(str(attributes.get("rr") or ""), tuple(compile_term(t) for t in terms))
