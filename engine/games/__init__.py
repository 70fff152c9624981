"""The registry of games: one line a game. Adding a game is a folder under engine/games/
with a cards.py that defines SCHEMA, plus one line here."""
from __future__ import annotations

from functools import cache
from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.schema import GameSchema

GAME_PACKAGES: dict[str, str] = {
    "qqdnd": "engine.games.qqdnd",
    "condemned": "engine.games.condemned",
    "anguish": "engine.games.anguish",
}


class UnknownGame(KeyError):
    def __str__(self) -> str:
        return f"unknown game {self.args[0]!r}; known games: {', '.join(GAME_PACKAGES)}"


def game_slugs() -> list[str]:
    return list(GAME_PACKAGES)


@cache
def game_schema(slug: str) -> GameSchema:
    """The card schema of a game, imported on first use."""
    if slug not in GAME_PACKAGES:
        raise UnknownGame(slug)
    module = import_module(f"{GAME_PACKAGES[slug]}.cards")
    schema: GameSchema = module.SCHEMA
    return schema
