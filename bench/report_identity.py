"""Checks that engine changes leave results unchanged: runs `python -m engine match` and
`python -m engine goldfish` with --json for the sample decks of The Condemned and Anguish over a few
seeds and either records the outputs (--save DIR) or compares them with a recorded set (--check DIR),
printing each case and whether it is byte-identical.

    .venv/bin/python bench/report_identity.py --save /tmp/before
    .venv/bin/python bench/report_identity.py --check /tmp/before
"""
from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DECKS = ROOT / "bench" / "decks"
SEEDS = (1, 7, 2026)
CASES = [
    ("condemned", "match", ["condemned.txt", "condemned-armor.txt"], 60),
    ("condemned", "match", ["condemned-ranged.txt", "condemned.txt"], 40),
    ("condemned", "goldfish", ["condemned.txt"], 60),
    ("anguish", "match", ["anguish.txt", "anguish-colossal.txt"], 60),
    ("anguish", "match", ["anguish-cosmic.txt", "anguish.txt"], 40),
    ("anguish", "goldfish", ["anguish.txt"], 60),
]


def run_case(game: str, command: str, decks: list[str], games: int, seed: int) -> bytes:
    args = [sys.executable, "-m", "engine", command, *(str(DECKS / deck) for deck in decks), "--game", game,
            "--games", str(games), "--seed", str(seed), "--json"]
    return subprocess.run(args, cwd=ROOT, check=True, capture_output=True).stdout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("--save", type=Path)
    mode.add_argument("--check", type=Path)
    args = parser.parse_args()
    differing = 0
    for game, command, decks, games in CASES:
        for seed in SEEDS:
            name = f"{command}-{'-vs-'.join(Path(d).stem for d in decks)}-{seed}.json"
            output = run_case(game, command, decks, games, seed)
            if args.save:
                args.save.mkdir(parents=True, exist_ok=True)
                (args.save / name).write_bytes(output)
                print(f"saved     {name}")
            else:
                same = (args.check / name).read_bytes() == output
                differing += not same
                print(f"{'identical' if same else 'DIFFERENT'} {name}")
    if args.check:
        print("all identical" if not differing else f"{differing} differ")
        sys.exit(1 if differing else 0)


if __name__ == "__main__":
    main()
