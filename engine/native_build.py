"""`python -m engine.native_build`: compile the games' engines with mypyc (Makefile: compile; see engine/native.py).
`python -m engine.native_build --if-stale` builds only when the build here cannot be used for the sources as they are
(Makefile: compile), and not again for sources whose build failed already (var/mypyc/failed.json).
`python -m engine.native_build --status` says how the engine runs here: compiled, or pure Python and why.

Builds the modules of engine.native.COMPILED, as one group, into extension modules beside their sources and then
writes the build record (the SHA-256 of every source of the engine as it was compiled). Any earlier build is
removed first, so a failed build leaves none: the engine then runs as pure Python. Exits 1 when it cannot build
(mypyc or a C compiler missing, or the build failing), having said why.
"""
from __future__ import annotations

import json
import os
import shutil
import sys
import sysconfig
import tempfile
from contextlib import redirect_stdout
from pathlib import Path

from engine.native import (
    BUILD_RECORD,
    COMPILED,
    GROUP,
    ROOT,
    build_problem,
    built_for,
    extension_paths,
    fingerprint,
    relative,
    source_path,
)

BUILD_DIR = ROOT / "var" / "mypyc"  # the C sources and objects (var/ is not in git)
FAILED = BUILD_DIR / "failed.json"  # the sources (and Python) of a build that failed: not tried again by --if-stale


def remove_build() -> None:
    BUILD_RECORD.unlink(missing_ok=True)
    for path in extension_paths():
        path.unlink()


def missing_tools() -> str | None:
    """Why the build cannot be tried here, or None."""
    try:
        import mypyc.build  # noqa: F401  (a part of mypy, a development dependency; it needs setuptools)
    except ImportError as error:
        return f"mypyc cannot be imported ({error}; it comes with mypy: pip install -e '.[dev]')"
    compiler = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()[0]  # as setuptools reads it
    if shutil.which(compiler) is None:
        return f"no C compiler ({compiler}) found"
    if not Path(sysconfig.get_paths()["include"], "Python.h").exists():
        return "the Python headers (Python.h) are not installed"
    return None


def build() -> None:
    from mypyc.build import mypycify
    from setuptools import setup

    BUILD_DIR.mkdir(parents=True, exist_ok=True)
    paths = [source_path(module).relative_to(ROOT).as_posix() for module in COMPILED]
    with tempfile.TemporaryDirectory(dir=BUILD_DIR) as temp, redirect_stdout(sys.stderr):
        extensions = mypycify(paths, opt_level="3", group_name=GROUP, target_dir=str(BUILD_DIR / "c"))
        setup(name="engine-compiled", ext_modules=extensions, script_args=[
            "--quiet", "build_ext", "--inplace", "--build-temp", temp, "--build-lib", temp,
            "--parallel", str(os.cpu_count() or 1)])


def failed_before(sources: dict[str, str]) -> bool:
    try:
        return json.loads(FAILED.read_text()) == {"python": built_for(), "sources": sources}
    except (OSError, ValueError):
        return False


def main(if_stale: bool = False) -> int:
    os.chdir(ROOT)  # mypycify takes paths from the project's root, and reads its mypy settings there
    if if_stale and build_problem() is None:
        return 0
    before = fingerprint()
    if if_stale and failed_before(before):
        print("The last build of these sources failed (var/compile.log); not tried again until they change.",
              file=sys.stderr)
        return 1
    why = missing_tools()
    if why:
        print(f"Not compiling the engine: {why}.", file=sys.stderr)
        return 1
    remove_build()
    FAILED.unlink(missing_ok=True)
    try:
        build()
    except (Exception, SystemExit) as error:  # setuptools ends a failed build with SystemExit
        remove_build()
        BUILD_DIR.mkdir(parents=True, exist_ok=True)
        FAILED.write_text(json.dumps({"python": built_for(), "sources": before}) + "\n")
        print(f"Compiling the engine failed: {error}", file=sys.stderr)
        return 1
    if fingerprint() != before:  # edited while it was being compiled: the build may mix old and new
        remove_build()
        print("The engine's sources changed during the build: run it again.", file=sys.stderr)
        return 1
    extensions = [relative(path) for path in extension_paths()]
    BUILD_RECORD.write_text(json.dumps({"modules": list(COMPILED), "python": built_for(), "extensions": extensions,
                                        "sources": before}, indent=1) + "\n")
    print(f"Compiled {len(COMPILED)} modules of the engine ({len(extensions)} extension modules).")
    return 0


if __name__ == "__main__":
    if sys.argv[1:] == ["--status"]:
        from engine.native import status

        print(status())
        sys.exit(0)
    sys.exit(main(if_stale=sys.argv[1:] == ["--if-stale"]))
