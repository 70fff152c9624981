"""The card search query language: parsing, each field kind's operators, errors, ordering, wording.

Most tests run against the made-up game in search_factories (one search field of each kind):
  Ashen Ronin   hero  rv 12  classes Samurai             school Fire  initiative 3-5
  Blizzard      spell unique  power 7      ranged        school Ice   initiative 17
  Cinder Bolt   spell not unique  power empty  ranged    school Fire  initiative X (empty)
  Dawn Paladin  hero  rv 14  classes Paladin, Café Owner school empty initiative 16-19
  Ember Sage    hero  rv 10  classes Wizard              school Fire  initiative 1-2
  Frost Ward    spell unique  power 2      melee         school Ice   initiative 5
"""
from __future__ import annotations

import pytest
from pytest_django import DjangoAssertNumQueries

from cardsdb.models import Card, Game
from cardsdb.search import (
    MAX_NEGATIONS,
    MAX_NESTING,
    MAX_QUERY_LENGTH,
    QueryError,
    card_search,
    describe,
    parse_query,
    search_cards,
)
from cardsdb.search.nodes import And, Comparison, Not, Or, Words
from tests.web.search_factories import DEMO_SCHEMA, make_card, make_demo_cards, make_game

ALL = ["Ashen Ronin", "Blizzard", "Cinder Bolt", "Dawn Paladin", "Ember Sage", "Frost Ward"]
HEROES = ["Ashen Ronin", "Dawn Paladin", "Ember Sage"]
SPELLS = ["Blizzard", "Cinder Bolt", "Frost Ward"]


@pytest.fixture
def demo_game(db: None) -> Game:
    return make_demo_cards()


def found(query: str, ordering: str | None = None) -> list[str]:
    cards = Card.objects.filter(game__slug="demo")
    return [card.name for card in search_cards(cards, DEMO_SCHEMA, query, ordering)]


def error_of(query: str) -> QueryError:
    with pytest.raises(QueryError) as caught:
        found(query)
    return caught.value


def everyone_but(*names: str) -> list[str]:
    return [name for name in ALL if name not in names]


# --- words and phrases -------------------------------------------------------------------------

@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("bolt", ["Cinder Bolt"]),  # in the name
        ("BLIZZ", ["Blizzard"]),  # any case
        ("freeze", ["Blizzard"]),  # in the rules text
        ("damage to", ["Ashen Ronin", "Cinder Bolt"]),  # two words, anywhere
        ('"damage to"', ["Ashen Ronin"]),  # the phrase, in that order
        ("\u201cdamage to\u201d", ["Ashen Ronin"]),  # typographic quotes work too
        (r'"next \"deal\""', ["Frost Ward"]),  # a quote inside a phrase
        ('"and"', ["Cinder Bolt"]),  # a quoted keyword is a word ("...your hand.")
        ("nothing-like-this", []),
    ],
)
def test_it_matches_bare_words_and_phrases_in_name_or_text(demo_game: Game, query: str, expected: list[str]) -> None:
    assert found(query) == expected


def test_it_returns_every_card_for_an_empty_query(demo_game: Game) -> None:
    assert found("") == ALL
    assert found("   ") == ALL


# --- each field kind ---------------------------------------------------------------------------

@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("rv=12", ["Ashen Ronin"]),
        ("rv:12", ["Ashen Ronin"]),
        ("rv!=12", ["Dawn Paladin", "Ember Sage"]),
        ("rv<12", ["Ember Sage"]),
        ("rv<=12", ["Ashen Ronin", "Ember Sage"]),
        ("rv>12", ["Dawn Paladin"]),
        ("rv>=12", ["Ashen Ronin", "Dawn Paladin"]),
        ("rv>-1", HEROES),
        # Cinder Bolt's power is empty (JSON null) and heroes have none: neither ever matches.
        ("pow>1", ["Blizzard", "Frost Ward"]),
        ("power<10", ["Blizzard", "Frost Ward"]),
        ("power!=7", ["Frost Ward"]),
        ("power=0", []),
    ],
)
def test_it_compares_number_fields(demo_game: Game, query: str, expected: list[str]) -> None:
    assert found(query) == expected


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("rr:spells", ["Ashen Ronin"]),
        ("restriction:NO", HEROES),  # "No spells", "No evil, no chaotic", "(None)"
        ('rr="no spells"', ["Ashen Ronin"]),
        ("rr=no", []),  # = is the whole value, not part of it
        ('rr!="no spells"', ["Dawn Paladin", "Ember Sage"]),  # spells have no restriction at all
        ("name:bolt", ["Cinder Bolt"]),
        ('name="cinder bolt"', ["Cinder Bolt"]),
        ('name!="cinder bolt"', everyone_but("Cinder Bolt")),
        ("text:freeze", ["Blizzard"]),
        ("o:damage", ["Ashen Ronin", "Cinder Bolt"]),
        ("set:promo", ["Dawn Paladin", "Frost Ward"]),
        ("set=cor", []),
        ("set=CORE", ["Ashen Ronin", "Blizzard", "Cinder Bolt", "Ember Sage"]),
    ],
)
def test_it_compares_text_fields(demo_game: Game, query: str, expected: list[str]) -> None:
    assert found(query) == expected


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("school:fire", ["Ashen Ronin", "Cinder Bolt", "Ember Sage"]),
        ("school=ICE", ["Blizzard", "Frost Ward"]),
        ("school:flame", ["Ashen Ronin", "Cinder Bolt", "Ember Sage"]),  # a short form of Fire
        ("school!=fire", ["Blizzard", "Frost Ward"]),  # Dawn Paladin's school is empty
        ("type:spell", SPELLS),
        ("t=h", HEROES),
        ("t!=hero", SPELLS),
        ("range:melee", ["Frost Ward"]),  # an attribute named like a database lookup
        ("range!=MELEE", ["Blizzard", "Cinder Bolt"]),
    ],
)
def test_it_compares_enum_fields(demo_game: Game, query: str, expected: list[str]) -> None:
    assert found(query) == expected


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("class:sam", ["Ashen Ronin"]),  # an element containing the value
        ("class=sam", []),  # = wants a whole element
        ("class=SAMURAI", ["Ashen Ronin"]),
        ("class!=samurai", ["Dawn Paladin", "Ember Sage"]),  # spells have no classes at all
        ('class="café owner"', ["Dawn Paladin"]),  # non-ASCII letters
        ("class:café", ["Dawn Paladin"]),
        ("class=owner", []),
        ("subtype:ic", ["Blizzard"]),
        ("st=spell", ["Blizzard", "Cinder Bolt"]),
        ("st!=spell", ["Ashen Ronin", "Dawn Paladin", "Ember Sage", "Frost Ward"]),
        ("trait=fire", ["Cinder Bolt"]),
        (r'st:"i\", \"m"', []),  # the list's JSON punctuation is not part of any element
    ],
)
def test_it_compares_list_fields(demo_game: Game, query: str, expected: list[str]) -> None:
    assert found(query) == expected


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("unique:yes", ["Blizzard", "Frost Ward"]),
        ("unique:TRUE", ["Blizzard", "Frost Ward"]),
        ("unique:no", ["Cinder Bolt"]),
        ("unique=false", ["Cinder Bolt"]),
        ("unique!=yes", ["Cinder Bolt"]),  # heroes have no such attribute
    ],
)
def test_it_compares_bool_fields(demo_game: Game, query: str, expected: list[str]) -> None:
    assert found(query) == expected


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("ini=4", ["Ashen Ronin"]),  # 3-5 can be played as 4
        ("ini:5", ["Ashen Ronin", "Frost Ward"]),
        ("initiative=17", ["Blizzard", "Dawn Paladin"]),
        ("ini>17", ["Dawn Paladin"]),  # the high end above 17
        ("ini>=17", ["Blizzard", "Dawn Paladin"]),
        ("ini>2", ["Ashen Ronin", "Blizzard", "Dawn Paladin", "Frost Ward"]),
        ("ini<3", ["Ember Sage"]),  # the low end below 3
        ("ini<=3", ["Ashen Ronin", "Ember Sage"]),
        ("ini!=5", ["Blizzard", "Dawn Paladin", "Ember Sage"]),  # Cinder Bolt's X is no number
    ],
)
def test_it_compares_range_fields(demo_game: Game, query: str, expected: list[str]) -> None:
    assert found(query) == expected


# --- and, or, not, parentheses -----------------------------------------------------------------

@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("t:hero school:fire", ["Ashen Ronin", "Ember Sage"]),
        ("t:hero and school:fire", ["Ashen Ronin", "Ember Sage"]),
        ("t:hero AND school:fire", ["Ashen Ronin", "Ember Sage"]),
        ("rv=12 or rv=10", ["Ashen Ronin", "Ember Sage"]),
        # "and" binds tighter than "or": hero, or (Ice and spell).
        ("t:hero or school:ice t:spell", ["Ashen Ronin", "Blizzard", "Dawn Paladin", "Ember Sage", "Frost Ward"]),
        ("t:hero or school:ice and t:spell",
         ["Ashen Ronin", "Blizzard", "Dawn Paladin", "Ember Sage", "Frost Ward"]),
        ("(t:hero or school:ice) t:spell", ["Blizzard", "Frost Ward"]),
        ("-t:hero", SPELLS),
        ("not t:hero", SPELLS),
        ("-t:hero school:fire", ["Cinder Bolt"]),  # "-" takes only the term it is on
        ("-(t:hero school:fire)", everyone_but("Ashen Ronin", "Ember Sage")),
        ("--t:hero", HEROES),
        ("-bolt", everyone_but("Cinder Bolt")),
        ('-"damage to"', everyone_but("Ashen Ronin")),
        ("((t:spell (unique:yes or power>5)) or rv>12)", ["Blizzard", "Dawn Paladin", "Frost Ward"]),
        ("rv>=12 or (school:ice -(unique:yes power<5))", ["Ashen Ronin", "Blizzard", "Dawn Paladin"]),
    ],
)
def test_it_combines_terms(demo_game: Game, query: str, expected: list[str]) -> None:
    assert found(query) == expected


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        # The negation of the whole term: cards without the attribute are among "all but these".
        ("-rv>12", everyone_but("Dawn Paladin")),
        ("-power<10", ["Ashen Ronin", "Cinder Bolt", "Dawn Paladin", "Ember Sage"]),
        ("-ini>=17", ["Ashen Ronin", "Cinder Bolt", "Ember Sage", "Frost Ward"]),
        ("-school:fire", ["Blizzard", "Dawn Paladin", "Frost Ward"]),
        ("-class=samurai", everyone_but("Ashen Ronin")),
        ("-range:ranged", everyone_but("Blizzard", "Cinder Bolt")),
    ],
)
def test_it_negates_a_comparison_to_include_cards_without_the_attribute(
    demo_game: Game, query: str, expected: list[str]
) -> None:
    assert found(query) == expected


def test_it_parses_and_tighter_than_or() -> None:
    assert parse_query("a or b c") == Or((Words("a", 0), And((Words("b", 5), Words("c", 7)))))


def test_it_parses_not_tighter_than_and_and_parentheses_first() -> None:
    assert parse_query("-a (b or c)") == And(
        (Not(Words("a", 1), 0), Or((Words("b", 4), Words("c", 9))))
    )


def test_it_parses_a_comparison_with_a_quoted_value() -> None:
    assert parse_query('name:"lotus slash" rv>=12') == And(
        (Comparison("name", ":", "lotus slash", 0, 4, 5), Comparison("rv", ">=", "12", 19, 21, 23))
    )


def test_it_parses_an_empty_query_to_nothing() -> None:
    assert parse_query("") is None
    assert parse_query(" \t ") is None


def test_it_allows_the_longest_and_deepest_queries_within_the_limits() -> None:
    assert parse_query("a" * MAX_QUERY_LENGTH) == Words("a" * MAX_QUERY_LENGTH, 0)
    assert parse_query("(" * MAX_NESTING + "a" + ")" * MAX_NESTING) == Words("a", MAX_NESTING)


def test_it_runs_as_many_negations_as_it_allows_nested_or_side_by_side(demo_game: Game) -> None:
    """Each "-" is a subquery; the database must run the most a query may hold, however placed."""
    assert MAX_NEGATIONS % 2 == 0  # an even number of "-" before a term leaves the term
    assert found("-" * MAX_NEGATIONS + "bolt") == ["Cinder Bolt"]
    assert found("-(" * MAX_NEGATIONS + "bolt" + ")" * MAX_NEGATIONS) == ["Cinder Bolt"]
    side_by_side = "-ashen -blizzard -cinder" + " -nothingatall" * (MAX_NEGATIONS - 3)
    assert found(side_by_side) == ALL[3:]


def test_it_takes_the_largest_numbers_it_allows(demo_game: Game) -> None:
    assert found("rv<999999999") == HEROES
    assert found("rv>-999999999 t:hero") == HEROES


# --- errors ------------------------------------------------------------------------------------

@pytest.mark.parametrize(
    ("query", "position", "message"),
    [
        ("t:hero rvv>3", 7, 'unknown field "rvv"; did you mean "rv"?'),
        ("colour:red", 0,
         'unknown field "colour"; the fields are name, text, set, subtype, type, rv, power, restriction, '
         "class, school, unique, range, initiative"),
        ("rv>", 3, '"rv>" needs a value right after it'),
        ("name: lotus", 5, '"name:" needs a value right after it; remove the space after ":"'),
        ("(name:)", 6, '"name:" needs a value right after it'),
        ('bolt "damage to', 5, 'this quote is never closed; add a closing "'),
        ('name:"lotus', 5, 'this quote is never closed; add a closing "'),
        ('name:""', 5, 'empty quotes ""; put the words to search for between them'),
        ("(t:hero or rv>3", 0, 'this "(" is never closed; add a ")"'),
        ("((a) b", 0, 'this "(" is never closed; add a ")"'),
        ("a) b", 1, 'this ")" has no matching "("'),
        (")", 0, 'this ")" has no matching "("'),
        ("()", 0, 'empty parentheses "()"; put search terms inside them'),
        ("name>bolt", 4, '"name" can\'t be compared with ">"; use ":", "=" or "!="'),
        ("class<=3", 5, '"class" can\'t be compared with "<="; use ":", "=" or "!="'),
        ("rv>=twelve", 4, '"rv" needs a whole number, not "twelve"'),
        ("ini=4.5", 4, '"ini" needs a whole number, not "4.5"'),
        ("school:earth", 7, '"school" has no value "earth"; use one of Fire, Ice (or flame)'),
        ("t:pm", 2, '"t" has no value "pm"; use one of hero, spell (or h)'),
        ("unique:maybe", 7, '"unique" takes yes or no (or true or false), not "maybe"'),
        ("bolt -", 5, '"-" must be directly followed by what to leave out, e.g. -lotus'),
        ("- bolt", 0, '"-" must be directly followed by what to leave out, e.g. -lotus'),
        ("(a -)", 3, '"-" must be directly followed by what to leave out, e.g. -lotus'),
        ("-or a", 0, '"-" must be followed by what to leave out'),
        ("a not", 2, '"not" must be followed by what to leave out'),
        ("or a", 0, '"or" needs a search term on each side'),
        ("a or", 2, '"or" needs a search term on each side'),
        ("a and or b", 2, '"and" needs a search term on each side'),
        ("(a or) b", 3, '"or" needs a search term on each side'),
        ("a" * (MAX_QUERY_LENGTH + 1), MAX_QUERY_LENGTH, "the query is too long: at most 500 characters"),
        ("(" * (MAX_NESTING + 1) + "a" + ")" * (MAX_NESTING + 1), MAX_NESTING,
         "too many nested parentheses: at most 20 levels"),
        ("-" * 65 + "bolt", MAX_NEGATIONS, 'too many "-" and "not": at most 20 in a query'),
        ("not " * 65 + "bolt", 4 * MAX_NEGATIONS, 'too many "-" and "not": at most 20 in a query'),
        ("-a " * 65, 3 * MAX_NEGATIONS, 'too many "-" and "not": at most 20 in a query'),
        ("rv>" + "9" * 30, 3, '"rv" takes numbers of at most 9 digits'),
        ("ini=-" + "9" * 10, 4, '"ini" takes numbers of at most 9 digits'),
    ],
)
def test_it_reports_what_is_wrong_and_where(demo_game: Game, query: str, position: int, message: str) -> None:
    error = error_of(query)
    assert (error.position, error.message) == (position, message)
    assert str(error) == f"at {position}: {message}"


def test_it_reports_the_first_error_from_the_left(demo_game: Game) -> None:
    error = error_of("rv>x pow>y")
    assert str(error) == 'at 3: "rv" needs a whole number, not "x"'


def test_it_suggests_several_close_field_names() -> None:
    with pytest.raises(QueryError) as caught:
        found("clas:wizard")
    assert caught.value.message == 'unknown field "clas"; did you mean "class"?'
    with pytest.raises(QueryError) as caught:
        found("powr>2 r:x")
    assert caught.value.message == 'unknown field "powr"; did you mean "power" or "pow"?'


def test_it_reports_syntax_errors_without_a_game() -> None:
    with pytest.raises(QueryError) as caught:
        parse_query("(a or b")
    assert str(caught.value) == 'at 0: this "(" is never closed; add a ")"'


# --- ordering ----------------------------------------------------------------------------------

@pytest.mark.parametrize(
    ("ordering", "expected"),
    [
        (None, ALL),
        ("name", ALL),
        ("-name", list(reversed(ALL))),
        # In the order the game lists its types (heroes first), by name within a type.
        ("type", HEROES + SPELLS),
        ("-type", SPELLS + HEROES),
        # By set, then in printed order.
        ("set", ["Ashen Ronin", "Blizzard", "Cinder Bolt", "Ember Sage", "Dawn Paladin", "Frost Ward"]),
        # By the attribute; cards without it (or with it empty) last, by name.
        ("rv", ["Ember Sage", "Ashen Ronin", "Dawn Paladin", "Blizzard", "Cinder Bolt", "Frost Ward"]),
        ("-rv", ["Dawn Paladin", "Ashen Ronin", "Ember Sage", "Blizzard", "Cinder Bolt", "Frost Ward"]),
        ("power", ["Frost Ward", "Blizzard", "Ashen Ronin", "Cinder Bolt", "Dawn Paladin", "Ember Sage"]),
        ("-power", ["Blizzard", "Frost Ward", "Ashen Ronin", "Cinder Bolt", "Dawn Paladin", "Ember Sage"]),
        ("range", ["Frost Ward", "Blizzard", "Cinder Bolt", "Ashen Ronin", "Dawn Paladin", "Ember Sage"]),
        ("-range", ["Blizzard", "Cinder Bolt", "Frost Ward", "Ashen Ronin", "Dawn Paladin", "Ember Sage"]),
    ],
)
def test_it_orders_the_results(demo_game: Game, ordering: str | None, expected: list[str]) -> None:
    assert found("", ordering) == expected


def test_it_orders_filtered_results(demo_game: Game) -> None:
    assert found("school:fire", "-rv") == ["Ashen Ronin", "Ember Sage", "Cinder Bolt"]


def test_it_breaks_ties_by_name(demo_game: Game) -> None:
    game = Game.objects.get(slug="demo")
    make_card(game, "Aardvark Ronin", attributes={"rv": 12})
    assert found("rv>=12", "rv") == ["Aardvark Ronin", "Ashen Ronin", "Dawn Paladin"]
    assert found("rv>=12", "-rv") == ["Dawn Paladin", "Aardvark Ronin", "Ashen Ronin"]


def test_it_refuses_an_unknown_ordering(demo_game: Game) -> None:
    with pytest.raises(QueryError) as caught:
        found("", "colour")
    assert caught.value.position is None
    assert str(caught.value) == (
        'unknown sort order "colour"; use one of name, -name, type, -type, set, rv, -rv, power, -power, range, -range'
    )


# --- card_search: the game's cards, in one query -------------------------------------------------

@pytest.fixture
def two_games(db: None) -> tuple[Game, Game]:
    qqdnd = make_game("qqdnd", "QQDND CCG")
    condemned = make_game("condemned", "The Condemned CCG")
    make_card(qqdnd, "Lotus Slash", card_type="resource", text="Deal 2 damage.")
    make_card(qqdnd, "Katana Lunge", card_type="resource", text="Deal 1 damage.", number=2)
    make_card(condemned, "Lotus Slash", card_type="event", text="Heal 1.")
    return qqdnd, condemned


def test_it_searches_only_the_given_game(two_games: tuple[Game, Game]) -> None:
    qqdnd, _ = two_games
    assert [(card.game.slug, card.name) for card in card_search(qqdnd, "lotus")] == [("qqdnd", "Lotus Slash")]


def test_it_returns_every_card_of_the_game_for_an_empty_query(two_games: tuple[Game, Game]) -> None:
    qqdnd, _ = two_games
    assert [card.name for card in card_search(qqdnd, "")] == ["Katana Lunge", "Lotus Slash"]
    assert [card.name for card in card_search(qqdnd, "", "-name")] == ["Lotus Slash", "Katana Lunge"]


def test_it_fetches_sets_and_games_in_the_same_query(
    two_games: tuple[Game, Game], django_assert_num_queries: DjangoAssertNumQueries
) -> None:
    qqdnd, _ = two_games
    with django_assert_num_queries(1):
        shown = [(card.name, card.card_set.code, card.game.slug) for card in card_search(qqdnd, "damage")]
    assert shown == [("Katana Lunge", "core", "qqdnd"), ("Lotus Slash", "core", "qqdnd")]


# --- describe ----------------------------------------------------------------------------------

@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("", "all cards"),
        ("rv>=12", "cards where Resource Value is at least 12"),
        ('lotus "deal 2"', 'cards where name/text contains "lotus" and name/text contains "deal 2"'),
        ("t:h -school:flame", "cards where type is Hero and not (school is Fire)"),
        ("rr=none or class!=samurai",
         'cards where Resource Restriction is "none" or class does not include "samurai"'),
        ("(st:spell or unique:no) ini<5",
         'cards where (subtype has one containing "spell" or unique is no) and initiative can be less than 5'),
        ("rv=1 pow!=2 or ini!=3 class:wiz",
         'cards where (Resource Value is 1 and power is not 2) or (initiative cannot be 3 '
         'and class has one containing "wiz")'),
        ("colour:red rv>x", 'cards where colour matches "red" and rv is more than "x"'),
    ],
)
def test_it_describes_a_query_in_words(query: str, expected: str) -> None:
    assert describe(parse_query(query), DEMO_SCHEMA) == expected


def test_it_describes_a_query_as_typed_without_a_game() -> None:
    assert describe(parse_query("rv>=12 -t:h")) == 'cards where rv is at least "12" and not (t matches "h")'


# --- limits through the API and the pages (on SQLite and PostgreSQL: make test runs this file on both)

@pytest.mark.usefixtures("loaded_cards")
@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("-" * 65 + "lotus", 'too many "-" and "not"'),
        ("not " * 65 + "lotus", 'too many "-" and "not"'),
        (" ".join(f"-x{n}" for n in range(65)), 'too many "-" and "not"'),
        ("rv>" + "9" * 30, "at most 9 digits"),
        ("ini<-" + "9" * 25, "at most 9 digits"),
    ],
)
def test_a_query_over_the_limits_is_a_400_with_its_message(query: str, message: str) -> None:
    from django.test import Client

    api = Client().get("/api/cards/", {"game": "qqdnd", "q": query})
    assert api.status_code == 400 and message in api.json()["detail"]
    page = Client().get("/qqdnd/cards/", {"q": query})
    assert page.status_code == 400 and message in page.content.decode().replace("&quot;", '"')


@pytest.mark.usefixtures("loaded_cards")
def test_the_most_negations_a_query_may_hold_run_through_the_api() -> None:
    from django.test import Client

    everything = Client().get("/api/cards/", {"game": "qqdnd", "page_size": 200}).json()["count"]
    query = "(" + "-" * MAX_NEGATIONS + "lotus) or rv>9999"
    response = Client().get("/api/cards/", {"game": "qqdnd", "q": query})
    assert response.status_code == 200
    assert 0 < response.json()["count"] < everything
