"""Checks made around every engine test."""
from __future__ import annotations

from collections.abc import Iterator

import pytest

from engine.games.qqdnd.pieces import NO_COUNTERS, NO_PIECES, NO_TRAITS
from engine.games.qqdnd.verbs import NO_PLAYERS


@pytest.fixture(autouse=True)
def shared_empties_stay_empty() -> Iterator[None]:
    """The QQDND empties every card out of play shares (containers.py) refuse writes as pure Python, but compiled
    code appends to a list or adds to a set through C calls that do not ask them: a write there would give every card
    out of play what one was given. Whatever the test played, they are still empty after it."""
    yield
    written = {name: value for name, value in (("NO_COUNTERS", NO_COUNTERS), ("NO_PIECES", NO_PIECES),
                                                ("NO_TRAITS", NO_TRAITS), ("NO_PLAYERS", NO_PLAYERS)) if value}
    assert not written, f"a shared empty was written to: {written}"
