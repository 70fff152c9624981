"""Template helpers that turn a card's stored attributes into what its printed face shows."""
from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from django import template
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString

from cardsdb.models import Card

register = template.Library()

# Printed QQDND Effects read "Polite Attendance: (Ef) At the end of each round, ...".
_EFFECT_LINE = re.compile(r"^(?P<name>[^:()]{1,60}):\s*\(Ef\)\s*(?P<rest>.*)$")


@register.filter
def type_label(card: Card) -> str:
    """The card type as the game names it ("Party Member"), not as it is stored ("party_member")."""
    card_type = card.game.schema.card_type(card.card_type)
    return card_type.label if card_type else card.card_type.replace("_", " ").title()


@register.filter
def display(value: Any) -> str:
    """An attribute value in words: lists joined, empty values as a dash, true/false as yes/no."""
    if value is None or value == [] or value == {}:
        return "—"
    if isinstance(value, bool):
        return "Yes" if value else "No"
    if isinstance(value, Mapping):
        return ", ".join(f"{key}: {display(item)}" for key, item in value.items())
    if isinstance(value, list):
        return ", ".join(
            str(item.get("name", display(item))) if isinstance(item, Mapping) else display(item) for item in value
        )
    return str(value)


@register.filter
def signed(value: Any) -> str:
    """A modifier with its sign, as printed on Armor: +1, −2, 0."""
    if isinstance(value, bool) or not isinstance(value, int):
        return display(value)
    if value > 0:
        return f"+{value}"
    if value < 0:
        return f"\u2212{-value}"
    return "0"


@register.filter
def species_label(species: Any) -> str:
    """Anguish: one Species by name, two as dual-type, none as Agnostic."""
    names = [str(name) for name in species or []]
    if not names:
        return "Agnostic"
    if len(names) == 1:
        return names[0]
    return f"Dual-type: {' / '.join(names)}"


@register.simple_tag
def joined(*parts: Any, sep: str = ", ") -> str:
    """Join the non-empty parts, flattening lists: {% joined card.subtypes tag %} -> "Location, LN"."""
    words: list[str] = []
    for part in parts:
        items: Iterable[Any] = part if isinstance(part, list | tuple) else [part]
        words.extend(str(item) for item in items if item not in (None, ""))
    return sep.join(words)


@register.simple_tag
def attribute_rows(card: Card) -> list[tuple[str, str, str]]:
    """(label, value, help) for each attribute the card's type defines, in the schema's order."""
    card_type = card.game.schema.card_type(card.card_type)
    if card_type is None:
        return [(key.replace("_", " ").capitalize(), display(value), "") for key, value in card.attributes.items()]
    return [
        (attr.title, display(card.attributes.get(attr.name)), attr.help)
        for attr in card_type.attrs
        if attr.name in card.attributes
    ]


@register.simple_tag
def key_stats(card: Card) -> list[tuple[str, str]]:
    """(label, value) of the game's sortable attributes the card has: its numbers worth a glance."""
    return [
        (label, display(card.attributes[key]))
        for key, label in card.game.schema.sortable
        if card.attributes.get(key) is not None
    ]


@register.simple_tag
def rules_text(card: Card) -> SafeString:
    """The card's text a paragraph a line, each of its own Actions opening with an Initiative badge.

    Only the card's listed Actions get a badge: text such as 'Equipped card has "Golden Strike: (13)
    ..."' grants an Action to another card and is printed as it stands. Listed Actions the text does
    not mention are added after it, so none is lost.
    """
    actions = [a for a in card.attributes.get("actions") or [] if isinstance(a, Mapping)]
    unmatched = list(actions)
    paragraphs: list[SafeString] = []
    for line in (line.strip() for line in card.text.splitlines()):
        if not line:
            continue
        opened = next(((a, rest) for a in unmatched if (rest := _action_rest(line, a)) is not None), None)
        if opened is not None:
            action, rest = opened
            unmatched.remove(action)
            paragraphs.append(_action_paragraph(action["name"], action["initiative"], rest))
            continue
        effect = _EFFECT_LINE.match(line)
        if effect:
            paragraphs.append(
                format_html(
                    '<p><strong class="ability">{}</strong> <span class="badge badge-effect" '
                    'title="Effect: always in force">Effect</span> {}</p>',
                    effect["name"],
                    effect["rest"],
                )
            )
            continue
        paragraphs.append(format_html("<p>{}</p>", line))
    for action in unmatched:
        paragraphs.append(
            _action_paragraph(action.get("name", ""), action.get("initiative", ""), action.get("text", ""))
        )
    return format_html_join("", "{}", ((p,) for p in paragraphs))


def _action_rest(line: str, action: Mapping[str, Any]) -> str | None:
    """The text after an Action's name and Initiative if `line` opens with them, else None."""
    name, initiative = action.get("name"), action.get("initiative")
    # The document prints both "Snipe: (3-2) ..." and "Draw (19-1): ...".
    for opening in (f"{name}: ({initiative})", f"{name} ({initiative}):"):
        if line.startswith(opening):
            return line[len(opening) :].strip()
    return None


def _action_paragraph(name: str, initiative: str, rest: str | None) -> SafeString:
    return format_html(
        '<p><strong class="ability">{}</strong> <span class="badge badge-initiative" title="Initiative">{}</span>'
        " {}</p>",
        name,
        initiative,
        rest or "",
    )
