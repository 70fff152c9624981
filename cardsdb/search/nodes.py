"""The parsed form of a query: a tree of these nodes, built by `parse_query`.

Nodes keep the character offsets of what they came from so that errors found later, against a
game's fields, can point into the query the player typed.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Operator = Literal[":", "=", "!=", "<", "<=", ">", ">="]
OPERATORS: tuple[Operator, ...] = ("!=", "<=", ">=", ":", "=", "<", ">")


@dataclass(frozen=True)
class Words:
    """A bare word or a quoted phrase: matches cards whose name or rules text contains it."""

    text: str
    position: int


@dataclass(frozen=True)
class Comparison:
    """`field<operator>value`, e.g. `rv>=12` or `name:"lotus slash"`."""

    field: str
    operator: Operator
    value: str
    position: int
    operator_position: int
    value_position: int


@dataclass(frozen=True)
class Not:
    operand: Node
    position: int


@dataclass(frozen=True)
class And:
    operands: tuple[Node, ...]


@dataclass(frozen=True)
class Or:
    operands: tuple[Node, ...]


Node = Words | Comparison | Not | And | Or
