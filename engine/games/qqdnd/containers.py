"""Subclasses of dict, list and set the QQDND engine uses, in a module of their own: a compiled build
(Makefile: compile) leaves this module uncompiled, since a compiled class cannot subclass them.

- The shared empties of a card out of play (pieces.py, verbs.py). They are of the very types the attributes holding
  them are declared with, since compiled code checks the declared type of what it reads. Run as pure Python they
  refuse every write; compiled code writes to a list or set through C calls that do not ask the subclass, so there
  the engine's tests check after each test that they are still empty (tests/engine/conftest.py).
- ByDefinition, the players' once-a-card memos.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from engine.games.qqdnd.carddefs import CardDef


def _refuse(self: object, *args: object, **kwargs: object) -> None:
    raise TypeError(f"{type(self).__name__} is read-only: a card out of play holds nothing")


class ReadOnlyDict(dict):  # type: ignore[type-arg]
    __slots__ = ()
    __setitem__ = __delitem__ = clear = pop = popitem = setdefault = update = __ior__ = _refuse  # type: ignore[assignment]


class ReadOnlyList(list):  # type: ignore[type-arg]
    __slots__ = ()
    __setitem__ = __delitem__ = append = extend = insert = pop = remove = clear = sort = reverse = _refuse  # type: ignore[assignment]
    __iadd__ = __imul__ = _refuse  # type: ignore[assignment]


class ReadOnlySet(set):  # type: ignore[type-arg]
    __slots__ = ()
    add = discard = remove = pop = clear = update = _refuse  # type: ignore[assignment]
    intersection_update = difference_update = symmetric_difference_update = _refuse  # type: ignore[assignment]
    __ior__ = __iand__ = __isub__ = __ixor__ = _refuse  # type: ignore[assignment]


_Known = TypeVar("_Known")


class ByDefinition(dict["CardDef", _Known]):
    """What `work_out` finds of a card's definition, worked out once a definition and then read as `memo[d]` (a
    dict's subscript, with no call of Python code: the players read these in their hottest loops) or `memo(d)`.
    The key keeps the definition alive, so its identity is never reused while cached; past MAX_DEFINITIONS (the
    cards of Games long gone: a run builds a Game per deck and opponent) it starts again."""

    MAX_DEFINITIONS = 4096
    __slots__ = ("work_out",)

    def __init__(self, work_out: Callable[[CardDef], _Known]) -> None:
        super().__init__()
        self.work_out = work_out

    def __missing__(self, d: CardDef) -> _Known:
        if len(self) >= self.MAX_DEFINITIONS:
            self.clear()
        known = self[d] = self.work_out(d)
        return known

    __call__ = dict.__getitem__
