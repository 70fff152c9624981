"""The Anguish CCG rules engine: a game between the deck's player and a goldfish or a second deck.

How the rules document is read (docs/rules-notes.md, "Anguish CCG: playing the game", says why):

- An Hour is a round: each player takes one turn in it, the starting player first (2.2: "increment
  by 1 following each turn (i.e. Each player proceeds through their Action Phase)"). In each of
  their turns a player may play cards costing up to the Hour in total (9.2). The deck's player
  starts unless a two-deck game says otherwise.
- A turn: draw two and keep one (not the starting player in the 1st Hour, 8.2), then play cards,
  move Creatures and declare at most one attack, in any order, then end the turn (down to 8 cards).
- The Stronghold starts in play (in its own place, not a Creature location); the other cards are the
  Lifeblood.
- Against the goldfish (no deck for the opponent) the opponent has a full Lifeblood of 35 anonymous
  cards (a 36-card deck's, its Stronghold being in play), no hand and no Creatures, and takes empty
  turns; the game ends when the End Game is triggered. With
  two decks the End Game is played out (10.1-10.7) and `winner()` names the winner.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Mapping, Sequence
from itertools import combinations
from typing import Any, Final

from engine.core import OPPONENT, PLAYER, TERMINAL, CardInstance, Game, IllegalAction, State
from engine.deck import ResolvedDeck
from engine.games.anguish import actions as act
from engine.games.anguish.effects import VERBS
from engine.games.anguish.profiles import CREATURE, DISCOVERY, STRONGHOLD, CardProfile, anonymous, profile
from engine.games.anguish.seat import ZONES, Seat
from engine.shuffling import shuffle

LIFEBLOOD_SECTION = "Lifeblood"
FIRST_HOUR: Final = 1
LAST_HOUR: Final = 11
LAST_LIGHT_HOUR: Final = 6  # 2.1: "Hours 1-6 have Light Availability, whereas Hours 7-11 are Absolute Darkness"
OPENING_HAND: Final = 5  # 8.1: "Each player draws 5 cards"
TURN_DRAW: Final = 2  # 9.1: "players draw two cards at the beginning of their turn"
HAND_LIMIT: Final = 8  # 9.1: "Players must never have more than 8 cards in their hand at the end of their turn"
ROW_SIZE: Final = 4  # 7.2: "not more than four cards in the Arsenal and four cards in their Protection"
END_GAME_DRAWS: Final = 3  # 10.2: "both players may draw up to three cards"
END_GAME_PHASES: Final = 2  # 10.7: "At the conclusion of the second End Game phase"
# 4.1: "A standard Lifeblood (i.e. Deck) size is 36 cards, which includes exactly one Stronghold": the
# Stronghold starts in play, so a full Lifeblood to draw from (or mill) holds 35 cards.
GOLDFISH_LIFEBLOOD: Final = 35
GOLDFISH_CARD: Final = "Goldfish Lifeblood card"
NOT_YET: Final = -1  # a stamp no turn or window has
_ONLY_IN_RESPONSE: Final = 1 << 20  # the cost of a response card on its player's turn: more than any budget
_END_GAME_BUDGET: Final = 1 << 19  # what a turn of the End Game can pay for, for _note_moments (10.4: all is free)

# Who decides what, now.
MULLIGAN: Final = "mulligan"
KEEP: Final = "keep"
MAIN: Final = "main"
PROTECT: Final = "protect"
HAND_LIMIT_PHASE: Final = "hand_limit"
END_GAME_DRAW: Final = "end_game_draw"
END_GAME_DISCARD: Final = "end_game_discard"
OVER: Final = "over"

Action = tuple[Any, ...]


class AnguishGame(Game):
    """The deck's cards (and the opponent's), read once: every State of the game shares them."""

    slug = "anguish"

    def __init__(self, deck: ResolvedDeck, opponent: ResolvedDeck | None = None,
                 starting_player: int = PLAYER) -> None:
        if starting_player not in (PLAYER, OPPONENT):
            raise ValueError(f"the starting player is {PLAYER} or {OPPONENT}, not {starting_player}")
        if opponent is None and starting_player != PLAYER:
            raise ValueError("against the goldfish the deck's player starts")
        self.goldfish = opponent is None
        self.starting_player = starting_player
        self.cards: list[CardInstance] = []
        self.names: list[str] = []  # by uid, for the records
        self.profiles: list[CardProfile] = []
        self.owner: list[int] = []
        self.responds: list[bool] = []
        self.lifeblood: list[list[int]] = [[], []]
        self.stronghold: list[list[int]] = [[], []]
        self._add_deck(PLAYER, deck)
        if opponent is None:
            goldfish_card = anonymous(GOLDFISH_CARD)
            for _ in range(GOLDFISH_LIFEBLOOD):
                self.lifeblood[OPPONENT].append(self._add_card(OPPONENT, GOLDFISH_CARD, goldfish_card))
        else:
            self._add_deck(OPPONENT, opponent)
        profiles = self.profiles
        # Per card, read at every attack: whether it may attack in the Hour it was played (9.4), and its
        # Arsenal Score unweakened, in Light Availability and in Absolute Darkness ([dark][uid]).
        self.ambush = [card.ambush for card in profiles]
        self.arsenal_scores = [[max(0, card.arsenal + (card.dark_arsenal if dark else 0)) for card in profiles]
                               for dark in (False, True)]
        # can_attack's last test, for a card nothing has weakened ([dark][uid]): its printed Arsenal
        # Score, or its Score now, is above 0.
        self.strikes = [[card.arsenal > 0 or scores[uid] > 0 for uid, card in enumerate(profiles)]
                        for scores in self.arsenal_scores]
        # Per card, read for the record at every turn's look at the hand (_note_moments): the Hours a
        # play of it costs on its player's turn (0 for a free card; more than any turn, or the End
        # Game, allows for a card that only answers an attack), whether it is a Creature, and the
        # Protection Score it enters play with ([light][uid]).
        self.turn_cost = [_ONLY_IN_RESPONSE if card.response else 0 if card.free else card.cost for card in profiles]
        self.is_creature = [card.kind == CREATURE for card in profiles]
        self.entry_scores = [[entry_protection(card, light) for card in profiles] for light in (False, True)]

    def _add_card(self, player: int, name: str, card_profile: CardProfile) -> int:
        uid = len(self.cards)
        self.cards.append(CardInstance(uid, name))
        self.names.append(name)
        self.profiles.append(card_profile)
        self.owner.append(player)
        # 9.3: it may be played in response to an attack (a response card, or a free card with Ambush)
        self.responds.append(card_profile.response or (card_profile.free and card_profile.ambush))
        return uid

    def _add_deck(self, player: int, deck: ResolvedDeck) -> None:
        for entry in deck.section(LIFEBLOOD_SECTION):
            card_profile = profile(entry.card)
            for _ in range(entry.count):
                uid = self._add_card(player, entry.name, card_profile)
                zone = self.stronghold if card_profile.kind == STRONGHOLD else self.lifeblood
                zone[player].append(uid)
        if len(self.stronghold[player]) != 1:
            raise ValueError(f"a Lifeblood holds exactly one Stronghold; this one holds {len(self.stronghold[player])}")

    def new_initial_state(self, rng: random.Random) -> AnguishState:
        return AnguishState(self, rng)


def entry_protection(card: CardProfile, light: bool) -> int:
    """The Protection Score a card enters play with (with or without Light Availability): 5.1, "cards
    without a Protection Score (i.e. 0) cannot be placed in the defense line"."""
    return card.protection + (card.light_protection if light else 0)


def make_game(deck: ResolvedDeck, **options: Any) -> AnguishGame:
    """The game of a deck: against the goldfish, or `opponent=<ResolvedDeck>` for a two-deck game
    (`starting_player=OPPONENT` lets the second deck start)."""
    return AnguishGame(deck, **options)


# The State's fields by how clone() copies them: values, lists of one value per card, per player lists.
_SCALARS = (
    "hour", "starter", "active", "actor", "phase", "turn_index", "window", "spent", "attack_declared", "end_game",
    "end_game_phase", "initiator", "passes", "acted", "ran_out", "winning_player", "steps", "last_action",
    "damaged", "weakening",
)
_PER_CARD = ("damage", "bonus", "weakened", "summoned", "moved", "to_arsenal", "attacked", "held", "moment")
_PER_PLAYER = ("milled", "overkill", "drawn", "played", "no_effect")


class AnguishState(State):
    __slots__ = (
        "game", "rng", "profiles", "seats", "attackers", "blocks", "queue", "mulligans", "first_turn_play",
        "pending", *_SCALARS, *_PER_CARD, *_PER_PLAYER,
    )

    def __init__(self, game: AnguishGame, rng: random.Random, *, deal: bool = True) -> None:
        """A new game, its Lifebloods shuffled and its opening hands drawn; without `deal`, a state with only
        its Game and stream, each other field to be set (clone sets them: a compiled class is made only
        through its __init__, and a new game would draw from the stream)."""
        self.game = game
        self.rng = rng
        self.profiles = game.profiles
        self.seats: list[Seat] = []
        if not deal:
            return
        for player in (PLAYER, OPPONENT):
            lifeblood = list(game.lifeblood[player])
            if not (game.goldfish and player == OPPONENT):  # anonymous cards need no shuffle
                shuffle(rng, lifeblood)
            stronghold = list(game.stronghold[player])
            strength = self.profiles[stronghold[0]].strength if stronghold else 0
            self.seats.append(Seat(lifeblood, stronghold, strength))
        count = len(game.cards)
        # Per card, while it is in play (reset when it leaves).
        self.damage = [0] * count  # 5.3: "the inflicted damage carry over to subsequent rounds"
        self.bonus = [0] * count  # Protection given by effects
        self.weakened = [0] * count  # Arsenal taken away "this turn"
        # Whether any card may carry damage, or be weakened: most games (every goldfish game) never
        # see either, and then nothing has to look for a card that does.
        self.damaged = False
        self.weakening = False
        self.summoned = [0] * count  # the Hour it was played in
        self.moved = [NOT_YET] * count  # the window it last changed lines in
        self.to_arsenal = [NOT_YET] * count  # the turn it moved from Protection to Arsenal in
        self.attacked = [NOT_YET] * count  # the window it last attacked in
        # Per card, for the record: it was in its player's hand during one of their turns before it had
        # its moment (a card that had one is not looked at again); and it could have been played then (or
        # in response), at some moment.
        self.held = [False] * count
        self.moment = [False] * count
        self.pending: list[int] = []  # cards in hand this turn it could pay for, but not yet play
        self.steps = 0  # actions applied so far, and the last of them (a player can tell its own
        self.last_action: Action | None = None  # move from another's by them)
        self.hour = FIRST_HOUR
        self.starter = game.starting_player
        self.active = self.starter  # whose turn it is
        self.actor = self.starter  # who decides now
        self.turn_index = 0
        self.window = 0  # a turn during the Hours, an End Game phase during the End Game
        self.spent = 0  # Hours spent this turn
        self.attack_declared = False
        self.attackers: list[int] = []
        self.blocks: dict[int, int | None] = {}
        self.end_game = False
        self.end_game_phase = 0
        self.initiator = self.starter
        self.passes = 0  # End Game turns in a row in which the player did nothing
        self.acted = False
        self.ran_out = False  # a Lifeblood ran out during the action being applied
        self.winning_player: int | None = None
        self.milled = [[0] * LAST_HOUR, [0] * LAST_HOUR]  # per player, Lifeblood cards milled per Hour
        self.overkill = [[0] * LAST_HOUR, [0] * LAST_HOUR]  # per player, cards to mill past an empty Lifeblood
        self.drawn: list[list[int]] = [[], []]  # cards that reached the hand
        self.played: list[list[int]] = [[], []]
        self.no_effect: list[list[int]] = [[], []]
        self.mulligans = [0, 0]
        self.first_turn_play: list[bool | None] = [None, None]
        # Players still to make the current decision: a mulligan, an End Game draw or discard.
        self.queue = [p for p in self._turn_order(self.starter) if not self._is_goldfish(p)]
        self.phase = MULLIGAN
        for player in self.queue:
            self._draw(player, OPENING_HAND)
        self.actor = self.queue[0]

    # ----- the State interface -----

    def current_player(self) -> int:
        return TERMINAL if self.phase == OVER else self.actor

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def turn(self) -> int:
        return self.hour

    def winner(self) -> int | None:
        """Who won: against the goldfish, PLAYER when the goldfish's Lifeblood was emptied."""
        return self.winning_player

    def clone(self, rng: random.Random | None = None) -> AnguishState:
        """An exact, independent copy. The Game's per-card data (cards, names, profiles, owners) never
        changes and is shared; every list the game changes is copied."""
        if rng is None:
            rng = random.Random()
            rng.setstate(self.rng.getstate())
        copy = AnguishState(self.game, rng, deal=False)
        copy.seats = [seat.copy() for seat in self.seats]
        for name in _SCALARS:
            setattr(copy, name, getattr(self, name))
        for name in _PER_CARD:
            setattr(copy, name, getattr(self, name)[:])
        for name in _PER_PLAYER:
            setattr(copy, name, [tally[:] for tally in getattr(self, name)])
        copy.attackers = self.attackers[:]
        copy.blocks = dict(self.blocks)
        copy.queue = self.queue[:]
        copy.pending = self.pending[:]
        copy.mulligans = self.mulligans[:]
        copy.first_turn_play = self.first_turn_play[:]
        return copy

    def resample_hidden(self, seat: int, rng: random.Random) -> None:
        """Deal again, from `rng`, what `seat` cannot know: the order of its own Lifeblood (but for the
        cards it put on the bottom or the top itself), and the other player's hand, cards being
        drawn and Lifeblood, shuffled together and dealt back in the same numbers. Everything in
        play, discarded or set aside is seen by both players and stays. (The goldfish's Lifeblood is
        all one anonymous card: there is nothing to deal.)"""
        own = self.seats[seat]
        lifeblood = own.lifeblood
        low, high = own.known_bottom, len(lifeblood) - own.known_top
        if high - low > 1:
            unknown = lifeblood[low:high]
            shuffle(rng, unknown)
            lifeblood[low:high] = unknown
        other = 1 - seat
        if self._is_goldfish(other):
            return
        them = self.seats[other]
        pool = them.hand + them.drawing + them.lifeblood
        shuffle(rng, pool)
        in_hand, drawing = len(them.hand), len(them.drawing)
        them.hand[:] = pool[:in_hand]
        them.drawing[:] = pool[in_hand:in_hand + drawing]
        them.lifeblood[:] = pool[in_hand + drawing:]

    def zones(self) -> Mapping[str, Sequence[CardInstance]]:
        cards = self.game.cards
        out: dict[str, list[CardInstance]] = {}
        for player, seat in enumerate(self.seats):
            for zone in ZONES:
                out[f"p{player}.{zone}"] = [cards[uid] for uid in getattr(seat, zone)]
        return out

    def legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase == OVER:
            return []
        seat = self.seats[self.actor]
        if phase == MAIN:
            return self._main_actions()
        if phase == PROTECT:
            return self._protect_actions()
        if phase == KEEP:
            places = (act.TO_BOTTOM, act.TO_TOP) if self._may_keep_on_top() else (act.TO_BOTTOM,)
            return [(act.KEEP, uid, place) for uid in seat.drawing for place in places]
        if phase == MULLIGAN:
            return [(act.MULLIGAN, chosen) for size in range(len(seat.hand) + 1)
                    for chosen in combinations(seat.hand, size)]
        if phase == HAND_LIMIT_PHASE:
            return [(act.BOTTOM, uid) for uid in seat.hand]
        if phase == END_GAME_DRAW:
            return [(act.DRAW, n) for n in range(min(END_GAME_DRAWS, len(seat.lifeblood)) + 1)]
        return [(act.DISCARD, uid) for uid in seat.hand]  # END_GAME_DISCARD

    def apply_action(self, action: Hashable) -> None:
        if not isinstance(action, tuple) or action not in self.legal_actions():
            raise IllegalAction(f"{action!r} is not a legal action now ({self.phase}, player {self.actor})")
        self.apply_trusted(action)

    def apply_trusted(self, action: Hashable) -> None:
        """Apply an action known to be legal (a Player returns only legal actions, so the check is
        skipped; the tests play the players through apply_action to show that they do)."""
        move: Action = action  # type: ignore[assignment]  # every Anguish action is a tuple
        self.steps += 1
        self.last_action = move
        _HANDLERS[move[0]](self, move)
        if self.pending and self.phase == MAIN:
            self._recheck_pending()
        if self.ran_out and not self.end_game and self.phase != OVER:
            self._trigger_end_game()

    def invariant_problems(self) -> list[str]:
        """What the rules forbid at any moment: the Hour outside 1-11, overspending, more than four
        Creatures in a line, a Creature without Protection in the Defense Line or still in play at 0,
        a hand over 8 outside its player's turn, a Stronghold above its starting strength."""
        problems: list[str] = []
        if not FIRST_HOUR <= self.hour <= LAST_HOUR:
            problems.append(f"the Hour is {self.hour}")
        if self.spent > self.hour and not self.end_game:
            problems.append(f"{self.spent} Hours spent in Hour {self.hour}")
        for player, seat in enumerate(self.seats):
            for name, row in (("Arsenal", seat.arsenal), ("Protection", seat.protection)):
                if len(row) > ROW_SIZE:
                    problems.append(f"player {player} has {len(row)} cards in the {name}")
                problems += [f"{self.profiles[uid].name} is not a Creature but is in the {name}"
                             for uid in row if self.profiles[uid].kind != CREATURE]
            for uid in seat.in_play():
                if self.damage[uid] > 0 and self.protection_of(uid) <= 0:
                    problems.append(f"{self.profiles[uid].name} has no Protection left but is still in play")
            problems += [f"{self.profiles[uid].name} in the Defense Line has no Protection Score"
                         for uid in seat.protection if self.protection_of(uid) <= 0]
            waiting = player != self.active and self.phase in (MAIN, PROTECT, KEEP, HAND_LIMIT_PHASE)
            if waiting and len(seat.hand) > HAND_LIMIT:
                problems.append(f"player {player} holds {len(seat.hand)} cards outside their turn")
            if seat.stronghold and seat.strength > self.profiles[seat.stronghold[0]].strength:
                problems.append(f"player {player}'s Stronghold is above its starting strength")
        return problems

    # ----- what a card can do now -----

    def light(self) -> bool:
        """6.1-6.2: Light Availability in Hours 1-6; Absolute Darkness in 7-11 and in the End Game."""
        return not self.end_game and self.hour <= LAST_LIGHT_HOUR

    def arsenal_of(self, uid: int) -> int:
        card = self.profiles[uid]
        arsenal = card.arsenal - self.weakened[uid]
        # not self.light(), inlined: the Arsenal Score is read for every attack and every attacker
        if card.dark_arsenal and (self.end_game or self.hour > LAST_LIGHT_HOUR):
            arsenal += card.dark_arsenal
        return arsenal if arsenal > 0 else 0

    def protection_of(self, uid: int) -> int:
        """The Protection Score remaining: printed, plus bonuses, less the damage it carries."""
        card = self.profiles[uid]
        protection = card.protection + self.bonus[uid] - self.damage[uid]
        # self.light(), inlined (and only asked of a card with a Light bonus): read for every defender
        if card.light_protection and not self.end_game and self.hour <= LAST_LIGHT_HOUR:
            protection += card.light_protection
        return protection

    def can_attack(self, uid: int) -> bool:
        """9.4: not on the Hour it was played unless it has Ambush; 7.1: not on a turn it moved from
        Protection to Arsenal; once a window (a turn, or an End Game phase). The Arsenal Score, the
        dearest to work out, is looked at last."""
        card = self.profiles[uid]
        return (
            self.attacked[uid] != self.window
            and self.to_arsenal[uid] != self.turn_index
            and (self.end_game or self.summoned[uid] < self.hour or card.ambush)
            and (card.arsenal > self.weakened[uid] or self.arsenal_of(uid) > 0)  # the printed Score is enough
        )

    def budget(self) -> int:
        """Hours left to spend this turn; in the End Game cards are played free of cost (10.4)."""
        return LAST_HOUR if self.end_game else self.hour - self.spent

    def cost_of(self, uid: int) -> int:
        card = self.profiles[uid]
        return 0 if self.end_game or card.free else card.cost

    # ----- legal actions -----

    def targets_for(self, player: int, uid: int) -> list[int | None]:
        """What the card `uid` may target if `player` plays it now ([] when a Discovery has nothing to target)."""
        return self._targets(player, self.profiles[uid], uid)

    def _main_actions(self) -> list[Action]:
        player = self.active
        seat = self.seats[player]
        out = self._play_actions(player, responding=False)
        for uid in seat.arsenal:
            if self.moved[uid] != self.window and len(seat.protection) < ROW_SIZE and self.protection_of(uid) > 0:
                out.append((act.MOVE, uid))
        for uid in seat.protection:
            if self.moved[uid] != self.window and len(seat.arsenal) < ROW_SIZE:
                out.append((act.MOVE, uid))
        if len(seat.arsenal) == ROW_SIZE and len(seat.protection) == ROW_SIZE:
            out += [(act.SWAP, front, back) for front in seat.arsenal
                    if self.moved[front] != self.window and self.protection_of(front) > 0
                    for back in seat.protection if self.moved[back] != self.window]
        if not self.attack_declared:
            ready = [uid for uid in seat.arsenal if self.can_attack(uid)]
            out += [(act.ATTACK, chosen) for size in range(1, len(ready) + 1)
                    for chosen in combinations(ready, size)]
        out.append((act.END,))
        return out

    def _protect_actions(self) -> list[Action]:
        defender = self.actor
        attacker = self._unassigned_attacker()
        taken = set(self.blocks.values())
        out: list[Action] = [(act.PROTECT, attacker, uid) for uid in self.seats[defender].protection
                             if uid not in taken]
        out.append((act.PROTECT, attacker, None))
        return out + self._play_actions(defender, responding=True)

    def _play_actions(self, player: int, responding: bool) -> list[Action]:
        """Every card `player` may play now. While responding to an attack, only cards without an
        Hour that have Ambush (9.3), for free, into a free location."""
        seat = self.seats[player]
        budget = 0 if responding else self.budget()
        full = len(seat.arsenal) == ROW_SIZE and len(seat.protection) == ROW_SIZE
        out: list[Action] = []
        for uid in seat.hand:
            card = self.profiles[uid]
            if (not self._may_respond(uid)) if responding else card.response:
                continue
            if self.cost_of(uid) > budget:
                continue
            if card.kind == CREATURE:
                targets = self._targets(player, card, uid)
                for row in self._rows_for(seat, uid):
                    out += [(act.PLAY, uid, row, target) for target in targets]
                if full and not responding:
                    for old in seat.in_play():
                        if old in seat.arsenal or self.entry_protection(uid) > 0:
                            out += [(act.REPLACE, uid, old, target)
                                    for target in self._targets(player, card, uid, leaving=old)]
            elif card.kind == DISCOVERY:
                out += [(act.PLAY, uid, None, target) for target in self._targets(player, card, uid)]
        return out

    def _rows_for(self, seat: Seat, uid: int) -> list[str]:
        rows = [act.ARSENAL] if len(seat.arsenal) < ROW_SIZE else []
        # 5.1: "cards without a Protection Score (i.e. 0) cannot be placed in the defense line"
        if len(seat.protection) < ROW_SIZE and self.entry_protection(uid) > 0:
            rows.append(act.PROTECTION)
        return rows

    def entry_protection(self, uid: int) -> int:
        return entry_protection(self.profiles[uid], self.light())

    def _targets(self, player: int, card: CardProfile, uid: int, leaving: int | None = None) -> list[int | None]:
        """The targets of a card's targeted step. A Creature's "When played" step without a target
        does nothing (the Creature is still played); a Discovery needs its target."""
        if card.target is None:
            return [None]
        if card.target == "attacker":
            found: list[int | None] = list(self.attackers)
        elif card.target == "enemy":
            found = list(self.seats[1 - player].in_play())
        else:
            found = [c for c in self.seats[player].in_play() if c != leaving]
            if card.kind == CREATURE:
                found.append(uid)  # once played it is a Creature its player controls
        if not found and card.kind == CREATURE:
            return [None]
        return found

    def _unassigned_attacker(self) -> int:
        return next(uid for uid in self.attackers if uid not in self.blocks)

    def _may_keep_on_top(self) -> bool:
        # 8.2: the next player's first draw: "the other is placed on either the top or bottom"
        return self.hour == FIRST_HOUR and self.active != self.starter

    # ----- applying actions -----

    # Each handler takes the action whole (its first item names the handler): unpacking it into
    # arguments at every action would cost a slice and a tuple.

    def _mulligan(self, action: Action) -> None:
        chosen: tuple[int, ...] = action[1]
        player = self.actor
        seat = self.seats[player]
        for uid in chosen:
            seat.hand.remove(uid)
            seat.put_bottom(uid)
        if chosen:
            self.mulligans[player] += 1
            self._draw(player, len(chosen))
        self.queue.pop(0)
        if self.queue:
            self.actor = self.queue[0]
        else:
            self._start_turn(self.starter)

    def _keep(self, action: Action) -> None:
        _, uid, place = action
        seat = self.seats[self.actor]
        first, second = seat.drawing  # the two cards drawn
        other = second if first == uid else first
        seat.drawing.clear()
        # self._to_hand(self.actor, [uid]), less what cannot apply: this is no main phase
        seat.hand.append(uid)
        self.drawn[self.actor].append(uid)
        if place == act.TO_TOP:
            seat.put_top(other)
        else:  # seat.put_bottom(other), inlined: at every turn but the first
            seat.lifeblood.insert(0, other)
            seat.known_bottom += 1
        # self._begin_main(), inlined (at every turn but the first)
        self.phase = MAIN
        self.actor = self.active
        self.pending = []
        if self.first_turn_play[self.active] is None:
            self.first_turn_play[self.active] = any(self._playable(self.active, uid, responding=False)
                                                    for uid in seat.hand)
        self._note_moments(self.active, seat.hand)

    def _play(self, action: Action) -> None:
        _, uid, row, target = action
        player = self.actor
        seat = self.seats[player]
        card = self.profiles[uid]
        seat.hand.remove(uid)
        if self.phase == MAIN:
            self.spent += 0 if self.end_game or card.free else card.cost  # self.cost_of(uid)
            self.acted = True
        if card.kind == CREATURE:
            (seat.arsenal if row == act.ARSENAL else seat.protection).append(uid)
            self.summoned[uid] = self.hour
        self.played[player].append(uid)
        if not card.implemented:
            self.no_effect[player].append(uid)
        for verb, amount in card.on_play:
            _STEPS[verb](self, player, amount, target)
        if card.kind != CREATURE:
            seat.discard.append(uid)  # a Discovery is used once
        if self.damaged:  # (_settle looks for nothing otherwise: asked here, it is not called)
            self._settle()
        if self.phase == PROTECT and not any(uid not in self.blocks for uid in self.attackers):
            self._resolve_attack()  # a response removed the last attacker waiting for Protection

    def _replace(self, action: Action) -> None:
        _, uid, old, target = action
        seat = self.seats[self.actor]
        row = act.ARSENAL if old in seat.arsenal else act.PROTECTION
        self._leave_play(old)
        self._play((act.PLAY, uid, row, target))

    def _move(self, action: Action) -> None:
        uid: int = action[1]
        seat = self.seats[self.actor]
        if uid in seat.arsenal:
            seat.arsenal.remove(uid)
            seat.protection.append(uid)
        else:
            seat.protection.remove(uid)
            seat.arsenal.append(uid)
            self.to_arsenal[uid] = self.turn_index
        self.moved[uid] = self.window
        self.acted = True  # 10.5: in the End Game moving a card "costs as a move"

    def _swap(self, action: Action) -> None:
        _, front, back = action
        seat = self.seats[self.actor]
        seat.arsenal[seat.arsenal.index(front)] = back
        seat.protection[seat.protection.index(back)] = front
        self.moved[front] = self.moved[back] = self.window
        self.to_arsenal[back] = self.turn_index
        self.acted = True

    def _attack(self, action: Action) -> None:
        chosen: tuple[int, ...] = action[1]
        self.attack_declared = True
        self.acted = True
        attacked, window = self.attacked, self.window
        for uid in chosen:
            attacked[uid] = window
        defender = 1 - self.active
        seat = self.seats[defender]
        responds = self.game.responds
        if not seat.protection and not (seat.hand and any([responds[uid] for uid in seat.hand])):
            self._unanswered(defender, chosen)
            return
        self.attackers = list(chosen)
        self.blocks = {}
        self.phase = PROTECT
        self.actor = defender
        for uid in seat.hand:
            if not self.moment[uid] and self._playable(defender, uid, responding=True):
                self.moment[uid] = True

    def _unanswered(self, defender: int, chosen: tuple[int, ...]) -> None:
        """An attack the defender cannot answer (no Creature to align, no card to play in response; every
        attack on the goldfish): _resolve_attack with every attacker unprotected, at once. Outside an
        attack there are no attackers and no alignments, so there are none to clear."""
        if self.weakening:
            unprotected = sum(map(self.arsenal_of, chosen))
        else:  # nothing weakened: each attacker's Score is the table's (self.arsenal_of, read once)
            scores = self.game.arsenal_scores[self.end_game or self.hour > LAST_LIGHT_HOUR]
            unprotected = 0
            for uid in chosen:
                unprotected += scores[uid]
        if self.end_game:
            self.seats[defender].strength -= unprotected
        elif unprotected:
            self._mill(defender, unprotected)
        if self.damaged:
            self._settle()

    def goldfish_attack(self) -> bool:
        """apply_trusted((act.ATTACK, every Creature of the active player that may attack)) against the
        goldfish, in one pass over the Arsenal that marks each attacker and adds up what it mills; False,
        with nothing changed, when none may attack. Against the goldfish no attack is answered (it has no
        Creature to align and no hand: _unanswered), nothing is weakened or damaged (it plays nothing),
        and no attack comes in the End Game (the game ends when it would begin). It is asked for the turn's
        attack only, before it is declared: no Creature has attacked in this window yet (a window is a turn
        outside the End Game, and only an attack marks a Creature as attacked in it)."""
        window, turn, hour = self.window, self.turn_index, self.hour
        attacked, to_arsenal, summoned, game = self.attacked, self.to_arsenal, self.summoned, self.game
        dark = hour > LAST_LIGHT_HOUR
        strikes, scores, ambush = game.strikes[dark], game.arsenal_scores[dark], game.ambush
        chosen = []
        milled = 0
        for uid in self.seats[self.active].arsenal:
            # self.can_attack(uid), with nothing weakened, outside the End Game and before the turn's attack
            # (as safe_attackers reads it; Ambush asked first: most attackers have it)
            if to_arsenal[uid] != turn and strikes[uid] and (ambush[uid] or summoned[uid] < hour):
                attacked[uid] = window
                milled += scores[uid]
                chosen.append(uid)
        if not chosen:
            return False
        self.steps += 1
        self.last_action = (act.ATTACK, tuple(chosen))
        self.attack_declared = self.acted = True
        if milled:
            self._mill(OPPONENT, milled)
            if self.ran_out:  # as apply_trusted ends the Hours when a Lifeblood runs out
                self._trigger_end_game()
        return True

    def _may_respond(self, uid: int) -> bool:
        return self.game.responds[uid]

    def _protect(self, action: Action) -> None:
        _, attacker, defender = action
        self.blocks[attacker] = defender
        if all(uid in self.blocks for uid in self.attackers):
            self._resolve_attack()

    def _resolve_attack(self) -> None:
        """5.2-5.3: each attacker aligned with a defender trades blows with it; the Arsenal Scores of
        the attackers left unprotected mill the defender's Lifeblood (in the End Game, hit the
        Stronghold). A card without a Protection Score that is aligned with another is discarded."""
        defender = 1 - self.active
        unprotected = 0
        doomed: list[int] = []
        blocks = self.blocks
        for attacker in self.attackers:
            blocker = blocks.get(attacker)
            if blocker is None:
                unprotected += self.arsenal_of(attacker)
                continue
            hits = ((blocker, self.arsenal_of(attacker)), (attacker, self.arsenal_of(blocker)))
            for uid, hit in hits:
                if self.protection_of(uid) <= 0:
                    doomed.append(uid)
                else:
                    self.damage[uid] += hit
                    self.damaged = True
        for uid in doomed:
            self._leave_play(uid)
        self.attackers = []
        self.blocks = {}
        if self.end_game:
            self.seats[defender].strength -= unprotected
        elif unprotected:
            self._mill(defender, unprotected)
        if self.damaged:
            self._settle()
        self.phase = MAIN
        self.actor = self.active

    def _end(self, action: Action) -> None:
        if self.end_game:
            self.passes = 0 if self.acted else self.passes + 1
            self._clear_turn_effects()
            if self.passes >= 2:
                self._end_phase()
            else:
                self._start_turn(1 - self.active)
        elif len(self.seats[self.active].hand) > HAND_LIMIT:
            self.phase = HAND_LIMIT_PHASE
        else:
            self._finish_turn()

    def _bottom(self, action: Action) -> None:
        uid: int = action[1]
        seat = self.seats[self.active]
        seat.hand.remove(uid)
        seat.put_bottom(uid)
        if len(seat.hand) <= HAND_LIMIT:
            self._finish_turn()

    def _end_game_draw(self, action: Action) -> None:
        self._draw(self.actor, action[1])
        self.queue.pop(0)
        if self.queue:
            self.actor = self.queue[0]
        else:
            self._end_game_discards()

    def _discard(self, action: Action) -> None:
        uid: int = action[1]
        seat = self.seats[self.actor]
        seat.hand.remove(uid)
        seat.discard.append(uid)
        if len(seat.hand) <= HAND_LIMIT:
            self.queue.pop(0)
            if self.queue:
                self.actor = self.queue[0]
            else:
                self._begin_end_game_phases()

    # ----- card effects (the verbs of effects.py) -----

    def _damage_enemy(self, player: int, amount: int, target: int | None) -> None:
        if target is not None and self.seats[1 - player].row_of(target) is not None:
            self.damage[target] += amount
            self.damaged = True

    def _protect_own(self, player: int, amount: int, target: int | None) -> None:
        if target is not None and self.seats[player].row_of(target) is not None:
            self.bonus[target] += amount

    def _draw_step(self, player: int, amount: int, target: int | None) -> None:
        self._draw(player, amount)

    def _mill_opponent(self, player: int, amount: int, target: int | None) -> None:
        self._mill(1 - player, amount)

    def _weaken_attacker(self, player: int, amount: int, target: int | None) -> None:
        if target in self.attackers:
            self.weakened[target] += amount
            self.weakening = True

    # ----- the flow of the game -----

    def _turn_order(self, first: int) -> tuple[int, int]:
        return (first, 1 - first)

    def _is_goldfish(self, player: int) -> bool:
        return self.game.goldfish and player == OPPONENT

    def _draw(self, player: int, count: int) -> None:
        """Draw into the hand. 10.6: in the End Game, each card that cannot be drawn is 1 damage to
        the player's own Stronghold."""
        seat = self.seats[player]
        taken = seat.take(count)
        self._to_hand(player, taken)
        if count and not seat.lifeblood:
            self.ran_out = True
        if self.end_game:
            seat.strength -= count - len(taken)

    def _to_hand(self, player: int, cards: list[int]) -> None:
        self.seats[player].hand += cards
        self.drawn[player] += cards
        if self.phase == MAIN and player == self.active and cards:  # drawn by an effect, mid-turn
            self._note_moments(player, cards)

    def _mill(self, player: int, count: int) -> None:
        """Discard the top `count` cards of the Lifeblood. 3.3: what is left over when it runs out does
        not carry over, except in the End Game, where it hits the Stronghold (10.6)."""
        seat = self.seats[player]
        milled = 0  # the cards taken
        if count:
            # seat.take(count), inlined: every attack that gets through mills
            lifeblood = seat.lifeblood
            taken = lifeblood[-count:]
            del lifeblood[-count:]
            taken.reverse()
            if seat.known_top:
                seat.known_top = max(0, seat.known_top - count)
            if seat.known_bottom > len(lifeblood):
                seat.known_bottom = len(lifeblood)
            seat.discard += taken
            milled = len(taken)
            if not lifeblood:
                self.ran_out = True
        self.milled[player][self.hour - 1] += milled
        if self.end_game:
            seat.strength -= count - milled
        elif count > milled:
            self.overkill[player][self.hour - 1] += count - milled

    def _leave_play(self, uid: int) -> None:
        seat = self.seats[self.game.owner[uid]]
        row = seat.row_of(uid)
        if row is not None:
            row.remove(uid)
            seat.discard.append(uid)
        self.damage[uid] = self.bonus[uid] = self.weakened[uid] = 0
        self.moved[uid] = self.to_arsenal[uid] = self.attacked[uid] = NOT_YET
        if uid in self.attackers:
            self.attackers.remove(uid)
        self.blocks.pop(uid, None)
        for attacker, blocker in self.blocks.items():
            if blocker == uid:
                self.blocks[attacker] = None

    def _settle(self) -> None:
        """5.3: "if a card results in a Protection Score of zero or below, send the card to the discard
        pile" (a card that has taken damage; one printed without Protection stays until hit)."""
        if not self.damaged:
            return  # no card has taken damage (all a goldfish game ever sees): nothing to look for
        damage = self.damage
        if not any(damage):
            self.damaged = False  # the cards that took damage have all left play
            return
        for seat in self.seats:
            # A copy of the lines: a card that leaves play leaves its line while this goes through it.
            for uid in seat.in_play():
                if damage[uid] > 0 and self.protection_of(uid) <= 0:
                    self._leave_play(uid)

    def _clear_turn_effects(self) -> None:
        if not self.weakening:
            return  # nothing weakened this turn (a card's weakening ends when it leaves play)
        weakened = self.weakened
        for seat in self.seats:
            for uid in seat.in_play():
                weakened[uid] = 0
        self.weakening = False

    def _start_turn(self, player: int) -> None:
        self.turn_index += 1
        if not self.end_game:
            self.window = self.turn_index
        self.active = self.actor = player
        self.spent = 0
        self.attack_declared = False
        self.acted = False
        if self.end_game or (self.hour == FIRST_HOUR and player == self.starter):
            # 8.2: "The starting player will not draw cards at the beginning of the 1st Hour."
            self._begin_main()
            return
        seat = self.seats[player]
        lifeblood = seat.lifeblood
        if len(lifeblood) >= TURN_DRAW:
            # seat.take(TURN_DRAW), inlined (once a turn): the top card first
            seat.drawing = [lifeblood.pop(), lifeblood.pop()]
            if seat.known_top:
                seat.known_top = max(0, seat.known_top - TURN_DRAW)
            if seat.known_bottom > len(lifeblood):
                seat.known_bottom = len(lifeblood)
            self.phase = KEEP
            return
        drawn = seat.take(TURN_DRAW)
        self._to_hand(player, drawn)  # the last card of the Lifeblood: nothing to choose
        if drawn and not seat.lifeblood:
            self.ran_out = True
        self._begin_main()

    def _begin_main(self) -> None:
        self.phase = MAIN
        self.actor = self.active
        self.pending = []
        hand = self.seats[self.active].hand
        if self.first_turn_play[self.active] is None:
            self.first_turn_play[self.active] = any(self._playable(self.active, uid, responding=False) for uid in hand)
        self._note_moments(self.active, hand)

    # ----- moments: for the record, whether a card in hand could ever be played -----

    def _note_moments(self, player: int, cards: list[int]) -> None:
        """Cards in `player`'s hand during their turn: each that has not had its moment yet is held,
        and has it if it may be played now. One it can pay for but not play yet (no target, no place) is looked at again
        after each action of the turn, unless nothing the player does can change that (a card that
        only answers an attack, an enemy target against the goldfish); one too dear now stays too
        dear for the rest of the turn (the Hours left only go down)."""
        held, moment, game = self.held, self.moment, self.game
        budget = _END_GAME_BUDGET if self.end_game else self.hour - self.spent  # self.budget(), but all is free
        seat = self.seats[player]
        # A Creature it can pay for may be played into a free Arsenal location, into a free Defense
        # Line location with a Protection Score, or, every location full, in place of another (7.1).
        anywhere = len(seat.arsenal) < ROW_SIZE or len(seat.protection) == ROW_SIZE
        turn_cost, is_creature = game.turn_cost, game.is_creature
        entry = game.entry_scores[not self.end_game and self.hour <= LAST_LIGHT_HOUR]  # [self.light()]
        for uid in cards:
            if moment[uid]:
                continue  # (held or not: a card with its moment is never one the record counts)
            held[uid] = True
            if turn_cost[uid] > budget:
                continue
            # self._playable(player, uid, responding=False), for a card it can pay for
            if is_creature[uid]:
                if anywhere or entry[uid] > 0:
                    moment[uid] = True
                    continue
                self.pending.append(uid)
                continue
            card = self.profiles[uid]
            if card.kind == DISCOVERY and self._targets(player, card, uid):
                moment[uid] = True
            elif not (card.target == "enemy" and game.goldfish):
                self.pending.append(uid)

    def _recheck_pending(self) -> None:
        hand = self.seats[self.active].hand
        waiting = []
        for uid in self.pending:
            if uid in hand and not self.moment[uid]:
                if self._playable(self.active, uid, responding=False):
                    self.moment[uid] = True
                else:
                    waiting.append(uid)
        self.pending = waiting

    def _playable(self, player: int, uid: int, responding: bool) -> bool:
        """`uid` may be played now by `player` (one of _play_actions' cards), responding to an attack
        or on their turn."""
        card = self.profiles[uid]
        if responding:
            if not self._may_respond(uid):
                return False
        elif card.response:
            return False
        cost = 0 if self.end_game or card.free else card.cost  # self.cost_of(uid)
        if cost > (0 if responding else self.budget()):
            return False
        if card.kind == CREATURE:
            seat = self.seats[player]
            if len(seat.arsenal) < ROW_SIZE:
                return True
            if len(seat.protection) < ROW_SIZE:
                return self.entry_protection(uid) > 0
            return not responding  # 7.1: every location full, it may replace a Creature
        return card.kind == DISCOVERY and bool(self._targets(player, card, uid))

    def _finish_turn(self) -> None:
        if self.weakening:  # (else _clear_turn_effects has nothing to clear)
            self._clear_turn_effects()
        following = 1 - self.active
        if following != self.starter and not (self.game.goldfish and following == OPPONENT):  # _is_goldfish
            self._start_turn(following)
            return
        # The Hour ends (the goldfish "plays nothing": its turn passes with nothing to do).
        if self.hour == LAST_HOUR:
            self._trigger_end_game()  # 10.1: "or at the end of the 11th Hour"
            return
        self.hour += 1
        if self.hour == LAST_LIGHT_HOUR + 1 and self.damaged:
            self._settle()  # Absolute Darkness: the Light Availability bonuses end
        self._start_turn(self.starter)

    def _trigger_end_game(self) -> None:
        """10.1-10.3. Against the goldfish the game ends here; otherwise the End Game begins."""
        self.ran_out = False
        self.attackers = []
        self.blocks = {}
        if self.game.goldfish:
            self._finish(PLAYER if not self.seats[OPPONENT].lifeblood else None)
            return
        self.end_game = True
        self._clear_turn_effects()
        self._settle()  # 6.2: "The default light availability in the End Game is absolute darkness"
        remaining = [bool(seat.lifeblood) for seat in self.seats]
        # 10.3: "The player with Lifeblood remaining initiates the End Game. If both players have
        # Lifeblood remaining (or if neither do), then the player who started the game initiates"
        self.initiator = remaining.index(True) if remaining.count(True) == 1 else self.starter
        self.queue = [p for p in self._turn_order(self.initiator) if remaining[p]]
        if self.queue:
            self.phase = END_GAME_DRAW
            self.actor = self.queue[0]
        else:
            self._end_game_discards()

    def _end_game_discards(self) -> None:
        self.queue = [p for p in self._turn_order(self.initiator) if len(self.seats[p].hand) > HAND_LIMIT]
        if self.queue:
            self.phase = END_GAME_DISCARD
            self.actor = self.queue[0]
        else:
            self._begin_end_game_phases()

    def _begin_end_game_phases(self) -> None:
        # 10.2: "Once the End Game begins, both players discard their Lifeblood, if applicable."
        for seat in self.seats:
            seat.discard += seat.empty_lifeblood()
        self.end_game_phase = 1
        self._start_phase()

    def _start_phase(self) -> None:
        self.window += 1
        self.passes = 0
        self._start_turn(self.initiator)

    def _end_phase(self) -> None:
        """10.7: the game ends after the first phase if a Stronghold is destroyed, else after the second;
        the player with the highest remaining Stronghold wins."""
        destroyed = any(seat.strength <= 0 for seat in self.seats)
        if self.end_game_phase < END_GAME_PHASES and not destroyed:
            self.end_game_phase += 1
            self._start_phase()
            return
        mine, theirs = (seat.strength for seat in self.seats)
        self._finish(PLAYER if mine > theirs else OPPONENT if theirs > mine else None)

    def _finish(self, winner: int | None) -> None:
        self.winning_player = winner
        self.phase = OVER
        self.actor = TERMINAL


_HANDLERS: Final[dict[str, Callable[[AnguishState, Action], None]]] = {
    act.MULLIGAN: AnguishState._mulligan,
    act.KEEP: AnguishState._keep,
    act.PLAY: AnguishState._play,
    act.REPLACE: AnguishState._replace,
    act.MOVE: AnguishState._move,
    act.SWAP: AnguishState._swap,
    act.ATTACK: AnguishState._attack,
    act.PROTECT: AnguishState._protect,
    act.END: AnguishState._end,
    act.BOTTOM: AnguishState._bottom,
    act.DRAW: AnguishState._end_game_draw,
    act.DISCARD: AnguishState._discard,
}

_STEPS: Final[dict[str, Callable[[AnguishState, int, int, int | None], None]]] = {
    "damage_enemy": AnguishState._damage_enemy,
    "protect_own": AnguishState._protect_own,
    "draw": AnguishState._draw_step,
    "mill_opponent": AnguishState._mill_opponent,
    "weaken_attacker": AnguishState._weaken_attacker,
}

# Every verb that runs when played must be one the state can run; static verbs are read by
# arsenal_of and protection_of. A verb added to effects.py without a handler fails here, at import.
_missing = {verb for verb, spec in VERBS.items() if spec.timing != "static"} - set(_STEPS)
if _missing:
    raise ImportError(f"effect verbs without a handler in state.py: {', '.join(sorted(_missing))}")
