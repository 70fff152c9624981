"""Template helpers of the run pages."""
from __future__ import annotations

from django import template

from decks.simulations.presentation import opponent_words
from engine.play.kits import goldfish_opponents

register = template.Library()


@register.simple_tag
def opponent_choices(game_slug: str) -> list[tuple[str, str, str]]:
    """(value, name, description) of each goldfish opponent of a game, the default first."""
    return [(name, *opponent_words(game_slug, name)) for name in goldfish_opponents(game_slug)]
