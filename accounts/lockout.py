"""The answer to a login refused by django-axes after too many failures (settings.AXES_LOCKOUT_CALLABLE):
429 with a Retry-After header; JSON `{"detail": ...}` on the API, the lockout page elsewhere."""
from __future__ import annotations

from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render


def lockout_message() -> str:
    minutes = round(settings.AXES_COOLOFF_TIME.total_seconds() / 60)
    return (
        f"Too many failed logins for this user name from this address: try again in {minutes} minutes "
        "(each further try starts the wait again). If you forgot your password, reset it."
    )


def lockout_response(request: HttpRequest, original_response: Any = None, credentials: Any = None) -> HttpResponse:
    headers = {"Retry-After": str(int(settings.AXES_COOLOFF_TIME.total_seconds()))}
    message = lockout_message()
    if request.path.startswith("/api/"):
        return JsonResponse({"detail": message}, status=429, headers=headers)
    response = render(request, "registration/locked_out.html", {"message": message}, status=429)
    for name, value in headers.items():
        response[name] = value
    return response
