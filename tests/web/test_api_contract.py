"""The API answers as its OpenAPI schema (GET /api/schema/) says, for every operation the schema names.

Schemathesis reads the schema the site serves and sends each operation generated requests, valid and
invalid, through the real WSGI application (real PostgreSQL test database, the cards loaded from
fixtures/), once with a valid API token and once without credentials. Every one of its checks is on:
no server error, only documented status codes, content types and headers, answers matching their
schemas, invalid requests refused with a 4xx and valid ones not refused.

The operations come from the schema itself, so a new endpoint is covered as soon as it is in the
schema. The examples per operation are few so that this file runs in about a minute; a bigger
campaign against a running server is bench/contract_fuzz.py.
"""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
from django.contrib.auth.models import User
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from hypothesis import HealthCheck, settings
from knox.models import get_token_model
from schemathesis.config import SchemathesisConfig
from schemathesis.specs.openapi.checks import positive_data_acceptance

from cardsdb.models import Card, Game
from config.wsgi import application
from decks import services
from decks.models import Visibility
from tests.contract_refusals import beyond_the_schema

# A handful of generated requests per operation and mode: the coverage phase adds its own
# boundary and negative cases besides.
MAX_EXAMPLES = 8

CONFIG = SchemathesisConfig.from_dict(
    {
        "seed": 10,  # the same requests on every run: a failure here is reproducible
        "generation": {"max-examples": MAX_EXAMPLES, "mode": "all"},
        "phases": {"examples": {"enabled": True}, "coverage": {"enabled": True}, "fuzzing": {"enabled": True}},
        "checks": {"enabled": True},
        "suppress-health-check": ["too_slow", "filter_too_much", "data_too_large"],
    }
)

schema = schemathesis.openapi.from_wsgi("/api/schema/", application, config=CONFIG)

DECK_LIST = "Name: Contract deck\nCondemned:\n1 {condemned}\nDeck:\n"


@pytest.fixture(autouse=True)
def _one_database_connection() -> Iterator[None]:
    """The WSGI handler closes the database connection when a request starts or ends, as a server
    should; here that connection holds the test's transaction, so keep it open (as Django's test
    client does)."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


@pytest.fixture
def api_user(loaded_cards: None, django_user_model: Any) -> User:
    """A player with a deck of each visibility, so lists and deck pages have something to show."""
    user: User = django_user_model.objects.create_user("carla", password="a long contract password")
    condemned = Card.objects.filter(game__slug="condemned", card_type="condemned").order_by("name").first()
    assert condemned is not None
    text = DECK_LIST.format(condemned=condemned.name)
    game = Game.objects.get(slug="condemned")
    for visibility in (Visibility.PUBLIC, Visibility.UNLISTED, Visibility.PRIVATE):
        services.deck_create(
            owner=user, game=game, name=f"Contract {visibility}", text=text, description="", side=None,
            format=None, visibility=visibility,
        )
    return user


@pytest.fixture(params=["token", "anonymous"])
def credentials(request: pytest.FixtureRequest, api_user: User) -> dict[str, str]:
    """The headers every generated request is sent with: a valid token, or none."""
    if request.param == "anonymous":
        return {}
    _, key = get_token_model().objects.create(api_user)
    return {"Authorization": f"Token {key}"}


@schema.parametrize()
# The database fixtures are set up once per operation on purpose: what one request saves (a deck, a
# run) is there for the next, as on a real site.
@settings(suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_api_matches_its_schema(case: Any, credentials: dict[str, str]) -> None:
    response = case.call(headers=credentials)
    case.validate_response(response, headers=credentials, excluded_checks=_beyond_the_schema(case, response))


def _beyond_the_schema(case: Any, response: Any) -> list[Any]:
    """positive_data_acceptance does not apply to the refusals no schema can foresee, listed with
    their reasons in tests/contract_refusals.py; every other check still runs on them."""
    if beyond_the_schema(case.operation.path, response.status_code, response.content):
        return [positive_data_acceptance]
    return []
