"""Conditional GET and a cache of rendered pages for the card endpoints, driven by the card data version.

Card data changes only when a set is loaded or an admin edits it, so an answer of the card and game
endpoints is a function of the card data version and the request alone. With that version
(cardsdb/versions.py: kept in memory on PostgreSQL, see version_watch.py; else one primary-key
read) they

- answer If-None-Match / If-Modified-Since with 304 Not Modified while the version is unchanged;
- send ETag, Last-Modified and Cache-Control on every 200;
- (JSON endpoints) keep each rendered page in Django's cache under the version and the normalized
  request, so a repeated request costs a version read and a cache read. A new version makes new
  keys: old pages are never read again and expire.

The JSON endpoints are marked with `card_data_json` and served by CardDataCacheMiddleware, which
sits before the session, CSRF, authentication and message middleware: a 304 or a cached page needs
none of them (their answers are the same for everyone), and they cost more than the rest of one.
When the shared cache is Redis, each process also keeps the pages it served recently in its own
memory (the "local" cache), which saves the trip to Redis; keys name the version, so neither
level can serve a page of an older one.

The HTML card pages show who is signed in (and carry that user's CSRF token), so their ETag also
names the viewer, they are private to the browser, and they are not kept on the server.
"""
from __future__ import annotations

import hashlib
import logging
from collections.abc import Callable
from functools import lru_cache, wraps
from operator import itemgetter
from types import SimpleNamespace
from typing import Any, TypeVar
from urllib.parse import urlencode

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.models import AnonymousUser
from django.core import checks
from django.core.cache import BaseCache, caches
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.urls import Resolver404, resolve
from django.utils.cache import get_conditional_response, patch_cache_control, patch_vary_headers
from django.utils.http import http_date, quote_etag
from rest_framework.exceptions import Throttled
from rest_framework.renderers import JSONRenderer
from rest_framework.settings import api_settings
from rest_framework.throttling import BaseThrottle, SimpleRateThrottle
from rest_framework.views import exception_handler

from .versions import CardVersion, request_version

logger = logging.getLogger(__name__)

View = Callable[..., HttpResponseBase]
V = TypeVar("V", bound=View)

SAFE_METHODS = ("GET", "HEAD")
# Accept values for which the API renders its plain JSON (DRF picks its JSON renderer for these);
# anything else (a browser's text/html, "application/json; indent=4") goes to the view uncached.
PLAIN_JSON_MEDIA = frozenset({"*/*", "application/*", "application/json"})
# The headers of a rendered page that its cached copy keeps.
KEPT_HEADERS = ("Content-Type", "Allow", "Vary")
MARK = "card_data_json"
# How a marked view's pages are kept: in every cache of settings.CARD_PAGE_CACHES, or only in the
# nearest (the process's own memory).
SHARED, NEAREST = "shared", "nearest"


def card_data_json(view: V, *, keep: str = SHARED) -> V:
    """Marks a JSON view whose answer depends only on the card data and the request's address, for
    CardDataCacheMiddleware to serve (conditional GET, cached pages).

    keep=NEAREST: its pages are kept only in the nearest cache. For answers that cost less to
    render than a round trip to a shared cache, asked in too many forms to be worth sharing (the
    autocomplete: every prefix of every name, each asked once as a player types)."""
    if keep not in (SHARED, NEAREST):
        raise ValueError(f"keep must be {SHARED!r} or {NEAREST!r}, not {keep!r}")
    setattr(view, MARK, keep)
    return view


class CardDataCacheMiddleware:
    """Serves the views marked `card_data_json`: 304 while the version is unchanged, else the cached
    page, else the view's answer (kept when it is a 200 in plain JSON). Other requests pass through."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        keep = serves_card_data(request.path_info) if request.method in SAFE_METHODS else None
        if keep is None or not wants_plain_json(request):
            return self.get_response(request)
        version = request_version(request)  # the views reuse it
        etag = quote_etag(version.tag)
        not_modified = get_conditional_response(request, etag=etag, last_modified=version.last_modified)
        if not_modified is not None:
            return throttled(request) or _with_validators(not_modified, version, etag, public=True)
        key = page_cache_key(request, version)
        stores = _page_caches(keep)
        page = _read_page(key, stores)
        if page is not None:
            too_many = throttled(request)
            if too_many is not None:
                return too_many
        else:  # the view renders it, and counts it against the API throttles itself
            response = self.get_response(request)
            page = _cacheable_page(response)
            if page is None:  # an error, or something not to share: sent as it is
                return response
            _keep_page(key, page, stores)
        content, headers = page
        response = HttpResponse(content)
        for name, value in headers:
            response.headers[name] = value
        # The middleware that would set it (CommonMiddleware) is not on this path; without it a
        # server would send the page in chunks.
        response.headers["Content-Length"] = str(len(content))
        return _with_validators(response, version, etag, public=True)


def throttled(request: HttpRequest) -> HttpResponseBase | None:
    """The API throttles (REST_FRAMEWORK's DEFAULT_THROTTLE_CLASSES and rates) for an answer this
    middleware gives without the view (a 304, a cached page), counted in settings.CARD_THROTTLE_CACHE:
    the 429 DRF would give when one is over its rate, else None. A request the view answers is
    counted by the view, as every API request is. The card views read no session or token
    (api.CardDataView), so every client counts as anonymous, by address, here as there."""
    client = SimpleNamespace(user=AnonymousUser(), META=request.META)  # what the throttles read
    store = caches[settings.CARD_THROTTLE_CACHE]
    throttle_classes: list[type[BaseThrottle]] = api_settings.DEFAULT_THROTTLE_CLASSES  # type: ignore[assignment]
    for throttle_class in throttle_classes:
        throttle = throttle_class()
        if isinstance(throttle, SimpleRateThrottle):  # counted in a cache: this one
            throttle.cache = store
        try:
            allowed = throttle.allow_request(client, None)  # type: ignore[arg-type]
        except Throttled as error:  # the project's throttles raise it themselves, with their message
            return _drf_error_response(error)
        if not allowed:  # DRF's own throttles answer False instead
            return _drf_error_response(Throttled(wait=throttle.wait()))
    return None


def _drf_error_response(error: Exception) -> HttpResponseBase:
    """The answer DRF gives for `error`, rendered as its JSON."""
    response = exception_handler(error, {})
    assert response is not None  # an APIException always has one
    response.accepted_renderer = JSONRenderer()
    response.accepted_media_type = "application/json"
    response.renderer_context = {}  # type: ignore[attr-defined]
    response.render()
    return response


@lru_cache(maxsize=2048)
def serves_card_data(path: str) -> str | None:
    """How the pages of the view marked `card_data_json` that `path` goes to are kept (SHARED or
    NEAREST); None for any other view (remembered: URLs don't change at run time)."""
    try:
        match = resolve(path)
    except Resolver404:
        return None
    keep = getattr(match.func, MARK, None)
    return keep if isinstance(keep, str) else None


@receiver(setting_changed)
def _forget_resolved_paths(*, setting: str, **kwargs: Any) -> None:
    if setting == "ROOT_URLCONF":  # tests that swap the URLs
        serves_card_data.cache_clear()


def check_middleware_installed(**kwargs: Any) -> list[checks.CheckMessage]:
    """Without the middleware the marked views still answer, but with no ETag, 304 or cached page."""
    name = f"{CardDataCacheMiddleware.__module__}.{CardDataCacheMiddleware.__name__}"
    middleware = list(settings.MIDDLEWARE)
    if name not in middleware:
        return [checks.Warning(f"{name} is not in MIDDLEWARE: the card API will not be cached.", id="cardsdb.W001")]
    if "django.contrib.sessions.middleware.SessionMiddleware" in middleware[: middleware.index(name)]:
        message = f"{name} comes after SessionMiddleware: every card API answer will pass through the sessions."
        return [checks.Warning(message, id="cardsdb.W002")]
    return []


def versioned_page(view: V, extra_tag: Callable[..., str] | None = None) -> V:
    """Conditional GET for an HTML page that shows card data and who is signed in. `extra_tag`,
    called with the view's arguments, names anything else the page shows (a card page's count of
    public decks holding the card): it goes into the ETag."""

    def tag_of(request: HttpRequest, version: CardVersion, kwargs: dict[str, Any]) -> str:
        extra = f"-{extra_tag(**kwargs)}" if extra_tag is not None else ""
        return quote_etag(f"{version.tag}-{viewer_tag(request)}{extra}")

    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        # A page with messages to show must be rendered: a 304 would keep the old page on screen.
        if request.method not in SAFE_METHODS or has_pending_messages(request):
            return view(request, *args, **kwargs)
        version = request_version(request)
        etag = tag_of(request, version, kwargs)
        not_modified = get_conditional_response(request, etag=etag, last_modified=version.last_modified)
        if not_modified is not None:
            return _with_validators(not_modified, version, etag, public=False)
        response = view(request, *args, **kwargs)
        if response.status_code == 200:
            # Rendering may have made the viewer a CSRF token (sent as a cookie with this page): the
            # ETag names the one the browser will send back with it.
            etag = tag_of(request, version, kwargs)
            _with_validators(response, version, etag, public=False)
        return response

    return wrapper  # type: ignore[return-value]


def wants_plain_json(request: HttpRequest) -> bool:
    """Whether the API would answer this request with its plain JSON (the only form cached)."""
    requested_format = request.GET.get("format")
    if requested_format is not None:
        return requested_format == "json"
    accept = request.headers.get("Accept", "").strip()
    if not accept:
        return True
    for media_range in accept.split(","):
        media, *params = (part.strip() for part in media_range.split(";"))
        if media not in PLAIN_JSON_MEDIA or any(not p.startswith("q=") for p in params):
            return False
    return True


def page_cache_key(request: HttpRequest, version: CardVersion) -> str:
    """The version and the normalized request: scheme, host and path (the pages hold absolute links)
    and the query parameters sorted by name (values of one name keep their order)."""
    query = urlencode(sorted(request.GET.lists(), key=itemgetter(0)), doseq=True)
    raw = f"{version.tag} {request.build_absolute_uri(request.path)}?{query}"
    return "cardpage:" + hashlib.sha256(raw.encode()).hexdigest()


def viewer_tag(request: HttpRequest) -> str:
    """Who the page is rendered for: anyone, or one signed-in user with one CSRF token."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return "anyone"
    # The CSRF secret: read from the cookie by CsrfViewMiddleware, or new from rendering the page.
    csrf = request.META.get("CSRF_COOKIE", "")
    return f"user{user.pk}-" + hashlib.sha256(csrf.encode()).hexdigest()[:12]


def has_pending_messages(request: HttpRequest) -> bool:
    # Counting loads the messages without marking them shown.
    return len(messages.get_messages(request)) > 0


CachedPage = tuple[bytes, list[tuple[str, str]]]


def _cacheable_page(response: HttpResponseBase) -> CachedPage | None:
    if response.status_code != 200 or not isinstance(response, HttpResponse):
        return None  # an error, or a streamed answer
    render = getattr(response, "render", None)
    if render is not None:
        render()  # a DRF Response renders lazily (and sets its Content-Type then); once is enough
    if response.cookies or not response.get("Content-Type", "").startswith("application/json"):
        return None
    return response.content, [(name, response[name]) for name in KEPT_HEADERS if response.has_header(name)]


def _with_validators(response: HttpResponseBase, version: CardVersion, etag: str, *, public: bool) -> HttpResponseBase:
    response.headers["ETag"] = etag
    response.headers["Last-Modified"] = http_date(version.last_modified)
    if public:
        # Set outright: these answers are built here, with no Cache-Control or Vary of their own to keep.
        response.headers["Cache-Control"] = f"public, max-age={settings.CARD_CACHE_MAX_AGE}"
        response.headers["Vary"] = "Accept"
        # XFrameOptionsMiddleware comes after the cache's and does not see its 304s and kept pages.
        response.headers.setdefault("X-Frame-Options", settings.X_FRAME_OPTIONS)
    else:
        patch_cache_control(response, private=True, max_age=0, must_revalidate=True)
        patch_vary_headers(response, ["Cookie"])
    return response


def _page_caches(keep: str) -> list[BaseCache]:
    """Where pages are kept, nearest first (settings.CARD_PAGE_CACHES; only the first for NEAREST)."""
    aliases = settings.CARD_PAGE_CACHES if keep == SHARED else settings.CARD_PAGE_CACHES[:1]
    return [caches[alias] for alias in aliases]


def _read_page(key: str, stores: list[BaseCache]) -> CachedPage | None:
    missed: list[BaseCache] = []
    for store in stores:
        try:
            page: CachedPage | None = store.get(key)
        except Exception:  # a cache that is down costs speed, not answers
            logger.warning("card page cache unreadable; trying the next or rendering", exc_info=True)
            continue
        if page is not None:
            for nearer in missed:
                _set(nearer, key, page)
            return page
        missed.append(store)
    return None


def _keep_page(key: str, page: CachedPage, stores: list[BaseCache]) -> None:
    for store in stores:
        _set(store, key, page)


def _set(store: BaseCache, key: str, page: CachedPage) -> None:
    try:
        store.set(key, page)
    except Exception:
        logger.warning("card page cache unwritable; page not kept there", exc_info=True)
