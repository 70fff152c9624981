"""The deck pages: accounts, the builder, import, a deck's page with its history and diffs, export,
share links and copies, and the public deck lists (decks/views.py)."""
from __future__ import annotations

import html
import json
import re
from datetime import timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from cardsdb.models import Game
from decks import services
from decks.builder import PROBLEM_WORDS
from decks.lists import check_list
from decks.models import Deck, DeckVersion, Visibility
from decks.selectors import game_cards
from engine.decklist import parse_decklist
from tests.conftest import PASSWORD

if TYPE_CHECKING:
    from django.test.client import _MonkeyPatchedWSGIResponse as TestResponse

pytestmark = pytest.mark.usefixtures("loaded_cards")

DECKS = Path(__file__).resolve().parents[1] / "engine" / "decks"
LEGAL_QQDND = (DECKS / "qqdnd" / "legal_samurai_good.txt").read_text(encoding="utf-8")
LEGAL_CONDEMNED = (DECKS / "condemned" / "legal_brute_constructed.txt").read_text(encoding="utf-8")
FOUR_COPIES_CONDEMNED = (DECKS / "condemned" / "illegal_four_copies.txt").read_text(encoding="utf-8")


def text_of(response: TestResponse) -> str:
    return response.content.decode()


def signed_in(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def game(slug: str) -> Game:
    return Game.objects.get(slug=slug)


def new_deck(owner: User, text: str = LEGAL_QQDND, slug: str = "qqdnd", **fields: Any) -> Deck:
    return services.deck_import(owner=owner, game=game(slug), text=text, **fields).deck


def without_headers(text: str, *keys: str) -> str:
    return "".join(line for line in text.splitlines(keepends=True) if line.split(":")[0] not in keys)


def part_of(page: str, css_class: str) -> str:
    """The HTML of the first element with this class (these elements hold none of their own tag)."""
    opening = re.search(rf'<(\w+) class="{css_class}"', page)
    assert opening is not None, css_class
    return page[opening.start() : page.index(f"</{opening[1]}>", opening.start())]


# Accounts -----------------------------------------------------------------------------------------


def test_it_signs_up_a_new_account_and_logs_it_in(client: Client, django_user_model: Any) -> None:
    response = client.post(
        reverse("signup"),
        {"username": "cara", "password1": PASSWORD, "password2": PASSWORD, "next": reverse("deck-mine")},
    )
    assert response.status_code == 302
    assert response["Location"] == reverse("deck-mine")
    assert django_user_model.objects.filter(username="cara").exists()
    mine = client.get(reverse("deck-mine"))
    assert mine.status_code == 200
    assert '<span class="user-name">cara</span>' in text_of(mine)


def test_it_refuses_a_sign_up_whose_passwords_differ(client: Client, django_user_model: Any) -> None:
    response = client.post(reverse("signup"), {"username": "cara", "password1": PASSWORD, "password2": "other"})
    assert response.status_code == 400
    assert not django_user_model.objects.filter(username="cara").exists()
    assert 'class="field-error"' in text_of(response)


def test_it_logs_in_and_logs_out(client: Client, ann: User) -> None:
    assert client.get(reverse("deck-mine")).status_code == 302  # to the log-in page
    response = client.post(reverse("login"), {"username": "ann", "password": PASSWORD, "next": reverse("deck-mine")})
    assert response.status_code == 302
    assert response["Location"] == reverse("deck-mine")
    assert client.get(reverse("deck-mine")).status_code == 200
    assert client.post(reverse("logout")).status_code == 302
    after = client.get(reverse("deck-mine"))
    assert after.status_code == 302
    assert after["Location"].startswith(reverse("login"))


def test_it_offers_visitors_to_log_in_or_sign_up_and_members_their_decks(client: Client, ann: User) -> None:
    visitor = text_of(client.get(reverse("deck-index")))
    assert f'href="{reverse("login")}?next=' in visitor
    assert f'href="{reverse("signup")}?next=' in visitor
    member = text_of(signed_in(ann).get(reverse("deck-index")))
    assert f'href="{reverse("deck-mine")}"' in member
    assert f'action="{reverse("logout")}"' in member


# The builder --------------------------------------------------------------------------------------


def test_it_shows_the_builder_with_the_games_sections_and_the_endpoints_its_script_calls(
    ann: User,
) -> None:
    response = signed_in(ann).get(reverse("deck-new", args=["anguish"]))
    page = text_of(response)
    assert response.status_code == 200
    script = re.search(r'<script id="builder-config" type="application/json">(.*?)</script>', page, re.S)
    assert script is not None
    config = json.loads(script[1])
    assert config["game"] == "anguish"
    assert config["sections"] == ["Lifeblood", "Sideboard"]
    assert config["openSections"] == ["Sideboard"]
    assert config["cardsUrl"] == reverse("api-cards")
    assert config["validateUrl"] == reverse("api-validate")
    assert 'name="csrfmiddlewaretoken"' in page
    assert 'name="side"' not in page  # only QQDND decks choose a side


def test_a_visitor_builds_without_an_account_and_is_asked_to_log_in_only_to_save(
    client: Client, loaded_cards: None
) -> None:
    url = reverse("deck-new", args=["qqdnd"])
    response = client.get(url)
    assert response.status_code == 200
    page = response.content.decode()
    found = re.search(r'<script id="builder-config" type="application/json">(.*?)</script>', page, re.S)
    assert found is not None
    config = json.loads(found.group(1))
    assert config["signedIn"] is False
    assert config["signupUrl"] == f"{reverse('signup')}?next={quote(url, safe='')}"
    assert config["draftKey"] == "cardtable:draft:new:qqdnd"

    saved = client.post(url, {"name": "Visitor", "format": "constructed", "visibility": "private", "list": ""})
    assert saved.status_code == 302
    assert saved["Location"].startswith(reverse("login"))
    assert not Deck.objects.exists()


def test_it_creates_a_deck_from_the_builder_form(ann: User) -> None:
    client = signed_in(ann)
    body = without_headers(LEGAL_QQDND, "Name", "Side")
    response = client.post(
        reverse("deck-new", args=["qqdnd"]),
        {"name": "Dawn Patrol", "side": "Good", "format": "constructed", "visibility": "unlisted", "list": body,
         "description": "Four heroes."},
    )
    deck = Deck.objects.get()
    assert response.status_code == 302
    assert response["Location"] == deck.get_absolute_url()
    assert (deck.owner, deck.name, deck.side, deck.visibility, deck.version) == (ann, "Dawn Patrol", "Good",
                                                                                "unlisted", 1)
    assert deck.is_legal
    page = text_of(client.get(deck.get_absolute_url()))
    assert '<div class="validation" data-legal="true">' in page
    assert "Four heroes." in page
    for entry in parse_decklist(body, "qqdnd").entries:
        assert html.escape(entry.name) in page


def test_it_keeps_the_builder_open_with_the_problems_of_a_list_it_cannot_save(ann: User) -> None:
    body = "Deck:\n3 The Ripper\n2 Sledgehamer\n"
    response = signed_in(ann).post(
        reverse("deck-new", args=["condemned"]),
        {"name": "Typo", "format": "constructed", "visibility": "private", "list": body},
    )
    page = text_of(response)
    expected = check_list(game_cards("condemned"), body).result.problems
    assert response.status_code == 400
    assert not Deck.objects.exists()
    assert 'id="refused-message"' in page
    assert [p.code for p in expected if p.code == "unknown_card"] == ["unknown_card"]
    for problem in expected:
        assert f'data-code="{problem.code}"' in page
        assert html.escape(problem.message) in page
    assert html.escape(body) in page  # the list is kept to fix


def test_it_opens_the_builder_on_the_fields_and_the_list_without_its_header_lines(ann: User) -> None:
    deck = new_deck(ann)
    page = text_of(signed_in(ann).get(reverse("deck-edit", args=[deck.share_id])))
    textarea = re.search(r'<textarea name="list"[^>]*>\n(.*?)</textarea>', page, re.S)
    assert textarea is not None
    assert textarea[1].startswith("Party:\n")
    assert "Name:" not in textarea[1]
    assert f'value="{deck.name}"' in page
    assert '<option value="Good" selected>' in page
    assert f'name="version" value="{deck.version}"' in page


def test_it_saves_an_edit_as_a_new_version_and_shows_the_history_and_the_diff(ann: User) -> None:
    client = signed_in(ann)
    deck = new_deck(ann)
    edited = without_headers(LEGAL_QQDND, "Name", "Side").replace("4 Katana Lunge", "3 Katana Lunge")
    response = client.post(
        reverse("deck-edit", args=[deck.share_id]),
        {"name": deck.name, "side": "Good", "format": "constructed", "visibility": "private", "list": edited,
         "version": 1},
    )
    deck.refresh_from_db()
    assert response.status_code == 302
    assert deck.version == 2
    assert list(deck.versions.values_list("number", flat=True)) == [2, 1]

    history = part_of(text_of(client.get(deck.get_absolute_url())), "deck-history")
    assert "v1" in history and "v2" in history
    assert f'{reverse("deck-diff", args=[deck.share_id])}?from=1&amp;to=2' in history

    diff = text_of(client.get(reverse("deck-diff", args=[deck.share_id]), {"from": 1, "to": 2}))
    assert re.search(r'<li class="diff-changed"><span class="diff-sign">4 → 3</span> '
                     r'<span class="card-name" data-card="Katana Lunge" tabindex="0">Katana Lunge</span></li>', diff)
    assert "diff-added" not in diff and "diff-removed" not in diff


def test_it_refuses_a_stale_save_with_a_clear_message_and_overwrites_nothing(ann: User) -> None:
    deck = new_deck(ann)
    services.deck_update(deck=deck, user=ann, version=1, description="Saved in another tab.")
    mine = without_headers(LEGAL_QQDND, "Name", "Side").replace("4 Katana Lunge", "2 Katana Lunge")
    response = signed_in(ann).post(
        reverse("deck-edit", args=[deck.share_id]),
        {"name": deck.name, "side": "Good", "format": "constructed", "visibility": "private", "list": mine,
         "version": 1},
    )
    page = text_of(response)
    deck.refresh_from_db()
    assert response.status_code == 409
    assert 'id="stale-message"' in page
    assert "saved by someone else" in page
    assert "now at version 2" in page
    assert deck.version == 2
    assert DeckVersion.objects.filter(deck=deck).count() == 2
    assert "2 Katana Lunge" in page  # the user's work is still on the page to copy
    assert "4 Katana Lunge" in deck.current.text


# Import -------------------------------------------------------------------------------------------


def test_it_imports_a_pasted_list_named_by_its_header(ann: User) -> None:
    response = signed_in(ann).post(
        reverse("deck-import"), {"game": "condemned", "list": LEGAL_CONDEMNED, "visibility": "private"}
    )
    deck = Deck.objects.get()
    assert response.status_code == 302
    assert response["Location"] == deck.get_absolute_url()
    assert (deck.owner, deck.name, deck.game.slug, deck.is_legal) == (ann, "Brute Force", "condemned", True)


def test_it_imports_an_uploaded_file(ann: User) -> None:
    upload = SimpleUploadedFile("brute.txt", LEGAL_CONDEMNED.encode("utf-8"), content_type="text/plain")
    response = signed_in(ann).post(
        reverse("deck-import"), {"game": "condemned", "file": upload, "name": "Uploaded", "visibility": "public"}
    )
    deck = Deck.objects.get()
    assert response.status_code == 302
    assert (deck.name, deck.visibility) == ("Uploaded", "public")
    assert {(c.card.name, c.count) for c in deck.cards.all()} == {
        (e.name, e.count) for e in parse_decklist(LEGAL_CONDEMNED, "condemned").entries
    }


def test_it_refuses_an_import_with_a_bad_line_shows_the_line_and_saves_nothing(ann: User) -> None:
    text = LEGAL_QQDND.replace("3 Arm Up", "0 Arm Up")
    line_error = parse_decklist(text, "qqdnd").problems[0]
    response = signed_in(ann).post(reverse("deck-import"), {"game": "qqdnd", "list": text, "visibility": "private"})
    page = text_of(response)
    assert response.status_code == 400
    assert line_error.line == text.splitlines().index("0 Arm Up") + 1
    assert f"Line {line_error.line}:" in line_error.message
    assert html.escape(line_error.message) in page
    assert f'data-code="parse_error" data-line="{line_error.line}"' in page
    assert not Deck.objects.exists()
    assert not DeckVersion.objects.exists()


# A deck's page ------------------------------------------------------------------------------------


def test_it_shows_a_decks_cards_by_section_its_legality_and_its_party_member_sections(ann: User) -> None:
    deck = new_deck(ann)
    page = text_of(signed_in(ann).get(deck.get_absolute_url()))
    result = check_list(game_cards("qqdnd"), deck.current.text).result
    assert result.legal
    assert '<div class="validation" data-legal="true">' in page
    assert "<h3>Party <span class=\"muted\">4</span></h3>" in page
    resources = sum(e.count for e in parse_decklist(deck.current.text, "qqdnd").entries if e.section == "Resources")
    assert f'<h3>Resources <span class="muted">{resources}</span></h3>' in page
    members = part_of(page, "deck-check")
    for member, cards in result.summary["assignment"].items():
        assert f"<strong>{html.escape(member)}</strong>" in members
        assert f"{sum(cards.values())} cards" in members
    assert (f'<pre id="deck-list-text" class="list-text" tabindex="0" role="region" aria-label="Deck list text">'
            f'{html.escape(deck.current.text)}</pre>') in page
    assert 'data-stats="deck-stats"' in page


def test_a_public_decks_page_reads_the_games_cards_once_and_stays_within_its_queries(
    client: Client, ann: User, django_assert_max_num_queries: Any
) -> None:
    deck = new_deck(ann, visibility=Visibility.PUBLIC)
    client.get(deck.get_absolute_url())  # the game's cards are built on a first read
    # 11: the page's 6 (the last: the game's field, offered by "Test against..."; the navigation's
    # games are kept per card data version), two reads of that version (the page's and the card
    # index's: web processes have it from their watching thread instead), and, when the view count
    # is written directly, its SET LOCAL with the savepoint pair around it (a test runs inside a
    # transaction).
    with CaptureQueriesContext(connection) as queries, django_assert_max_num_queries(11):
        page = text_of(client.get(deck.get_absolute_url()))
    card_reads = [q["sql"] for q in queries.captured_queries if 'FROM "cardsdb_card"' in q["sql"]]
    assert card_reads == []  # the cards built on the first read are current: the version says so
    assert '<div class="validation" data-legal="true">' in page
    assert 'data-stats="deck-stats"' in page


def test_a_decks_page_checks_its_list_again_once_the_card_data_changes(client: Client, ann: User) -> None:
    """The page keeps a list's check until the cards change: after an edit of a card the deck holds,
    the same list is checked against the cards as they are now."""
    deck = new_deck(ann, visibility=Visibility.PUBLIC)
    for _ in range(2):  # the second view is answered from the kept check
        page = text_of(client.get(deck.get_absolute_url()))
        assert '<div class="validation" data-legal="true">' in page
        assert 'data-code="unknown_card"' not in page
    card = deck.cards.select_related("card").first().card  # type: ignore[union-attr]
    card.name = f"{card.name} Reprinted"
    card.save()
    page = text_of(client.get(deck.get_absolute_url()))
    assert '<div class="validation" data-legal="false">' in page
    assert 'data-code="unknown_card"' in page


def problem_item(page: str, code: str) -> str:
    """The HTML of the problem with this code, up to the next problem or the end of the panel."""
    start = page.index(f'<li class="problem problem-error" data-code="{code}"')
    following = [i for i in (page.find('<li class="problem ', start + 1), page.find("</aside>", start)) if i != -1]
    return page[start : min(following)]


def test_it_shows_each_problem_in_words_with_its_message_and_cards(ann: User) -> None:
    deck = new_deck(ann, FOUR_COPIES_CONDEMNED, "condemned")
    page = text_of(signed_in(ann).get(deck.get_absolute_url()))
    problems = check_list(game_cards("condemned"), deck.current.text, deck.format).result.problems
    assert "copies" in {p.code for p in problems}
    assert '<div class="validation" data-legal="false">' in page
    for problem in problems:
        item = problem_item(page, problem.code)
        assert f'<strong class="problem-words">{html.escape(PROBLEM_WORDS[problem.code])}</strong>' in item
        assert "_" not in PROBLEM_WORDS[problem.code]
        assert html.escape(problem.message) in item
        for name in problem.cards:
            assert f'data-card="{html.escape(name)}">{html.escape(name)}</li>' in item


def test_it_exports_the_list_as_text_and_as_a_file_of_any_version(ann: User) -> None:
    client = signed_in(ann)
    deck = new_deck(ann, LEGAL_CONDEMNED, "condemned")
    first = deck.current.text
    services.deck_update(deck=deck, user=ann, version=1, text=first.replace("3 The Ripper", "2 The Ripper"))
    deck.refresh_from_db()

    shown = client.get(reverse("deck-export", args=[deck.share_id]))
    assert shown["Content-Type"] == "text/plain; charset=utf-8"
    assert "Content-Disposition" not in shown
    assert text_of(shown) == deck.current.text

    download = client.get(reverse("deck-download", args=[deck.share_id]), {"version": 1})
    assert download["Content-Disposition"] == 'attachment; filename="brute-force-condemned-v1.txt"'
    assert text_of(download) == first
    assert parse_decklist(text_of(download), "condemned").problems == []
    assert client.get(reverse("deck-export", args=[deck.share_id]), {"version": 9}).status_code == 404


# Sharing, privacy and copies ----------------------------------------------------------------------


def test_it_shows_an_unlisted_deck_read_only_to_anyone_with_the_link(
    client: Client, ann: User, bob: User
) -> None:
    deck = new_deck(ann, visibility=Visibility.UNLISTED)
    edit_url = reverse("deck-edit", args=[deck.share_id])
    owner_page = text_of(signed_in(ann).get(deck.get_absolute_url()))
    assert f'href="{edit_url}"' in owner_page
    assert f'value="http://testserver{deck.get_absolute_url()}"' in owner_page  # the share link

    for viewer, copy_control in ((client, "Log in to copy this deck"), (signed_in(bob), "Copy to my decks")):
        response = viewer.get(deck.get_absolute_url())
        page = text_of(response)
        assert response.status_code == 200
        assert html.escape(deck.name) in page
        assert '<div class="validation" data-legal="true">' in page
        assert "read-only" in page
        assert copy_control in page
        assert edit_url not in page
        assert reverse("deck-delete", args=[deck.share_id]) not in page
    bob_client = signed_in(bob)
    assert bob_client.get(edit_url).status_code == 404
    assert bob_client.post(edit_url, {"name": "Mine now", "version": 1}).status_code == 404
    assert bob_client.post(reverse("deck-delete", args=[deck.share_id])).status_code == 404
    deck.refresh_from_db()
    assert (deck.name, deck.version) == ("Samurai Rush", 1)


PRIVATE_PAGES = [
    ("get", "deck-detail"),
    ("get", "deck-edit"),
    ("post", "deck-edit"),
    ("get", "deck-delete"),
    ("post", "deck-delete"),
    ("get", "deck-export"),
    ("get", "deck-download"),
    ("get", "deck-diff"),
    ("post", "deck-copy"),
]


@pytest.mark.parametrize(("method", "url_name"), PRIVATE_PAGES)
@pytest.mark.parametrize("viewer", ["visitor", "bob"])
def test_it_answers_404_for_a_private_deck_on_every_page_to_anyone_but_its_owner(
    ann: User, bob: User, method: str, url_name: str, viewer: str
) -> None:
    deck = new_deck(ann)
    url = reverse(url_name, args=[deck.share_id])
    client = Client() if viewer == "visitor" else signed_in(bob)
    assert getattr(client, method)(url).status_code == 404
    assert Deck.objects.filter(pk=deck.pk, version=1).exists()
    assert Deck.objects.count() == 1


@pytest.mark.parametrize("url_name", ["deck-detail", "deck-edit", "deck-delete", "deck-export", "deck-download",
                                      "deck-diff"])
def test_it_opens_every_page_of_a_private_deck_to_its_owner(ann: User, url_name: str) -> None:
    deck = new_deck(ann)
    assert signed_in(ann).get(reverse(url_name, args=[deck.share_id])).status_code == 200


def test_it_copies_a_shared_deck_into_my_decks(ann: User, bob: User) -> None:
    original = new_deck(ann, visibility=Visibility.PUBLIC)
    client = signed_in(bob)
    response = client.post(reverse("deck-copy", args=[original.share_id]))
    copy = Deck.objects.get(owner=bob)
    assert response.status_code == 302
    assert response["Location"] == copy.get_absolute_url()
    assert (copy.name, copy.visibility, copy.copied_from, copy.version) == (original.name, "private", original, 1)
    assert copy.current.text == original.current.text
    page = text_of(client.get(copy.get_absolute_url()))
    assert f'Copied from <a href="{original.get_absolute_url()}">' in page
    assert 'id="edit-deck"' in page


def test_it_asks_a_visitor_to_log_in_to_copy_a_deck(client: Client, ann: User) -> None:
    deck = new_deck(ann, visibility=Visibility.UNLISTED)
    response = client.post(reverse("deck-copy", args=[deck.share_id]))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))
    assert Deck.objects.count() == 1


def test_it_deletes_a_deck_for_its_owner_after_asking(ann: User) -> None:
    client = signed_in(ann)
    deck = new_deck(ann)
    url = reverse("deck-delete", args=[deck.share_id])
    confirm = client.get(url)
    assert confirm.status_code == 200
    assert Deck.objects.filter(pk=deck.pk).exists()
    response = client.post(url)
    assert response.status_code == 302
    assert response["Location"] == reverse("deck-mine")
    assert not Deck.objects.filter(pk=deck.pk).exists()


def test_it_refuses_a_form_post_without_its_csrf_token(ann: User) -> None:
    client = Client(enforce_csrf_checks=True)
    client.force_login(ann)
    deck = new_deck(ann, visibility=Visibility.PUBLIC)
    posts = [
        (reverse("deck-new", args=["qqdnd"]), {"name": "x", "format": "constructed", "visibility": "private"}),
        (reverse("deck-import"), {"game": "qqdnd", "list": LEGAL_QQDND, "visibility": "private"}),
        (reverse("deck-edit", args=[deck.share_id]), {"name": "x", "format": "constructed", "version": 1}),
        (reverse("deck-copy", args=[deck.share_id]), {}),
        (reverse("deck-delete", args=[deck.share_id]), {}),
    ]
    for url, data in posts:
        assert client.post(url, data).status_code == 403
    assert Deck.objects.count() == 1
    deck.refresh_from_db()
    assert deck.version == 1


# Lists of decks -----------------------------------------------------------------------------------


def test_it_lists_my_decks_of_every_visibility_and_no_one_elses(ann: User, bob: User) -> None:
    mine = [new_deck(ann, name=f"Ann {v}", visibility=v) for v in Visibility.values]
    theirs = new_deck(bob, name="Bob public", visibility=Visibility.PUBLIC)
    page = text_of(signed_in(ann).get(reverse("deck-mine")))
    for deck in mine:
        assert f'href="{deck.get_absolute_url()}"' in page
    assert theirs.get_absolute_url() not in page


def public_names(page: str) -> list[str]:
    return [html.unescape(name) for name in re.findall(r'<a class="deck-link" href="[^"]+">([^<]+)</a>', page)]


def test_it_lists_a_games_public_decks_newest_first_and_never_unlisted_or_private(
    client: Client, ann: User, bob: User
) -> None:
    now = timezone.now()
    for age, (name, owner, visibility) in enumerate([
        ("Newest", bob, Visibility.PUBLIC),
        ("Hidden by link", ann, Visibility.UNLISTED),
        ("Middle", ann, Visibility.PUBLIC),
        ("Secret", ann, Visibility.PRIVATE),
        ("Oldest", bob, Visibility.PUBLIC),
    ]):
        deck = services.deck_create(owner=owner, game=game("qqdnd"), name=name, visibility=visibility).deck
        Deck.objects.filter(pk=deck.pk).update(created_at=now - timedelta(days=age))
    services.deck_create(owner=ann, game=game("anguish"), name="Other game", visibility=Visibility.PUBLIC)
    page = text_of(client.get(reverse("deck-public", args=["qqdnd"])))
    assert public_names(page) == ["Newest", "Middle", "Oldest"]
    assert "<td>bob</td>" in page and "<td>ann</td>" in page


def test_it_searches_public_decks_by_name_and_by_a_card_they_hold(client: Client, ann: User) -> None:
    new_deck(ann, name="Samurai Rush", visibility=Visibility.PUBLIC)
    new_deck(ann, "Party:\n1 Will, Euclid\n", name="Lonely Will", visibility=Visibility.PUBLIC)
    new_deck(ann, "Resources:\n3 Arm Up\n", name="Samurai Lite", visibility=Visibility.PUBLIC)
    url = reverse("deck-public", args=["qqdnd"])
    assert sorted(public_names(text_of(client.get(url, {"q": "samurai"})))) == ["Samurai Lite", "Samurai Rush"]
    assert sorted(public_names(text_of(client.get(url, {"card": "will, euclid"})))) == ["Lonely Will", "Samurai Rush"]
    assert public_names(text_of(client.get(url, {"q": "samurai", "card": "katana lunge"}))) == ["Samurai Rush"]
    empty = text_of(client.get(url, {"card": "No Such Card"}))
    assert public_names(empty) == []
    assert "No public deck matches" in empty


def test_it_lists_public_decks_in_the_same_number_of_queries_however_many_there_are(
    client: Client, ann: User, bob: User
) -> None:
    url = reverse("deck-public", args=["qqdnd"])

    def queries_for_list() -> int:
        with CaptureQueriesContext(connection) as captured:
            assert client.get(url).status_code == 200
        return len(captured)

    for owner in (ann, bob):
        new_deck(owner, visibility=Visibility.PUBLIC)
    queries_for_list()  # a first page reads what the process then keeps (the navigation's games)
    few = queries_for_list()
    for index in range(6):
        new_deck(ann if index % 2 else bob, name=f"More {index}", visibility=Visibility.PUBLIC)
    assert len(public_names(text_of(client.get(url)))) == 8
    assert queries_for_list() == few
