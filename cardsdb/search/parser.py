"""Parsing a query into a tree of nodes, without a game or a database.

Grammar, loosest binding first:
    query   := or_expr
    or_expr := and_expr ("or" and_expr)*
    and_expr:= unary (["and"] unary)*        -- terms side by side are ANDed
    unary   := ("-" | "not") unary | primary
    primary := "(" or_expr ")" | term
"""
from __future__ import annotations

from .errors import QueryError
from .lexer import Token, tokenize
from .nodes import And, Node, Not, Or

MAX_QUERY_LENGTH = 500
MAX_NESTING = 20
# Each "-" or "not" is one more database query (the cards to leave out, see compiler.py): a query
# may hold this many, nested or not.
MAX_NEGATIONS = 20


def parse_query(query: str) -> Node | None:
    """The query's tree, or None for an empty query (which matches every card)."""
    if len(query) > MAX_QUERY_LENGTH:
        raise QueryError(f"the query is too long: at most {MAX_QUERY_LENGTH} characters", MAX_QUERY_LENGTH)
    tokens = tokenize(query)
    if not tokens:
        return None
    return _Parser(tokens).parse()


class _Parser:
    def __init__(self, tokens: list[Token]) -> None:
        self.tokens = tokens
        self.index = 0
        self.negations = 0

    def peek(self) -> Token | None:
        return self.tokens[self.index] if self.index < len(self.tokens) else None

    def advance(self) -> Token:
        token = self.tokens[self.index]
        self.index += 1
        return token

    def parse(self) -> Node:
        node = self.parse_or(0)
        leftover = self.peek()
        # The loops below stop early only at a ")"; at the top level it closes nothing.
        if leftover is not None:
            raise QueryError('this ")" has no matching "("', leftover.position)
        return node

    def parse_or(self, depth: int) -> Node:
        operands = [self.parse_and(depth)]
        while (token := self.peek()) is not None and token.kind == "or":
            self.advance()
            self.expect_term_after(token)
            operands.append(self.parse_and(depth))
        return operands[0] if len(operands) == 1 else Or(tuple(operands))

    def parse_and(self, depth: int) -> Node:
        operands = [self.parse_unary(depth)]
        while (token := self.peek()) is not None and token.kind not in (")", "or"):
            if token.kind == "and":
                self.advance()
                self.expect_term_after(token)
            operands.append(self.parse_unary(depth))
        return operands[0] if len(operands) == 1 else And(tuple(operands))

    def parse_unary(self, depth: int) -> Node:
        token = self.advance()
        if token.kind in ("-", "not"):
            self.negations += 1
            if self.negations > MAX_NEGATIONS:
                raise QueryError(f'too many "-" and "not": at most {MAX_NEGATIONS} in a query', token.position)
            self.expect_term_after(token)
            return Not(self.parse_unary(depth), token.position)
        return self.parse_primary(token, depth)

    def parse_primary(self, token: Token, depth: int) -> Node:
        if token.node is not None:
            return token.node
        if token.kind == "(":
            if depth >= MAX_NESTING:
                raise QueryError(f"too many nested parentheses: at most {MAX_NESTING} levels", token.position)
            inner = self.peek()
            if inner is not None and inner.kind == ")":
                raise QueryError('empty parentheses "()"; put search terms inside them', token.position)
            if inner is None:
                raise self.unclosed(token)
            node = self.parse_or(depth + 1)
            if self.peek() is None:
                raise self.unclosed(token)
            self.advance()
            return node
        if token.kind == ")":
            raise QueryError('this ")" has no matching "("', token.position)
        # An "and" or "or" where a search term should start.
        raise QueryError(f'"{token.kind}" needs a search term on each side', token.position)

    def expect_term_after(self, token: Token) -> None:
        following = self.peek()
        if following is not None and following.kind not in (")", "and", "or"):
            return
        if token.kind in ("and", "or"):
            raise QueryError(f'"{token.kind}" needs a search term on each side', token.position)
        raise QueryError(f'"{token.kind}" must be followed by what to leave out', token.position)

    @staticmethod
    def unclosed(token: Token) -> QueryError:
        return QueryError('this "(" is never closed; add a ")"', token.position)
