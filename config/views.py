from __future__ import annotations

from django.http import HttpRequest, JsonResponse


def healthz(request: HttpRequest) -> JsonResponse:
    """Liveness for load balancers: answers without touching the database.

    It is also the baseline of bench/api_bench.py: a plain Django JSON view on the same server.
    """
    return JsonResponse({"status": "ok"})
