"""Are matchup results unchanged? A digest of run_matchup's stats for every pairing of the sample decks.

For each game (or one), plays every sample deck (bench/decks/<game>.txt and <game>-*.txt) against every
other and itself with run_matchup, games 0 .. N-1 seeded `seed`, once in one call and once in two slices
merged (the two must agree), and hashes the stats (MatchupStats.to_dict as sorted JSON). `--save` writes
the digests to a file; `--check` plays again and names every pairing whose stats differ from the file's
(exit status 1), so a change meant only to be faster can be shown to give identical matchups.

    .venv/bin/python bench/matchup_digest.py --save /tmp/matchups.json [--games 200] [--game condemned]
    .venv/bin/python bench/matchup_digest.py --check /tmp/matchups.json   (plays what the file holds)
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from matchup_engine_bench import sample_decks  # noqa: E402
from record_digest import digest_settings, finish  # noqa: E402

from engine.deck import ResolvedDeck  # noqa: E402
from engine.games import GAME_PACKAGES  # noqa: E402
from engine.matchup import run_matchup  # noqa: E402


def digest(game: str, pairing: str, deck_a: ResolvedDeck, deck_b: ResolvedDeck, games: int, seed: int) -> str:
    whole = run_matchup(game, deck_a, deck_b, games, seed)
    sliced = run_matchup(game, deck_a, deck_b, games // 2, seed)
    sliced.merge(run_matchup(game, deck_a, deck_b, games - games // 2, seed, games // 2))
    if sliced.to_dict() != whole.to_dict():
        raise SystemExit(f"{pairing}: two slices merged differ from one call")
    return hashlib.sha256(json.dumps(whole.to_dict(), sort_keys=True).encode()).hexdigest()


def main() -> None:
    save, kept, settings = digest_settings(__doc__.split("\n\n")[0], default_games=200, default_seed=7)
    found: dict[str, str] = {}
    for game in GAME_PACKAGES:
        if settings["only"] not in (None, game):
            continue
        decks = sample_decks(game)
        for name_a, deck_a in decks:
            for name_b, deck_b in decks:
                key = f"{name_a} vs {name_b}"
                found[key] = digest(game, key, deck_a, deck_b, settings["games"], settings["seed"])
                same = "" if kept is None else ("same" if kept["digests"].get(key) == found[key] else "DIFFERENT")
                print(f"{key:<48} {found[key][:16]} {same}", flush=True)
    finish(save, settings, found, kept, "pairings give identical stats")


if __name__ == "__main__":
    main()
