"""The games' engines (QQDND, The Condemned, Anguish) compiled ahead of time with mypyc, or run as pure Python.

`make compile` (run by `make setup`; engine/native_build.py) builds the modules in COMPILED into extension
modules beside their sources (`heuristic.cpython-311-x86_64-linux-gnu.so`..., not in git) and writes BUILD_RECORD:
the SHA-256 of every source of the engine at build time, and the Python it was built for. Python imports such an
extension module in place of the .py beside it. So that an edited source is never shadowed by a build of an older
one, `install()` (run as the engine package is imported) lets it do so only while every source of the engine still
matches the record; otherwise it imports all of COMPILED from their sources, and says so once. The modules are built
as one group that calls itself directly, hence all of them or none. CARDTABLE_PURE_PYTHON=1 imports them from
source too.

Both ways play byte-identical games (bench/record_digest.py, bench/matchup_digest.py); the compiled one is faster.
"""
from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import json
import os
import sys
import warnings
from collections.abc import Callable, Sequence
from importlib.abc import MetaPathFinder
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, TypeVar

T = TypeVar("T")

if TYPE_CHECKING:
    # How a compiled module marks a class (allow_interpreted_subclasses=True: one that tests subclass), read by the
    # compiler only.
    from mypy_extensions import mypyc_attr
else:
    def mypyc_attr(*attrs: object, **named: object) -> Callable[[T], T]:
        """mypy_extensions.mypyc_attr, which comes with mypy (needed to compile, not to run): a mark for the
        compiler, which leaves the class as it is."""
        return lambda cls: cls

ENGINE = Path(__file__).resolve().parent
ROOT = ENGINE.parent
# The modules compiled, as one group. Left out, as plain Python: of QQDND, copies.py (it copies a state by its
# attributes' names, through getattr and setattr) and containers.py (subclasses of dict, list and set, which a compiled
# class cannot be); of Anguish, worth.py (tests stand in for its WorthTable with other objects, which compiled code that
# takes a WorthTable rejects). A compiled class is made only through its __init__ (Cls.__new__(Cls) runs it too): the
# states' clones and their parts' copies are made so. Scenario tests subclass QQDND's Choosers, compiled to allow it.
COMPILED = tuple(f"engine.games.qqdnd.{name}" for name in (
    "alignment", "board", "carddefs", "cards", "choices", "effects", "filters", "flow", "heuristic", "initiative",
    "pieces", "players", "restrictions", "rules", "sections", "state", "stats", "terms", "verbs", "xvalue",
)) + tuple(f"engine.games.condemned.{name}" for name in (
    "cards", "damage", "effects", "equipment", "heuristic", "loadout", "modifiers", "opening", "players",
    "position", "rules", "specs", "state", "stats",
)) + tuple(f"engine.games.anguish.{name}" for name in (
    "actions", "cards", "combat", "effects", "heuristic", "players", "profiles", "record", "rules", "seat", "state",
    "stats",
)) + ("engine.shuffling",)  # the three games' shuffle
GROUP = "engine.games.qqdnd.compiled"  # the group's shared library (all three games): compiled__mypyc.<suffix> there
BUILD_RECORD = ENGINE / "games" / "qqdnd" / "compiled.json"
PURE_PYTHON_ENV = "CARDTABLE_PURE_PYTHON"


def source_path(module: str) -> Path:
    return ROOT.joinpath(*module.split(".")).with_suffix(".py")


def extension_paths() -> list[Path]:
    """Every extension module in the engine's directories (those of a build, and any left from an older one, for
    this Python or another)."""
    return sorted({path for suffix in importlib.machinery.EXTENSION_SUFFIXES for path in ENGINE.rglob("*" + suffix)})


def built_for() -> str:
    """The extension suffix of this Python (`.cpython-311-x86_64-linux-gnu.so`): a build made by another Python,
    whose files this one would not import, is not this one's."""
    return importlib.machinery.EXTENSION_SUFFIXES[0]


def module_of(extension: Path) -> str:
    name = extension.name.split(".")[0]
    return ".".join((*extension.parent.relative_to(ROOT).parts, name))


def relative(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def engine_sources() -> list[Path]:
    """The engine's source files: regular files named *.py, not an editor's hidden lock or backup files (`.#x.py`,
    which may be links to nowhere)."""
    return sorted(path for path in ENGINE.rglob("*.py") if not path.name.startswith(".") and path.is_file())


def fingerprint() -> dict[str, str]:
    """The SHA-256 of every source of the engine (a build may depend on any: mypyc reads the types of what the
    compiled modules import), by path from the project's root; a file that cannot be read counts as changed."""
    found = {}
    for path in engine_sources():
        try:
            found[relative(path)] = hashlib.sha256(path.read_bytes()).hexdigest()
        except OSError as error:
            found[relative(path)] = f"unreadable: {error}"
    return found


def stale_files(record: Path = BUILD_RECORD) -> list[str] | None:
    """The sources changed, added or removed since the build, and the extension modules that are not those it
    built; None when there is no readable build record."""
    try:
        written = json.loads(record.read_text())
        built, extensions = dict(written["sources"]), set(written["extensions"])
    except (OSError, ValueError, KeyError, TypeError):
        return None
    now = fingerprint()
    changed = {path for path in built.keys() | now.keys() if built.get(path) != now.get(path)}
    return sorted(changed | (extensions ^ {relative(path) for path in extension_paths()}))


def build_problem() -> str | None:
    """Why the compiled build here cannot be used for the engine's sources as they are, or None when it can."""
    if not extension_paths():
        return "not compiled"
    try:
        python = json.loads(BUILD_RECORD.read_text()).get("python")
    except (OSError, ValueError, AttributeError):
        python = None
    stale = stale_files()
    if stale is None or python is None:
        return f"the compiled modules have no build record {BUILD_RECORD.name}"
    if python != built_for():
        return f"the compiled modules were built for another Python ({python.strip('.')})"
    if stale:
        shown = ", ".join(stale[:3]) + (f" and {len(stale) - 3} more" if len(stale) > 3 else "")
        return f"the compiled build does not match {shown}"
    return None


def decide() -> tuple[bool, str]:
    """(whether to import the compiled modules, why)."""
    if os.environ.get(PURE_PYTHON_ENV, "") not in ("", "0"):
        return False, f"pure Python ({PURE_PYTHON_ENV} is set)"
    problem = build_problem()
    if problem:
        return False, f"pure Python ({problem}: make compile)"
    return True, f"compiled ({len(COMPILED)} modules)"


class _FromSource(MetaPathFinder):
    """Imports the engine's modules that have an extension module beside them from their .py files."""

    def __init__(self) -> None:
        self.modules: frozenset[str] = frozenset()

    def find_spec(self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None,
                  ) -> ModuleSpec | None:
        if fullname not in self.modules:
            return None
        return importlib.util.spec_from_file_location(fullname, source_path(fullname))


_FINDER = _FromSource()
_reason = "pure Python (engine.native.install() not run)"


def install() -> None:
    """Chooses, once, between the compiled modules and their sources, before any of them is imported."""
    global _reason
    if _FINDER in sys.meta_path:
        return
    use, _reason = decide()
    if not use:
        modules = {module_of(path) for path in extension_paths()} | set(COMPILED)
        _FINDER.modules = frozenset(module for module in modules if source_path(module).exists())
        sys.meta_path.insert(0, _FINDER)
        if extension_paths() and os.environ.get(PURE_PYTHON_ENV, "") in ("", "0"):
            warnings.warn(f"The engine runs as {_reason}.", RuntimeWarning, stacklevel=2)


def is_compiled() -> bool:
    """Whether the engine's modules were imported compiled (it imports one to find out)."""
    module = importlib.import_module(COMPILED[0])
    return not (module.__file__ or "").endswith(".py")


def status() -> str:
    """How the engine runs, in words: "compiled (47 modules)" or "pure Python (why)"."""
    return _reason if is_compiled() == _reason.startswith("compiled") else f"unexpected: {_reason}"


def attribute_names(cls: type) -> tuple[str, ...]:
    """The instance attributes a class with __slots__ declares, with its bases'; when compiled (which keeps no
    __slots__) those mypyc lists in __mypyc_attrs__."""
    compiled = getattr(cls, "__mypyc_attrs__", None)
    if compiled is not None:
        return tuple(name for name in compiled if name != "__dict__")
    return tuple(slot for base in cls.__mro__ for slot in getattr(base, "__slots__", ()))
