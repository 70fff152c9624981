"""The API's JSON parser: DRF's, with a body nested too deep for Python's parser refused as 400.

json.loads raises RecursionError on a document nested some thousands of levels deep (a 200 KB
body of "[[[[..." does it); DRF's parser turns only ValueError into a 400, so that body was a 500.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import IO, Any

from rest_framework import parsers
from rest_framework.exceptions import ParseError


class JSONParser(parsers.JSONParser):
    def parse(self, stream: IO[Any], media_type: str | None = None,
              parser_context: Mapping[str, Any] | None = None) -> Any:
        try:
            return super().parse(stream, media_type, parser_context)
        except RecursionError as error:
            raise ParseError("JSON parse error - the document is nested too deeply.") from error
