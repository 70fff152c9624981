"""The closed vocabulary QQDND card effects are written in (engine/games/qqdnd/effects.py).

A program is a tuple of verbs, run in order when an Action resolves: `DealDamage(TARGETS, 2)`.
Verbs say *what* happens; the board (engine/games/qqdnd/board.py) knows *how* (Block, Shield
counters, defeat, the Unique rule...). Three smaller vocabularies feed the verbs:

- filters: tuples of atoms such as ("ally", "you") naming which cards qualify; an unknown atom
  raises ValueError when the effects table is built, that is at import (engine/games/qqdnd/filters.py);
- references (Ref): which cards an instruction is about: the chosen targets, this card, cards a
  player picks as the effect resolves (`Pick`), every card that matches;
- conditions: "if there is a Samurai in your party", "if there are no Shield counters on this card".

Targets ("target card") are chosen as the Action is performed and are part of the move; every other
choice a card leaves to a player ("any card", "up to 3", "you may") is asked of that player's
Chooser (engine/games/qqdnd/choices.py) as the effect resolves, by purpose.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from itertools import count
from typing import TYPE_CHECKING, Final, cast

from engine.games.qqdnd.containers import ReadOnlyList
from engine.games.qqdnd.filters import (  # noqa: F401  (THEIR_SIDE and Pred: the state and the heuristic take them here)
    EITHER_SIDE,
    EVERY_CARD,
    THEIR_SIDE,
    YOUR_SIDE,
    Filter,
    Pred,
    compile_filter,
    side_of,
)
from engine.games.qqdnd.pieces import ACTED, DISCARD, FIELD, NO_PIECES

# A Ctx's nested Action has no players as targets until it is given some.
NO_PLAYERS: Final = cast("list[int]", ReadOnlyList())

if TYPE_CHECKING:
    from engine.games.qqdnd.board import Board
    from engine.games.qqdnd.carddefs import ActionDef
    from engine.games.qqdnd.pieces import Piece
    from engine.games.qqdnd.xvalue import XValue

ANY: Final = 99  # "any number of"

# ---------------------------------------------------------------------------------------------
# Targets

# Where a target is chosen from.
TARGET_ZONES: Final = ("play", "opponent_discard", "player")


@dataclass(frozen=True)
class TargetSpec:
    """What one "target ..." of an Action may be; `low`..`high` distinct targets ("up to 2")."""

    atoms: tuple[str, ...] = ("card",)
    zone: str = "play"
    low: int = 1
    high: int = 1
    test: Filter = field(init=False, repr=False, compare=False)  # compile_filter(atoms)
    uses_source: bool = field(init=False, repr=False, compare=False)  # whether who asks changes the answer
    side: int = field(init=False, repr=False, compare=False)  # side_of(atoms)
    # The spec's number, doubled: with the asking player added, the key of its candidates in a position.
    key: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.zone not in TARGET_ZONES:
            raise ValueError(f"unknown target zone {self.zone!r}")
        object.__setattr__(self, "test", compile_filter(self.atoms))
        object.__setattr__(self, "uses_source", "tutelage" in self.atoms)
        object.__setattr__(self, "side", side_of(self.atoms))
        object.__setattr__(self, "key", 2 * next(_SPEC_NUMBERS))

    # The spec's test (Filter), as methods of the spec: a direct call of compiled code to compiled code.
    def pred(self, b: Board, p: Piece, actor: int, source: Piece | None) -> bool:
        return self.test.holds(b, p, actor, source)

    def select(self, b: Board, pieces: list[Piece], actor: int, source: Piece | None) -> list[int]:
        return self.test.select(b, pieces, actor, source)

    def first(self, b: Board, pieces: list[Piece], actor: int, source: Piece | None) -> int | None:
        return self.test.first(b, pieces, actor, source)


_SPEC_NUMBERS: Final = count()


def T(*atoms: str, zone: str = "play", high: int = 1) -> TargetSpec:
    """ "target <atoms>": the table's shorthand, capitalised like the verbs it sits among.

    Equal specs are one object: the state works out the candidates of a spec once per position, so the many
    Actions that "target card" share them."""
    key = (atoms or ("card",), zone, high)
    spec = _SPECS.get(key)
    if spec is None:
        spec = _SPECS[key] = TargetSpec(key[0], zone, 1, high)
    return spec


_SPECS: Final[dict[tuple[tuple[str, ...], str, int], TargetSpec]] = {}


TARGET_PLAYER: Final = TargetSpec(("card",), "player")

# ---------------------------------------------------------------------------------------------
# The context an Action resolves in


class Ctx:
    """One Action being resolved: who performs it, from which card, with which choices."""

    __slots__ = ("b", "actor", "source", "action", "performing", "targets", "target_zones", "players", "mode",
                 "initiative", "count", "picked", "nested", "nested_targets", "nested_players")

    def __init__(self, b: Board, actor: int, source: Piece, action: ActionDef, initiative: int,
                 performing: bool = True) -> None:
        self.b = b
        self.actor = actor
        self.source = source
        self.action = action
        # True while a card performs an Action (it was Able as it began); False for "enters play" rules.
        self.performing = performing
        self.initiative = initiative
        self.targets: list[Piece] = []
        self.target_zones: list[int] = []  # where each target was when it was chosen
        self.players: list[int] = []
        self.mode = -1
        self.count = 0  # "that many": set by the last verb that counts
        # The cards the last counting verb acted on; a nested Action's card and targets. Until set, the
        # shared read-only empty (set them to lists of their own; never append to these).
        self.picked: list[Piece] = NO_PIECES
        self.nested: Piece | None = None
        self.nested_targets: list[Piece] = NO_PIECES
        self.nested_players: list[int] = NO_PLAYERS


# ---------------------------------------------------------------------------------------------
# References


class Ref:
    __slots__ = ()

    def pieces(self, ctx: Ctx) -> list[Piece]:
        raise NotImplementedError


class _Targets(Ref):
    """The chosen targets that are still where they were chosen (a destroyed target is skipped)."""

    def pieces(self, ctx: Ctx) -> list[Piece]:
        return [t for t, zone in zip(ctx.targets, ctx.target_zones, strict=True) if t.zone == zone]


class _This(Ref):
    """The card performing the Action (or the Action Resource being played)."""

    def pieces(self, ctx: Ctx) -> list[Piece]:
        return [ctx.source]


class _ThisNamed(Ref):
    """A card naming itself ("Discard Alchemical Bomb"): only that card, not a card copying the Action."""

    def pieces(self, ctx: Ctx) -> list[Piece]:
        return [ctx.source] if ctx.source.d.name == ctx.action.card_name and ctx.source.zone == FIELD else []


class _Host(Ref):
    """The card this one is attached, equipped or taught to."""

    def pieces(self, ctx: Ctx) -> list[Piece]:
        host = ctx.source.host
        return [host] if host is not None and host.zone == FIELD else []


class _Picked(Ref):
    """The cards the previous counting verb acted on ("any cards exhausted this way")."""

    def pieces(self, ctx: Ctx) -> list[Piece]:
        return [p for p in ctx.picked if p.zone == FIELD]


TARGETS: Final[Ref] = _Targets()
THIS: Final[Ref] = _This()
THIS_NAMED: Final[Ref] = _ThisNamed()
HOST: Final[Ref] = _Host()
PICKED: Final[Ref] = _Picked()


def in_play_matching(test: Filter, ctx: Ctx, side: int = EITHER_SIDE) -> list[Piece]:
    """The cards in play that pass a filter, for the performing player and card, in play order (the first player's
    side, then the second's); `side` (the filter's side_of) says which sides can hold a match."""
    b = ctx.b
    if test is EVERY_CARD:
        return b.in_play()
    if side == EITHER_SIDE:
        return test.matching(b, b.in_play(), ctx.actor, ctx.source)
    actor = ctx.actor
    return test.matching(b, b.field[actor if side == YOUR_SIDE else 1 - actor], actor, ctx.source)


class Pick(Ref):
    """Cards in play the performing player picks as the effect resolves (not targets)."""

    __slots__ = ("atoms", "pred", "side", "low", "high", "purpose")

    def __init__(self, atoms: tuple[str, ...], purpose: str, high: int = 1, low: int = 0) -> None:
        self.atoms = atoms
        self.pred = compile_filter(atoms)
        self.side = side_of(atoms)
        self.high = high
        self.low = low
        self.purpose = purpose

    def pieces(self, ctx: Ctx) -> list[Piece]:
        b = ctx.b
        options = in_play_matching(self.pred, ctx, self.side)
        if not options:
            return []
        return b.choosers[ctx.actor].pick(b, ctx.actor, self.purpose, options, self.low, self.high, ctx)


class Every(Ref):
    """Every card in play that matches."""

    __slots__ = ("atoms", "pred", "side")

    def __init__(self, *atoms: str) -> None:
        self.atoms = atoms
        self.pred = compile_filter(atoms)
        self.side = side_of(atoms)

    def pieces(self, ctx: Ctx) -> list[Piece]:
        return in_play_matching(self.pred, ctx, self.side)


class RandomOne(Ref):
    """One matching card in play, at random ("a random Party Member you control")."""

    __slots__ = ("atoms", "pred", "side")

    def __init__(self, *atoms: str) -> None:
        self.atoms = atoms
        self.pred = compile_filter(atoms)
        self.side = side_of(atoms)

    def pieces(self, ctx: Ctx) -> list[Piece]:
        options = in_play_matching(self.pred, ctx, self.side)
        return [ctx.b.rng.choice(options)] if options else []


class YoursNamed(Ref):
    """Cards you control with `part` in their name ("cards you control with Insingem in their name")."""

    __slots__ = ("part",)

    def __init__(self, part: str) -> None:
        self.part = part

    def pieces(self, ctx: Ctx) -> list[Piece]:
        return [p for p in ctx.b.in_play() if p.controller == ctx.actor and self.part in p.d.name]


# ---------------------------------------------------------------------------------------------
# Amounts


class Amount:
    __slots__ = ()

    def value(self, ctx: Ctx) -> int:
        raise NotImplementedError


class _Count(Amount):
    """"That many": what the previous counting verb counted."""

    def value(self, ctx: Ctx) -> int:
        return ctx.count


COUNT: Final[Amount] = _Count()


class CountersOn(Amount):
    __slots__ = ("ref", "kind")

    def __init__(self, ref: Ref, kind: str) -> None:
        self.ref = ref
        self.kind = kind

    def value(self, ctx: Ctx) -> int:
        return sum(ctx.b.counter(p, self.kind, ctx.actor) for p in self.ref.pieces(ctx))


def _amount(n: int | Amount, ctx: Ctx) -> int:
    return n if isinstance(n, int) else n.value(ctx)


# ---------------------------------------------------------------------------------------------
# Conditions


class Condition:
    __slots__ = ()

    def holds(self, ctx: Ctx) -> bool:
        raise NotImplementedError


class PartyHas(Condition):
    """"If there is a <class> in your party"."""

    __slots__ = ("trait",)

    def __init__(self, trait: str) -> None:
        self.trait = trait

    def holds(self, ctx: Ctx) -> bool:
        return ctx.b.party_has(ctx.actor, self.trait)


class PartyLacks(PartyHas):
    """"If there is not an <class> in your party"."""

    def holds(self, ctx: Ctx) -> bool:
        return not ctx.b.party_has(ctx.actor, self.trait)


class NoCounters(Condition):
    __slots__ = ("ref", "kind")

    def __init__(self, ref: Ref, kind: str) -> None:
        self.ref = ref
        self.kind = kind

    def holds(self, ctx: Ctx) -> bool:
        for p in self.ref.pieces(ctx):  # noqa: SIM110 (a loop, not a generator: it runs for every move scored)
            if ctx.b.counter(p, self.kind, ctx.actor) != 0:
                return False
        return True


class FewerInPlay(Condition):
    """"If there are less than 3 Insingem Flies in play" (either player's)."""

    __slots__ = ("name", "n")

    def __init__(self, name: str, n: int) -> None:
        self.name = name
        self.n = n

    def holds(self, ctx: Ctx) -> bool:
        room = self.n  # how many more there may be
        for p in ctx.b.in_play():
            if p.d.name == self.name:
                room -= 1
                if room <= 0:
                    return False
        return room > 0


class TargetHas(Condition):
    """"If target is a Samurai"."""

    __slots__ = ("trait",)

    def __init__(self, trait: str) -> None:
        self.trait = trait

    def holds(self, ctx: Ctx) -> bool:
        targets = TARGETS.pieces(ctx)
        return bool(targets) and ctx.b.has_trait(targets[0], self.trait, ctx.actor)


class May(Condition):
    """"You may ...": the performing player's Chooser decides, by purpose."""

    __slots__ = ("purpose",)

    def __init__(self, purpose: str) -> None:
        self.purpose = purpose

    def holds(self, ctx: Ctx) -> bool:
        return ctx.b.choosers[ctx.actor].may(ctx.b, ctx.actor, self.purpose, ctx)


class NoLossThisRound(Condition):
    """Starguard: "Unless an Ally or Party Member you control was destroyed or defeated this round"."""

    def holds(self, ctx: Ctx) -> bool:
        return not ctx.b.lost_this_round[ctx.actor]


# ---------------------------------------------------------------------------------------------
# Verbs

Program = tuple["Verb", ...]


class Verb:
    __slots__ = ()

    def run(self, ctx: Ctx) -> None:
        raise NotImplementedError

    def programs(self) -> tuple[Program, ...]:
        """Programs nested in this verb (for checks that walk a whole program)."""
        return ()


def run_program(program: Program, ctx: Ctx) -> None:
    for verb in program:
        verb.run(ctx)
        if ctx.b.over:
            return


class DealDamage(Verb):
    __slots__ = ("to", "n")

    def __init__(self, to: Ref, n: int | Amount) -> None:
        self.to = to
        self.n = n

    def run(self, ctx: Ctx) -> None:
        n = _amount(self.n, ctx)
        for target in self.to.pieces(ctx):
            if target.zone == FIELD:
                ctx.b.deal_damage(ctx.source, ctx.actor, target, n)


class RemoveDamage(Verb):
    """"Remove up to N damage counters from ..." (each card named)."""

    __slots__ = ("to", "n")

    def __init__(self, to: Ref, n: int) -> None:
        self.to = to
        self.n = n

    def run(self, ctx: Ctx) -> None:
        for target in self.to.pieces(ctx):
            ctx.b.remove_damage(target, self.n)


class AddCounters(Verb):
    __slots__ = ("to", "kind", "n")

    def __init__(self, to: Ref, kind: str, n: int | Amount) -> None:
        self.to = to
        self.kind = kind
        self.n = n

    def run(self, ctx: Ctx) -> None:
        n = _amount(self.n, ctx)
        for target in self.to.pieces(ctx):
            ctx.b.add_counters(target, self.kind, n, ctx.actor)


class RemoveCounters(Verb):
    """Remove `n` counters of a kind (all of them when n is None)."""

    __slots__ = ("to", "kind", "n")

    def __init__(self, to: Ref, kind: str, n: int | None = None) -> None:
        self.to = to
        self.kind = kind
        self.n = n

    def run(self, ctx: Ctx) -> None:
        for target in self.to.pieces(ctx):
            ctx.b.remove_counters(target, self.kind, self.n, ctx.actor)


class Distribute(Verb):
    """"Distribute N <kind> counters among ..." / "place up to N ... on ..."."""

    __slots__ = ("among", "kind", "n", "purpose")

    def __init__(self, among: Ref, kind: str, n: int | Amount, purpose: str) -> None:
        self.among = among
        self.kind = kind
        self.n = n
        self.purpose = purpose

    def run(self, ctx: Ctx) -> None:
        options = self.among.pieces(ctx)
        chooser = ctx.b.choosers[ctx.actor]
        for _ in range(_amount(self.n, ctx)):
            if not options:
                return
            chosen = chooser.pick(ctx.b, ctx.actor, self.purpose, options, 1, 1, ctx)
            for target in chosen:
                ctx.b.add_counters(target, self.kind, 1, ctx.actor)


class Draw(Verb):
    __slots__ = ("n", "optional")

    def __init__(self, n: int | Amount, optional: bool = False) -> None:
        self.n = n
        self.optional = optional

    def run(self, ctx: Ctx) -> None:
        if self.optional and not ctx.b.choosers[ctx.actor].may(ctx.b, ctx.actor, "draw", ctx):
            return
        ctx.b.draw(ctx.actor, _amount(self.n, ctx))


class DiscardFromHand(Verb):
    """"Discard a card / a Spell from your hand": the player picks which; counts the cards discarded."""

    __slots__ = ("atoms", "pred", "n")

    def __init__(self, atoms: tuple[str, ...] = ("card",), n: int = 1) -> None:
        self.atoms = atoms
        self.pred = compile_filter(atoms)
        self.n = n

    def run(self, ctx: Ctx) -> None:
        b = ctx.b
        hand = b.hand[ctx.actor]
        b.discard_effect_started(ctx.actor)
        options = self.pred.matching(b, hand, ctx.actor, ctx.source)
        chosen = b.choosers[ctx.actor].pick(b, ctx.actor, "discard", options, min(self.n, len(options)),
                                             self.n, ctx) if options else []
        for card in chosen:
            b.discard_from_hand(card)
        ctx.count = len(chosen)


class DiscardHand(Verb):
    """"Discard your hand" / "Discard all cards in your hand"; counts the cards discarded."""

    def run(self, ctx: Ctx) -> None:
        b = ctx.b
        b.discard_effect_started(ctx.actor)
        cards = list(b.hand[ctx.actor])
        for card in cards:
            b.discard_from_hand(card)
        ctx.count = len(cards)


class Search(Verb):
    """"Search your <zones> for <a card that matches> and <put it somewhere>"; `high` cards at most.

    Destinations: "hand", "deck_top", "play". `mark` is what happens to a card put into play at the
    end of the round (Jaunt: "shuffle"). Nothing is shuffled unless the text says so.
    """

    __slots__ = ("zones", "atoms", "pred", "to", "high", "mark")

    def __init__(self, zones: tuple[str, ...], atoms: tuple[str, ...], to: str, high: int = 1,
                 mark: str = "") -> None:
        if to not in ("hand", "deck_top", "play") or not set(zones) <= {"deck", "discard", "hand"}:
            raise ValueError(f"unknown search zones {zones!r} or destination {to!r}")
        self.zones = zones
        self.atoms = atoms
        self.pred = compile_filter(atoms)
        self.to = to
        self.high = high
        self.mark = mark

    def run(self, ctx: Ctx) -> None:
        b = ctx.b
        source = ctx.source
        options = [p for zone in self.zones for p in b.zone_cards(zone, ctx.actor)
                   if p is not source and self.pred.holds(b, p, ctx.actor, source)]
        if not options:
            ctx.count = 0
            return
        chosen = b.choosers[ctx.actor].pick(b, ctx.actor, "search:" + self.to, options, 0, self.high, ctx)
        for card in chosen:
            if self.to == "hand":
                b.to_hand(card, ctx.actor)
            elif self.to == "deck_top":
                b.to_deck_top(card)
            else:
                b.put_into_play(card, ctx.actor)
                if self.mark and card.zone == FIELD:
                    card.temporary = self.mark
                    b.until_round_end = True
        ctx.count = len(chosen)


class RevealUntil(Verb):
    """Arm Up: "Reveal the top card of your deck and discard it unless it is <a match>. Repeat this
    until you reveal <a match>, then add it to your hand." Revealing is not drawing: an empty deck
    ends the search rather than reshuffling the discard pile."""

    __slots__ = ("atoms", "pred")

    def __init__(self, *atoms: str) -> None:
        self.atoms = atoms
        self.pred = compile_filter(atoms)

    def run(self, ctx: Ctx) -> None:
        b = ctx.b
        deck = b.deck[ctx.actor]
        while deck:
            card = deck[-1]
            if self.pred.holds(b, card, ctx.actor, ctx.source):
                b.to_hand(card, ctx.actor)
                return
            b.to_discard(card)


class Shuffle(Verb):
    """"Shuffle your deck"."""

    def run(self, ctx: Ctx) -> None:
        ctx.b.shuffle(ctx.actor)


class RemoveTopOfDeck(Verb):
    """"Remove the top N cards of target deck from the game"."""

    __slots__ = ("n",)

    def __init__(self, n: int) -> None:
        self.n = n

    def run(self, ctx: Ctx) -> None:
        for player in ctx.players:
            deck = ctx.b.deck[player]
            for card in deck[-self.n:][::-1]:
                ctx.b.remove_from_game(card)


class CreateToken(Verb):
    """Put a token into play under the performer's control, equipped to this card if `on_this`."""

    __slots__ = ("name", "on_this")

    def __init__(self, name: str, on_this: bool = False) -> None:
        self.name = name
        self.on_this = on_this

    def run(self, ctx: Ctx) -> None:
        ctx.b.create_token(ctx.actor, self.name, ctx.source if self.on_this else None)


class Exhaust(Verb):
    """Exhaust cards; counts those exhausted this way (the performer counts: it was Able as it began)."""

    __slots__ = ("to",)

    def __init__(self, to: Ref) -> None:
        self.to = to

    def run(self, ctx: Ctx) -> None:
        done = []
        for target in self.to.pieces(ctx):
            if (target is ctx.source and ctx.performing) or ctx.b.exhaust(target):
                done.append(target)
        ctx.count = len(done)
        ctx.picked = done


class Ready(Verb):
    """"This card becomes Able"."""

    __slots__ = ("to",)

    def __init__(self, to: Ref) -> None:
        self.to = to

    def run(self, ctx: Ctx) -> None:
        rnd = ctx.b.round
        for target in self.to.pieces(ctx):
            if target.marks.get(ACTED) == rnd:
                # "You can only use one Action per card per turn": the card has performed its Action this round (the
                # Catch itself), so it becomes Able at the next round's start, not for a second Action now.
                target.stay_exhausted = False
            else:
                target.exhausted = False


class StayExhausted(Verb):
    """"... does not become Able at the start of the next round"."""

    __slots__ = ("to",)

    def __init__(self, to: Ref) -> None:
        self.to = to

    def run(self, ctx: Ctx) -> None:
        for target in self.to.pieces(ctx):
            if target.zone == FIELD:
                target.stay_exhausted = True


class Mark(Verb):
    """Leave a named mark on a card, with the round it was made in (removed with `remove=True`)."""

    __slots__ = ("to", "name", "remove")

    def __init__(self, to: Ref, name: str, remove: bool = False) -> None:
        self.to = to
        self.name = name
        self.remove = remove

    def run(self, ctx: Ctx) -> None:
        for target in self.to.pieces(ctx):
            if self.remove:
                # A card out of play holds the shared, read-only empty marks: nothing to remove there.
                if self.name in target.marks:
                    del target.marks[self.name]
            elif target.zone == FIELD:
                target.marks[self.name] = ctx.b.round


class LeavePlay(Verb):
    """Move cards in play elsewhere: "discard", "destroy", "hand", "removed". Counts them."""

    __slots__ = ("to", "how")

    def __init__(self, to: Ref, how: str) -> None:
        if how not in ("discard", "destroy", "hand", "removed"):
            raise ValueError(f"unknown way to leave play {how!r}")
        self.to = to
        self.how = how

    def run(self, ctx: Ctx) -> None:
        moved = [t for t in self.to.pieces(ctx) if t.zone == FIELD]
        for target in moved:
            ctx.b.leave_play(target, self.how)
        ctx.count = len(moved)


def Discard(to: Ref) -> LeavePlay:
    """ "Discard <card in play>" (named like the verb classes: the table reads as the card does)."""
    return LeavePlay(to, "discard")


def Destroy(to: Ref) -> LeavePlay:
    return LeavePlay(to, "destroy")


class ToHand(Verb):
    """Borrow Trick: "add target Action card in an opponent's discard pile to your hand"."""

    __slots__ = ("to",)

    def __init__(self, to: Ref) -> None:
        self.to = to

    def run(self, ctx: Ctx) -> None:
        for target in self.to.pieces(ctx):
            if target.zone == DISCARD:
                ctx.b.to_hand(target, ctx.actor)


class RemoveFromGame(Verb):
    """"Remove <this card> from the game" (an Action Resource as it resolves)."""

    def run(self, ctx: Ctx) -> None:
        ctx.b.resolving_destination = "removed"


class GrantTrait(Verb):
    """"... becomes a Samurai in addition to its other subtypes"."""

    __slots__ = ("to", "trait")

    def __init__(self, to: Ref, trait: str) -> None:
        self.to = to
        self.trait = trait

    def run(self, ctx: Ctx) -> None:
        for target in self.to.pieces(ctx):
            if target.zone == FIELD:  # a card out of play has no subtypes added (the shared empty set)
                target.traits_added.add(self.trait)


class SetAlignment(Verb):
    """"They lose any former alignment and become LG"."""

    __slots__ = ("to", "alignment")

    def __init__(self, to: Ref, alignment: str) -> None:
        self.to = to
        self.alignment = alignment

    def run(self, ctx: Ctx) -> None:
        for target in self.to.pieces(ctx):
            target.alignment = self.alignment


class Flip(Verb):
    """"Flip a coin. If the result is heads, ... If the result is tails, ..."."""

    __slots__ = ("heads", "tails")

    def __init__(self, heads: Program, tails: Program = ()) -> None:
        self.heads = heads
        self.tails = tails

    def run(self, ctx: Ctx) -> None:
        run_program(self.heads if ctx.b.rng.random() < 0.5 else self.tails, ctx)

    def programs(self) -> tuple[Program, ...]:
        return (self.heads, self.tails)


class If(Verb):
    __slots__ = ("condition", "then", "otherwise")

    def __init__(self, condition: Condition, then: Program, otherwise: Program = ()) -> None:
        self.condition = condition
        self.then = then
        self.otherwise = otherwise

    def run(self, ctx: Ctx) -> None:
        run_program(self.then if self.condition.holds(ctx) else self.otherwise, ctx)

    def programs(self) -> tuple[Program, ...]:
        return (self.then, self.otherwise)


class Repeat(Verb):
    """"... for every Charge counter on ...": run the program that many times."""

    __slots__ = ("times", "program")

    def __init__(self, times: int | Amount, program: Program) -> None:
        self.times = times
        self.program = program

    def run(self, ctx: Ctx) -> None:
        for _ in range(_amount(self.times, ctx)):
            run_program(self.program, ctx)

    def programs(self) -> tuple[Program, ...]:
        return (self.program,)


class NoMoreAttacks(Verb):
    """Sword Throw: "You may play no more Attack cards this round"."""

    def run(self, ctx: Ctx) -> None:
        ctx.b.no_attacks[ctx.actor] = True


class BoostNextDamage(Verb):
    """Strength Mutagen: "The next time target Ally you control would deal damage, it deals 1 damage more"."""

    __slots__ = ("to",)

    def __init__(self, to: Ref) -> None:
        self.to = to

    def run(self, ctx: Ctx) -> None:
        for target in self.to.pieces(ctx):
            if target.zone == FIELD:
                target.damage_bonus += 1


class BoostNextMagusDamage(Verb):
    """Spellstrike: "The next time a Magus you control would deal damage, increase that damage by one"."""

    def run(self, ctx: Ctx) -> None:
        ctx.b.magus_bonus[ctx.actor] += 1


class GainControl(Verb):
    """Unnatural Lust: "gain control of target Ally until the end of the round"."""

    __slots__ = ("to",)

    def __init__(self, to: Ref) -> None:
        self.to = to

    def run(self, ctx: Ctx) -> None:
        for target in self.to.pieces(ctx):
            if target.zone == FIELD and target.controller != ctx.actor:
                ctx.b.lend(target, ctx.actor)


class Suppress(Verb):
    """Transmute: "Until the end of the round, target ... is treated as if it had no effect, no actions,
    and 1 Life"."""

    __slots__ = ("to",)

    def __init__(self, to: Ref) -> None:
        self.to = to

    def run(self, ctx: Ctx) -> None:
        for target in self.to.pieces(ctx):
            if target.zone == FIELD:
                target.blanked = True
                ctx.b.until_round_end = True
                ctx.b.check_destroyed(target, None)


class Disguise(Verb):
    """Disguise Self: until the end of the round, the opponent's Actions see the card with the name,
    classes and alignment its controller chose (the Chooser's "disguise" answer)."""

    __slots__ = ("to",)

    def __init__(self, to: Ref) -> None:
        self.to = to

    def run(self, ctx: Ctx) -> None:
        for target in self.to.pieces(ctx):
            target.disguised = True
            ctx.b.until_round_end = True


class Conceal(Verb):
    """Vanish: "Wizards and Sorcerors in your party cannot be targeted by opponents until the end of the
    round". (Its first sentence, about looking at the hand, changes no game state.)"""

    def run(self, ctx: Ctx) -> None:
        ctx.b.concealed[ctx.actor] = True


class BonusActions(Verb):
    """The opponent "may take one additional Action this round for each card discarded" (League of
    Samurai) or "may perform any number of Actions at the end of the round, regardless of Initiative"
    (True Resurrection): both are taken at the end of the round, before hands are discarded."""

    __slots__ = ("n", "any_initiative")

    def __init__(self, n: int | Amount, any_initiative: bool = False) -> None:
        self.n = n
        self.any_initiative = any_initiative

    def run(self, ctx: Ctx) -> None:
        opponent = 1 - ctx.actor
        ctx.b.bonus_actions[opponent] += _amount(self.n, ctx)
        if self.any_initiative:
            ctx.b.bonus_any[opponent] = True


class Restore(Verb):
    """True Resurrection: "Restore a Defeated Party Member to full Life"."""

    __slots__ = ("to",)

    def __init__(self, to: Ref) -> None:
        self.to = to

    def run(self, ctx: Ctx) -> None:
        for target in self.to.pieces(ctx):
            ctx.b.restore(target)


class LookAtHand(Verb):
    """Gluttony: "look at target opponent's hand". No game state changes: the engine's players never
    hide cards from their own choices, so there is nothing to record."""

    def run(self, ctx: Ctx) -> None:
        return None


class ForceNextAction(Verb):
    """Raging Savage: "the next action you perform must be <this card's Action>"."""

    __slots__ = ("action_name",)

    def __init__(self, action_name: str) -> None:
        self.action_name = action_name

    def run(self, ctx: Ctx) -> None:
        ctx.b.forced[ctx.actor] = (ctx.source, self.action_name)


class AttachFromHand(Verb):
    """Sniper's Camp: "place a Martial Attack Action from your hand face down attached to" this card."""

    __slots__ = ("atoms", "pred")

    def __init__(self, *atoms: str) -> None:
        self.atoms = atoms
        self.pred = compile_filter(atoms)

    def run(self, ctx: Ctx) -> None:
        b = ctx.b
        if ctx.source.zone != FIELD:
            return
        options = self.pred.matching(b, b.hand[ctx.actor], ctx.actor, ctx.source)
        if options:
            for card in b.choosers[ctx.actor].pick(b, ctx.actor, "attach_attack", options, 1, 1, ctx):
                b.put_under(card, ctx.source)


class PerformNested(Verb):
    """Sniper's Camp's Loose: "Perform one of the Actions attached to Sniper's Camp, then discard it";
    Magical Tinkering's Fevered Crafting: "Play any permanent from your hand immediately. Destroy it at
    the end of the round." The card and its targets are part of the move."""

    __slots__ = ("how",)

    def __init__(self, how: str) -> None:
        if how not in ("attached", "crafting"):
            raise ValueError(f"unknown nested Action {how!r}")
        self.how = how

    def run(self, ctx: Ctx) -> None:
        ctx.b.perform_nested(ctx, self.how)


class Custom(Verb):
    """A card rule that does not fit the verbs: a named function of the context."""

    __slots__ = ("fn",)

    def __init__(self, fn: Callable[[Ctx], None]) -> None:
        self.fn = fn

    def run(self, ctx: Ctx) -> None:
        self.fn(ctx)


def walk(program: Program) -> list[Verb]:
    """Every verb of a program, nested ones included."""
    found: list[Verb] = []
    for verb in program:
        if not isinstance(verb, Verb):
            raise TypeError(f"{verb!r} is not an effect verb")
        found.append(verb)
        for inner in verb.programs():
            found.extend(walk(inner))
    return found


def deals_damage(program: Program) -> bool:
    return any(isinstance(verb, DealDamage) for verb in walk(program))


# ---------------------------------------------------------------------------------------------
# What a card's entry in the effects table holds

# The card rules the board checks itself, wherever they matter (a small closed set).
STATICS: Final[frozenset[str]] = frozenset({
    "block1", "block2",  # "Equipped card has Block N"
    "mount",  # a Mount: counts for Holo-Lance and Shogun Armour
    "grants_samurai",  # Cavbike: "Equipped card is a Samurai in addition to its other subtypes"
    "lance",  # Holo-Lance: +1 damage while the equipped card has a Mount equipped
    "bow",  # Dragonsmouth Bow: damage Actions of the equipped card 1 Initiative higher or lower
    "shogun",  # Shogun Armour: Actions of the equipped card 4 lower unless it has a Mount
    "skulking",  # Skulking Sniper: the taught card gains a Shield counter when it damages a Resource
    "camel",  # Riding Camel: may be destroyed instead of the equipped card taking damage
    "no_damage_removal",  # Clockwork Soldier
    "noxspace", "laboratory", "tb_towers", "camp", "craft", "infernal", "wave", "mothdragon", "phase",
})
HOST_KINDS: Final = ("equip", "teach", "attach")


@dataclass(frozen=True)
class Mode:
    """One option of "choose one:", with its own targets."""

    do: Program
    targets: tuple[TargetSpec, ...] = ()


@dataclass(frozen=True)
class Act:
    """An Action: targets chosen as it is performed, then its program.

    `rule` names an Initiative rule printed on the card: "spread_shot" (lower by up to 4, one more
    target each), "fresh_experiment" (raise by X, discarding X cards). `usable` lists conditions
    beyond being Able: "exhausted" (Trident Catch: only while Exhausted, and not in the round the card
    was marked "hurled"). `nested` is PerformNested's kind. `requires` is a filter some card in play must
    match for the Action to be performed at all: what its text makes it cost (Tower of Nethys's Starshot,
    "Exhaust a ... you control").
    """

    do: Program = ()
    targets: tuple[TargetSpec, ...] = ()
    modes: tuple[Mode, ...] = ()
    on_responded: Program = ()
    initiative: str | None = None  # printed inside a granted Action's quotes; cards print their own
    rule: str | None = None
    usable: tuple[str, ...] = ()
    nested: str | None = None
    requires: tuple[str, ...] = ()
    x: XValue | None = None  # what X is, for an Action printed with Initiative X (else read from its text)

    def __post_init__(self) -> None:
        if self.requires:
            compile_filter(self.requires)  # an unknown atom fails when the table is built


@dataclass(frozen=True)
class CardEffects:
    """One card's entry in the effects table.

    play: what playing an Action Resource does. host/host_kind: where a Permanent goes as it is
    played ("Equip Samurai", "Teach Fighter", "comes into play attached to target card you
    control"). enters: what happens as the card enters play by any means; played: only when it is
    played. actions: the card's own Actions by printed name. grants: names of the Actions it gives
    the card it is equipped or taught to (GRANTED_ACTIONS). statics: STATICS flags.
    play_rule: "first_attack" (Deadshot), "with_unique" (Dimensional Wave).
    """

    play: Act | None = None
    host: TargetSpec | None = None
    host_kind: str | None = None
    enters: Program = ()
    played: Program = ()
    actions: Mapping[str, Act] = field(default_factory=dict)
    grants: tuple[str, ...] = ()
    round_start: Program = ()
    round_end: Program = ()
    statics: frozenset[str] = frozenset()
    play_rule: str | None = None

    def __post_init__(self) -> None:
        unknown = self.statics - STATICS
        if unknown:
            raise ValueError(f"unknown static rules {sorted(unknown)}")
        # (not `host_kind not in (None, *HOST_KINDS)`, which the compiler (Makefile: compile) cannot build)
        if (self.host is None) != (self.host_kind is None) or (
                self.host_kind is not None and self.host_kind not in HOST_KINDS):
            raise ValueError(f"a host needs a host kind out of {HOST_KINDS}")
        if self.play_rule not in (None, "first_attack", "with_unique"):
            raise ValueError(f"unknown play rule {self.play_rule!r}")
        for program in self.programs():
            walk(program)

    def programs(self) -> list[Program]:
        acts = [a for a in (self.play, *self.actions.values()) if a is not None]
        found = [self.enters, self.played, self.round_start, self.round_end]
        for act in acts:
            found += [act.do, act.on_responded, *(m.do for m in act.modes)]
        return found


@dataclass(frozen=True)
class Token:
    """A token's printed identity: "a token Devil Ally with Life – 1"."""

    card_type: str
    subtypes: tuple[str, ...]
    life: int | None
    effects: CardEffects = field(default_factory=CardEffects)
    text: str = ""
