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


@pytest.fixture(autouse=True)
def _no_pending_views(request: pytest.FixtureRequest) -> None:
    """Deck page views counted in Redis and not yet written start from none in every test that has a
    database: ids come round again (SQLite's after each rollback, any after --create-db), and a view
    counted for an earlier test's deck would be written to this test's deck of the same id."""
    if not {"db", "transactional_db"} & set(request.fixturenames):
        return
    request.getfixturevalue("django_db_setup")  # the test database's name names the views' hash
    from decks import view_counts

    view_counts.discard_pending()


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
