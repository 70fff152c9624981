"""QQDND's heuristic player: the built-in player of goldfish games (against the sparring or the passive
party: docs: goldfish rules) and the roll-out player of the search player.

THE POLICY (deterministic: the same state always gets the same move; it reads nothing but the state).
It plays either seat: the seat to act (state.actor) is "the deck's player", and "a dummy" below is any
Party Member of the other party, a goldfish's dummy or a real deck's member in a matchup.
Each move is scored on what it does (rules 1-6), and the moves are weighed against one another by the
rules of the round (rules 7-8; docs/rules-notes.md, "The heuristic player"):

1. Damage to a living dummy scores most: 10 a point that counts (damage beyond what defeats the
   dummy is wasted), 5 more for defeating it, and a little more the closer to defeat the dummy is,
   so damage is focused on one dummy at a time. Damage a coin flip decides counts half; damage to a
   random dummy counts what it can be expected to do.
   a. A Shield counter the damage strips from a dummy (one a point) scores half a point: the next point
      of damage lands, so a shielded Party Member is worn down, not left alone.
   b. Damage to another card of the other party scores a little (0.5 a point it can take), except on a
      card without Life (an Item, a Location): damage never destroys it, and it scores nothing.
   c. Damage to one's own card without Life costs nothing either (Lotus Slash at one's own Cavbike draws a card).
   d. While one's TB Towers has not searched this round, the first damage to one's own card is a card searched
      (TB_SEARCH: "The first time a card you control takes damage each round, you may search your deck"); against a
      real party too, one's own card without Life is then aimed at beside the other party's cards (rule 25:
      struck_for_tb_towers).
   e. While the other party's healer stands (Resmi: "At the end of each round, remove 1 Damage counter from up to 3
      Party Members you control"), the first point on an undamaged Party Member of theirs counts as a point to come:
      the heal takes it back unless another point follows it this round (first_point_undone). Each point on the
      healer herself counts a share of the heal her defeat ends, so she is hit first (healer_share).
2. A Permanent is worth the damage its Actions (or the Actions it grants to the card it equips or
   is taught to) can deal each round to come, at half the rate of damage now (a weapon: what its Action beats
   the best damage Action of the card it equips by, one Action a card a round); a Permanent that
   cannot help against the dummies (Noxspace stops targeting them; a Sniper's Camp with no Martial
   Attack to hold; Raging Savage) is avoided. A Sniper's Camp costs the Attack and Spell cards a round's draw
   brings, which it locks in hand (camp_locks). A second copy of a Unique card in play is not played.
   Losing one's own Permanent counts against a move, except Noxspace (its Exit Words are welcome). A Skill
   (Teach: "then Exhaust that card") costs the Action the taught card gives up this round.
3. Charge counters on an Alchemical Bomb are worth nearly as much as damage (BOOM spends them).
4. Drawing and searching are worth a little while an Action is still to come this round (a card
   drawn then can be played), almost nothing once it is not; discarding costs a little.
5. Harm to one's own cards counts against a move, heavily when it would defeat a Party Member (a point
   short of that costs little against the goldfish's dummies, which deal no damage: own_point);
   healing one's own damage counts a little. In a matchup a Shield counter goes on a living Party Member, the one
   holding fewest, never on a defeated one (rule 21: shield_placed_worth).
6. Passing scores 0: a move that scores below that is not made (except the opening Action, which
   the rules force).
7. One Action a card a round: of a card's Actions only the one worth most at any Initiative is taken
   (Devil Rush or Me, Me, Me; Tick or BOOM), at the opening too. A Fly is priced by the Rushes to come
   it adds a point to; BOOM by the Ticks it gives up for the rounds the game has left (rounds_to_go).
   A pending Spellstrike boost waits for the next Rush whenever it comes: it does not count for rushing now
   while a Fly can still be raised. Spellstrike itself waits until Insingem has acted unless its point counts in
   this round's Rush (rule 18: rush_point_counts).
8. The Initiative ladder, on the turn: a Turn Action at the highest value it can take, the one that
   goes highest first, set-ups first (Challenge, boosts, draws) unless they strand more cards above the
   bar than there are chances to respond (a draw or search into the hand: any card; a card put into play is
   no set-up); a response only with a card that cannot be a Turn Action now,
   after any set-up still to come, or with a card in play that deals no damage and has one Initiative only
   (Blueprint: no step of the ladder, it loses nothing by answering); a Turn Action of little worth to open a
   chance for such a card. Sword Throw ("You may play no more Attack cards this round") waits while another
   Attack in hand can hurt a dummy and an Action is still to come (LAST_ATTACK). A strike at one's own card that
   sets off TB Towers' search goes first like a boost (rule 19: the card found has the rest of the ladder).
Choices made while an effect resolves (which card a search finds, where a Challenge counter goes)
are the engine's DefaultChooser's (engine/games/qqdnd/choices.py), which puts Challenge counters on
the dummy nearest defeat.

HOW IT STAYS FAST. A run plays thousands of games, and scoring is most of a game's time. choose()
takes the same move as scoring every legal move (HeuristicPolicy.score) and keeping the first best,
but it never builds the list of legal moves, and scores a move only when it can score differently
from the ones already scored: a second copy of a card in hand is skipped; a damage Action's targets
are scored by the worth of damage to each card alone; an Action whose estimate never reads its
targets is estimated once, and one that reads nothing of the board once per policy (Scoring); a
Permanent whose value reads nothing of the board is valued once (PermanentProfile); an option whose
value changes nothing is scored once a decision, whatever the window (Decision.options); what is read of the cards
alone many times a decision (guard_points, discard_to_follow, the Unique names in play) is kept in
QQDNDState.cards_memo() while no card changes; and a move is built only when it beats the best so far. On the
turn, the ladder weighs only the cards whose moves can change its choice (_lazy_ladder): the set-ups, the others
as far as whether a set-up goes first needs them, then the cards from the highest Initiative their options reach
down, until none left can reach the best Turn Action found.
tests/engine/test_qqdnd_engine.py checks the choice (and each option's best move) against scoring every move, in
every position of games of random decks of the whole set.
"""
from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from math import comb
from typing import Any, Final, TypeVar, cast

from engine.games.qqdnd import effects
from engine.games.qqdnd.board import Board
from engine.games.qqdnd.carddefs import ActionDef, CardDef
from engine.games.qqdnd.containers import ByDefinition
from engine.games.qqdnd.pieces import FIELD, HAND, Piece, remaining_life
from engine.games.qqdnd.state import (
    LAST,
    NO_LIMIT,
    OPEN,
    PASS,
    PLAY,
    RESPOND,
    TURN,
    USE,
    Move,
    Option,
    QQDNDState,
    new_move,
)
from engine.games.qqdnd.verbs import (
    COUNT,
    PICKED,
    TARGETS,
    THIS_NAMED,
    AddCounters,
    AttachFromHand,
    BoostNextDamage,
    BoostNextMagusDamage,
    CountersOn,
    CreateToken,
    Ctx,
    Custom,
    DealDamage,
    DiscardFromHand,
    DiscardHand,
    Distribute,
    Draw,
    Exhaust,
    Flip,
    ForceNextAction,
    If,
    LeavePlay,
    NoMoreAttacks,
    PartyHas,
    PartyLacks,
    PerformNested,
    Pick,
    Pred,
    Program,
    RandomOne,
    RemoveDamage,
    RemoveTopOfDeck,
    Repeat,
    Restore,
    RevealUntil,
    Search,
    StayExhausted,
    TargetHas,
    TargetSpec,
    Verb,
    YoursNamed,
    walk,
)
from engine.native import attribute_names

POINT: Final = 10.0  # a point of damage to a dummy, now
DEFEAT_BONUS: Final = 5.0
FUTURE_RATE: Final = 0.5  # a point of damage per round to come, against a point now
CHARGE: Final = 8.0  # a Charge counter on an Alchemical Bomb
# A Shield counter stripped from an opposing Party Member: a point of damage to come.
SHIELD: Final = POINT * FUTURE_RATE
MILLED_THEIRS: Final = 0.2  # a card of the other party's deck removed from the game (Starshot)
MILLED_OWN: Final = 0.5  # a card of one's own deck removed from the game
CARD_NOW: Final = 1.5  # a card into hand while an Action is still to come this round
CARD_LATER: Final = 0.2  # a card into hand once none is
PLAYED: Final = 0.05  # a card played rather than used from play: one the end of the round does not discard
# A counter put on a card, of a kind whose estimate does not look at the cards it goes on (_COUNTED_COUNTERS), and a
# Shield counter anywhere but on one's own Party Member (rule 21).
COUNTER: Final = 0.2
OWN_POINT: Final = 3.0  # a point of damage to one's own card
OWN_POINT_UNOPPOSED: Final = 0.5  # a point on one's own Party Member when the other party deals no damage (goldfish)
OWN_DEFEAT: Final = 40.0  # one's own Party Member defeated
BOOM_HORIZON: Final = 6  # rounds of Ticks a BOOM is counted to give up, at most
SLOT_COST: Final = 2.0  # what a Turn Action may cost when it only makes the chance of a response
# Sword Throw while another Attack that can hurt a dummy is in hand and an Action is still to come (rule 12): below
# anything worth a Turn Action, or a Turn Action made only to open a chance to respond.
LAST_ATTACK: Final = 60.0
# A card searched into the hand: what TB Towers finds when one's own card takes its first damage of the round.
TB_SEARCH: Final = CARD_NOW * 1.3
STACKED: Final = 0.5  # a weapon equipped beside a copy of itself on one card, in a matchup (rule 27)
# Another Attack card while a Deadshot can discard a guard this round (rule 20): it waits, as Sword Throw does.
HELD_BACK: Final = LAST_ATTACK
LEAVE_THEIRS: Final = 5.0  # a card of the other party's leaves play
# A point of damage a round an opposing card keeps off the other party's living Party Members (rule 20: Block, Shield
# counters made), gone with the card: a point of damage to come.
GUARD_POINT: Final = POINT * FUTURE_RATE
# Rule 23: the first point on an undamaged Party Member of a party whose healer is standing is undone at the end of the
# round unless another point follows it: it counts as a point to come, not a point now.
UNDONE: Final = POINT - POINT * FUTURE_RATE
# Keys of what the policy reads of the cards alone, kept in QQDNDState.cards_memo() for as long as the cards stay as
# they are (the rest of a key says of which card and seat).
_GUARD_POINTS: Final = "guard_points"
_DISCARD_TO_FOLLOW: Final = "discard_to_follow"
_NAMES_IN_PLAY: Final = "names_in_play"
_HEALER_STANDS: Final = "healer_stands"
_TB_TOWERS_READY: Final = "tb_towers_ready"
_Read = TypeVar("_Read")
# TB Towers' static: asked of the game before a call to tb_towers_ready in the hottest places (most games have none).
_TB_TOWERS: Final = "tb_towers"


class Found:
    """The best move of one option, as the ladder weighs it."""

    __slots__ = ("move", "score", "lowest", "setup", "damaging", "boost")

    def __init__(self, option: Option, move: Move, score: float, kind: tuple[bool, bool, bool]) -> None:
        self.move = move
        self.score = score
        self.lowest = option[3]  # the lowest Initiative it can be performed at
        self.setup, self.damaging, self.boost = kind


def _by_score(found: Found) -> float:
    return found.score


def _by_ladder(found: Found) -> tuple[int, float]:
    return found.move.initiative, found.score


class Decision:
    """What one decision has worked out already: many moves share a condition, a target, a card."""

    __slots__ = ("later", "conditions", "damage", "permanents", "plans", "focus", "potentials", "_aims",
                 "card_best", "options", "modifiers", "twins", "damaging", "rankings", "_estimate", "tb_ready")

    def __init__(self, later: bool) -> None:
        self.later = later  # an Action is still to come this round
        self.conditions: dict[str, bool] = {}  # class -> "there is a <class> in your party"
        # (source uid, plan) -> (what the move is worth besides its damage, the damage or -1 if none)
        self.plans: dict[tuple[int, DamagePlan], tuple[float, int]] = {}
        self.damage: dict[int, float] = {}  # _damage_key(target uid, damage) -> worth
        self.permanents: dict[tuple[int, int, int], float] = {}  # (card uid, host uid, wave uid) -> worth
        self.focus: Piece | None | bool = False  # the dummy nearest defeat (None: none left), False until asked
        self.potentials: dict[tuple[ActionDef, int], float] = {}  # (Action, performer uid) -> potential
        self._aims: dict[object, list[int]] = {}
        self.card_best: dict[int, float] = {}  # card uid -> the best score of its Actions at any Initiative
        # An option whose value changes nothing (by _option_key) -> its best move and the move's score; for an Action
        # whose estimate never reads its targets, (None, its score, the value it was scored at) until the move is
        # asked for (_Lazy).
        self.options: dict[int, tuple[Move, float] | _Lazy | None] = {}
        self.modifiers: dict[int, tuple[int, str | None]] = {}  # source uid -> source_modifiers()
        # (Action uid, card definition, controller) -> the best move of a copy of a card in play (_best_of_twin)
        self.twins: dict[tuple[int, CardDef, int], tuple[Move, float] | None] = {}
        self.damaging: dict[int, bool] = {}  # card uid -> whether an Action it has now deals damage
        # (source uid, plan, damage) -> the candidates of a many-target damage Action, each one's worth, and their
        # indices ranked by worth (_best_of_many_targets)
        self.rankings: dict[tuple[int, DamagePlan, int], tuple[list[int], list[float], list[int]]] = {}
        self._estimate: Estimate | None = None  # the dry run of this decision's moves (estimate())
        self.tb_ready: bool | None = None  # tb_towers_ready for the seat to act, None until asked (rule 19)

    def estimate(self, state: QQDNDState) -> Estimate:
        """A dry run for one more move of this decision, nothing planned yet: one Estimate serves them all, as
        everything else it holds (the seat, the state, whether an Action is still to come) is the decision's."""
        known = self._estimate
        if known is None or known.state is not state:
            known = self._estimate = Estimate(state, self)
        else:
            known.planned = {}
        return known

    def aims(self, state: QQDNDState, source: Piece, spec: TargetSpec) -> list[int]:
        """The targets worth scoring for a damage Action with one target: the opponent's cards if there are
        any, since damage to one's own card is never worth more than damage to an opponent's (rule 5), and, while
        one's TB Towers waits, one's own cards without Life too (rule 25: their first damage finds a card)."""
        key: object = (id(spec), source.uid) if spec.uses_source else id(spec)
        aims = self._aims.get(key)
        if aims is None:
            aimed = state.opponents_candidates(state.actor, source, spec) if spec.zone == "play" else []
            if aimed and _TB_TOWERS in state.statics_present and tb_towers_ready(state, state.actor):
                # Rule 25: while TB Towers waits, one's own card without Life is aimed at too (its first damage this
                # round finds a card and costs nothing: rules 14 and 17), in the order candidates() lists them.
                cards, mine = state.cards, state.actor
                aimed = [uid for uid in state.candidates(mine, source, spec)
                         if cards[uid].controller != mine or struck_for_tb_towers(cards[uid])]
            aims = self._aims[key] = aimed or state.candidates(state.actor, source, spec)
        return aims


class Scoring:
    """How the moves of one Action are scored, worked out once per Action: which of the moves can score
    differently from the others, so that choose() scores each distinct move once, and builds a move only
    when it beats the best so far (ties go to the first move)."""

    __slots__ = ("plan", "permanent", "target_free", "value_free", "fixed", "trait_damage", "shields_only", "split",
                 "mode_splits", "twins_alike")

    def __init__(self, act: ActionDef, permanent: bool, plan: DamagePlan | None) -> None:
        self.permanent = permanent  # playing a Permanent: worth what it will do in rounds to come
        # A damage Action with targets and nothing nested: its targets are scored without building their moves.
        self.plan = plan
        # The Initiative a move is made at changes neither its score nor its targets, except Spread Shot's (a
        # lower value buys more targets).
        self.value_free = act.rule != "spread_shot"
        # Every target scores the same when the estimate never looks at the targets.
        self.target_free = (not self.permanent and plan is None and not act.modes and act.nested is None
                            and not reads_targets(act.program))
        # What an Action that reads nothing of the board scores, once worked out: by whether an Action is
        # still to come this round (Decision.later), the one thing its estimate reads.
        self.fixed: dict[bool, float] | None = {} if self.target_free and not reads_board(act.program) else None
        # "Deal 1 damage to target Ally. If target is a Samurai, deal 2 damage instead" (Samurai Slayer): each
        # target is worth what its damage alone is, as a dry run would find (trait, damage if it has it, if not).
        self.trait_damage = (trait_damage(act) if not permanent and plan is None and act.rule is None
                             else None)
        # "Put a Shield counter on target card you control" (Advance Warning): each target is worth what
        # shield_placed_worth finds for it alone (rule 21), as a dry run would.
        self.shields_only = not permanent and not self.target_free and act.rule is None and shields_only(act)
        # "Remove up to 2 damage counters from target Ally ... Discard Curative Potion" (Quaff Potion), "Deal one
        # damage to target Permanent Resource" and a card rule (Pummel): the dry run of each target adds what
        # the target alone is worth to what the rest of the program is worth whatever the target (split_program).
        self.split = (split_program(act) if not permanent and plan is None and self.trait_damage is None
                      and not self.target_free and act.rule is None else None)
        # "Choose one: discard target Item ...; or exhaust target Ally ..." (Grease): so each mode.
        self.mode_splits = split_modes(act) if not permanent and act.rule is None else None
        # A damage Action whose best targets read of its card only what copies of the card share while nothing is
        # attached to them and nothing added to them (their name, controller, classes; not "cards exhausted this
        # way", Devil Rush's count, nor a target spec that asks who asks): copies in play score alike. So does an
        # Action of damage by the target's class (three Samurai Slayers' Honorable Engagements): each target is worth
        # what DamagePlan.worth finds, which reads of the card only the same.
        self.twins_alike = ((plan is not None and plan.exhausting is None or self.trait_damage is not None)
                            and self.value_free and not any(spec.uses_source for spec in act.targets))


class HeuristicPolicy:
    """Scores each legal move of the deck's player and takes the best (see the module docstring).

    One policy serves every game of a Game: it remembers how to score each Action."""

    def __init__(self) -> None:
        # Keyed by the ActionDef itself: a policy may serve the games of several Games (their Actions are
        # numbered alike), and the key keeps the Action alive, so its identity is never reused.
        self._plans: dict[tuple[ActionDef, int], DamagePlan | None] = {}
        self._scorings: tuple[dict[ActionDef, Scoring], ...] = ({}, {}, {})  # by kind of move
        self._profiles: dict[CardDef, PermanentProfile] = {}
        self._kinds: dict[ActionDef, tuple[bool, bool, bool]] = {}
        self._looses: dict[ActionDef, bool] = {}
        self._shapes: dict[ActionDef, tuple[tuple[int, str, int], ...] | None] = {}
        # The last decision's workings, and the state and cards they were of (see decision()).
        self._last_state: QQDNDState | None = None
        self._last_key = (-1, False, -1)
        self._last_decision = Decision(later=False)

    def choose(self, state: QQDNDState) -> Move:
        """The move of the deck's player: on the turn and in answer to a Turn Action, the ladder's (ladder());
        else (the forced opening Action, the round's last Action, extra Actions) the best-scoring."""
        if state.phase in (TURN, RESPOND):
            return self.ladder(state)
        if state.phase == OPEN:
            # The forced opening: of a card's Actions, the one worth most at any Initiative (a Bomb worth
            # exploding does not Tick at the opening when something else can open).
            found = self.worthwhile(state, state.window(), self.decision(state, later=True), floor=float("-inf"))
            if found:
                return max(found, key=_by_score).move
        return self.best(state)

    def best(self, state: QQDNDState) -> Move:
        """The best legal move of the deck's player. It walks the options legal_actions() is made of, in the
        same order (ties go to the first), but scores only the moves that can score differently, and builds
        only the moves that beat the best so far."""
        # Against the dummies, only the last Action of a round has none after it.
        decision = Decision(later=state.phase != LAST)
        window = state.window()
        low, high, _values, may_pass = window
        best: Move | None = PASS if may_pass else None  # nothing worth doing: pass (the opening Action is forced)
        best_score = 0.0 if may_pass else float("-inf")
        # Copies of one card in hand make the same moves with the same scores: only the first copy's count.
        in_hand: list[int] = []
        options = state.options(state.actor)
        for position, option in enumerate(options):
            if option[3] > high or option[4] < low:
                continue  # out of the window: no value to act at
            if option[0] == PLAY:
                if _copy_weighed(options, position, in_hand):
                    continue
                in_hand.append(position)
            found = self.best_of_option(state, option, window, decision, best_score)
            if found is not None:
                best, best_score = found
        assert best is not None, "the opening Action always has a legal move"
        return best

    def ladder(self, state: QQDNDState) -> Move:
        """On the turn, or in answer to a Turn Action (rule 7 of the module docstring)."""
        decision = self.decision(state, later=True)
        window = state.window()
        bar = state.bar
        if state.phase == RESPOND:
            # Only a card that cannot be a Turn Action now: the others wait for their turn, each Turn Action
            # being one more chance to respond.
            answers = self.worthwhile(state, window, decision, above=bar)
            if not answers:
                # A card in play with no damage to deal and one Initiative only (Magical Tinkering's Blueprint)
                # loses nothing by answering now: it is no step of the ladder, and an answer keeps the round going.
                idle = [f for f in self.worthwhile(state, window, decision, idle=True)
                        if f.move.kind == USE and f.lowest == f.move.initiative and not f.setup and not any(
                            a.damaging for a in state.actions_of(state.cards[f.move.source]))]
                return max(idle, key=_by_score).move if idle else PASS
            best = max(answers, key=_by_score)
            if best.damaging and self._setup_to_come(state, bar, decision):
                return PASS  # a set-up comes first (Challenge, Strength Mutagen): answer after it
            return best.move
        lazy = self._lazy_ladder(state, window, decision)
        if lazy is not None:
            return lazy
        return self._every_turn(state, window, decision)

    def _every_turn(self, state: QQDNDState, window: tuple[int, int, str, bool], decision: Decision) -> Move:
        """The ladder on the turn, every option in the window weighed: a set-up that goes first, else the first best
        Turn Action by Initiative, then score, else (none scoring more than 0) a Turn Action of little worth to make
        the chance for a card only a response can play, else a pass. _lazy_ladder takes the same move, weighing
        fewer cards, whenever a move scores more than 0."""
        found = self.worthwhile(state, window, decision, floor=-SLOT_COST)
        turns = [f for f in found if f.score > 0]
        setups = [f for f in turns if f.setup]
        if setups:
            for setup in sorted(setups, key=_by_score, reverse=True):
                if self._goes_first(state, decision, setup, turns):
                    return setup.move
        if turns:
            return max(turns, key=_by_ladder).move
        if found and self.answers_only(state, decision):
            # Nothing worth a Turn Action, but a card only a response can play: a Turn Action of little worth
            # makes the chance.
            return max(found, key=_by_ladder).move
        return PASS

    def _goes_first(self, state: QQDNDState, decision: Decision, setup: Found, turns: list[Found]) -> bool:
        """Whether a set-up is taken before the Turn Actions that could come before it on the ladder. A boost
        (Challenge, Strength Mutagen, Spellstrike) goes first unless it would strand more cards above the bar than
        the Turn Actions left can open chances to respond for. A card drawn or found makes none of the cards above
        the set-up hit harder: those go first, as Turn Actions, rather than wait for a chance to respond."""
        value = setup.move.initiative
        others = [f for f in turns if f is not setup]
        above = sum(1 for f in others if f.lowest > value)
        if not setup.boost:
            return not above
        return above + len(self.answers_only(state, decision)) <= 1 + sum(1 for f in others if f.lowest <= value)

    def _setup_to_come(self, state: QQDNDState, bar: int, decision: Decision) -> bool:
        """Whether a set-up that deals no damage is worth taking at or below the bar. Only the cards with such an
        Action there can have one among worthwhile()'s moves (it keeps each card's best Action, weighed against
        the card's others alone), so only theirs are scored."""
        setups = {option[1].uid for option in state.options(state.actor)
                  if option[3] <= bar and self._kind_of(option[2])[:2] == _QUIET_SETUP}
        return bool(setups) and any(f.setup and f.damaging is False for f in self.worthwhile(
            state, (0, bar, "all", True), decision, cards=setups))

    def answers_only(self, state: QQDNDState, decision: Decision) -> list[Found]:
        """The worthwhile moves of the deck's player that only a response can make now (above the bar)."""
        bar = state.bar
        return self.worthwhile(state, (bar, NO_LIMIT, "low", True), decision, above=bar)

    def decision(self, state: QQDNDState, later: bool) -> Decision:
        """What this decision works out of the cards: kept from the last decision while the cards are as they
        were then (only the phase and the bar moved: a pass, the sparring party's Turn Action)."""
        key = (state.board_version, later, state.actor)
        if self._last_state is state and self._last_key == key:
            return self._last_decision
        decision = Decision(later)
        self._last_state, self._last_key, self._last_decision = state, key, decision
        return decision

    def worthwhile(self, state: QQDNDState, window: tuple[int, int, str, bool], decision: Decision,
                   floor: float = 0.0, above: int | None = None, idle: bool = False,
                   cards: set[int] | None = None) -> list[Found]:
        """The best move of each option in the window that scores more than `floor` (and whose lowest Initiative is
        above `above`, if given); of a card's Actions only the best (one Action per card a round), of copies of a
        card in hand only the first. With `idle`, only those of cards in play with no Action that deals damage
        (the others' are left out whichever of their Actions is best, and leave the others' alone); with `cards`, only
        those of the cards of these uids."""
        low, high = window[0], window[1]
        in_hand: list[int] = []
        found: dict[int, Found] = {}
        tb_towers = _TB_TOWERS in state.statics_present  # most games have none: asked once a call
        lowest_left_out = _NO_FLOOR if above is None else above  # an option whose lowest is no higher is left out
        # Most calls filter by the window alone: the other filters are asked only when given.
        filtered = idle or cards is not None
        options = state.options(state.actor)
        for position, option in enumerate(options):
            kind, source, act, lowest, highest = option
            if lowest > high or highest < low or lowest <= lowest_left_out:
                continue
            if filtered:
                if idle and (kind != USE or self._deals_damage(state, source, decision)):
                    continue
                if cards is not None and source.uid not in cards:
                    continue
            if kind == PLAY:
                if _copy_weighed(options, position, in_hand):
                    continue
                in_hand.append(position)
            self._weigh(state, option, window, decision, floor, found, tb_towers)
        kept = []
        for each in found.values():
            if self._kept(state, each, decision):
                kept.append(each)
        return kept

    def _weigh(self, state: QQDNDState, option: Option, window: tuple[int, int, str, bool], decision: Decision,
               floor: float, found: dict[int, Found], tb_towers: bool) -> None:
        """The best move of an option, if it scores more than `floor`, kept in `found` (by card) when it beats the
        card's best so far (worthwhile())."""
        best = self.best_of_option(state, option, window, decision, floor)  # not a bound method: called natively
        if best is None:
            return
        uid = option[1].uid
        known = found.get(uid)
        if known is None or best[1] > known.score:
            move, score = best
            act = option[2]
            act_kind = self._kinds.get(act) or self._kind_of(act)
            if (tb_towers and act_kind[1] and not act_kind[0] and score > 0
                    and _sets_off_tb_towers(state, move, decision)):
                # Rule 19: a strike at one's own card that sets off TB Towers is a card found, and it goes first
                # like a boost: the card found has the rest of the ladder to be played in.
                act_kind = _TB_SETUP
            found[uid] = Found(option, move, score, act_kind)

    def _kept(self, state: QQDNDState, each: Found, decision: Decision) -> bool:
        """Whether a card's best move is kept: an Action of a card in play only if no other Action of the card is
        worth more (_card_best, read here from what this decision has worked out when it has)."""
        move = each.move
        if move.kind != USE:
            return True
        worth = decision.card_best.get(move.source)
        if worth is None:
            worth = self._card_best(state, each, decision)
        return each.score >= worth

    def _lazy_ladder(self, state: QQDNDState, window: tuple[int, int, str, bool], decision: Decision) -> Move | None:
        """The ladder's Turn Action on the turn (ladder(): a set-up that goes first, else the first best by Initiative,
        then score, of worthwhile()'s moves scoring more than 0), weighing only the cards whose moves can change it
        (_Turns). None when no move scores more than 0 (the ladder then weighs every option for its other rules)."""
        turns = _Turns(self, state, window, decision)
        setups: list[Found] = []
        for index in turns.setup_cards:
            each = turns.of(index)
            if each is not None and each.setup:
                setups.append(each)
        if len(setups) > 1:
            setups.sort(key=_by_score, reverse=True)  # stable: equals stay in worthwhile()'s order
        for setup in setups:
            if self._goes_first_of(state, decision, setup, turns):
                return setup.move
        best = turns.top()
        return None if best is None else best.move

    def _goes_first_of(self, state: QQDNDState, decision: Decision, setup: Found, turns: _Turns) -> bool:
        """_goes_first(), the other Turn Actions weighed only as far as its counts need them: a card none of whose
        options starts above the set-up's Initiative can only count below it, and is weighed only for a boost, and
        only until the Turn Actions below are enough."""
        value = setup.move.initiative
        mine = setup.move.source
        above = below = 0
        later: list[int] = []
        for index, uid in enumerate(turns.uids):
            if uid == mine:
                continue
            if not turns.done[index] and turns.rises[index] <= value:
                later.append(index)
                continue
            each = turns.of(index)
            if each is None:
                continue
            if each.lowest > value:
                if not setup.boost:
                    return False
                above += 1
            else:
                below += 1
        if not setup.boost:
            return True
        need = above + len(self.answers_only(state, decision)) - 1
        for index in later:
            if below >= need:
                break
            if turns.of(index) is not None:
                below += 1
        return below >= need

    @staticmethod
    def _deals_damage(state: QQDNDState, card: Piece, decision: Decision) -> bool:
        """Whether one of the Actions a card in play has now deals damage (read once a decision)."""
        known = decision.damaging.get(card.uid)
        if known is None:
            known = False
            for act in state.actions_of(card):  # a loop, not any() over a generator: asked of every card in play
                if act.damaging:
                    known = True
                    break
            decision.damaging[card.uid] = known
        return known

    def _card_best(self, state: QQDNDState, found: Found, decision: Decision) -> float:
        """What the best Action of a card in play is worth at any Initiative: a card performs one Action a round,
        so an Action worth less than another of the same card waits for that one (Devil Rush or Me, Me, Me;
        Tick or BOOM)."""
        move = found.move
        card = state.cards[move.source]
        if len(card.d.actions) == 1 and not card.attached and card.copied is None and card.trick is None:
            # Its one Action (state.actions_of: nothing grants or changes one) is the one found: nothing else to score.
            best = found.score
        else:
            best = self._best_use(state, card, decision, found.score, move.action)
        decision.card_best[move.source] = best
        return best

    def _best_use(self, state: QQDNDState, card: Piece, decision: Decision, floor: float, skip: int = -1) -> float:
        """The best score of the Actions a card in play can perform now, at any Initiative (Action `skip` left
        out), or `floor` if none scores more."""
        best = floor
        # The card's USE options, in options() order: a pass over them costs less than an index of every card's.
        for option in state.options(state.actor):
            if option[1] is card and option[0] == USE and option[2].uid != skip:
                other = self.best_of_option(state, option, _ANYWHERE, decision, best)
                if other is not None:
                    best = other[1]
        return best

    def _kind_of(self, act: ActionDef) -> tuple[bool, bool, bool]:
        """(set-up, damaging, boost) of an Action: a set-up makes what comes after it this round better (Challenge
        counters, a boost to the next damage, cards drawn or searched for into the hand); a boost makes the next
        damage bigger (the first two)."""
        known = self._kinds.get(act)
        if known is None:
            verbs = walk(act.program)
            boost = any(isinstance(verb, (BoostNextDamage, BoostNextMagusDamage))
                        or (isinstance(verb, AddCounters) and verb.kind == "challenge") for verb in verbs)
            setup = boost or any(isinstance(verb, (Draw, RevealUntil))
                                 or (isinstance(verb, Search) and verb.to == "hand") for verb in verbs)
            known = self._kinds[act] = (setup, act.damaging, boost)
        return known

    def best_of_option(self, state: QQDNDState, option: Option, window: tuple[int, int, str, bool],
                       decision: Decision, to_beat: float) -> tuple[Move, float] | None:
        """The first of the best of an option's legal moves (as legal_actions() lists them, but on the turn
        the highest Initiative first: a Turn Action keeps the bar as high as it can) and its score, if it
        scores more than `to_beat`; else None. Of a plain damage Action's moves, only those on an opponent's
        card count when there are any (rule 5)."""
        kind, source, act, lowest, highest = option
        scoring = self._scorings[kind].get(act)
        if scoring is None:
            scoring = self._scorings[kind][act] = self._scoring(kind, act, source.d.category)
        best: tuple[Move, float] | None = None
        low, high, values, _may_pass = window
        if scoring.value_free:
            # The same moves at every value: worked out once a decision, whatever the window. The value is the
            # first state.values_for() lists (reversed as below), with one target at fewest.
            first = lowest if lowest > low else low
            last = highest if highest < high else high
            if first > last:
                return None
            if act.rule is None and values != "all":
                value = first if values == "low" else last
            else:
                value = last if values == "all" and act.rule != "fresh_experiment" else first
            key = _option_key(source, act)
            known = decision.options.get(key, _UNKNOWN)
            if known is _UNKNOWN:
                # Every option of a decision not worked out yet comes here: a target-free Action has its score only
                # and the value it was scored at (its move is built below if it wins); a copy of a card in play whose
                # best move its copies share goes to _best_of_twin; any other option has _best_at's choice, written
                # out without the call.
                if scoring.target_free:
                    fixed = scoring.fixed
                    score = None if fixed is None else fixed.get(decision.later)
                    if score is None:
                        score = self._target_free_score(state, kind, source, act, value, scoring, decision)
                    known = decision.options[key] = None, score, value  # type: ignore[assignment]
                elif kind != USE or not scoring.twins_alike or source.attached or source.damage_bonus \
                        or source.traits_added:
                    if scoring.plan is not None:
                        known = self._best_targets(state, kind, source, act, value, 1, scoring.plan, decision,
                                                   _NO_FLOOR)
                    elif scoring.permanent:
                        known = self._best_permanent(state, source, act, value, 1, decision, _NO_FLOOR)
                    else:
                        known = self._best_move(state, kind, source, act, value, 1, scoring, decision, _NO_FLOOR)
                    decision.options[key] = known
                else:
                    known = decision.options[key] = self._best_of_twin(state, kind, source, act, value, scoring,
                                                                       decision)
            if known is None or known[1] <= to_beat:
                return None
            move = known[0]
            if move is None:
                # A target-free Action's score beats what it has to: its move is built now, at the value it was
                # scored at (most such moves never beat anything, and are never built).
                lazy: _Lazy = known  # type: ignore[assignment]
                move = state.first_move(state.actor, kind, source, act, lazy[2], 1)
                if move is None:
                    decision.options[key] = None
                    return None
                known = decision.options[key] = (move, lazy[1])
            if move.initiative == value:
                return known  # type: ignore[return-value]
            return new_move(Move, (move.kind, move.source, move.action, value, move.targets, move.mode, move.nested,
                                   move.nested_targets)), known[1]
        listed = state.values_for(option, low, high, values)
        if values == "all" and act.rule != "fresh_experiment":
            # Fresh Experiment's higher values cost a card from hand each: its lowest is its best.
            listed.reverse()
        for value, fewest in listed:
            found = self._best_at(state, kind, source, act, value, fewest, scoring, decision, to_beat)
            if found is not None:
                best, to_beat = found, found[1]
        return best

    def _best_of_twin(self, state: QQDNDState, kind: int, source: Piece, act: ActionDef, value: int,
                      scoring: Scoring, decision: Decision) -> tuple[Move, float] | None:
        """The best move of a value-free option (best_of_option) whatever it has to beat, for a copy of a card in
        play (four Starguards) whose Action reads nothing of its card but what its copies share
        (scoring.twins_alike) while nothing is attached or added to it: the copies have the same best move but for
        the card, worked out once a decision."""
        twin = (act.uid, source.d, source.controller)
        known = decision.twins.get(twin, _UNKNOWN)
        if known is _UNKNOWN:
            known = decision.twins[twin] = self._best_at(state, kind, source, act, value, 1, scoring, decision,
                                                         _NO_FLOOR)
            return known  # type: ignore[no-any-return]
        if known is None:
            return None
        move = known[0]
        return new_move(Move, (move.kind, source.uid, move.action, move.initiative, move.targets, move.mode,
                               move.nested, move.nested_targets)), known[1]

    # Each _best_* method returns the best move of one option at one value and its score, if it scores more
    # than `to_beat`; else None.

    def _best_at(self, state: QQDNDState, kind: int, source: Piece, act: ActionDef, value: int, fewest: int,
                 scoring: Scoring, decision: Decision, to_beat: float) -> tuple[Move, float] | None:
        if scoring.plan is not None:
            return self._best_targets(state, kind, source, act, value, fewest, scoring.plan, decision, to_beat)
        if scoring.permanent:
            return self._best_permanent(state, source, act, value, fewest, decision, to_beat)
        return self._best_move(state, kind, source, act, value, fewest, scoring, decision, to_beat)

    @staticmethod
    def _best_targets(state: QQDNDState, kind: int, source: Piece, act: ActionDef, value: int, fewest: int,
                      plan: DamagePlan, decision: Decision, to_beat: float) -> tuple[Move, float] | None:
        """A damage Action: its best targets."""
        bonus = PLAYED if kind == PLAY else 0.0
        # DamagePlan.before_targets and Decision.aims, their memos read here without the call when they know.
        known_before = decision.plans.get((source.uid, plan))
        before, n = plan.before_targets(state, source, decision) if known_before is None else known_before
        cards = state.cards
        if act.simple:
            spec = act.targets[0]
            uids = decision._aims.get((id(spec), source.uid) if spec.uses_source else id(spec))
            if uids is None:
                uids = decision.aims(state, source, spec)
            best_uid, best_score = -1, to_beat
            if n < 0:
                for uid in uids:
                    score = bonus + before
                    if score > best_score:
                        best_uid, best_score = uid, score
            else:
                # DamagePlan.worth of each target, inline (its source's part read once): most of a decision's
                # scoring is here.
                flat, challenge = 0, None
                if n > 0:
                    modifiers = decision.modifiers.get(source.uid)
                    if modifiers is None:
                        modifiers = decision.modifiers[source.uid] = source_modifiers(state, source, state.actor)
                    flat, challenge = n + modifiers[0], modifiers[1]
                damage, me = decision.damage, state.actor
                for uid in uids:
                    target = cards[uid]
                    if target.zone != FIELD or (target.defeated and target.controller != me
                                                and target.d.is_party_member):
                        alone = 0.0  # damage to a defeated Party Member of the other party counts nothing
                    elif (not target.d.is_party_member and target.controller != me and not target.blanked
                          and _unharmed[target.d]):
                        alone = 0.0  # an Item or a Location of theirs that keeps no damage off (rule 1b)
                    else:
                        dealt = flat
                        if challenge is not None and target.counters and target.counters.get(challenge):
                            dealt += 1
                        damage_key = _damage_key(uid, dealt)
                        known = damage.get(damage_key)
                        if known is None:
                            known = damage[damage_key] = worth_of_damage_alone(state, target, dealt, me)
                        alone = known
                    score = bonus + (before + alone)
                    if score > best_score:
                        best_uid, best_score = uid, score
            if best_uid < 0:
                return None
            return new_move(Move, (kind, source.uid, act.uid, value, (best_uid,), -1, -1, ())), best_score
        extra = act.high - value if act.rule == "spread_shot" and act.high is not None else 0
        best_targets: tuple[int, ...] | None = None
        best_score = to_beat
        if len(act.targets) == 1 and _many_target_sets(state, source, act.targets[0], extra, fewest):
            return _best_of_many_targets(state, kind, source, act, value, plan, decision, to_beat, bonus, before, n,
                                         extra, fewest)
        if n < 0 or len(act.targets) > 1:
            for targets in state.target_sets(state.actor, source, act.targets, extra, fewest):
                score = bonus + plan.value(state, source, targets, decision)
                if score > best_score:
                    best_targets, best_score = targets, score
        else:
            # One target spec: the targets of a move are distinct cards, each worth what it is alone.
            worths: dict[int, float] = {}
            for targets in state.target_sets(state.actor, source, act.targets, extra, fewest):
                total = before
                for uid in targets:
                    worth = worths.get(uid)
                    if worth is None:
                        worth = worths[uid] = plan.worth(state, source, cards[uid], n, decision)
                    total += worth
                score = bonus + total
                if score > best_score:
                    best_targets, best_score = targets, score
        if best_targets is None:
            return None
        return Move(kind, source.uid, act.uid, value, best_targets), best_score

    def _best_permanent(self, state: QQDNDState, card: Piece, act: ActionDef, value: int, fewest: int,
                        decision: Decision, to_beat: float) -> tuple[Move, float] | None:
        """Playing a Permanent from hand: the best card to equip (if any), a Dimensional Wave along or not, as
        state.expand() lists them."""
        assert not act.modes and act.nested is None, "playing a Permanent has neither modes nor nested Actions"
        profile = self._profile(card.d)
        if profile.fixed:
            # Every way to play it is worth the same: the first, if it beats the best so far.
            if profile.value is None:
                profile.value = self.permanent_value(state, card, None, -1, decision)
            if profile.value <= to_beat:
                return None
            first = state.first_move(state.actor, PLAY, card, act, value, fewest)
            return None if first is None else (first, profile.value)
        target_sets = state.target_sets(state.actor, card, act.targets, 0, fewest)
        waves = [-1]
        if card.d.unique:
            waves += [wave.uid for wave in state.hand[state.actor] if wave.d.play_rule == "with_unique"]
        best_targets: tuple[int, ...] | None = None
        best_wave, best_score = -1, to_beat
        for wave in waves:
            for targets in target_sets:
                host_uid = targets[0] if act.targets and targets else -1
                key = (card.uid, host_uid, wave)
                score = decision.permanents.get(key)
                if score is None:
                    host = state.cards[host_uid] if host_uid >= 0 else None
                    score = decision.permanents[key] = self.permanent_value(state, card, host, wave, decision)
                if score > best_score:
                    best_targets, best_wave, best_score = targets, wave, score
        if best_targets is None:
            return None
        return new_move(Move, (PLAY, card.uid, act.uid, value, best_targets, -1, best_wave, ())), best_score

    def _best_move(self, state: QQDNDState, kind: int, source: Piece, act: ActionDef, value: int, fewest: int,
                   scoring: Scoring, decision: Decision, to_beat: float) -> tuple[Move, float] | None:
        """Any other Action: a dry run of each of its moves (of one of them, when all score the same)."""
        if scoring.target_free:
            # The estimate never reads the targets, so its context carries none; the move is built only if it wins.
            score = self._target_free_score(state, kind, source, act, value, scoring, decision)
            if score <= to_beat:
                return None
            first = state.first_move(state.actor, kind, source, act, value, fewest)
            return None if first is None else (first, score)
        if act.nested is not None:
            return self._best_nested_move(state, kind, source, act, value, fewest, decision, to_beat)
        bonus = PLAYED if kind == PLAY else 0.0
        if scoring.trait_damage is not None:
            trait, hit, miss = scoring.trait_damage
            cards, me = state.cards, state.actor
            best_uid, best_score = -1, to_beat
            for uid in state.candidates(me, source, act.targets[0]):
                target = cards[uid]
                # DamagePlan.worth called by its name, not through a local: so it is called natively.
                score = bonus + DamagePlan.worth(state, source, target,
                                                 hit if state.has_trait(target, trait, me) else miss, decision)
                if score > best_score:
                    best_uid, best_score = uid, score
            if best_uid < 0:
                return None
            return new_move(Move, (kind, source.uid, act.uid, value, (best_uid,), -1, -1, ())), best_score
        if scoring.shields_only:
            return _best_shield_move(state, kind, source, act, value, to_beat)
        if scoring.split is not None:
            return self._best_split_move(state, kind, source, act, value, fewest, scoring.split, decision, to_beat)
        # The moves state.expand() lists, as (mode, targets), in its order: a Move is built for the best only.
        extra = act.high - value if act.rule == "spread_shot" and act.high is not None else 0
        if act.modes:
            shapes = [(index, targets) for index, mode in enumerate(act.modes)
                      for targets in state.target_sets(state.actor, source, mode.targets, extra)]
        else:
            shapes = [(-1, targets) for targets in state.target_sets(state.actor, source, act.targets, extra, fewest)]
        best_shape: tuple[int, tuple[int, ...]] | None = None
        best_score = to_beat
        splits = scoring.mode_splits
        worked: dict[int, list[Any]] = {}  # what each mode's split worked out once, as its first move needs it
        for shape in shapes:
            mode, targets = shape
            plan = self._plan(act, mode)
            split = splits[mode] if splits is not None and mode >= 0 else None
            if plan is not None:
                score = bonus + plan.value(state, source, targets, decision)
            elif split is not None and len(targets) == 1 and targets[0] >= 0:
                once = worked.get(mode)
                if once is None:
                    once = worked[mode] = _split_fixed(decision.estimate(state),
                                                       Ctx(state, state.actor, source, act, value), split)
                score = bonus + _split_total(state, source, state.cards[targets[0]], state.actor, split, once,
                                             decision)
            else:
                score = self._estimate(state, kind, source, act, self._ctx(state, source, act, value, targets),
                                       decision, mode)
            if score > best_score:
                best_shape, best_score = shape, score
        if best_shape is None:
            return None
        return new_move(Move, (kind, source.uid, act.uid, value, best_shape[1], best_shape[0], -1, ())), best_score

    def _target_free_score(self, state: QQDNDState, kind: int, source: Piece, act: ActionDef, value: int,
                           scoring: Scoring, decision: Decision) -> float:
        """What an Action whose estimate never reads its targets scores (once per policy if it reads nothing of the
        board either: Scoring.fixed)."""
        fixed = scoring.fixed
        known = None if fixed is None else fixed.get(decision.later)
        if known is not None:
            return known
        score = self._estimate(state, kind, source, act, Ctx(state, state.actor, source, act, value), decision)
        if fixed is not None:
            fixed[decision.later] = score
        return score

    def _best_split_move(self, state: QQDNDState, kind: int, source: Piece, act: ActionDef, value: int, fewest: int,
                         split: Split, decision: Decision,
                         to_beat: float) -> tuple[Move, float] | None:
        """An Action of one target card whose program splits (split_program): the dry run of each of its moves,
        in state.expand()'s order, added up verb by verb as Estimate.program adds them, the verbs that do not
        name the target worked out once."""
        bonus = PLAYED if kind == PLAY else 0.0
        me, cards = state.actor, state.cards
        # The verbs worked out once never read the targets.
        fixed = _split_fixed(decision.estimate(state), Ctx(state, me, source, act, value), split)
        best_targets: tuple[int, ...] | None = None
        best_score = to_beat
        # A program that only removes damage from its target (Heal Beam) is worth nothing on an undamaged one: the
        # first of them is scored, and the others, scoring the same, cannot beat it.
        heals = len(split) == 1 and split[0][0] == _SPLIT_REMOVE
        undamaged_scored = False
        for targets in state.target_sets(me, source, act.targets, 0, fewest):
            if len(targets) != 1 or targets[0] < 0:
                score = self._estimate(state, kind, source, act, self._ctx(state, source, act, value, targets),
                                       decision)
            elif heals and not cards[targets[0]].damage:
                if undamaged_scored:
                    continue
                undamaged_scored = True
                score = bonus + 0.0  # _split_total: nothing to remove
            else:
                score = bonus + _split_total(state, source, cards[targets[0]], me, split, fixed, decision)
            if score > best_score:
                best_targets, best_score = targets, score
        if best_targets is None:
            return None
        return new_move(Move, (kind, source.uid, act.uid, value, best_targets, -1, -1, ())), best_score

    def _best_nested_move(self, state: QQDNDState, kind: int, source: Piece, act: ActionDef, value: int,
                          fewest: int, decision: Decision, to_beat: float) -> tuple[Move, float] | None:
        """Loose, Fevered Crafting: each of the Action's moves, with the card it performs and its targets."""
        if act.nested == "attached" and not act.targets and not act.modes:
            return self._best_loose_move(state, kind, source, act, value, decision, to_beat)
        found: tuple[Move, float] | None = None
        best_score = to_beat
        for move in state.expand(state.actor, kind, source, act, value, fewest):
            score = self.score(state, move, decision)
            if score > best_score:
                found, best_score = (move, score), score
        return found

    def _best_loose_move(self, state: QQDNDState, kind: int, source: Piece, act: ActionDef, value: int,
                         decision: Decision, to_beat: float) -> tuple[Move, float] | None:
        """Loose ("Perform one of the Actions attached to Sniper's Camp"): the moves state.expand() lists, card by
        card. An attached damage Action with many choices of targets (Spread Shot on a real party's board) has
        its best found by ranking (_best_of_many_targets), as when it is played from hand."""
        found: tuple[Move, float] | None = None
        # Rule 26: Loosing the Camp's last Attack discards the Camp and frees the hand; scores are compared without it.
        freed = camp_freed_worth(state, source)
        best_score = to_beat - freed
        me = state.actor
        blind = self._loose_blind(act)
        for card in source.under:
            action = card.d.play_action
            if action is None:
                continue
            shape = self._single_damage(action) if blind else None
            if shape is not None:
                # A dry run of Loose performing it, each target worth what its damage alone is.
                bonus = PLAYED if kind == PLAY else 0.0
                for nested_targets in state.target_sets(me, card, action.targets, 0):
                    target = state.cards[nested_targets[0]]
                    inner = 0.0
                    for step, trait, n in shape:
                        if step == _DRAW:
                            inner += n * (CARD_NOW if decision.later else CARD_LATER)
                            continue
                        if step == _IF_DAMAGE:
                            holds = decision.conditions.get(trait)
                            if holds is None:
                                holds = decision.conditions[trait] = state.party_has(me, trait)
                            if not holds:
                                inner += 0.0
                                continue
                        inner += damage_value(state, card, target, n, {}, me)
                    score = bonus + (0.0 + inner)
                    if score > best_score:
                        move = Move(kind, source.uid, act.uid, value, (), -1, card.uid, nested_targets)
                        found, best_score = (move, score), score
                continue
            plan = self._plan(action, -1) if len(action.targets) == 1 and not action.modes else None
            if plan is not None and action.nested is None and _many_target_sets(state, card, action.targets[0], 0, 1):
                before, n = plan.before_targets(state, card, decision)
                best = _best_of_many_targets(state, kind, card, action, value, plan, decision, best_score, 0.0,
                                             before, n, 0, 1)
                if best is not None:
                    move = Move(kind, source.uid, act.uid, value, (), -1, card.uid, best[0].targets)
                    found, best_score = (move, best[1]), best[1]
                continue
            for nested_targets in state.target_sets(me, card, action.targets, 0):
                move = Move(kind, source.uid, act.uid, value, (), -1, card.uid, nested_targets)
                score = self.score(state, move, decision)
                if score > best_score:
                    found, best_score = (move, score), score
        if found is not None and freed:
            found = (found[0], found[1] + freed)
        return found

    def _loose_blind(self, act: ActionDef) -> bool:
        """Whether the Action is Loose itself ("Perform one of the Actions attached to Sniper's Camp"), its dry
        run only that of the card it performs."""
        known = self._looses.get(act)
        if known is None:
            program = act.program
            known = self._looses[act] = (not act.targets and not act.modes and len(program) == 1
                                         and type(program[0]) is PerformNested and program[0].how == "attached")
        return known

    def _single_damage(self, action: ActionDef) -> tuple[tuple[int, str, int], ...] | None:
        """The steps of an Action of one target card that only deals it damage (maybe if there is a <class> in
        your party) and maybe draws: (step, class, amount), in program order; None for any other Action."""
        if action in self._shapes:
            return self._shapes[action]
        shape: list[tuple[int, str, int]] | None = []
        if (action.modes or action.nested is not None or len(action.targets) != 1 or action.targets[0].high != 1
                or action.targets[0].zone != "play"):
            shape = None
        damages = 0
        for verb in action.program if shape is not None else ():
            if type(verb) is Draw and type(verb.n) is int:
                shape.append((_DRAW, "", verb.n))  # type: ignore[union-attr]
            elif type(verb) is DealDamage and verb.to is TARGETS and type(verb.n) is int:
                shape.append((_DAMAGE, "", verb.n))  # type: ignore[union-attr]
                damages += 1
            elif (type(verb) is If and type(verb.condition) is PartyHas and not verb.otherwise
                  and len(verb.then) == 1 and type(verb.then[0]) is DealDamage and verb.then[0].to is TARGETS
                  and type(verb.then[0].n) is int):
                shape.append((_IF_DAMAGE, verb.condition.trait, verb.then[0].n))  # type: ignore[union-attr]
                damages += 1
            elif type(verb) is not NoMoreAttacks:
                shape = None
                break
        if damages != 1:
            shape = None
        found = self._shapes[action] = None if shape is None else tuple(shape)
        return found

    def score(self, state: QQDNDState, move: Move, decision: Decision | None = None) -> float:
        """What one move of the deck's player is worth: choose() takes the first legal move of the highest
        score (of a plain damage Action's moves, those on an opponent's card when there are any)."""
        if decision is None:
            decision = Decision(later=state.phase != LAST)
        act = state.book.actions[move.action]
        source = state.cards[move.source]
        if move.kind == PLAY and source.d.category == "Permanent":
            host_uid = move.targets[0] if act.targets and move.targets else -1
            host = state.cards[host_uid] if host_uid >= 0 else None
            return self.permanent_value(state, source, host, move.nested, decision)
        plan = self._plan(act, move.mode)
        if plan is not None and move.nested < 0:
            return (PLAYED if move.kind == PLAY else 0.0) + plan.value(state, source, move.targets, decision)
        ctx = self._ctx(state, source, act, move.initiative, move.targets)
        if move.nested >= 0:
            ctx.nested = state.cards[move.nested]
            ctx.nested_targets = [state.cards[uid] for uid in move.nested_targets if uid >= 0]
        return self._estimate(state, move.kind, source, act, ctx, decision, move.mode)

    def _scoring(self, kind: int, act: ActionDef, category: str | None) -> Scoring:
        permanent = kind == PLAY and category == "Permanent"
        plain = act.targets and not act.modes and act.nested is None and not permanent
        return Scoring(act, permanent, self._plan(act, -1) if plain else None)

    def _plan(self, act: ActionDef, mode: int) -> DamagePlan | None:
        key = (act, mode)
        if key not in self._plans:
            self._plans[key] = DamagePlan.of(act.modes[mode].do if mode >= 0 else act.program)
        return self._plans[key]

    @staticmethod
    def _estimate(state: QQDNDState, kind: int, source: Piece, act: ActionDef, ctx: Ctx, decision: Decision,
                  mode: int = -1) -> float:
        """What performing an Action (or one mode of it) in `ctx` is worth, by a dry run of its program."""
        bonus = PLAYED if kind == PLAY else 0.0
        program = act.modes[mode].do if mode >= 0 else act.program
        return bonus + decision.estimate(state).program(program, ctx)

    @staticmethod
    def _ctx(state: QQDNDState, source: Piece, act: ActionDef, value: int, targets: tuple[int, ...]) -> Ctx:
        """The context of a move of the deck's player, as state._perform would make it."""
        ctx = Ctx(state, state.actor, source, act, value)
        for uid in targets:
            if uid < 0:
                ctx.players.append(-1 - uid)
            else:
                target = state.cards[uid]
                ctx.targets.append(target)
                ctx.target_zones.append(target.zone)
        return ctx

    def permanent_value(self, state: QQDNDState, card: Piece, host: Piece | None, nested: int,
                        decision: Decision) -> float:
        d = card.d
        profile = self._profile(d)
        if d.unique and nested < 0 and d.base_name in _names_in_play(state, state.actor):
            return -5.0
        if profile.noxspace:
            return -5.0
        value = 0.1
        if profile.camp:
            attacks = [p for p in state.hand[state.actor] if p is not card and p.d.category == "Action"
                       and {"Martial", "Attack"} <= p.d.traits and attack_conditions_hold(state, p.d.play_action)]
            if not attacks:
                return -2.0
            # Each has a play Action: attack_conditions_hold is False for a card without one.
            value += FUTURE_RATE * max(self.potential(state, cast(ActionDef, a.d.play_action), a, decision)
                                       for a in attacks)
            value -= FUTURE_RATE * POINT * camp_locks(state)
        performer = host if host is not None else card
        # One Action a card a round: the best of them is what the card adds. An Action that can deal neither
        # damage nor Charge counters adds nothing.
        if profile.striking:
            # max(), min() written out as a loop and comparisons (each keeps the first of equals, as they do): every
            # Permanent in hand is valued at each decision.
            # (self.potential by its name, not through a local: so it is called natively)
            striking = profile.striking
            best = self.potential(state, striking[0], performer, decision)
            for act in striking[1:]:
                worth = self.potential(state, act, performer, decision)
                if worth > best:
                    best = worth
            if host is not None and best > 0:
                # One Action a card a round (rule 16): a weapon's Action adds only what it beats the best the card it
                # equips can already do by (a second Golden Katana on the same card adds nothing).
                already = self._best_potential(state, host, decision)
                best -= already if already < best else best  # min(best, already)
            value += FUTURE_RATE * ((0.0 if best < 0.0 else best) if profile.idle_actions else best)
        if profile.lance and host is not None and state.has_mount(host):
            value += FUTURE_RATE * POINT * any(a.damaging for a in state.actions_of(host))
        if profile.teaches and host is not None and decision.later:
            # Teach: "Teach it to an Able Fighter Ally or Party Member you control, then Exhaust that card". The
            # taught card's Action this round is given up (Sarinak's Snipe for Skulking Sniper).
            value -= self._best_use(state, host, decision, 0.0)
        if profile.handy_rule:
            value += 0.5
        if profile.needs_alchemist and not state.party_has(state.actor, "Alchemist"):
            value -= 1.0
        if profile.forces_next_action:
            value -= 1.0  # Raging Savage: the next Action must be its own, which cannot hurt a dummy
        if host is not None and value > 0 and stacked_weapon(state, card, host):
            value *= STACKED  # rule 27: a second copy of a weapon on one card adds nothing to it
        if nested >= 0:
            value += 0.1  # Dimensional Wave played along: one more card used
        return value

    def _best_potential(self, state: QQDNDState, card: Piece, decision: Decision) -> float:
        """What the best Action a card in play has now that deals damage is worth against the dummy nearest defeat."""
        best: float | None = None
        for act in state.actions_of(card):  # max() of the first best, in a loop rather than over a generator
            if act.damaging:
                worth = self.potential(state, act, card, decision)
                if best is None or worth > best:
                    best = worth
        return 0.0 if best is None else best

    def _profile(self, d: CardDef) -> PermanentProfile:
        profile = self._profiles.get(d)
        if profile is None:
            profile = self._profiles[d] = PermanentProfile(d)
        return profile

    def potential(self, state: QQDNDState, act: ActionDef, performer: Piece, decision: Decision) -> float:
        """What one use of an Action that deals damage (or Charge counters) is worth against the dummy nearest
        defeat (for a card not yet in play)."""
        key = (act, performer.uid)
        known = decision.potentials.get(key)
        if known is None:
            known = decision.potentials[key] = self._potential(state, act, performer, decision)
        return known

    @staticmethod
    def _potential(state: QQDNDState, act: ActionDef, performer: Piece, decision: Decision) -> float:
        focus = decision.focus
        if focus is False:
            # The living dummy with the least Life left, the first listed of equals (uids are listed in order): min() by
            # (Life left, uid), written out.
            focus, least = None, 0
            for p in state.field[1 - state.actor]:
                if p.d.is_party_member and not p.defeated:
                    left = remaining_life(state, p)
                    if focus is None or left < least or (left == least and p.uid < focus.uid):
                        focus, least = p, left
            decision.focus = focus
        if focus is None:
            return 0.0
        assert isinstance(focus, Piece)
        # The target asked about first: most Actions of cards in hand cannot target the focus (Ctx made only if so).
        if act.targets:
            spec = act.targets[0]
            if spec.zone != "play" or not spec.pred(state, focus, state.actor, performer):
                return 0.0
        ctx = Ctx(state, state.actor, performer, act, act.high or 0)
        if act.targets:
            ctx.targets, ctx.target_zones = [focus], [FIELD]
        return Estimate(state, decision, hypothetical=True).program(act.program, ctx)


class _Turns:
    """The Turn Actions of a decision on the turn, each card's weighed only when the ladder asks for it
    (HeuristicPolicy._lazy_ladder): worthwhile()'s moves, by card, that score more than 0. Cards are numbered in
    worthwhile()'s order (options() lists each card's options together)."""

    __slots__ = ("policy", "state", "window", "decision", "options", "picked", "starts", "uids", "reach", "rises",
                 "setup_cards", "tb_towers", "weighed", "done", "found")

    def __init__(self, policy: HeuristicPolicy, state: QQDNDState, window: tuple[int, int, str, bool],
                 decision: Decision) -> None:
        self.policy, self.state, self.window, self.decision = policy, state, window, decision
        low, high = window[0], window[1]
        self.options = options = state.options(state.actor)
        # The positions in `options` of the options in the window, card by card, and where each card's start (one
        # more at the end of the last card's); of each card, its uid, the highest value its options reach in the
        # window (its move's Initiative is no higher) and the highest Initiative one of them starts at (its move's
        # lowest is no higher). Positions, not the options: an option kept in a list is a tuple made anew.
        self.picked: list[int] = []
        self.starts: list[int] = []
        self.uids: list[int] = []
        self.reach: list[int] = []
        self.rises: list[int] = []
        # The cards with an option that is a set-up, or with TB Towers in the game, that deals damage (a strike at
        # one's own card that sets it off is a set-up: rule 19, found only once it is weighed).
        self.setup_cards: list[int] = []
        self.tb_towers = tb_towers = _TB_TOWERS in state.statics_present
        picked, starts, uids, reach, rises = self.picked, self.starts, self.uids, self.reach, self.rises
        setup_cards = self.setup_cards
        kinds = policy._kinds
        in_hand: list[int] = []
        for position, option in enumerate(options):
            lowest, highest = option[3], option[4]
            if lowest > high or highest < low:
                continue
            if option[0] == PLAY:
                if _copy_weighed(options, position, in_hand):
                    continue
                in_hand.append(position)
            top = highest if highest < high else high
            uid = option[1].uid
            card = len(uids) - 1
            if card < 0 or uids[card] != uid:
                card += 1
                starts.append(len(picked))
                uids.append(uid)
                reach.append(top)
                rises.append(lowest)
            else:
                if top > reach[card]:
                    reach[card] = top
                if lowest > rises[card]:
                    rises[card] = lowest
            picked.append(position)
            act = option[2]
            act_kind = kinds.get(act) or policy._kind_of(act)
            if (act_kind[0] or tb_towers and act_kind[1]) and (not setup_cards or setup_cards[-1] != card):
                setup_cards.append(card)
        starts.append(len(picked))
        self.weighed: list[Found | None] = [None] * len(uids)  # each card's Turn Action (None: none worth taking)
        self.done = [False] * len(uids)  # whether the card is weighed
        self.found: dict[int, Found] = {}  # worthwhile()'s best move of each card weighed, by uid

    def of(self, card: int) -> Found | None:
        """A card's move, if it is a Turn Action worth taking: worthwhile()'s (of the card's options, the best scoring
        more than the cost of a slot, kept by _kept), scoring more than 0."""
        if self.done[card]:
            return self.weighed[card]
        policy, state, decision, found = self.policy, self.state, self.decision, self.found
        options, picked = self.options, self.picked
        for at in range(self.starts[card], self.starts[card + 1]):
            policy._weigh(state, options[picked[at]], self.window, decision, -SLOT_COST, found, self.tb_towers)
        each = found.get(self.uids[card])
        if each is not None and (each.score <= 0 or not policy._kept(state, each, decision)):
            each = None
        self.weighed[card] = each
        self.done[card] = True
        return each

    def top(self) -> Found | None:
        """The first best Turn Action by Initiative, then score (worthwhile()'s order breaking ties), the cards weighed
        from the highest reach down until none left can reach the best Initiative found."""
        reach = self.reach
        count = len(reach)
        seen = [False] * count
        best: Found | None = None
        best_card = -1
        while True:
            # The card of the highest reach not seen yet (a few cards: a pass over them, no sort).
            pick, top = -1, -1
            for card in range(count):
                if not seen[card] and reach[card] > top:
                    pick, top = card, reach[card]
            if pick < 0 or (best is not None and top < best.move.initiative):
                return best
            seen[pick] = True
            each = self.of(pick)
            if each is None:
                continue
            if best is None:
                best, best_card = each, pick
                continue
            value, highest = each.move.initiative, best.move.initiative
            if value > highest or (value == highest and (each.score > best.score or (
                    each.score == best.score and pick < best_card))):
                best, best_card = each, pick


def _copy_weighed(options: list[Option], position: int, in_hand: list[int]) -> bool:
    """Whether a copy of the card in hand of the option at `position` has an option weighed already (`in_hand`: the
    positions of the options of cards in hand weighed so far): the same Action, owner and Initiatives make the same
    moves with the same scores, and only the first copy's count."""
    option = options[position]
    act, owner, lowest, highest = option[2], option[1].owner, option[3], option[4]
    for other_position in in_hand:
        other = options[other_position]
        if other[2] is act and other[3] == lowest and other[4] == highest and other[1].owner == owner:
            return True
    return False


# The steps of an attached Action Loose performs (HeuristicPolicy._single_damage).
_DRAW: Final = 0
_DAMAGE: Final = 1
_IF_DAMAGE: Final = 2

# Above this many ways to choose the targets of an "up to N targets" Action (a real party's board holds many
# cards: Spread Shot at its lowest value has thousands), their best choice is found by ranking, not by listing.
MANY_TARGET_SETS: Final = 24


# A strike at one's own card that sets off TB Towers (rule 19): a set-up that goes first.
_TB_SETUP: Final = (True, True, True)
_QUIET_SETUP: Final = (True, False)  # _kind_of an Action that sets up what comes after it and deals no damage itself
_ANYWHERE: Final = (0, NO_LIMIT, "high", True)  # every Initiative, each Action at its highest
_UNKNOWN: Final[Any] = object()  # not worked out yet (None is a result: no legal move)
_NO_FLOOR: Final = float("-inf")  # what a move has to beat when its option is worked out whatever it has to beat
# A target-free Action's best move, not built yet: (None, its score, the value it was scored at) (Decision.options).
_Lazy = tuple[None, float, int]
# Uids number the cards of a game and the Actions of a card book: far fewer than 2 ** _UID_BITS.
_UID_BITS: Final = 32


def _option_key(source: Piece, act: ActionDef) -> int:
    """Decision.options' key of an option: its card and Action, one number (no tuple made and hashed each of the many
    times an option is asked for). In one decision a card has one option of an Action: its kind follows from where
    the card is, and its Initiatives, from the cards, change nothing of its value-free best move."""
    return act.uid << _UID_BITS | source.uid


def _damage_key(uid: int, dealt: int) -> int:
    """Decision.damage's key of `dealt` damage to the card of `uid`, one number (any `dealt`, even below 0)."""
    return dealt << _UID_BITS | uid


def _many_target_sets(state: QQDNDState, source: Piece, spec: TargetSpec, extra: int, fewest: int) -> bool:
    """Whether state.target_sets() would list more than MANY_TARGET_SETS choices of one "up to N" spec."""
    if spec.high == 1 and extra == 0:
        return False
    candidates = len(state.candidates(state.actor, source, spec))
    low, high = max(spec.low, fewest), min(spec.high + extra, candidates)
    return sum(comb(candidates, size) for size in range(low, high + 1)) > MANY_TARGET_SETS


def _best_of_many_targets(state: QQDNDState, kind: int, source: Piece, act: ActionDef, value: int,
                          plan: DamagePlan, decision: Decision, to_beat: float, bonus: float, before: float, n: int,
                          extra: int, fewest: int) -> tuple[Move, float] | None:
    """The move _best_targets would find among the many target sets of one spec, without listing them: the
    targets are distinct cards, each worth what it is alone, so of the sets of each size the best holds the
    cards worth most, and the first listed of those (combinations in candidate order) takes, among cards of
    equal worth, the ones listed first. Sizes are tried in the order target_sets lists them, each set's score
    summed in its listed order, and a later size wins only by scoring more."""
    spec = act.targets[0]
    # The candidates ranked are the same at every value (Spread Shot's lower values only allow more of them).
    key = (source.uid, plan, n)
    known = decision.rankings.get(key)
    if known is None:
        candidates = state.candidates(state.actor, source, spec)
        cards = state.cards
        worths = [0.0 if n < 0 else plan.worth(state, source, cards[uid], n, decision) for uid in candidates]
        known = decision.rankings[key] = (candidates, worths, sorted(range(len(candidates)),
                                                                     key=lambda i: (-worths[i], i)))
    candidates, worths, ranked = known
    low, high = max(spec.low, fewest), min(spec.high + extra, len(candidates))
    best_targets: tuple[int, ...] | None = None
    best_score = to_beat
    for size in range(low, high + 1):
        chosen = sorted(ranked[:size])
        total = before
        if n >= 0:
            for i in chosen:
                total += worths[i]
        score = bonus + total
        if score > best_score:
            best_targets, best_score = tuple(candidates[i] for i in chosen), score
    if best_targets is None:
        return None
    return Move(kind, source.uid, act.uid, value, best_targets), best_score


def _names_in_play(state: QQDNDState, owner: int) -> frozenset[str]:
    """The base names of the cards in play that a player owns (a second copy of a Unique card is not played: rule 2),
    read once while the cards stay as they are."""
    return read_of_the_cards(state, _NAMES_IN_PLAY, owner, _names_owned)


def _names_owned(b: Board, owner: int) -> frozenset[str]:
    return frozenset(p.d.base_name for p in b.in_play() if p.owner == owner)


def read_of_the_cards(b: Board, name: str, seat: int, read: Callable[[Board, int], _Read]) -> _Read:
    """`read(b, seat)`, kept in QQDNDState.cards_memo() under (name, seat) for as long as the cards stay as they
    are (a Board that is not a game's state has no memo: read at each call)."""
    if not isinstance(b, QQDNDState):
        return read(b, seat)
    memo = b.cards_memo()
    key = (name, seat)
    known = memo.get(key)
    if known is None:
        known = memo[key] = read(b, seat)
    return known


def camp_locks(state: QQDNDState) -> float:
    """How many Attack or Spell Actions a round's draw holds, which a Sniper's Camp in play would lock in hand."""
    deck = state.deck[state.actor]
    if not deck:
        return 0.0
    locked = sum(1 for p in deck if p.d.category == "Action" and ("Attack" in p.d.traits or "Spell" in p.d.traits))
    draw = sum(p.d.hv for p in state.field[state.actor] if p.d.is_party_member)
    return draw * locked / len(deck)


def camp_lock_cost(state: QQDNDState) -> float:
    """Rule 26: what a round of Sniper's Camp in play costs in a matchup, the Attack and Spell cards a round's draw
    brings locked in hand (camp_locks), at the rate of a round to come: what keeping the Camp a round longer costs
    (camp_kept_cost) and discarding it frees (camp_freed_worth). Against the goldfish nothing changes."""
    if state.game.goldfish:
        return 0.0
    return FUTURE_RATE * POINT * camp_locks(state)


def camp_kept_cost(state: QQDNDState, camp: Piece) -> float:
    """Rule 26: what Sniper's Camp's Draw ("Place a Martial Attack Action from your hand face down attached to Sniper's
    Camp") costs in a matchup. "When there are no Martial Attack Actions attached to Sniper's Camp, discard it": a Camp
    in play holds an Attack already, and each one attached keeps it a round longer, a round whose draw brings Attack and
    Spell cards it locks in hand ("you cannot play Attack or Spell Actions from your hand"; rule 8's count). Against
    the goldfish nothing changes."""
    if camp.zone != FIELD:
        return 0.0
    return camp_lock_cost(state)


def attack_conditions_hold(state: QQDNDState, act: ActionDef | None) -> bool:
    """Rule 26: whether an Attack card's "if there is a <class> in your party" holds now (Katana Lunge's Samurai, Spread
    Shot's Fighter): a card whose condition fails deals no damage, from the hand or from a Sniper's Camp."""
    if act is None:
        return False
    plan = _attack_plan(act)
    if plan is None:
        return True
    me = state.actor
    return all(state.party_has(me, condition.trait) != isinstance(condition, PartyLacks)
               for condition in plan.conditions)


def camp_freed_worth(state: QQDNDState, camp: Piece) -> float:
    """Rule 26: what Loosing the last Attack attached to one's Sniper's Camp is worth besides the Attack, in a matchup:
    "When there are no Martial Attack Actions attached to Sniper's Camp, discard it", and with it goes "While Sniper's
    Camp is in play, you cannot play Attack or Spell Actions from your hand": the Attack and Spell cards a round's draw
    holds are free again (rule 8's count). Against the goldfish nothing changes."""
    if len(camp.under) != 1:
        return 0.0
    return camp_lock_cost(state)


def stacked_weapon(state: QQDNDState, card: Piece, host: Piece) -> bool:
    """Rule 27: whether a weapon would be equipped beside a copy of itself on the same card, in a matchup. The copy adds
    nothing while the first stays: Holo-Lance's "Equipped card deals 1 additional damage as long as it has a Mount
    equipped to it" is one rule however many Lances say it, and a second Golden Katana's Golden Strike is an Action the
    card has already ("You can only use one Action per card per turn"); and "Equipment and attachments leave play with
    the card they are on": against a party that deals damage, both go when the card is defeated."""
    if "Weapon" not in card.d.traits or state.game.goldfish:
        return False
    return any(p.d is card.d for p in host.attached if p is not card)


def rounds_to_go(state: QQDNDState) -> int:
    """How many more rounds the game can be expected to last, this one included: the Life the living dummies
    have left, at the damage a round the deck has dealt so far (3 before it has dealt any)."""
    left = sum(remaining_life(state, p) for p in state.field[1 - state.actor] if p.d.is_party_member and not p.defeated)
    done = state.damage_by_seat[state.actor][:-1]
    pace = sum(done) / len(done) if done and sum(done) else 3.0
    return min(-(-left // max(1, round(pace))), state.max_rounds - state.round + 1)


def flies_in_play(state: QQDNDState) -> int:
    """Me, Me, Me: "If there are less than 3 Insingem Flies in play" counts both players' Flies."""
    return sum(1 for side in state.field for p in side if p.d.name == "Insingem Fly")


def rushes_a_fly_adds_to(state: QQDNDState) -> int:
    """The Devil Rushes to come in which one more Insingem card adds a point that counts: on each living dummy,
    every Rush but the one that defeats it (a dummy with no more Life left than a Rush deals gains nothing)."""
    rush = sum(1 for p in state.field[state.actor] if "Insingem" in p.d.name and not p.defeated)
    return sum((remaining_life(state, p) - 1) // max(1, rush)
               for p in state.field[1 - state.actor] if p.d.is_party_member and not p.defeated)


def rush_point_counts(state: QQDNDState) -> bool:
    """Whether Spellstrike's point may go before Insingem's Action this round (rule 18): yes once Insingem has acted
    (or is not in play), the boost then being the next round's Rush's whatever; while she can still act, only if a Devil
    Rush with one point more, aimed at its best dummy, gains a full point of damage (not when the Rush without it
    already defeats the dummy it is best aimed at and the point would be lost to overkill)."""
    me = state.actor
    rusher = next((p for p in state.field[me]
                   if "Insingem" in p.d.name and p.d.is_party_member and not p.defeated), None)
    if rusher is None or rusher.exhausted:
        return True
    n = sum(1 for p in state.field[me] if "Insingem" in p.d.name and not p.exhausted) + state.magus_bonus[me]
    dummies = [p for p in state.field[1 - me] if p.d.is_party_member and not p.defeated]
    if not dummies:
        return True
    now = max(worth_of_damage_alone(state, p, n, me) for p in dummies)
    boosted = max(worth_of_damage_alone(state, p, n + 1, me) for p in dummies)
    return boosted - now >= POINT


def attacks_to_come(state: QQDNDState, closing: Piece) -> bool:
    """Whether the hand holds another Attack card that can hurt a living opposing Party Member now (a damage
    Action whose class condition holds, with such a target), which a card that closes the round's Attacks (Sword
    Throw: "You may play no more Attack cards this round") would lock in hand (rule 12). Another closing card
    does not count: only one of the two can be played either way."""
    me = state.actor
    for card in state.hand[me]:
        if card is closing or not card.d.is_attack or card.d.play_action is None:
            continue
        act = card.d.play_action
        plan = _attack_plan(act)
        if plan is None or plan.closes or not act.targets:
            continue
        if not all(state.party_has(me, condition.trait) != isinstance(condition, PartyLacks)
                   for condition in plan.conditions):
            continue
        cards = state.cards
        if any(cards[uid].d.is_party_member and not cards[uid].defeated
               for uid in state.opponents_candidates(me, card, act.targets[0])):
            return True
    return False


# Read once per definition (a card's or an Action's): the cache keeps the definition alive, so its identity is never
# reused while cached, and its size bounds what the Games long gone leave (a run builds a Game per deck and opponent).
read_once: Final = lru_cache(maxsize=4096)


@read_once
def _attack_plan(act: ActionDef) -> DamagePlan | None:
    """The DamagePlan of an Attack card's Action, read once per Action."""
    return DamagePlan.of(act.program)


@read_once
def ticks(d: CardDef) -> bool:
    """A card with an Action that puts Charge counters on it (Alchemical Bomb's Tick). Read once per card."""
    return any(isinstance(verb, AddCounters) and verb.kind == "charge" for act in d.actions for verb in act.program)


class PermanentProfile:
    """What the policy reads of a Permanent card to value playing it, read once per card."""

    __slots__ = ("noxspace", "camp", "striking", "idle_actions", "lance", "handy_rule", "needs_alchemist",
                 "forces_next_action", "teaches", "fixed", "value")

    def __init__(self, d: CardDef) -> None:
        statics = d.statics
        self.noxspace = "noxspace" in statics
        self.camp = "camp" in statics
        acts = (*d.actions, *d.grants)
        # The Actions that can hurt a dummy: damage, or Charge counters for BOOM; not those that target a
        # Resource or a card out of play (a dummy is a Party Member in play).
        self.striking = tuple(a for a in acts if (a.damaging or any(
            isinstance(v, AddCounters) and v.kind == "charge" for v in a.program)) and not (
            a.targets and (a.targets[0].zone != "play" or "resource" in a.targets[0].atoms)))
        self.idle_actions = len(self.striking) < len(acts)  # Actions worth nothing against the dummies
        self.lance = "lance" in statics
        # A rule worth a little in itself (Dragonsmouth Bow's Initiative, Magical Tinkering, Malachi's Laboratory).
        self.handy_rule = "bow" in statics or "craft" in statics or "laboratory" in statics
        self.needs_alchemist = d.name == "Alchemist's Fire"
        self.forces_next_action = any(isinstance(verb, ForceNextAction) for verb in d.effects.played)
        # Whether the card's value reads nothing of the board (nor which card it equips): then it is worked
        # out once, into `value`.
        self.teaches = d.host_kind == "teach"  # exhausts the card taught
        self.fixed = not (d.unique or self.camp or self.striking or self.lance or self.needs_alchemist or self.teaches)
        self.value: float | None = None


def damage_value(b: Board, source: Piece, target: Piece, n: int, planned: dict[int, float], me: int) -> float:
    """What `n` damage from `source` to `target` is worth to the player at seat `me` (rules 1 and 5)."""
    if target.zone != FIELD:
        return 0.0
    return worth_of_damage(b, target, b.damage_after_modifiers(source, me, target, n, spend=False), planned, me)


def worth_of_damage(b: Board, target: Piece, n: int, planned: dict[int, float], me: int) -> float:
    """What `n` damage (after the source's increases) to `target` is worth, after the damage `planned` for it."""
    if target.attached:
        n -= b.block_of(target)
    stripped = 0.0
    if target.counters:
        shields = target.counters.get("shield", 0)
        if shields:
            stripped = _worth_of_shields(target, n, shields, me)
            n -= shields
    if n <= 0:
        return stripped
    if target.controller == me and tb_towers_ready(b, me):
        stripped += TB_SEARCH  # rule 17: the first damage to one's own card this round searches the deck
    before = planned.get(target.uid, 0)
    planned[target.uid] = before + n
    left = remaining_life(b, target) - before
    if not target.d.is_party_member:
        if target.controller != me:
            # Rule 20: damage to a card that keeps damage off the other party's Party Members.
            stripped += guard_damage_worth(b, target, n, left, not before, me)
        if b.life_of(target) is None:
            # Damage never destroys a card without Life, the other party's (rule 1b) or one's own (rule 14).
            return stripped
    worth = _worth_of_counters(target, n, left, me, own_point(b, target))
    if not before and first_point_undone(b, target, n, left, me):
        worth -= UNDONE  # rule 23: the heal at the round's end takes the first point back
    if target.d.effects.round_end and target.controller != me and left > 0:
        worth += healer_share(b, target) * min(n, left)  # rule 24: the healer first
    return worth + stripped if stripped else worth


def worth_of_damage_alone(b: Board, target: Piece, n: int, me: int) -> float:
    """worth_of_damage with nothing planned for the target."""
    if target.attached:
        n -= b.block_of(target)
    stripped = 0.0
    counters = target.counters
    if counters:
        shields = counters.get("shield", 0)
        if shields:
            stripped = _worth_of_shields(target, n, shields, me)
            n -= shields
    if n <= 0:
        return stripped
    if target.controller == me and _TB_TOWERS in b.statics_present and tb_towers_ready(b, me):
        stripped += TB_SEARCH  # rule 17: the first damage to one's own card this round searches the deck
    # What follows is _worth_of_counters(target, n, remaining_life(b, target), me), inline: every target of every
    # damage move scored is valued here.
    # min() and max() of two numbers are written out as conditional expressions here: a call each costs more than the
    # comparison, and this runs for every target of every damage move scored.
    d = target.d
    life = 1 if target.blanked else d.life
    # Most cards hold no counters: their Life counters are not looked up then.
    left = 99 if life is None else life + (counters.get("life", 0) if counters else 0) + 1 - target.damage
    if target.controller != me:
        if not d.is_party_member:
            # Rule 20. Most cards keep no damage off (guard_points is 0 for them, and so is this): not asked then.
            guard = _guard_of[d]
            guards = (guard_damage_worth(b, target, n, left, True, me, _known_guard_points(b, target, me, guard))
                      if guard is not None and not target.blanked else 0.0)
            if life is None:
                return stripped + guards  # damage never destroys a card without Life (rule 1b)
            kept = 0 if left < 0 else left  # max(left, 0)
            worth = 0.5 * (kept if kept < n else n) + guards  # min(n, max(left, 0))
        elif target.defeated or left <= 0:
            worth = 0.0
        else:
            effective = left if left < n else n  # min(n, left)
            value = POINT * effective + 0.2 * (10 - left)
            if n >= left:
                value += DEFEAT_BONUS
            elif not target.damage and healer_stands(b, target.controller):
                value -= UNDONE  # rule 23: the heal at the round's end takes the first point back
            if d.effects.round_end:
                value += healer_share(b, target) * effective  # rule 24: the healer first
            worth = value
    elif d.is_party_member and not target.defeated and n >= left:
        worth = -OWN_DEFEAT
    elif life is None and not d.is_party_member:
        return stripped  # one's own card without Life: damage never destroys it (rule 14)
    else:
        kept = 0 if left < 0 else left  # max(left, 0)
        worth = -own_point(b, target) * (kept if kept < n else n)  # min(n, max(left, 0))
    return worth + stripped if stripped else worth


def guard_points(b: Board, card: Piece, me: int) -> float:
    """Rule 20: the points of damage a round a card of the other party keeps off its living Party Members. The Block an
    Item equipped to one of them gives it (Chainmail Shirt: "Equipped card has Block 1"; Block: "whenever a source
    would deal damage to a target with Block X, X of that damage is prevented"): X points of each hit, for each card of
    the player's that can hit it. The Shield counters the card puts a round on cards of its controller (Voicechat
    Network: "Advance Warning: (20-10) Put a Shield counter on target card you control"), each a point spared when it
    can go on one of them; spread among cards (Louise Lake: "At the start of each round, place up to 2 Shield tokens on
    Fighters you control"), their share of them. 0 for one's own cards and for Party Members."""
    if card.controller == me or card.d.is_party_member or card.blanked:
        return 0
    guard = _guard_of[card.d]
    if guard is None:
        return 0
    return _known_guard_points(b, card, me, guard)


def _known_guard_points(b: Board, card: Piece, me: int, guard: Guard) -> float:
    """guard_points of a card of the other party with a guard (_guard_of)."""
    if not isinstance(b, QQDNDState):
        return _guard_points(b, card, me, guard)
    # Read of the cards alone, many times a decision (each damage to the card, each Attack weighed against a
    # Deadshot): worked out once while the cards stay as they are.
    memo = b.cards_memo()
    key = (_GUARD_POINTS, card.uid, me)
    known = memo.get(key)
    if known is None:
        known = memo[key] = _guard_points(b, card, me, guard)
    return known


def _guard_points(b: Board, card: Piece, me: int, guard: Guard) -> float:
    """guard_points of a card of the other party with a guard (_guard_of), worked out."""
    block, spread, targeted = guard
    points = 0.0
    host = card.host
    # Loops and comparisons rather than max(), sum() and any() over generators: worked out for each guard in play
    # whenever the cards change.
    if block and host is not None and host.d.is_party_member and not host.defeated:
        hits = hits_on(b, host, me) + hand_hits_on(b, host, me)  # rule 22: the hand's too
        points += block * (hits if hits > 1 else 1)  # max(1, hits)
    owner = card.controller
    field = b.field[owner]
    for n, pred in spread:
        shared = members = 0
        for p in field:
            if not p.defeated and (pred is None or pred(b, p, owner, card)):
                shared += 1
                if p.d.is_party_member:
                    members += 1
        if shared:
            points += n * members / shared
    if targeted:
        # Whether a Party Member of the owner's is living, found by a loop that stops at the first (no list of them is
        # made: the living are walked again only for a spec with a filter).
        for p in field:
            if p.d.is_party_member and not p.defeated:
                break
        else:
            return points
        # One Action a card a round: the one that shields most, aimed at a Party Member that can take them.
        most = 0
        for n, pred in targeted:
            if n > most:
                if pred is None:
                    most = n
                    continue
                for p in field:
                    if p.d.is_party_member and not p.defeated and pred(b, p, owner, card):
                        most = n
                        break
        points += most
    return points


def hits_on(b: Board, target: Piece, me: int) -> int:
    """How many of the cards in play of the player at seat `me` have an Action that can deal damage to `target`."""
    if not isinstance(b, QQDNDState):
        return 1
    count = 0
    for p in b.field[me]:
        if not p.d.actions and not p.attached and p.copied is None and p.trick is None:
            continue  # nothing of its own to perform, nothing given to it (most equipment): actions_of lists none
        for act in b.actions_of(p):
            # strikes_a_card(act), inline: asked of every Action in play for each guard on a Party Member
            if act.damaging and act.targets and act.targets[0].zone == "play" and act.targets[0].pred(b, target, me, p):
                count += 1
                break
    return count


def hand_hits_on(b: Board, target: Piece, me: int) -> int:
    """Rule 22: how many cards in the hand of the player at seat `me` are played to deal damage to `target` (Katana
    Lunge: "Deal 1 damage to target card"; Sword Throw: "Deal 2 damage to target Party Member")."""
    if not isinstance(b, QQDNDState):
        return 0
    count = 0
    for card in b.hand[me]:
        act = card.d.play_action
        if act is not None and strikes_a_card(act) and act.targets[0].pred(b, target, me, card):
            count += 1
    return count


def strikes_a_card(act: ActionDef) -> bool:
    """An Action that deals damage to a target card in play."""
    return act.damaging and bool(act.targets) and act.targets[0].zone == "play"


# What keeps damage off: (Block, Shield counters spread among cards each round, Shield counters each Action puts on
# its target), each count with the cards they may go on (None: any the card's controller picks).
Guard = tuple[int, tuple[tuple[int, Pred | None], ...], tuple[tuple[int, Pred | None], ...]]


def _read_guard(d: CardDef) -> Guard | None:
    """What a card does to keep damage off its controller's cards; None if nothing (read once a card: _guard_of)."""
    block = ("block1" in d.statics) + 2 * ("block2" in d.statics) if d.host_kind == "equip" else 0
    # A rule of each round's start has no target: its Shield counters are spread (Louise Lake's "Fighters you
    # control"); an Action's go on its target.
    spread = tuple(_shield_steps(d.effects.round_start, ()))
    targeted = tuple((sum(n for n, _ in steps), steps[0][1]) for steps in
                     (_shield_steps(act.program, act.targets) for act in d.actions) if steps)
    return (block, spread, targeted) if block or spread or targeted else None


# Read at every damage to a card of the other party.
_guard_of: Final[ByDefinition[Guard | None]] = ByDefinition(_read_guard)


def _reads_unharmed(d: CardDef) -> bool:
    """Whether damage to a card of the other party (not blanked) is worth nothing, however much: no Party Member,
    no Life (rule 1b: damage never destroys it), nothing that keeps damage off the Party Members (rule 20), so that
    worth_of_damage_alone finds 0 for it, Shield counters or not (read once a card: _unharmed)."""
    return not d.is_party_member and d.life is None and _guard_of[d] is None


_unharmed: Final[ByDefinition[bool]] = ByDefinition(_reads_unharmed)

def _shield_steps(program: Program, targets: tuple[TargetSpec, ...]) -> list[tuple[int, Pred | None]]:
    """The Shield counters a program puts on cards, a printed number (not Allgods Church's "that many", one for each
    card it exhausts, which the player gives up their Actions for), and on which cards."""
    steps: list[tuple[int, Pred | None]] = []
    for verb in walk(program):
        if isinstance(verb, AddCounters) and verb.kind == "shield":
            to, n = verb.to, verb.n
        elif isinstance(verb, Distribute) and verb.kind == "shield":
            to, n = verb.among, verb.n
        else:
            continue
        if isinstance(n, int):
            steps.append((n, targets[0].pred if to is TARGETS and targets else getattr(to, "pred", None)))
    return steps



def guard_damage_worth(b: Board, target: Piece, n: int, left: float, fresh: bool, me: int,
                       points: float | None = None) -> float:
    """Rule 20: what `n` Damage counters put on a card of the other party that keeps damage off its Party Members
    (guard_points, if not given) are worth besides a point on a card (rule 1b). If they destroy it, the points it
    spared a round are gone with it; if it had none (`fresh`), the first makes it a target of a card that discards a
    damaged Resource (Deadshot: "Discard target Resource with one or more Damage counters on it"), worth that discard
    at the rate of damage to come with such a card in hand, and half that with one still to draw."""
    if points is None:
        points = guard_points(b, target, me)
    if not points:
        return 0.0
    if n >= left:
        return GUARD_POINT * points
    if not fresh or target.damage:
        return 0.0
    return FUTURE_RATE * GUARD_POINT * points * discard_to_follow(b, me)


def discard_to_follow(b: Board, me: int) -> float:
    """Whether the player has a card that discards a damaged Resource (Deadshot): 1 in hand, 0.5 still to draw (in
    the deck or the discard pile, which is shuffled into a new deck), else 0."""
    # (it reads whole zones: once while the cards stay as they are)
    return read_of_the_cards(b, _DISCARD_TO_FOLLOW, me, _discard_to_follow)


def _discard_to_follow(b: Board, me: int) -> float:
    # Loops rather than any() over generators: the deck is walked card by card whenever the cards change.
    for p in b.hand[me]:
        if discards_damaged[p.d]:
            return 1.0
    for zone in (b.deck[me], b.discard[me]):
        for p in zone:
            if discards_damaged[p.d]:
                return 0.5
    return 0.0


def _reads_discards_damaged(d: CardDef) -> bool:
    """A card whose Action discards a target Resource with Damage counters on it (Deadshot); read once a card:
    discards_damaged."""
    act = d.play_action
    return act is not None and len(act.targets) == 1 and {"resource", "damaged"} <= set(act.targets[0].atoms) and any(
        isinstance(verb, LeavePlay) and verb.to is TARGETS for verb in walk(act.program))


discards_damaged: Final[ByDefinition[bool]] = ByDefinition(_reads_discards_damaged)


def discard_held_back(state: QQDNDState) -> float:
    """Rule 20: what playing an Attack card now would cost a card in hand that discards a damaged Resource. Deadshot:
    "Play Deadshot only if it is the first Attack you play this round": while no Attack has been played this round,
    another Attack first locks the Deadshot in hand, and with it the discard of a card that keeps damage off the other
    party's Party Members (guard_points), damaged now or before the Deadshot this round (a card of the player's in play
    can strike it first: Starguard's "Guard's Strike: (10-7) Deal one damage to target Resource card")."""
    me = state.actor
    if state.attacks_played[me]:
        return 0.0
    discard = next((p.d.play_action for p in state.hand[me] if discards_damaged(p.d)), None)
    if discard is None:
        return 0.0
    strikers: list[tuple[Piece, ActionDef]] | None = None
    for guard in state.field[1 - me]:
        if guard.d.is_party_member or not guard_points(state, guard, me):
            continue
        if guard.damage:
            return HELD_BACK
        if strikers is None:
            strikers = _strikers(state, me, discard.low or 0)
        if any(act.targets[0].pred(state, guard, me, card) for card, act in strikers) and not (
                guard.counters and guard.counters.get("shield")) and not state.block_of(guard):
            return HELD_BACK
    return 0.0


def _strikers(state: QQDNDState, me: int, lowest: int) -> list[tuple[Piece, ActionDef]]:
    """The Able cards in play of the player at seat `me` with an Action that deals damage to a target card at an
    Initiative of `lowest` or more, and that Action."""
    found = []
    for card in state.field[me]:
        if card.exhausted or card.defeated:
            continue
        for act in state.actions_of(card):
            if strikes_a_card(act) and (act.high or 0) >= lowest:
                found.append((card, act))
    return found


def guard_removed_worth(b: Board, card: Piece, me: int) -> float:
    """A card of the other party leaving play (discarded, destroyed, back to hand): a little, and the points of damage
    a round it kept off the other party's Party Members (rule 20: Deadshot at the Chainmail Shirt or a Voicechat
    Network rather than an Ally)."""
    return LEAVE_THEIRS + GUARD_POINT * guard_points(b, card, me)


def struck_for_tb_towers(card: Piece) -> bool:
    """One's own card that takes a strike for TB Towers' search at no cost: a Resource without Life (an Item, a
    Location: damage never destroys it, rule 14)."""
    return not card.d.is_party_member and card.d.life is None and not card.blanked


def tb_towers_ready(b: Board, me: int) -> bool:
    """TB Towers: "The first time a card you control takes damage each round, you may search your deck for any
    non-Evil card, reveal it, and add it to your hand": whether the first damage this round is still to come, with a
    card to find. Against the goldfish nothing else damages one's cards, so a point one deals one's own card (an Item
    without Life costs nothing: rule 14) is a card searched for (rule 17)."""
    if _TB_TOWERS not in b.statics_present:
        return False  # no TB Towers in the game: asked of every damage to one's own card, answered without a call
    # It reads the cards in play and the deck (whether TB Towers has searched this round changes with the cards):
    # worked out once while the cards stay as they are.
    return read_of_the_cards(b, _TB_TOWERS_READY, me, _tb_towers_ready)


def _tb_towers_ready(b: Board, me: int) -> bool:
    if not b.tb_towers_waits(me):
        return False
    return any(not p.d.evil for p in b.deck[me])


def _sets_off_tb_towers(state: QQDNDState, move: Move, decision: Decision) -> bool:
    """Whether a damage move strikes only the mover's own cards while TB Towers' first damage of the round is
    still to come (rule 19)."""
    me = state.actor
    # Whether TB Towers waits is asked first: it is the cheaper question, and the answer is mostly no. It is the same
    # for every move of the decision: asked once.
    ready = decision.tb_ready
    if ready is None:
        ready = decision.tb_ready = tb_towers_ready(state, me)
    return (ready and bool(move.targets)
            and all(t >= 0 and state.cards[t].controller == me for t in move.targets))


def shield_placed_worth(cards: list[Piece], me: int) -> float:
    """Rule 21: what Shield counters put on cards are worth in a matchup ("when a damage counter would be placed on it,
    that card's controller may instead remove a shield counter"; Voicechat Network: "Advance Warning: (20-10) Put a
    Shield counter on target card you control"). On one's own defeated Party Member nothing: no damage counts on it
    any more. On one's own living Party Member a little more than elsewhere, the more the fewer it has already: the
    next point of damage is spared where it would land, not on a pile no attack gets through."""
    worth = 0.0
    for card in cards:
        if card.controller != me or not card.d.is_party_member:
            worth += COUNTER
        elif not card.defeated:
            worth += COUNTER + 0.1 / (1 + card.counters.get("shield", 0))
    return worth


def shields_only(act: ActionDef) -> bool:
    """An Action that does nothing but put a printed number of Shield counters on its one target card in play
    (Advance Warning): _best_shield_move offers one card at a time, so a spec of more targets, or of a player, is
    left to the dry runs."""
    program = act.program
    spec = act.targets[0] if len(act.targets) == 1 else None
    return (spec is not None and spec.high == 1 and spec.zone == "play" and not act.modes and act.nested is None
            and len(program) == 1 and isinstance(program[0], AddCounters) and program[0].kind == "shield"
            and program[0].to is TARGETS and isinstance(program[0].n, int))


def _best_shield_move(state: QQDNDState, kind: int, source: Piece, act: ActionDef, value: int,
                      to_beat: float) -> tuple[Move, float] | None:
    """The best target of an Action that only puts Shield counters on it (shields_only), scored as its dry run
    (Estimate._add_counters) would score it, without one: a real party's player controls a score of cards."""
    bonus = PLAYED if kind == PLAY else 0.0
    cards, me = state.cards, state.actor
    goldfish = state.game.goldfish
    best_uid, best_score = -1, to_beat
    for uid in state.candidates(me, source, act.targets[0]):
        # shield_placed_worth([card], me), inline: a real party's player scores each of a score of cards.
        if goldfish:
            worth = COUNTER
        else:
            card = cards[uid]
            if card.controller != me or not card.d.is_party_member:
                worth = COUNTER
            elif not card.defeated:
                worth = COUNTER + 0.1 / (1 + card.counters.get("shield", 0))
            else:
                worth = 0.0
        score = bonus + worth
        if score > best_score:
            best_uid, best_score = uid, score
    if best_uid < 0:
        return None
    return new_move(Move, (kind, source.uid, act.uid, value, (best_uid,), -1, -1, ())), best_score


def _worth_of_shields(target: Piece, n: int, shields: int, me: int) -> float:
    """What the Shield counters `n` damage strips from `target` are worth to the player at seat `me` (rule 1a):
    "when a damage counter would be placed on it, that card's controller may instead remove a shield counter",
    so each one stripped from a living opposing Party Member is a point the next damage puts on it."""
    if n <= 0 or target.controller == me or not target.d.is_party_member or target.defeated:
        return 0.0
    return SHIELD * (shields if shields < n else n)  # min(n, shields), written out: asked of every target with Shields


def first_point_undone(b: Board, target: Piece, n: int, left: float, me: int) -> bool:
    """Rule 23: whether the first of `n` points of damage on `target` is one the other party's heal at the end of the
    round takes back: an undamaged living Party Member of theirs, not defeated by them, while their healer stands."""
    return (target.controller != me and target.d.is_party_member and not target.defeated and not target.damage
            and 0 < n < left and healer_stands(b, target.controller))


def healer_stands(b: Board, owner: int) -> bool:
    """Rule 23: whether a living Party Member of `owner`'s heals its party at the end of each round (Resmi Val'Rance:
    "Polite Attendance: (Ef) At the end of each round, remove 1 Damage counter from up to 3 Party Members you
    control")."""
    if not b.book.round_end:
        return False  # no card of the game has a rule of the round's end: asked of every damage, answered at once
    return read_of_the_cards(b, _HEALER_STANDS, owner, _healer_stands)


def _healer_stands(b: Board, owner: int) -> bool:
    for p in b.field[owner]:  # a loop, not any() over a generator: asked whenever the cards change
        if p.d.is_party_member and not p.defeated and not p.blanked and heals_party_at_round_end(p.d):
            return True
    return False


@read_once
def heals_party_at_round_end(d: CardDef) -> bool:
    """Whether a card's rule of the round's end removes Damage counters from its controller's Party Members."""
    return any(isinstance(verb, RemoveDamage) and isinstance(verb.to, Pick) and "party_member" in verb.to.atoms
               and "you" in verb.to.atoms for verb in d.effects.round_end)


def healer_share(b: Board, target: Piece) -> float:
    """Rule 24: what a point of damage on an opposing Party Member that heals its party at the end of each round (Resmi
    Val'Rance: "remove 1 Damage counter from up to 3 Party Members you control") is worth besides the point: its
    defeat ends a point healed a round for each living Party Member of its party (itself among them, up to 3), each a
    point of damage to come (as a guard's, rule 20), and each of the points its defeat takes brings a share of that
    nearer: the Life it has left shares it out."""
    if not target.d.is_party_member or target.defeated or target.blanked or not heals_party_at_round_end(target.d):
        return 0.0
    # min(), max() and sum() written out: asked of every damage to the healer.
    living = 0
    for p in b.field[target.controller]:
        if p.d.is_party_member and not p.defeated:
            living += 1
    left = remaining_life(b, target)
    return GUARD_POINT * (living if living < 3 else 3) / (left if left > 1 else 1)


def own_point(b: Board, target: Piece) -> float:
    """What a point of damage on one's own card costs, short of defeating or destroying it (rule 15): against the
    goldfish's dummies, which deal no damage, a point on one's own Party Member is Life nothing else will take, and
    costs little (Malachi's Frantic Research: "You may then deal 1 damage to this card to draw another card")."""
    if target.d.is_party_member and isinstance(b, QQDNDState) and b.game.goldfish:
        return OWN_POINT_UNOPPOSED
    return OWN_POINT


def _worth_of_counters(target: Piece, n: int, left: float, me: int, own: float = OWN_POINT) -> float:
    """What `n` Damage counters put on `target` are worth to the player at seat `me`, `left` the damage it can
    take before it is defeated or destroyed; `own` what a point on one's own card costs (own_point)."""
    # min() and max() of two numbers written out, as in worth_of_damage_alone: every damage of a dry run comes here.
    if target.controller != me:
        if not target.d.is_party_member:
            kept = 0 if left < 0 else left  # max(left, 0)
            return 0.5 * (kept if kept < n else n)  # min(n, max(left, 0))
        if target.defeated or left <= 0:
            return 0.0
        effective = left if left < n else n  # min(n, left)
        value = POINT * effective + 0.2 * (10 - left)
        return value + (DEFEAT_BONUS if n >= left else 0.0)
    if target.d.is_party_member and not target.defeated and n >= left:
        return -OWN_DEFEAT
    kept = 0 if left < 0 else left  # max(left, 0)
    return -own * (kept if kept < n else n)  # min(n, max(left, 0))


def source_modifiers(b: Board, source: Piece, actor: int) -> tuple[int, str | None]:
    """What Board.damage_after_modifiers (without spending) adds to any damage from `source` whatever the target,
    and the key of the actor's Challenge counters if the source is a Samurai (a target holding one takes 1 more)."""
    flat = source.damage_bonus
    magus = b.magus_bonus[actor]
    if magus and source.controller == actor and b.has_trait(source, "Magus", actor):
        flat += magus
    if source.attached and b.attached_static(source, "lance") and b.has_mount(source):
        flat += 1
    return flat, (f"challenge{actor}" if b.has_trait(source, "Samurai", actor) else None)


class DamagePlan:
    """The shape most Actions have: "deal N damage to target(s)", maybe behind "if there is a <class> in
    your party", maybe with a card drawn or "no more Attack cards" after. Scored without a dry run."""

    __slots__ = ("conditions", "n", "draws", "exhausting", "closes")

    def __init__(self, conditions: tuple[PartyHas, ...], n: int, draws: int, exhausting: YoursNamed | None,
                 closes: bool = False) -> None:
        self.conditions = conditions
        self.n = n
        self.draws = draws
        # Devil Rush: "Exhaust all cards you control with Insingem in their name [...]. Deal damage equal to the
        # number of cards exhausted this way"
        self.exhausting = exhausting
        # Sword Throw: "You may play no more Attack cards this round" (rule 12).
        self.closes = closes

    @classmethod
    def of(cls, program: Program) -> DamagePlan | None:
        conditions: list[PartyHas] = []
        damage: DealDamage | None = None
        exhausting: YoursNamed | None = None
        draws = 0
        closes = False
        verbs = list(program)
        while verbs:
            verb = verbs.pop(0)
            if isinstance(verb, If) and not verb.otherwise and isinstance(verb.condition, PartyHas) and damage is None:
                conditions.append(verb.condition)
                verbs = list(verb.then) + verbs
            elif isinstance(verb, Exhaust) and isinstance(verb.to, YoursNamed) and damage is None:
                exhausting = verb.to
            elif (isinstance(verb, DealDamage) and damage is None and verb.to is TARGETS
                  and (isinstance(verb.n, int) or (verb.n is COUNT and exhausting is not None))):
                damage = verb
            elif isinstance(verb, Draw) and isinstance(verb.n, int) and not verb.optional:
                draws += verb.n
            elif isinstance(verb, NoMoreAttacks):
                closes = True
            else:
                return None
        if damage is None:
            return None
        return cls(tuple(conditions), damage.n if isinstance(damage.n, int) else 0, draws, exhausting, closes)

    def value(self, state: QQDNDState, source: Piece, targets: tuple[int, ...], decision: Decision) -> float:
        value, n = self.before_targets(state, source, decision)
        if n < 0:
            return value
        cards = state.cards
        if len(targets) > 1 and len(set(targets)) < len(targets):
            # The same card twice: the second share of damage meets what the first leaves.
            planned: dict[int, float] = {}
            for uid in targets:
                value += damage_value(state, source, cards[uid], n, planned, state.actor)
            return value
        # Distinct targets: what damage to one is worth does not depend on the others.
        for uid in targets:
            value += self.worth(state, source, cards[uid], n, decision)
        return value

    def before_targets(self, state: QQDNDState, source: Piece, decision: Decision) -> tuple[float, int]:
        """What the move is worth besides its damage, and the damage it deals to each target (-1: none)."""
        key = (source.uid, self)
        known = decision.plans.get(key)
        if known is None:
            known = decision.plans[key] = self._before_targets(state, source, decision)
        return known

    @staticmethod
    def worth(state: QQDNDState, source: Piece, target: Piece, n: int, decision: Decision) -> float:
        """What `n` damage from `source` to one target is worth, the target alone."""
        if target.zone != FIELD:
            return 0.0
        if n > 0:
            # state.damage_after_modifiers(source, state.actor, target, n, spend=False), its source's part read once
            # a decision.
            modifiers = decision.modifiers.get(source.uid)
            if modifiers is None:
                modifiers = decision.modifiers[source.uid] = source_modifiers(state, source, state.actor)
            dealt = n + modifiers[0]
            challenge = modifiers[1]
            if challenge is not None and target.counters and target.counters.get(challenge):
                dealt += 1
        else:
            dealt = 0
        key = _damage_key(target.uid, dealt)
        worth = decision.damage.get(key)
        if worth is None:
            worth = decision.damage[key] = worth_of_damage_alone(state, target, dealt, state.actor)
        return worth

    def _before_targets(self, state: QQDNDState, source: Piece, decision: Decision) -> tuple[float, int]:
        value = self.draws * (CARD_NOW if decision.later else CARD_LATER)
        if source.zone == HAND and source.d.is_attack and decision.later:
            value -= discard_held_back(state)  # rule 20: a Deadshot at a guard goes before any other Attack
        for condition in self.conditions:
            trait = condition.trait
            holds = decision.conditions.get(trait)
            if holds is None:
                holds = decision.conditions[trait] = state.party_has(state.actor, trait)
            if not holds:
                return value, -1
        if self.closes and decision.later and attacks_to_come(state, source):
            value -= LAST_ATTACK
        n = self.n
        if self.exhausting is not None:
            part = self.exhausting.part
            n = sum(1 for p in state.field[state.actor] if part in p.d.name and (p is source or not p.exhausted))
            # Spellstrike: "The next time a Magus you control would deal damage, increase that damage by one": the
            # boost waits for the next Rush, whichever round it comes in, so it is no reason to rush now rather than
            # raise a Fly while one can be raised (rule 13). The boost still counts in which dummy the Rush is aimed at.
            bonus = state.magus_bonus[state.actor]
            if bonus and n > 0 and state.has_trait(source, "Magus", state.actor) and flies_in_play(state) < 3:
                value -= POINT * bonus
        return value, n


class Estimate:
    """A dry run of a program: what it would be worth, changing nothing (no chooser state, no rng)."""

    __slots__ = ("b", "state", "me", "later", "hypothetical", "planned", "classes")

    def __init__(self, state: QQDNDState, decision: Decision, hypothetical: bool = False) -> None:
        self.b: Board = state
        self.state = state
        self.me = state.actor  # the seat whose move is estimated
        # An Action is still to come this round; in a round to come (hypothetical), there is.
        self.later = decision.later or hypothetical
        self.hypothetical = hypothetical  # the performer is not in play yet: conditions on it are assumed met
        self.planned: dict[int, float] = {}  # damage this program already deals to each card
        self.classes = decision.conditions  # class -> "there is a <class> in your party", as worked out

    def program(self, program: Program, ctx: Ctx) -> float:
        total = 0.0
        for verb in program:
            worth = _WORTH.get(type(verb))
            # Verbs without an entry change nothing the policy counts (shuffles, marks, alignments...).
            if worth is not None:
                total += worth(self, verb, ctx)
        return total

    def _deal_damage(self, verb: DealDamage, ctx: Ctx) -> float:
        n = verb.n if isinstance(verb.n, int) else self._amount(verb.n, ctx)
        if isinstance(verb.to, RandomOne):
            return self._random_damage(verb.to, ctx, n)
        total: float = 0.0  # sum() of a generator, as a loop (from 0, in order: the same total)
        source = ctx.source
        for target in self._pieces(verb.to, ctx):
            total += damage_value(self.b, source, target, n, self.planned, self.me)
        return total

    def _if(self, verb: If, ctx: Ctx) -> float:
        return self.program(verb.then if self._holds(verb, ctx) else verb.otherwise, ctx)

    def _flip(self, verb: Flip, ctx: Ctx) -> float:
        saved = dict(self.planned)
        heads = self.program(verb.heads, ctx)
        self.planned = saved
        return 0.5 * heads + 0.5 * self.program(verb.tails, ctx)

    def _repeat(self, verb: Repeat, ctx: Ctx) -> float:
        times = verb.times if isinstance(verb.times, int) else self._amount(verb.times, ctx)
        return sum(self.program(verb.program, ctx) for _ in range(times))

    def _exhaust(self, verb: Exhaust, ctx: Ctx) -> float:
        if ctx.action is not None and id(verb) in _unread_picks(ctx.action):
            # The cards picked would score nothing and nothing counted reads them (_picks_unread): the pick, a filter
            # of the board and a ranking, is not made.
            return 0.0
        done = [p for p in self._pieces(verb.to, ctx) if (p is ctx.source) or not p.exhausted]
        ctx.count = len(done)
        ctx.picked = done
        return 0.0 if isinstance(verb.to, Pick) else -0.1 * sum(1 for p in done if p is not ctx.source)

    def _add_counters(self, verb: AddCounters, ctx: Ctx) -> float:
        if verb.kind == "charge":
            return CHARGE * len(self._pieces(verb.to, ctx))
        if verb.kind == "challenge":
            if not self.b.party_has(self.me, "Samurai"):
                return 0.0
            # sum() of a generator, as a loop (from 0, in order: the same total)
            total: float = 0.0
            other, mine = 1 - self.me, f"challenge{self.me}"
            for p in self._pieces(verb.to, ctx):
                if p.controller == other and p.d.is_party_member and not p.defeated and not p.counters.get(mine):
                    total += 3.0
            return total
        if verb.kind == "shield" and not self.state.game.goldfish:
            return shield_placed_worth(self._pieces(verb.to, ctx), self.me)  # rule 21
        return COUNTER

    def _remove_damage(self, verb: RemoveDamage, ctx: Ctx) -> float:
        return sum((2.0 if p.controller == self.me else -POINT) * min(verb.n, p.damage)
                   for p in self._pieces(verb.to, ctx) if self.b.damage_removable(p))

    def _draw(self, verb: Draw, ctx: Ctx) -> float:
        n = verb.n if isinstance(verb.n, int) else self._amount(verb.n, ctx)
        return n * (CARD_NOW if self.later else CARD_LATER)

    def _remove_top_of_deck(self, verb: RemoveTopOfDeck, ctx: Ctx) -> float:
        """Starshot: "Remove the top three cards of target deck from the game". Cards gone from the other party's
        deck are a little worth; from one's own, a loss (they were the cards to draw). Without a worth, the two
        target players tied and the first listed was taken, whoever performed it."""
        return sum((-MILLED_OWN if player == self.me else MILLED_THEIRS) * min(verb.n, len(self.state.deck[player]))
                   for player in ctx.players)

    def _search(self, verb: Search | RevealUntil, ctx: Ctx) -> float:
        into_hand = isinstance(verb, RevealUntil) or verb.to == "hand"
        return (CARD_NOW if self.later else CARD_LATER) * 1.3 if into_hand else 0.5

    def _discard(self, verb: Verb, ctx: Ctx) -> float:
        return -0.3 * len(self.state.hand[self.me]) if self.later else 0.0

    def _create_token(self, verb: CreateToken, ctx: Ctx) -> float:
        if verb.name == "Insingem Fly":
            if not any("Insingem" in p.d.name for p in self.b.party(self.me)):
                return 0.3
            # Each Fly adds a point to every Devil Rush to come that the point counts in: future damage,
            # counted at FUTURE_RATE for each, one a round for the rounds left (a flat price made the policy never
            # raise Flies; a price by the clock alone raised them when every dummy was one Rush from defeat; a cap
            # of six Rushes made Insingem rush with two where a third Fly paid back within the game).
            rounds_left = self.state.max_rounds - self.state.round
            return POINT * FUTURE_RATE * min(rounds_left, rushes_a_fly_adds_to(self.state))
        return 1.0

    def _stay_exhausted(self, verb: Verb, ctx: Ctx) -> float:
        return -1.0

    def _leave_play(self, verb: LeavePlay, ctx: Ctx) -> float:
        worth = 0.0
        for piece in self._pieces(verb.to, ctx):
            if piece is ctx.source and ticks(piece.d):
                # BOOM: the Bomb's Ticks to come are given up; worth it once the game is nearly won.
                worth -= CHARGE * max(0, min(BOOM_HORIZON, rounds_to_go(self.state) - 1))
            elif piece.controller != self.me:
                worth += guard_removed_worth(self.b, piece, self.me)
            elif "noxspace" in piece.d.statics:
                worth += 5.0  # Exit Words: the dummies can be targeted again
            elif piece is not ctx.source:
                worth -= 5.0
        return worth

    def _restore(self, verb: Restore, ctx: Ctx) -> float:
        return 20.0 * len(self._pieces(verb.to, ctx))

    def _boost(self, verb: BoostNextDamage, ctx: Ctx) -> float:
        state = self.state
        return sum(3.0 for p in self._pieces(verb.to, ctx) if any(
            a.damaging and (not a.targets or state.opponents_candidates(self.me, p, a.targets[0]))
            for a in state.actions_of(p)))

    def _boost_magus(self, verb: Verb, ctx: Ctx) -> float:
        if not self.b.party_has(self.me, "Magus"):
            return 0.0
        if self.later and not rush_point_counts(self.state):
            return 0.0  # rule 18: the boost waits for a Rush its point counts in
        return 3.0

    def _attach(self, verb: Verb, ctx: Ctx) -> float:
        if not any({"Martial", "Attack"} <= p.d.traits for p in self.state.hand[self.me]):
            return 0.0
        return 2.0 - camp_kept_cost(self.state, ctx.source)

    def damage(self, source: Piece, target: Piece, n: int) -> float:
        return damage_value(self.b, source, target, n, self.planned, self.me)

    def _random_damage(self, ref: RandomOne, ctx: Ctx, n: int) -> float:
        options = [p for p in self.b.in_play() if ref.pred(self.b, p, ctx.actor, ctx.source)]
        if not options:
            return 0.0
        planned, source, me = self.planned, ctx.source, self.me
        total = 0.0
        for option in options:
            # Each option on what is planned so far: damage_value changes only the option's own entry, put back after.
            uid = option.uid
            before = planned.get(uid)
            total += damage_value(self.b, source, option, n, planned, me)
            if before is None:
                planned.pop(uid, None)
            else:
                planned[uid] = before
        # Spread the expected damage over the options.
        for option in options:
            planned[option.uid] = planned.get(option.uid, 0) + n / len(options)
        return total / len(options)

    def _holds(self, verb: If, ctx: Ctx) -> bool:
        if self.hypothetical:
            return True
        condition = verb.condition
        if isinstance(condition, PartyHas) and ctx.actor == self.me:
            # Many moves of a decision ask whether there is a <class> in the party: it is worked out once.
            holds = self.classes.get(condition.trait)
            if holds is None:
                holds = self.classes[condition.trait] = self.b.party_has(self.me, condition.trait)
            return holds != isinstance(condition, PartyLacks)
        return condition.holds(ctx)

    def _amount(self, amount: object, ctx: Ctx) -> int:
        if amount is COUNT:
            return ctx.count
        if isinstance(amount, CountersOn):
            return amount.value(ctx)
        raise TypeError(f"no estimate for the amount {amount!r}")

    def _pieces(self, ref: object, ctx: Ctx) -> list[Piece]:
        if ref is PICKED:
            return list(ctx.picked)
        if ref is TARGETS:
            return list(ctx.targets)
        if ref is THIS_NAMED and self.hypothetical:
            return [ctx.source]
        return ref.pieces(ctx)  # type: ignore[attr-defined,no-any-return]

    def _nested(self, verb: PerformNested, ctx: Ctx) -> float:
        card = ctx.nested
        if card is None or card.d.play_action is None:
            return 0.0
        if verb.how == "crafting":
            # A Permanent played for this round only: what its Actions can still do this round.
            return 0.2
        inner = Ctx(self.state, self.me, card, card.d.play_action, ctx.initiative)
        inner.targets = list(ctx.nested_targets)
        inner.target_zones = [t.zone for t in inner.targets]
        return self.program(card.d.play_action.program, inner)

    def _custom(self, verb: Custom, ctx: Ctx) -> float:
        fn = verb.fn
        if fn is effects.observe_and_replicate:
            copies = [a for a in self.state.performed_this_round if a.copyable and a.damaging]
            return 2.0 if copies else -0.5
        if fn is effects.favourite_trick:
            return 0.5
        if fn is effects.mass_teleport:
            return -5.0 if self.me in ctx.players and any(
                not p.d.is_party_member for p in self.state.field[self.me]) else -0.1
        if fn is effects.turnabout:
            return 1.0
        if fn is effects.pummel_return and ctx.source.d.name == ctx.action.card_name and self.state.hand[self.me]:
            # "You may discard a card from your hand. If you do, return Pummel to your hand": the card discarded
            # costs what any discard does (rule 14).
            return self._discard(verb, ctx)
        return 0.0


_WORTH: Final[dict[type, Callable[[Estimate, Any, Ctx], float]]] = {
    DealDamage: Estimate._deal_damage,
    If: Estimate._if,
    Flip: Estimate._flip,
    Repeat: Estimate._repeat,
    Exhaust: Estimate._exhaust,
    AddCounters: Estimate._add_counters,
    RemoveDamage: Estimate._remove_damage,
    Draw: Estimate._draw,
    Search: Estimate._search,
    RevealUntil: Estimate._search,
    DiscardFromHand: Estimate._discard,
    DiscardHand: Estimate._discard,
    CreateToken: Estimate._create_token,
    StayExhausted: Estimate._stay_exhausted,
    LeavePlay: Estimate._leave_play,
    Restore: Estimate._restore,
    RemoveTopOfDeck: Estimate._remove_top_of_deck,
    BoostNextDamage: Estimate._boost,
    BoostNextMagusDamage: Estimate._boost_magus,
    PerformNested: Estimate._nested,
    AttachFromHand: Estimate._attach,
    Custom: Estimate._custom,
}

# Counters whose estimate looks at the cards they go on; any other kind scores a flat amount.
# Shield counters: where they go counts in a matchup (rule 21).
_COUNTED_COUNTERS: Final = ("charge", "challenge", "shield")
# Verbs whose estimate never looks at the cards they name (a card drawn is worth the same whoever is targeted),
# though it may read how many (Draw's amount).
_BLIND_VERBS: Final = (StayExhausted, Draw, Search, RevealUntil, DiscardFromHand, DiscardHand, CreateToken,
                BoostNextMagusDamage, AttachFromHand)


def reads_targets(program: Program) -> bool:
    """Whether the estimate of a program can depend on the move's targets (or target players)."""
    for verb in walk(program):
        if type(verb) not in _WORTH:
            continue  # the estimate counts nothing of it (shuffles, marks, alignments...)
        if isinstance(verb, If):
            condition = verb.condition
            if isinstance(condition, TargetHas) or _names_targets(getattr(condition, "ref", None)):
                return True
        elif isinstance(verb, Custom):
            if verb.fn is effects.mass_teleport:
                return True  # "target player"
        elif isinstance(verb, PerformNested):
            return True  # the nested card's targets
        elif isinstance(verb, RemoveTopOfDeck):
            return True  # "target deck": whose deck it is
        elif isinstance(verb, AddCounters):
            if verb.kind in _COUNTED_COUNTERS and _names_targets(verb.to):
                return True
        elif isinstance(verb, _BLIND_VERBS):
            if _names_targets(getattr(verb, "n", None)):
                return True
        elif any(_names_targets(getattr(verb, slot, None)) for slot in ("to", "n", "times")):
            return True
    return False


# Verbs whose estimate reads nothing of the board (at most whether an Action is still to come this round).
_BOARD_BLIND_VERBS: Final = (Search, RevealUntil, StayExhausted, Flip)  # a Flip's programs are walked too
# The card rules that are code whose estimate reads the board; the others score a flat amount.
_BOARD_CUSTOMS: Final = frozenset({effects.observe_and_replicate, effects.mass_teleport, effects.pummel_return})


def reads_board(program: Program) -> bool:
    """Whether the estimate of a program can depend on the board (anything but Decision.later)."""
    for verb in walk(program):
        if (type(verb) not in _WORTH or isinstance(verb, _BOARD_BLIND_VERBS)
                or (isinstance(verb, Draw) and isinstance(verb.n, int))
                or (isinstance(verb, Repeat) and isinstance(verb.times, int))
                or (isinstance(verb, AddCounters) and verb.kind not in _COUNTED_COUNTERS)
                or (isinstance(verb, Custom) and verb.fn not in _BOARD_CUSTOMS)
                or _picks_unread(verb, program)):
            continue
        return True
    return False


def _picks_unread(verb: Verb, program: Program) -> bool:
    """Whether the verb exhausts cards the player picks (Pray for Protection: "Exhaust any number of cards you
    control") in a program where nothing the estimate counts reads them or their count: Estimate._exhaust scores
    such a pick nothing, and it is all of the board the verb reads."""
    return isinstance(verb, Exhaust) and isinstance(verb.to, Pick) and not any(
        _reads_picks(other) for other in walk(program) if type(other) in _WORTH and other is not verb)


@read_once
def _unread_picks(act: ActionDef) -> frozenset[int]:
    """The ids of the verbs of an Action's programs (its own, each mode's) that exhaust cards the player picks and
    whose picks nothing counted reads in every program of the Action holding them (_picks_unread). Read once per
    Action; the Action keeps its verbs alive, so their ids are never reused while cached."""
    unread: set[int] = set()
    read: set[int] = set()
    for program in (act.program, *(mode.do for mode in act.modes)):
        for verb in walk(program):
            if isinstance(verb, Exhaust) and isinstance(verb.to, Pick):
                (unread if _picks_unread(verb, program) else read).add(id(verb))
    return frozenset(unread - read)


def _reads_picks(thing: object, depth: int = 4) -> bool:
    """Whether a counted verb can read the cards picked or their count (Ctx.picked, Ctx.count): it names PICKED or
    COUNT in what it holds, or it is code or a nested Action, which may read anything."""
    if thing is PICKED or thing is COUNT or isinstance(thing, (Custom, PerformNested)):
        return True
    if depth == 0 or isinstance(thing, (str, int, float, bool)) or thing is None:
        return False
    if isinstance(thing, (tuple, list)):
        return any(_reads_picks(each, depth - 1) for each in thing)
    held = [getattr(thing, name, None) for name in attribute_names(type(thing))]
    held += list(getattr(thing, "__dict__", {}).values())
    return any(_reads_picks(each, depth - 1) for each in held)


def trait_damage(act: ActionDef) -> tuple[str, int, int] | None:
    """(trait, damage, damage otherwise) of an Action of one target card whose program is only "if target is a
    <trait>, deal N damage to it, else M"; else None."""
    if act.modes or act.nested is not None or len(act.targets) != 1 or act.targets[0].high != 1:
        return None
    if act.targets[0].zone != "play" or len(act.program) != 1 or type(act.program[0]) is not If:
        return None
    verb = act.program[0]
    if type(verb.condition) is not TargetHas:
        return None
    amounts = []
    for branch in (verb.then, verb.otherwise):
        if len(branch) != 1 or type(branch[0]) is not DealDamage:
            return None
        damage = branch[0]
        if damage.to is not TARGETS or type(damage.n) is not int:
            return None
        amounts.append(damage.n)
    return verb.condition.trait, amounts[0], amounts[1]


_SPLIT_FIXED: Final = 0
_SPLIT_DAMAGE: Final = 1
_SPLIT_REMOVE: Final = 2
_SPLIT_FLIP: Final = 3
_SPLIT_IF: Final = 4
_SPLIT_LEAVE: Final = 5
_SPLIT_EXHAUST: Final = 6
# Verbs whose estimate neither reads nor changes the damage planned by the program, nor the context another
# verb reads (Exhaust sets what it counted).
_SPLIT_FIXED_VERBS: Final = (LeavePlay, Custom, Draw, StayExhausted, DiscardFromHand, DiscardHand, Search, RevealUntil,
                      CreateToken, BoostNextMagusDamage, AttachFromHand, AddCounters, Restore, BoostNextDamage,
                      RemoveDamage)
# (step, verb, the steps of an If's two branches), one for each verb the estimate counts, in program order.
Split = tuple[tuple[int, Any, Any], ...]


def split_program(act: ActionDef) -> Split | None:
    """The steps of an Action of one target card whose program splits (split_steps); else None."""
    if act.modes or act.nested is not None:
        return None
    return split_steps(act.program, act.targets)


def split_modes(act: ActionDef) -> tuple[Split | None, ...] | None:
    """The steps of each mode of an Action with modes (Grease), None for a mode that does not split; None if
    none does."""
    if not act.modes or act.nested is not None or act.targets:
        return None
    splits = tuple(split_steps(mode.do, mode.targets) for mode in act.modes)
    return splits if any(split is not None for split in splits) else None


def split_steps(program: Program, specs: tuple[TargetSpec, ...]) -> Split | None:
    """The steps of a program of one target card whose verbs each either name not the target, or deal it a fixed
    damage (once at most, maybe on a coin flip), remove damage counters from it, discard it or exhaust it (last),
    maybe if there is a <class> in your party: the dry run of a move is then what the target alone is worth added
    to what the rest is worth whatever the target; else None."""
    if len(specs) != 1 or specs[0].high != 1 or specs[0].zone != "play":
        return None
    last = walk(program)[-1] if program else None
    counts = [0, 0]  # damages, verbs on the target
    steps = _split_of(program, last, counts)
    if steps is None or counts[0] > 1 or not counts[1]:
        return None  # two damages plan on each other; without a verb on the target, the Action is target-free
    return steps


def _split_of(program: Program, last: object, counts: list[int]) -> Split | None:
    steps: list[tuple[int, Any, Any]] = []
    for verb in program:
        kind: type = type(verb)
        if kind not in _WORTH:
            continue  # the estimate counts nothing of it
        step = -1
        branches = None
        if kind is DealDamage and isinstance(verb, DealDamage) and verb.to is TARGETS and type(verb.n) is int:
            step = _SPLIT_DAMAGE
            counts[0] += 1
        elif kind is RemoveDamage and isinstance(verb, RemoveDamage) and verb.to is TARGETS and type(verb.n) is int:
            step = _SPLIT_REMOVE
        elif kind is LeavePlay and isinstance(verb, LeavePlay) and verb.to is TARGETS:
            step = _SPLIT_LEAVE
        elif kind is Exhaust and isinstance(verb, Exhaust) and verb.to is TARGETS and verb is last:
            step = _SPLIT_EXHAUST  # what it counted is read by no verb after it
        elif kind is Flip and isinstance(verb, Flip) and all(_flip_side(side) for side in (verb.heads, verb.tails)):
            # "Flip a coin. If heads, deal N damage to target ...; if tails, ... to a random ..." (Toss-Up).
            step = _SPLIT_FLIP
            counts[0] += 1
        elif kind is If and isinstance(verb, If) and type(verb.condition) in (PartyHas, PartyLacks):
            then, otherwise = _split_of(verb.then, last, counts), _split_of(verb.otherwise, last, counts)
            if then is None or otherwise is None:
                return None
            step, branches = _SPLIT_IF, (then, otherwise)
        elif kind in _SPLIT_FIXED_VERBS and not reads_targets((verb,)):
            steps.append((_SPLIT_FIXED, verb, None))
            continue
        else:
            return None
        counts[1] += 1
        steps.append((step, verb, branches))
    return tuple(steps)


def _split_fixed(estimate: Estimate, blind: Ctx, steps: Split) -> list[Any]:
    """What each step worth the same whatever the target is worth: a verb that does not name it; each side of a
    coin flip that does not (None for one that does), as Estimate._flip finds it, nothing planned before; an If's
    branch taken, as Estimate._if takes it, and its own."""
    fixed: list[Any] = []
    for step, verb, branches in steps:
        if step == _SPLIT_FIXED:
            fixed.append(_WORTH[type(verb)](estimate, verb, blind))
        elif step == _SPLIT_FLIP:
            sides: list[float | None] = []
            for side in (verb.heads, verb.tails):
                if side and side[0].to is TARGETS:
                    sides.append(None)
                else:
                    estimate.planned = {}
                    sides.append(estimate.program(side, blind))
            fixed.append(sides)
        elif step == _SPLIT_IF:
            branch = branches[0] if estimate._holds(verb, blind) else branches[1]
            fixed.append((branch, _split_fixed(estimate, blind, branch)))
        else:
            fixed.append(None)
    return fixed


def _split_total(state: QQDNDState, source: Piece, target: Piece, me: int, steps: Split, fixed: list[Any],
                 decision: Decision) -> float:
    """The dry run of a split program on one target, added up verb by verb as Estimate.program adds them. The
    program's damage meets nothing planned before it: what it is worth is damage_value with nothing planned, as
    DamagePlan.worth finds it once a decision (`me` is the player to act)."""
    total = 0.0
    for (step, verb, _), worth in zip(steps, fixed, strict=True):
        if step == _SPLIT_FIXED:
            total += worth
        elif step == _SPLIT_DAMAGE:
            # The program's only damage: nothing planned before it.
            total += DamagePlan.worth(state, source, target, verb.n, decision)
        elif step == _SPLIT_REMOVE:
            # An undamaged target has nothing to remove: asked before whether its damage can be removed at all.
            if target.damage and state.damage_removable(target):
                removed = target.damage if target.damage < verb.n else verb.n  # min(verb.n, target.damage)
                total += (2.0 if target.controller == me else -POINT) * removed
        elif step == _SPLIT_FLIP:
            heads, tails = worth
            if heads is None:
                heads = 0.0 + DamagePlan.worth(state, source, target, verb.heads[0].n, decision)
            if tails is None:
                tails = 0.0 + DamagePlan.worth(state, source, target, verb.tails[0].n, decision)
            total += 0.5 * heads + 0.5 * tails
        elif step == _SPLIT_IF:
            total += _split_total(state, source, target, me, worth[0], worth[1], decision)
        elif step == _SPLIT_LEAVE:
            # As Estimate._leave_play weighs the one card.
            if target is source and ticks(target.d):
                total += 0.0 - CHARGE * max(0, min(BOOM_HORIZON, rounds_to_go(state) - 1))
            elif target.controller != me:
                total += 0.0 + guard_removed_worth(state, target, me)
            elif "noxspace" in target.d.statics:
                total += 0.0 + 5.0
            elif target is not source:
                total += 0.0 - 5.0
            else:
                total += 0.0
        else:
            # As Estimate._exhaust weighs the one card.
            total += -0.1 * (1 if target is not source and not target.exhausted else 0)
    return total


def _flip_side(side: Program) -> bool:
    """Whether a side of a coin flip is nothing, or a fixed damage to the target or to a random card."""
    if not side:
        return True
    if len(side) != 1 or type(side[0]) is not DealDamage:
        return False
    damage = side[0]
    return type(damage.n) is int and (damage.to is TARGETS or type(damage.to) is RandomOne)


def _names_targets(ref: object) -> bool:
    return ref is TARGETS or (isinstance(ref, CountersOn) and ref.ref is TARGETS)
