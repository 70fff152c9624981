"""What a deck check finds: problems (errors and warnings), shared by all games."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

Severity = Literal["error", "warning"]

# An answer lists at most this many problems (and as many warnings), each naming at most
# MAX_CARDS_SHOWN cards: a list of 500 lines can break a rule on every line, and the answer to
# one request must stay small whatever was sent. `legal` and the counts still cover every problem.
MAX_PROBLEMS_SHOWN = 50
MAX_CARDS_SHOWN = 20
# A message naming cards names at most this many, then says how many more.
MAX_NAMES_IN_MESSAGE = 10


def listing(names: Sequence[str], limit: int = MAX_NAMES_IN_MESSAGE, last: str = " and ") -> str:
    """"A, B and C" (`last` joins the last two), or "A, B, C and 7 more" past `limit` names: for
    messages that name cards."""
    items = list(names)
    if len(items) > limit:
        return f"{', '.join(items[:limit])} and {len(items) - limit:,} more"
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + last + items[-1]


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
            "cards": list(self.cards[:MAX_CARDS_SHOWN]),
        }
        if len(self.cards) > MAX_CARDS_SHOWN:
            data["cards_omitted"] = len(self.cards) - MAX_CARDS_SHOWN
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
        """The answer's shape (docs/contract.md): the first MAX_PROBLEMS_SHOWN problems and
        warnings, and how many of each were left out."""
        return {
            "legal": self.legal,
            "game": self.game,
            "format": self.format,
            "problems": [p.as_dict() for p in self.problems[:MAX_PROBLEMS_SHOWN]],
            "warnings": [p.as_dict() for p in self.warnings[:MAX_PROBLEMS_SHOWN]],
            "omitted": {
                "problems": max(0, len(self.problems) - MAX_PROBLEMS_SHOWN),
                "warnings": max(0, len(self.warnings) - MAX_PROBLEMS_SHOWN),
            },
            "summary": self.summary,
        }
