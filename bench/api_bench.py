"""Card API and deck validation under concurrent load, against a plain Django JSON view on the
same server.

Starts gunicorn on this project (DATABASE_URL as set; cards must be loaded), then sends a fixed
number of requests from several client threads with keep-alive connections, and prints
requests per second and latency percentiles for each URL. The validation request is the one the
deck builder sends as the player types (a full 56-card QQDND deck).

The card endpoints keep rendered pages in Django's cache (Redis when CACHE_URL or the broker is
Redis, else each process's memory; set CACHE_URL=locmem:// to compare), so their rows measure
the cached path after the warm-up; on PostgreSQL each worker knows the card data version without
a query (CARD_VERSION_WATCH=0 to read it on every request). "304" sends the list's ETag back in If-None-Match; the
autocomplete rows send the prefixes of a few card names and some misspellings, the uncached one
with a parameter the view ignores that is new with every request, so each misses the cache.

    .venv/bin/python bench/api_bench.py [--requests 3000] [--concurrency 16] [--workers 2]
"""
from __future__ import annotations

import argparse
import http.client
import json
import os
import secrets
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from itertools import count
from pathlib import Path
from urllib.parse import quote

ROOT = Path(__file__).resolve().parent.parent
SAMPLE_DECK = ROOT / "bench" / "decks" / "qqdnd.txt"
CARD_LIST = "/api/cards/?game=qqdnd"
# What a player types into a card-name box: every prefix of some names, and some misspellings.
TYPED_NAMES = ("Katana Lunge", "Eptol Noir", "Lotus Slash", "Mothdragon", "Shogun Armour", "Arm Up", "Spellstrike")
TYPOS = ("katna", "lotsu sl", "eptl", "mothdragn", "samuri", "sniprs", "shogn arm", "spelstrike")


@dataclass(frozen=True)
class Target:
    method: str
    paths: tuple[str, ...]  # sent in turn
    body: bytes | None = None
    headers: tuple[tuple[str, str], ...] = ()
    expect: int = 200  # any other status counts as an error
    # Add a parameter the view ignores, new with every request: each one misses the page cache.
    uncached: bool = False


# Unique across runs too: a Redis cache outlives the server.
_cache_busters = (f"{secrets.token_hex(4)}-{n}" for n in count())


def autocomplete_paths() -> tuple[str, ...]:
    texts = [name[:n] for name in TYPED_NAMES for n in range(1, len(name) + 1)] + list(TYPOS)
    return tuple(f"/api/cards/autocomplete/?game=qqdnd&q={quote(text)}" for text in texts)


def targets(port: int) -> dict[str, Target]:
    return {
        "plain Django JSON view": Target("GET", ("/healthz/",)),
        "card list, 50 cards": Target("GET", (CARD_LIST,)),
        "card search, q=type:resource ini>10": Target("GET", ("/api/cards/?game=qqdnd&q=type%3Aresource+ini%3E10",)),
        "card list, 304 (If-None-Match)": Target(
            "GET", (CARD_LIST,), headers=(("If-None-Match", etag_of(port, CARD_LIST)),), expect=304
        ),
        "autocomplete, typing (cached)": Target("GET", autocomplete_paths()),
        "autocomplete, uncached": Target("GET", autocomplete_paths(), uncached=True),
        "validate a 56-card QQDND deck": Target(
            "POST",
            ("/api/validate/",),
            json.dumps({"game": "qqdnd", "list": SAMPLE_DECK.read_text(encoding="utf-8")}).encode(),
            (("Content-Type", "application/json"),),
        ),
    }


def etag_of(port: int, path: str) -> str:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    conn.request("GET", path)
    response = conn.getresponse()
    response.read()
    conn.close()
    etag = response.getheader("ETag")
    if response.status != 200 or not etag:
        raise SystemExit(f"{path} answered {response.status} without an ETag")
    return etag


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_for(port: int, timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.2)
    raise SystemExit("gunicorn did not start")


def load(port: int, target: Target, total: int, concurrency: int) -> tuple[float, list[float], int]:
    headers = dict(target.headers)
    latencies: list[float] = []
    errors = 0
    lock = threading.Lock()
    remaining = [total]
    turn = count()

    def client() -> None:
        nonlocal errors
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        mine: list[float] = []
        bad = 0
        while True:
            with lock:
                if remaining[0] <= 0:
                    break
                remaining[0] -= 1
                path = target.paths[next(turn) % len(target.paths)]
                if target.uncached:
                    path += f"&nocache={next(_cache_busters)}"
            start = time.perf_counter()
            conn.request(target.method, path, body=target.body, headers=headers)
            response = conn.getresponse()
            response.read()
            mine.append(time.perf_counter() - start)
            if response.status != target.expect:
                bad += 1
        conn.close()
        with lock:
            latencies.extend(mine)
            errors += bad

    threads = [threading.Thread(target=client) for _ in range(concurrency)]
    began = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return time.perf_counter() - began, latencies, errors


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--requests", type=int, default=3000)
    parser.add_argument("--concurrency", type=int, default=16)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()

    port = free_port()
    env = {**os.environ, "SECRET_KEY": os.environ.get("SECRET_KEY", "bench-only"), "DEBUG": "0"}
    # Every request comes from one address: the API's throttles would answer most of them 429.
    env.setdefault("THROTTLE_ANON", "1000000/second")
    env.setdefault("THROTTLE_USER", "1000000/second")
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "config.wsgi", "--bind", f"127.0.0.1:{port}",
         "--workers", str(args.workers), "--worker-class", "gthread", "--threads", "4", "--log-level", "warning"],
        cwd=ROOT, env=env,
    )
    try:
        wait_for(port)
        db = os.environ.get("DATABASE_URL", "sqlite (default)").split("@")[-1]
        print(f"gunicorn: {args.workers} workers x 4 threads; database {db}; "
              f"{args.requests} requests per URL from {args.concurrency} client threads")
        print(f"{'request':40} {'req/s':>8} {'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8} {'errors':>7}")
        for label, target in targets(port).items():
            load(port, target, min(200, args.requests), args.concurrency)  # warm up
            elapsed, latencies, errors = load(port, target, args.requests, args.concurrency)
            q = statistics.quantiles(latencies, n=100)
            print(f"{label:40} {len(latencies) / elapsed:8.0f} {q[49] * 1000:8.1f} {q[94] * 1000:8.1f} "
                  f"{q[98] * 1000:8.1f} {errors:7d}")
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=10)


if __name__ == "__main__":
    main()
