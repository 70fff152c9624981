"""Fixtures shared by the whole suite."""
from __future__ import annotations

import io
from pathlib import Path

import pytest
from django.core.management import call_command

ROOT = Path(__file__).resolve().parent.parent
FIXTURE_DIRS = [ROOT / "fixtures" / slug for slug in ("qqdnd", "condemned", "anguish")]


@pytest.fixture
def loaded_cards(db: None) -> None:
    """Every game's cards, loaded through the real loader command."""
    call_command("load_cards", *map(str, FIXTURE_DIRS), stdout=io.StringIO())
