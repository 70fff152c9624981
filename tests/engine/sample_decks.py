"""The sample deck lists of tests/engine/decks/<game>/, and the verdict each one's header expects:

    # expect: legal                      or   # expect: illegal: code, code
    # warnings: code, code               (optional)
"""
from __future__ import annotations

import re
from pathlib import Path

DECKS = Path(__file__).parent / "decks"


def sample_deck_lists(game: str) -> list[Path]:
    return sorted((DECKS / game).glob("*.txt"))


def expectation(text: str) -> tuple[bool, set[str], set[str]]:
    """(legal, problem codes, warning codes) as a sample list's header states them."""
    expect = re.search(r"^# expect: (legal|illegal)(?::(.*))?$", text, re.MULTILINE)
    assert expect is not None, "a sample deck list starts with an '# expect:' line"
    warnings = re.search(r"^# warnings:(.*)$", text, re.MULTILINE)
    return expect[1] == "legal", _codes(expect[2]), _codes(warnings[1] if warnings else None)


def _codes(listed: str | None) -> set[str]:
    return {code.strip() for code in (listed or "").split(",") if code.strip()}
