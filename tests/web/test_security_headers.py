"""Every answer carries the same security headers whichever path gives it: a page, the API, a card
page from the cache, a 304, the health check. The Content-Security-Policy of an ordinary answer is
built once from the settings (config/csp.py); it must read exactly as django-csp's own middleware
writes it, for those answers and for those that change it (the API docs: their nonce and styles)."""
from __future__ import annotations

import re

import pytest
from django.test import Client
from pytest_django.fixtures import Settings

pytestmark = pytest.mark.usefixtures("loaded_cards")

CARD_LIST = "/api/cards/?game=qqdnd"
SECURITY_HEADERS = (
    "Content-Security-Policy", "Content-Security-Policy-Report-Only", "X-Content-Type-Options",
    "Referrer-Policy", "Cross-Origin-Opener-Policy", "X-Frame-Options",
)
OURS = "config.csp.CachedPolicyCSPMiddleware"
DJANGO_CSP = "csp.middleware.CSPMiddleware"


def headers_of(client: Client, url: str, **request_headers: str) -> dict[str, str | None]:
    response = client.get(url, headers=request_headers)
    assert response.status_code in (200, 304), (url, response.status_code)
    found = {name: response.headers.get(name) for name in SECURITY_HEADERS}
    policy = found["Content-Security-Policy"]
    if policy is not None:  # a nonce is new with every answer
        found["Content-Security-Policy"] = re.sub(r"'nonce-[^']+'", "'nonce-N'", policy)
    return found


def answers(client: Client) -> dict[str, dict[str, str | None]]:
    rendered = client.get(CARD_LIST)
    return {
        "health": headers_of(client, "/healthz/"),
        "home": headers_of(client, "/"),
        "card page": headers_of(client, "/qqdnd/cards/katana-lunge/"),
        "card list, cached": headers_of(client, CARD_LIST),
        "card list, 304": headers_of(client, CARD_LIST, **{"If-None-Match": rendered["ETag"]}),
        "autocomplete": headers_of(client, "/api/cards/autocomplete/?game=qqdnd&q=kat"),
        "api docs": headers_of(client, "/api/docs/"),
        "builder": headers_of(client, "/decks/new/qqdnd/"),
    }


def test_every_answer_has_the_headers_django_csps_own_middleware_gives(client: Client, settings: Settings) -> None:
    assert OURS in settings.MIDDLEWARE
    ours = answers(client)
    settings.MIDDLEWARE = [DJANGO_CSP if name == OURS else name for name in settings.MIDDLEWARE]
    assert answers(Client()) == ours
    assert all(found["Content-Security-Policy"] for found in ours.values())
    assert ours["api docs"]["Content-Security-Policy"] != ours["health"]["Content-Security-Policy"]


def test_every_answer_forbids_framing(client: Client) -> None:
    """The card cache's own answers (a kept page, a 304) too, though they skip XFrameOptionsMiddleware."""
    for name, found in answers(client).items():
        assert found["X-Frame-Options"] == "DENY", name


def test_a_changed_policy_is_sent_at_once(client: Client, settings: Settings) -> None:
    before = client.get("/healthz/")["Content-Security-Policy"]
    settings.CONTENT_SECURITY_POLICY = {"DIRECTIVES": {"default-src": ["'none'"]}}
    after = client.get("/healthz/")["Content-Security-Policy"]
    assert after != before and "default-src 'none'" in after
