"""Which deck lists a bench's gauntlet plays a game's sample deck against (no database needed): the
game's other sample decks (bench/decks/<game>-*.txt, sorted), then bench/gauntlet/<game>-*.txt
(sorted), the first OPPONENTS of them that play distinct decks (the same cards under another name
count once, and the sample deck's own cards not at all)."""
from __future__ import annotations

from collections.abc import Callable, Hashable
from pathlib import Path

BENCH = Path(__file__).resolve().parent
DECKS = BENCH / "decks"
# More deck lists for the gauntlet, beyond the sample decks (which are also other benches' and the
# site's sample set, so they stay as they are).
GAUNTLET = BENCH / "gauntlet"
OPPONENTS = 10


def sample_decks(game: str) -> list[Path]:
    """The game's sample deck first, then its other sample decks."""
    return [DECKS / f"{game}.txt", *sorted(DECKS.glob(f"{game}-*.txt"))]


def opponent_lists(game: str) -> list[Path]:
    """Every list the gauntlet may draw its opponents from: the other sample decks, then the
    gauntlet's own lists."""
    return [*sample_decks(game)[1:], *sorted(GAUNTLET.glob(f"{game}-*.txt"))]


def distinct_opponents(game: str, contents_of: Callable[[Path], Hashable], sample: Hashable) -> list[Path]:
    """The first OPPONENTS lists of opponent_lists whose contents (`contents_of` a list, as a deck's
    contents()) differ from each other's and from the sample deck's `sample`; fewer if there are not
    that many."""
    seen = {sample}
    chosen: list[Path] = []
    for path in opponent_lists(game):
        key = contents_of(path)
        if key not in seen:
            seen.add(key)
            chosen.append(path)
            if len(chosen) == OPPONENTS:
                break
    return chosen
