"""The deck pages: accounts, the deck builder, a deck's page with its history and diffs, import and
export, copies, and each game's public deck list.

Views only read requests and render: reads go through decks/selectors.py, writes through
decks/services.py (which also enforce who may change a deck), list checks through decks/lists.py.
A deck someone may not read answers 404 on every page, as if it did not exist; a deck someone may
read but not change answers 404 on its edit and delete pages.
"""
from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.core.cache import caches
from django.db import transaction
from django.db.models import QuerySet, prefetch_related_objects
from django.http import (
    Http404,
    HttpRequest,
    HttpResponse,
    HttpResponseBadRequest,
    HttpResponseNotAllowed,
    QueryDict,
)
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.text import capfirst, slugify

from accounts.forms import SignupForm
from cardsdb.models import Game
from cardsdb.versions import request_version
from cardsdb.views import demo_sets
from engine.decklist import GAME_SECTIONS, DecklistTooLong, parse_decklist
from engine.games import game_schema
from engine.problems import MAX_PROBLEMS_SHOWN
from engine.validation import DEFAULT_FORMAT

from . import builder, drafts, selectors, services, view_counts
from .diffs import deck_diff
from .discovery_views import deck_discovery_context
from .forms import DeckForm, ImportForm
from .keyset import BadCursor, keyset_page
from .lists import REFUSALS, CheckedList, GameCards, check_list
from .models import Deck, DeckCard, DeckVersion, Visibility
from .simulations.models import SimulationRun
from .tags import set_tags

PAGE_SIZE = 30
# The session key naming the builder draft a save made obsolete; the deck's page clears it.
CLEAR_DRAFT = "clear_draft"
PAST_RUNS = 10  # the latest runs (goldfish runs, matchups, gauntlets) listed on a deck's page
# Summary keys the validation panel lays out itself (Anguish's hour curve is drawn as a chart);
# any other key is listed as a plain fact.
LAID_OUT_SUMMARY_KEYS = frozenset({"sections", "assignment", "unassigned", "hour_curve"})
# A version number in an address: a few ASCII digits (a deck has far fewer versions than 10^9).
VERSION_NUMBER = re.compile(r"[0-9]{1,9}")
# "Key: value" before the first section, as engine/decklist.py reads a header.
HEADER_LINE = re.compile(r"\s*[A-Za-z][A-Za-z0-9_-]*\s*:\s*\S")


# Reading the request ------------------------------------------------------------------------------


def _readable_or_404(request: HttpRequest, share_id: str) -> Deck:
    return get_object_or_404(selectors.decks_readable_by(request.user), share_id=share_id)


def _owned_or_404(request: HttpRequest, share_id: str) -> Deck:
    # Anyone else, signed in or not, is told the deck does not exist, whatever its visibility.
    return get_object_or_404(Deck.objects.select_related("game", "owner"), share_id=share_id, owner_id=request.user.pk)


def _version_number(params: QueryDict, key: str, default: int) -> int:
    value = params.get(key, "")
    if not value:
        return default
    # ASCII digits only: str.isdigit() also accepts "²", which int() refuses.
    if not VERSION_NUMBER.fullmatch(value):
        raise BadVersion(f"?{key}= must be a version number (1, 2, ...); got {value[:20]!r}.")
    return int(value)


class BadVersion(ValueError):
    """A version number in the address that is not one; answered 400 with the message."""


def _bad_request(message: str) -> HttpResponse:
    return HttpResponseBadRequest(message, content_type="text/plain; charset=utf-8")


def _version_or_404(request: HttpRequest, deck: Deck, number: int) -> DeckVersion:
    version = selectors.deck_version(deck, number, request.user)
    if version is None:
        raise Http404(f"The deck has no version {number}.")
    return version


def _paginate(request: HttpRequest, items: QuerySet[Deck], field: str) -> dict[str, Any]:
    """A page of a deck list by keyset (decks/keyset.py): never counted, as fast deep as first."""
    return {"page": keyset_page(items, field, request.GET, PAGE_SIZE)}


def _safe_next(request: HttpRequest) -> str | None:
    wanted = request.POST.get("next") or request.GET.get("next")
    if wanted and url_has_allowed_host_and_scheme(wanted, {request.get_host()}, request.is_secure()):
        return str(wanted)
    return None


# What the templates show ---------------------------------------------------------------------------


@dataclass(frozen=True)
class MemberSection:
    """A QQDND Party Member's section: the Resources the check assigned to it."""

    member: str
    total: int
    cards: list[tuple[str, int]]


@dataclass(frozen=True)
class ValidationPanel:
    """A validation result laid out for the page; the builder's script draws the same from JSON."""

    legal: bool
    format: str
    problems: list[dict[str, Any]]
    warnings: list[dict[str, Any]]
    omitted_problems: int  # how many the answer left out (it lists the first few)
    omitted_warnings: int
    sections: list[tuple[str, int]]
    members: list[MemberSection]
    unassigned: list[tuple[str, int]]
    facts: list[tuple[str, str]]

    @property
    def problem_count(self) -> int:
        return len(self.problems) + self.omitted_problems


def _fact_text(value: Any) -> str:
    if isinstance(value, dict):
        # Counts by kind ("card_types"): the kinds the deck has none of are left out.
        return " · ".join(f"{_fact_label(str(k))} {_fact_text(v)}" for k, v in value.items() if v != 0) or "none"
    if isinstance(value, list | tuple):
        return ", ".join(_fact_text(item) for item in value) or "none"
    return str(value)


def _fact_label(key: str) -> str:
    return capfirst(key.replace("_", " "))


def validation_panel(result: dict[str, Any]) -> ValidationPanel:
    summary = result.get("summary") or {}
    assignment = summary.get("assignment") or {}
    omitted = result.get("omitted") or {}
    return ValidationPanel(
        legal=bool(result["legal"]),
        format=str(result["format"]),
        problems=list(result["problems"]),
        warnings=list(result["warnings"]),
        omitted_problems=int(omitted.get("problems", 0)),
        omitted_warnings=int(omitted.get("warnings", 0)),
        sections=list((summary.get("sections") or {}).items()),
        members=[
            MemberSection(member, sum(cards.values()), sorted(cards.items()))
            for member, cards in assignment.items()
        ],
        unassigned=sorted((summary.get("unassigned") or {}).items()),
        # A fact with no value (no single Condemned) is left out: the problems say what is missing.
        facts=[(_fact_label(k), _fact_text(v)) for k, v in summary.items()
               if k not in LAID_OUT_SUMMARY_KEYS and v is not None],
    )


@dataclass
class SectionCards:
    """The cards of one section of a deck, as its page lists them."""

    title: str
    rows: list[DeckCard] = field(default_factory=list)

    @property
    def total(self) -> int:
        return sum(row.count for row in self.rows)


def _sections(game: str, rows: list[DeckCard]) -> list[SectionCards]:
    """The deck's cards by section, in the game's section order (pinned sections after their
    section), each sorted by card type then name, the way an export lists them."""
    order = GAME_SECTIONS[game]
    type_rank = {t.slug: rank for rank, t in enumerate(game_schema(game).card_types)}
    grouped: dict[tuple[str, str], SectionCards] = {}
    for row in rows:
        title = f"{row.section} ({row.pinned_to})" if row.pinned_to else row.section
        grouped.setdefault((row.section, row.pinned_to), SectionCards(title)).rows.append(row)
    keys = sorted(grouped, key=lambda k: (order.index(k[0]) if k[0] in order else len(order), k[1] != "", k[1]))
    for section in grouped.values():
        section.rows.sort(key=lambda r: (type_rank.get(r.card.card_type, len(type_rank)), r.card.name.casefold()))
    return [grouped[key] for key in keys]


def list_body(text: str) -> str:
    """A saved list without its leading header lines: the builder edits those as fields."""
    lines = text.splitlines()
    start = 0
    while start < len(lines) and (not lines[start].strip() or HEADER_LINE.match(lines[start])):
        start += 1
    return "".join(f"{line}\n" for line in lines[start:])


@dataclass(frozen=True)
class Refusals:
    """The problems that stopped a save (the first few), and how many more there were."""

    problems: list[dict[str, Any]]
    omitted: int


def _refusals(refused: services.DeckRefused | None) -> Refusals:
    """The problems that stopped a save; the rules a deck in progress still breaks are not news."""
    if refused is None or refused.result is None:
        return Refusals([], 0)
    found = [p for p in refused.result.problems if p.code in REFUSALS]
    shown = found[:MAX_PROBLEMS_SHOWN]
    return Refusals([p.as_dict() for p in shown], len(found) - len(shown))


def _checked(game: str, text: str, format: str | None, cards: GameCards | None = None) -> CheckedList | None:
    """The list's validation, or None when it is over the size limits (the page says so)."""
    try:
        return check_list(cards or selectors.game_cards(game), text, format)
    except DecklistTooLong:
        return None


def _deck_check(request: HttpRequest, deck: Deck, text: str, cards: GameCards) -> dict[str, Any]:
    """The page's validation panel and charts of the deck's list. They depend only on the game, the
    list, the format and the game's cards, so they are kept in the cache under those: a load or an
    admin edit of any card makes a new card data version (cardsdb/versions.py), and every list is
    checked again."""
    digest = hashlib.blake2b(text.encode(), digest_size=16).hexdigest()
    key = f"deck-check:{deck.game.slug}:{deck.format}:{request_version(request).tag}:{digest}"
    # Where rendered card pages are kept (Redis when there is one, else each process's memory): not
    # the file cache, whose culling would also drop the throttles' and lockouts' counters.
    cache = caches[settings.CARD_PAGE_CACHES[-1]]
    found: dict[str, Any] | None = cache.get(key)
    if found is None:
        checked = _checked(deck.game.slug, text, deck.format, cards)
        found = {
            "panel": validation_panel(checked.result.as_dict()) if checked else None,
            "stats": checked.stats() if checked else {"charts": [], "totals": []},
        }
        cache.set(key, found)
    return found


def hand_config(
    game: str, entries: list[dict[str, Any]] | None, cards: GameCards | None = None
) -> dict[str, Any]:
    """What the sample hand needs: the game's opening rules, and on a deck's page the deck's cards with
    each one's type (and Hand Value). On the builder, the list being edited and the builder's own
    card data (its config's `limits`) stand in for them."""
    if entries is None:
        return {"game": game, "rules": builder.opening_rules(game), "cards": {}, "entries": None}
    cards = cards or selectors.game_cards(game)
    return {
        "game": game,
        "rules": builder.opening_rules(game),
        "cards": builder.card_limits(game, cards.index, [e["name"] for e in entries]),
        "entries": entries,
    }


def draft_key(game: Game, deck: Deck | None) -> str:
    """Where the builder keeps its draft in the browser: one per deck, one per game for a new deck."""
    return f"cardtable:draft:{deck.share_id if deck else 'new:' + game.slug}"


def _builder_config(request: HttpRequest, game: Game, deck: Deck | None, unsaved: bool) -> dict[str, Any]:
    """What the builder's script needs to know about the game, as JSON in the page."""
    schema = game.schema
    defaults = {t.slug: t.default_section for t in schema.card_types}
    sections = GAME_SECTIONS[game.slug]
    cards = selectors.game_cards(game.slug)
    limits = builder.card_limits(game.slug, cards.index, cards.ids)
    here = request.path
    return {
        "game": game.slug,
        "sections": list(sections),
        "defaultSections": defaults,
        # Sections that are no type's own (Anguish's Sideboard) take any card.
        "openSections": [s for s in sections if s not in set(defaults.values())],
        "typeLabels": {t.slug: t.label for t in schema.card_types},
        "sideHeader": "Side" if game.slug in services.GAMES_WITH_SIDE else "",
        "cardsUrl": reverse("api-cards"),
        "autocompleteUrl": reverse("api-card-autocomplete"),
        "validateUrl": reverse("api-validate"),
        # The description's preview is the server's rendering (decks/markdown.py), never the browser's.
        "markdownPreviewUrl": reverse("api-markdown-preview"),
        "limits": limits,
        "exampleName": builder.example_name(limits, cards.ids),
        **builder.side_rules(game.slug),
        "problemWords": builder.PROBLEM_WORDS,
        # Drafts live in the browser's storage, one per deck (or per game for a new deck).
        "draftKey": draft_key(game, deck),
        # A signed-in player's draft is also kept on the server, so it follows them to other browsers.
        "draftUrl": reverse("api-draft", args=[game.slug, deck.share_id if deck else drafts.NEW_DECK])
        if request.user.is_authenticated else "",
        # When this builder was opened: a new deck saved since makes its drafts outdated (drafts.keep).
        "draftStarted": timezone.now().isoformat(),
        # The page shows a list that was posted but not saved (refused, stale or with form errors).
        "unsaved": unsaved,
        "signedIn": bool(request.user.is_authenticated),
        "loginUrl": f"{reverse('login')}?{urlencode({'next': here})}",
        "signupUrl": f"{reverse('signup')}?{urlencode({'next': here})}",
    }


def _builder(
    request: HttpRequest, game: Game, form: DeckForm, *, deck: Deck | None = None, status: int = 200,
    refused: services.DeckRefused | None = None, stale: services.StaleDeck | None = None,
) -> HttpResponse:
    if form.is_bound:
        data = form.data
        side = data.get("side", "")
        body = data.get("list", "")
        format = data.get("format") or None
    else:
        side = str(form.initial.get("side") or "")
        body = str(form.initial.get("list") or "")
        format = str(form.initial.get("format") or DEFAULT_FORMAT)
    # Validate what the builder's script sends: the list with the side as a header.
    side_in_list = "Side" in _body_headers(body)
    text = body if not side or side_in_list else f"Side: {side}\n{body}"
    checked = _checked(game.slug, text, format)
    context = {
        "game": game,
        "deck": deck,
        "form": form,
        "refused": refused,
        "refused_problems": _refusals(refused),
        "stale": stale,
        "panel": validation_panel(checked.result.as_dict()) if checked else None,
        "stats": checked.stats() if checked else {"charts": [], "totals": []},
        "builder_config": _builder_config(request, game, deck, unsaved=form.is_bound),
        "hand_config": hand_config(game.slug, None),
        # The side is chosen in a menu unless the list itself has a "Side:" line.
        "side_menu": "side" in form.fields and not side_in_list,
    }
    return render(request, "decks/builder.html", context, status=status)


def _body_headers(body: str) -> dict[str, str]:
    try:
        return parse_decklist(body).headers
    except DecklistTooLong:
        return {}


# Accounts ----------------------------------------------------------------------------------------


def signup(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect("deck-mine")
    form = SignupForm(request.POST if request.method == "POST" else None)
    if form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        wanted = _safe_next(request)
        if wanted:
            messages.success(request, f"Welcome, {user.get_username()}.")
            return redirect(wanted)
        first_game = Game.objects.order_by("sort_order", "name").first()
        if first_game is None:
            return redirect("deck-index")
        messages.success(request, f"Welcome, {user.get_username()}. Build your first deck here "
                                  "(the Decks page starts one for each game).")
        return redirect("deck-new", first_game.slug)
    return render(request, "registration/signup.html", {"form": form, "next": _safe_next(request) or ""},
                  status=400 if form.is_bound else 200)


# Lists of decks ----------------------------------------------------------------------------------


def deck_index(request: HttpRequest) -> HttpResponse:
    """Decks: start one per game, the newest public decks, and your latest."""
    context = {
        "games": Game.objects.order_by("sort_order", "name"),
        # The tables of this page show no tags: not fetched.
        "newest": selectors.public_decks(tags=False)[:10],
        "mine": selectors.decks_owned_by(request.user, tags=False)[:5],
    }
    return render(request, "decks/index.html", context)


@login_required
def my_decks(request: HttpRequest) -> HttpResponse:
    try:
        page = _paginate(request, selectors.decks_owned_by(request.user, tags=False), "updated_at")
    except BadCursor as error:
        return _bad_request(str(error))
    return render(request, "decks/my_decks.html", page)


# The builder and import --------------------------------------------------------------------------


def deck_new(request: HttpRequest, game_slug: str) -> HttpResponse:
    """The builder for a new deck. Anyone may build, check and export; saving needs an account (the
    builder's script keeps the deck as a draft through signing up or logging in)."""
    game = get_object_or_404(Game, slug=game_slug)
    if request.method == "POST" and not request.user.is_authenticated:
        return redirect_to_login(request.path)
    form = DeckForm(request.POST if request.method == "POST" else None, game=game.slug,
                    initial={"format": DEFAULT_FORMAT})
    if not form.is_valid():
        return _builder(request, game, form, status=400 if form.is_bound else 200)
    data = form.cleaned_data
    try:
        with transaction.atomic():  # the deck with its tags, or neither
            saved = services.deck_create(
                owner=request.user, game=game, name=data["name"], text=data["list"],
                description=data["description"], side=data.get("side"), format=data["format"],
                visibility=data["visibility"],
            )
            set_tags(saved.deck, data["tags"])
    except services.DeckRefused as exc:
        return _builder(request, game, form, status=400, refused=exc)
    request.session[CLEAR_DRAFT] = draft_key(game, None)
    drafts.forget(request.user, game, None)
    messages.success(request, f"Saved “{saved.deck.name}” (version 1).")
    return redirect(saved.deck)


def deck_edit(request: HttpRequest, share_id: str) -> HttpResponse:
    deck = _owned_or_404(request, share_id)
    tags_before = sorted(deck.tags.values_list("tag", flat=True))
    initial = {
        "name": deck.name, "description": deck.description, "side": deck.side, "format": deck.format,
        "visibility": deck.visibility, "list": list_body(deck.current.text), "version": deck.version,
        "tags": ", ".join(tags_before),
    }
    form = DeckForm(request.POST if request.method == "POST" else None, game=deck.game.slug, initial=initial)
    form.fields["version"].required = True
    if not form.is_valid():
        return _builder(request, deck.game, form, deck=deck, status=400 if form.is_bound else 200)
    data = form.cleaned_data
    try:
        with transaction.atomic():  # the deck with its tags, or neither
            saved = services.deck_update(
                deck=deck, user=request.user, version=data["version"], text=data["list"], name=data["name"],
                description=data["description"], side=data.get("side"), format=data["format"],
                visibility=data["visibility"], share_history=True if data["share_history"] else None,
            )
            tags_after = set_tags(saved.deck, data["tags"])
    except services.DeckRefused as exc:
        return _builder(request, deck.game, form, deck=deck, status=400, refused=exc)
    except services.StaleDeck as exc:
        return _builder(request, deck.game, form, deck=deck, status=409, stale=exc)
    request.session[CLEAR_DRAFT] = draft_key(deck.game, deck)
    drafts.forget(request.user, deck.game, deck)
    if saved.deck.version == data["version"] and tags_after != tags_before:
        # Tags are not part of the list: a change of tags alone makes no new version.
        messages.success(request, f"Saved the tags of “{saved.deck.name}” (still version {saved.deck.version}).")
    elif saved.deck.version == data["version"]:
        messages.info(request, f"Nothing changed; the deck is still at version {saved.deck.version}.")
    else:
        messages.success(request, f"Saved version {saved.deck.version} of “{saved.deck.name}”.")
    return redirect(saved.deck)


@login_required
def deck_import(request: HttpRequest) -> HttpResponse:
    form = ImportForm(
        request.POST if request.method == "POST" else None,
        request.FILES if request.method == "POST" else None,
        initial={"game": request.GET.get("game")},
    )
    refused: services.DeckRefused | None = None
    if form.is_valid():
        data = form.cleaned_data
        try:
            saved = services.deck_import(
                owner=request.user, game=data["game"], text=data["list"], name=data["name"] or None,
                visibility=data["visibility"],
            )
        except services.DeckRefused as exc:
            refused = exc
        else:
            messages.success(request, f"Imported “{saved.deck.name}”.")
            return redirect(saved.deck)
    context = {
        "form": form,
        "refused": refused,
        "refused_problems": _refusals(refused),
    }
    return render(request, "decks/import.html", context, status=400 if form.is_bound else 200)


# One deck ----------------------------------------------------------------------------------------


def deck_detail(request: HttpRequest, share_id: str) -> HttpResponse:
    deck = _readable_or_404(request, share_id)
    # Others' views are counted in Redis (decks/view_counts.py); the page shows them before they are written.
    owner = deck.is_owner(request.user)
    deck.views_count += view_counts.pending(deck.pk) if owner else view_counts.count_view(deck.pk)
    versions = list(selectors.versions_readable_by(deck, request.user))
    # The current version is one of those the reader may read (history_from never passes it).
    current = next((v for v in versions if v.number == deck.version), None) or deck.current
    text = current.text
    # One read of the game's cards for the whole page (each read checks they are current: a query).
    cards = selectors.game_cards(deck.game.slug)
    check = _deck_check(request, deck, text, cards)
    rows = list(deck.cards.select_related("card__card_set"))
    for row in rows:
        row.card.game = deck.game  # a deck's cards are of its game: no join, no Game row per card
    context = {
        "deck": deck,
        "game": deck.game,
        "is_owner": deck.owner_id == request.user.pk,
        "text": text,
        "panel": check["panel"],
        "stats": check["stats"],
        "sections": _sections(deck.game.slug, rows),
        "versions": versions,
        "first_version": deck.first_version_for(request.user),
        "original": selectors.original_shown_to(deck, request.user),
        "share_url": request.build_absolute_uri(deck.get_absolute_url())
        if deck.visibility != Visibility.PRIVATE else "",
        "demo_sets": demo_sets(row.card for row in rows),
        "filename": _filename(deck, deck.version),
        "clear_draft": request.session.pop(CLEAR_DRAFT, ""),
        "runs": _past_runs(deck),
        "hand_config": hand_config(deck.game.slug, [
            {"name": row.card.name, "count": row.count, "section": row.section} for row in rows
        ], cards),
    }
    context.update(deck_discovery_context(request, deck))
    return render(request, "decks/detail.html", context)


def _past_runs(deck: Deck) -> list[SimulationRun]:
    """The deck's latest runs (whoever reads the deck reads its runs), with the opponents of those that
    played other decks: read only when one did, as most decks' runs are goldfish runs."""
    runs = list(deck.runs.order_by("-created_at")[:PAST_RUNS])
    prefetch_related_objects([run for run in runs if run.two_decks], "pairings")
    return runs


def _filename(deck: Deck, number: int) -> str:
    return f"{slugify(deck.name) or 'deck'}-{deck.game.slug}-v{number}.txt"


def _list_text(request: HttpRequest, share_id: str, *, download: bool) -> HttpResponse:
    deck = _readable_or_404(request, share_id)
    try:
        number = _version_number(request.GET, "version", deck.version)
    except BadVersion as error:
        return _bad_request(str(error))
    version = _version_or_404(request, deck, number)
    response = HttpResponse(version.text, content_type="text/plain; charset=utf-8")
    if download:
        response["Content-Disposition"] = f'attachment; filename="{_filename(deck, version.number)}"'
    return response


def deck_export(request: HttpRequest, share_id: str) -> HttpResponse:
    """The list as plain text in the browser (`?version=N` for an older version)."""
    return _list_text(request, share_id, download=False)


def deck_download(request: HttpRequest, share_id: str) -> HttpResponse:
    """The list as a .txt file to save."""
    return _list_text(request, share_id, download=True)


def version_diff(request: HttpRequest, share_id: str) -> HttpResponse:
    """What changed between two versions (`?from=N&to=M`); by default the previous and the current."""
    deck = _readable_or_404(request, share_id)
    readable = selectors.versions_readable_by(deck, request.user)
    try:
        after = _version_number(request.GET, "to", deck.version)
        before = _version_number(request.GET, "from", max(after - 1, deck.first_version_for(request.user)))
    except BadVersion as error:
        return _bad_request(str(error))
    versions = {v.number: v for v in readable.filter(number__in=[before, after])}
    for number in (before, after):
        if number not in versions:
            raise Http404(f"The deck has no version {number}.")
        versions[number].deck = deck  # spares deck_diff a query for the game
    context = {
        "deck": deck,
        "game": deck.game,
        "diff": deck_diff(versions[before], versions[after]),
        "demo_sets": selectors.demo_sets_in_lists(deck.game, versions[before].text, versions[after].text),
        "versions": list(readable.values_list("number", flat=True)),
        "before": before,
        "after": after,
    }
    return render(request, "decks/diff.html", context)


def deck_copy(request: HttpRequest, share_id: str) -> HttpResponse:
    """Copy a deck one can read into one's own decks (POST)."""
    deck = _readable_or_404(request, share_id)
    if request.method != "POST":
        return HttpResponseNotAllowed(["POST"])
    if not request.user.is_authenticated:
        return redirect_to_login(deck.get_absolute_url())
    try:
        saved = services.deck_copy(deck=deck, user=request.user)
    except services.DeckRefused as exc:  # e.g. a card of the list is no longer in the database
        messages.error(request, f"This deck could not be copied: {exc}")
        return redirect(deck)
    messages.success(request, f"Copied into your decks as “{saved.deck.name}” (private).")
    return redirect(saved.deck)


def deck_delete(request: HttpRequest, share_id: str) -> HttpResponse:
    deck = _owned_or_404(request, share_id)
    if request.method == "POST":
        name = deck.name
        services.deck_delete(deck=deck, user=request.user)
        messages.success(request, f"Deleted “{name}” and its history.")
        return redirect("deck-mine")
    return render(request, "decks/delete.html", {"deck": deck, "game": deck.game})

