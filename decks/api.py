"""The decks JSON API: validation, decks, their versions, export, import and copies.

Who may do what (the same rules in every endpoint):

- `POST /api/validate/` needs no account and saves nothing.
- Reading a deck (detail, export, versions, diff) is open to anyone for public and unlisted decks,
  and to the owner for private ones. A private deck of someone else answers 404, as if it did not
  exist. Decks are found by their share id; unlisted decks are never in a list.
- Writing (create, import, update, delete, copy) needs an account: without one, 401. Only the
  owner can change or delete a deck; anyone else gets 404, whatever its visibility.
- Sessions and tokens both authenticate (`Authorization: Token <key>`; `POST /api/token/` gives
  one for a username and password, accounts/api.py).

A list that cannot be read, names unknown cards, puts a card in the wrong section or names an
unknown format is refused with 400, its problems in the validation result's shape, and nothing is
saved. A list that only breaks construction rules is saved, with `is_legal` false and its problems
under `validation`. An update sends the `version` it edited; if the deck was saved since, 409
with the current version.
"""
from __future__ import annotations

from typing import Any

from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.text import slugify
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from knox.auth import TokenAuthentication
from rest_framework import status
from rest_framework.authentication import SessionAuthentication
from rest_framework.exceptions import ParseError, UnsupportedMediaType
from rest_framework.generics import ListAPIView
from rest_framework.parsers import MultiPartParser
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from cardsdb.models import Game
from config.parsers import JSONParser
from engine.decklist import DecklistTooLong
from engine.games import game_slugs

from . import browse, likes, selectors, services
from .diffs import deck_diff
from .lists import check_list
from .models import LIST_SORTS, Deck
from .serializers import (
    MAX_VERSION,
    DeckCreateInputSerializer,
    DeckDetailOutputSerializer,
    DeckDiffInputSerializer,
    DeckDiffOutputSerializer,
    DeckExportInputSerializer,
    DeckImportInputSerializer,
    DeckImportTextSerializer,
    DeckImportUploadSerializer,
    DeckListOutputSerializer,
    DeckListPageSerializer,
    DeckReport,
    DeckUpdateInputSerializer,
    DeckVersionOutputSerializer,
    LikeOutputSerializer,
    MostPlayedCardSerializer,
    RefusedSerializer,
    StaleSerializer,
    ValidateInputSerializer,
    ValidateOutputSerializer,
)
from .tags import set_tags

# Token first: a request without credentials is answered 401 with `WWW-Authenticate: Token`.
AUTHENTICATION = [TokenAuthentication, SessionAuthentication]

# Share ids are 12 URL-safe characters (models.new_share_id): "mine" and "import" are other routes.
SHARE_ID_SCHEMA = {"type": "string", "pattern": "^[A-Za-z0-9_-]{12}$"}
VERSION_NUMBER = {"type": "integer", "minimum": 1, "maximum": MAX_VERSION}
DECK_ID = OpenApiParameter("share_id", SHARE_ID_SCHEMA, OpenApiParameter.PATH, description="The deck's share id.")
REFUSED = OpenApiResponse(RefusedSerializer, description="The list cannot be saved; nothing was.")
NOT_FOUND = OpenApiResponse(description="No such deck, or a private deck of someone else.")
NOT_YOURS = OpenApiResponse(description="No such deck of yours (also for others' decks, whatever their visibility).")


def _refused(error: services.DeckRefused) -> Response:
    body: dict[str, Any] = {"detail": str(error)}
    if error.result is not None:
        result = error.result.as_dict()
        body.update(problems=result["problems"], warnings=result["warnings"], omitted=result["omitted"])
    return Response(body, status=status.HTTP_400_BAD_REQUEST)


def _first_error(errors: Any) -> str:
    """One sentence from a serializer's errors, for a {"detail": ...} answer."""
    if isinstance(errors, dict):
        field, value = next(iter(errors.items()))
        message = _first_error(value)
        return message if field == "non_field_errors" else f"{field}: {message}"
    if isinstance(errors, list) and errors:
        return _first_error(errors[0])
    return str(errors)


def _report(saved: services.SavedDeck) -> DeckReport:
    return DeckReport(saved.deck, saved.deck.current.text, saved.checked)


def _readable(request: Request, share_id: str) -> Deck:
    return get_object_or_404(selectors.decks_readable_by(request.user), share_id=share_id)


def _owned(request: Request, share_id: str) -> Deck:
    return get_object_or_404(Deck.objects.select_related("game", "owner"), share_id=share_id, owner_id=request.user.pk)


def _game(slug: str) -> Game:
    game = Game.objects.filter(slug=slug).first()
    if game is None:
        raise ParseError(f"No cards of {slug!r} are loaded yet.")
    return game


class ValidateView(APIView):
    """Check a deck list against a game's rules; nothing is saved and no account is needed.

    200 for any list that could be read, with its problems (a line that is not a card line is a
    `parse_error` problem naming the line). 400 `{"detail": ...}` for a body that is not a JSON
    object, an unknown game or a list over the size limits. The answer also carries `stats`, the
    chart data the deck builder draws.
    """

    # Stateless: no session, hence no CSRF token needed by pages or scripts.
    authentication_classes: list[type] = []
    permission_classes = [AllowAny]
    parser_classes = [JSONParser]

    @extend_schema(
        request=ValidateInputSerializer,
        responses={200: ValidateOutputSerializer, 400: OpenApiResponse(description='{"detail": "..."}')},
    )
    def post(self, request: Request) -> Response:
        try:
            data = request.data
        except (ParseError, UnsupportedMediaType) as exc:
            return Response({"detail": f"The body must be a JSON object: {exc.detail}"}, status=400)
        if not isinstance(data, dict):
            return Response({"detail": 'The body must be a JSON object: {"game": ..., "list": ...}.'}, status=400)
        given = ValidateInputSerializer(data=data)
        if not given.is_valid():
            return Response({"detail": _first_error(given.errors)}, status=400)
        values = given.validated_data
        try:
            checked = check_list(selectors.game_cards(values["game"]), values["list"], values.get("format") or None)
        except DecklistTooLong as exc:
            return Response({"detail": str(exc)}, status=400)
        body = {**checked.result.as_dict(), "stats": checked.stats()}
        return Response(ValidateOutputSerializer(body).data)


def _text_parameter(name: str, description: str) -> OpenApiParameter:
    return OpenApiParameter(name, {"type": "string", "maxLength": browse.MAX_TEXT, "pattern": "^[^\\x00]*$"},
                            description=description)


LIST_PARAMETERS = [
    OpenApiParameter(
        "game", OpenApiTypes.STR, enum=["", *game_slugs()],
        description="Only this game's decks; blank or left out: every game's.",
    ),
    OpenApiParameter("sort", OpenApiTypes.STR, enum=["", *LIST_SORTS], description=(
        "new (newest first, the default), copies (most copied), runs (most tested), likes (most liked), "
        "popular (10 x copies + 3 x runs + views)."
    )),
    _text_parameter("q", "Words in the deck's name."),
    _text_parameter("card", "Only decks holding a card whose name contains this."),
    _text_parameter("card_slug", "Only decks holding this card (its slug)."),
    _text_parameter("tag", "Only decks with this tag (normalised as tags are: `Samurai Rush` is `samurai-rush`)."),
    OpenApiParameter("side", OpenApiTypes.STR, enum=["", *(c for g in browse.SIDE_CHOICES.values() for c in g)],
                     description="QQDND: a side of the alignment chart; Anguish: a Species (any case). "
                     "A side of another game than `game`'s is refused (400)."),
    OpenApiParameter("legal", OpenApiTypes.STR, enum=["", "true", "false"],
                     description="true: legal decks only; false: the others; blank: both."),
    _text_parameter("cursor", "Where the page starts: the `cursor` of the previous page's `next` link."),
    OpenApiParameter("page_size", {"type": "integer", "minimum": 1}, description=(
        f"Decks a page ({browse.PAGE_SIZE} by default; more than {browse.MAX_PAGE_SIZE} gives {browse.MAX_PAGE_SIZE})."
    )),
]


class PublicDeckList(APIView):
    """Public decks, sorted and filtered, a page at a time (keyset pages: follow `next`).
    Unlisted and private decks are never listed."""

    authentication_classes = AUTHENTICATION
    permission_classes = [AllowAny]

    @extend_schema(
        operation_id="decks_list",
        parameters=LIST_PARAMETERS,
        responses={200: DeckListPageSerializer, 400: OpenApiResponse(description="A parameter cannot be read.")},
    )
    def get(self, request: Request) -> Response:
        params = request.query_params
        try:
            query = browse.read_query(params)
            found = browse.page(query, browse.text_param(params, "cursor"), browse.page_size(params))
        except browse.BadQuery as exc:
            return Response({"detail": str(exc), "param": exc.param}, status=status.HTTP_400_BAD_REQUEST)
        next_url = None
        if found.next_cursor:
            next_url = request.build_absolute_uri(
                request.path + "?" + _with(params, cursor=found.next_cursor)
            )
        context = {"request": request}
        return Response({
            "next": next_url,
            "results": DeckListOutputSerializer(found.decks, many=True, context=context).data,
        })

    @extend_schema(
        request=DeckCreateInputSerializer,
        responses={201: DeckDetailOutputSerializer, 400: REFUSED, 401: OpenApiResponse(description="Sign in.")},
    )
    def post(self, request: Request) -> Response:
        """Create a deck (401 without an account). The list may be empty or break the rules."""
        if not request.user.is_authenticated:
            self.permission_denied(request)
        given = DeckCreateInputSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        values = given.validated_data
        try:
            saved = services.deck_create(
                owner=request.user, game=_game(values["game"]), name=values["name"],
                text=values.get("list", ""), description=values.get("description", ""),
                side=values.get("side"), format=values.get("format"), visibility=values["visibility"],
            )
        except services.DeckRefused as exc:
            return _refused(exc)
        if values.get("tags"):
            set_tags(saved.deck, values["tags"])
        body = DeckDetailOutputSerializer(_report(saved), context={"request": request}).data
        return Response(body, status=status.HTTP_201_CREATED)


def _with(params: Any, **changes: str) -> str:
    query = params.copy()
    for key, value in changes.items():
        query[key] = value
    return str(query.urlencode())


class MyDeckList(ListAPIView):
    """Your decks, every visibility, last saved first (401 without an account)."""

    serializer_class = DeckListOutputSerializer
    authentication_classes = AUTHENTICATION
    permission_classes = [IsAuthenticated]

    def get_queryset(self) -> Any:
        return selectors.decks_owned_by(self.request.user)


class DeckImport(APIView):
    """Save a pasted (`list`) or uploaded (`file`) deck list as a new deck of yours.

    Its name, side and format come from the list's headers unless given. 401 without an account;
    400 with the list's problems if it cannot be saved.
    """

    authentication_classes = AUTHENTICATION
    permission_classes = [IsAuthenticated]
    parser_classes = [JSONParser, MultiPartParser]  # a file comes as a multipart upload

    # JSON sends the list as text, a multipart form as a file (a form may also send `list` as text).
    @extend_schema(
        request={"application/json": DeckImportTextSerializer, "multipart/form-data": DeckImportUploadSerializer},
        responses={201: DeckDetailOutputSerializer, 400: REFUSED},
    )
    def post(self, request: Request) -> Response:
        given = DeckImportInputSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        values = given.validated_data
        try:
            saved = services.deck_import(
                owner=request.user, game=_game(values["game"]), text=values["list"], name=values.get("name"),
                description=values.get("description", ""), format=values.get("format") or None,
                visibility=values["visibility"],
            )
        except services.DeckRefused as exc:
            return _refused(exc)
        body = DeckDetailOutputSerializer(_report(saved), context={"request": request}).data
        return Response(body, status=status.HTTP_201_CREATED)


class DeckDetail(APIView):
    """One deck: read it (public, unlisted or yours), change it or delete it (yours only).

    GET answers the current list, its validation against today's cards and its chart data.
    PUT and PATCH both change only the fields sent, and need `version`: the version the change
    was made to (409 with the current version if the deck was saved since). Each change is kept
    as a new version. 401 for writes without an account; 404 for decks that are not yours.
    """

    authentication_classes = AUTHENTICATION
    permission_classes = [AllowAny]  # each method checks its own: reads by visibility, writes by owner

    @extend_schema(parameters=[DECK_ID], responses={200: DeckDetailOutputSerializer, 404: NOT_FOUND})
    def get(self, request: Request, share_id: str) -> Response:
        deck = _readable(request, share_id)
        text = deck.current.text
        report = DeckReport(deck, text, check_list(selectors.game_cards(deck.game.slug), text, deck.format))
        return Response(DeckDetailOutputSerializer(report, context={"request": request}).data)

    @extend_schema(
        parameters=[DECK_ID],
        request=DeckUpdateInputSerializer,
        responses={200: DeckDetailOutputSerializer, 400: REFUSED, 404: NOT_YOURS, 409: StaleSerializer},
    )
    def patch(self, request: Request, share_id: str) -> Response:
        if not request.user.is_authenticated:
            self.permission_denied(request)
        deck = _owned(request, share_id)
        given = DeckUpdateInputSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        values = given.validated_data
        try:
            saved = services.deck_update(
                deck=deck, user=request.user, version=values["version"], text=values.get("list"),
                name=values.get("name"), description=values.get("description"), side=values.get("side"),
                format=values.get("format"), visibility=values.get("visibility"),
                share_history=values.get("share_history"),
            )
        except services.DeckRefused as exc:
            return _refused(exc)
        except services.StaleDeck as exc:
            return Response({"detail": str(exc), "version": exc.current}, status=status.HTTP_409_CONFLICT)
        if "tags" in values:  # checked with the rest before anything was saved
            set_tags(saved.deck, values["tags"])
        return Response(DeckDetailOutputSerializer(_report(saved), context={"request": request}).data)

    @extend_schema(
        parameters=[DECK_ID],
        request=DeckUpdateInputSerializer,
        responses={200: DeckDetailOutputSerializer, 400: REFUSED, 404: NOT_YOURS, 409: StaleSerializer},
    )
    def put(self, request: Request, share_id: str) -> Response:
        return self.patch(request, share_id)

    @extend_schema(parameters=[DECK_ID], responses={204: None, 404: NOT_YOURS})
    def delete(self, request: Request, share_id: str) -> Response:
        if not request.user.is_authenticated:
            self.permission_denied(request)
        services.deck_delete(deck=_owned(request, share_id), user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class DeckExport(APIView):
    """The deck's list as a text file to download (`?version=N` for an older version; 404 for one
    saved before the deck was shared, except for its owner)."""

    authentication_classes = AUTHENTICATION
    permission_classes = [AllowAny]

    @extend_schema(
        parameters=[DECK_ID, OpenApiParameter("version", VERSION_NUMBER)],
        responses={(200, "text/plain"): OpenApiTypes.STR, 404: NOT_FOUND},
    )
    def get(self, request: Request, share_id: str) -> HttpResponse:
        deck = _readable(request, share_id)
        given = DeckExportInputSerializer(data=request.query_params)
        given.is_valid(raise_exception=True)
        number = given.validated_data.get("version", deck.version)
        version = selectors.deck_version(deck, number, request.user)
        if version is None:
            raise Http404(f"The deck has no version {number}.")
        filename = f"{slugify(deck.name) or 'deck'}-{deck.game.slug}-v{number}.txt"
        response = HttpResponse(version.text, content_type="text/plain; charset=utf-8")
        response["Content-Disposition"] = f'attachment; filename="{filename}"'
        return response


class DeckVersionList(ListAPIView):
    """The saved versions of a deck, newest first (readable decks only): every one for its owner;
    for anyone else, those saved since it was shared (`history_from` of the deck)."""

    serializer_class = DeckVersionOutputSerializer
    authentication_classes = AUTHENTICATION
    permission_classes = [AllowAny]
    pagination_class = None

    @extend_schema(parameters=[DECK_ID], responses={200: DeckVersionOutputSerializer(many=True), 404: NOT_FOUND})
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().get(request, *args, **kwargs)

    def get_queryset(self) -> Any:
        deck = _readable(self.request, self.kwargs["share_id"])
        return selectors.versions_readable_by(deck, self.request.user)


class DeckDiffView(APIView):
    """What changed between two versions: `?from=N&to=M`, by default the previous and the current.

    The answer: `{"from", "to", "sections": [{"section", "pinned_to", "added", "removed", "changed"}],
    "headers": [{"key", "before", "after"}]}`, each card change `{"name", "before", "after"}`.
    """

    authentication_classes = AUTHENTICATION
    permission_classes = [AllowAny]

    @extend_schema(
        parameters=[DECK_ID, OpenApiParameter("from", VERSION_NUMBER), OpenApiParameter("to", VERSION_NUMBER)],
        responses={200: DeckDiffOutputSerializer, 404: NOT_FOUND},
    )
    def get(self, request: Request, share_id: str) -> Response:
        deck = _readable(request, share_id)
        params = request.query_params
        given = DeckDiffInputSerializer(data={
            key: params[name] for key, name in (("from_version", "from"), ("to_version", "to")) if name in params
        })
        given.is_valid(raise_exception=True)
        after = given.validated_data.get("to_version", deck.version)
        before = given.validated_data.get("from_version", max(after - 1, deck.first_version_for(request.user)))
        readable = selectors.versions_readable_by(deck, request.user)
        versions = {v.number: v for v in readable.filter(number__in=[before, after])}
        missing = [n for n in (before, after) if n not in versions]
        if missing:
            raise Http404(f"The deck has no version {missing[0]}.")
        for version in versions.values():
            version.deck = deck  # spares deck_diff a query for the game
        diff = deck_diff(versions[before], versions[after])
        return Response(DeckDiffOutputSerializer(diff).data)


class DeckCopy(APIView):
    """Copy a deck you can read (public, unlisted or yours) into your decks, as a private deck.

    401 without an account; 404 for someone else's private deck.
    """

    authentication_classes = AUTHENTICATION
    permission_classes = [IsAuthenticated]

    @extend_schema(parameters=[DECK_ID], request=None, responses={201: DeckDetailOutputSerializer, 404: NOT_FOUND})
    def post(self, request: Request, share_id: str) -> Response:
        deck = _readable(request, share_id)
        try:
            saved = services.deck_copy(deck=deck, user=request.user)
        except services.DeckRefused as exc:
            return _refused(exc)
        body = DeckDetailOutputSerializer(_report(saved), context={"request": request}).data
        return Response(body, status=status.HTTP_201_CREATED)


class DeckLike(APIView):
    """Like (POST) or stop liking (DELETE) a deck you can read and do not own.

    401 without an account; 404 for someone else's private deck; 403 for your own deck. Liking twice
    is one like; taking back a like you never gave changes nothing.
    """

    authentication_classes = AUTHENTICATION
    permission_classes = [IsAuthenticated]

    def _answer(self, deck: Deck, liked: bool) -> Response:
        deck.refresh_from_db(fields=["likes_count"])
        return Response(LikeOutputSerializer({"liked": liked, "likes_count": deck.likes_count}).data)

    @extend_schema(
        parameters=[DECK_ID], request=None,
        responses={200: LikeOutputSerializer, 403: OpenApiResponse(description="Your own deck."), 404: NOT_FOUND},
    )
    def post(self, request: Request, share_id: str) -> Response:
        deck = _readable(request, share_id)
        try:
            likes.like(deck, request.user)
        except likes.CannotLike as exc:
            return Response({"detail": str(exc)}, status=status.HTTP_403_FORBIDDEN)
        return self._answer(deck, True)

    @extend_schema(parameters=[DECK_ID], request=None, responses={200: LikeOutputSerializer, 404: NOT_FOUND})
    def delete(self, request: Request, share_id: str) -> Response:
        deck = _readable(request, share_id)
        likes.unlike(deck, request.user)
        return self._answer(deck, False)


MOST_PLAYED_LIMIT = 100


class MostPlayedCards(APIView):
    """A game's cards by how many public decks hold them (kept as counters), most played first."""

    authentication_classes = AUTHENTICATION
    permission_classes = [AllowAny]

    @extend_schema(
        parameters=[
            OpenApiParameter("game", OpenApiTypes.STR, required=True, enum=list(game_slugs()),
                             description="The game's slug."),
            OpenApiParameter("limit", {"type": "integer", "minimum": 1, "maximum": MOST_PLAYED_LIMIT},
                             description="How many cards (50 by default)."),
        ],
        responses={200: MostPlayedCardSerializer(many=True), 400: OpenApiResponse(description="No such game.")},
    )
    def get(self, request: Request) -> Response:
        slug = request.query_params.get("game", "").strip()
        game = Game.objects.filter(slug=slug).first() if slug else None
        if game is None:
            return Response({"detail": f"No game {slug!r}." if slug else "Say which game: `game`."}, status=400)
        limit_text = request.query_params.get("limit", "50")
        if not limit_text.isascii() or not limit_text.isdigit() or not 1 <= int(limit_text) <= MOST_PLAYED_LIMIT:
            return Response({"detail": f"`limit` is a whole number from 1 to {MOST_PLAYED_LIMIT}."}, status=400)
        plays = browse.most_played_cards(game, int(limit_text))
        return Response(MostPlayedCardSerializer(plays, many=True, context={"request": request}).data)

