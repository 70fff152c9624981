"""What one goldfish game reports (docs: goldfish rules). Each game's goldfish module returns one
GameRecord per game; engine/goldfish.py adds them up into the statistics of a run."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field


@dataclass(slots=True)
class GameRecord:
    end_turn: int  # the round (QQDND), turn (Condemned) or Hour (Anguish) the game ended in
    won: bool  # the goal was reached (opponent defeated / Lifeblood emptied) before the limit
    damage_by_turn: list[int] = field(default_factory=list)  # damage (or Lifeblood milled) dealt in each turn
    mulligans: int = 0
    first_turn_play: bool = False  # the deck's player had something to play on its first turn
    drawn: Counter[str] = field(default_factory=Counter)  # card name -> copies drawn
    played: Counter[str] = field(default_factory=Counter)  # card name -> copies played
    # Cards whose effect the engine treated as doing nothing (a run must say so, never hide it).
    no_effect: Counter[str] = field(default_factory=Counter)
    # Of the copies drawn and never played, those that never had a legal moment to be played while in
    # hand (no window at their Initiative or cost, nothing to equip onto, no target): dead by the
    # rules, not by the player's choice. Never more than drawn - played for a card.
    no_moment: Counter[str] = field(default_factory=Counter)
    # Damage (or Lifeblood milled) past what its target needed to be defeated, per turn as
    # damage_by_turn: dealt, but it counted for nothing. damage_by_turn holds only damage that counted.
    overkill_by_turn: list[int] = field(default_factory=list)
    # Rounds or turns ended by the engine's cap on actions (a rules loop that could go on for ever).
    capped: int = 0
