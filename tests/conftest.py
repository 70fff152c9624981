"""Fixtures shared by the whole suite."""
from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache
from django.core.management import call_command

ROOT = Path(__file__).resolve().parent.parent
FIXTURE_DIRS = [ROOT / "fixtures" / slug for slug in ("qqdnd", "condemned", "anguish")]
PASSWORD = "a long test password"


@pytest.fixture(autouse=True)
def _empty_cache() -> None:
    """Throttle counters start from nothing in every test."""
    cache.clear()


@pytest.fixture
def loaded_cards(db: None) -> None:
    """Every game's cards, loaded through the real loader command."""
    call_command("load_cards", *map(str, FIXTURE_DIRS), stdout=io.StringIO())


# The cast of users: Ann owns the decks under test, Bob is any other signed-in player.
@pytest.fixture
def ann(django_user_model: Any) -> User:
    user: User = django_user_model.objects.create_user("ann", password=PASSWORD)
    return user


@pytest.fixture
def bob(django_user_model: Any) -> User:
    user: User = django_user_model.objects.create_user("bob", password=PASSWORD)
    return user
