"""Are goldfish game records unchanged? A digest of every game's record, deck by deck, to keep and compare.

For each deck under bench/decks/ (or one game's), plays games 0 .. N-1 of the run seeded `seed` with the
heuristic player against each goldfish opponent of the game, exactly as engine/goldfish.py plays them, and
hashes each game's GameRecord (every field, counters in name order). `--save` writes the digests to a file;
`--check` plays again and names every deck whose records differ from the file's (exit status 1), so a change
meant only to be faster can be shown to play byte-identical games.

    .venv/bin/python bench/record_digest.py --save /tmp/before.json [--games 500] [--game qqdnd]
    .venv/bin/python bench/record_digest.py --check /tmp/before.json
"""
from __future__ import annotations

import argparse
import hashlib
import json
import sys
from collections import Counter
from dataclasses import fields
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.cli import load_cards, resolved_deck  # noqa: E402
from engine.core import PLAYER, game_stream  # noqa: E402
from engine.games import GAME_PACKAGES  # noqa: E402
from engine.goldfish import in_canonical_order  # noqa: E402
from engine.goldfish_record import GameRecord  # noqa: E402
from engine.play.kits import game_kit  # noqa: E402
from engine.play.match import play_out  # noqa: E402
from engine.players.base import restart_seats  # noqa: E402
from engine.validation import CardIndex  # noqa: E402

DECKS = ROOT / "bench" / "decks"


def record_bytes(record: GameRecord) -> bytes:
    """Every field of the record, in a fixed order (counters sorted by name)."""
    parts = []
    for each in fields(record):
        value = getattr(record, each.name)
        if isinstance(value, Counter):
            value = sorted(value.items())
        parts.append(f"{each.name}={value!r}")
    return ";".join(parts).encode()


def digest(game: str, path: Path, opponent: str, games: int, seed: int) -> str:
    kit = game_kit(game)
    deck = resolved_deck(game, path.read_text(encoding="utf-8"), CardIndex(game, load_cards(game)))
    board = kit.goldfish_game(in_canonical_order(deck), opponent)
    players = [kit.heuristic(), kit.goldfish_opponent(opponent)]
    hashed = hashlib.sha256()
    for index in range(games):
        state = board.new_initial_state(game_stream(seed, index))
        restart_seats(state, players, seed, index)
        play_out(state, players)
        hashed.update(record_bytes(kit.record(state, PLAYER)))
    return hashed.hexdigest()


def digest_settings(description: str, default_games: int, default_seed: int
                    ) -> tuple[Path | None, dict[str, Any] | None, dict[str, Any]]:
    """The digest scripts' command line: where to save, or the kept file to check against, and the
    settings to play (games, seed, only: one game or None). A check plays what the kept file holds."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--games", type=int, default=default_games)
    parser.add_argument("--seed", type=int, default=default_seed)
    parser.add_argument("--game", choices=list(GAME_PACKAGES))
    action = parser.add_mutually_exclusive_group(required=True)
    action.add_argument("--save", type=Path)
    action.add_argument("--check", type=Path)
    args = parser.parse_args()
    kept = json.loads(args.check.read_text()) if args.check else None
    if kept:
        return None, kept, {"games": kept["games"], "seed": kept["seed"], "only": kept.get("only")}
    return args.save, None, {"games": args.games, "seed": args.seed, "only": args.game}


def main() -> None:
    save, kept, settings = digest_settings(__doc__.split("\n\n")[0], default_games=500, default_seed=1)
    found: dict[str, str] = {}
    for game in GAME_PACKAGES:
        if settings["only"] not in (None, game):
            continue
        for path in sorted(DECKS.glob(f"{game}*.txt")):
            if path.stem != game and not path.stem.startswith(f"{game}-"):
                continue
            for opponent in game_kit(game).opponents:
                key = f"{path.stem} vs {opponent}"
                found[key] = digest(game, path, opponent, settings["games"], settings["seed"])
                same = "" if kept is None else ("same" if kept["digests"].get(key) == found[key] else "DIFFERENT")
                print(f"{key:<40} {found[key][:16]} {same}")
    finish(save, settings, found, kept, "decks play byte-identical records")


def finish(save: Path | None, settings: dict[str, Any], found: dict[str, str], kept: dict[str, Any] | None,
           identical: str) -> None:
    """Write the digests with the settings that made them to `save`, or compare them with the `kept`
    file's and exit 1 when any differs (the digest scripts' --save and --check)."""
    if save:
        save.write_text(json.dumps({**settings, "digests": found}, indent=1))
        print(f"{len(found)} digests ({settings}) saved to {save}")
        return
    assert kept is not None
    changed = [key for key, value in found.items() if kept["digests"].get(key) != value]
    print(f"{len(found) - len(changed)} of {len(found)} {identical}"
          + (f"; changed: {', '.join(changed)}" if changed else ""))
    sys.exit(1 if changed else 0)


if __name__ == "__main__":
    main()
