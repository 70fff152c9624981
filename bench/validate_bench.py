"""Time deck validation, pure engine: `.venv/bin/python bench/validate_bench.py [-n 2000]`.

Validates full QQDND deck lists (the 52-card legal and illegal lists of the test suite) against the
core set, with the card index built once as the web side keeps it, and prints the mean and 95th
percentile per validation in microseconds. Two more rows show the costs around it: building the
index on every call, and a list of 500 lines of names that match no card (the worst a caller can
send, since each unknown name is compared with every card name to suggest the closest).

The last row is the hostile list of the hardening work: about 16 KB, 500 lines of "999 <Party
Member>" cycling through every Party Member of the set (close to half a million Party Members).
Before the party size was capped ahead of the section check, it took 13-30 s and answered 8.5 MB;
the row prints its time and the size of its JSON answer.
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.games import game_schema  # noqa: E402
from engine.validation import CardIndex, validate_decklist  # noqa: E402

# The hostile list's shape; tests/web/test_hardening_validate.py sends the same one to the API.
HOSTILE_LINES = 500
HOSTILE_COPIES = 999


def hostile_party_list(records: list[dict[str, object]]) -> str:
    """A "Side:" header, "Party:", then 999 copies of each Party Member in turn up to 500 lines."""
    members = [str(r["name"]) for r in records if r["card_type"] == "party_member"]
    cards = [f"{HOSTILE_COPIES} {members[i % len(members)]}" for i in range(HOSTILE_LINES - 2)]
    return "\n".join(["Side: Good", "Party:", *cards])

DECKS = ROOT / "tests" / "engine" / "decks" / "qqdnd"


def timings(run: Callable[[], object], repeat: int) -> list[float]:
    for _ in range(min(repeat, 50)):  # warm caches and the interpreter first
        run()
    samples = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        samples.append((time.perf_counter() - start) * 1e6)
    return samples


def report(label: str, samples: list[float]) -> None:
    p95 = statistics.quantiles(samples, n=100)[94]
    print(f"{label:<46} mean {statistics.fmean(samples):9.1f} us   p95 {p95:9.1f} us   (n={len(samples)})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=2000, help="validations per row (default 2000)")
    repeat = parser.parse_args().n

    schema = game_schema("qqdnd")
    fixture = json.loads((ROOT / "fixtures" / "qqdnd" / "core.json").read_text())
    records = [schema.prepare(card) for card in fixture["cards"]]
    index = CardIndex("qqdnd", records)
    legal = (DECKS / "legal_samurai_good.txt").read_text()
    illegal = (DECKS / "illegal_resmi_short.txt").read_text()
    unknown = "\n".join(f"1 Unheard Of Card Number {n}" for n in range(500))

    assert validate_decklist("qqdnd", legal, index).legal
    assert not validate_decklist("qqdnd", illegal, index).legal

    report("legal deck, 56 cards (index kept)", timings(lambda: validate_decklist("qqdnd", legal, index), repeat))
    report("illegal deck, 56 cards (index kept)", timings(lambda: validate_decklist("qqdnd", illegal, index), repeat))
    report("legal deck, index built per call", timings(lambda: validate_decklist("qqdnd", legal, records), repeat))
    report("500 unknown names (index kept)",
           timings(lambda: validate_decklist("qqdnd", unknown, index), max(repeat // 100, 20)))
    hostile = hostile_party_list(records)
    answer = json.dumps(validate_decklist("qqdnd", hostile, index).as_dict())
    report(f"{len(hostile) / 1000:.1f} KB: 999 x each Party Member, 500 lines",
           timings(lambda: validate_decklist("qqdnd", hostile, index), max(repeat // 20, 20)))
    print(f"{'':<46} answer {len(answer):,} bytes of JSON")


if __name__ == "__main__":
    main()
