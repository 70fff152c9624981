"""Requests refused before any view, form or parser sees them.

- A body larger than REQUEST_MAX_BYTES (its Content-Length) is answered 413 before a byte of it is
  read: nothing is parsed, and no uploaded file is written to disk.
- A NUL character in the address (the path or a query parameter, sent as %00) is answered 400:
  PostgreSQL cannot hold one in a string, so a lookup with it would fail as a server error, and no
  share id, search or page number has one.

Both answer {"detail": ...} under /api/ (the API's error shape) and plain text elsewhere.
"""
from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse

Handler = Callable[[HttpRequest], HttpResponse]


def refusal(request: HttpRequest, message: str, status: int) -> HttpResponse:
    if request.path.startswith("/api/"):
        return JsonResponse({"detail": message}, status=status)
    return HttpResponse(message, status=status, content_type="text/plain; charset=utf-8")


class RequestSizeLimitMiddleware:
    def __init__(self, get_response: Handler) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        limit: int = settings.REQUEST_MAX_BYTES
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            return refusal(request, "The Content-Length header is not a number.", 400)
        if length > limit:
            return refusal(
                request,
                f"The request body is {length:,} bytes; the limit is {limit:,} bytes "
                f"(a deck list is at most 20,000 characters).",
                413,
            )
        return self.get_response(request)


class NulCharacterMiddleware:
    def __init__(self, get_response: Handler) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if "\x00" in request.path:
            return refusal(request, "The address has a NUL character (%00) in its path; remove it.", 400)
        for key, values in request.GET.lists():
            if "\x00" in key or any("\x00" in value for value in values):
                name = key.replace("\x00", "")
                return refusal(request, f'The query parameter "{name}" has a NUL character (%00); remove it.', 400)
        return self.get_response(request)
