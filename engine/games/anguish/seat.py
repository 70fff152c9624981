"""One player's side of an Anguish game: their zones and their Stronghold's strength.

Cards are uids (indexes into the Game's cards). The top of the Lifeblood is the END of its list,
so drawing and milling pop from the end and "the bottom of your Lifeblood" is index 0.

A player knows where the cards they put on their own Lifeblood are (9.1's card "on the bottom of
their Lifeblood", 8.2's "on either the top or bottom"): the seat counts them, `known_bottom` from the
bottom and `known_top` from the top, so that a search can reshuffle only what its player cannot know.
"""
from __future__ import annotations

ZONES = ("lifeblood", "drawing", "hand", "arsenal", "protection", "discard", "stronghold")


class Seat:
    __slots__ = (*ZONES, "strength", "known_bottom", "known_top")

    def __init__(self, lifeblood: list[int], stronghold: list[int], strength: int) -> None:
        self.lifeblood = lifeblood
        self.drawing: list[int] = []  # the two cards drawn at the start of a turn, before one is kept
        self.hand: list[int] = []
        self.arsenal: list[int] = []  # 7.1: the top row, the Attack Line
        self.protection: list[int] = []  # 7.1: the bottom row, the Defense Line
        self.discard: list[int] = []
        self.stronghold = stronghold  # the Stronghold card, set aside from the Lifeblood (none for the goldfish)
        self.strength = strength  # what remains of the Stronghold in the End Game
        self.known_bottom = 0  # the bottom cards of the Lifeblood its player put there, in order
        self.known_top = 0  # the top cards of the Lifeblood its player put there

    def copy(self) -> Seat:
        # (Made by __init__ and then set field by field: a compiled class is made only through its __init__.)
        seat = Seat(self.lifeblood[:], self.stronghold, self.strength)  # the Stronghold never changes once set up
        seat.drawing = self.drawing[:]
        seat.hand = self.hand[:]
        seat.arsenal = self.arsenal[:]
        seat.protection = self.protection[:]
        seat.discard = self.discard[:]
        seat.known_bottom = self.known_bottom
        seat.known_top = self.known_top
        return seat

    def take(self, count: int) -> list[int]:
        """Up to `count` cards off the top of the Lifeblood, the top card first."""
        if not count:
            return []
        lifeblood = self.lifeblood
        taken = lifeblood[-count:]
        del lifeblood[-count:]
        taken.reverse()
        if self.known_top:
            self.known_top = max(0, self.known_top - count)
        if self.known_bottom > len(lifeblood):
            self.known_bottom = len(lifeblood)
        return taken

    def put_bottom(self, uid: int) -> None:
        self.lifeblood.insert(0, uid)
        self.known_bottom += 1

    def put_top(self, uid: int) -> None:
        self.lifeblood.append(uid)
        self.known_top += 1

    def empty_lifeblood(self) -> list[int]:
        """The whole Lifeblood, taken away (10.2: "both players discard their Lifeblood")."""
        cards, self.lifeblood = self.lifeblood, []
        self.known_bottom = self.known_top = 0
        return cards

    def in_play(self) -> list[int]:
        return self.arsenal + self.protection

    def row_of(self, uid: int) -> list[int] | None:
        if uid in self.arsenal:
            return self.arsenal
        if uid in self.protection:
            return self.protection
        return None
