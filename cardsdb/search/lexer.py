"""Splitting a query into tokens: parentheses, `-`, the words and/or/not, words and comparisons.

A comparison (`rv>=12`, `name:"lotus slash"`) is one token: a field name is letters, digits and
underscores, directly followed by an operator and then the value, with no spaces in between.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal, cast

from .errors import QueryError
from .nodes import Comparison, Operator, Words

TokenKind = Literal["(", ")", "-", "and", "or", "not", "term"]

# Phones type curly quotes; they open and close phrases like the straight one.
_QUOTE_LOOKALIKES = str.maketrans({"\u201c": '"', "\u201d": '"', "\u201e": '"'})
_FIELD = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)(!=|<=|>=|[:=<>])")
_KEYWORDS: dict[str, TokenKind] = {"and": "and", "or": "or", "not": "not"}
_ESCAPABLE = '"\\'


@dataclass(frozen=True)
class Token:
    kind: TokenKind
    position: int
    # The search term of a "term" token.
    node: Words | Comparison | None = None


def tokenize(query: str) -> list[Token]:
    text = query.translate(_QUOTE_LOOKALIKES)
    tokens: list[Token] = []
    index = 0
    while index < len(text):
        char = text[index]
        if char.isspace():
            index += 1
        elif char in "()":
            tokens.append(Token(cast(TokenKind, char), index))
            index += 1
        elif char == '"':
            phrase, end = _read_quoted(text, index)
            tokens.append(Token("term", index, Words(phrase, index)))
            index = end
        elif char == "-":
            if _ends_term(text, index + 1):
                raise QueryError('"-" must be directly followed by what to leave out, e.g. -lotus', index)
            tokens.append(Token("-", index))
            index += 1
        else:
            token, index = _read_bare(text, index)
            tokens.append(token)
    return tokens


def _ends_term(text: str, index: int) -> bool:
    return index >= len(text) or text[index].isspace() or text[index] == ")"


def _bare_end(text: str, index: int) -> int:
    """Where a run of unquoted characters starting at `index` stops."""
    while index < len(text) and not text[index].isspace() and text[index] not in '()"':
        index += 1
    return index


def _read_bare(text: str, start: int) -> tuple[Token, int]:
    end = _bare_end(text, start)
    run = text[start:end]
    match = _FIELD.match(run)
    if match is None:
        keyword = _KEYWORDS.get(run.lower())
        if keyword is not None:
            return Token(keyword, start), end
        return Token("term", start, Words(run, start)), end
    field, operator = match.group(1), cast(Operator, match.group(2))
    operator_position = start + len(field)
    value_position = operator_position + len(operator)
    if value_position < len(text) and text[value_position] == '"':
        value, end = _read_quoted(text, value_position)
    elif value_position < end:
        value = text[value_position:end]
    else:
        spaced = value_position < len(text) and text[value_position].isspace()
        hint = f'; remove the space after "{operator}"' if spaced else ""
        raise QueryError(f'"{field}{operator}" needs a value right after it{hint}', value_position)
    comparison = Comparison(field, operator, value, start, operator_position, value_position)
    return Token("term", start, comparison), end


def _read_quoted(text: str, start: int) -> tuple[str, int]:
    """The phrase between the quote at `start` and its closing quote; \\" and \\\\ stand for " and \\."""
    chars: list[str] = []
    index = start + 1
    while index < len(text):
        char = text[index]
        if char == "\\" and index + 1 < len(text) and text[index + 1] in _ESCAPABLE:
            chars.append(text[index + 1])
            index += 2
        elif char == '"':
            if not chars:
                raise QueryError('empty quotes ""; put the words to search for between them', start)
            return "".join(chars), index + 1
        else:
            chars.append(char)
            index += 1
    raise QueryError('this quote is never closed; add a closing "', start)
