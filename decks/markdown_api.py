"""`POST /api/markdown/preview/`: a deck description's Markdown as the deck's page will show it.

The builder previews a description with it, so that what the player sees before saving is the
server's own rendering (decks/markdown.py: raw HTML off, then nh3), never Markdown rendered in the
browser. Nothing is saved and no account is needed; like validation it reads no session (so no
CSRF token), and counts against the API throttles by address.
"""
from __future__ import annotations

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from config.parsers import JSONParser
from config.serializers import JSONInputSerializer

from .markdown import render_description

# A deck's description is at most this long (decks/forms.py, the API's description fields).
MAX_DESCRIPTION = 5000


class MarkdownPreviewInputSerializer(JSONInputSerializer):
    text = serializers.CharField(
        allow_blank=True, trim_whitespace=False, max_length=MAX_DESCRIPTION,
        help_text=f"A deck description in Markdown, up to {MAX_DESCRIPTION} characters.",
    )


class MarkdownPreviewOutputSerializer(serializers.Serializer):
    html = serializers.CharField(
        help_text="The text rendered as a deck's page shows it: raw HTML off, sanitised (text formatting, "
        "lists, quotes, code, tables and links only; links rel=nofollow)."
    )


class MarkdownPreview(APIView):
    """Render a deck description's Markdown as the deck's page would; nothing is saved."""

    authentication_classes: list[type] = []
    permission_classes = [AllowAny]
    parser_classes = [JSONParser]

    @extend_schema(
        request=MarkdownPreviewInputSerializer,
        responses={200: MarkdownPreviewOutputSerializer, 400: OpenApiResponse(description='{"detail": "..."}')},
    )
    def post(self, request: Request) -> Response:
        given = MarkdownPreviewInputSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        return Response({"html": str(render_description(given.validated_data["text"]))})
