"""The API's page numbers: DRF's, with the schema saying what the view accepts.

Pages count from 1; a page past the last one, or one that is not a number (blank, "last"), answers
404 `{"detail": "Invalid page."}`, as DRF does for most of them.
A page size (where a view takes one) is a whole number from 1, and one over the view's largest
gives a page of the largest size; anything else answers 400.
"""
from __future__ import annotations

from typing import Any

from rest_framework import pagination
from rest_framework.exceptions import ValidationError
from rest_framework.request import Request


class PageNumberPagination(pagination.PageNumberPagination):
    last_page_strings = ()  # a page is a number: "last" is not one

    def get_page_number(self, request: Request, paginator: Any) -> Any:
        # A blank page is not page 1 but no page at all (404, as for any page that is not a number).
        return request.query_params.get(self.page_query_param, 1)

    def get_page_size(self, request: Request) -> int | None:
        name = self.page_size_query_param
        if name and name in request.query_params:
            raw = request.query_params[name]
            if not raw.isascii() or not raw.isdigit() or int(raw) < 1:
                most = f" (a page holds at most {self.max_page_size})" if self.max_page_size else ""
                raise ValidationError(f"`{name}` must be a whole number from 1{most}.")
            return min(int(raw), self.max_page_size or int(raw))
        return self.page_size

    def get_schema_operation_parameters(self, view: Any) -> list[dict[str, Any]]:
        parameters = super().get_schema_operation_parameters(view)
        for parameter in parameters:
            if parameter["name"] in (self.page_query_param, self.page_size_query_param):
                parameter["schema"] = {**parameter["schema"], "minimum": 1}
        return parameters
