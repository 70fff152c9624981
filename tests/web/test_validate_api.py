"""POST /api/validate/, checked against docs/contract.md ("Validation result")."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from decks.models import Deck
from engine.decklist import MAX_CHARACTERS, MAX_LINES

pytestmark = pytest.mark.usefixtures("loaded_cards")

URL = "/api/validate/"
DECKS = Path(__file__).resolve().parents[1] / "engine" / "decks"
LEGAL_QQDND = (DECKS / "qqdnd" / "legal_samurai_good.txt").read_text(encoding="utf-8")
RESULT_KEYS = {"legal", "game", "format", "problems", "warnings", "omitted", "summary", "stats"}
PROBLEM_KEYS = {"code", "severity", "message", "cards"}


@pytest.fixture
def api() -> APIClient:
    return APIClient()


def validate(api: APIClient, status: int = 200, **body: Any) -> Any:
    response = api.post(URL, body, format="json")
    assert response.status_code == status, response.content
    return response.json()


def codes(result: dict[str, Any]) -> list[str]:
    return [p["code"] for p in result["problems"]]


def test_it_answers_in_the_contract_shape(api: APIClient) -> None:
    result = validate(api, game="qqdnd", list="Side: Good\nResources:\n4 Katana Lunge\n")
    assert set(result) == RESULT_KEYS
    assert (result["legal"], result["game"], result["format"]) == (False, "qqdnd", "constructed")
    assert result["problems"] and all(set(p) >= PROBLEM_KEYS for p in result["problems"])
    assert all(p["severity"] == "error" for p in result["problems"])
    assert result["summary"]["sections"] == {"Party": 0, "Resources": 4}


def test_it_finds_a_legal_deck_legal(api: APIClient) -> None:
    result = validate(api, game="qqdnd", list=LEGAL_QQDND)
    assert result["legal"] is True and result["problems"] == []


def test_it_names_the_line_of_a_parse_error_and_still_answers_200(api: APIClient) -> None:
    result = validate(api, game="qqdnd", list="Resources:\n4 Katana Lunge\n0 Lotus Slash\n")
    parse_errors = [p for p in result["problems"] if p["code"] == "parse_error"]
    assert len(parse_errors) == 1
    assert parse_errors[0]["line"] == 3 and "Line 3" in parse_errors[0]["message"]


def test_it_suggests_the_closest_names_for_an_unknown_card(api: APIClient) -> None:
    result = validate(api, game="qqdnd", list="Resources:\n4 Katana Lunj\n")
    unknown = next(p for p in result["problems"] if p["code"] == "unknown_card")
    assert unknown["cards"] == ["Katana Lunj"] and unknown["line"] == 2
    assert '"Katana Lunge"' in unknown["message"]


def test_it_reports_a_card_in_a_section_its_type_cannot_go_in(api: APIClient) -> None:
    result = validate(api, game="qqdnd", list="Party:\n4 Katana Lunge\n")
    assert "zone" in codes(result)


def test_it_checks_the_format_asked_for(api: APIClient) -> None:
    text = "Condemned:\n1 Ophid\nDeck:\n4 Pilfered Scalpel\n"
    assert "copies" in codes(validate(api, game="condemned", list=text))
    sealed = validate(api, game="condemned", list=text, format="sealed")
    assert sealed["format"] == "sealed" and "copies" not in codes(sealed)
    assert "format" in codes(validate(api, game="condemned", list=text, format="modern"))


def test_it_gives_each_games_chart_data(api: APIClient) -> None:
    qqdnd = validate(api, game="qqdnd", list=LEGAL_QQDND)["stats"]
    assert [c["key"] for c in qqdnd["charts"]] == ["initiative", "alignment", "subtypes", "category"]
    condemned = validate(api, game="condemned", list="Condemned:\n1 Ophid\nDeck:\n3 Torch\n2 Taser\n")["stats"]
    damage = {b["label"]: b["count"] for b in condemned["charts"][0]["bars"]}
    assert (damage["Fire"], damage["Electric"], damage["Slash"]) == (3, 2, 0)
    anguish = validate(api, game="anguish", list="Lifeblood:\n4 Nebula Seer\n1 Eclipse Leviathan\n")["stats"]
    totals = {t["key"]: t["value"] for t in anguish["totals"]}
    # Nebula Seer: Arsenal 1, Protection 2; Eclipse Leviathan: Arsenal 6, Protection 4.
    assert (totals["arsenal"], totals["protection"]) == (4 + 6, 8 + 4)


def test_it_needs_no_account_no_csrf_token_and_saves_nothing() -> None:
    user = get_user_model().objects.create_user("ann")
    browser = APIClient(enforce_csrf_checks=True)
    browser.force_login(user)
    response = browser.post(URL, {"game": "qqdnd", "list": LEGAL_QQDND}, format="json")
    assert response.status_code == 200, response.content
    assert not Deck.objects.exists()


@pytest.mark.parametrize(
    ("body", "content_type", "mentions"),
    [
        ("{not json", "application/json", "JSON"),
        ("game=qqdnd&list=1 Katana Lunge", "application/x-www-form-urlencoded", "JSON"),
        ('["qqdnd", "1 Katana Lunge"]', "application/json", "JSON object"),
        ('{"game": "chess", "list": "1 Rook"}', "application/json", "chess"),
        ('{"list": "1 Katana Lunge"}', "application/json", "game"),
        ('{"game": "qqdnd"}', "application/json", "list"),
    ],
)
def test_it_answers_400_with_a_detail_for_an_unreadable_request(
    api: APIClient, body: str, content_type: str, mentions: str
) -> None:
    response = api.post(URL, body, content_type=content_type)
    assert response.status_code == 400, response.content
    assert set(response.json()) == {"detail"} and mentions in response.json()["detail"]


@pytest.mark.parametrize(
    "text",
    [
        "# a long comment " + "x" * MAX_CHARACTERS + "\n1 Katana Lunge\n",
        "1 Arm Up\n" * (MAX_LINES + 1),
    ],
    ids=["characters", "lines"],
)
def test_it_answers_400_for_a_list_over_the_limits(api: APIClient, text: str) -> None:
    body = validate(api, status=400, game="qqdnd", list=text)
    assert set(body) == {"detail"} and "limit" in body["detail"]
