"""POST /api/markdown/preview/: a description rendered as the deck's page renders it (decks/markdown_api.py),
so that the builder's preview is the server's sanitised HTML (docs/contract.md, "Preview of a description")."""
from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest
from django.contrib.auth.models import User
from django.test import Client
from rest_framework.test import APIClient

from cardsdb.models import Game
from decks import services

pytestmark = pytest.mark.usefixtures("loaded_cards")

PREVIEW = "/api/markdown/preview/"
DESCRIPTION = (
    "# Plan\n\n**Rush** the _Ronin_ in, then ~~wait~~ swing.\n\n"
    "- one\n- two\n\n> quoted\n\n| a | b |\n| - | - |\n| 1 | 2 |\n\n"
    "[guide](https://example.org/guide) `code`\n"
)
HOSTILE = (
    '<script>alert(1)</script> <img src=x onerror="alert(2)"> [click](javascript:alert(3)) '
    "![pic](https://example.org/p.png) <a href=\"https://example.org\" onclick=\"alert(4)\">raw</a>"
)


def preview(text: object, client: APIClient | None = None) -> dict[str, object]:
    response = (client or APIClient()).post(PREVIEW, {"text": text}, format="json")
    assert response.status_code == 200, response.content
    body: dict[str, object] = response.json()
    return body


@pytest.mark.parametrize("text", [DESCRIPTION, HOSTILE, "plain words", ""])
def test_the_preview_is_what_the_decks_page_and_api_show_for_that_description(ann: User, text: str) -> None:
    deck = services.deck_import(
        owner=ann, game=Game.objects.get(slug="qqdnd"), text="Party:\n1 Eptol Noir, Forgetful Ronin\n",
        description=text, visibility="public",
    ).deck
    shown = APIClient().get(f"/api/decks/{deck.share_id}/").json()["description_html"]
    assert preview(text) == {"html": shown}


def test_formatting_is_rendered_and_links_are_nofollow() -> None:
    html = str(preview(DESCRIPTION)["html"])
    for tag in ("<h1>", "<strong>", "<em>", "<ul>", "<blockquote>", "<table>", "<code>"):
        assert tag in html
    assert re.search(r"<(s|del)>wait</\1>", html)  # ~~strikethrough~~, documented
    assert 'href="https://example.org/guide"' in html and 'rel="nofollow noopener noreferrer"' in html


class Markup(HTMLParser):
    """The elements and attributes an HTML text really has (text that merely looks like them is not)."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.tags: set[str] = set()
        self.attributes: list[tuple[str, str]] = []
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.add(tag)
        self.attributes += [(name, value or "") for name, value in attrs]


def test_raw_html_scripts_images_and_javascript_links_never_come_back_as_markup() -> None:
    html = str(preview(HOSTILE)["html"])
    markup = Markup(html)
    assert markup.tags <= {"p", "a"}
    assert {name for name, _ in markup.attributes} <= {"href", "rel"}
    assert not [value for name, value in markup.attributes if name == "href" and not value.startswith("https:")]
    assert "&lt;script&gt;" in html  # shown as the text it was


def test_no_session_or_csrf_token_is_needed_even_when_signed_in(ann: User) -> None:
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(ann)
    response = browser.post(PREVIEW, {"text": "*hi*"}, content_type="application/json")
    assert response.status_code == 200 and "<em>hi</em>" in response.json()["html"]


@pytest.mark.parametrize(
    "body",
    [{"text": "x" * 5001}, {"text": 5}, {"text": None}, {}, ["text"]],
)
def test_a_body_it_cannot_read_is_refused_with_a_detail(body: object) -> None:
    response = APIClient().post(PREVIEW, body, format="json")
    assert response.status_code == 400
    assert response.json()["detail"]


def test_the_longest_description_is_previewed() -> None:
    assert "x" * 5000 in str(preview("x" * 5000)["html"])


def test_it_is_described_in_the_openapi_schema(client: Client) -> None:
    schema = client.get("/api/schema/", headers={"Accept": "application/json"}).json()
    operation = schema["paths"][PREVIEW]["post"]
    assert set(operation["responses"]) >= {"200", "400"}
