"""Text that looks like one thing and is another: invisible and right-to-left characters in deck
names, look-alike user names, byte-order marks and line breaks an editor does not count."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import AbstractBaseUser, User
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from decks.models import Deck
from tests.conftest import PASSWORD

pytestmark = pytest.mark.usefixtures("loaded_cards")

ROOT = Path(__file__).resolve().parents[2]
LEGAL_QQDND = (ROOT / "tests" / "engine" / "decks" / "qqdnd" / "legal_samurai_good.txt").read_text(encoding="utf-8")


def signed_in(user: AbstractBaseUser) -> APIClient:
    api = APIClient()
    api.force_authenticate(user)
    return api


# Deck names ---------------------------------------------------------------------------------------

@pytest.mark.parametrize(
    ("written", "kept"),
    [
        ("Samurai\u202e hsuR", "Samurai hsuR"),  # a right-to-left override would show "Samurai Rush"
        ("\u200bSamurai\u200d Rush\u2060", "Samurai Rush"),  # zero-width space, joiner, word joiner
        ("Samurai\u200f Rush\u2066", "Samurai Rush"),  # right-to-left mark, left-to-right isolate
        ("\u0645\u0639\u0631\u0643\u0629 Deck", "\u0645\u0639\u0631\u0643\u0629 Deck"),  # Arabic letters stay
    ],
)
def test_a_deck_name_is_kept_without_invisible_characters(written: str, kept: str, ann: AbstractBaseUser) -> None:
    created = signed_in(ann).post("/api/decks/", {"game": "qqdnd", "name": written, "list": ""}, format="json")
    assert created.status_code == 201, created.content
    assert created.json()["name"] == kept
    imported = signed_in(ann).post(
        "/api/decks/import/", {"game": "qqdnd", "list": LEGAL_QQDND.replace("Samurai Rush", written)}, format="json"
    )
    assert imported.status_code == 201 and imported.json()["name"] == kept
    deck = Deck.objects.get(share_id=imported.json()["id"])
    assert f"Name: {kept}\n" in deck.current.text


def test_a_name_of_invisible_characters_only_is_untitled(ann: AbstractBaseUser) -> None:
    body = {"game": "qqdnd", "name": "\u200b\u202e", "list": ""}
    assert signed_in(ann).post("/api/decks/", body, format="json").json()["name"] == "Untitled deck"
    # In a list, such a header has no value left: the line is not a header, and the list is refused.
    listed = {"game": "qqdnd", "list": LEGAL_QQDND.replace("Samurai Rush", "\u200b\u202e")}
    refused = signed_in(ann).post("/api/decks/import/", listed, format="json")
    assert refused.status_code == 400 and refused.json()["problems"][0]["code"] == "parse_error"


def test_a_description_keeps_its_lines_but_not_its_direction_overrides(ann: AbstractBaseUser) -> None:
    body = {"game": "qqdnd", "name": "Notes", "description": "Line one\n\u202eeno enil\u202c", "list": ""}
    assert signed_in(ann).post("/api/decks/", body, format="json").json()["description"] == "Line one\neno enil"


# User names ---------------------------------------------------------------------------------------

def sign_up(username: str) -> Any:
    return Client().post(reverse("signup"), {"username": username, "password1": PASSWORD, "password2": PASSWORD})


@pytest.mark.parametrize(
    ("username", "message"),
    [
        ("\u0430dmin", "cannot mix letters of different alphabets (Cyrillic and Latin)"),  # Cyrillic a
        ("p\u0430yp\u0430l", "cannot mix letters of different alphabets"),
        ("\u0440\u0430\u0443\u0440\u0430", "look like Latin ones but are not"),  # Cyrillic "раура"
        ("\u03bf\u03bf\u03bf", "look like Latin ones but are not"),  # Greek omicrons: "ooo"
    ],
)
def test_a_look_alike_user_name_is_refused(username: str, message: str) -> None:
    response = sign_up(username)
    assert response.status_code == 400
    assert message in response.content.decode()
    assert not User.objects.filter(username=username).exists()


@pytest.mark.parametrize(
    "username",
    ["ivan", "\u0418\u0432\u0430\u043d", "\u0394\u03b7\u03bc\u03ae\u03c4\u03c1\u03b7\u03c2", "mar.k-7", "\u5c71\u7530"],
)
def test_a_name_in_one_alphabet_is_accepted(username: str) -> None:
    """Latin, Cyrillic ("Иван"), Greek ("Δημήτρης") and Japanese names, with digits and punctuation."""
    assert sign_up(username).status_code == 302
    assert User.objects.filter(username=username).exists()


def test_a_name_differing_only_in_case_or_width_from_a_taken_one_is_refused(ann: AbstractBaseUser) -> None:
    """Django folds full-width letters to plain ones (NFKC) and compares names without case."""
    for username in ("ANN", "\uff41\uff4e\uff4e"):  # "ａｎｎ"
        response = sign_up(username)
        assert response.status_code == 400 and "already exists" in response.content.decode()


# Byte-order marks and line breaks ----------------------------------------------------------------

def test_a_list_with_a_byte_order_mark_validates_through_the_api_and_the_command_line(tmp_path: Path) -> None:
    text = "\ufeff" + LEGAL_QQDND
    assert APIClient().post("/api/validate/", {"game": "qqdnd", "list": text}, format="json").json()["legal"]
    deck = tmp_path / "bom.txt"
    deck.write_bytes(text.encode("utf-8"))
    finished = subprocess.run([sys.executable, "-m", "engine", "validate", str(deck), "--game", "qqdnd"],
                              cwd=ROOT, capture_output=True, text=True, check=False)
    assert finished.returncode == 0 and finished.stdout.startswith("Legal"), finished.stdout


@pytest.mark.parametrize("separator", ["\v", "\f", "\u2028"])
def test_the_line_of_a_problem_is_the_line_an_editor_shows(separator: str) -> None:
    text = f"Side: Good\nResources:\n4 Katana{separator}Lunge\n0 Lotus Slash\n"
    result = APIClient().post("/api/validate/", {"game": "qqdnd", "list": text}, format="json").json()
    [problem] = [p for p in result["problems"] if p["code"] == "parse_error"]
    assert problem["line"] == 4 and problem["message"].startswith("Line 4:")
    assert "unknown_card" not in [p["code"] for p in result["problems"]]
