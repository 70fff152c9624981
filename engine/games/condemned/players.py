"""The Condemned's players (engine/players/base.py): the heuristic player (heuristic.py's POLICY) and
the goldfish inmate, and what runs need of the game (KIT).

The goldfish game is the deck against the generic inmate (20 Life, no abilities, no cards), which
never acts: it keeps its empty hand, plays nothing, never attacks and never parries. The Desperation
Rule would let it make a 1-damage attack each turn (it is at Melee, with no Weapons anywhere), but a
goldfish "never acts", so it declines. A game ends when the inmate's Life reaches 0 (a win), when the
deck's Condemned dies (Blood Magic can do that), or at the end of the deck player's 30th turn.
"""
from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING

from engine.core import State
from engine.deck import DeckCard, ResolvedDeck
from engine.games.condemned import heuristic
from engine.games.condemned.state import CondemnedGame, CondemnedState, Side, make_game
from engine.goldfish_record import GameRecord, new_counter
from engine.play.pair_cache import PairGames
from engine.players.base import GameKit, Player

if TYPE_CHECKING:  # (engine.goldfish plays games with the game's players: it imports them)
    from engine.goldfish import CardTally, RunStats


class HeuristicPlayer(Player):
    """POLICY (engine/games/condemned/heuristic.py) at any seat: it reads only the state it is asked
    about, so it keeps nothing between decisions."""

    kind = "heuristic"
    uses_stream = False  # POLICY is deterministic: it draws nothing

    # POLICY itself, called with the state alone: one call less at every decision of a game. Only
    # CondemnedStates are given to a Condemned player.
    choose = staticmethod(heuristic.choose)  # type: ignore[assignment]
    # The seat's moves on until another seat is to act (against the goldfish, the whole game), without
    # play_out asking choose() for each.
    play_on = staticmethod(heuristic.play_on)  # type: ignore[assignment]


class InmatePlayer(Player):
    """The generic inmate of the goldfish game. The engine takes its choices for it (it is offered only
    its passive ones: keep, pass, end its phases), so it is asked only by a caller that steps through
    them; it takes the one on offer."""

    kind = "passive"
    uses_stream = False

    def choose(self, state: State) -> Hashable:
        assert isinstance(state, CondemnedState)
        legal = state.legal_actions()
        if len(legal) != 1:
            raise ValueError(f"the goldfish inmate is offered only one action at a time, not {legal!r}")
        return legal[0]


_goldfish_cache: tuple[list[DeckCard], CondemnedGame] | None = None


def goldfish_game(deck: ResolvedDeck, opponent: str) -> CondemnedGame:
    """The deck's Game against the inmate, made once for the many games of a run (it holds the
    per-card data), and again only when the deck's cards differ from the last deck's."""
    global _goldfish_cache
    if _goldfish_cache is None or _goldfish_cache[0] != deck.entries:
        _goldfish_cache = (list(deck.entries), make_game(deck))
    return _goldfish_cache[1]


def record(state: State, seat: int) -> GameRecord:
    assert isinstance(state, CondemnedState)
    side = state.sides[seat]
    drawn = side.drawn
    if side.mulligans:
        # Without the names whose every copy a mulligan sent back (what "+" would give, without Counter's
        # Python code; without a mulligan there are none): taken out of the tally, the others keeping
        # their order.
        for name in [name for name, count in drawn.items() if count <= 0]:
            del drawn[name]
    return GameRecord(
        end_turn=side.turns,
        won=state.winner() == seat,
        damage_by_turn=list(state.damage_by_turn),
        mulligans=side.mulligans,
        first_turn_play=state.first_turn_play,
        drawn=drawn,
        played=side.played,
        no_effect=new_counter(side.no_effect),
        no_moment=new_counter(),
    )


def add_to_run(stats: RunStats, cards: CardTally, state: State, seat: int) -> None:
    """stats.add(record(state, seat)), without the record (KIT.add_to_run): its cards counted into `cards` as
    the record counts them, when no card was played more often than drawn and kept and the Game has no more
    cards than a CardTally counts (in every goldfish game), else added whole."""
    assert isinstance(state, CondemnedState)
    side = state.sides[seat]
    names = state.game.names
    kept = _kept_copies(side)
    played = [card.uid for card in side.played_cards]
    dead = _dead_copies(names, kept, played) if len(names) <= cards.MOST_CARDS else None
    if dead is None:
        stats.add(record(state, seat))
        return
    # (the damage by turn added up with the cards: see CardTally.add_turns; no Condemned card is ever
    # without a moment, and a Condemned game reports no overkill)
    stats.add_outcome(state.winner() == seat, side.turns, (), side.mulligans, state.first_turn_play,
                      side.no_effect, (), 0)
    cards.add_turns(state.damage_by_turn, ())
    cards.add(names, kept, played, dead, ())


def _kept_copies(side: Side) -> list[int]:
    """The uids of the copies drawn and kept, in the order drawn: every card that reached the hand, less
    those a mulligan sent back. For each card sent back the last copy of its name drawn is left out, so
    that the names come in the order record() has them (Side.drawn: first drawn first)."""
    drawn = side.drawn_cards
    if not side.returned:
        return [card.uid for card in drawn]
    sent_back: dict[str, int] = {}
    for card in side.returned:
        sent_back[card.name] = sent_back.get(card.name, 0) + 1
    kept: list[int] = []
    for index in range(len(drawn) - 1, -1, -1):
        card = drawn[index]
        left = sent_back.get(card.name, 0)
        if left:
            sent_back[card.name] = left - 1
        else:
            kept.append(card.uid)
    kept.reverse()
    return kept


def _dead_copies(names: list[str], kept: list[int], played: list[int]) -> list[int] | None:
    """One of the `kept` copies of each name with more copies kept than `played`; None when a name was
    played more often than kept (a CardTally cannot count that)."""
    left: dict[str, int] = {}  # by name: copies kept less copies played
    for uid in kept:
        left[names[uid]] = left.get(names[uid], 0) + 1
    for uid in played:
        copies = left.get(names[uid], 0) - 1
        if copies < 0:
            return None
        left[names[uid]] = copies
    dead: list[int] = []
    for uid in kept:
        if left[names[uid]] > 0:
            dead.append(uid)
            left[names[uid]] = 0
    return dead


def _two_deck_game(deck_a: ResolvedDeck, deck_b: ResolvedDeck) -> CondemnedGame:
    return make_game(deck_a, opponent=deck_b, first_player=0)


# Kept between a run's calls: the heuristic's opening-hand worths are measured once per Game.
matchup_game = PairGames(_two_deck_game)


KIT = GameKit(
    opponents=("inmate",),
    goldfish_game=goldfish_game,
    heuristic=HeuristicPlayer,
    goldfish_opponent=lambda name: InmatePlayer(),
    record=record,
    add_to_run=add_to_run,
    matchup_game=matchup_game,
)
