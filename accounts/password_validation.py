"""A password validator that Django lacks: enough different characters, spaces not counted.

Django's validators accept eight spaces, or "aaaaaaaa" if it is not on their list of common passwords.
"""
from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError


class VarietyValidator:
    def __init__(self, min_distinct: int = 4) -> None:
        self.min_distinct = min_distinct

    def validate(self, password: str, user: Any = None) -> None:
        if len({char for char in password if not char.isspace()}) < self.min_distinct:
            raise ValidationError(
                "This password has too few different characters: use at least %(min)d different letters, "
                "digits or symbols (spaces don't count).",
                code="password_too_plain",
                params={"min": self.min_distinct},
            )

    def get_help_text(self) -> str:
        return f"Your password must use at least {self.min_distinct} different characters other than spaces."
