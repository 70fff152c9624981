"""Accounts through HTTP: login lockout on the login page, the admin's and /api/token/ (django-axes);
password rules; e-mail optional at sign-up and password resets; API tokens that expire, can be revoked
and die with a password change (django-rest-knox)."""
from __future__ import annotations

import re
import time
from datetime import datetime, timedelta
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.test import Client
from django.utils import timezone
from knox.models import AuthToken
from pytest_django.fixtures import Settings
from rest_framework.test import APIClient

from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db

HOME = "198.51.100.7"
AWAY = "203.0.113.9"
WRONG = "not the password at all"
LOCKED = "Too many failed logins for this user name from this address: try again in 15 minutes"


def log_in(client: Client, password: str, path: str = "/accounts/login/", username: str = "ann") -> Any:
    return client.post(path, {"username": username, "password": password, "next": "/decks/mine/"})


def get_token(password: str = PASSWORD, address: str = HOME, username: str = "ann") -> Any:
    return APIClient().post("/api/token/", {"username": username, "password": password}, format="json",
                            REMOTE_ADDR=address)


def mine(token: str) -> int:
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    return int(api.get("/api/decks/mine/").status_code)


# Lockout -----------------------------------------------------------------------------------------------


def test_the_login_page_locks_a_user_name_out_after_five_failures_even_for_the_right_password(ann: User) -> None:
    browser = Client(REMOTE_ADDR=HOME)
    failures = [log_in(browser, WRONG).status_code for _ in range(4)]
    assert failures == [200] * 4  # the form again, with its error

    fifth = log_in(browser, WRONG)
    right = log_in(browser, PASSWORD)

    for response in (fifth, right):
        assert response.status_code == 429 and response["Retry-After"] == "900"
        assert LOCKED in response.content.decode()
    assert "_auth_user_id" not in browser.session
    assert log_in(Client(REMOTE_ADDR=AWAY), PASSWORD).status_code == 302  # the owner, from elsewhere, gets in


def test_the_admin_login_locks_out_too(django_user_model: Any) -> None:
    django_user_model.objects.create_superuser("root", "root@example.org", PASSWORD)
    browser = Client(REMOTE_ADDR=HOME)
    for _ in range(5):
        log_in(browser, WRONG, "/admin/login/", "root")
    response = log_in(browser, PASSWORD, "/admin/login/", "root")
    assert response.status_code == 429 and LOCKED in response.content.decode()
    assert browser.get("/admin/").status_code == 302  # still to the login page


def test_the_token_endpoint_locks_out_with_a_json_429(ann: User) -> None:
    codes = [get_token(WRONG).status_code for _ in range(4)]
    assert codes == [400] * 4
    assert get_token(WRONG).json() == {"detail": LOCKED + " (each further try starts the wait again). If you "
                                                          "forgot your password, reset it."}

    response = get_token()

    assert response.status_code == 429 and response["Retry-After"] == "900"
    assert response.json()["detail"].startswith(LOCKED)
    assert get_token(address=AWAY).status_code == 200


def test_a_right_password_resets_the_count_and_the_lockout_ends_after_its_time(
    ann: User, settings: Settings
) -> None:
    browser = Client(REMOTE_ADDR=HOME)
    for _ in range(4):
        log_in(browser, WRONG)
    assert log_in(browser, PASSWORD).status_code == 302  # in: the count starts again
    browser.post("/accounts/logout/")
    for _ in range(4):
        assert log_in(browser, WRONG).status_code == 200

    assert log_in(browser, WRONG).status_code == 429
    assert log_in(browser, PASSWORD).status_code == 429

    # The lockout lasts the cool-off from the last failure: shortened to two seconds, it is over after them.
    settings.AXES_COOLOFF_TIME = timedelta(seconds=2)
    time.sleep(2.5)
    assert log_in(browser, PASSWORD).status_code == 302


# Passwords ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("password", "message"),
    [
        (" " * 8, "too few different characters"),
        ("aaaaaaaaaaaa", "too few different characters"),
        ("ab ab ab ab ab", "too few different characters"),
        ("84729105", "entirely numeric"),
        ("short7!", "too short"),
        ("password123", "too common"),
    ],
)
def test_sign_up_refuses_a_weak_password(password: str, message: str) -> None:
    response = Client().post("/accounts/signup/", {"username": "cara", "password1": password, "password2": password})
    assert response.status_code == 400
    assert message in response.content.decode()
    assert not User.objects.filter(username="cara").exists()


def test_sign_up_takes_an_optional_email() -> None:
    assert Client().post("/accounts/signup/", {"username": "cara", "password1": PASSWORD,
                                               "password2": PASSWORD}).status_code == 302
    assert Client().post("/accounts/signup/", {"username": "dan", "email": "dan@example.org", "password1": PASSWORD,
                                               "password2": PASSWORD}).status_code == 302
    bad = Client().post("/accounts/signup/", {"username": "eve", "email": "not an address", "password1": PASSWORD,
                                              "password2": PASSWORD})
    assert bad.status_code == 400 and "Enter a valid email address." in bad.content.decode()
    assert dict(User.objects.values_list("username", "email")) == {"cara": "", "dan": "dan@example.org"}
    assert "E-mail (optional)" in Client().get("/accounts/signup/").content.decode()


def test_changing_the_password_refuses_a_weak_one(ann: User) -> None:
    browser = Client()
    browser.force_login(ann)
    response = browser.post("/accounts/password_change/", {
        "old_password": PASSWORD, "new_password1": " " * 8, "new_password2": " " * 8,
    })
    assert response.status_code == 200 and "too few different characters" in response.content.decode()
    ann.refresh_from_db()
    assert ann.check_password(PASSWORD)


# Password reset ------------------------------------------------------------------------------------------


def reset_link() -> str:
    (message,) = mail.outbox
    match = re.search(r"https?://[^/]+(/accounts/reset/\S+)", message.body)
    assert match, message.body
    return match.group(1)


def test_a_forgotten_password_is_reset_through_the_emailed_link(django_user_model: Any) -> None:
    django_user_model.objects.create_user("dan", "dan@example.org", PASSWORD)
    token = get_token(username="dan").json()["token"]
    browser = Client()
    assert 'href="/accounts/password_reset/"' in browser.get("/accounts/login/").content.decode()

    sent = browser.post("/accounts/password_reset/", {"email": "dan@example.org"}, follow=True)

    assert 'id="reset-sent"' in sent.content.decode()
    assert mail.outbox[0].to == ["dan@example.org"] and '"dan"' in mail.outbox[0].body
    form = browser.get(reset_link(), follow=True)
    assert "Choose a new password" in form.content.decode()
    weak = browser.post(form.redirect_chain[-1][0], {"new_password1": " " * 8, "new_password2": " " * 8})
    assert "too few different characters" in weak.content.decode()
    done = browser.post(form.redirect_chain[-1][0], {"new_password1": "a new long password",
                                                     "new_password2": "a new long password"}, follow=True)
    assert 'id="reset-complete"' in done.content.decode()

    assert log_in(Client(), "a new long password", username="dan").status_code == 302
    assert log_in(Client(), PASSWORD, username="dan").status_code == 200
    assert mine(token) == 401  # the reset revoked the token
    assert "This link does not work" in browser.get(reset_link(), follow=True).content.decode()  # used once


def test_a_reset_for_an_unknown_address_says_the_same_and_sends_nothing(ann: User) -> None:
    response = Client().post("/accounts/password_reset/", {"email": "nobody@example.org"}, follow=True)
    assert 'id="reset-sent"' in response.content.decode()
    assert mail.outbox == []


def test_reset_emails_are_throttled_per_address(settings: Settings, django_user_model: Any) -> None:
    django_user_model.objects.create_user("dan", "dan@example.org", PASSWORD)
    framework = settings.REST_FRAMEWORK
    settings.REST_FRAMEWORK = {**framework, "DEFAULT_THROTTLE_RATES": {
        **framework["DEFAULT_THROTTLE_RATES"], "password_reset": "2/hour"}}
    browser = Client(REMOTE_ADDR=HOME)
    for _ in range(2):
        assert browser.post("/accounts/password_reset/", {"email": "dan@example.org"}).status_code == 302

    response = browser.post("/accounts/password_reset/", {"email": "dan@example.org"})

    assert response.status_code == 429 and 0 < int(response["Retry-After"]) <= 3600
    assert "Too many password reset e-mails asked for" in response.content.decode()
    assert len(mail.outbox) == 2


# Tokens ------------------------------------------------------------------------------------------------


def test_a_token_works_until_it_expires(ann: User, settings: Settings) -> None:
    body = get_token().json()
    expiry = datetime.fromisoformat(body["expiry"])
    assert timedelta(days=29, hours=23) < expiry - timezone.now() <= timedelta(days=30)
    assert mine(body["token"]) == 200

    settings.REST_KNOX = {**settings.REST_KNOX, "TOKEN_TTL": timedelta(seconds=1)}
    short = get_token().json()["token"]
    assert mine(short) == 200
    time.sleep(1.5)
    assert mine(short) == 401
    assert mine(body["token"]) == 200


def test_a_password_change_revokes_every_token(ann: User) -> None:
    tokens = [get_token().json()["token"] for _ in range(2)]
    browser = Client()
    browser.force_login(ann)

    changed = browser.post("/accounts/password_change/", {
        "old_password": PASSWORD, "new_password1": "a new long password", "new_password2": "a new long password",
    }, follow=True)

    assert 'id="password-changed"' in changed.content.decode()
    assert [mine(token) for token in tokens] == [401, 401]
    assert mine(get_token("a new long password").json()["token"]) == 200


def test_a_token_is_revoked_by_its_holder(ann: User) -> None:
    token, other = get_token().json()["token"], get_token().json()["token"]
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    assert api.post("/api/token/revoke/").status_code == 204
    assert mine(token) == 401 and mine(other) == 200
    assert APIClient().post("/api/token/revoke/").status_code == 401


def test_tokens_are_not_kept_in_clear(ann: User) -> None:
    token = get_token().json()["token"]
    assert not AuthToken.objects.filter(digest__contains=token).exists()
    assert not AuthToken.objects.filter(token_key=token).exists()
