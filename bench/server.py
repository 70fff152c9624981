"""This project served by gunicorn on a free local port, for the benches that talk to it over HTTP.

    with gunicorn(env, workers=2, options=["--threads", "4"]) as port:
        ...  # http://127.0.0.1:{port}/

The server gets `env` as its whole environment and is stopped (SIGTERM) when the block ends.
"""
from __future__ import annotations

import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import IO

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_for(port: int, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.2)
    raise SystemExit("gunicorn did not start")


@contextmanager
def gunicorn(env: dict[str, str], workers: int, options: Sequence[str] = (),
             output: IO[bytes] | None = None, start_timeout: float = 30.0) -> Iterator[int]:
    """Serve config.wsgi with `workers` processes (and gunicorn `options`); yields the port.

    `output` takes the server's stdout and stderr (the terminal when None)."""
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "config.wsgi", "--bind", f"127.0.0.1:{port}",
         "--workers", str(workers), "--log-level", "warning", *options],
        cwd=ROOT, env=env, stdout=output, stderr=output,
    )
    try:
        wait_for(port, start_timeout)
        yield port
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=10)
