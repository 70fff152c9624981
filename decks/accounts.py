"""Sign-up: a user name must read as what it is.

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

from typing import TYPE_CHECKING, Any

from confusable_homoglyphs import categories, confusables
from django import forms
from django.contrib.auth.forms import UserCreationForm
from django.contrib.auth.models import User

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


if TYPE_CHECKING:  # generic for the type checker only; Django's class is not subscriptable
    _UserCreationForm = UserCreationForm[User]
else:
    _UserCreationForm = UserCreationForm


class SignupForm(_UserCreationForm):
    def clean_username(self) -> Any:
        username = super().clean_username()
        problem = look_alike_problem(str(username))
        if problem:
            raise forms.ValidationError(problem, code="look_alike")
        return username
