"""The OpenAPI schema's errors (drf-spectacular, config/settings.py SPECTACULAR_SETTINGS).

`document_shared_errors` runs after the schema is generated and writes down, on every operation, the
answers that come from the site rather than from the view (docs/contract.md, "Errors every endpoint
shares"), so that no endpoint, old or new, can forget them:

- 400 for a NUL character in the path or a query parameter (config/middleware.py), on every one;
- 401 for a token that is wrong, expired or revoked, on every one that reads tokens;
- 404 for an unknown id, on every one with a path parameter, and for a page past the last, on every
  paginated one;
- 414 for a request line (the path and query) over the web server's limit (gunicorn: 4094 bytes),
  answered by gunicorn before the site sees it, as HTML, on every one;
- 413 for a body over REQUEST_MAX_BYTES, and 415 for a body of a type it does not read, on every one
  that takes a body;
- 429 when a rate is exceeded (config/throttles.py), on every one.

Each of them, and every other 4xx a view documents without a body, answers `{"detail": ...}`
(config/api_errors.py): the `Error` component. It also makes an input's rules over several fields
(config/serializers.py) its schema's "allOf", and requires a body where `{}` would not be valid.
"""
from __future__ import annotations

from typing import Any

from drf_spectacular.generators import SchemaGenerator

from .serializers import NO_NUL, RULES_KEY

TOKEN_SCHEME = "knoxApiToken"
ERROR_REF = {"$ref": "#/components/schemas/Error"}
RETRY_AFTER = {
    "Retry-After": {
        "schema": {"type": "integer"},
        "description": "Seconds to wait before trying again.",
    }
}

SHARED = {
    "400": "A NUL character (%00) in the path or a query parameter, or a request this operation cannot read.",
    "401": "The token sent is wrong, expired or revoked (or this operation needs an account).",
    "404": "Nothing of that id that the caller may see, or a page past the last.",
    "414": "The request line (path and query string) is over the web server's limit; gunicorn answers "
           "it, in HTML, before the site reads the request.",
    "413": "The request body is over the size limit; it was not read.",
    "415": "The request body is not of a media type this operation reads (JSON, unless another is listed).",
    "429": "Over a request rate or quota: the detail names it; Retry-After says when to try again.",
}


# gunicorn's own page, not the site's `{"detail"}`.
SERVER_PAGE = {"text/html": {"schema": {"type": "string"}}}

ERROR_COMPONENT = {
    "type": "object",
    "description": "Every refusal: what was wrong and where, in a sentence.",
    "properties": {
        "detail": {"type": "string", "description": "What was wrong and where, for people."},
        "errors": {
            "type": "object",
            "description": "For a request whose fields did not validate: each field's messages, by field name.",
        },
    },
    "required": ["detail"],
}


def _reads_tokens(operation: dict[str, Any]) -> bool:
    return any(TOKEN_SCHEME in requirement for requirement in operation.get("security", []))


def _has_path_parameter(operation: dict[str, Any]) -> bool:
    return any(parameter.get("in") == "path" for parameter in operation.get("parameters", []))


def _is_paginated(operation: dict[str, Any]) -> bool:
    return any(p.get("in") == "query" and p.get("name") == "page" for p in operation.get("parameters", []))


def _refuse_nul(parameter: dict[str, Any]) -> None:
    """Text in the address has no NUL (config/middleware.py answers 400)."""
    schema = parameter.get("schema", {})
    if schema.get("type") == "string" and not {"pattern", "enum", "format"} & set(schema):
        parameter["schema"] = {**schema, "pattern": NO_NUL}


def _require_body_with_rules(body: dict[str, Any], components: dict[str, Any]) -> None:
    """A request without a body is read as `{}`: where `{}` is not valid, neither is no body."""
    for media in body.get("content", {}).values():
        ref = media.get("schema", {}).get("$ref", "")
        component = components.get(ref.rsplit("/", 1)[-1], {}) if ref.startswith("#/components/schemas/") else {}
        if component.get("required") or component.get("allOf"):
            body["required"] = True


def document_shared_errors(
    result: dict[str, Any], generator: SchemaGenerator, request: Any, public: bool
) -> dict[str, Any]:
    components = result.setdefault("components", {}).setdefault("schemas", {})
    components.setdefault("Error", ERROR_COMPONENT)
    for component in components.values():
        if RULES_KEY in component:  # rules over several fields of an input (config/serializers.py)
            component["allOf"] = component.pop(RULES_KEY)
    for path_item in result.get("paths", {}).values():
        for method, operation in path_item.items():
            if method not in {"get", "put", "patch", "post", "delete"}:
                continue
            responses = operation.setdefault("responses", {})
            shared = ["400", "414", "429"]
            if _reads_tokens(operation):
                shared.append("401")
            if _has_path_parameter(operation) or _is_paginated(operation):
                shared.append("404")
            if "requestBody" in operation:
                shared += ["413", "415"]
            for code in shared:
                responses.setdefault(code, {"description": SHARED[code]})
            responses["414"].setdefault("content", SERVER_PAGE)
            for parameter in operation.get("parameters", []):
                _refuse_nul(parameter)
            if "requestBody" in operation:
                _require_body_with_rules(operation["requestBody"], components)
            for code, response in responses.items():
                if code.startswith(("4", "5")) and "content" not in response:
                    response["content"] = {"application/json": {"schema": ERROR_REF}}
                if code == "429":
                    response.setdefault("headers", {}).update(RETRY_AFTER)
    return result
