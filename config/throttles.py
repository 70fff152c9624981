"""Who a request comes from, and DRF throttles with rates read at each request (settings.REST_FRAMEWORK
"DEFAULT_THROTTLE_RATES", from environment variables: README.md, "Limits").

Every throttle names its limit in its 429 answer (`{"detail": ...}` and Retry-After, as DRF gives them).
A page (not a DRF view) applies throttles with `check_throttles`, which raises the same Throttled.

Anonymous clients are told apart by address: IPv4 addresses one by one, IPv6 addresses by their /64
network, since one IPv6 host commonly has a whole /64 to pick addresses from. The login lockout
(django-axes) and the run quotas read the same address.
"""
from __future__ import annotations

import ipaddress
import logging
from collections.abc import Iterable
from typing import Any

from django.conf import settings
from django.http import HttpRequest
from rest_framework.exceptions import Throttled
from rest_framework.settings import api_settings
from rest_framework.throttling import SimpleRateThrottle

logger = logging.getLogger(__name__)

PERIODS = {"s": "second", "m": "minute", "h": "hour", "d": "day"}


def client_address(request: HttpRequest) -> str | None:
    """The client's address: REMOTE_ADDR, or with NUM_PROXIES proxies in front, the address the
    nearest proxy saw (X-Forwarded-For's NUM_PROXIES-th entry from the right). An IPv6 address
    stands for its /64 network, given as the network's first address. None if there is no address
    (django-axes, which keeps it in an address field, reads this too)."""
    address = request.META.get("REMOTE_ADDR", "") or ""
    proxies = settings.NUM_PROXIES
    forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
    if proxies > 0 and forwarded:
        hops = [hop.strip() for hop in forwarded.split(",") if hop.strip()]
        if hops:
            address = hops[-min(proxies, len(hops))]
    try:
        parsed = ipaddress.ip_address(address)
    except ValueError:
        return None
    if isinstance(parsed, ipaddress.IPv6Address):
        if parsed.ipv4_mapped is not None:
            return str(parsed.ipv4_mapped)
        return str(ipaddress.IPv6Network((parsed, 64), strict=False).network_address)
    return str(parsed)


def describe_rate(rate: str) -> str:
    """"20/hour" as "20 an hour"."""
    count, period = rate.split("/")
    word = PERIODS.get(period.strip()[:1], period)
    return f"{count} a{'n' if word == 'hour' else ''} {word}"


class RateThrottle(SimpleRateThrottle):
    """A throttle for either anonymous clients (by address) or accounts (by id), whose rate is read from
    the settings at each request, and whose 429 says which limit was reached."""

    scope: str
    for_accounts: bool
    what: str  # "requests to the API", "goldfish runs started"...

    def get_rate(self) -> str | None:
        rate = api_settings.DEFAULT_THROTTLE_RATES.get(self.scope)
        return None if rate is None else str(rate)

    def get_ident(self, request: Any) -> str:
        return client_address(request) or "unknown"

    def get_cache_key(self, request: Any, view: Any) -> str | None:
        user = request.user
        if bool(user and user.is_authenticated) != self.for_accounts:
            return None  # not this throttle's kind of client
        ident = user.pk if self.for_accounts else self.get_ident(request)
        return self.cache_format % {"scope": self.scope, "ident": ident}

    def allow_request(self, request: Any, view: Any) -> bool:
        # A cache that is down costs the limit, not the answer: the request goes through (and is logged).
        try:
            return super().allow_request(request, view)
        except Throttled:
            raise
        except Exception:
            logger.warning("throttle cache unreachable; %s not counted", self.scope, exc_info=True)
            return True

    def throttle_failure(self) -> bool:
        who = "this account" if self.for_accounts else "this address without an account"
        assert self.rate is not None
        raise Throttled(wait=self.wait(), detail=f"Too many {self.what}: {who} may make {describe_rate(self.rate)}.")


class AnonRateThrottle(RateThrottle):
    scope, for_accounts, what = "anon", False, "requests to the API"


class UserRateThrottle(RateThrottle):
    scope, for_accounts, what = "user", True, "requests to the API"


class AnonRunStartThrottle(RateThrottle):
    scope, for_accounts, what = "runs_anon", False, "goldfish runs started"


class UserRunStartThrottle(RateThrottle):
    scope, for_accounts, what = "runs_user", True, "goldfish runs started"


class PasswordResetThrottle(RateThrottle):
    scope, for_accounts, what = "password_reset", False, "password reset e-mails asked for"


API_THROTTLES: list[type[RateThrottle]] = [AnonRateThrottle, UserRateThrottle]
RUN_START_THROTTLES: list[type[RateThrottle]] = [AnonRunStartThrottle, UserRunStartThrottle]


def check_throttles(request: HttpRequest, throttles: Iterable[type[RateThrottle]]) -> None:
    """For a page: count this request against each throttle; raises Throttled when one is over its rate."""
    for throttle in throttles:
        # The throttles read only the user and META, which a Django request has as a DRF one does.
        throttle().allow_request(request, None)  # type: ignore[arg-type]


def retry_after(error: Throttled) -> dict[str, str]:
    """The Retry-After header of a page's 429, as DRF sets it on API answers."""
    wait = getattr(error, "wait", None)
    return {"Retry-After": str(int(wait))} if wait else {}
