"""The project's documents name only files the repository has (issue: "`docs/contract.md` links
`guide/anchors.md`, which is not in the repository")."""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
# A Markdown link's target, or a path to a .md file written in the text ("docs/rules-notes.md").
LINK = re.compile(r"\]\(([^)#\s]+)")
MD_PATH = re.compile(r"(?<![\w/.:-])((?:[\w.-]+/)*[\w-]+\.md)\b")


def named_files(text: str) -> set[str]:
    links = {target for target in LINK.findall(text) if "://" not in target and not target.startswith("mailto:")}
    return links | set(MD_PATH.findall(text))


def test_every_file_a_document_names_is_in_the_repository() -> None:
    missing = {
        f"{document.relative_to(ROOT)}: {name}"
        for document in DOCUMENTS
        for name in named_files(document.read_text(encoding="utf-8"))
        if not (ROOT / name).exists() and not (document.parent / name).exists()
    }
    assert len(DOCUMENTS) >= 3 and missing == set()


def test_it_catches_a_link_to_a_missing_guide() -> None:
    """The check above would have caught the link the issue found."""
    names = named_files("See [the anchors](guide/anchors.md) and docs/contract.md.")
    assert names == {"guide/anchors.md", "docs/contract.md"}
    assert not (ROOT / "guide/anchors.md").exists()
