"""QQDND CCG as a Game and its States: the round structure of docs/rules/qqdnd.txt.

"Each round, both players draw Resources up to their Party's total Hand Value. They each declare the
highest Initiative of the cards in their hand, and then the highest-Initiative action available to
either players is performed [...]. If this value is tied, resolve it randomly. Ordinarily, this passes
the “turn” to the other player."

A round runs through these phases (the player to act is `current_player()`):

- OPEN: the player with the highest Initiative available performs an Action at that Initiative.
- RESPOND: the other player may respond with an Action of equal or higher Initiative, or pass.
- TURN: the turn has passed; the player on the turn may take a Turn Action of equal or lower
  Initiative than the previous Turn Action (then RESPOND again), or pass.
- LAST: the player on the turn passed; "their opponent reveals their hand and may perform any one
  Action with lower initiative than the previous Turn Action".
- BONUS: extra Actions an opponent was given this round (League of Samurai, True Resurrection).
Then "Both hands are then discarded, and a new round begins."

Moves are `Move` tuples: PASS, or playing a card from hand / using an Action of a card in play, at a
chosen Initiative, with its targets (card uids; a player is -1 - player), or the sparring party's
do-nothing Turn Action (STALL).

The goldfish party (docs: goldfish rules, "QQDND: the sparring party and the passive party") is one of:
- "sparring" (the default): when it is on the turn it may take a Turn Action that does nothing, at the
  Initiative of the previous Turn Action ("identical Initiative values may be treated as either higher or
  lower"). The Action belongs to no card, so Exhaust does not limit it. It never responds and performs no
  last Action; its player (players.py, SparringParty) always takes it, so the round goes on until the
  deck's player chooses not to take a Turn Action.
- "passive": it has no move but to pass.
A round that reaches ACTIONS_PER_ROUND Actions ends there ("Both hands are then discarded, and a new
round begins"), counted in `capped`: a card that returns to hand and is played again at the same value
(Infernal Regeneration on an undamaged card), or two Galatea parties trading Borrow Tricks at 20, could
otherwise keep a round going for ever. Between two real parties (a matchup) the cap ends the game instead, a
draw (docs: goldfish rules, "Matchups": a rules loop "is ended by a documented cap [...] and counted as a
draw"). Other choices are asked of
each player's Chooser as effects resolve. Chance (shuffles, coin flips, random targets, tied
Initiative) draws from the State's seeded `rng`.
"""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from functools import partial
from itertools import combinations
from typing import Any, Final, NamedTuple

from engine.core import OPPONENT, PLAYER, TERMINAL, CardInstance, Game, IllegalAction, State
from engine.deck import ResolvedDeck
from engine.games.qqdnd.board import Board, empty_counter
from engine.games.qqdnd.carddefs import ActionDef, CardBook, CardDef, dummy_record
from engine.games.qqdnd.choices import Chooser, DefaultChooser
from engine.games.qqdnd.copies import clone_state
from engine.games.qqdnd.copies import resample_hidden as resample_hidden_cards
from engine.games.qqdnd.effects import UNIMPLEMENTED
from engine.games.qqdnd.pieces import (
    ACTED,
    DECK,
    DISCARD,
    FIELD,
    GONE,
    GRANTS_REMOVED,
    HAND,
    REMOVED,
    ZONE_NAMES,
    Piece,
)
from engine.games.qqdnd.verbs import THEIR_SIDE, YOUR_SIDE, Act, Ctx, TargetSpec, run_program

PASS_KIND: Final = 0
PLAY: Final = 1
USE: Final = 2
STALL_KIND: Final = 3
OPEN: Final = 0
RESPOND: Final = 1
TURN: Final = 2
LAST: Final = 3
BONUS: Final = 4
END: Final = 5
PHASE_NAMES: Final = ("open", "respond", "turn", "last", "bonus", "end")
NO_LIMIT: Final = 1_000
MAX_ROUNDS: Final = 30
# The cap on Actions (moves other than a pass, the sparring party's included) in one round. A round of a real
# deck against the sparring party takes at most a few dozen: each card in hand once, each card in play once.
ACTIONS_PER_ROUND: Final = 200
OPPONENT_MODES: Final = ("sparring", "passive")


class Move(NamedTuple):
    kind: int  # PASS_KIND, PLAY (a card from hand), USE (an Action of a card in play) or STALL_KIND
    source: int = -1  # uid of the card played or performing
    action: int = -1  # ActionDef.uid
    initiative: int = 0  # the Initiative it is performed at
    targets: tuple[int, ...] = ()  # card uids; a player target is -1 - player
    mode: int = -1  # the option of a "choose one"
    nested: int = -1  # Loose's attached card, Fevered Crafting's permanent, or a Dimensional Wave
    nested_targets: tuple[int, ...] = ()


PASS: Final = Move(PASS_KIND)
# Move's own constructor fills its defaults in Python; the moves built while choosing (hundreds a game) are made
# from all eight fields at once: new_move(Move, (kind, source, action, initiative, targets, mode, nested,
# nested_targets)) is the same tuple as Move(...), made faster.
new_move: Final = tuple.__new__
# Move, as a constant the compiled code holds (a name of a Python class is looked up at each use).
MOVE_TUPLE: Final = Move


def stall(initiative: int) -> Move:
    """The sparring party's Turn Action that does nothing, at `initiative` (the previous Turn Action's)."""
    return new_move(MOVE_TUPLE, (STALL_KIND, -1, -1, initiative, (), -1, -1, ()))


def player_target(player: int) -> int:
    return -1 - player


class QQDNDGame(Game):
    """The rules bound to a deck and its opponent: the goldfish party unless `opponent` is a deck, and then
    the sparring party or the passive party as `opponent_mode` says (see the module docstring)."""

    slug = "qqdnd"

    def __init__(self, deck: ResolvedDeck, opponent: ResolvedDeck | None = None, max_rounds: int = MAX_ROUNDS,
                 dummy_life: int = 6, opponent_mode: str = "sparring") -> None:
        if opponent_mode not in OPPONENT_MODES:
            raise ValueError(f"the goldfish party is {' or '.join(OPPONENT_MODES)}; not {opponent_mode!r}")
        self.book = CardBook()
        self.max_rounds = max_rounds
        self.lists: list[list[tuple[CardDef, int]]] = []
        for side in (deck, opponent):
            if side is None:
                self.lists.append([(self.book.add(dummy_record(i, dummy_life), dummy=True), 1) for i in range(1, 5)])
            else:
                self.lists.append([(self.book.add(entry.card), entry.count) for entry in side.entries
                                   if entry.section != "Sideboard"])
        self.book.add_all(())
        self.goldfish = opponent is None
        self.opponent_mode = opponent_mode if self.goldfish else "deck"
        self.sparring = self.opponent_mode == "sparring"
        # Every state of the game starts with the same cards, numbered alike: (card, definition, owner) in uid
        # order. CardInstances are immutable, so the states share them.
        self.layout: list[tuple[CardInstance, CardDef, int]] = []
        for player, entries in enumerate(self.lists):
            for d, count in entries:
                for _ in range(count):
                    self.layout.append((CardInstance(len(self.layout), d.name), d, player))

    def new_initial_state(self, rng: random.Random, choosers: tuple[Chooser, Chooser] | None = None, *,
                          deal: bool = True) -> QQDNDState:
        """The game at the start of round 1. With deal=False nothing is drawn and no Action is under way yet: a
        position is arranged (add_card, to_hand, put_into_play...), then reopen() starts the round's play."""
        return QQDNDState(self, rng, choosers or (DefaultChooser(), DefaultChooser()), deal=deal)


def make_game(deck: ResolvedDeck, **options: Any) -> QQDNDGame:
    """The engine's entry point (engine.core.load_game). Options: opponent (a ResolvedDeck; default the
    goldfish party), opponent_mode (the goldfish party's: "sparring", the default, or "passive"), max_rounds
    (default 30), dummy_life (default 6)."""
    return QQDNDGame(deck, **options)


Option = tuple[int, Piece, ActionDef, int, int]  # (kind, source, action, lowest, highest Initiative)


class QQDNDState(Board, State):
    def __init__(self, game: QQDNDGame, rng: random.Random, choosers: tuple[Chooser, Chooser], *,
                 deal: bool = True, blank: bool = False) -> None:
        """A new game of `game`, dealt (`deal`: its first round begun) or not; `blank`, an empty state that
        clone_state fills in (a compiled class cannot be made without its __init__)."""
        if blank:
            return
        self._init_board(game.book, rng, choosers)
        self.game = game
        self.unimplemented = frozenset(UNIMPLEMENTED) | frozenset(game.book.missing)
        self.max_rounds = game.max_rounds
        self.phase = END
        self.actor = TERMINAL
        self.bar = NO_LIMIT  # the Initiative of the previous Turn Action
        self.turn_player = -1  # who performed the current Turn Action
        self.turn_ctx: Ctx | None = None
        self.first_round_plays = [False, False]  # each seat played a card from hand in round 1
        self.actions_this_round = 0
        self.capped = 0  # rounds ended by ACTIONS_PER_ROUND
        # Changes whenever the cards may have changed (an Action performed, a round begun): between two values,
        # only the phase, the player to act and the bar moved (passes, the sparring party's Turn Actions). A
        # player may keep what it worked out of the cards for as long as it stays.
        self.board_version = 0
        # Copies the deck's player drew, while in its hand: uid -> whether the copy has had a legal moment to be
        # played (a legal move plays it at one of the player's decisions). Copies that leave the hand unplayed
        # without one are counted in `no_moment` (GameRecord.no_moment).
        self.hand_moments: dict[int, bool] = {}
        self.no_moment: Counter[str] = empty_counter()
        self._settled_version = -1  # the _cards_version hand_moments were last settled at (_note_moments)
        # Moves are worked out once per version of the state: every change bumps the version.
        self._version = 0
        # Bumped with _version, except by a pass or the sparring party's Turn Action, which change no card: what
        # is worked out of the cards alone (options, candidates) is kept across them.
        self._cards_version = 0
        self._legal_version = -1
        self._legal: list[Move] = []
        self._options_version = -1
        self._options_cache: list[list[Option] | None] = [None, None]
        # Candidates of each target spec (and their choices as 1-tuples) in this version of the state; and, of the
        # specs whose candidates the cards' places, definitions and added traits alone decide (steady_spec), those
        # kept across versions for as long as none of that changes (_steady_cache). opponents_candidates() likewise.
        self._candidates_cache: dict[object, list[Any]] = {}
        self._opponents_cache: dict[object, list[int]] = {}
        self._steady_candidates: dict[object, list[Any]] = {}
        self._steady_opponents: dict[object, list[int]] = {}
        self._steady_version = -1  # the _cards_version the steady caches were last checked at
        self._steady_view: list[object] | None = None  # what they were worked out of (_targets_view)
        # What a player reads of the cards alone in this version of the state (cards_memo()).
        self._cards_memo: dict[object, Any] = {}
        self._nox = -1  # whether either player controls a Noxspace (1) or not (0), once asked (-1 until then)
        # Party Members start on the field, the Resources in the deck (where a new Piece is).
        for card, d, owner in game.layout:
            piece = Piece(card, d, owner)
            self.cards.append(piece)
            if d.is_party_member:
                piece.enter_play()
                piece.zone = FIELD
                self.field[owner].append(piece)
            else:
                self.deck[owner].append(piece)
        for player in (0, 1):
            self.shuffle(player)
        if deal:
            self._begin_round()
            self._advance()
        else:
            self._new_round()

    # --- the State interface -------------------------------------------------------------------

    def current_player(self) -> int:
        return TERMINAL if self.over else self.actor

    def is_terminal(self) -> bool:
        return self.over

    def turn(self) -> int:
        return self.round

    @property
    def first_round_play(self) -> bool:
        """Seat 0 (the goldfish's deck player) played a card from hand in round 1."""
        return self.first_round_plays[0]

    def won(self) -> bool:
        """Every Party Member of the opponent is defeated (the goldfish's goal)."""
        return all(p.defeated for p in self.party(OPPONENT))

    def legal_actions(self) -> list[Move]:
        if self.over:
            return []
        if self._legal_version != self._version:
            self._legal = self._legal_moves()
            self._legal_version = self._version
        return self._legal

    def apply_action(self, action: Any) -> None:
        if action not in self.legal_actions():
            raise IllegalAction(f"{action!r} is not a legal move now ({PHASE_NAMES[self.phase]} phase)")
        self.apply_legal(action)

    def winner(self) -> int | None:
        """The party whose opponents are all defeated, if one is."""
        if all(p.defeated for p in self.party(OPPONENT)):
            return PLAYER
        if all(p.defeated for p in self.party(PLAYER)):
            return OPPONENT
        return None

    def clone(self, rng: random.Random | None = None) -> QQDNDState:
        """An exact, independent copy (engine/games/qqdnd/copies.py)."""
        return clone_state(self, rng)

    def resample_hidden(self, seat: int, rng: random.Random) -> None:
        """Reshuffle what `seat` cannot know (engine/games/qqdnd/copies.py). The other party's hand is seen in
        the round's last Action ("their opponent reveals their hand"); a hand that opens the round holds what
        was declared ("They each declare the highest Initiative of the cards in their hand"): the opening
        Initiative is still within its reach."""
        opening = self.phase == OPEN and self.actor != seat
        resample_hidden_cards(self, seat, rng, hand_revealed=self.phase == LAST and self.actor != seat,
                              consistent=partial(self._dealt_consistently, opening))
        self._version += 1
        self._cards_version += 1
        self.board_version += 1  # hands and decks were dealt anew

    def _dealt_consistently(self, opening: bool) -> bool:
        """Whether a deal of resample_hidden keeps the declared opening Initiative within the hand's reach (a
        method, not a function nested there, which the compiler (Makefile: compile) cannot build in this class)."""
        self._version += 1
        self._cards_version += 1
        return not opening or self._best_initiative(self.actor) == self.bar

    def apply_trusted(self, action: Any) -> None:
        """A Player returns one of legal_actions() (State.apply_trusted): applied as apply_legal."""
        self.apply_legal(action)

    def apply_legal(self, move: Move) -> None:
        """Apply a move taken from legal_actions() without checking it again."""
        player = self.actor
        if player == PLAYER and self.hand_moments:  # _note_moments() has copies to note
            self._note_moments()
        self._version += 1
        kind = move.kind
        phase = self.phase
        # The most common turns of the phases are here, one call a move fewer; the rest in _after_pass and
        # _after_action.
        if kind == PASS_KIND:
            if phase == RESPOND:
                # "if the opponent chooses not to respond, the turn passes again"
                self.phase, self.actor = TURN, player
            elif phase == TURN:
                # "When a player chooses not to take a Turn Action, their opponent reveals their hand and may
                # perform any one Action with lower initiative than the previous Turn Action."
                self.phase, self.actor = LAST, 1 - player
            else:
                self._after_pass(player, phase)
        else:
            if kind == STALL_KIND:
                self._after_stall(player)
            else:
                self._cards_version += 1
                self.board_version += 1
                ctx = self._perform(player, move)
                self._version += 1
                self._cards_version += 1
                if not self.over:
                    if phase in (OPEN, TURN):
                        self.bar = move.initiative
                        self.turn_player = player
                        self.turn_ctx = ctx
                        self.phase, self.actor = RESPOND, 1 - player
                    else:
                        self._after_action(player, phase)
            self.actions_this_round += 1
            if self.actions_this_round >= ACTIONS_PER_ROUND and not self.over and self.phase != END:
                # The cap. Against a goldfish party, the round ends as if its last Action had been taken; between
                # two real parties (a matchup) the loop would come back every round, so the game ends, a draw.
                self.capped += 1
                if self.game.goldfish:
                    self.phase = END
                else:
                    self.over = True
        if self.phase == END and not self.over:  # _advance() has something to do: the round is over
            self._advance()

    # --- the record of copies with no legal moment -----------------------------------------------

    def draw(self, player: int, n: int) -> int:
        drawn = super().draw(player, n)
        if player == PLAYER and drawn:
            for card in self.hand[PLAYER][-drawn:]:
                self.hand_moments[card.uid] = False
        return drawn

    def to_hand(self, card: Piece, player: int) -> None:
        from_deck = card.zone == DECK
        super().to_hand(card, player)
        if from_deck and player == PLAYER and card.owner == PLAYER:
            self.hand_moments[card.uid] = False

    def _note_moments(self) -> None:
        """Before a decision of the deck's player: the drawn copies that have left its hand are settled (those that
        never had a legal moment counted), and the copies in hand that can be played now have had one."""
        moments = self.hand_moments
        if not moments:
            return
        if self._settled_version != self._cards_version:
            # A copy leaves the hand only with a change of the cards: what left is settled once a version of them
            # (a pass or the sparring party's Turn Action moves no card).
            self._settled_version = self._cards_version
            self._settle_moments()
        for had in moments.values():  # (a loop: all() of the values is a call of a Python builtin)
            if not had:
                break
        else:
            return  # every copy in hand has had its moment
        low, high, values, _may_pass = self.window()
        for option in self.options(PLAYER):
            if option[0] != PLAY:
                break  # the options of cards in hand come first (_work_out_options): the rest are of cards in play
            if moments.get(option[1].uid, True) or option[3] > high or option[4] < low:
                continue  # it has had a moment, or it has no value in the window (values_for would list none)
            found = self.values_for(option, low, high, values)
            if not found:
                continue
            value, fewest = found[0]  # (two arguments, not *found[0]: a compiled call with * goes the slow way)
            if self.first_move(PLAYER, PLAY, option[1], option[2], value, fewest) is not None:
                moments[option[1].uid] = True

    def _settle_moments(self) -> None:
        """Copies no longer in the deck's player's hand: counted in no_moment if they never had a legal moment."""
        moments, cards = self.hand_moments, self.cards
        gone = [uid for uid in moments if cards[uid].zone != HAND or cards[uid].where != PLAYER]
        for uid in gone:
            if not moments.pop(uid):
                self.no_moment[cards[uid].d.name] += 1

    def no_moment_counts(self) -> Counter[str]:
        """no_moment, with the copies still in hand (the game ended) that have had no legal moment."""
        counts = Counter(self.no_moment)
        for uid, had in self.hand_moments.items():
            if not had:
                counts[self.cards[uid].d.name] += 1
        return counts

    def zones(self) -> Mapping[str, Sequence[CardInstance]]:
        """Every card by zone. Party Members are in "pN.party", other cards in play in "pN.field" (N their
        controller); cards under another card in "pN.under" (N their owner). Tokens are cards while in play
        and cease to exist when they leave it."""
        zones: dict[str, list[CardInstance]] = {}
        for player in (0, 1):
            zones[f"p{player}.deck"] = [p.card for p in self.deck[player]]
            zones[f"p{player}.hand"] = [p.card for p in self.hand[player]]
            zones[f"p{player}.discard"] = [p.card for p in self.discard[player]]
            zones[f"p{player}.party"] = [p.card for p in self.field[player] if p.d.is_party_member]
            zones[f"p{player}.field"] = [p.card for p in self.field[player] if not p.d.is_party_member]
            zones[f"p{player}.under"] = [p.card for p in self.under_pile[player]]
            zones[f"p{player}.removed"] = [p.card for p in self.removed[player]]
        return zones

    def check_invariants(self) -> list[str]:
        problems = super().check_invariants()
        for piece in self.cards:
            listed = self._zone_list(piece)
            if listed is not None and piece not in listed:
                problems.append(f"{piece!r} is not in the {ZONE_NAMES[piece.zone]} it says it is in")
            if piece.d.is_token and (piece.zone == FIELD) != (piece.uid in self.tokens_in_play):
                problems.append(f"token {piece!r} is listed wrongly")
        for player, side in enumerate(self.field):
            problems += [f"{p!r} is on the side of player {player}, not its controller's" for p in side
                         if p.controller != player]
        settled = sum(p.d.settled for p in self.in_play())
        if settled != self.settled_in_play:
            problems.append(f"{settled} cards in play have rules to settle, but {self.settled_in_play} are counted")
        return problems

    def all_token_uids(self) -> frozenset[int]:
        """Uids of the tokens in play now (tokens not in play no longer exist)."""
        return frozenset(self.tokens_in_play)

    def describe(self, move: Move) -> str:
        if move.kind == PASS_KIND:
            return "pass"
        if move.kind == STALL_KIND:
            return f"take a Turn Action that does nothing ({move.initiative})"
        action = self.book.actions[move.action]
        names = [self.cards[t].d.name if t >= 0 else f"player {-1 - t}" for t in move.targets]
        verb = "play" if move.kind == PLAY else "use"
        text = f"{verb} {action.name} ({move.initiative})"
        if move.kind == USE:
            text += f" of {self.cards[move.source].d.name}"
        if names:
            text += " on " + ", ".join(names)
        if move.nested >= 0:
            text += f" with {self.cards[move.nested].d.name}"
        return text

    # --- rounds --------------------------------------------------------------------------------

    def _begin_round(self) -> None:
        self._new_round()
        self.ready_all()
        if self.book.round_start:
            for piece in self.in_play():
                program = piece.d.effects.round_start
                if program and piece.zone == FIELD and not piece.blanked and not piece.defeated:
                    run_program(program, Ctx(self, piece.controller, piece, self._any_action(piece), 0,
                                             performing=False))
        for player in (0, 1):
            self.draw(player, self.hand_value(player) - len(self.hand[player]))
        self.settle()
        self._version += 1
        self._cards_version += 1
        self._open()

    def _new_round(self) -> None:
        """The round's count and its per-round record, fresh."""
        self._version += 1
        self._cards_version += 1
        self.board_version += 1
        self.round += 1
        for seat in (0, 1):
            self.damage_by_seat[seat].append(0)
            self.overkill_by_seat[seat].append(0)
        self.actions_this_round = 0
        self.no_attacks = [False, False]
        self.attacks_played = [0, 0]
        self.lost_this_round = [False, False]
        self.concealed = [False, False]
        self.bonus_actions = [0, 0]
        self.bonus_any = [False, False]
        self.tb_used = [False, False]
        self.performed_this_round = []
        self.bar = NO_LIMIT
        self.turn_player = -1
        self.turn_ctx = None

    def reopen(self) -> None:
        """Start the current round over from its opening Action, as the board now stands (after a position
        has been set up with add_card, to_hand, put_into_play...). Nothing is drawn."""
        self._version += 1
        self._cards_version += 1
        self.bar = NO_LIMIT
        self.turn_player = -1
        self.turn_ctx = None
        self._open()
        self._advance()

    def _open(self) -> None:
        """"the highest-Initiative action available to either players is performed [...]. If this value is
        tied, resolve it randomly." """
        best = [self._best_initiative(0), self._best_initiative(1)]
        if best[0] is None and best[1] is None:
            self.phase = END
            return
        if best[1] is None or (best[0] is not None and best[0] > best[1]):
            opener = 0
        elif best[0] is None or best[1] > best[0]:
            opener = 1
        else:
            opener = self.rng.randrange(2)
        self.phase = OPEN
        self.actor = opener
        self.bar = best[opener]  # type: ignore[assignment]

    def _after_pass(self, player: int, phase: int) -> None:
        """A pass in the Last or Bonus phase (apply_legal turns the Response and Turn phases itself)."""
        if phase == LAST:
            self._to_bonus()
        elif phase == BONUS:
            self.bonus_actions[player] = 0
            self._to_bonus()

    def _after_stall(self, player: int) -> None:
        """The sparring party's do-nothing Turn Action, at the previous Turn Action's Initiative (the bar stays):
        "The player who is not on the turn may respond with any action that has a higher Initiative"."""
        self.turn_player = player
        self.turn_ctx = None
        self.phase, self.actor = RESPOND, 1 - player

    def _after_action(self, player: int, phase: int) -> None:
        """An Action taken in the Response, Last or Bonus phase (apply_legal turns the opening and Turn phases
        itself)."""
        if phase == RESPOND:
            # Katana Lunge: "If this card is responded to, deal 1 damage to a Samurai you control."
            turn_ctx = self.turn_ctx
            if turn_ctx is not None and turn_ctx.action.on_responded:
                run_program(turn_ctx.action.on_responded, turn_ctx)
                self.settle()
            # "When the response resolves [...] the turn passes again"
            self.phase, self.actor = TURN, player
        elif phase == LAST:
            self._to_bonus()
        elif phase == BONUS:
            self.bonus_actions[player] -= 1
            self._to_bonus()

    def _to_bonus(self) -> None:
        for player in (0, 1):
            if self.bonus_actions[player] > 0:
                self.phase, self.actor = BONUS, player
                return
        self.phase = END

    def _advance(self) -> None:
        while not self.over and self.phase == END:
            self._end_round()
            if self.over:
                return
            self._begin_round()

    def _end_round(self) -> None:
        if self.book.round_end:
            for piece in self.in_play():
                program = piece.d.effects.round_end
                if program and piece.zone == FIELD and not piece.blanked and not piece.defeated:
                    run_program(program, Ctx(self, piece.controller, piece, self._any_action(piece), 0,
                                             performing=False))
        self.end_round_effects()
        # "Both hands are then discarded" (the end of the round, not an effect: Phase does not care).
        for player in (0, 1):
            self.discard_hand(player)
        self._settle_moments()
        self.settle()
        if self.round >= self.max_rounds:
            self.over = True

    @staticmethod
    def _any_action(piece: Piece) -> ActionDef:
        """The Action a rule of the card runs under (a Party Member's rules have no Action of their own)."""
        if piece.d.play_action is not None:
            return piece.d.play_action
        return piece.d.actions[0] if piece.d.actions else _RULE_ACTION

    # --- performing ---------------------------------------------------------------------------

    def _perform(self, player: int, move: Move) -> Ctx:
        act = self.book.actions[move.action]
        source = self.cards[move.source]
        ctx = Ctx(self, player, source, act, move.initiative, performing=move.kind == USE)
        for uid in move.targets:
            if uid < 0:
                ctx.players.append(-1 - uid)
            else:
                target = self.cards[uid]
                ctx.targets.append(target)
                ctx.target_zones.append(target.zone)
        ctx.mode = move.mode
        if move.nested >= 0:
            ctx.nested = self.cards[move.nested]
            if move.nested in self.hand_moments:
                self.hand_moments[move.nested] = True  # played along (Fevered Crafting, Dimensional Wave)
            ctx.nested_players = [-1 - uid for uid in move.nested_targets if uid < 0]
            ctx.nested_targets = [self.cards[uid] for uid in move.nested_targets if uid >= 0]
        # Raging Savage's "the next action you perform must be Raging Strike" is met by this Action.
        self.forced[player] = None
        if act.copyable:
            self.performed_this_round.append(act)
        program = act.modes[move.mode].do if move.mode >= 0 else act.program
        if move.kind == PLAY:
            if source.uid in self.hand_moments:
                self.hand_moments[source.uid] = True
            self._take(source)
            source.zone = GONE  # resolving: in no zone until it lands
            self.note_play(player, source)
            if self.round == 1:
                self.first_round_plays[player] = True
            if source.d.is_attack:
                self.attacks_played[player] += 1
            if source.d.category == "Action":
                self.resolving_destination = "discard"
                run_program(program, ctx)
                destination = self.resolving_destination
                if destination == "hand":
                    self._place(source, HAND, player)
                else:
                    source.initiative_override = None
                    self._place(source, REMOVED if destination == "removed" else DISCARD, source.owner)
            else:
                host = ctx.targets[0] if act.targets else None
                self.put_into_play(source, player, host, played=True, wave=ctx.nested)
        else:
            source.exhausted = True
            # "You can only use one Action per card per turn": Trident Catch asks whether the card has performed one.
            source.marks[ACTED] = self.round
            if act.rule == "fresh_experiment" and act.low is not None:
                # "you may increase the Initiative of Fresh Experiment by X by discarding X cards from your hand"
                extra = move.initiative - act.low
                if extra > 0:
                    hand = list(self.hand[player])
                    for card in self.choosers[player].pick(self, player, "discard", hand, extra, extra, ctx):
                        self.discard_from_hand(card)
            run_program(program, ctx)
        if self.settled_in_play:  # settle() has a rule to check
            self.settle()
        return ctx

    # --- legal moves ---------------------------------------------------------------------------

    def _legal_moves(self) -> list[Move]:
        player = self.actor
        low, high, values, may_pass = self.window()
        moves = [PASS] if may_pass else []
        if self.phase == TURN and player == OPPONENT and self.game.sparring:
            moves.append(stall(self.bar))
        for option in self.options(player):
            kind, source, act = option[0], option[1], option[2]
            for value, fewest in self.values_for(option, low, high, values):
                moves.extend(self.expand(player, kind, source, act, value, fewest))
        return moves

    def window(self) -> tuple[int, int, str, bool]:
        """The Initiatives the player to act may act at now, which values to list, and whether they may pass.

        OPEN: exactly the highest Initiative available. RESPOND: "respond with any action that has a higher
        Initiative than the current Turn Action" (ties may be treated as higher for play order). TURN, LAST:
        lower than (or equal to) the previous Turn Action. BONUS: the same, or any after True Resurrection.
        """
        phase, player = self.phase, self.actor
        if phase == OPEN:
            return self.bar, self.bar, "exact", False
        if phase == RESPOND:
            return self.bar, NO_LIMIT, "low", True
        if phase == TURN:
            return 0, self.bar, "all", True
        if phase == BONUS and self.bonus_any[player]:
            return 0, NO_LIMIT, "high", True
        return 0, self.bar, "high", True

    @staticmethod
    def values_for(option: Option, low: int, high: int, values: str) -> list[tuple[int, int]]:
        """The Initiatives to list an option at, each with the fewest targets to list it with.

        The value only matters for a Turn Action (it bounds the next one) and for cards whose effect reads
        it; elsewhere one value stands for all. Where the value bounds nothing, Spread Shot's value only
        buys targets: each number of targets is listed at the highest value that allows it. Each call returns
        a new list, the caller's to keep or change."""
        act = option[2]
        first = option[3] if option[3] > low else low
        last = option[4] if option[4] < high else high
        if first > last:
            return []
        if act.rule is None and values != "all":
            return [(first if values == "low" else last, 1)]
        if act.rule == "spread_shot" and values != "all" and act.high is not None:
            return [(value, 1 if value == last else 2 + act.high - value) for value in range(first, last + 1)]
        return [(value, 1) for value in range(first, last + 1)]

    def _best_initiative(self, player: int) -> int | None:
        """The highest Initiative of an Action the player could perform now."""
        # Only an option higher than the best found so far needs its targets looked at.
        best: int | None = None
        for option in self.options(player):
            high = option[4]
            if (best is None or high > best) and self._performable(player, option[1], option[2]):
                best = high
        return best

    def _performable(self, player: int, source: Piece, act: ActionDef) -> bool:
        """Whether the Action has a legal choice for every target (at its highest Initiative)."""
        if act.modes:
            return any(all(self.candidates(player, source, spec) for spec in mode.targets) for mode in act.modes)
        for spec in act.targets:
            if self.first_candidate(player, source, spec) is None:
                return False
        return act.nested is None or bool(self._nested_choices(player, source, act.nested))

    def options(self, player: int) -> list[Option]:
        """What the player could do now, before Initiative bounds and targets."""
        if self._options_version != self._cards_version:  # _fresh(), asked without a call: many times a move
            self._fresh()
        options = self._options_cache[player]
        if options is None:
            options = self._options_cache[player] = self._work_out_options(player)
        return options

    def _fresh(self) -> None:
        """Forget what was worked out for an earlier version of the state."""
        if self._options_version != self._cards_version:
            self._options_version = self._cards_version
            self._options_cache[0] = self._options_cache[1] = None
            # Emptied, not made anew: the state's own (a copy makes its own, copies.py), and only read through it.
            self._candidates_cache.clear()
            self._opponents_cache.clear()
            self._cards_memo = {}
            self._nox = -1

    def _candidates_store(self, spec: TargetSpec) -> dict[object, list[Any]]:
        """Where the spec's candidates (and choices of one target) are kept: the steady cache of a steady spec."""
        return self._steady_candidates if self._kept_steady(spec) else self._candidates_cache

    def _opponents_store(self, spec: TargetSpec) -> dict[object, list[int]]:
        """Where the spec's opponents_candidates are kept, as _candidates_store."""
        return self._steady_opponents if self._kept_steady(spec) else self._opponents_cache

    def _kept_steady(self, spec: TargetSpec) -> bool:
        """Whether the spec is steady, its caches checked first (once a version of the cards): _steady_check() may
        replace them, so they are read after this."""
        if not steady_spec(spec):
            return False
        if self._steady_version != self._cards_version:
            self._steady_check()
        return True

    def _steady_check(self) -> None:
        """Once a version of the cards: keep the steady caches if what they were worked out of is unchanged, else
        empty them (_fresh() first: the Noxspace answer _targets_view reads is of this version). This holds while every
        change to the cards in play bumps _cards_version (as _perform does before and after a program runs): nothing
        asks for candidates in the middle of a move, where a card moved and moved back would go unseen."""
        if self._options_version != self._cards_version:
            self._fresh()
        self._steady_version = self._cards_version
        view = self._targets_view()
        if view is None or view != self._steady_view:
            self._steady_candidates = {}
            self._steady_opponents = {}
            self._steady_view = view

    def _targets_view(self) -> list[object] | None:
        """What the candidates of a steady spec are worked out of: Noxspace, Vanish, the cards on each side in order,
        and each card with added traits with the set of them and its size (a set only grows while its card is in
        play, and a card that leaves play gets a new one: the set and its size say what is in it). None while a card
        is disguised (Disguise Self: its classes are its Chooser's)."""
        nox = self._nox
        if nox < 0:
            nox = self._nox = int(self.controls_active(0, "noxspace") or self.controls_active(1, "noxspace"))
        concealed, field = self.concealed, self.field
        # The sides copied whole (a list equals another when it holds the same cards in the same order).
        view: list[object] = [nox, concealed[0], concealed[1], field[0][:], field[1][:]]
        for side in field:
            for p in side:
                if p.disguised:
                    return None
                traits = p.traits_added
                if traits:  # most cards have none added: only those that have are listed
                    view.append(p)
                    view.append(traits)
                    view.append(len(traits))
        return view

    def cards_memo(self) -> dict[object, Any]:
        """A memo of what a player works out of the cards alone (their positions, counters, Actions), kept for as long
        as the candidates are: emptied whenever the cards may have changed (an Action performed, a round begun, a
        position set up and reopened), kept across passes. Its keys are the reader's own."""
        if self._options_version != self._cards_version:
            self._fresh()
        return self._cards_memo

    def _work_out_options(self, player: int) -> list[Option]:
        forced = self.forced[player]
        if forced is not None:
            piece, name = forced
            if piece.zone != FIELD or piece.controller != player:
                self.forced[player] = None
            else:
                # "the next action you perform must be Raging Strike"
                return [option for option in self._card_options(player, piece) if option[2].name == name]
        options: list[Option] = []
        camp: bool | None = None  # Sniper's Camp in play: asked only of Attack and Spell Actions
        no_attacks, attacked = self.no_attacks[player], self.attacks_played[player]
        for card in self.hand[player]:
            d = card.d
            # The rules that bar a card in hand this round, asked before anything of its option is made.
            if d.is_attack and no_attacks:
                continue
            if d.is_spell_or_attack_action:
                if camp is None:
                    camp = self.controls_active(player, "camp")
                if camp:
                    continue
            if attacked and d.play_rule == "first_attack":
                continue  # Deadshot: "Play Deadshot only if it is the first Attack you play this round."
            option = card.play_option
            if option is not None and card.initiative_override is None:
                options.append(option)  # type: ignore[arg-type]  # made already: played at its printed Initiatives
                continue
            act = d.play_action
            if act is None:
                continue
            low, high = act.low, act.high
            if low is None or high is None:
                if act.x is None:
                    continue  # Dimensional Wave is played only alongside a Unique card
                low = high = act.x(self, player, card)  # "the value of X will be defined in the card"
            override = card.initiative_override
            if override is not None:
                options.append((PLAY, card, act, override, override))
            elif act.x is not None:
                options.append((PLAY, card, act, low, high))
            else:
                # The option of a card played at its printed Initiatives is the same each time: made once.
                option = card.play_option
                if option is None:
                    option = card.play_option = (PLAY, card, act, low, high)
                options.append(option)  # type: ignore[arg-type]
        for piece in self.field[player]:
            acts = piece.d.actions
            if not acts and not piece.attached and piece.copied is None and piece.trick is None:
                continue  # no Action of its own and none given to it (most equipment): nothing to perform
            if piece.defeated or piece.blanked:
                continue
            if piece.attached or piece.copied is not None or piece.trick is not None:
                options.extend(self._card_options(player, piece))
                continue
            if piece.exhausted:
                if piece.d.acts_while_exhausted:
                    options.extend(self._card_options(player, piece))
                continue
            # The common case, as _card_options has it: an Able card with only its own Actions, each at its
            # printed Initiatives (ActionDef.plain, all of them: then the options are made once, the same each time).
            made = piece.use_options
            if made is not None:
                options.extend(made)  # type: ignore[arg-type]
                continue
            if piece.d.all_plain:
                made = piece.use_options = tuple((USE, piece, act, act.low, act.high) for act in acts)
                options.extend(made)  # type: ignore[arg-type]
                continue
            for act in acts:
                if act.plain:
                    options.append((USE, piece, act, act.low, act.high))  # type: ignore[arg-type]
                else:
                    option = self._option(player, piece, act)
                    if option is not None:
                        options.append(option)
        return options

    def _card_options(self, player: int, piece: Piece) -> list[Option]:
        options: list[Option] = []
        if piece.attached or piece.copied is not None or piece.trick is not None:
            acts = self.actions_of(piece)
        elif piece.defeated or piece.blanked:
            return options
        else:
            acts = piece.d.actions
            if not piece.exhausted:
                # The common case: its own Actions, each at its printed Initiatives (ActionDef.plain).
                for act in acts:
                    option = (USE, piece, act, act.low, act.high) if act.plain else self._option(player, piece, act)
                    if option is not None:
                        options.append(option)  # type: ignore[arg-type]
                return options
        if piece.exhausted:
            # Only an Action usable while Exhausted (Trident Catch) can be: _option says None to the others.
            for act in acts:
                if "exhausted" in act.usable:
                    option = self._option(player, piece, act)
                    if option is not None:
                        options.append(option)
            return options
        attached = piece.attached
        bow = shogun = False
        if attached:
            # What initiative_window asks of the equipment, asked once for all the card's Actions.
            present = self.statics_present
            bow = "bow" in present and self.attached_static(piece, "bow")
            shogun = "shogun" in present and self.attached_static(piece, "shogun") and not self.has_mount(piece)
        for act in acts:
            if act.plain:
                # _option's answer for an Able card and a plain Action, without the call: with equipment, its
                # initiative_window (a plain Action has printed Initiatives and no Initiative rule).
                low, high = act.low, act.high
                if attached:
                    if bow and act.damaging:
                        low, high = low - 1, high + 1  # type: ignore[operator]
                    if shogun:
                        low, high = low - 4, high - 4  # type: ignore[operator]
                    low, high = (low if low > 0 else 0), (high if high > 0 else 0)  # type: ignore[operator]
                options.append((USE, piece, act, low, high))  # type: ignore[arg-type]
                continue
            option = self._option(player, piece, act)
            if option is not None:
                options.append(option)
        return options

    def _option(self, player: int, piece: Piece, act: ActionDef) -> Option | None:
        """The option of one Action of a card in play, if the card can perform it now."""
        if "exhausted" in act.usable:
            # Trident Catch: "You may use this action only if this card is Exhausted"; Trident Hurl: "This card
            # cannot become Able until next round".
            if not piece.exhausted or piece.marks.get("hurled") == self.round:
                return None
            # ... and "You can only use one Action per card per turn": not by a card that has performed an Action this
            # round (Damien after the round's opening), only by one an effect or an earlier round's Hurl exhausted.
            if piece.marks.get(ACTED) == self.round:
                return None
        elif piece.exhausted:
            return None
        low, high = act.low, act.high
        if (low is None or high is None) and act.x is None:
            return None
        if act.requires is not None and not self.in_play_finds(act.requires, player, piece):
            return None  # what it costs cannot be paid (Starshot with nothing to exhaust)
        if low is None or high is None or piece.attached or act.rule is not None:
            low, high = self.initiative_window(piece, act)
        return (USE, piece, act, low, high)

    def actions_of(self, piece: Piece) -> tuple[ActionDef, ...]:
        """The Actions a card in play has now: its own, Observe and Replicate's copy, and those its
        equipment and skills grant. A defeated or Transmuted card has none."""
        if piece.defeated or piece.blanked:
            return ()
        acts = piece.d.actions
        if piece.trick is not None:
            acts = tuple(piece.trick if a.name == "Favourite Trick" else a for a in acts)
        if piece.copied is not None:
            acts = (*acts, piece.copied)
        for item in piece.attached:
            if item.d.grants and not item.blanked and GRANTS_REMOVED not in item.marks:
                acts = (*acts, *item.d.grants)
        return acts

    def initiative_window(self, piece: Piece, act: ActionDef) -> tuple[int, int]:
        if act.low is None or act.high is None:
            assert act.x is not None, f"{act!r} has no Initiative of its own"
            low = high = act.x(self, piece.controller, piece)
        else:
            low, high = act.low, act.high
        if act.rule == "fresh_experiment":
            high = low + len(self.hand[piece.controller])
        if piece.attached:
            # A static no card of the game has is never attached (statics_present): not looked for.
            present = self.statics_present
            if act.damaging and "bow" in present and self.attached_static(piece, "bow"):
                # "Equipped card may treat any Actions it has that deal damage as 1 Initiative higher or lower."
                low, high = low - 1, high + 1
            if "shogun" in present and self.attached_static(piece, "shogun") and not self.has_mount(piece):
                # "Unless equipped card is equipped with a Mount, reduce the Initiative of all actions equipped
                # card would perform by 4."
                low, high = low - 4, high - 4
        # max(., 0) of each, without the two calls: this is asked many times a move.
        return (low if low > 0 else 0), (high if high > 0 else 0)

    def first_move(self, player: int, kind: int, source: Piece, act: ActionDef, value: int,
                   fewest: int = 1) -> Move | None:
        """The first of expand()'s moves (None if there is none), without listing the others."""
        if act.simple:
            if not act.targets:
                return new_move(MOVE_TUPLE, (kind, source.uid, act.uid, value, (), -1, -1, ()))
            first = self.first_candidate(player, source, act.targets[0])
            if first is None:
                return None
            return new_move(MOVE_TUPLE, (kind, source.uid, act.uid, value, (first,), -1, -1, ()))
        if not act.modes and act.nested is None:
            # expand() lists target_sets() in order: its first is each spec's first choice, joined.
            extra = act.high - value if act.rule == "spread_shot" and act.high is not None else 0
            targets: tuple[int, ...] = ()
            for spec in act.targets:
                candidates = self.candidates(player, source, spec)
                if spec.high == 1 and extra == 0:
                    size = 1
                else:
                    size = max(spec.low, fewest)
                    if size > min(spec.high + extra, len(candidates)):
                        return None
                if size > len(candidates):
                    return None
                targets += tuple(candidates[:size])
            return new_move(MOVE_TUPLE, (kind, source.uid, act.uid, value, targets, -1, -1, ()))
        moves = self.expand(player, kind, source, act, value, fewest)
        return moves[0] if moves else None

    def expand(self, player: int, kind: int, source: Piece, act: ActionDef, value: int,
                fewest: int = 1) -> list[Move]:
        uid, action = source.uid, act.uid
        if act.simple:
            # The common case: one "target ..." (or none), no options.
            if not act.targets:
                return [Move(kind, uid, action, value)]
            return [Move(kind, uid, action, value, (target,))
                    for target in self.candidates(player, source, act.targets[0])]
        moves: list[Move] = []
        extra = act.high - value if act.rule == "spread_shot" and act.high is not None else 0
        if act.modes:
            for index, mode in enumerate(act.modes):
                for targets in self.target_sets(player, source, mode.targets, extra):
                    moves.append(Move(kind, source.uid, act.uid, value, targets, index))
            return moves
        target_sets = self.target_sets(player, source, act.targets, extra, fewest)
        if not target_sets:
            return moves
        if act.nested is not None:
            for nested, nested_sets in self._nested_choices(player, source, act.nested):
                for targets in target_sets:
                    for nested_targets in nested_sets:
                        moves.append(Move(kind, source.uid, act.uid, value, targets, -1, nested.uid, nested_targets))
            return moves
        for targets in target_sets:
            moves.append(Move(kind, source.uid, act.uid, value, targets))
        if kind == PLAY and source.d.unique and source.d.category == "Permanent":
            for wave in self.hand[player]:
                if wave.d.play_rule == "with_unique":
                    moves.extend(Move(kind, source.uid, act.uid, value, targets, -1, wave.uid)
                                 for targets in target_sets)
        return moves

    def _nested_choices(self, player: int, source: Piece, how: str) -> list[tuple[Piece, list[tuple[int, ...]]]]:
        choices = []
        if how == "attached":
            # Loose performs an attached Action: its own targets, but not Spread Shot's "as you play it".
            for card in source.under:
                action = card.d.play_action
                if action is not None:
                    sets = self.target_sets(player, card, action.targets, 0)
                    if sets:
                        choices.append((card, sets))
        else:
            for card in self.hand[player]:
                action = card.d.play_action
                if (card.d.category == "Permanent" and action is not None
                        and (action.high is not None or action.x is not None)):
                    sets = self.target_sets(player, card, action.targets, 0)
                    if sets:
                        choices.append((card, sets))
        return choices

    def target_sets(self, player: int, source: Piece, specs: tuple[TargetSpec, ...],
                     extra: int, fewest: int = 1) -> list[tuple[int, ...]]:
        """Every legal choice of targets (the lists returned are shared: read them, never change them)."""
        if not specs:
            return _NO_TARGETS
        if len(specs) == 1 and extra == 0 and specs[0].high == 1:
            return self._single_targets(player, source, specs[0])
        sets: list[tuple[int, ...]] = [()]
        for spec in specs:
            candidates = self.candidates(player, source, spec)
            high = min(spec.high + extra, len(candidates))
            choices: list[tuple[int, ...]]
            if spec.high == 1 and extra == 0:
                choices = [(c,) for c in candidates]
            else:
                low = max(spec.low, fewest)
                choices = [combo for size in range(low, high + 1) for combo in combinations(candidates, size)]
            sets = [chosen + choice for chosen in sets for choice in choices]
            if not sets:
                return []
        return sets

    def _single_targets(self, player: int, source: Piece, spec: TargetSpec) -> list[tuple[int, ...]]:
        """The choices of one target: each candidate alone (worked out once per position, like candidates)."""
        if self._options_version != self._cards_version:  # _fresh(), asked without a call: many times a move
            self._fresh()
        key: object = (spec.key, player, source.uid, 1) if spec.uses_source else -1 - spec.key - player
        cache = self._candidates_store(spec)
        found = cache.get(key)
        if found is None:
            found = cache[key] = [(c,) for c in self.candidates(player, source, spec)]
        return found

    def candidates(self, player: int, source: Piece, spec: TargetSpec) -> list[int]:
        if self._options_version != self._cards_version:  # _fresh(), asked without a call: many times a move
            self._fresh()
        key = candidates_key(spec, player, source)
        cache = self._candidates_store(spec)
        found = cache.get(key)
        if found is None:
            found = cache[key] = self._find_candidates(player, source, spec)
        return found

    def first_candidate(self, player: int, source: Piece, spec: TargetSpec) -> int | None:
        """candidates()[0], None if there is none; a card in play is found without listing the ones after it
        (unless they are listed already): the first that matches on the player's side, else on the other's."""
        if self._options_version != self._cards_version:  # _fresh(), asked without a call: many times a move
            self._fresh()
        key = candidates_key(spec, player, source)
        cache = self._candidates_store(spec)
        found = cache.get(key)
        if found is None and spec.zone == "play":
            if spec.side != THEIR_SIDE:
                first = spec.first(self, self.field[player], player, source)
                if first is not None or spec.side == YOUR_SIDE:
                    return first
            found = self.opponents_candidates(player, source, spec)
        elif found is None:
            found = self.candidates(player, source, spec)
        return found[0] if found else None

    def _find_candidates(self, player: int, source: Piece, spec: TargetSpec) -> list[int]:
        if spec.zone == "player":
            # The asking player first, as its own cards come first below: the same order from either seat.
            return [player_target(player), player_target(1 - player)]
        pred = spec.pred
        if spec.zone == "opponent_discard":
            return [p.uid for p in self.discard[1 - player] if pred(self, p, player, source)]
        # A side that cannot hold a match ("target card you control", "... an opponent controls") is skipped.
        found = [] if spec.side == THEIR_SIDE else spec.select(self, self.field[player], player, source)
        theirs = [] if spec.side == YOUR_SIDE else self.opponents_candidates(player, source, spec)
        # The asking player's own cards first, whichever seat it sits in: a player that takes the first of equal
        # choices takes the same kind of card from either seat.
        return found + theirs

    def opponents_candidates(self, player: int, source: Piece, spec: TargetSpec) -> list[int]:
        """The candidates for a "target" in play that the player's opponent controls (a side's cards in play
        are the cards its player controls), in candidates() order."""
        if self._options_version != self._cards_version:  # _fresh(), asked without a call: many times a move
            self._fresh()
        key = candidates_key(spec, player, source)
        cache = self._opponents_store(spec)
        found = cache.get(key)
        if found is None:
            found = cache[key] = self._find_opponents_candidates(player, source, spec)
        return found

    def _find_opponents_candidates(self, player: int, source: Piece, spec: TargetSpec) -> list[int]:
        other = 1 - player
        # Noxspace: "cards you control cannot be targeted by opponents and you cannot target cards an
        # opponent controls": either player's bars both ways. (An int, not a tuple of the two: a compiled tuple
        # indexed by a variable is boxed anew at each read.)
        nox = self._nox
        if nox < 0:
            nox = self._nox = int(self.controls_active(0, "noxspace") or self.controls_active(1, "noxspace"))
        if nox:
            return []
        theirs = spec.select(self, self.field[other], player, source)
        if theirs and self.concealed[other]:
            theirs = [uid for uid in theirs if not self._vanished(self.cards[uid], player)]
        return theirs

    def _vanished(self, piece: Piece, player: int) -> bool:
        """Vanish: "Wizards and Sorcerors in your party cannot be targeted by opponents until the end of the
        round." (`piece` is a card of a player who played Vanish this round.)"""
        return piece.d.is_party_member and (self.has_trait(piece, "Wizard", player)
                                            or self.has_trait(piece, "Sorceror", player))


def candidates_key(spec: TargetSpec, player: int, source: Piece) -> object:
    """The key of a spec's candidates for a player in the state's caches (candidates(), first_candidate(),
    opponents_candidates()): a number, unless they depend on the acting card."""
    return (spec.key, player, source.uid) if spec.uses_source else spec.key + player


# Atoms of a filter that read no more of a card than its definition, its side of the table (a card "you" control is on
# your side) and its added traits: with "trait:", "not_trait:" (but Samurai, which equipment grants) and "named:"
# ones, a filter of these alone gives the same cards for as long as those stay the same.
_STEADY_ATOMS: Final = frozenset({
    "card", "resource", "party_member", "permanent", "ally", "non_ally", "ally_or_pm", "item", "equip_item", "location",
    "action_card", "martial_attack", "skill_or_spell", "not_evil", "you", "opponent",
})
# steady_spec's answers by TargetSpec.key // 2 (the spec's number): 1 or 0, -1 not asked yet (a list, not a dict: read
# many times a move, and an index costs less than a lookup).
_steady_specs: Final[list[int]] = []


def steady_spec(spec: TargetSpec) -> bool:
    """Whether the spec's candidates are decided by what _targets_view holds: a target in play (or a player) of
    a filter of steady atoms that does not read the acting card."""
    number = spec.key >> 1
    if number >= len(_steady_specs):
        _steady_specs.extend([-1] * (number + 1 - len(_steady_specs)))
    steady = _steady_specs[number]
    if steady < 0:
        steady = _steady_specs[number] = int(spec.zone in ("play", "player") and not spec.uses_source
                                             and all(_steady_atom(atom) for atom in spec.atoms))
    return steady == 1


def _steady_atom(atom: str) -> bool:
    if atom.startswith(("trait:", "not_trait:")):
        return not atom.endswith(":Samurai")
    return atom in _STEADY_ATOMS or atom.startswith("named:")


def _highest(option: Option) -> int:
    return option[4]


_NO_TARGETS: Final[list[tuple[int, ...]]] = [()]  # the one choice of an Action without targets

# Rules of a card that has no Action of its own (a Party Member's Effect) run under this stand-in.
_RULE_ACTION: Final = ActionDef(-1, "Effect", "", "0", Act())
