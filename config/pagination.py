"""The API's page numbers: DRF's, with the schema saying what the view accepts (pages count from 1). A
page size out of range is not refused: the page has the default or the largest size instead.

A page past the last one answers 404 `{"detail": "Invalid page."}`, as DRF does.
"""
from __future__ import annotations

from typing import Any

from rest_framework import pagination


class PageNumberPagination(pagination.PageNumberPagination):
    def get_schema_operation_parameters(self, view: Any) -> list[dict[str, Any]]:
        parameters = super().get_schema_operation_parameters(view)
        for parameter in parameters:
            if parameter["name"] == self.page_query_param:
                parameter["schema"] = {**parameter["schema"], "minimum": 1}
        return parameters
