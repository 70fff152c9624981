"""Resource Restrictions as printed on QQDND Party Members, read into terms.

The rules: "Usually, Party Members will also have a Resource Restriction – this is a rule that the
Resource cards in that Member's “section” of your deck must follow." A printed restriction is a
comma-separated list of phrases ("No spells, no Evil."); each phrase stands for one term. Only the
reading lives here: what a term demands of a Resource is the deck validator's business.
"""
from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Final

# A term naming the subtypes a Resource must have one of: "only:item|attack".
ONLY_PREFIX: Final = "only:"

# Phrases as printed (compared lower-cased, white space folded) and the term each stands for.
# A new set's new phrase is one more line here.
PHRASE_TERMS: Final[Mapping[str, str]] = {
    "no evil": "no_evil",
    "no good": "no_good",
    "no lawful": "no_lawful",
    "no chaotic": "no_chaotic",
    "no spells": "no_spells",
    "no allies": "no_allies",
    "no martial": "no_martial",
    "no magic": "no_magic",
    "cannot deal damage": "cannot_deal_damage",
    "must be either items or attacks": f"{ONLY_PREFIX}item|attack",
}

KNOWN_TERMS: Final[tuple[str, ...]] = tuple(dict.fromkeys(PHRASE_TERMS.values()))

# Galatea prints "(None)": no restriction at all.
_NO_RESTRICTION: Final = ("", "(none)", "none")


def _normalise(phrase: str) -> str:
    return re.sub(r"\s+", " ", phrase).strip().rstrip(".").strip().lower()


def parse_restriction(printed: str) -> tuple[str, ...]:
    """The terms of a printed Resource Restriction, in printed order; () for "(None)".

    Raises ValueError naming the first phrase that is not in PHRASE_TERMS.
    """
    if not isinstance(printed, str):
        raise ValueError(f"a Resource Restriction must be text, not {printed!r}")
    if _normalise(printed) in _NO_RESTRICTION:
        return ()
    terms: list[str] = []
    for phrase in printed.split(","):
        key = _normalise(phrase)
        if not key:
            # A stray trailing comma, as the document prints on some subtype lines.
            continue
        if key not in PHRASE_TERMS:
            raise ValueError(f"unknown Resource Restriction phrase {phrase.strip()!r} in {printed!r}")
        term = PHRASE_TERMS[key]
        if term not in terms:
            terms.append(term)
    return tuple(terms)
