"""The card database's web pages, rendered with the real card sets of all three games."""
from __future__ import annotations

import html
import re
from io import StringIO
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import parse_qs, urlsplit

import pytest
from django.conf import settings
from django.core.management import call_command
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils.text import capfirst

from cardsdb import views
from cardsdb.examples import field_example
from cardsdb.models import Card, CardSet, Game
from cardsdb.search import QueryError, card_search, describe, parse_query
from engine.games import game_schema, game_slugs

if TYPE_CHECKING:
    # The test client's response type, as django-stubs names it.
    from django.test.client import _MonkeyPatchedWSGIResponse as TestResponse

pytestmark = pytest.mark.django_db

FIXTURES = Path(settings.BASE_DIR) / "fixtures"
DEMO_BANNER = 'class="demo-banner"'
DEMO_BADGE = "Unofficial demo card"


@pytest.fixture
def cards(db: None) -> None:
    """Every game's card sets, loaded the way production loads them."""
    call_command("load_cards", *(str(FIXTURES / slug) for slug in game_slugs()), stdout=StringIO())


def text_of(response: TestResponse) -> str:
    return response.content.decode()


def hrefs(page: str) -> list[str]:
    return [html.unescape(href) for href in re.findall(r'href="([^"]*)"', page)]


def query_params(href: str) -> dict[str, list[str]]:
    return parse_qs(urlsplit(href).query)


def card_named(game_slug: str, name: str) -> Card:
    return Card.objects.select_related("game", "card_set").get(game__slug=game_slug, name=name)


def section_of(page: str, section_id: str) -> str:
    """The HTML of the <section id=...> (sections on these pages do not nest)."""
    start = page.index(f'<section id="{section_id}"')
    return page[start : page.index("</section>", start)]


# Home


def test_it_shows_each_game_with_its_card_count_and_a_search_box(cards: None, client: Client) -> None:
    page = text_of(client.get(reverse("home")))
    for game in Game.objects.all():
        count = Card.objects.filter(game=game).count()
        assert count > 0
        assert game.name in page
        assert f"<strong>{count}</strong> card" in page
        assert f'action="{reverse("game-cards", args=[game.slug])}"' in page
    assert page.count('name="q"') == Game.objects.count()


# Card lists


@pytest.mark.parametrize("slug", game_slugs())
def test_it_lists_a_games_cards_as_tiles_and_as_a_table(cards: None, client: Client, slug: str) -> None:
    url = reverse("game-cards", args=[slug])
    first = Card.objects.filter(game__slug=slug).order_by("name").first()
    assert first is not None
    total = Card.objects.filter(game__slug=slug).count()
    grid = client.get(url)
    table = client.get(url, {"view": "table"})
    assert grid.status_code == table.status_code == 200
    for response in (grid, table):
        assert f"<strong>{total}</strong> card" in text_of(response)
        assert html.escape(first.name) in text_of(response)
    assert 'class="tile-grid"' in text_of(grid)
    assert 'class="card-table"' in text_of(table)


def test_it_prefills_the_search_box_and_describes_the_query(cards: None, client: Client) -> None:
    query = "t:res st:samurai"
    page = text_of(client.get(reverse("game-cards", args=["qqdnd"]), {"q": query}))
    game = Game.objects.get(slug="qqdnd")
    matches = card_search(game, query, None)
    assert matches.exists()
    assert f'value="{html.escape(query)}"' in page
    assert html.escape(capfirst(describe(parse_query(query), game.schema))) in page
    assert f"<strong>{matches.count()}</strong> card" in page
    for card in matches:
        assert html.escape(card.name) in page


def test_it_answers_a_query_it_cannot_read_with_400_and_points_at_the_trouble(
    cards: None, client: Client
) -> None:
    query = "t:res rvv>=12"
    with pytest.raises(QueryError) as raised:
        card_search(Game.objects.get(slug="qqdnd"), query, None)
    response = client.get(reverse("game-cards", args=["qqdnd"]), {"q": query})
    page = text_of(response)
    assert response.status_code == 400
    assert html.escape(raised.value.message) in page
    caret = re.search(r'<span class="caret">( *)\^</span>', page)
    assert caret is not None
    assert len(caret.group(1)) == raised.value.position


def test_its_page_links_keep_the_query_sort_and_layout(
    cards: None, client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(views, "PAGE_SIZE", 5)
    query, order = "t:res", "-name"
    url = reverse("game-cards", args=["qqdnd"])
    first_page = text_of(client.get(url, {"q": query, "order": order, "view": "table"}))
    page_links = [href for href in hrefs(first_page) if "page" in query_params(href)]
    assert page_links
    for href in page_links:
        params = query_params(href)
        assert params["q"] == [query]
        assert params["order"] == [order]
        assert params["view"] == ["table"]
    second = next(href for href in page_links if query_params(href)["page"] == ["2"])
    second_page = text_of(client.get(url + second))
    expected = card_search(Game.objects.get(slug="qqdnd"), query, order)[5:10]
    positions = [second_page.index(html.escape(card.name)) for card in expected]
    assert positions == sorted(positions)


def test_its_sort_and_layout_controls_keep_the_query(cards: None, client: Client) -> None:
    query = "t:pm"
    page = text_of(client.get(reverse("game-cards", args=["qqdnd"]), {"q": query, "order": "rv"}))
    sort_form = page[page.index('<form class="sort-form"') :]
    sort_form = sort_form[: sort_form.index("</form>")]
    assert f'<input type="hidden" name="q" value="{query}">' in sort_form
    assert '<option value="-rv">' in sort_form
    assert '<option value="rv" selected>' in sort_form
    toggles = [href for href in hrefs(page) if "view" in query_params(href)]
    assert {query_params(href)["view"][0] for href in toggles} == {"grid", "table"}
    for href in toggles:
        assert query_params(href)["q"] == [query]
        assert query_params(href)["order"] == ["rv"]


def test_it_offers_every_sortable_attribute_both_ways(cards: None, client: Client) -> None:
    for slug in game_slugs():
        page = text_of(client.get(reverse("game-cards", args=[slug])))
        assert '<option value="name" selected>' in page
        assert '<option value="-name">' in page
        assert '<option value="set">' in page
        for key in ["type", *(key for key, _ in game_schema(slug).sortable)]:
            assert f'<option value="{key}">' in page
            assert f'<option value="-{key}">' in page


def test_its_query_count_does_not_grow_with_the_cards_shown(cards: None, client: Client) -> None:
    url = reverse("game-cards", args=["qqdnd"])
    client.get(url)  # a first page reads what the process then keeps (the navigation's games)
    counts = {}
    for query, layout in (('name:"katana lunge"', "grid"), ("", "grid"), ("", "table")):
        with CaptureQueriesContext(connection) as captured:
            response = client.get(url, {"q": query, "view": layout})
        shown = text_of(response).count('href="/qqdnd/cards/')
        counts[(query, layout)] = (len(captured), shown)
    one_card, all_grid, all_table = counts.values()
    assert one_card[1] < all_grid[1]
    assert one_card[0] == all_grid[0] == all_table[0]


# Demo sets


def test_it_marks_demo_cards_on_lists_and_card_pages(cards: None, client: Client) -> None:
    demo_sets = list(CardSet.objects.filter(is_demo=True).select_related("game"))
    assert demo_sets
    for card_set in demo_sets:
        card = card_set.cards.order_by("number").first()
        assert card is not None
        list_page = text_of(client.get(reverse("game-cards", args=[card_set.game.slug]), {"q": f"set:{card_set.code}"}))
        card_page = text_of(client.get(card.get_absolute_url()))
        for page in (list_page, card_page):
            assert DEMO_BANNER in page
            assert DEMO_BADGE in page
            assert html.escape(card_set.notice) in page


def test_it_shows_no_demo_notice_for_qqdnd_cards(cards: None, client: Client) -> None:
    assert not CardSet.objects.filter(game__slug="qqdnd", is_demo=True).exists()
    list_page = text_of(client.get(reverse("game-cards", args=["qqdnd"])))
    card_page = text_of(client.get(card_named("qqdnd", "Katana Lunge").get_absolute_url()))
    for page in (list_page, card_page):
        assert DEMO_BANNER not in page
        assert DEMO_BADGE not in page


# Card pages


@pytest.mark.parametrize("slug", game_slugs())
def test_it_renders_a_card_page_for_every_card_type(cards: None, client: Client, slug: str) -> None:
    card_types = game_schema(slug).card_types
    shown = 0
    for card_type in card_types:
        card = Card.objects.filter(game__slug=slug, card_type=card_type.slug).order_by("number").first()
        if card is None:
            continue
        response = client.get(card.get_absolute_url())
        page = text_of(response)
        assert response.status_code == 200
        assert f"<h1>{html.escape(card.name)}</h1>" in page
        assert card_type.label in page
        assert f'href="/api/cards/{card.pk}/"' in page
        assert f"?q=set%3A{card.card_set.code}" in page
        shown += 1
    assert shown >= 2


def test_it_prints_katana_lunges_initiative_and_frequency(cards: None, client: Client) -> None:
    page = text_of(client.get(card_named("qqdnd", "Katana Lunge").get_absolute_url()))
    assert re.search(r'class="badge badge-initiative[^"]*"[^>]*>17</span>', page)
    assert "Frequency: 4" in page
    assert "Action – Samurai, Martial, Attack" in page


def test_it_prints_a_resources_category_line_with_its_alignment_tag(cards: None, client: Client) -> None:
    page = text_of(client.get(card_named("qqdnd", "League of Samurai").get_absolute_url()))
    assert "Unique Permanent – Location, Samurai, LN" in page


def test_it_says_so_when_a_resource_prints_no_frequency(cards: None, client: Client) -> None:
    card = card_named("qqdnd", "Malachi's Laboratory")
    assert card.attributes["frequency"] is None
    page = text_of(client.get(card.get_absolute_url()))
    assert "Frequency: <em>not printed</em>" in page


def test_it_prints_a_party_members_line_boxes_and_action_initiatives(cards: None, client: Client) -> None:
    card = card_named("qqdnd", "Eptol Noir, Forgetful Ronin")
    page = text_of(client.get(card.get_absolute_url()))
    assert "LG Human Samurai Party Member" in page
    for label, key in (("RV", "rv"), ("HV", "hv"), ("Life", "life")):
        assert re.search(rf"{label}(</abbr>)?</dt><dd>{card.attributes[key]}</dd>", page)
    assert f"<dd>{html.escape(card.attributes['rr'])}</dd>" in page
    assert re.search(
        r'<strong class="ability">Challenge</strong> <span class="badge badge-initiative"[^>]*>12-10<', page
    )


def test_it_badges_only_the_cards_own_actions(cards: None, client: Client) -> None:
    """Golden Katana grants "Golden Strike: (13)" to another card: that line gets no badge of its own."""
    for name in ("Golden Katana", "Sniper's Camp", "Iago Montelo, Spoony Bard"):
        card = card_named("qqdnd", name)
        page = text_of(client.get(card.get_absolute_url()))
        own_badge = 1 if card.card_type == "resource" else 0
        assert page.count('class="badge badge-initiative') == own_badge + len(card.attributes["actions"])
        for action in card.attributes["actions"]:
            assert f">{html.escape(action['initiative'])}</span>" in page


def test_it_prints_condemned_weapon_and_armor_numbers(cards: None, client: Client) -> None:
    weapon = Card.objects.filter(game__slug="condemned", card_type="weapon").first()
    armor = Card.objects.filter(game__slug="condemned", card_type="armor").exclude(attributes__modifiers={}).first()
    assert weapon is not None and armor is not None
    weapon_page = text_of(client.get(weapon.get_absolute_url()))
    attrs = weapon.attributes
    assert re.search(
        rf"<dt>Damage</dt><dd>{attrs['damage']} <small>{attrs['damage_type'].capitalize()}</small>", weapon_page
    )
    assert f"<dt>Durability</dt><dd>{attrs['durability']}</dd>" in weapon_page
    assert f"<dt>Range</dt><dd>{attrs['range'].capitalize()}</dd>" in weapon_page
    armor_page = text_of(client.get(armor.get_absolute_url()))
    assert f"<dt>Slot</dt><dd>{armor.attributes['slot'].capitalize()}</dd>" in armor_page
    for damage_type, modifier in armor.attributes["modifiers"].items():
        assert re.search(
            rf"<th scope=\"row\">{damage_type.capitalize()}</th><td>{re.escape(modifier)}</td>", armor_page
        )


def test_it_names_anguish_species_agnostic_and_dual_type(cards: None, client: Client) -> None:
    anguish = Card.objects.filter(game__slug="anguish")
    agnostic = next(c for c in anguish if c.attributes["species"] == [])
    dual = next(c for c in anguish if len(c.attributes["species"]) == 2)
    assert "<dt>Species</dt><dd>Agnostic</dd>" in text_of(client.get(agnostic.get_absolute_url()))
    first, second = dual.attributes["species"]
    assert f"<dt>Species</dt><dd>Dual-type: {first} / {second}</dd>" in text_of(client.get(dual.get_absolute_url()))


def test_it_prints_a_strongholds_strength(cards: None, client: Client) -> None:
    stronghold = Card.objects.filter(game__slug="anguish", card_type="stronghold").first()
    assert stronghold is not None
    page = text_of(client.get(stronghold.get_absolute_url()))
    assert f"<dt>Strength</dt><dd>{stronghold.attributes['strength']}</dd>" in page


def test_it_answers_404_for_a_card_of_another_game(cards: None, client: Client) -> None:
    card = card_named("qqdnd", "Katana Lunge")
    assert client.get(reverse("card-detail", args=["condemned", card.slug])).status_code == 404
    assert client.get(f"/nogame/cards/{card.slug}/").status_code == 404


# Syntax page


def test_the_syntax_page_lists_every_search_field_of_each_game(client: Client) -> None:
    page = text_of(client.get(reverse("syntax")))
    for slug in game_slugs():
        schema = game_schema(slug)
        section = section_of(page, slug)
        assert schema.name in section
        for field in schema.all_search_fields():
            assert f'<th scope="row"><code>{field.name}</code></th>' in section
            assert html.escape(field.help) in section
            for alias in field.aliases:
                assert f"<code>{alias}</code>" in section
            example = field_example(slug, field)
            if example:
                assert f"<code>{html.escape(example)}</code></a>" in section


def test_the_syntax_page_states_the_limits_the_search_enforces(client: Client) -> None:
    from cardsdb.search import MAX_NEGATIONS, MAX_NESTING, MAX_QUERY_LENGTH
    from cardsdb.search.fields import MAX_DIGITS

    page = text_of(client.get(reverse("syntax")))
    assert (f"at most {MAX_QUERY_LENGTH} characters, {MAX_NESTING} levels of parentheses, {MAX_NEGATIONS} "
            f"<code>-</code> or <code>not</code>, and numbers of at most {MAX_DIGITS} digits") in " ".join(page.split())


def test_the_syntax_pages_example_searches_run_and_find_cards(cards: None, client: Client) -> None:
    page = text_of(client.get(reverse("syntax")))
    for slug in game_slugs():
        game = Game.objects.get(slug=slug)
        section = section_of(page, slug)
        examples = views.EXAMPLE_QUERIES[slug]
        assert examples
        for query in examples:
            assert card_search(game, query, None).exists(), query
            assert html.escape(describe(parse_query(query), game.schema)) in section
            link = next(href for href in hrefs(section) if query_params(href).get("q") == [query])
            assert urlsplit(link).path == reverse("game-cards", args=[slug])


def test_every_search_fields_example_on_the_syntax_page_finds_cards_of_its_game(cards: None, client: Client) -> None:
    page = text_of(client.get(reverse("syntax")))
    for slug in game_slugs():
        game = Game.objects.get(slug=slug)
        search = reverse("game-cards", args=[slug])
        links = [href for href in hrefs(section_of(page, slug)) if urlsplit(href).path == search]
        assert len(links) >= len([f for f in game.schema.all_search_fields() if field_example(slug, f)])
        for link in links:
            query = query_params(link)["q"][0]
            response = client.get(link)
            assert response.status_code == 200, (slug, query)
            assert card_search(game, query, None).exists(), (slug, query)
