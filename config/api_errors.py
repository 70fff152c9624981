"""The API's one error shape (docs/contract.md, "Errors every endpoint shares"): every 4xx and 5xx
under /api/ is a JSON object with a `detail` sentence saying what was wrong and where.

- DRF's exceptions go through `exception_handler`: a serializer's field errors
  (`{"games": ["Ensure this value is ..."]}`) become `{"detail": "games: Ensure this value is ...",
  "errors": {"games": [...]}}`, so clients read `detail` whatever the endpoint, and `errors` tells
  each field's problems.
- Addresses that match no URL, and server errors, are answered by Django before DRF: `page_not_found`
  and `server_error` give `{"detail"}` under /api/ and the site's pages elsewhere.
"""
from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.views import defaults
from rest_framework.exceptions import ValidationError
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler


def first_error(errors: Any) -> str:
    """One sentence from a serializer's errors: the first field's first message, named by its field."""
    if isinstance(errors, dict) and errors:
        field, value = next(iter(errors.items()))
        message = first_error(value)
        return message if field in ("non_field_errors", "detail") else f"{field}: {message}"
    if isinstance(errors, list) and errors:
        return first_error(errors[0])
    return str(errors)


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    response = drf_exception_handler(exc, context)
    if response is None or not isinstance(exc, ValidationError):
        return response
    data = response.data
    if isinstance(data, dict) and isinstance(data.get("detail"), str):
        return response  # already {"detail": "..."} (a view raising ValidationError({"detail": ...}))
    body: dict[str, Any] = {"detail": first_error(data) or "The request is not valid."}
    if isinstance(data, dict):
        body["errors"] = data
    response.data = body
    return response


def _is_api(request: HttpRequest) -> bool:
    return request.path.startswith("/api/")


def page_not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    if _is_api(request):
        return JsonResponse({"detail": f"Nothing is at {request.path}."}, status=404)
    return defaults.page_not_found(request, exception)


def server_error(request: HttpRequest) -> HttpResponse:
    if _is_api(request):
        return JsonResponse({"detail": "The server failed to answer this request."}, status=500)
    return defaults.server_error(request)
