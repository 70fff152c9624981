"""The Condemned CCG, played by its rules document (docs/rules/condemned.txt).

A CondemnedGame binds two contenders (a Condemned, or the generic inmate, and a deck) to the
rules; its States play one game. The turn: "Start of turn; Main Phase; Attack Phase - Main Hand,
Off Hand (if applicable); End of turn", after the opening draws and mulligans.

Decisions are actions (tuples), asked of the player they belong to:

    ("keep",) ("mulligan",)                    opening hand
    ("choose", option)                         a start-of-turn ability's choice
    ("equip", uid, place)                      place: "main", "off", "head", "body", "legs"
    ("play", uid, target)                      an Event or Preparation; target: a card uid, a card
                                               name (a search) or None
    ("switch", uid) ("leafy", uid)             discard a card to move between Melee and Ranged
    ("move", uid)                              move a One Hand Weapon to the other hand
    ("end_main",)
    ("attack", hand, target)                   hand: "main", "off", "desperation";
                                               target: an Armor's uid or CONDEMNED_TARGET
    ("end_attacks",)
    ("parry", uid) ("pass",)                   at an enemy attack; "pass" also declines an Event

A decision with a single legal action is taken at once, so current_player() is only ever asked
something that has a choice in it. Choices of identical cards (two copies in hand) are offered
once. A passive contender (the goldfish inmate) is offered only its passive choices: it keeps its
hand, plays nothing, never attacks and never parries.
"""
from __future__ import annotations

import copy
import random
from collections import Counter
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, cast

from engine.core import OPPONENT, PLAYER, TERMINAL, CardInstance, Game, IllegalAction, State
from engine.deck import ResolvedDeck
from engine.games.condemned import effects as fx
from engine.games.condemned.damage import DamageSteps
from engine.games.condemned.equipment import can_equip
from engine.games.condemned.specs import ARMOR, CONDEMNED, EVENT, INMATE, PREPARATION, WEAPON, CardSpec
from engine.goldfish_record import tally
from engine.shuffling import randbelow, shuffle

# Phases: whose decision it is and what about.
MULLIGAN: Final = 0
CHOOSE: Final = 1
MAIN: Final = 2
RESPOND: Final = 3
ATTACK: Final = 4
ATTACK_EVENTS: Final = 5
PARRY: Final = 6
OVER: Final = 7

HAND_SIZE: Final = 5  # "Draw until you have 5 cards in hand"
MAX_MULLIGANS: Final = 2  # "Each player may mulligan twice per game."
ATTRITION_REMOVED: Final = 5  # "remove the top 5 cards of the deck from the game"
TURN_LIMIT: Final = 30  # the goldfish game's limit: "after 30 turns" of the deck's player
SLOTS: Final[tuple[str, ...]] = ("head", "body", "legs")
CONDEMNED_TARGET: Final = -1  # an attack's target when it is the enemy Condemned

KEEP: Final = ("keep",)
MULLIGAN_ACTION: Final = ("mulligan",)
PASS: Final = ("pass",)
END_MAIN: Final = ("end_main",)
END_ATTACKS: Final = ("end_attacks",)
Action = tuple[Any, ...]

# The windows in which a player may answer with an Event, or parry, or pass.
_WINDOWS: Final = (RESPOND, ATTACK_EVENTS, PARRY)
# A passive contender's one action in each phase it is asked in: it keeps, plays nothing, never
# attacks and never parries.
_PASSIVE_CHOICE: Final[dict[int, Action]] = {
    MULLIGAN: KEEP, MAIN: END_MAIN, ATTACK: END_ATTACKS, RESPOND: PASS, ATTACK_EVENTS: PASS, PARRY: PASS,
}


@dataclass
class Contender:
    """One side of a game: its Condemned (None plays the generic inmate) and the cards it draws from."""

    condemned: Mapping[str, Any] | None
    cards: Sequence[Mapping[str, Any]] = field(default_factory=list)  # one record a copy
    passive: bool = False  # the goldfish inmate: "an opponent that never acts"


class Side:
    """Everything one Condemned has: Life, zones, equipment and what it did this turn."""

    __slots__ = (
        "index", "condemned_card", "condemned", "equippable", "passive", "life", "max_life", "life_lost",
        "deck", "hand", "discard", "removed", "main", "off", "armor", "wear", "mulligans",
        "turns", "weapon_equipped", "event_played", "switched", "leafy_used", "skip_attack",
        "drawn_cards", "returned", "played_cards", "no_effect",
    )

    def __init__(self, index: int, condemned: CardSpec, equippable: frozenset[str], passive: bool) -> None:
        self.index = index
        self.condemned_card: CardInstance | None = None  # None for the generic inmate
        self.condemned = condemned
        self.equippable = equippable
        self.passive = passive
        self.life = self.max_life = condemned.life
        self.life_lost = 0
        self.deck: list[CardInstance] = []  # the top card is the last one
        self.hand: list[CardInstance] = []
        self.discard: list[CardInstance] = []
        self.removed: list[CardInstance] = []
        self.main: CardInstance | None = None  # a Two Hand Weapon sits here and fills both hands
        self.off: CardInstance | None = None
        self.armor: list[CardInstance | None] = [None, None, None]  # head, body, legs
        self.wear: dict[int, int] = {}  # damage on each equipped Weapon and Armor, by uid
        self.mulligans = 0
        self.turns = 0  # turns started; the first is the Ready Turn
        self.weapon_equipped = False
        self.event_played = False  # "Only 1 Event per Condemned per turn"
        self.switched = False
        self.leafy_used = False
        self.skip_attack = False
        # Every card that reached the hand, in order, those a mulligan sent back, and those played or
        # equipped from the hand: the tallies of cards drawn and played (see drawn and played) are
        # counted from them once, at the end of a game, not at every draw and play (a Counter's item
        # costs a list's append several times over).
        self.drawn_cards: list[CardInstance] = []
        self.returned: list[CardInstance] = []
        self.played_cards: list[CardInstance] = []
        # An empty Counter as engine/goldfish_record.py's new_counter() makes it, without its call.
        self.no_effect: Counter[str] = Counter.__new__(Counter)

    def copy(self) -> Side:
        """An independent copy: the zones, equipment, damage and tallies copied; the Condemned's spec
        and what it may equip (never changed) shared. (Made by __init__ and then set field by field: a
        compiled class is made only through its __init__.)"""
        copy = Side(self.index, self.condemned, self.equippable, self.passive)
        copy.condemned_card = self.condemned_card
        copy.life, copy.max_life, copy.life_lost = self.life, self.max_life, self.life_lost
        copy.deck, copy.hand, copy.discard, copy.removed = (
            list(self.deck), list(self.hand), list(self.discard), list(self.removed)
        )
        copy.main, copy.off, copy.armor, copy.wear = self.main, self.off, list(self.armor), dict(self.wear)
        copy.mulligans, copy.turns = self.mulligans, self.turns
        copy.weapon_equipped, copy.event_played, copy.switched = self.weapon_equipped, self.event_played, self.switched
        copy.leafy_used, copy.skip_attack = self.leafy_used, self.skip_attack
        copy.drawn_cards, copy.returned = list(self.drawn_cards), list(self.returned)
        copy.played_cards, copy.no_effect = list(self.played_cards), self.no_effect.copy()
        return copy

    @property
    def drawn(self) -> Counter[str]:
        """Card name -> copies drawn and kept: every card that reached the hand (by a draw or a search),
        less those a mulligan sent back ("a hand sent back was never kept"). Names come in the order
        they were first drawn; a name whose every copy was sent back is kept with 0."""
        # tally counts in Counter.update's own C loop, without its Python code; a comprehension of the
        # names costs less than map over an attrgetter here.
        drawn = tally([card.name for card in self.drawn_cards])
        for card in self.returned:
            drawn[card.name] -= 1  # drawn before it was sent back: counted above
        return drawn

    @property
    def played(self) -> Counter[str]:
        """Card name -> copies played or equipped from the hand, names in the order first played."""
        return tally([card.name for card in self.played_cards])

    def weapons(self) -> list[CardInstance]:
        if self.main is None and self.off is None:  # the goldfish inmate's, always
            return []
        return [w for w in (self.main, self.off) if w is not None]

    def armors(self) -> list[CardInstance]:
        armor = self.armor
        if armor[0] is None and armor[1] is None and armor[2] is None:  # the goldfish inmate's, always
            return []
        return [a for a in armor if a is not None]

    def holds(self, card: CardInstance) -> bool:
        return self.main is card or self.off is card

    def wears(self, card: CardInstance) -> bool:
        armor = self.armor
        return armor[0] is card or armor[1] is card or armor[2] is card


class Attack(DamageSteps):
    """One declared attack, from its declaration to its damage, with the modifiers its Events and the
    rules gather for its damage (its DamageSteps: one object an attack, not two)."""

    __slots__ = ("attacker", "weapon", "target", "index", "at_range", "parry", "defender_asked")

    def __init__(self, attacker: int, weapon: CardInstance | None, target: int, index: int, at_range: bool) -> None:
        # DamageSteps.__init__, inlined (an attack is made every few actions): no modifier yet.
        self.set_to: int | None = None
        self.added = 0
        self.multiplier = 1
        self.divisor = 1
        self.attacker = attacker
        self.weapon = weapon  # None for the Desperation Rule's attack
        self.target = target  # an Armor's uid or CONDEMNED_TARGET
        self.index = index  # 0 for the first attack of the turn
        self.at_range = at_range
        self.parry: CardInstance | None = None
        self.defender_asked = False

    def copy(self) -> Attack:
        copy = Attack(self.attacker, self.weapon, self.target, self.index, self.at_range)
        self.copy_steps(copy)
        copy.parry, copy.defender_asked = self.parry, self.defender_asked
        return copy


# The CardSpec of each card name, with a copy of the record it was read from: every Game of the process
# that holds the same card shares its spec (a spec never changes once read), so tables keyed by specs
# (the heuristic's) serve them all: both seatings of a matchup, every pairing of a gauntlet.
_SHARED_SPECS: dict[str, tuple[Mapping[str, Any], CardSpec]] = {}


def shared_spec(card: Mapping[str, Any]) -> CardSpec:
    """The CardSpec of the card record: the one already read from an equal record, else a new one."""
    kept = _SHARED_SPECS.get(card["name"])
    if kept is not None and kept[0] == card:
        return kept[1]
    spec = CardSpec(card)
    _SHARED_SPECS[card["name"]] = (copy.deepcopy(card), spec)
    return spec


class CondemnedGame(Game):
    slug = "condemned"

    def __init__(self, contenders: tuple[Contender, Contender], *, turn_limit: int = TURN_LIMIT,
                 first_player: int | None = None) -> None:
        self.contenders = contenders
        self.turn_limit = turn_limit
        self.first_player = first_player  # None: decided by the game's random stream
        # What the heuristic player works out once per Game and seat (opening.PerSeat), by what works it out.
        # (Kept here rather than in a weak mapping by Game: a compiled class's instances are not weakly
        # referable safely, as nothing clears a weak reference to one when it is freed.)
        self.kept: dict[object, dict[int, Any]] = {}
        self.specs: dict[str, CardSpec] = {}
        self.condemned: list[CardSpec] = []
        self.equippable: list[frozenset[str]] = []
        for contender in contenders:
            condemned = contender.condemned or INMATE
            self.condemned.append(self.spec(condemned))
            self.equippable.append(frozenset(
                card["name"] for card in contender.cards
                if card["card_type"] in (WEAPON, ARMOR) and can_equip(condemned, card)
            ))
            for card in contender.cards:
                self.spec(card)
        # The physical cards are the same in every game of this Game (CardInstance is immutable):
        # made once here, dealt out by each new_initial_state.
        self.cards: list[CardInstance] = []
        self.condemned_cards: list[CardInstance | None] = []
        self.decks: list[list[CardInstance]] = []
        for contender in contenders:
            condemned_card = self._card(contender.condemned["name"]) if contender.condemned else None
            self.condemned_cards.append(condemned_card)
            self.decks.append([self._card(card["name"]) for card in contender.cards])
        self.names = [card.name for card in self.cards]  # by uid, for the records
        self.spec_of = [self.specs[card.name] for card in self.cards]
        self.equips = [equip_actions(card.uid, spec) for card, spec in zip(self.cards, self.spec_of, strict=True)]
        self.roles = [[main_role(spec, equippable) for spec in self.spec_of] for equippable in self.equippable]
        self.windows = [event_windows(spec) for spec in self.spec_of]
        # Whether any card of the game discards to move to Ranged (Leafy Pads): without one, the
        # heuristic's Main Phase never looks for it on the Armor worn.
        self.any_leafy = any(spec.leafy for spec in self.spec_of)

    def _card(self, name: str) -> CardInstance:
        card = CardInstance(len(self.cards), name)
        self.cards.append(card)
        return card

    def spec(self, card: Mapping[str, Any]) -> CardSpec:
        """The card's CardSpec, found on first sight (one per name per game)."""
        spec = self.specs.get(card["name"])
        if spec is None:
            spec = self.specs[card["name"]] = shared_spec(card)
        return spec


    def new_initial_state(self, rng: random.Random) -> CondemnedState:
        # The per-card tables are the Game's, shared by all its states and their clones: play never
        # changes them (only new_card, when a test sets up a position, and it copies them first).
        state = CondemnedState(self, rng, tables=True)
        for side in state.sides:
            side.condemned_card = self.condemned_cards[side.index]
            if side.condemned.unimplemented:
                # A Condemned is in play all game: a text the engine does not play counts once.
                side.no_effect[side.condemned.name] += 1
            deck = self.decks[side.index]
            if deck:  # (the goldfish inmate has none: nothing to shuffle, and no number drawn for it)
                side.deck = list(deck)
                # "Each player shuffles and cuts their deck"
                shuffle(rng, side.deck)
        first = self.first_player if self.first_player is not None else randbelow(rng, 2)
        state.first = first
        # "Each player draws 5 cards." (from a deck: the goldfish inmate has none, and draws nothing)
        for index in (first, 1 - first):
            side = state.sides[index]
            if side.deck:
                state.draw(side, HAND_SIZE)
        state.phase, state.actor = MULLIGAN, first
        state.settle()
        return state


# The windows an Event card may be played in, as bits (event_windows): in answer to an Event ("any"
# timing), when its Condemned declares an attack ("attacking" or "any"), when an enemy attack is
# declared ("defending" or "any").
_RESPOND_WINDOW: Final = 1
_ATTACKING_WINDOW: Final = 2
_DEFENDING_WINDOW: Final = 4
_TIMING_WINDOWS: Final[dict[str | None, int]] = {
    "any": _RESPOND_WINDOW | _ATTACKING_WINDOW | _DEFENDING_WINDOW,
    "attacking": _ATTACKING_WINDOW,
    "defending": _DEFENDING_WINDOW,
}


def event_windows(spec: CardSpec) -> int:
    """The windows (bits) in which the card may be played: none unless it is an Event."""
    return _TIMING_WINDOWS.get(spec.timing, 0) if spec.card_type == EVENT else 0


# What a card in hand can be in its side's Main Phase (main_role): nothing, a Weapon or Armor card
# its Condemned can equip, a Preparation, or an Event playable in the Main Phase.
NO_ROLE: Final = 0
EQUIP_WEAPON: Final = 1
EQUIP_ARMOR: Final = 2
PREPARE: Final = 3
MAIN_EVENT: Final = 4


def main_role(spec: CardSpec, equippable: frozenset[str]) -> int:
    """The card's role in its side's Main Phase (see card_actions): made once per card and side, since
    the Main Phase reads every card in hand at every decision."""
    if spec.card_type == WEAPON:
        return EQUIP_WEAPON if spec.name in equippable else NO_ROLE
    if spec.card_type == ARMOR:
        return EQUIP_ARMOR if spec.name in equippable else NO_ROLE
    if spec.card_type == PREPARATION:
        return PREPARE
    if spec.card_type == EVENT and spec.timing in ("main", "any"):
        return MAIN_EVENT
    return NO_ROLE




def equip_actions(uid: int, spec: CardSpec) -> tuple[Action, ...]:
    """The card's equip actions, one per place it can go: made once per card, since the Main Phase
    offers them again at every decision."""
    return tuple(("equip", uid, place) for place in spec.places)


def contender_of(deck: ResolvedDeck) -> Contender:
    """The deck's Condemned (the generic inmate when it has none) and one record per copy of the rest."""
    condemned = next((e.card for e in deck.entries if e.card_type == CONDEMNED), None)
    cards = [e.card for e in deck.entries if e.card_type != CONDEMNED for _ in range(e.count)]
    return Contender(condemned, cards)


def make_game(deck: ResolvedDeck, *, opponent: ResolvedDeck | None = None, turn_limit: int = TURN_LIMIT,
              first_player: int | None = None) -> CondemnedGame:
    """The deck against `opponent`, or against the goldfish's generic inmate (20 Life, no abilities,
    no cards, never acts) when there is none."""
    other = contender_of(opponent) if opponent is not None else Contender(None, [], passive=True)
    return CondemnedGame((contender_of(deck), other), turn_limit=turn_limit, first_player=first_player)


class CondemnedState(State):
    def __init__(self, game: CondemnedGame, rng: random.Random, *, tables: bool = False) -> None:
        """A state with no card in it yet (a position is set up with new_card); with `tables`, the state
        of a new game: the Game's per-card tables (its cards, dealt by CondemnedGame.new_initial_state)."""
        self.game = game
        self.rng = rng
        self.specs = game.specs
        self.cards: list[CardInstance]  # by uid
        self.spec_of: list[CardSpec]  # by uid
        self.equips: list[tuple[Action, ...]]  # by uid: equip_actions
        self.roles: list[list[int]]  # by side, by uid: main_role
        self.windows: list[int]  # by uid: event_windows
        if tables:
            self.cards, self.spec_of, self.equips, self.roles, self.windows = (
                game.cards, game.spec_of, game.equips, game.roles, game.windows
            )
            self.any_leafy = game.any_leafy
        else:
            self.cards, self.spec_of, self.equips, self.roles, self.windows = [], [], [], [[], []], []
            self.any_leafy = False  # whether a card of the game discards to move to Ranged (CondemnedGame)
        contenders, condemned, equippable = game.contenders, game.condemned, game.equippable
        self.sides = (
            Side(PLAYER, condemned[PLAYER], equippable[PLAYER], contenders[PLAYER].passive),
            Side(OPPONENT, condemned[OPPONENT], equippable[OPPONENT], contenders[OPPONENT].passive),
        )
        self.first = PLAYER
        self.phase = MULLIGAN
        self.actor = PLAYER  # who decides now
        self.active = PLAYER  # whose turn it is
        self._winner: int | None = None
        # Melee or Ranged, "the state of the game": one distance for both Condemned (docs/rules-notes.md).
        self.at_range = False  # "All matches start with players at Melee."
        self.stack: list[tuple[int, CardInstance, Any]] = []  # Events being played: (player, card, target)
        self.attack: Attack | None = None
        self.choosing: fx.Verb | None = None  # the start-of-turn action waiting for its choice
        self.start_actions: list[fx.Verb] = []  # start-of-turn actions still to resolve
        self.attacks_made = 0  # this turn, to halve every attack after the first
        self.main_attacks = 0
        self.off_attacks = 0
        self.desperation_used = False
        self.damage_by_turn: list[int] = []  # life the opponent lost in each of PLAYER's turns
        self._turn_start_lost = 0
        self.first_turn_play = False
        # The legal actions of the decision waiting, or None while they are not listed yet (a
        # Main Phase decision lists them only when asked: see settle).
        self._legal: list[Action] | None = []

    # ----------------------------------------------------------------------------- the State API

    def current_player(self) -> int:
        return TERMINAL if self.phase == OVER else self.actor

    def legal_actions(self) -> list[Action]:
        return list(self._listed_legal())

    def _listed_legal(self) -> list[Action]:
        if self._legal is None:
            self._legal = self._compute_legal()
        return self._legal

    def apply_action(self, action: Hashable) -> None:
        legal = self._listed_legal()
        if action not in legal:
            raise IllegalAction(f"{action!r} is not legal now; legal: {legal!r}")
        self.act(cast(Action, action))  # every legal action is an Action tuple
        self.settle()

    def apply_trusted(self, action: Hashable) -> None:
        """Apply an action known to be legal: a Player only picks from legal_actions(), so its games
        skip the check (the tests play the heuristic through apply_action to show it does)."""
        # Every legal action is an Action tuple (typing.cast, a call at every action, is left out here),
        # and a legal action's kind is one of _ACTS: act, inlined.
        _ACTS[action[0]](self, self.sides[self.actor], action)  # type: ignore[index, arg-type]
        # settle's first tests, inlined: most actions (an equip, a play) leave a Main Phase decision, and
        # an attack (or the Main Phase's end) the Attack Phase's decision while an attack is left.
        phase = self.phase
        if phase == MAIN:
            side = self.sides[self.actor]
            if not side.passive and not side.switched and side.hand:
                self._legal = None
                return
        elif phase == ATTACK:
            side = self.sides[self.actor]
            if not side.passive:
                if self.first_attack_hand(side) is not None:
                    self._legal = None
                    return
                self._end_turn()  # no attack left: END_ATTACKS, as settle would take it
        self.settle()

    def play_seat(self, seat: int, main: Callable[[CondemnedState, Side], Action],
                  attack: Callable[[CondemnedState, Side, str | None], Action],
                  choose: Callable[[CondemnedState], Action]) -> None:
        """Play the moves of `seat` until another seat is to act or the game ends (Player.play_on): each
        Main Phase decision is main's action, each Attack Phase decision attack's (given the hand of the
        first attack there is: first_attack_hand), any other choose's, applied as apply_trusted applies
        them (a player's policy, played on without a call of apply_trusted a move)."""
        side = self.sides[seat]
        sides = self.sides
        hand: str | None = None  # first_attack_hand of the decision waiting, when the last step read it
        while True:
            phase = self.phase
            if phase == OVER or self.actor != seat:
                return
            if phase == MAIN:
                action = main(self, side)
            elif phase == ATTACK:
                action = attack(self, side, hand if hand is not None else self.first_attack_hand(side))
            else:
                action = choose(self)
            hand = None
            # apply_trusted(action), inlined: the deciding side is the seat's
            _ACTS[action[0]](self, side, action)
            phase = self.phase
            if phase == ATTACK:
                acting = sides[self.actor]
                if not acting.passive:
                    hand = self.first_attack_hand(acting)
                    if hand is not None:
                        self._legal = None
                        continue
                    self._end_turn()  # no attack left: END_ATTACKS, as settle would take it
                    phase = self.phase
            if phase == MAIN:
                # (after an action of the Main Phase, or a turn's end: the next turn's Main Phase)
                acting = sides[self.actor]
                if not acting.passive and not acting.switched and acting.hand:
                    self._legal = None
                    continue
            elif phase in _WINDOWS and not self._only_pass():
                # An Event window (or a parry) the player asked may use: a decision, as settle finds it
                # (an attack declared with an attack Event in hand).
                self._legal = None
                continue
            self.settle()

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def winner(self) -> int | None:
        """The Condemned that reduced the other's Life to 0; None while the game goes on, or when it
        ended at the turn limit with both alive."""
        return self._winner

    def clone(self, rng: random.Random | None = None) -> CondemnedState:
        """An exact, independent copy (State.clone). The Game and its per-card tables (cards, specs,
        equip actions) never change during play and are shared; the sides, the stack, the attack in
        progress, the start-of-turn actions still to resolve and the tallies are copied."""
        if rng is None:
            rng = random.Random()
            rng.setstate(self.rng.getstate())
        # (Made by __init__ and then set field by field: a compiled class is made only through its __init__.)
        copy = CondemnedState(self.game, rng)
        copy.cards, copy.spec_of, copy.equips, copy.roles, copy.windows = (
            self.cards, self.spec_of, self.equips, self.roles, self.windows
        )
        copy.any_leafy = self.any_leafy
        copy.sides = (self.sides[0].copy(), self.sides[1].copy())
        copy.first, copy.phase, copy.actor, copy.active, copy._winner = (
            self.first, self.phase, self.actor, self.active, self._winner
        )
        copy.at_range = self.at_range
        copy.stack = list(self.stack)
        copy.attack = self.attack.copy() if self.attack is not None else None
        copy.choosing = self.choosing
        copy.start_actions = list(self.start_actions)
        copy.attacks_made, copy.main_attacks, copy.off_attacks = self.attacks_made, self.main_attacks, self.off_attacks
        copy.desperation_used = self.desperation_used
        copy.damage_by_turn = list(self.damage_by_turn)
        copy._turn_start_lost = self._turn_start_lost
        copy.first_turn_play = self.first_turn_play
        # _legal is shared: a listed decision is only ever read, and replaced (never changed) by settle.
        copy._legal = self._legal
        return copy

    def resample_hidden(self, seat: int, rng: random.Random) -> None:
        """Determinize for `seat` (State.resample_hidden): its own deck is reshuffled (it knows what is
        in it, not the order), and the other Condemned's hand and deck are shuffled together and dealt
        back, as many cards to each as before. Everything in play, both discard piles, the cards
        removed from the game and the Events on the stack are seen by both players and stay."""
        shuffle(rng, self.sides[seat].deck)
        other = self.sides[1 - seat]
        if not other.hand:
            shuffle(rng, other.deck)
            return
        pool = other.hand + other.deck
        shuffle(rng, pool)
        size = len(other.hand)
        # The other side's tallies follow its new hand, as if it had sent back the old one and drawn these cards.
        other.returned += other.hand
        other.hand, other.deck = pool[:size], pool[size:]
        other.drawn_cards += other.hand
        if self.actor == other.index and self._legal:
            # The decision waiting is the other side's: its Events (or parries) are those of its new hand.
            self._legal = self._compute_legal()

    def turn(self) -> int:
        """The round: each Condemned's n-th turn is in round n (the deck player's turn number)."""
        return max(self.sides[PLAYER].turns, self.sides[OPPONENT].turns)

    def zones(self) -> Mapping[str, Sequence[CardInstance]]:
        zones: dict[str, Sequence[CardInstance]] = {}
        for side in self.sides:
            p = f"p{side.index}."
            zones[p + "condemned"] = [side.condemned_card] if side.condemned_card else []
            zones[p + "deck"] = side.deck
            zones[p + "hand"] = side.hand
            zones[p + "discard"] = side.discard
            zones[p + "removed"] = side.removed
            zones[p + "main"] = [side.main] if side.main else []
            zones[p + "off"] = [side.off] if side.off else []
            for slot, armor in zip(SLOTS, side.armor, strict=True):
                zones[p + slot] = [armor] if armor else []
            zones[p + "stack"] = [card for owner, card, _ in self.stack if owner == side.index]
        return zones

    def invariant_problems(self) -> list[str]:
        """Game-specific checks: Life, damage, equipment and the per-turn limits."""
        problems: list[str] = []
        for side in self.sides:
            who = f"p{side.index}"
            if not 0 <= side.life <= side.max_life:
                problems.append(f"{who} Life {side.life} is outside 0..{side.max_life}")
            if side.mulligans > MAX_MULLIGANS:
                problems.append(f"{who} took {side.mulligans} mulligans")
            equipped = {c.uid for c in side.weapons() + side.armors()}
            if set(side.wear) - equipped:
                problems.append(f"{who} keeps damage on cards that are not equipped")
            for card in side.weapons() + side.armors():
                spec = self.spec_of[card.uid]
                if card.name not in side.equippable:
                    problems.append(f"{who} equipped {card.name}, which its Condemned cannot equip")
                if not 0 <= side.wear.get(card.uid, 0) < self.durability(side, card):
                    problems.append(f"{who} {card.name} should have broken")
                if spec.card_type == WEAPON and not side.holds(card):
                    problems.append(f"{who} {card.name} is a Weapon out of the hands")
            if side.main is not None and self.spec_of[side.main.uid].two_hand and side.off is not None:
                problems.append(f"{who} holds an Off Hand Weapon beside a Two Hand Weapon")
            for place, weapon in (("main", side.main), ("off", side.off)):
                if weapon is not None and self.spec_of[weapon.uid].hand not in (place, "either"):
                    problems.append(f"{who} {weapon.name} is in the {place} hand")
            for slot, armor in zip(SLOTS, side.armor, strict=True):
                if armor is not None and self.spec_of[armor.uid].slot != slot:
                    problems.append(f"{who} {armor.name} is in the {slot} slot")
        if self.phase != OVER and not self._listed_legal():
            problems.append("no legal action in a game that is not over")
        return problems

    # ------------------------------------------------------------------------------ bookkeeping

    def new_card(self, name: str) -> CardInstance:
        """A card made for a position set up by hand. The per-card tables may be the Game's (shared
        with other states), so they are copied with the card added, never changed in place."""
        card = CardInstance(len(self.cards), name)
        self.cards = [*self.cards, card]
        self.spec_of = [*self.spec_of, self.specs[name]]
        self.equips = [*self.equips, equip_actions(card.uid, self.specs[name])]
        self.roles = [[*roles, main_role(self.specs[name], side.equippable)]
                      for roles, side in zip(self.roles, self.sides, strict=True)]
        self.windows = [*self.windows, event_windows(self.specs[name])]
        self.any_leafy = self.any_leafy or self.specs[name].leafy
        return card

    def settle(self) -> None:
        """Work out the legal actions; take every decision that has only one."""
        while self.phase != OVER:
            side = self.sides[self.actor]
            phase = self.phase
            if phase == MAIN and not side.passive and not side.switched and side.hand:
                # A switch and END_MAIN at least: a decision. Its many actions are listed only if
                # asked for (the heuristic reads the cards in hand and the moves instead).
                self._legal = None
                return
            if phase == ATTACK and not side.passive:
                # The Attack Phase's step, as _forced and act would take it, taken here directly (it
                # comes after every attack): with no attack left, END_ATTACKS ends the turn; else the
                # attacks and END_ATTACKS are a decision, listed only if asked for.
                if self.first_attack_hand(side) is None:
                    self._end_turn()
                    continue
                self._legal = None
                return
            forced = self._forced()
            if forced is not None:
                _ACTS[forced[0]](self, side, forced)  # act, inlined
                continue
            if self.phase != MAIN:
                # Every other decision _forced leaves has two actions at least (a pass beside an Event
                # or a parry, keep beside mulligan, an attack beside END_ATTACKS, a choice of two
                # options or more): listed only if asked for, as the Main Phase's.
                self._legal = None
                return
            legal = self._compute_legal()
            if len(legal) != 1:
                self._legal = legal
                return
            only = legal[0]
            _ACTS[only[0]](self, side, only)  # act, inlined
        self._legal = []

    def _forced(self) -> Action | None:
        """The one legal action, when that is plain without listing them all; else None.

        A fast path, for speed only: most steps of a goldfish game are windows nobody can use (each
        of the inmate's choices, an Event window with no Event in hand, a parry without a Weapon),
        and settle passes through them without building their one-action lists. Whatever it returns
        must be what _compute_legal would list alone (a test plays random games to check that).
        """
        side = self.sides[self.actor]
        phase = self.phase
        if side.passive:
            return _PASSIVE_CHOICE.get(phase)
        if phase in _WINDOWS:
            return PASS if self._only_pass() else None
        if phase == ATTACK:
            return END_ATTACKS if self.first_attack_hand(side) is None else None
        if phase == MULLIGAN and side.mulligans >= MAX_MULLIGANS:
            return KEEP
        return None

    def _only_pass(self) -> bool:
        """Whether the player asked in an Event or parry window has nothing to do but pass: a passive
        contender, a parry without a Weapon, an Event window without an Event to play in it."""
        side = self.sides[self.actor]
        if side.passive:
            return True
        if self.phase == PARRY:
            return side.main is None and side.off is None
        if side.event_played:
            return True
        # The Event timings _timings would give, as a window mask (see EVENT_WINDOWS): this is asked at
        # every window of every attack and Event.
        if self.phase == RESPOND:
            window = _RESPOND_WINDOW
        else:
            window = _ATTACKING_WINDOW if self.actor == self.active else _DEFENDING_WINDOW
        windows = self.windows
        for card in side.hand:  # noqa: SIM110 (a loop: all() over a generator is slower here)
            if windows[card.uid] & window:
                return False
        return True

    def equippable_weapons(self, side: Side, cards: list[CardInstance]) -> list[CardInstance]:
        """The Weapon cards among `cards` that the side's Condemned can equip, in their order: read
        from their Main Phase roles (main_role), since the player looks through the deck for them at
        every search and mulligan. (A comprehension: map and compress over attrgetter and bound
        methods cost four times its instructions a card.)"""
        roles = self.roles[side.index]
        return [card for card in cards if roles[card.uid] == EQUIP_WEAPON]

    def durability(self, side: Side, card: CardInstance) -> int:
        """The card's Durability now: printed, plus its armor set's bonus while the set is complete."""
        spec = self.spec_of[card.uid]
        if spec.set_bonus and self._set_complete(side, spec.armor_set):
            return spec.durability + spec.set_bonus
        return spec.durability

    def durability_left(self, side: Side, card: CardInstance) -> int:
        spec = self.spec_of[card.uid]
        left = spec.durability - side.wear.get(card.uid, 0)
        if spec.set_bonus and self._set_complete(side, spec.armor_set):
            left += spec.set_bonus
        return left

    def _set_complete(self, side: Side, armor_set: str | None) -> bool:
        # "If you have Handyman Armor equipped in the Head, Body, and Legs slots" (the three slots
        # spelled out: it is asked after every damage an armor set's piece takes)
        if armor_set is None:
            return False
        spec_of = self.spec_of
        head, body, legs = side.armor
        return (
            head is not None and body is not None and legs is not None
            and spec_of[head.uid].armor_set == armor_set
            and spec_of[body.uid].armor_set == armor_set
            and spec_of[legs.uid].armor_set == armor_set
        )

    def can_attack_with(self, side: Side, weapon: CardInstance | None) -> bool:
        """ "Melee weapons can only be used when you are at Melee; Ranged Weapons can be used at
        Melee and Ranged" (unless the Weapon says otherwise)."""
        return weapon is not None and (not self.at_range or self.spec_of[weapon.uid].usable_at_ranged)

    def desperate(self, side: Side) -> bool:
        """ "If you are at Melee, you don't have any weapons equipped, and you don't have any Weapon
        cards in your hand, the Desperation Rule applies." """
        if self.at_range or side.main is not None or side.off is not None:
            return False
        spec_of = self.spec_of
        for card in side.hand:  # noqa: SIM110 (a loop: any() over a generator is slower here)
            if spec_of[card.uid].card_type == WEAPON:
                return False
        return True

    # ---------------------------------------------------------------------------- legal actions

    def _compute_legal(self) -> list[Action]:
        phase = self.phase
        side = self.sides[self.actor]
        if phase == MULLIGAN:
            if side.passive or side.mulligans >= MAX_MULLIGANS:
                return [KEEP]
            return [KEEP, MULLIGAN_ACTION]
        if phase == CHOOSE:
            assert self.choosing is not None
            return [("choose", option) for option in self.options(side, self.choosing)]
        if phase == MAIN:
            return [END_MAIN] if side.passive else self._main_actions(side)
        if phase == ATTACK:
            return [END_ATTACKS] if side.passive else self._attack_actions(side)
        if phase in (RESPOND, ATTACK_EVENTS):
            if side.passive or side.event_played:
                return [PASS]
            return [*self._event_plays(side, self._timings()), PASS]
        if phase == PARRY:
            if side.passive:
                return [PASS]
            return [*(("parry", w.uid) for w in side.weapons()), PASS]
        return []

    def _timings(self) -> tuple[str, ...]:
        """The Event timings the deciding player may play now."""
        if self.phase == RESPOND:
            return ("any",)
        return ("attacking", "any") if self.actor == self.active else ("defending", "any")

    def _event_plays(self, side: Side, timings: tuple[str, ...]) -> list[Action]:
        actions: list[Action] = []
        seen: set[str] = set()
        for card in side.hand:
            spec = self.spec_of[card.uid]
            if spec.card_type != EVENT or spec.timing not in timings or card.name in seen:
                continue
            seen.add(card.name)
            actions.extend(self.plays(side, card, spec))
        return actions

    def plays(self, side: Side, card: CardInstance, spec: CardSpec) -> list[Action]:
        """The card's play actions: one per option of its choice, or one without a target."""
        if spec.choice is None:
            return [("play", card.uid, None)]
        options = self.options(side, spec.choice)
        return [("play", card.uid, option) for option in options] or [("play", card.uid, None)]

    def options(self, side: Side, verb: fx.Verb) -> list[Any]:
        """The cards a choosing action may choose (empty when there are none)."""
        if isinstance(verb, fx.Repair):
            # Repairing an undamaged card repairs nothing, the same as having no card to repair.
            wear = side.wear
            if not wear:
                return []
            damaged: list[Any] = []
            for kind in verb.kinds:
                # The Weapons (Main Hand, then Off Hand) or the Armor (head, body, legs) equipped.
                for card in (side.main, side.off) if kind == "weapon" else side.armor:
                    if card is not None and wear.get(card.uid):
                        damaged.append(card.uid)
            return damaged
        enemy = self.sides[1 - side.index]
        if isinstance(verb, fx.DamageEnemyWeapon):
            return [w.uid for w in enemy.weapons()]
        if isinstance(verb, fx.DamageEnemyArmor):
            return [a.uid for a in enemy.armors()]
        if isinstance(verb, fx.Search):
            # Copies of a card are alike: the search names the card, not the copy.
            return sorted({c.name for c in side.deck if self.spec_of[c.uid].card_type == verb.card_type})
        raise TypeError(f"{verb!r} asks for no choice")

    def _main_actions(self, side: Side) -> list[Action]:
        """ "During your Main Phase, you may: Equip 1 Weapon card; Equip any number of Armor cards;
        Play 1 Event Card; Play any number of Preparation Cards; Discard a card. If you do, move from
        Melee to Ranged or vice-versa. If you do, skip your Attack Phase; Move an equipped One Hand
        Weapon between your Main Hand and Off Hand, if allowed" """
        actions = self.card_actions(side)
        distinct = self._distinct(side.hand)
        if not side.switched:
            actions += [("switch", card.uid) for card in distinct]
        if not self.at_range and not side.leafy_used and any(a and self.spec_of[a.uid].leafy for a in side.armor):
            actions += [("leafy", card.uid) for card in distinct]
        actions += self.moves(side)
        actions.append(END_MAIN)
        return actions

    @staticmethod
    def _distinct(cards: list[CardInstance]) -> list[CardInstance]:
        """The first copy of each card: choices of identical cards are offered once."""
        seen: set[str] = set()
        distinct: list[CardInstance] = []
        for card in cards:
            if card.name not in seen:
                seen.add(card.name)
                distinct.append(card)
        return distinct

    def card_actions(self, side: Side) -> list[Action]:
        """The Main Phase's equips and plays of cards in hand: the first part of its legal actions,
        in the same order."""
        actions: list[Action] = []
        seen: set[str] = set()
        spec_of, equips, equippable = self.spec_of, self.equips, side.equippable
        for card in side.hand:
            name = card.name
            if name in seen:
                continue
            seen.add(name)
            spec = spec_of[card.uid]
            kind = spec.card_type
            if kind == WEAPON:
                if not side.weapon_equipped and name in equippable:
                    actions += equips[card.uid]
            elif kind == ARMOR:
                if name in equippable:
                    actions += equips[card.uid]
            elif kind == PREPARATION or (
                kind == EVENT and spec.timing in ("main", "any") and not side.event_played
            ):
                actions += self.plays(side, card, spec)
        return actions

    def _has_card_action(self, side: Side) -> bool:
        """Whether card_actions lists anything: a card in hand that can be equipped or played (every
        Preparation or Event that can be played has at least one play)."""
        spec_of, equippable = self.spec_of, side.equippable
        for card in side.hand:
            spec = spec_of[card.uid]
            kind = spec.card_type
            if kind == WEAPON:
                if not side.weapon_equipped and card.name in equippable and self.equips[card.uid]:
                    return True
            elif kind == ARMOR:
                if card.name in equippable and self.equips[card.uid]:
                    return True
            elif kind == PREPARATION or (
                kind == EVENT and spec.timing in ("main", "any") and not side.event_played
            ):
                return True
        return False

    def moves(self, side: Side) -> list[Action]:
        """A One Hand Weapon that shows both hand symbols may move to the other hand; when both
        hands hold such Weapons, they swap places (offered once)."""
        main, off = side.main, side.off
        main_moves = main is not None and self.spec_of[main.uid].hand == "either"
        off_moves = off is not None and self.spec_of[off.uid].hand == "either"
        if main is not None and main_moves and (off is None or off_moves):
            return [("move", main.uid)]
        if off is not None and off_moves and main is None:
            return [("move", off.uid)]
        return []

    def first_attack_hand(self, side: Side) -> str | None:
        """The hand of the first attack _attack_actions lists ("main", "off" or "desperation"), or None
        when there is no attack to make: what it lists, without the lists."""
        main, off = side.main, side.off
        # (can_attack_with, inlined: this is asked before and after every attack.)
        if main is not None and self.off_attacks == 0:
            spec = self.spec_of[main.uid]
            if self.main_attacks < spec.attacks and (not self.at_range or spec.usable_at_ranged):
                return "main"
        if off is not None:
            spec = self.spec_of[off.uid]
            if self.off_attacks < spec.attacks and (not self.at_range or spec.usable_at_ranged):
                return "off"
        if not self.desperation_used and self.desperate(side):
            return "desperation"
        return None

    def _attack_actions(self, side: Side) -> list[Action]:
        """ "If you have equipped a Main Hand Weapon as well as an Off Hand Weapon, you MUST attack
        with your Main Hand Weapon first unless you are unable to do so." """
        actions: list[Action] = []
        main, off = side.main, side.off
        # Multi-Hit Weapons have two attacks; once the Off Hand attacks, the Main Hand step is over.
        main_can = (
            main is not None and self.off_attacks == 0 and self.main_attacks < self.spec_of[main.uid].attacks
            and self.can_attack_with(side, main)
        )
        if main_can:
            actions += [("attack", "main", t) for t in self.targets(side, main)]
        off_can = (
            off is not None and self.off_attacks < self.spec_of[off.uid].attacks
            and (not main_can or self.main_attacks > 0) and self.can_attack_with(side, off)
        )
        if off_can:
            actions += [("attack", "off", t) for t in self.targets(side, off)]
        # "You may make one attack per turn for 1 damage with no type."
        if not self.desperation_used and self.desperate(side):
            actions += [("attack", "desperation", t) for t in self.targets(side, None)]
        actions.append(END_ATTACKS)
        return actions

    def targets(self, side: Side, weapon: CardInstance | None) -> list[int]:
        """ "You can target the Condemned directly, or one of their Armor pieces. If an enemy
        Condemned has Armor equipped in all three slots or an Armor with Shielding equipped, you MUST
        target one of those Armor pieces first." The Desperation Rule's attack "must target Armor
        before you target the enemy Condemned"."""
        armors = self.sides[1 - side.index].armors()
        if not armors:
            return [CONDEMNED_TARGET]  # what every rule below comes to against no Armor (the inmate's)
        if weapon is not None and self.spec_of[weapon.uid].ignores_armor_first:
            return [a.uid for a in armors] + [CONDEMNED_TARGET]
        shielding = [a.uid for a in armors if self.spec_of[a.uid].shielding]
        if shielding:
            return shielding
        if len(armors) == len(SLOTS) or (weapon is None and armors):
            return [a.uid for a in armors]
        return [a.uid for a in armors] + [CONDEMNED_TARGET]

    # -------------------------------------------------------------------------- applying actions

    def act(self, action: Action) -> None:
        """Apply a legal action (settle() then works out what comes next): its kind's step, found with
        one dict lookup (_ACTS) rather than a chain of tests."""
        try:
            step = _ACTS[action[0]]
        except KeyError:
            raise IllegalAction(f"unknown action {action!r}") from None
        step(self, self.sides[self.actor], action)

    # Each kind of action's step (see _ACTS): (state, the deciding side, the action).

    def _act_end_attacks(self, side: Side, action: Action) -> None:
        self._end_turn()

    def _act_pass(self, side: Side, action: Action) -> None:
        self._pass()

    def _act_choose(self, side: Side, action: Action) -> None:
        verb, self.choosing = self.choosing, None
        assert verb is not None
        self.resolve(side, verb, action[1])
        self._run_start()

    def _act_switch(self, side: Side, action: Action) -> None:
        self._switch(side, self.cards[action[1]], leafy=False)

    def _act_leafy(self, side: Side, action: Action) -> None:
        self._switch(side, self.cards[action[1]], leafy=True)

    def _act_move(self, side: Side, action: Action) -> None:
        # Only a Weapon that may go in either hand moves (see moves), so swapping is the move.
        side.main, side.off = side.off, side.main

    def _act_parry(self, side: Side, action: Action) -> None:
        assert self.attack is not None
        self.attack.parry = self.cards[action[1]]
        self._strike()

    def _keep(self, side: Side, action: Action) -> None:
        if self.actor == self.first:
            self.actor = 1 - self.first
        else:
            self.begin_turn(self.first)

    def _mulligan(self, side: Side, action: Action) -> None:
        """ "If they do, they shuffle their hand into their deck, then draw 5 new cards. After that,
        their opponent draws a card." """
        side.mulligans += 1
        side.returned += side.hand  # a hand sent back was never kept
        side.deck.extend(side.hand)
        side.hand.clear()
        shuffle(self.rng, side.deck)
        self.draw(side, HAND_SIZE)
        other = self.sides[1 - side.index]
        if other.deck or other.discard:  # (with neither, as the goldfish inmate's, there is nothing to draw)
            self.draw(other, 1)

    def begin_turn(self, index: int) -> None:
        """The start of a Condemned's turn: "Start of turn effects resolve; Draw until you have 5 cards
        in hand", then its Main Phase."""
        self.active = self.actor = index
        side = self.sides[index]
        side.turns += 1
        at_start = side.condemned.at_start
        if side.passive and not at_start and not side.deck and not side.discard and index != PLAYER:
            # The goldfish inmate's turn: nothing starts, there is nothing to draw, and it plays nothing
            # and never attacks. Its Main Phase begins and its turn ends, as _run_start would have it,
            # without the steps (a fast path: it comes every other turn of every goldfish game). Nothing
            # is asked of anyone in it, so the turn's tallies and limits, reset below for a turn that is
            # played, are left for the next turn's start to reset.
            self.phase = MAIN
            self.begin_turn(1 - index)  # _end_turn of a side that is not PLAYER's, inlined
            return
        first, second = self.sides
        first.event_played = second.event_played = False  # "Only 1 Event per Condemned per turn": both may play again
        side.weapon_equipped = side.switched = side.leafy_used = side.skip_attack = False
        self.attacks_made = self.main_attacks = self.off_attacks = 0
        self.desperation_used = False
        if index == PLAYER:
            self._turn_start_lost = self.sides[OPPONENT].life_lost
        # "Start of turn effects resolve"
        self.start_actions = list(at_start)
        self._run_start()

    def _run_start(self) -> None:
        side = self.sides[self.active]
        while self.start_actions and self.phase != OVER:
            verb = self.start_actions.pop(0)
            target = None
            if type(verb) is fx.DamageEnemyWeapon:
                enemy = self.sides[1 - side.index]
                if enemy.main is None and enemy.off is None:
                    # No enemy Weapon to damage (the goldfish inmate never has one): the action does
                    # nothing, as resolving it with no target would (a fast path).
                    continue
            if isinstance(verb, fx.CHOICES):
                options = self.options(side, verb)
                if len(options) > 1 and not side.passive:
                    self.phase, self.actor, self.choosing = CHOOSE, side.index, verb
                    return
                target = options[0] if options else None
            self.resolve(side, verb, target)
        if self.phase == OVER:
            return
        # "Draw until you have 5 cards in hand"
        self.draw(side, HAND_SIZE - len(side.hand))
        self.phase, self.actor = MAIN, side.index
        if side.index == PLAYER and side.turns == 1:
            self.first_turn_play = self._has_card_action(side)
        if side.passive:
            # It plays nothing and never attacks: its turn ends at once, as END_MAIN (and then
            # END_ATTACKS) would end it, without the steps through settle (a fast path).
            self._end_turn()

    def _equip(self, side: Side, action: Action) -> None:
        """Equip from hand ("equip", uid, place). "Only one card can be present in any given field": what
        was there is dropped to the Discard Pile ("you may drop it ... and equip another during your
        turn")."""
        card, place = self.cards[action[1]], action[2]
        spec = self._play_from_hand(side, card)
        if spec.card_type == WEAPON:
            side.weapon_equipped = True
            held_two_hand = side.main is not None and self.spec_of[side.main.uid].two_hand
            if spec.two_hand or held_two_hand:
                for weapon in side.weapons():
                    self._drop(side, weapon)
            elif place == "main" and side.main is not None:
                self._drop(side, side.main)
            elif place == "off" and side.off is not None:
                self._drop(side, side.off)
            if place == "main":
                side.main = card
            else:
                side.off = card
        else:
            slot = SLOTS.index(place)
            old = side.armor[slot]
            old_set = None
            if old is not None:
                old_set = self.spec_of[old.uid].armor_set
                self._drop(side, old)
            side.armor[slot] = card
            # A replaced set piece takes the set's bonus away from the other two, and a card with no
            # Durability breaks at once; else nothing can break (a completed set only adds Durability).
            if old_set is not None or self.durability_left(side, card) <= 0:
                self._check_breaks(side)

    def _play_from_hand(self, side: Side, card: CardInstance) -> CardSpec:
        """Take a card equipped or played out of the hand and count its play; its spec."""
        hand = side.hand
        for index, each in enumerate(hand):  # _remove, inlined: a card leaves the hand most actions
            if each is card:
                del hand[index]
                break
        else:
            raise ValueError(f"{card.name} (#{card.uid}) is not in hand")
        side.played_cards.append(card)
        spec = self.spec_of[card.uid]
        if spec.unimplemented:
            _count(side.no_effect, card.name)
        return spec

    def _play(self, side: Side, action: Action) -> None:
        """Play an Event or Preparation from hand: ("play", uid, target)."""
        card, target = self.cards[action[1]], action[2]
        spec = self._play_from_hand(side, card)
        if spec.card_type == PREPARATION:
            # "When you play a Preparation, follow the instructions in the Rules Text. After the
            # Preparation resolves, put it in the Discard Pile."
            self.stack.append((side.index, card, target))
            self._resolve_top()
            return
        side.event_played = True
        self.stack.append((side.index, card, target))
        other = 1 - side.index
        if self.phase == MAIN:
            # The other Condemned may answer with an Event of its own before this one resolves.
            self.phase, self.actor = RESPOND, other
            if self.sides[other].passive:
                # A fast path: the goldfish inmate never answers, so the Event resolves and the Main
                # Phase goes on, as the pass _skip_empty_windows would take for it.
                self._resolve_stack()
                if self.phase != OVER:
                    self.phase, self.actor = MAIN, self.active
                return
            self._skip_empty_windows()
            return
        attack = self.attack
        if (self.phase == ATTACK_EVENTS and attack is not None and not attack.defender_asked
                and self.sides[other].passive):
            # A fast path: the attacker's Event against a defender that never answers nor parries (the
            # goldfish inmate). The windows left all pass (the defender's Event window, its parry when
            # the attack has a Weapon), so the Event resolves and the attack strikes, as _pass would
            # take it step by step.
            attack.defender_asked = True
            self.actor = other
            self._resolve_stack()
            if self.phase != OVER:
                self._strike()
            return
        self._pass()

    def _pass(self) -> None:
        """The deciding player plays no (more) Event, or does not parry."""
        self._pass_once()
        self._skip_empty_windows()

    def _skip_empty_windows(self) -> None:
        """Pass at once each window in which the player asked could only pass: the same passes settle
        would take one by one, without the detour (a fast path: the goldfish inmate answers every
        attack and Event so, and most attacks find no Event in the attacker's hand)."""
        while self.phase in _WINDOWS and self._only_pass():
            self._pass_once()

    def _pass_once(self) -> None:
        if self.phase == RESPOND:
            self._resolve_stack()
            if self.phase != OVER:
                self.phase, self.actor = MAIN, self.active
        elif self.phase == ATTACK_EVENTS:
            attack = self.attack
            assert attack is not None
            if not attack.defender_asked:
                # The attacker played or passed; now the defender may answer.
                attack.defender_asked = True
                self.actor = 1 - attack.attacker
                return
            self._resolve_stack()
            if self.phase == OVER:
                return
            if attack.weapon is None:  # "It cannot be parried"
                self._strike()
            else:
                self.phase, self.actor = PARRY, 1 - attack.attacker
        elif self.phase == PARRY:
            self._strike()

    def _resolve_stack(self) -> None:
        """ "Events resolve in a Last in-First out order" """
        while self.stack and self.phase != OVER:
            self._resolve_top()

    def _resolve_top(self) -> None:
        owner, card, target = self.stack[-1]
        side = self.sides[owner]
        for verb in self.spec_of[card.uid].actions:
            _HANDLERS[type(verb)](self, side, verb, target)  # resolve, inlined
            if self.phase == OVER:
                break
        self.stack.pop()
        side.discard.append(card)

    def _switch(self, side: Side, card: CardInstance, leafy: bool) -> None:
        """ "During your Main Phase, you may discard a card to switch between Melee and Ranged. If you
        do, you must skip your Attack Phase that turn. The Condemned that discards the card is
        considered the one that moves. The other Condemned is considered stationary during that turn."
        The distance is the game's: both Condemned are at the new one; only the one that moves skips
        its Attack Phase and has its "When you switch" ability. Leafy Pads moves to Ranged and keeps
        the Attack Phase."""
        _remove(side.hand, card)
        side.discard.append(card)
        if leafy:
            side.leafy_used = True
            self.at_range = True
        else:
            side.switched = side.skip_attack = True
            self.at_range = not self.at_range
        for verb in side.condemned.on_switch:
            self.resolve(side, verb, None)

    def _end_main(self, side: Side, action: Action) -> None:
        # The Ready Turn: "nobody can attack during their ready turn".
        if side.turns == 1 or side.skip_attack:
            self._end_turn()
        else:
            self.phase = ATTACK

    def _declare(self, side: Side, action: Action) -> None:
        """Declare an attack: ("attack", hand, target)."""
        hand, target = action[1], action[2]
        weapon = side.main if hand == "main" else side.off if hand == "off" else None
        if hand == "main":
            self.main_attacks += 1
        elif hand == "off":
            self.off_attacks += 1
        else:
            self.desperation_used = True
        index = self.attacks_made
        self.attacks_made = index + 1
        if not self.stack and self.sides[1 - side.index].passive:
            # A fast path: with no Event to play, against a defender that never answers nor parries
            # (the goldfish inmate), every window passes and, with nothing on the stack, the attack
            # strikes: straight there. (_only_pass, inlined for the attacker, the side whose turn it is:
            # whether it may play an Event now.)
            if not side.passive and not side.event_played:
                windows = self.windows
                for card in side.hand:
                    if windows[card.uid] & _ATTACKING_WINDOW:
                        # The attacker may play it: its Event window is a decision (the window
                        # _skip_empty_windows would stop at).
                        self.attack = Attack(side.index, weapon, target, index, self.at_range)
                        self.phase, self.actor = ATTACK_EVENTS, side.index
                        return
            if weapon is not None and target == CONDEMNED_TARGET:
                self._strike_unanswered(side, weapon, index)
                return
            self.attack = Attack(side.index, weapon, target, index, self.at_range)
            self._strike()
            return
        self.attack = Attack(side.index, weapon, target, index, self.at_range)
        # The attacker may play an Event "when you declare an attack", then the defender one
        # "when an enemy attack is declared".
        self.phase, self.actor = ATTACK_EVENTS, side.index
        self._skip_empty_windows()

    def _strike_unanswered(self, attacker: Side, weapon: CardInstance, index: int) -> None:
        """_strike of a Weapon's attack at the enemy Condemned that nothing answered: no Event played, no
        parry, no modifier but the Condemned's bonus for the damage type and the halving of a later
        attack, so its damage is worked out here without the attack's DamageSteps (a fast path: most
        attacks at the goldfish inmate are these)."""
        side_index = attacker.index
        self.attack = None
        self.phase, self.actor = ATTACK, side_index
        defender = self.sides[1 - side_index]
        spec = self.spec_of[weapon.uid]
        damage = spec.damage
        damage_type = spec.damage_type
        if damage_type is not None:
            damage += attacker.condemned.type_bonus.get(damage_type, 0)
        if damage < 0:  # DamageSteps.damage: never below 0
            damage = 0
        if index > 0:
            # "Any Attack after the first attack in the turn deals half damage, rounded up."
            damage = -(-damage // 2)
        self._hit_condemned(attacker, defender, spec, damage)
        if self.phase != OVER:
            self._after_strike(attacker, weapon, spec, self.at_range)

    def _strike(self) -> None:
        """The attack's damage: "If any cards have damage modifiers, apply them now. Then, damage
        resolves. [...] Your Weapon takes 1 damage." An attack whose Weapon or target left play
        before its damage does nothing."""
        attack = self.attack
        assert attack is not None
        self.attack = None
        index = attack.attacker
        self.phase, self.actor = ATTACK, index
        attacker, defender = self.sides[index], self.sides[1 - index]
        weapon = attack.weapon
        spec: CardSpec | None = None
        base, damage_type = 1, None  # the Desperation Rule's: "1 damage with no type"
        if weapon is not None:
            # (Side.holds, inlined here: a Weapon is held when it is in the Main Hand or the Off Hand.)
            if attacker.main is not weapon and attacker.off is not weapon:
                return
            spec = self.spec_of[weapon.uid]
            base, damage_type = spec.damage, spec.damage_type
        target = None
        if attack.target != CONDEMNED_TARGET:
            target = self.cards[attack.target]
            if not defender.wears(target):
                return
        if damage_type is not None:
            attack.added += attacker.condemned.type_bonus.get(damage_type, 0)
        if attack.index > 0:
            # "Any Attack after the first attack in the turn deals half damage, rounded up."
            attack.divisor *= 2
        parry = attack.parry
        if parry is not None and defender.holds(parry):
            # "that Weapon takes the damage instead of the attack's target"
            self.wear(defender, parry, attack.damage(base))
        elif target is None:
            self._hit_condemned(attacker, defender, spec, attack.damage(base))
            if self.phase == OVER:
                return
        else:
            target_spec = self.spec_of[target.uid]
            modifier = target_spec.modifiers.get(damage_type) if damage_type is not None else None
            if modifier is not None:
                # "Apply the damage modifier as written on the card"
                attack.apply(modifier)
            self.wear(defender, target, attack.damage(base))
            if weapon is not None and not attack.at_range and target_spec.thorns and attacker.holds(weapon):
                self.wear(attacker, weapon, target_spec.thorns)
        if weapon is not None and spec is not None:
            self._after_strike(attacker, weapon, spec, attack.at_range)

    def _after_strike(self, attacker: Side, weapon: CardInstance, spec: CardSpec, at_range: bool) -> None:
        """What follows a Weapon's attack once its damage resolved: "Your Weapon takes 1 damage" (if
        still held), a Weapon that breaks when used at Ranged is dropped, and its after-attack text."""
        if attacker.main is weapon or attacker.off is weapon:
            self.wear(attacker, weapon, 1)
        if at_range and spec.breaks_at_ranged and attacker.holds(weapon):
            self._drop(attacker, weapon)
        for verb in spec.after_attack:
            self.resolve(attacker, verb, None)

    def _hit_condemned(self, attacker: Side, defender: Side, spec: CardSpec | None, damage: int) -> None:
        """ "When you attack the Condemned directly, 1 damage is redirected to each Armor card equipped
        to the Condemned." """
        armor = defender.armor
        if armor[0] is None and armor[1] is None and armor[2] is None:
            hit = damage  # no Armor to redirect to (the goldfish inmate's, always)
        else:
            armors = defender.armors()
            redirected = min(damage, len(armors))
            for each in armors[:redirected]:
                if defender.wears(each):
                    self.wear(defender, each, 1)
            hit = damage - redirected
        if hit <= 0:
            return
        self.lose_life(defender, hit)
        if self.phase == OVER or spec is None:
            return
        for verb in spec.on_hit:
            self.resolve(attacker, verb, None)

    def _end_turn(self) -> None:
        side = self.sides[self.active]
        if side.index == PLAYER:
            # _close_player_turn, inlined: this comes at the end of every turn of the deck's player.
            self.damage_by_turn.append(self.sides[OPPONENT].life_lost - self._turn_start_lost)
            if side.turns >= self.game.turn_limit:
                self.phase = OVER
                return
        self.begin_turn(1 - side.index)

    def _close_player_turn(self) -> None:
        self.damage_by_turn.append(self.sides[OPPONENT].life_lost - self._turn_start_lost)

    def _finish(self, loser: Side) -> None:
        self._winner = 1 - loser.index
        if self.active == PLAYER and len(self.damage_by_turn) < self.sides[PLAYER].turns:
            self._close_player_turn()
        self.phase = OVER

    # ------------------------------------------------------------------------ effects and damage

    def resolve(self, side: Side, verb: fx.Verb, target: Any) -> None:
        """Perform one action of a program for `side` (the card's player)."""
        _HANDLERS[type(verb)](self, side, verb, target)

    def draw(self, side: Side, count: int) -> None:
        if count <= 0:
            return
        deck = side.deck
        if count == 1 and deck:
            # One card (the draw to 5 after a turn that played one card, most turns): popped, not sliced.
            card = deck.pop()
            side.hand.append(card)
            side.drawn_cards.append(card)
            return
        if count <= len(deck):
            # The deck holds every card to draw (most draws): no attrition to look for, and the cards are
            # taken at once, the top card (the deck's last) first.
            cards = deck[-count:]
            del deck[-count:]
            cards.reverse()
            side.hand += cards
            side.drawn_cards += cards
            return
        hand, drawn = side.hand, side.drawn_cards
        for _ in range(count):
            if not side.deck and side.discard:
                # "If your deck is empty and you must draw a card, shuffle your discard pile into your
                # deck and then remove the top 5 cards of the deck from the game."
                side.deck, side.discard = side.discard, []
                shuffle(self.rng, side.deck)
                for _ in range(min(ATTRITION_REMOVED, len(side.deck))):
                    side.removed.append(side.deck.pop())
            if not side.deck:
                # "If you have no cards in your deck and cannot draw, play continues without drawing"
                return
            card = side.deck.pop()
            hand.append(card)
            drawn.append(card)

    def heal(self, side: Side, amount: int) -> None:
        # "Life cannot exceed the amount printed on the card + any life bonuses"
        side.life = min(side.max_life, side.life + amount)

    def lose_life(self, side: Side, amount: int) -> None:
        life = side.life
        lost = amount if amount < life else life  # min(), without its call: this comes at every hit
        side.life -= lost
        side.life_lost += lost
        if side.life == 0:
            # "In order to win in The Condemned CCG, you must reduce your opponent's Life to 0."
            self._finish(side)

    def wear(self, side: Side, card: CardInstance, damage: int) -> None:
        """Damage a Weapon or Armor; "When [its] Durability drops to 0, it breaks and goes to the
        Discard Pile"."""
        if damage <= 0:
            return
        wear = side.wear[card.uid] = side.wear.get(card.uid, 0) + damage
        # Only a card that breaks can make others break (by ending its armor set): while the damaged card
        # keeps Durability left, nothing breaks, since no equipped card is ever left at 0 or less.
        spec = self.spec_of[card.uid]
        left = spec.durability - wear
        if spec.set_bonus and self._set_complete(side, spec.armor_set):
            left += spec.set_bonus
        if left <= 0:
            self._check_breaks(side)

    def repair(self, side: Side, card: CardInstance, amount: int) -> None:
        side.wear[card.uid] = max(0, side.wear.get(card.uid, 0) - amount)

    def _check_breaks(self, side: Side) -> None:
        # One piece of a complete armor set breaking takes the bonus from the others, which may
        # break them in turn: look again until nothing breaks.
        spec_of, wear = self.spec_of, side.wear
        broken = True
        while broken:
            broken = False
            for card in (side.main, side.off, *side.armor):
                if card is None:
                    continue
                spec = spec_of[card.uid]
                # durability_left, inlined: this runs after every damage a card takes
                left = spec.durability - wear.get(card.uid, 0)
                if spec.set_bonus and self._set_complete(side, spec.armor_set):
                    left += spec.set_bonus
                if left <= 0:
                    self._drop(side, card)
                    broken = True

    def _drop(self, side: Side, card: CardInstance) -> None:
        """Take an equipped card out of play to the Discard Pile."""
        if side.main is card:
            side.main = None
        elif side.off is card:
            side.off = None
        else:
            side.armor[side.armor.index(card)] = None
        side.wear.pop(card.uid, None)
        side.discard.append(card)

    def equipped_card(self, side: Side, uid: Any) -> CardInstance | None:
        """The card with this uid if `side` has it equipped now (a choice may have left play)."""
        if not isinstance(uid, int) or uid < 0:
            return None
        card = self.cards[uid]
        return card if side.holds(card) or side.wears(card) else None


# Each kind of action's step (CondemnedState.act).
_ACTS: Final[dict[str, Callable[[CondemnedState, Side, Action], None]]] = {
    "attack": CondemnedState._declare,
    "play": CondemnedState._play,
    "end_main": CondemnedState._end_main,
    "equip": CondemnedState._equip,
    "end_attacks": CondemnedState._act_end_attacks,
    "keep": CondemnedState._keep,
    "pass": CondemnedState._act_pass,
    "mulligan": CondemnedState._mulligan,
    "choose": CondemnedState._act_choose,
    "switch": CondemnedState._act_switch,
    "leafy": CondemnedState._act_leafy,
    "move": CondemnedState._act_move,
    "parry": CondemnedState._act_parry,
}


def _remove(cards: list[CardInstance], card: CardInstance) -> None:
    """Take `card` out of the list, found by identity: each card is one object, and list.remove would
    compare the others field by field first."""
    for index, each in enumerate(cards):
        if each is card:
            del cards[index]
            return
    raise ValueError(f"{card.name} (#{card.uid}) is not there")


def _count(counter: Counter[str], name: str) -> None:
    """counter[name] += 1 without Counter's __missing__ call for a new name."""
    counter[name] = counter.get(name, 0) + 1


def _heal(state: CondemnedState, side: Side, verb: fx.Heal, target: Any) -> None:
    state.heal(side, verb.amount)


def _lose_life(state: CondemnedState, side: Side, verb: fx.LoseLife, target: Any) -> None:
    state.lose_life(side, verb.amount)


def _draw(state: CondemnedState, side: Side, verb: fx.Draw, target: Any) -> None:
    state.draw(side, verb.amount)


def _damage_enemy_card(state: CondemnedState, side: Side, verb: fx.DamageEnemyWeapon | fx.DamageEnemyArmor,
                       target: Any) -> None:
    enemy = state.sides[1 - side.index]
    card = state.equipped_card(enemy, target)
    if card is not None:
        state.wear(enemy, card, verb.amount)


def _damage_each_enemy_armor(state: CondemnedState, side: Side, verb: fx.DamageEachEnemyArmor, target: Any) -> None:
    enemy = state.sides[1 - side.index]
    for armor in enemy.armors():
        if enemy.wears(armor):
            state.wear(enemy, armor, verb.amount)


def _repair(state: CondemnedState, side: Side, verb: fx.Repair, target: Any) -> None:
    card = state.equipped_card(side, target)
    if card is not None:
        state.repair(side, card, verb.amount)


def _search(state: CondemnedState, side: Side, verb: fx.Search, target: Any) -> None:
    """ "Search your deck for a Weapon card, put it into your hand, then shuffle your deck." """
    deck = side.deck
    for index, card in enumerate(deck):  # the first copy named, taken out where it is found
        if card.name == target:
            del deck[index]
            side.hand.append(card)
            side.drawn_cards.append(card)
            break
    shuffle(state.rng, deck)


def _attack_bonus(state: CondemnedState, side: Side, verb: fx.AttackBonus, target: Any) -> None:
    if state.attack is not None:
        state.attack.added += verb.amount


def _set_attack_damage(state: CondemnedState, side: Side, verb: fx.SetAttackDamage, target: Any) -> None:
    if state.attack is not None:
        state.attack.set_to = verb.value


_HANDLERS: Final[dict[type[fx.Verb], Any]] = {
    fx.Heal: _heal,
    fx.LoseLife: _lose_life,
    fx.Draw: _draw,
    fx.DamageEnemyWeapon: _damage_enemy_card,
    fx.DamageEnemyArmor: _damage_enemy_card,
    fx.DamageEachEnemyArmor: _damage_each_enemy_armor,
    fx.Repair: _repair,
    fx.Search: _search,
    fx.AttackBonus: _attack_bonus,
    fx.SetAttackDamage: _set_attack_damage,
}

# Every action verb must be playable: a verb added to effects.py without a handler fails here.
if set(_HANDLERS) != set(fx.ACTIONS):
    raise ImportError(f"actions without a handler: {sorted(v.__name__ for v in set(fx.ACTIONS) - set(_HANDLERS))}")
