"""Card definitions a QQDND game plays with, built once per Game from the deck's card records.

A CardDef is what the rules need to know about a card, read once: its traits (subtypes, classes,
ancestry), Life, Hand Value, Initiative and its Actions, each an ActionDef joining the printed
Initiative to the card's program from the effects table. States share these; only Pieces change.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Final

from engine.games.qqdnd.effects import CARD_EFFECTS, GRANTED_ACTIONS, TOKENS
from engine.games.qqdnd.filters import Filter, compile_filter
from engine.games.qqdnd.initiative import parse_initiative
from engine.games.qqdnd.verbs import Act, CardEffects, Mode, Program, TargetSpec, deals_damage
from engine.games.qqdnd.xvalue import XValue, read_x, unreadable_x

# Class subtypes a card can copy with Adapt's Imitation ("Add one class subtype belonging to any card
# in play"): the classes Party Members print, and the class words Resources carry as subtypes.
CLASS_WORDS: Final[frozenset[str]] = frozenset({
    "Alchemist", "Barbarian", "Bard", "Cleric", "Fighter", "Magus", "Paladin", "Psion", "Samurai",
    "Sorceror", "Taskshaper", "Wizard",
})

NO_EFFECTS: Final = CardEffects()
SETTLED_STATICS: Final = frozenset({"camp", "craft", "infernal"})


class ActionDef:
    """One Action: playing an Action Resource or a Permanent, or an Action a card performs."""

    __slots__ = ("uid", "name", "card_name", "low", "high", "targets", "modes", "program", "on_responded",
                 "rule", "usable", "nested", "requires", "x", "damaging", "copyable", "simple", "plain")

    def __init__(self, uid: int, name: str, card_name: str, printed: str, act: Act, *, copyable: bool = True,
                 x: XValue | None = None) -> None:
        initiative = parse_initiative(printed)
        self.uid = uid
        self.name = name
        self.card_name = card_name
        # "*" (Dimensional Wave) has no value of its own: it is played alongside another card. "X" has none
        # either until it is worked out, by `x`, as the Action is chosen.
        self.low: int | None = initiative.low
        self.high: int | None = initiative.high
        self.x = x
        if act.rule == "spread_shot" and self.high is not None:
            # "you may treat Spread Shot as if its Initiative is lower by up to 4"
            self.low = max(0, self.high - 4)
        self.targets: tuple[TargetSpec, ...] = act.targets
        self.modes: tuple[Mode, ...] = act.modes
        self.program: Program = act.do
        self.on_responded: Program = act.on_responded
        self.rule = act.rule
        self.usable = act.usable
        self.nested = act.nested
        # A card in play this filter must find (for the performer, the performing card) to perform it at all.
        self.requires: Filter | None = compile_filter(act.requires) if act.requires else None
        self.damaging = deals_damage(act.do) or any(deals_damage(m.do) for m in act.modes)
        self.copyable = copyable
        self.simple = False  # set by CardBook: one target at most, no modes, nothing nested, no Initiative rule
        # Performed at its printed Initiatives by any Able card that has it and nothing changing them: a number
        # or range, no Initiative rule, no cost to check, no "only if this card is Exhausted".
        self.plain = (self.low is not None and self.high is not None and self.rule is None and self.requires is None
                      and not self.usable)

    def __repr__(self) -> str:
        return f"<Action {self.name} ({self.low}-{self.high}) of {self.card_name}>"


class CardDef:
    __slots__ = ("name", "base_name", "is_party_member", "is_token", "category", "traits", "alignment", "evil",
                 "life", "hv", "unique", "effects", "actions", "play_action", "grants", "host_kind", "statics",
                 "play_rule", "is_attack", "is_spell_or_attack_action", "acts_while_exhausted", "all_plain", "settled",
                 "block")

    def __init__(self, record: Mapping[str, Any], effects: CardEffects, *, is_token: bool = False) -> None:
        attributes = record.get("attributes") or {}
        self.name: str = record["name"]
        self.base_name = self.name.split(",")[0].strip()
        self.is_party_member: bool = record["card_type"] == "party_member"
        self.is_token = is_token
        self.category: str | None = None if self.is_party_member else attributes.get("category", "Permanent")
        traits = set(record.get("subtypes") or ())
        traits.update(attributes.get("classes") or ())
        traits.update(attributes.get("ancestry") or ())
        self.traits: frozenset[str] = frozenset(traits)
        self.alignment: str | None = attributes.get("alignment")
        # "non-Evil": no E in the alignment tag, no "Evil" subtype.
        self.evil: bool = bool(self.alignment and self.alignment.endswith("E")) or "Evil" in self.traits
        self.life: int | None = attributes.get("life")
        self.hv: int = attributes.get("hv") or 0
        # "Party Members are unique by default."
        self.unique = self.is_party_member or bool(attributes.get("unique"))
        self.effects = effects
        self.actions: tuple[ActionDef, ...] = ()
        self.acts_while_exhausted = False  # one of its own Actions can be used while it is Exhausted
        self.all_plain = True  # every one of its own Actions is ActionDef.plain
        self.play_action: ActionDef | None = None
        self.grants: tuple[ActionDef, ...] = ()
        self.host_kind: str | None = effects.host_kind
        self.statics: frozenset[str] = effects.statics
        # A rule Board.settle checks after every Action (Sniper's Camp, Magical Tinkering, Infernal Regeneration).
        self.settled = bool(SETTLED_STATICS & self.statics)
        # "Equipped card has Block 1" / "Block 2": the Block it gives the card it is attached to (Board.block_of).
        self.block = ("block1" in self.statics) + 2 * ("block2" in self.statics)
        self.play_rule: str | None = effects.play_rule
        self.is_attack: bool = "Attack" in self.traits
        # Sniper's Camp: "you cannot play Attack or Spell Actions from your hand"
        self.is_spell_or_attack_action = self.category == "Action" and bool({"Attack", "Spell"} & self.traits)

    def __repr__(self) -> str:
        return f"<CardDef {self.name}>"


class CardBook:
    """Every CardDef and ActionDef of one game, with the ActionDefs numbered for moves to name."""

    def __init__(self) -> None:
        self.defs: dict[str, CardDef] = {}
        self.actions: list[ActionDef] = []
        self.class_names: frozenset[str] = CLASS_WORDS
        # Cards with no entry in the effects table (a newer set's): played, they do nothing, and a run says so.
        self.missing: set[str] = set()
        self._granted: dict[str, ActionDef] = {}
        # The names (before any comma) of the Unique cards: the Unique rule concerns only cards that share one.
        self.unique_names: set[str] = set()
        # Whether some card has a rule "at the start of each round" / "at the end of each round".
        self.round_start = False
        self.round_end = False

    def _action(self, name: str, card_name: str, printed: str, act: Act, *, copyable: bool = True,
                text: str = "") -> ActionDef:
        x = self._x(card_name, act, text) if parse_initiative(printed).kind == "x" else None
        action = ActionDef(len(self.actions), name, card_name, printed, act, copyable=copyable, x=x)
        action.simple = (not act.modes and act.nested is None and act.rule is None and len(act.targets) <= 1
                         and all(spec.high == 1 for spec in act.targets))
        self.actions.append(action)
        return action

    def _x(self, card_name: str, act: Act, text: str) -> XValue:
        """What X is for an Action printed with Initiative X: as the effects table defines it, else as its text
        does. A definition the engine cannot read makes X 0, and the card counts as one the engine does not
        play in full (a run says its plays had no effect)."""
        if act.x is not None:
            return act.x
        x = read_x(text)
        if x is None:
            self.missing.add(card_name)
            return unreadable_x
        return x

    def _granted_action(self, name: str, card_name: str, text: str = "") -> ActionDef:
        if name not in self._granted:
            act = GRANTED_ACTIONS[name]
            self._granted[name] = self._action(name, card_name, act.initiative or "0", act, text=text)
        return self._granted[name]

    def add(self, record: Mapping[str, Any], *, dummy: bool = False) -> CardDef:
        """The CardDef of a card record (once per name)."""
        name = record["name"]
        if name in self.defs:
            return self.defs[name]
        if not dummy and name not in CARD_EFFECTS:
            self.missing.add(name)
        effects = NO_EFFECTS if dummy else CARD_EFFECTS.get(name, NO_EFFECTS)
        d = CardDef(record, effects)
        self._build_actions(d, record, effects)
        self.defs[name] = d
        self._note_round_rules(effects)
        if d.unique:
            self.unique_names.add(d.base_name)
        if d.is_party_member:
            self.class_names = self.class_names | frozenset((record.get("attributes") or {}).get("classes") or ())
        return d

    def add_token(self, name: str) -> CardDef:
        if name in self.defs:
            return self.defs[name]
        token = TOKENS[name]
        record = {"name": name, "card_type": "resource", "subtypes": list(token.subtypes), "text": token.text,
                  "attributes": {"category": token.card_type, "life": token.life, "unique": False}}
        d = CardDef(record, token.effects, is_token=True)
        d.actions = tuple(self._action(action_name, name, act.initiative or "0", act, text=token.text)
                          for action_name, act in token.effects.actions.items())
        d.acts_while_exhausted = any("exhausted" in a.usable for a in d.actions)
        d.all_plain = all(a.plain for a in d.actions)
        self.defs[name] = d
        self._note_round_rules(token.effects)
        return d

    def _note_round_rules(self, effects: CardEffects) -> None:
        self.round_start = self.round_start or bool(effects.round_start)
        self.round_end = self.round_end or bool(effects.round_end)

    def _build_actions(self, d: CardDef, record: Mapping[str, Any], effects: CardEffects) -> None:
        attributes = record.get("attributes") or {}
        printed_actions = {a["name"]: a for a in attributes.get("actions") or ()}
        card_text = record.get("text") or ""
        own = []
        for action_name, act in effects.actions.items():
            printed = printed_actions.get(action_name)
            if printed is None:
                raise ValueError(f"{d.name} prints no Action named {action_name!r}")
            own.append(self._action(action_name, d.name, printed["initiative"], act, copyable=act.nested is None,
                                    text=printed.get("text") or card_text))
        d.actions = tuple(own)
        d.acts_while_exhausted = any("exhausted" in a.usable for a in own)
        d.all_plain = all(a.plain for a in own)
        if not d.is_party_member:
            printed = attributes.get("initiative", "*")
            act = effects.play or Act(targets=(effects.host,) if effects.host else ())
            # Playing a Permanent is an Action too, but there is nothing in it for Galatea to copy.
            d.play_action = self._action(d.name, d.name, printed, act, copyable=d.category == "Action",
                                         text=card_text)
            # Only a Unique Permanent can take a Dimensional Wave along.
            d.play_action.simple = d.play_action.simple and not (d.unique and d.category == "Permanent")
        d.grants = tuple(self._granted_action(name, d.name, card_text) for name in effects.grants)

    @property
    def statics_present(self) -> frozenset[str]:
        """The static rules some card of this game has: the board skips checks for the others."""
        return frozenset(static for d in self.defs.values() for static in d.statics)

    def add_all(self, records: Iterable[Mapping[str, Any]]) -> None:
        for record in records:
            self.add(record)
        for name in TOKENS:
            self.add_token(name)


def dummy_record(index: int, life: int = 6) -> dict[str, Any]:
    """A goldfish dummy Party Member: "Life 6 each, no actions, no effects, hand value 0"."""
    return {"name": f"Dummy Party Member {index}", "card_type": "party_member", "subtypes": [], "text": "",
            "attributes": {"alignment": None, "ancestry": [], "classes": [], "hv": 0, "life": life, "actions": []}}
