"""User names must read as what they are.

Django already folds a user name to its NFKC form (so full-width "ａｄｍｉｎ" is "admin") and refuses
one that differs from a taken name only in case. On top of that, a name is refused when it could
pass for another one:

- it mixes scripts (a Cyrillic "а" among Latin letters: "аdmin" for "admin");
- every letter of it is a non-Latin letter that looks like a Latin one (Cyrillic "раура" for
  "payпa"): a name that reads as Latin but is not.

The look-alike tables are Unicode's (confusable-homoglyphs, the package django-registration uses).
Digits, ".", "@", "+", "-" and "_" belong to no script and never count.
"""
from __future__ import annotations

from confusable_homoglyphs import categories, confusables

NO_SCRIPT = "COMMON"
LATIN = "LATIN"


def look_alike_problem(name: str) -> str | None:
    """Why a user name could pass for another, or None."""
    scripts = categories.unique_aliases(name) - {NO_SCRIPT}
    if len(scripts) > 1:
        listed = " and ".join(sorted(script.capitalize() for script in scripts))
        return f"A user name cannot mix letters of different alphabets ({listed}): it could pass for another name."
    letters = [char for char in name if categories.alias(char) != NO_SCRIPT]
    if letters and scripts != {LATIN} and all(
        confusables.is_confusable(char, preferred_aliases=[LATIN.lower()]) for char in letters
    ):
        return (
            "This user name is made of letters that look like Latin ones but are not: "
            "it could pass for another name."
        )
    return None
