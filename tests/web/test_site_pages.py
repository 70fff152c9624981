"""The pages around the site: branded not-found and error pages, the password pages in the site's
look (not the admin's), /robots.txt and /favicon.ico."""
from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client, RequestFactory
from django.urls import reverse
from django.views.defaults import server_error

from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db


def test_a_missing_page_is_the_sites_own_404(client: Client) -> None:
    response = client.get("/no-such-page/")
    page = response.content.decode()
    assert response.status_code == 404
    assert "<h1>Page not found</h1>" in page and 'class="brand"' in page
    assert f'href="{reverse("deck-index")}"' in page


def test_a_server_error_is_the_sites_own_500_without_the_requests_context(rf: RequestFactory) -> None:
    response = server_error(rf.get("/"))
    page = response.content.decode()
    assert response.status_code == 500
    assert "Something went wrong on our side" in page and 'class="brand"' in page
    assert "kept as a draft" in page


def test_the_password_pages_wear_the_sites_look(client: Client, ann: User) -> None:
    for name in ("password_reset", "password_reset_done", "password_reset_complete"):
        page = client.get(reverse(name)).content.decode()
        assert 'class="account-box"' in page and "Django administration" not in page, name
    client.force_login(ann)
    page = client.get(reverse("password_change")).content.decode()
    assert "<h1>Change your password</h1>" in page and 'class="account-box"' in page
    assert "Django administration" not in page
    assert f'<a href="{reverse("password_change")}">Password</a>' in page  # reachable from the menu
    changed = client.post(reverse("password_change"), {
        "old_password": PASSWORD, "new_password1": "another long password", "new_password2": "another long password",
    })
    assert changed.status_code == 302
    done = client.get(changed["Location"]).content.decode()
    assert "<h1>Password changed</h1>" in done and "Django administration" not in done


def test_robots_and_favicon_answer(client: Client) -> None:
    robots = client.get("/robots.txt")
    assert robots.status_code == 200 and robots["Content-Type"].startswith("text/plain")
    assert "Disallow: /api/" in robots.content.decode()
    icon = client.get("/favicon.ico")
    assert icon.status_code == 301 and icon["Location"].endswith("img/logo.svg")


@pytest.mark.usefixtures("loaded_cards")
def test_the_navigation_shows_a_renamed_game_on_the_next_page(client: Client) -> None:
    """The navigation's games are kept per card data version; renaming a game makes a new one."""
    from cardsdb.models import Game

    assert ">Anguish CCG<" in client.get(reverse("deck-index")).content.decode()
    game = Game.objects.get(slug="anguish")
    game.name = "Anguish, Second Edition"
    game.save()
    page = client.get(reverse("deck-index")).content.decode()
    assert ">Anguish, Second Edition<" in page and ">Anguish CCG<" not in page
