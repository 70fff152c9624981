"""Card API and deck validation under concurrent load, against a plain Django JSON view on the
same server.

Starts gunicorn on this project (DATABASE_URL as set; cards must be loaded), then sends a fixed
number of requests from several client threads with keep-alive connections, and prints
requests per second and latency percentiles for each URL. The validation request is the one the
deck builder sends as the player types (a full 56-card QQDND deck).

    .venv/bin/python bench/api_bench.py [--requests 3000] [--concurrency 16] [--workers 2]
"""
from __future__ import annotations

import argparse
import http.client
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SAMPLE_DECK = ROOT / "bench" / "decks" / "qqdnd.txt"
TARGETS: dict[str, tuple[str, str, bytes | None]] = {
    "plain Django JSON view": ("GET", "/healthz/", None),
    "card list, 50 cards": ("GET", "/api/cards/?game=qqdnd", None),
    "card search, q=type:resource ini>10": ("GET", "/api/cards/?game=qqdnd&q=type%3Aresource+ini%3E10", None),
    "validate a 56-card QQDND deck": (
        "POST",
        "/api/validate/",
        json.dumps({"game": "qqdnd", "list": SAMPLE_DECK.read_text(encoding="utf-8")}).encode(),
    ),
}


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


def load(
    port: int, target: tuple[str, str, bytes | None], total: int, concurrency: int
) -> tuple[float, list[float], int]:
    method, path, body = target
    headers = {"Content-Type": "application/json"} if body else {}
    latencies: list[float] = []
    errors = 0
    lock = threading.Lock()
    remaining = [total]

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
            start = time.perf_counter()
            conn.request(method, path, body=body, headers=headers)
            response = conn.getresponse()
            response.read()
            mine.append(time.perf_counter() - start)
            if response.status != 200:
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
        for label, target in TARGETS.items():
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
