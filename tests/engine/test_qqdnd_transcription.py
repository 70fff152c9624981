"""The QQDND core set fixture against the card lists of docs/rules/qqdnd.txt.

The document is read here on its own terms (regular expressions over its card blocks), so a
transcription slip in the fixture shows up as a difference from the printed card.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from engine.games.qqdnd.cards import SCHEMA

ROOT = Path(__file__).resolve().parents[2]
DOCUMENT = (ROOT / "docs" / "rules" / "qqdnd.txt").read_text(encoding="utf-8")
FIXTURE = json.loads((ROOT / "fixtures" / "qqdnd" / "core.json").read_text(encoding="utf-8"))

PARTY_SECTION = DOCUMENT.split("Party Member Cards:")[1].split("Resource Cards:")[0]
RESOURCE_SECTION = DOCUMENT.split("Resource Cards:")[1]

# Name line, "LG Human Samurai Party Member", then the two stat lines.
PARTY_MEMBER_BLOCK = re.compile(
    r"^(?P<name>[^\n]+)\n"
    r"(?P<alignment>[LNTC][GNE]) (?P<ancestry>\S+) (?P<classes>[^\n]+?) Party Member\n"
    r"RV:\s*(?P<rv>\d+)\s+RR:\s*(?P<rr>[^\n]+)\n"
    r"HV:\s*(?P<hv>\d+)\s+Life:\s*(?P<life>\d+)\n",
    re.MULTILINE,
)
# "Katana Lunge (17)" then "Unique Permanent – Location, Samurai, LN".
RESOURCE_HEAD = re.compile(
    r"^(?P<name>[^\n]+) \((?P<initiative>[^)\n]+)\)\n"
    r"(?P<unique>Unique )?(?P<category>Action|Permanent) [–-] (?P<subtypes>[^\n]+)\n",
    re.MULTILINE,
)
ALIGNMENT_TAG = re.compile(r"[LNTC][GNE]")
FREQUENCY_LINE = re.compile(r"^Frequency\s*[–-]\s*(\d+)$", re.MULTILINE)
LIFE_LINE = re.compile(r"^Life\s*[–-]\s*(\d+)$", re.MULTILINE)
# A card's own Action opens a line: "Snipe: (3-2) ..." or Sniper's Camp's "Draw (19-1): ...".
# Actions quoted inside an effect ("Equipped card has “Dragonshot: (10) ...”") are not the card's.
ACTION_LINE = re.compile(
    r"^(?P<name>[^:()“”\n]+?)(?::\s*\((?P<a>[\dX*–-]+)\)|\s*\((?P<b>[\dX*–-]+)\):)",
    re.MULTILINE,
)


@dataclass(frozen=True)
class PrintedCard:
    name: str
    card_type: str
    fields: dict[str, Any]
    subtypes: list[str]
    text: str
    actions: list[tuple[str, str]]


def printed_actions(body: str) -> list[tuple[str, str]]:
    return [(m["name"], m["a"] or m["b"]) for m in ACTION_LINE.finditer(body)]


def printed_party_members() -> list[PrintedCard]:
    cards = []
    blocks = list(PARTY_MEMBER_BLOCK.finditer(PARTY_SECTION))
    for index, block in enumerate(blocks):
        end = blocks[index + 1].start() if index + 1 < len(blocks) else len(PARTY_SECTION)
        body = PARTY_SECTION[block.end():end]
        ancestry, classes = [block["ancestry"]], block["classes"].split()
        cards.append(PrintedCard(
            name=block["name"],
            card_type="party_member",
            fields={
                "alignment": block["alignment"], "ancestry": ancestry, "classes": classes,
                "rv": int(block["rv"]), "rr": block["rr"].strip(), "hv": int(block["hv"]),
                "life": int(block["life"]),
            },
            subtypes=ancestry + classes,
            text="\n".join(line for line in body.splitlines() if line.strip()),
            actions=printed_actions(body),
        ))
    return cards


def printed_resources() -> list[PrintedCard]:
    cards = []
    heads = list(RESOURCE_HEAD.finditer(RESOURCE_SECTION))
    for index, head in enumerate(heads):
        end = heads[index + 1].start() if index + 1 < len(heads) else len(RESOURCE_SECTION)
        body = RESOURCE_SECTION[head.end():end]
        words = [word.strip() for word in head["subtypes"].split(",") if word.strip()]
        tags = [word for word in words if ALIGNMENT_TAG.fullmatch(word)]
        frequency, life = FREQUENCY_LINE.search(body), LIFE_LINE.search(body)
        rules_lines = [
            line for line in body.splitlines()
            if line.strip() and not FREQUENCY_LINE.fullmatch(line) and not LIFE_LINE.fullmatch(line)
        ]
        cards.append(PrintedCard(
            name=head["name"],
            card_type="resource",
            fields={
                "initiative": head["initiative"], "category": head["category"],
                "unique": head["unique"] is not None, "alignment": tags[0] if tags else None,
                "life": int(life[1]) if life else None, "frequency": int(frequency[1]) if frequency else None,
            },
            subtypes=[word for word in words if word not in tags],
            text="\n".join(rules_lines),
            actions=printed_actions(body),
        ))
    return cards


PRINTED = printed_party_members() + printed_resources()
FIXTURE_CARDS: list[dict[str, Any]] = FIXTURE["cards"]


def test_it_finds_ten_party_members_and_fifty_six_resources_in_the_document() -> None:
    """Guards the reading of the document itself: a block the patterns miss would hide a card."""
    assert len(printed_party_members()) == 10
    assert len(printed_resources()) == 56
    # Every resource block opens with a blank line followed by "Name (Initiative)".
    assert len(RESOURCE_HEAD.findall(RESOURCE_SECTION)) == RESOURCE_SECTION.strip().count("\n\n") + 1


def test_it_holds_every_card_of_the_document_in_printed_order() -> None:
    fixture_types = [c["card_type"] for c in FIXTURE_CARDS]
    assert fixture_types.count("party_member") == 10
    assert fixture_types.count("resource") == 56
    assert [(c["name"], c["card_type"]) for c in FIXTURE_CARDS] == [(p.name, p.card_type) for p in PRINTED]


def test_it_describes_the_core_set() -> None:
    assert FIXTURE["game"] == "qqdnd"
    assert FIXTURE["set"] == {"code": "core", "name": "QQDND Core Set", "is_demo": False, "notice": ""}


@pytest.mark.parametrize("printed", PRINTED, ids=[p.name for p in PRINTED])
def test_it_transcribes_each_card_as_printed(printed: PrintedCard) -> None:
    card = next(c for c in FIXTURE_CARDS if c["name"] == printed.name)
    attributes = card["attributes"]
    assert {key: attributes.get(key) for key in printed.fields} == printed.fields
    assert card["subtypes"] == printed.subtypes
    assert card["text"] == printed.text
    assert [(a["name"], a["initiative"]) for a in attributes["actions"]] == printed.actions
    for action in attributes["actions"]:
        assert action["text"] and action["text"] in card["text"]


@pytest.mark.parametrize("card", FIXTURE_CARDS, ids=[c["name"] for c in FIXTURE_CARDS])
def test_it_validates_each_card_after_derivation(card: dict[str, Any]) -> None:
    assert SCHEMA.validate_card(SCHEMA.prepare(card)) == []


def test_it_keeps_derived_values_out_of_the_fixture() -> None:
    """Fixtures hold printed values only; `derive` fills the rest when the set is loaded."""
    derived = {"initiative_low", "initiative_high", "initiative_kind", "rr_terms"}
    assert all(not derived & set(c["attributes"]) for c in FIXTURE_CARDS)


def test_it_records_no_frequency_where_the_document_prints_none() -> None:
    """Malachi's Laboratory and Noxspace print no Frequency line."""
    missing = [c["name"] for c in FIXTURE_CARDS if c["card_type"] == "resource"
               and c["attributes"]["frequency"] is None]
    assert missing == ["Malachi's Laboratory", "Noxspace"]


def test_it_keeps_party_member_effects_out_of_actions() -> None:
    """Rules: "effects are passive abilities that affect the game, whereas Actions are useable
    effects." Resmi's "Polite Attendance: (Ef)" is an Effect, so it stays in the text only."""
    resmi = next(c for c in FIXTURE_CARDS if c["name"] == "Resmi Val'Rance, Village Pariah")
    assert resmi["attributes"]["actions"] == []
    assert resmi["text"].startswith("Polite Attendance: (Ef)")
