"""One player's side of an Anguish game: their zones and their Stronghold's strength.

Cards are uids (indexes into the Game's cards). The top of the Lifeblood is the END of its list,
so drawing and milling pop from the end and "the bottom of your Lifeblood" is index 0.
"""
from __future__ import annotations


class Seat:
    __slots__ = ("lifeblood", "drawing", "hand", "arsenal", "protection", "discard", "stronghold", "strength")

    def __init__(self, lifeblood: list[int], stronghold: list[int], strength: int) -> None:
        self.lifeblood = lifeblood
        self.drawing: list[int] = []  # the two cards drawn at the start of a turn, before one is kept
        self.hand: list[int] = []
        self.arsenal: list[int] = []  # 7.1: the top row, the Attack Line
        self.protection: list[int] = []  # 7.1: the bottom row, the Defense Line
        self.discard: list[int] = []
        self.stronghold = stronghold  # the Stronghold card, set aside from the Lifeblood (none for the goldfish)
        self.strength = strength  # what remains of the Stronghold in the End Game

    def take(self, count: int) -> list[int]:
        """Up to `count` cards off the top of the Lifeblood, the top card first."""
        if not count:
            return []
        lifeblood = self.lifeblood
        taken = lifeblood[-count:]
        del lifeblood[-count:]
        taken.reverse()
        return taken

    def in_play(self) -> list[int]:
        return self.arsenal + self.protection

    def row_of(self, uid: int) -> list[int] | None:
        if uid in self.arsenal:
            return self.arsenal
        if uid in self.protection:
            return self.protection
        return None
