"""Choices a player makes while an effect resolves, asked by purpose.

Targets are part of a move (engine/games/qqdnd/state.py); everything else a card leaves to a player
("any card", "up to 3 Party Members", "you may", which card a search finds) is asked of that player's
Chooser. DefaultChooser answers the way a careful player would, deterministically: it is the engine's
default for both players, and the goldfish policy plays with it.

Purposes: see DefaultChooser.pick and DefaultChooser.may; an unknown purpose is a programming error.
"""
from __future__ import annotations

import copy
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from engine.games.qqdnd.containers import ByDefinition
from engine.games.qqdnd.pieces import remaining_life
from engine.native import mypyc_attr

if TYPE_CHECKING:
    from engine.games.qqdnd.board import Board
    from engine.games.qqdnd.carddefs import ActionDef, CardDef
    from engine.games.qqdnd.pieces import Piece
    from engine.games.qqdnd.verbs import Ctx


def _rank_of(d: CardDef) -> int:
    """How much a card is worth keeping: damage first, then anything that acts (read once a card: card_rank)."""
    actions = [a for a in (d.play_action, *d.actions, *d.grants) if a is not None]
    if any(a.damaging for a in actions):
        return 3
    if d.category == "Permanent" and (d.actions or d.grants or d.statics):
        return 2
    return 1


# Choices rank the same cards many times a game.
card_rank: Final[ByDefinition[int]] = ByDefinition(_rank_of)


# Scenario tests subclass the Choosers (a compiled class otherwise admits no subclass it was not compiled with).
@mypyc_attr(allow_interpreted_subclasses=True)
class Chooser:
    """The questions; DefaultChooser gives the answers."""

    # Disguise Self: what the opponent's Actions see of a disguised Bard.
    disguise_classes: frozenset[str] = frozenset()
    disguise_alignment: str | None = None

    def clone(self) -> Chooser:
        """The Chooser of a copy of the game (QQDNDState.clone): the same answers from here on, and nothing the
        copy's Chooser learns or remembers reaches this one. A Chooser holding more than plain values (a
        reference to a game, say) overrides this."""
        copied = copy.copy(self)
        # Compiled, a copy is given the attributes the class was compiled with: those a subclass sets of its own
        # (in its __dict__) are given here.
        added = getattr(self, "__dict__", None)
        if added:
            vars(copied).update(added)
        return copied

    def pick(self, b: Board, player: int, purpose: str, options: list[Piece], low: int, high: int,
             ctx: Ctx | None) -> list[Piece]:
        raise NotImplementedError

    def may(self, b: Board, player: int, purpose: str, ctx: Ctx | None, subject: Piece | None = None,
            amount: int = 0) -> bool:
        raise NotImplementedError

    def pick_action(self, b: Board, player: int, purpose: str, options: list[ActionDef], ctx: Ctx) -> ActionDef:
        raise NotImplementedError

    def pick_word(self, b: Board, player: int, purpose: str, words: list[str], ctx: Ctx) -> str:
        raise NotImplementedError

    def pick_player(self, b: Board, player: int, purpose: str, ctx: Ctx) -> int:
        raise NotImplementedError


@mypyc_attr(allow_interpreted_subclasses=True)
class DefaultChooser(Chooser):
    def pick(self, b: Board, player: int, purpose: str, options: list[Piece], low: int, high: int,
             ctx: Ctx | None) -> list[Piece]:
        key = self._order(b, player, purpose)
        if purpose in ("heal", "pray", "liquidate", "search:play"):
            # "up to" / "any number of": as many as are worth it, at least the required number. The sort is stable:
            # the options worth it rank among themselves as they would among all, so only they are ranked when
            # they are enough (Resmi's heal at each round's end: most Party Members have no damage to remove).
            worth = [p for p in options if self._worth(b, player, purpose, p)]
            if len(worth) >= low:
                return (sorted(worth, key=key) if key is not None else worth)[:high]
            ranked = sorted(options, key=key) if key is not None else list(options)
            return ranked[:low][:high]
        count = max(low, min(high, 1))
        if count == 1 and options and key is not None:
            if purpose == "challenge":
                options = self._challengers(options, player)
            return [min(options, key=key)]  # the first of the best, as sorting would put it
        return (sorted(options, key=key) if key is not None else options)[:count]

    def _worth(self, b: Board, player: int, purpose: str, piece: Piece) -> bool:
        if purpose == "heal":
            # A defeated Party Member stays defeated however much Damage it loses: healing it is wasted.
            return piece.damage > 0 and b.damage_removable(piece) and not piece.defeated
        if purpose == "pray":
            # Exhaust only cards that would not act this round anyway.
            return not piece.d.actions and not piece.d.grants
        if purpose == "liquidate":
            # Destroy only what does nothing: no Action, no rule.
            return not piece.d.actions and not piece.d.grants and not piece.d.statics and not piece.attached
        return True  # search:play (Drunkard: "any other cards named Drunkard")

    @staticmethod
    def _challengers(options: list[Piece], player: int) -> list[Piece]:
        """The options the best place for a Challenge counter is among, by the first parts of its ranking (an
        opponent's card, undefeated, a Party Member): the ranking then reads the Life of only these."""
        pool = [p for p in options if p.controller != player] or options
        pool = [p for p in pool if not p.defeated] or pool
        return [p for p in pool if p.d.is_party_member] or pool

    @staticmethod
    def _order(b: Board, player: int, purpose: str) -> Callable[[Piece], Any] | None:
        """How the options of a choice are ranked, best first (None: as they come)."""
        if purpose == "heal":
            return lambda p: (not b.damage_removable(p), p.defeated, remaining_life(b, p))
        if purpose == "challenge":
            # An opponent's undefeated Party Member nearest defeat, else any opponent's card, else one's own.
            return lambda p: (p.controller == player, p.defeated, not p.d.is_party_member, remaining_life(b, p), p.uid)
        if purpose in ("hurt_own", "exhaust_spare"):
            return lambda p: (not p.d.is_token, p.d.is_party_member, bool(p.d.actions), -remaining_life(b, p), p.uid)
        if purpose == "turnabout_return":
            # A token put on a deck ceases to exist (an Insingem Fly was a point of every Devil Rush to come): a
            # card goes back, the one worth least.
            return lambda p: (p.d.is_token, card_rank(p.d), p.uid)
        if purpose in ("discard", "liquidate", "pray"):
            return lambda p: (not p.d.is_token, card_rank(p.d), p.uid)
        if purpose in ("search:hand", "search:deck_top", "search:play", "attach_attack", "turnabout_fetch",
                       "favourite_trick"):
            return lambda p: (-card_rank(p.d), p.uid)
        if purpose == "restore":
            return lambda p: (-p.d.hv, p.uid)
        if purpose == "shield":
            return lambda p: (p.counters.get("shield", 0), not p.d.is_party_member, p.uid)
        if purpose == "burning_hands":
            return lambda p: (p.controller == player, card_rank(p.d), p.uid)
        if purpose == "unique":
            # Destroy the copy in the worse state: more damage, then Exhausted, then the older one.
            return lambda p: (-p.damage, not p.exhausted)
        if purpose == "just_teachings":
            return None
        raise ValueError(f"no answer for the choice {purpose!r}")

    def may(self, b: Board, player: int, purpose: str, ctx: Ctx | None, subject: Piece | None = None,
            amount: int = 0) -> bool:
        if purpose in ("draw", "drunkard", "laboratory", "tb_towers", "congregation_heal", "shield_counter"):
            return True
        if purpose == "frantic_research":
            # Malachi pays 1 damage to draw: only while he keeps a margin of safety.
            return ctx is not None and remaining_life(b, ctx.source) > 2
        if purpose == "pummel":
            return bool(b.hand[player])
        if purpose in ("phase", "camel"):
            # Take the replacement only when the damage would defeat or destroy the card.
            return subject is not None and remaining_life(b, subject) <= amount
        if purpose == "mothdragon":
            return len(b.hand[player]) >= 2
        if purpose == "burning_hands_take_damage":
            host = subject.host if subject is not None else None
            return host is not None and remaining_life(b, host) > 1
        raise ValueError(f"no answer for the choice {purpose!r}")

    def pick_action(self, b: Board, player: int, purpose: str, options: list[ActionDef], ctx: Ctx) -> ActionDef:
        # Observe and Replicate: the Action that deals the most damage, else the latest.
        return max(reversed(options), key=lambda a: (a.damaging, a.high or 0))

    def pick_word(self, b: Board, player: int, purpose: str, words: list[str], ctx: Ctx) -> str:
        # Imitation: Samurai works with Challenge counters and Samurai equipment; otherwise the first.
        return "Samurai" if "Samurai" in words else words[0]

    def pick_player(self, b: Board, player: int, purpose: str, ctx: Ctx) -> int:
        # Turnabout: fetch one's own Ally if the deck holds one.
        own = any(b.has_trait(p, "Ally", player) for p in b.deck[player])
        return player if own else 1 - player
