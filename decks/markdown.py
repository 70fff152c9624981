"""Deck descriptions: Markdown, rendered to HTML that can hold nothing but text formatting.

Two locks: markdown-it renders with raw HTML turned off (a `<script>` in the text is shown as
text), and nh3 then keeps only ALLOWED_TAGS and link targets of ALLOWED_SCHEMES, and gives every
link rel="nofollow noopener noreferrer" (a description is not an endorsement, and advertising
links gain nothing from it). Images are not allowed: a description cannot load anything.
"""
from __future__ import annotations

import nh3
from django.utils.safestring import SafeString, mark_safe
from markdown_it import MarkdownIt

ALLOWED_TAGS: set[str] = {
    "p", "br", "strong", "em", "del", "s", "code", "pre", "blockquote", "ul", "ol", "li", "a", "hr",
    "h1", "h2", "h3", "h4", "h5", "h6", "table", "thead", "tbody", "tr", "th", "td",
}
ALLOWED_SCHEMES: set[str] = {"http", "https", "mailto"}

# "js-default": CommonMark without raw HTML, with tables and strikethrough; no typographer.
_markdown = MarkdownIt("js-default")


def render_description(text: str) -> SafeString:
    html = _markdown.render(text or "")
    clean = nh3.clean(
        html,
        tags=ALLOWED_TAGS,
        attributes={"a": {"href", "title"}, "th": {"align"}, "td": {"align"}},
        url_schemes=ALLOWED_SCHEMES,
        link_rel="nofollow noopener noreferrer",
    )
    return mark_safe(clean)  # noqa: S308 - sanitised by nh3 just above
