"""The one error a search query can raise, worded for the player who typed it."""
from __future__ import annotations


class QueryError(ValueError):
    """A query that cannot be run, and where in it the trouble is.

    `position` is the 0-based character offset in the query; it is None when the trouble is not
    in the query text (an unknown sort order). `str(error)` leads with the position,
    e.g. 'at 7: unknown field "rvv"; did you mean "rv"?'; `message` is the same without it.
    """

    def __init__(self, message: str, position: int | None) -> None:
        super().__init__(message, position)
        self.message = message
        self.position = position

    def __str__(self) -> str:
        if self.position is None:
            return self.message
        return f"at {self.position}: {self.message}"
