"""The compiled engines (engine/native.py): it says whether it runs compiled, and a build older than the
sources is never used in their place."""
from __future__ import annotations

import importlib.machinery
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from engine import native
from engine.games.qqdnd import heuristic


def test_it_says_whether_it_runs_compiled() -> None:
    use, reason = native.decide()
    assert native.is_compiled() == use
    assert native.status() == reason
    assert reason.startswith("compiled" if use else "pure Python")
    assert heuristic.__file__ is not None and heuristic.__file__.endswith(".py") != use


def test_the_build_covers_what_it_says() -> None:
    assert all(native.source_path(module).exists() for module in native.COMPILED)
    if native.is_compiled():
        built = {native.module_of(path) for path in native.extension_paths()}
        assert set(native.COMPILED) <= built


def test_attribute_names_reads_slots_with_the_bases() -> None:
    class Base:
        __slots__ = ("a",)

    class Derived(Base):
        __slots__ = ("b", "c")

    assert native.attribute_names(Derived) == ("b", "c", "a")


HEURISTIC = Path("engine/games/qqdnd/heuristic.py")
STATUS = "import engine.native as n, engine.games.qqdnd.heuristic as h; print(n.status()); print(h.__file__)"


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    """A copy of the engine's sources with a "build" of heuristic.py that cannot load (not an extension module
    at all) and a build record that matches the sources: an import that tries the build fails."""
    shutil.copytree(native.ENGINE, tmp_path / "engine",
                    ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd", "compiled.json"))
    fake = (tmp_path / HEURISTIC).with_suffix(importlib.machinery.EXTENSION_SUFFIXES[0])
    fake.write_bytes(b"not an extension module")
    record = "import json, engine.native as n; print(json.dumps({'modules': list(n.COMPILED), " \
             "'python': n.built_for(), 'extensions': [n.relative(p) for p in n.extension_paths()], " \
             "'sources': n.fingerprint()}))"
    (tmp_path / "engine/games/qqdnd/compiled.json").write_text(run(tmp_path, record).stdout)
    return tmp_path


def run(root: Path, code: str, **env: str) -> subprocess.CompletedProcess[str]:
    environ = {key: value for key, value in os.environ.items() if key != native.PURE_PYTHON_ENV}
    return subprocess.run([sys.executable, "-c", code], cwd=root, env={**environ, "PYTHONPATH": str(root), **env},
                          capture_output=True, text=True, timeout=60)


def test_a_build_that_matches_its_sources_is_used(copy: Path) -> None:
    ran = run(copy, STATUS)
    assert ran.returncode != 0 and "ImportError" in ran.stderr  # it tried the (fake) build


def test_a_build_older_than_a_source_is_not_used(copy: Path) -> None:
    with (copy / HEURISTIC).open("a") as source:
        source.write("\n# edited after the build\n")
    ran = run(copy, STATUS)
    assert ran.returncode == 0, ran.stderr
    status, path = ran.stdout.splitlines()
    assert status == f"pure Python (the compiled build does not match {HEURISTIC.as_posix()}: make compile)"
    assert path.endswith(HEURISTIC.as_posix())
    assert ran.stderr.count("runs as pure Python") == 1


def test_an_extension_module_the_build_did_not_make_is_not_used(copy: Path) -> None:
    stray = (copy / "engine/games/qqdnd/choices.py").with_suffix(importlib.machinery.EXTENSION_SUFFIXES[0])
    stray.write_bytes(b"left by an older build")
    (copy / HEURISTIC).with_suffix(importlib.machinery.EXTENSION_SUFFIXES[0]).unlink()
    ran = run(copy, STATUS + "; import engine.games.qqdnd.choices as c; print(c.__file__)")
    assert ran.returncode == 0, ran.stderr
    assert ran.stdout.splitlines()[0].startswith("pure Python (the compiled build does not match")
    assert ran.stdout.splitlines()[2].endswith("choices.py")


def test_pure_python_can_be_asked_for(copy: Path) -> None:
    ran = run(copy, STATUS, **{native.PURE_PYTHON_ENV: "1"})
    assert ran.returncode == 0, ran.stderr
    assert ran.stdout.splitlines()[0] == f"pure Python ({native.PURE_PYTHON_ENV} is set)"
    assert "runs as pure Python" not in ran.stderr


def test_a_build_for_another_python_is_not_used(copy: Path) -> None:
    record_path = copy / "engine/games/qqdnd/compiled.json"
    record = json.loads(record_path.read_text())
    record["python"] = ".cpython-399-x86_64-linux-gnu.so"
    record_path.write_text(json.dumps(record))
    ran = run(copy, STATUS)
    assert ran.returncode == 0, ran.stderr
    assert ran.stdout.splitlines()[0] == ("pure Python (the compiled modules were built for another Python"
                                          " (cpython-399-x86_64-linux-gnu.so): make compile)")


def test_an_editors_lock_file_beside_the_sources_changes_nothing(copy: Path) -> None:
    """Emacs keeps `.#heuristic.py`, a link to nowhere, beside a file being edited: not a source of the engine."""
    (copy / HEURISTIC).with_name(".#heuristic.py").symlink_to("nobody@host.1234:1700000000")
    ran = run(copy, STATUS)
    assert ran.returncode != 0 and "ImportError" in ran.stderr  # still the (fake) build, as it matches the sources
