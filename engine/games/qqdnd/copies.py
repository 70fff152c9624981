"""Copies of a QQDND game in progress, and determinizing one for a seat (engine.core.State.clone and
resample_hidden).

A copy shares what never changes during a game (the Game, its CardBook, CardDefs, ActionDefs,
CardInstances, moves) and copies everything that does: every Piece with its counters, marks and
attachments, the zones, the round's tallies, the statistics, the random stream and the Choosers. The
caches of worked-out options are not copied: they hold Pieces of the original, and the copy works
them out again on first use (the same answers, since they depend on the position only).

The state's attributes are copied by type, not by name: an attribute added later that holds a type
the copier does not know raises TypeError at the first clone (tests/engine/test_qqdnd_copies.py
clones many positions), rather than being shared between the copy and the original unnoticed.
"""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engine.core import CardInstance
from engine.games.qqdnd.carddefs import ActionDef, CardBook, CardDef
from engine.games.qqdnd.containers import ReadOnlyDict, ReadOnlyList, ReadOnlySet
from engine.games.qqdnd.pieces import (
    DECK,
    DISCARD,
    FIELD,
    HAND,
    NO_COUNTERS,
    NO_PIECES,
    NO_TRAITS,
    REMOVED,
    UNDER,
    Piece,
)
from engine.games.qqdnd.verbs import Ctx
from engine.native import attribute_names
from engine.shuffling import shuffle

if TYPE_CHECKING:
    from engine.games.qqdnd.state import QQDNDState

# Values a copy shares with the original: immutable, or never changed while a game is played.
_SHARED: frozenset[type] = frozenset({int, str, bool, float, type(None), frozenset, CardInstance, CardDef, ActionDef,
                                      CardBook, ReadOnlyDict, ReadOnlyList, ReadOnlySet})
# The attributes of a state the copier builds itself (the rest are copied by type).
_BUILT = frozenset({"cards", "deck", "hand", "discard", "field", "under_pile", "removed", "_zone_sides", "rng",
                    "choosers", "game", "_options_cache", "_candidates_cache", "_cards_memo", "_options_version",
                    "_opponents_cache", "_steady_candidates", "_steady_opponents", "_steady_version", "_steady_view"})
# Every field of a Piece, as clone_piece copies it (a test checks this against its attribute_names).
PIECE_FIELDS = frozenset({
    "card", "uid", "d", "owner", "zone", "where", "controller", "lent_by", "damage", "counters", "exhausted",
    "stay_exhausted", "marks", "host", "attached", "under", "traits_added", "alignment", "copied", "trick",
    "blanked", "disguised", "damage_bonus", "defeated", "temporary", "initiative_override", "play_option",
    "use_options",
})


def clone_state(state: QQDNDState, rng: random.Random | None = None) -> QQDNDState:
    """An exact, independent copy of `state`; its chance events draw from `rng`, or (None) from a copy of
    the state's own stream, so that it plays on exactly as the original would."""
    copy = type(state)(state.game, state.rng, state.choosers, blank=True)
    pieces = [_blank_piece(piece) for piece in state.cards]
    for old, new in zip(state.cards, pieces, strict=True):
        _fill_piece(old, new, pieces)
    copier = _Copier(state, copy, pieces)
    values: dict[str, Any] = {}
    for name, value in state_attributes(state).items():
        if name not in _BUILT:
            values[name] = copier.value(value, name)
    values["game"] = state.game
    values["cards"] = pieces
    for zone in ("deck", "hand", "discard", "field", "under_pile", "removed"):
        values[zone] = [[pieces[p.uid] for p in side] for side in getattr(state, zone)]
    values["_zone_sides"] = tuple(
        {DECK: values["deck"], HAND: values["hand"], DISCARD: values["discard"], FIELD: values["field"],
         UNDER: values["under_pile"], REMOVED: values["removed"]}.get(zone) for zone in range(len(state._zone_sides)))
    if rng is None:
        rng = random.Random()
        rng.setstate(state.rng.getstate())
    values["rng"] = rng
    values["choosers"] = (state.choosers[0].clone(), state.choosers[1].clone())
    # Worked out again on first use: the caches hold the original's Pieces.
    values["_options_version"] = -1
    values["_options_cache"] = [None, None]
    values["_candidates_cache"] = {}
    values["_opponents_cache"] = {}
    values["_steady_candidates"] = {}
    values["_steady_opponents"] = {}
    values["_steady_version"] = -1
    values["_steady_view"] = None
    values["_cards_memo"] = {}
    for name, value in values.items():
        setattr(copy, name, value)
    return copy


def state_attributes(state: QQDNDState) -> dict[str, Any]:
    """Every attribute of a state by name: compiled (Makefile: compile), those of its class (mypyc's
    __mypyc_attrs__) that are set, with any in its __dict__; as plain Python, its __dict__."""
    found = {}
    for name in attribute_names(type(state)):
        value = getattr(state, name, _UNSET)
        if value is not _UNSET:
            found[name] = value
    found.update(getattr(state, "__dict__", {}))
    return found


_UNSET = object()


def _blank_piece(old: Piece) -> Piece:
    # Made with Piece(), since a compiled class (Makefile: compile) cannot be made without its __init__; its
    # play_option and use_options stay None (the original's name the original Piece: made again on first use).
    return Piece(old.card, old.d, old.owner)


def _fill_piece(old: Piece, new: Piece, pieces: list[Piece]) -> None:
    new.zone, new.where, new.controller, new.lent_by = old.zone, old.where, old.controller, old.lent_by
    new.damage, new.exhausted, new.stay_exhausted = old.damage, old.exhausted, old.stay_exhausted
    if old.counters is NO_COUNTERS:  # out of play: the shared read-only empties (Piece.leave_play_reset)
        new.counters, new.marks, new.attached, new.under = NO_COUNTERS, NO_COUNTERS, NO_PIECES, NO_PIECES
        new.traits_added = NO_TRAITS
    else:
        new.counters = dict(old.counters)
        new.marks = dict(old.marks)
        new.attached = [pieces[p.uid] for p in old.attached]
        new.under = [pieces[p.uid] for p in old.under]
        new.traits_added = set(old.traits_added)
    new.host = None if old.host is None else pieces[old.host.uid]
    new.alignment, new.copied, new.trick = old.alignment, old.copied, old.trick
    new.blanked, new.disguised, new.damage_bonus = old.blanked, old.disguised, old.damage_bonus
    new.defeated, new.temporary, new.initiative_override = old.defeated, old.temporary, old.initiative_override


class _Copier:
    """Copies the state's other attributes by type, mapping the original's Pieces to the copy's."""

    def __init__(self, original: QQDNDState, copy: QQDNDState, pieces: list[Piece]) -> None:
        self.original = original
        self.copy = copy
        self.pieces = pieces

    def value(self, value: Any, where: str) -> Any:
        kind = type(value)
        if kind in _SHARED:
            return value
        if kind is Piece:
            return self.pieces[value.uid]
        if kind is list:
            return [self.value(item, where) for item in value]
        if kind is tuple:
            return tuple(self.value(item, where) for item in value)
        if kind is Counter:
            return Counter(value)
        if kind is dict:
            return {key: self.value(item, where) for key, item in value.items()}
        if kind is set:
            return {self.value(item, where) for item in value}
        if kind is Ctx:
            return self._ctx(value, where)
        if isinstance(value, tuple) and hasattr(value, "_fields"):
            return value  # a NamedTuple of numbers: a Move
        raise TypeError(f"QQDNDState.{where} holds a {kind.__name__}, which clone() does not know how to copy")

    def _ctx(self, ctx: Ctx, where: str) -> Ctx:
        """An Action still being answered (the current Turn Action, for "If this card is responded to")."""
        copy = Ctx(ctx.b, ctx.actor, ctx.source, ctx.action, ctx.initiative)  # then every field, as it is below
        for name in attribute_names(Ctx):
            value = getattr(ctx, name)
            setattr(copy, name, self.copy if value is self.original else self.value(value, f"{where}.{name}"))
        return copy


TRIES = 50  # deals tried before the other party's hand is kept as it was


def resample_hidden(state: QQDNDState, seat: int, rng: random.Random, *, hand_revealed: bool,
                    consistent: Callable[[], bool]) -> None:
    """Reshuffle, from `rng`, what `seat` cannot know, keeping every zone's size and everything it can see.

    - Its own deck's order.
    - The other party's hand and deck, together: their cards are dealt back at random, as many to the hand as
      it held. Cards seen going into that hand stay (a card `seat` owns, lent by Borrow Trick; a Pummel
      returned with its lowered Initiative), and so does the whole hand when `hand_revealed` (the round's last
      Action: "their opponent reveals their hand").
    - The cards face down under the other party's cards (Sniper's Camp: "place a Martial Attack Action face
      down attached to it"): dealt anew from the Martial Attack Actions among them and that hand and deck.

    A deal must agree with what the other party has declared: `consistent()` (asked after each deal) says
    whether it does; after TRIES deals that do not, the other party's hand and face-down cards stay as they
    were and only its deck is reshuffled.

    Cards `seat` saw go on top of a deck (Humble Prayer, Instant Recall) or into a hand (Bardic Lore's "reveal
    it") are reshuffled too: the search then knows less than it could, never more."""
    shuffle(rng, state.deck[seat])
    other = 1 - seat
    hand, deck = state.hand[other], state.deck[other]
    if hand_revealed:
        kept, unseen = list(hand), []
    else:
        kept = [p for p in hand if p.owner != other or p.initiative_override is not None]
        unseen = [p for p in hand if p.owner == other and p.initiative_override is None]
    face_down = [card for host in state.field[other] if "camp" in host.d.statics
                 for card in host.under if card.owner == other]
    if not unseen and not face_down:
        shuffle(rng, deck)
        return
    before = _Deal(state, other)
    pool = unseen + deck
    for _ in range(TRIES):
        if face_down:
            pool = _redeal_face_down(state, other, face_down, pool, rng)
            face_down = [card for host in state.field[other] if "camp" in host.d.statics
                         for card in host.under if card.owner == other]
        shuffle(rng, pool)
        hand[:] = kept + pool[:len(unseen)]
        deck[:] = pool[len(unseen):]
        for piece in hand:
            piece.zone = HAND
        for piece in deck:
            piece.zone = DECK
            piece.where = other
        if consistent():
            return
    before.restore()
    shuffle(rng, deck)


class _Deal:
    """Where the other party's hidden cards were, to put them back."""

    def __init__(self, state: QQDNDState, other: int) -> None:
        self.state = state
        self.other = other
        self.hand = list(state.hand[other])
        self.deck = list(state.deck[other])
        self.pile = list(state.under_pile[other])
        self.under = [(host, list(host.under)) for host in state.field[other] if host.under]

    def restore(self) -> None:
        state, other = self.state, self.other
        state.hand[other][:] = self.hand
        state.deck[other][:] = self.deck
        state.under_pile[other][:] = self.pile
        for host, under in self.under:
            host.under[:] = under
        for zone, cards in ((HAND, self.hand), (DECK, self.deck), (UNDER, self.pile)):
            for card in cards:
                card.zone = zone
                card.where = other


def _redeal_face_down(state: QQDNDState, other: int, face_down: list[Piece], pool: list[Piece],
                      rng: random.Random) -> list[Piece]:
    """Put under the cards that hold `face_down` cards as many Martial Attack Actions drawn at random from those
    cards and the pool; returns the pool with the cards taken out and the ones freed put in."""
    attacks = [card for card in pool if card.d.category == "Action" and {"Martial", "Attack"} <= card.d.traits]
    candidates = face_down + attacks
    shuffle(rng, candidates)
    chosen = candidates[:len(face_down)]
    swap = dict(zip(face_down, chosen, strict=True))
    for host in state.field[other]:
        if host.under:
            host.under[:] = [swap.get(card, card) for card in host.under]
    pile = state.under_pile[other]
    pile[:] = [swap.get(card, card) for card in pile]
    taken = set(chosen)
    for card in chosen:
        card.zone = UNDER
        card.where = other
    return [card for card in pool if card not in taken] + [card for card in face_down if card not in taken]
