"""Refusals of schema-valid requests that the OpenAPI schema cannot foresee, each documented in
docs/contract.md. Shared by the contract test (tests/web/test_api_contract.py) and the bigger campaign
(bench/contract_fuzz.py), which exempt exactly these answers from schemathesis' positive_data_acceptance
check (a schema-valid request must not be refused); every other check still runs on them.

A JSON Schema describes one request on its own. It cannot say which card lists are legal decks, which
user names and passwords belong to accounts, what the caller's quota still allows, or what game a
stored deck is of, or what was saved since. Each exemption is a 400 (or the 409 listed) whose body
says which of these it is.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Refusal:
    path: str | None  # the operation's path template; None for every operation
    detail: re.Pattern[str]  # what the answer's `detail` says
    why: str  # why no schema can tell this request apart from one that is taken
    status: int = 400


# Besides these: a deck list whose cards, sections or format break the game's rules, refused with its
# `problems` (see refused_for_its_list).
REFUSALS = [
    Refusal("/api/token/", re.compile(r"^No account has this user name and password\.$"),
            "credentials of no account (schemathesis excuses this for an operation that issues credentials, "
            "but recognises one only by an OAuth2 tokenUrl, which an API token scheme has not)"),
    Refusal("/api/cards/", re.compile(r""),
            "a search (`q`) or sort order (`ordering`) the query language cannot read, or that names a field "
            "of another game: the schema can say they are text, not their grammar; the answer gives the "
            "`position` of the fault (only those answers: see unreadable_query)"),
    Refusal("/api/cards/", re.compile(r"^`q` and `ordering` need `game`"),
            "a search or sort order without a game: the schema describes query parameters one by one, so it "
            "cannot say that one needs another"),
    Refusal("/api/decks/import/", re.compile(r"^file: The file is not UTF-8 text\.$"),
            "an uploaded file that is not UTF-8 text: the schema can only say it is a file"),
    Refusal("/api/decks/", re.compile(r"^`cursor` is not one this list gave"),
            "a `cursor` the list did not give (or gave for another sort): the schema can say it is text, not which "
            "texts are a page's place"),
    Refusal("/api/decks/", re.compile(r" is not a tag: a tag is |^A deck has at most \d+ tags"),
            "a `tag` that normalises to no tag (punctuation, too short or long): the schema gives the length"),
    Refusal("/api/decks/", re.compile(r"^`side` is one of |decks have no side or Species to filter by\.$"),
            "a `side` of another game than `game`'s: the schema describes parameters one by one"),
    Refusal(None, re.compile(r"^The deck list has [\d,]+ lines; the limit is \d+\.$"),
            "a list of more lines than a list may have: the schema bounds its characters, not its lines"),
    Refusal("/api/simulations/", re.compile(r"^Runs started .* may play [\d,]+ games a day"),
            "more games than the caller's daily quota, which depends on who asks and on the operator's settings"),
    Refusal("/api/simulations/", re.compile(r"^This deck is a .* deck, not a .* deck\.$"),
            "a `game` other than the stored deck's"),
    Refusal("/api/simulations/", re.compile(r" decks are tested against .*; not "),
            "with only a deck, an opponent of another game than the deck's (with a `game`, the schema says which)"),
    Refusal("/api/drafts/{game}/{target}/", re.compile(r"^`state\.version` must be the number of the deck version"),
            "a draft of a saved deck without the version it edits: the schema cannot say that `target` is a "
            "deck's share id rather than `new`"),
    Refusal("/api/drafts/{game}/{target}/",
            re.compile(r" was saved .*after this draft .*was begun; the draft is not kept\.$"),
            "a draft begun before the deck's last save, which depends on what was saved since", status=409),
]
# Matchups and gauntlets (docs/contract.md, "Matchups and gauntlets"), each refusal on both operations.
REFUSALS += [
    Refusal(path, detail, why)
    for path in ("/api/matchups/", "/api/gauntlets/")
    for detail, why in (
        (re.compile(r"^Runs started .* may play [\d,]+ games a day"),
         "more games than the caller's daily quota (a two-deck game counts twice)"),
        (re.compile(r"^(Deck A|The opponent|Opponent \d+) is a .* deck, not a .* deck\.$"),
         "a `game` other than a stored deck's, or an opponent of another game than deck A"),
        (re.compile(r"^Matchups of .* are not available yet\.$"),
         "a game whose engine plays no two-deck games yet: the schema lists every game"),
        (re.compile(r"^The .* field has no public legal decks yet\.$"),
         "a gauntlet against a field with no decks: which decks are public and legal is the site's data"),
        (re.compile(r"^With the search player .* at most [\d,]+ games in all\.$"),
         "a gauntlet's games are those of each opponent times the opponents: no schema multiplies"),
        (re.compile(r"^A matchup or gauntlet plays 1 to [\d,]+ games in all\.$"),
         "a gauntlet's games are those of each opponent times the opponents: no schema multiplies"),
        (re.compile(r"^A gauntlet plays at most \d+ opponents"), "the field and the given opponents together"),
    )
]


def unreadable_query(body: dict[str, object]) -> bool:
    return "position" in body


def refused_for_its_list(body: dict[str, object]) -> bool:
    problems = body.get("problems")
    return isinstance(problems, list) and bool(problems)


def beyond_the_schema(path: str, status_code: int, content: bytes) -> bool:
    """Whether this answer to a schema-valid request of the operation at `path` is one of these refusals."""
    if status_code not in {refusal.status for refusal in REFUSALS}:
        return False
    try:
        body = json.loads(content)
    except ValueError:
        return False
    if not isinstance(body, dict):
        return False
    if status_code == 400 and refused_for_its_list(body):
        return True
    if status_code == 400 and path == "/api/cards/" and unreadable_query(body):
        return True
    detail = body.get("detail")
    return isinstance(detail, str) and any(
        refusal.path in (None, path) and refusal.status == status_code and refusal.detail.search(detail)
        for refusal in REFUSALS
    )
