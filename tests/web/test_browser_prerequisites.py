"""A newcomer's `make test` without Chromium (issue: "`make test` must install what it needs: Debian's
chromium when run as root with apt, otherwise stop with a clear message naming the command to run"):
without root it stops before running anything and names the command; the browser tests, run directly
without Chromium, fail with the same advice instead of a stack trace."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
AXE = "tests/browser/node_modules/axe-core/axe.min.js"
MISSING = "/nonexistent/chromium"


def test_make_test_without_chromium_and_without_root_names_the_command_to_run(tmp_path: Path) -> None:
    make = shutil.which("make")
    assert make is not None, "make is needed to run `make test`"
    # Not root, whoever runs the suite: an `id` that answers an ordinary user's id comes first on PATH.
    fake_bin = tmp_path / "bin"
    fake_bin.mkdir()
    (fake_bin / "id").write_text("#!/bin/sh\necho 1000\n", encoding="utf-8")
    (fake_bin / "id").chmod(0o755)
    env = {**os.environ, "PATH": f"{fake_bin}:{os.environ['PATH']}"}
    # -o: axe-core counts as present; this is about Chromium.
    done = subprocess.run(
        [make, "-s", "-o", AXE, "browser-deps", f"CHROMIUM={MISSING}"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=60,
    )
    assert done.returncode != 0
    assert f"The browser tests need Chromium at {MISSING}" in done.stderr
    assert "sudo apt-get install chromium" in done.stderr
    assert "Installing Chromium" not in done.stdout


def test_a_browser_test_without_chromium_fails_with_the_advice(tmp_path: Path) -> None:
    env = {key: value for key, value in os.environ.items() if key != "DATABASE_URL"}  # its own SQLite database
    env["CHROMIUM"] = MISSING
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
         "tests/browser/test_content_security_policy.py::test_an_inline_script_is_blocked"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=300,
    )
    assert done.returncode == 1, done.stdout[-2000:]
    assert f"The browser tests need Chromium at {MISSING}" in done.stdout
    assert "sudo apt-get install chromium" in done.stdout
