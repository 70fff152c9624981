"""Filters: which cards qualify for a target, a search, a "pick" or an "every" (engine/games/qqdnd/verbs.py).

A filter is written as a tuple of atoms, ("ally", "you"), that a card must all match; an unknown atom raises
ValueError when the effects table is built, that is at import. compile_filter makes of it one Filter object,
shared by every equal filter: a test of one card (holds), and of a list of cards, with one call for the list
(select, first, matching). Filters run for every card in play, for every move worked out.

Each atom is a small Filter class with a test of its own, and a filter of several atoms is a chain of
conjunctions, so that the engine's compiled build runs each test as compiled code (a call of a method on
such an object is a direct call there), rather than text made into Python functions at run time.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from engine.games.qqdnd.board import Board
    from engine.games.qqdnd.pieces import Piece

# A test of a card: (board, card, the player asking, the card acting). A Filter is one.
Pred = Callable[["Board", "Piece", int, "Piece | None"], bool]


class Filter:
    """A test of a card, for a player acting with a card; the lists of the cards of a list that pass it, in the
    list's order. Subclasses give holds(); the lists are made with no call a card but holds()."""

    __slots__ = ()

    def holds(self, b: Board, p: Piece, actor: int, source: Piece | None) -> bool:
        raise NotImplementedError

    def __call__(self, b: Board, p: Piece, actor: int, source: Piece | None) -> bool:
        return self.holds(b, p, actor, source)

    def select(self, b: Board, pieces: list[Piece], actor: int, source: Piece | None) -> list[int]:
        """The uids of the cards that pass."""
        return [p.uid for p in pieces if self.holds(b, p, actor, source)]

    def first(self, b: Board, pieces: list[Piece], actor: int, source: Piece | None) -> int | None:
        """The uid of the first card that passes (None if none does), without testing the cards after it."""
        for p in pieces:
            if self.holds(b, p, actor, source):
                return p.uid
        return None

    def matching(self, b: Board, pieces: list[Piece], actor: int, source: Piece | None) -> list[Piece]:
        """The cards that pass."""
        return [p for p in pieces if self.holds(b, p, actor, source)]


class _EveryCard(Filter):
    """ "card": every card (callers that see EVERY_CARD may skip the test altogether)."""

    __slots__ = ()

    def holds(self, b: Board, p: Piece, actor: int, source: Piece | None) -> bool:
        return True

    def select(self, b: Board, pieces: list[Piece], actor: int, source: Piece | None) -> list[int]:
        return [p.uid for p in pieces]

    def first(self, b: Board, pieces: list[Piece], actor: int, source: Piece | None) -> int | None:
        return pieces[0].uid if pieces else None

    def matching(self, b: Board, pieces: list[Piece], actor: int, source: Piece | None) -> list[Piece]:
        return list(pieces)


EVERY_CARD: Final = _EveryCard()


class _Both(Filter):
    """Two filters, the first tested first: a filter of several atoms is a chain of these."""

    __slots__ = ("head", "rest")

    def __init__(self, head: Filter, rest: Filter) -> None:
        self.head = head
        self.rest = rest

    def holds(self, b: Board, p: Piece, actor: int, source: Piece | None) -> bool:
        return self.head.holds(b, p, actor, source) and self.rest.holds(b, p, actor, source)


class _Not(Filter):
    __slots__ = ("inner",)

    def __init__(self, inner: Filter) -> None:
        self.inner = inner

    def holds(self, b: Board, p: Piece, actor: int, source: Piece | None) -> bool:
        return not self.inner.holds(b, p, actor, source)


def has(b: Board, p: Piece, trait: str, actor: int) -> bool:
    """Board.has_trait(p, trait, actor), sooner: a card that is not disguised has a trait other than Samurai when
    its definition or an effect gave it one, so only a disguised card (Disguise Self) asks has_trait; Samurai,
    which equipment can grant, is asked of has_trait by a card with something attached too."""
    if p.disguised or (p.attached and trait == "Samurai"):
        return b.has_trait(p, trait, actor)
    return trait in p.d.traits or trait in p.traits_added


class _Trait(Filter):
    """ "trait:X", "ally", "item", "location": a card of that subtype, class or ancestry."""

    __slots__ = ("trait",)

    def __init__(self, trait: str) -> None:
        self.trait = trait

    def holds(self, b: Board, p: Piece, actor: int, source: Piece | None) -> bool:
        return has(b, p, self.trait, actor)


class _Named(Filter):
    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def holds(self, b: Board, p: Piece, actor: int, source: Piece | None) -> bool:
        return p.d.name == self.name


class _Resource(Filter):
    __slots__ = ()

    def holds(self, b: Board, p: Piece, actor: int, source: Piece | None) -> bool:
        return not p.d.is_party_member


class _PartyMember(Filter):
    __slots__ = ()

    def holds(self, b: Board, p: Piece, actor: int, source: Piece | None) -> bool:
        return p.d.is_party_member


class _AllyOrPartyMember(Filter):
    __slots__ = ()

    def holds(self, b: Board, p: Piece, actor: int, source: Piece | None) -> bool:
        return p.d.is_party_member or has(b, p, "Ally", actor)


class _Category(Filter):
    """ "permanent", "action_card": a card of that category."""

    __slots__ = ("category",)

    def __init__(self, category: str) -> None:
        self.category = category

    def holds(self, b: Board, p: Piece, actor: int, source: Piece | None) -> bool:
        return p.d.category == self.category


class _EquipItem(Filter):
    """An Item that is equipped (rather than attached or taught)."""

    __slots__ = ()

    def holds(self, b: Board, p: Piece, actor: int, source: Piece | None) -> bool:
        return p.d.host_kind == "equip" and has(b, p, "Item", actor)


class _MartialAttack(Filter):
    __slots__ = ()

    def holds(self, b: Board, p: Piece, actor: int, source: Piece | None) -> bool:
        traits = p.d.traits
        return p.d.category == "Action" and "Martial" in traits and "Attack" in traits


class _SkillOrSpell(Filter):
    __slots__ = ()

    def holds(self, b: Board, p: Piece, actor: int, source: Piece | None) -> bool:
        traits = p.d.traits
        return "Skill" in traits or "Spell" in traits


class _NotEvil(Filter):
    __slots__ = ()

    def holds(self, b: Board, p: Piece, actor: int, source: Piece | None) -> bool:
        return not p.d.evil


class _You(Filter):
    """A card the player asking controls."""

    __slots__ = ()

    def holds(self, b: Board, p: Piece, actor: int, source: Piece | None) -> bool:
        return p.controller == actor


class _Opponent(Filter):
    __slots__ = ()

    def holds(self, b: Board, p: Piece, actor: int, source: Piece | None) -> bool:
        return p.controller != actor


class _Damaged(Filter):
    __slots__ = ()

    def holds(self, b: Board, p: Piece, actor: int, source: Piece | None) -> bool:
        return p.damage > 0


class _Challenged(Filter):
    """A card with a Challenge counter of any kind on it."""

    __slots__ = ()

    def holds(self, b: Board, p: Piece, actor: int, source: Piece | None) -> bool:
        return any(kind.startswith("challenge") for kind in p.counters)


class _Able(Filter):
    __slots__ = ()

    def holds(self, b: Board, p: Piece, actor: int, source: Piece | None) -> bool:
        return not p.exhausted


class _Defeated(Filter):
    __slots__ = ()

    def holds(self, b: Board, p: Piece, actor: int, source: Piece | None) -> bool:
        return p.defeated


class _Alive(Filter):
    __slots__ = ()

    def holds(self, b: Board, p: Piece, actor: int, source: Piece | None) -> bool:
        return not p.defeated


class _LawfulGood(Filter):
    """ "lg": a card the player asking sees as LG."""

    __slots__ = ()

    def holds(self, b: Board, p: Piece, actor: int, source: Piece | None) -> bool:
        return b.alignment_of(p, actor) == "LG"


class _Tutelage(Filter):
    """League of Samurai's Tutelage: "Target Human Ally or Party Member", or any once Upheaval said "Tutelage may
    now target non-Humans"."""

    __slots__ = ()

    def holds(self, b: Board, p: Piece, actor: int, source: Piece | None) -> bool:
        return has(b, p, "Human", actor) or (source is not None and "upheaval" in source.marks)


_ATOMS: Final[dict[str, Filter]] = {
    "card": EVERY_CARD,
    "resource": _Resource(),
    "party_member": _PartyMember(),
    "permanent": _Category("Permanent"),
    "ally": _Trait("Ally"),
    "non_ally": _Not(_Trait("Ally")),
    "ally_or_pm": _AllyOrPartyMember(),
    "item": _Trait("Item"),
    "equip_item": _EquipItem(),
    "location": _Trait("Location"),
    "action_card": _Category("Action"),
    "martial_attack": _MartialAttack(),
    "skill_or_spell": _SkillOrSpell(),
    "not_evil": _NotEvil(),
    "you": _You(),
    "opponent": _Opponent(),
    "damaged": _Damaged(),
    "challenged": _Challenged(),
    "able": _Able(),
    "alive": _Alive(),
    "defeated": _Defeated(),
    "lg": _LawfulGood(),
    "tutelage": _Tutelage(),
}


def atom_filter(atom: str) -> Filter:
    """The test of one atom; ValueError for an unknown one."""
    if atom.startswith("trait:"):
        return _Trait(atom[6:])
    if atom.startswith("not_trait:"):
        return _Not(_Trait(atom[10:]))
    if atom.startswith("named:"):
        return _Named(atom[6:])
    found = _ATOMS.get(atom)
    if found is None:
        raise ValueError(f"unknown filter atom {atom!r}")
    return found


# How soon an atom is tested: plain fields that few cards match, plain fields, then traits (has_trait).
_FIRST: Final = ("damaged", "defeated", "challenged", "named:")
_PLAIN: Final = ("you", "opponent", "able", "alive", "party_member", "resource", "permanent", "action_card", "not_evil",
          "martial_attack", "skill_or_spell", "equip_item")


def _cost(atom: str) -> int:
    if atom.startswith(_FIRST):
        return 0
    return 1 if atom in _PLAIN else 2


_FILTERS: Final[dict[tuple[str, ...], Filter]] = {}


def compile_filter(atoms: tuple[str, ...]) -> Filter:
    """The Filter a card passes when it matches every atom; raises ValueError for an unknown atom. Equal filters
    are one object.

    The atoms are tested cheapest and most selective first (a filter is a conjunction of tests that read the
    board and change nothing, so the order changes only how soon a card fails): "damaged" before "you" before
    the tests of traits."""
    found = _FILTERS.get(atoms)
    if found is None:
        tests = [atom_filter(atom) for atom in sorted(atoms, key=_cost)]
        tests = [test for test in tests if test is not EVERY_CARD]
        found = EVERY_CARD if not tests else tests[-1]
        for test in reversed(tests[:-1]):
            found = _Both(test, found)
        _FILTERS[atoms] = found
    return found


# Which side of the table a filter's cards are on: a card "you" control is on your side (Board.field is by
# controller), so only that side need be looked at.
EITHER_SIDE: Final = 0
YOUR_SIDE: Final = 1
THEIR_SIDE: Final = 2


def side_of(atoms: tuple[str, ...]) -> int:
    if "you" in atoms:
        return YOUR_SIDE
    return THEIR_SIDE if "opponent" in atoms else EITHER_SIDE
