from __future__ import annotations

from django.http import HttpRequest, HttpResponse, HttpResponsePermanentRedirect, JsonResponse
from django.templatetags.static import static
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_GET

# Crawlers may read the cards and public decks; the API, accounts and the admin are not for them.
ROBOTS = """User-agent: *
Disallow: /api/
Disallow: /accounts/
Disallow: /admin/
Disallow: /simulations/
"""


def healthz(request: HttpRequest) -> JsonResponse:
    """Liveness for load balancers: answers without touching the database.

    It is also the baseline of bench/api_bench.py: a plain Django JSON view on the same server.
    """
    return JsonResponse({"status": "ok"})


@require_GET
@cache_control(max_age=86400, public=True)
def robots_txt(request: HttpRequest) -> HttpResponse:
    return HttpResponse(ROBOTS, content_type="text/plain; charset=utf-8")


@require_GET
@cache_control(max_age=86400, public=True)
def favicon(request: HttpRequest) -> HttpResponsePermanentRedirect:
    """Browsers and tools ask /favicon.ico whatever the page says: the site's logo."""
    return HttpResponsePermanentRedirect(static("img/logo.svg"))
