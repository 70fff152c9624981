"""The actions of an Anguish game: plain tuples whose first item says what is done.

    ("mulligan", (uid, ...))        8.1: put those cards at the bottom and draw as many; () keeps the hand
    ("keep", uid, "bottom"|"top")   9.1: of the two cards drawn, keep uid; the other goes to the bottom
                                    (8.2: or the top, on the second player's 1st-Hour draw)
    ("play", uid, row, target)      play a card from the hand: row "arsenal"/"protection" for a
                                    Creature, None for a Discovery; target a card uid or None
    ("replace", uid, old, target)   7.1: with every location full, discard Creature old and play uid
                                    in its place
    ("move", uid)                   7.1: move a Creature to its other line
    ("swap", arsenal_uid, protection_uid)  7.1: with every location full, swap two Creatures' lines
    ("attack", (uid, ...))          5.2: declare these Arsenal Creatures as attacking
    ("protect", attacker, defender) 5.2: align a defender (or None: no Protection) with an attacker
    ("end",)                        end the turn (in the End Game, the player's part of the exchange)
    ("bottom", uid)                 9.1: over the hand limit, put uid at the bottom of the Lifeblood
    ("draw", n)                     10.2: draw n (up to three) cards as the End Game begins
    ("discard", uid)                10.2: over the hand limit in the End Game, discard uid
"""
from __future__ import annotations

from typing import Final

MULLIGAN: Final = "mulligan"
KEEP: Final = "keep"
PLAY: Final = "play"
REPLACE: Final = "replace"
MOVE: Final = "move"
SWAP: Final = "swap"
ATTACK: Final = "attack"
PROTECT: Final = "protect"
END: Final = "end"
BOTTOM: Final = "bottom"
DRAW: Final = "draw"
DISCARD: Final = "discard"

ARSENAL: Final = "arsenal"
PROTECTION: Final = "protection"
TO_BOTTOM: Final = "bottom"
TO_TOP: Final = "top"
