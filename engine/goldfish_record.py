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
