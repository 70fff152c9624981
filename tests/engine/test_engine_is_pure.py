"""engine/ is pure Python: the rules run the same in a web request, a worker or a script, so no
module of it may import the web framework, the task queue or the project's Django apps."""
from __future__ import annotations

import ast
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "engine"
FORBIDDEN = frozenset({"django", "rest_framework", "celery", "cardsdb", "decks"})


def imported_packages(tree: ast.AST) -> set[str]:
    """The top-level package of every import in a module (relative imports stay inside engine/)."""
    packages: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            packages.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            packages.add(node.module.split(".")[0])
    return packages


def test_it_finds_the_imports_it_looks_for() -> None:
    tree = ast.parse("import django.db\nfrom rest_framework import serializers\nfrom . import core\n"
                     "def f():\n    import celery.app\n")

    assert imported_packages(tree) == {"django", "rest_framework", "celery"}


def test_it_imports_no_django_rest_framework_celery_or_project_apps() -> None:
    modules = sorted(ENGINE.rglob("*.py"))
    assert ENGINE / "core.py" in modules  # the walk really reads the engine

    offenders = {
        str(path.relative_to(ENGINE.parent)): sorted(imported_packages(ast.parse(path.read_text())) & FORBIDDEN)
        for path in modules
    }
    assert {path: found for path, found in offenders.items() if found} == {}
