"""Schemathesis hooks for bench/contract_fuzz.py (loaded by the CLI as SCHEMATHESIS_HOOKS).

The campaign runs schemathesis' positive_data_acceptance check as the contract test does: on every
answer but the refusals no schema can foresee (tests/contract_refusals.py, each with its reason).
The CLI is told to leave the built-in check out, and runs this one in its place.
"""
from __future__ import annotations

from typing import Any

import schemathesis
from schemathesis.specs.openapi.checks import positive_data_acceptance

from tests.contract_refusals import beyond_the_schema


@schemathesis.check
def positive_data_acceptance_but_documented_refusals(ctx: Any, response: Any, case: Any) -> bool | None:
    if beyond_the_schema(case.operation.path, response.status_code, response.content):
        return None
    result: bool | None = positive_data_acceptance(ctx, response, case)
    return result
