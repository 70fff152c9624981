"""One physical card in a QQDND game and what is on it while it is in play.

A Piece wraps the CardInstance the zones report and holds the card's changing state: its counters,
whether it is Exhausted, what it is equipped with. A card enters play with `enter_play` and leaves it
with `leave_play_reset`, which wipes that state, so a card that comes back is a new object in the
rules' eyes.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final, cast

from engine.core import CardInstance
from engine.games.qqdnd.containers import ReadOnlyDict, ReadOnlyList, ReadOnlySet

if TYPE_CHECKING:
    from engine.games.qqdnd.board import Board
    from engine.games.qqdnd.carddefs import ActionDef, CardDef

# Zones. A card in play sits on its controller's side, a card in hand in its holder's hand, and
# every other card in its owner's deck, discard pile, "under" pile (face down beneath another
# card) or removed-from-the-game pile.
DECK: Final = 0
HAND: Final = 1
DISCARD: Final = 2
FIELD: Final = 3
UNDER: Final = 4
REMOVED: Final = 5
GONE: Final = 6
ZONE_NAMES: Final = ("deck", "hand", "discard", "field", "under", "removed", "gone")

# The mark on equipment or a skill whose Actions the card it is on no longer has (Galatea's Observe and
# Replicate: "Remove all Actions other than Observe and Relicate from this card").
GRANTS_REMOVED: Final = "grants_removed"
# The mark of the round a card last performed an Action in: "You can only use one Action per card per turn".
ACTED: Final = "acted"


# What a card out of play holds: nothing. Shared by every such card, and read-only, so that a card is given
# containers of its own only as it enters play (Piece.enter_play), the one way onto the field.
# Of the very types the attributes are declared with (a compiled build checks that), and read-only.
NO_COUNTERS: Final = cast("dict[str, int]", ReadOnlyDict())
NO_PIECES: Final = cast("list[Piece]", ReadOnlyList())
NO_TRAITS: Final = cast("set[str]", ReadOnlySet())


class Piece:
    __slots__ = (
        "card", "uid", "d", "owner", "zone", "where",
        # in play
        "controller", "lent_by", "damage", "counters", "exhausted", "stay_exhausted", "marks",
        "host", "attached", "under", "traits_added", "alignment", "copied", "trick", "blanked",
        "disguised", "damage_bonus", "defeated", "temporary",
        # in hand
        "initiative_override",
        # what QQDNDState.options lists for the card, made once (they never change: see there)
        "play_option", "use_options",
    )

    def __init__(self, card: CardInstance, d: CardDef, owner: int) -> None:
        self.card = card
        self.uid = card.uid
        self.d = d
        self.owner = owner
        self.zone = DECK
        self.where = owner  # whose zone the card is in
        self.initiative_override: int | None = None
        self.play_option: tuple[Any, ...] | None = None
        self.use_options: tuple[tuple[Any, ...], ...] | None = None
        # leave_play_reset(), written out (every card of every game is made here, one call each fewer).
        self.controller = owner
        self.lent_by = -1
        self.damage = 0
        self.counters: dict[str, int] = NO_COUNTERS
        self.exhausted = False
        self.stay_exhausted = False
        self.marks: dict[str, int] = NO_COUNTERS
        self.host: Piece | None = None
        self.attached: list[Piece] = NO_PIECES
        self.under: list[Piece] = NO_PIECES
        self.traits_added: set[str] = NO_TRAITS
        self.alignment: str | None = None
        self.copied: ActionDef | None = None
        self.trick: ActionDef | None = None
        self.blanked = False
        self.disguised = False
        self.damage_bonus = 0
        self.defeated = False
        self.temporary = ""

    def leave_play_reset(self) -> None:
        """Out of play: nothing on the card. Its counters, marks, attachments and added traits are the shared
        read-only empties (a write to one fails loudly); enter_play gives it its own."""
        self.controller = self.owner
        self.lent_by = -1  # the controller to give it back to at the end of the round
        self.damage = 0
        self.counters = NO_COUNTERS
        self.exhausted = False
        self.stay_exhausted = False  # "does not become Able at the start of the next round"
        self.marks = NO_COUNTERS  # named marks with the round they were made in
        self.host = None  # the card this one is equipped to, taught to or attached to
        self.attached = NO_PIECES  # equipment, taught skills and attachments on this card
        self.under = NO_PIECES  # cards face down beneath this one (Sniper's Camp, Favourite Trick)
        self.traits_added = NO_TRAITS
        self.alignment = None  # set by an effect ("they ... become LG")
        self.copied = None  # Observe and Replicate's copied Action
        self.trick = None  # Favourite Trick's replacement Action
        self.blanked = False  # Transmute: no effect, no actions, 1 Life until the end of the round
        self.disguised = False  # Disguise Self until the end of the round
        self.damage_bonus = 0  # Strength Mutagen: the next damage this card deals is higher
        self.defeated = False
        self.temporary = ""  # what happens to it at the end of the round: "destroy" or "shuffle"

    def enter_play(self) -> None:
        """Entering play: a new object in the rules' eyes, with nothing on it yet, and room for what will be."""
        # leave_play_reset(), written out, with containers of its own.
        self.controller = self.owner
        self.lent_by = -1
        self.damage = 0
        self.counters = {}
        self.exhausted = False
        self.stay_exhausted = False
        self.marks = {}
        self.host = None
        self.attached = []
        self.under = []
        self.traits_added = set()
        self.alignment = None
        self.copied = None
        self.trick = None
        self.blanked = False
        self.disguised = False
        self.damage_bonus = 0
        self.defeated = False
        self.temporary = ""

    def __repr__(self) -> str:
        return f"<{self.d.name} #{self.uid} {ZONE_NAMES[self.zone]}:p{self.where}>"


def remaining_life(b: Board, piece: Piece) -> int:
    """Damage the card can still take before it is defeated or destroyed (a large number without Life)."""
    # Board.life_of, inline: this is asked of every target of every damage move scored.
    life = 1 if piece.blanked else piece.d.life
    if life is None:
        return 99
    return life + piece.counters.get("life", 0) + 1 - piece.damage
