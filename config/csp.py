"""django-csp's middleware, with the policy of an ordinary response built once instead of per response.

django-csp builds the Content-Security-Policy header for every response from the settings
(copying and joining every directive), which costs more than a whole cached card API answer or
the health check. The header of a response that no view customised (no csp_update / csp_replace /
csp_exempt...) and that used no nonce depends on the settings alone, so it is built once (and
again when the settings change, as in tests); any other response gets django-csp's own.
"""
from __future__ import annotations

import http.client
from functools import lru_cache
from typing import Any

from csp.constants import HEADER, HEADER_REPORT_ONLY
from csp.middleware import CheckableLazyObject, CSPMiddleware
from csp.utils import build_policy
from django.conf import settings
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponseBase

# What a view sets on its response to change or skip the policy (csp.decorators).
_CUSTOMISED = (
    "_csp_config", "_csp_update", "_csp_replace", "_csp_exempt",
    "_csp_config_ro", "_csp_update_ro", "_csp_replace_ro", "_csp_exempt_ro",
)
_DEBUG_EXEMPT = (http.client.INTERNAL_SERVER_ERROR, http.client.NOT_FOUND)


@lru_cache(maxsize=2)
def settings_policy(report_only: bool) -> str:
    """The header as the settings alone give it (no view's changes, no nonce)."""
    return build_policy(report_only=report_only)


@lru_cache(maxsize=2)
def _excluded_prefixes(report_only: bool) -> tuple[str, ...]:
    name = "CONTENT_SECURITY_POLICY_REPORT_ONLY" if report_only else "CONTENT_SECURITY_POLICY"
    policy = getattr(settings, name, None) or {}
    return tuple(policy.get("EXCLUDE_URL_PREFIXES", None) or ())


@receiver(setting_changed)
def _forget_policies(*, setting: str, **kwargs: Any) -> None:
    if setting.startswith("CONTENT_SECURITY_POLICY"):
        settings_policy.cache_clear()
        _excluded_prefixes.cache_clear()


class CachedPolicyCSPMiddleware(CSPMiddleware):
    def process_response(self, request: HttpRequest, response: HttpResponseBase) -> HttpResponseBase:
        nonce_used = getattr(request, "_csp_nonce", None) is not None
        if nonce_used or any(hasattr(response, name) for name in _CUSTOMISED):
            return super().process_response(request, response)
        if response.status_code in _DEBUG_EXEMPT and settings.DEBUG:
            return response
        for report_only, header in ((False, HEADER), (True, HEADER_REPORT_ONLY)):
            policy = settings_policy(report_only)
            if policy and header not in response and not request.path_info.startswith(_excluded_prefixes(report_only)):
                response[header] = policy
        # As django-csp does: a nonce asked for after the header is written is an error, not a silent gap.
        request.csp_nonce = CheckableLazyObject(self._csp_nonce_post_response)  # type: ignore[attr-defined]
        return response
