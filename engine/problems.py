"""What a deck check finds: problems (errors and warnings), shared by all games."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

Severity = Literal["error", "warning"]


@dataclass(frozen=True)
class Problem:
    """One rule a deck breaks. `code` is stable (see docs/contract.md); `message` is for people."""

    code: str
    message: str
    cards: tuple[str, ...] = ()
    severity: Severity = "error"
    line: int | None = None  # the deck list line it is about, where there is one

    def as_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "code": self.code,
            "severity": self.severity,
            "message": self.message,
            "cards": list(self.cards),
        }
        if self.line is not None:
            data["line"] = self.line
        return data


@dataclass
class ValidationResult:
    game: str
    format: str
    problems: list[Problem] = field(default_factory=list)
    warnings: list[Problem] = field(default_factory=list)
    summary: dict[str, Any] = field(default_factory=dict)

    @property
    def legal(self) -> bool:
        return not self.problems

    def add(self, problem: Problem) -> None:
        (self.warnings if problem.severity == "warning" else self.problems).append(problem)

    def as_dict(self) -> dict[str, Any]:
        return {
            "legal": self.legal,
            "game": self.game,
            "format": self.format,
            "problems": [p.as_dict() for p in self.problems],
            "warnings": [p.as_dict() for p in self.warnings],
            "summary": self.summary,
        }
