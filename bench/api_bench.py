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
autocomplete rows send the prefixes of a few card names and some misspellings, the uncached ones
with a parameter the view ignores that is new with every request, so each misses the cache. The
"1 connection" rows are one player typing: one connection, each request sent when the answer to
the one before has come; their latency is what that player waits for a suggestion.

The client: `--client python` (the default) is a pool of Python threads, one keep-alive
connection each, sending a fixed number of requests (--requests); on a machine with few cores it
competes with the server for them, and its own time (well over a millisecond a request under
load) is part of every latency it reports. `--client wrk` sends them with wrk (Debian package
`wrk`; a C event loop on one or two threads that costs the server little), for --duration
seconds per row, with the same connections, URLs and headers; its latencies are closer to the
server's own. Each row of the table (request, req/s, p50, p95, p99, errors) means the same with
either client; errors are answers other than the expected status (200, or 304 for the 304 row)
and failed connections. The load average is printed before and after: figures taken while the
machine was busy with something else are not comparable with a quiet run.

    .venv/bin/python bench/api_bench.py [--client python|wrk] [--requests 3000] [--duration 10]
                                        [--concurrency 16] [--workers 2] [--worker-class gthread|sync]
                                        [--threads 4]
"""
from __future__ import annotations

import argparse
import http.client
import json
import os
import secrets
import shutil
import statistics
import subprocess
import tempfile
import threading
import time
from dataclasses import dataclass
from itertools import count
from pathlib import Path
from urllib.parse import quote

from server import gunicorn

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
    # Client connections for this row (None: --concurrency); 1 is one player typing.
    connections: int | None = None


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
        "autocomplete, typing, 1 connection": Target("GET", autocomplete_paths(), connections=1),
        "autocomplete, uncached, 1 connection": Target("GET", autocomplete_paths(), uncached=True, connections=1),
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


# One row with wrk: the URLs in turn (each thread its own turn), the expected status counted in Lua.
WRK_SCRIPT = """
local paths = {%(paths)s}
local method, body, expect, uncached, token = %(method)s, %(body)s, %(expect)d, %(uncached)s, %(token)s
local headers = {%(headers)s}
local threads, n = {}, 0
bad, tid = 0, 0  -- globals: what thread:get and thread:set reach
function setup(thread) table.insert(threads, thread); thread:set("tid", #threads) end
function request()
  n = n + 1
  local path = paths[(n %% #paths) + 1]
  if uncached then path = path .. "&nocache=" .. token .. "-" .. tid .. "-" .. n end
  return wrk.format(method, path, headers, body)
end
function response(status) if status ~= expect then bad = bad + 1 end end
function done(summary, latency)
  local wrong = summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout
  for _, thread in ipairs(threads) do wrong = wrong + thread:get("bad") end
  io.write(string.format("RESULT %%d %%f %%f %%f %%f %%d\\n", summary.requests, summary.duration / 1e6,
    latency:percentile(50) / 1e3, latency:percentile(95) / 1e3, latency:percentile(99) / 1e3, wrong))
end
"""


def lua_string(text: str) -> str:
    return "[==[" + text + "]==]"


Row = tuple[float, float, float, float, int]  # req/s, p50, p95, p99 (ms), errors


def wrk_row(port: int, target: Target, seconds: float, connections: int, script_dir: Path) -> Row:
    """req/s, p50, p95, p99 (ms) and errors of `seconds` of wrk on `target`."""
    script = script_dir / "row.lua"
    script.write_text(WRK_SCRIPT % {
        "paths": ", ".join(lua_string(p) for p in target.paths),
        "method": lua_string(target.method),
        "body": lua_string(target.body.decode()) if target.body is not None else "nil",
        "expect": target.expect,
        "uncached": "true" if target.uncached else "false",
        "token": lua_string(next(_cache_busters)),
        "headers": ", ".join(f"[ {lua_string(k)} ] = {lua_string(v)}" for k, v in target.headers),
    })
    threads = min(2, connections)
    out = subprocess.run(
        ["wrk", "-t", str(threads), "-c", str(connections), "-d", f"{seconds:g}s", "--timeout", "30s",
         "-s", str(script), f"http://127.0.0.1:{port}/"],
        capture_output=True, text=True,
    )
    if out.returncode != 0:
        raise SystemExit(f"wrk failed: {out.stderr or out.stdout}")
    line = next((line for line in out.stdout.splitlines() if line.startswith("RESULT ")), None)
    if line is None:
        raise SystemExit(f"wrk gave no result: {out.stdout}{out.stderr}")
    requests, elapsed, p50, p95, p99, errors = line.split()[1:]
    return int(requests) / float(elapsed), float(p50), float(p95), float(p99), int(errors)


def python_row(port: int, target: Target, total: int, connections: int) -> Row:
    load(port, target, min(200, total), connections)  # warm up
    elapsed, latencies, errors = load(port, target, total, connections)
    q = statistics.quantiles(latencies, n=100)
    return len(latencies) / elapsed, q[49] * 1000, q[94] * 1000, q[98] * 1000, errors


def load_average() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--requests", type=int, default=3000)
    parser.add_argument("--concurrency", type=int, default=16)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--worker-class", choices=("gthread", "sync"), default="gthread",
                        help="gunicorn's: sync workers take one request at a time and close each connection")
    parser.add_argument("--threads", type=int, default=4, help="threads per gthread worker")
    parser.add_argument("--client", choices=("python", "wrk"), default="python")
    parser.add_argument("--duration", type=float, default=10.0, help="seconds per row with --client wrk")
    args = parser.parse_args()
    if args.client == "wrk" and shutil.which("wrk") is None:
        raise SystemExit("--client wrk needs wrk on the PATH (Debian: apt-get install wrk)")

    env = {**os.environ, "SECRET_KEY": os.environ.get("SECRET_KEY", "bench-only"), "DEBUG": "0"}
    # Every request comes from one address: the API's throttles would answer most of them 429.
    env.setdefault("THROTTLE_ANON", "1000000/second")
    env.setdefault("THROTTLE_USER", "1000000/second")
    options = ["--worker-class", args.worker_class]
    if args.worker_class == "gthread":
        options += ["--threads", str(args.threads)]
    with gunicorn(env, args.workers, options, start_timeout=20) as port:
        db = os.environ.get("DATABASE_URL", "sqlite (default)").split("@")[-1]
        amount = (f"{args.requests} requests per URL from {args.concurrency} Python client threads"
                  if args.client == "python" else
                  f"wrk, {args.duration:g} s per URL over {args.concurrency} connections")
        threads = f" x {args.threads} threads" if args.worker_class == "gthread" else " (sync)"
        print(f"gunicorn: {args.workers} workers{threads}; database {db}; {amount}")
        print(f"load average before: {load_average()}")
        print(f"{'request':40} {'req/s':>8} {'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8} {'errors':>7}")
        with tempfile.TemporaryDirectory() as script_dir:
            for label, target in targets(port).items():
                connections = target.connections or args.concurrency
                if args.client == "wrk":
                    load(port, target, 200, connections)  # warm up
                    row = wrk_row(port, target, args.duration, connections, Path(script_dir))
                else:
                    row = python_row(port, target, args.requests, connections)
                rate, p50, p95, p99, errors = row
                print(f"{label:40} {rate:8.0f} {p50:8.1f} {p95:8.1f} {p99:8.1f} {errors:7d}", flush=True)
        print(f"load average after: {load_average()}")


if __name__ == "__main__":
    main()
