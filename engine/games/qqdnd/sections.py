"""The section rule: each Resource goes to one Party Member's section, and every section holds at
least its member's Resource Value in cards that meet the member's Resource Restriction.

The rules: "Each Party Member will have a Resource Value, which is the amount of Resources they
require to be added to the deck to include them in your party." and "Usually, Party Members will
also have a Resource Restriction – this is a rule that the Resource cards in that Member's
“section” of your deck must follow."

This is a b-matching, solved as a maximum flow:

    source --RV--> member --(the card fits the member)--> card --copies--> sink

Filling the sections greedily fails on decks that have an assignment (a card that fits two members
spent on the one that had other choices), so the flow decides. Sections have no upper size: cards
beyond the Resource Values go to any member they fit, so once every member's edge is full, only a
card that fits no member can spoil the deck.

When the flow falls short, the source side of the minimum cut says who is short (Hall's theorem
with deficiency): a group of members whose Resource Values add up to more than all the cards that
fit any of them. Each connected group is reported with the cards that could fit it; blaming the one
member the flow happened to leave short would be arbitrary.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Literal

from engine.deck import DeckCard
from engine.decklist import normalize_name
from engine.games.qqdnd.flow import FlowNetwork
from engine.games.qqdnd.terms import Restriction, facts_of, restriction_of


def short_name(name: str) -> str:
    """The part of a name before the comma: "Eptol Noir, Forgetful Ronin" -> "Eptol Noir"."""
    return name.split(",", 1)[0].strip()


@dataclass(frozen=True)
class Member:
    """One Party Member in the party (two copies of a card are two members)."""

    label: str  # its name, made distinct: the summary's key
    name: str
    rv: int
    restriction: Restriction

    @property
    def short(self) -> str:
        return short_name(self.name)

    def answers_to(self, pin: str) -> bool:
        """Whether "Resources (<pin>):" names this member, by its full or its short name."""
        return normalize_name(pin) in (normalize_name(self.name), normalize_name(self.short))


def members_of(party: Iterable[DeckCard]) -> list[Member]:
    members: list[Member] = []
    seen: Counter[str] = Counter()
    for entry in party:
        restriction = restriction_of(entry.card)
        for _ in range(entry.count):
            seen[entry.name] += 1
            label = entry.name if seen[entry.name] == 1 else f"{entry.name} ({seen[entry.name]})"
            members.append(Member(label, entry.name, int(entry.attributes["rv"]), restriction))
    return members


@dataclass
class Pool:
    """Resource cards that fit the same members (by index): for the assignment they are
    interchangeable, so the network has one node for them (at most 2^members - 1 nodes in all,
    however many card names the deck lists)."""

    fits: tuple[int, ...]
    cards: list[DeckCard] = field(default_factory=list)

    @property
    def count(self) -> int:
        return sum(c.count for c in self.cards)


MisfitReason = Literal["fits_no_member", "unknown_pin", "pin_unfit"]


@dataclass(frozen=True)
class Misfit:
    """Resource cards that can go in no section: they fit no member, their pin names no member,
    or they do not meet the restriction of the member they are pinned to."""

    card: DeckCard
    reason: MisfitReason
    pinned_members: tuple[Member, ...] = ()


@dataclass(frozen=True)
class Shortfall:
    """Members whose Resource Values add up to more than all the cards that fit any of them."""

    members: tuple[Member, ...]
    cards: dict[str, int]  # the cards that fit at least one of them: name -> copies

    @property
    def need(self) -> int:
        return sum(m.rv for m in self.members)

    @property
    def fitting(self) -> int:
        return sum(self.cards.values())

    @property
    def short_by(self) -> int:
        return self.need - self.fitting


@dataclass
class SectionPlan:
    members: list[Member]
    assignment: dict[str, dict[str, int]]  # member label -> card name -> copies
    shortfalls: list[Shortfall] = field(default_factory=list)
    misfits: list[Misfit] = field(default_factory=list)


def plan_sections(members: list[Member], resources: Iterable[DeckCard]) -> SectionPlan:
    # Sorted so that one deck gets one plan, however its list was ordered.
    members = sorted(members, key=lambda m: m.label.casefold())
    resources = sorted(resources, key=lambda c: (c.name.casefold(), (c.pinned_to or "").casefold()))
    pools, misfits = _pools(members, resources)
    network = _Network(members, pools)
    network.solve()
    return SectionPlan(members, network.assignment(), network.shortfalls(), misfits)


def _pools(members: list[Member], resources: Iterable[DeckCard]) -> tuple[list[Pool], list[Misfit]]:
    pools: dict[tuple[int, ...], Pool] = {}
    misfits: list[Misfit] = []
    for card in resources:
        candidates = list(range(len(members)))
        if card.pinned_to is not None:
            candidates = [i for i in candidates if members[i].answers_to(card.pinned_to)]
            if not candidates:
                misfits.append(Misfit(card, "unknown_pin"))
                continue
        facts = facts_of(card.card)
        fits = tuple(i for i in candidates if members[i].restriction.fits_facts(facts))
        if fits:
            pools.setdefault(fits, Pool(fits)).cards.append(card)
        elif card.pinned_to is not None:
            misfits.append(Misfit(card, "pin_unfit", tuple(members[i] for i in candidates)))
        else:
            misfits.append(Misfit(card, "fits_no_member"))
    return list(pools.values()), misfits


class _Network:
    """The flow network of one deck: node 0 is the source, then members, then pools, then the sink."""

    def __init__(self, members: list[Member], pools: list[Pool]) -> None:
        self.members = members
        self.pools = pools
        self.sink = 1 + len(members) + len(pools)
        self.flow = FlowNetwork(self.sink + 1)
        unlimited = sum(p.count for p in pools) + 1
        self.demand_edges = [self.flow.add_edge(0, self._member(i), m.rv) for i, m in enumerate(members)]
        self.fit_edges: dict[tuple[int, int], int] = {}
        self.supply_edges: list[int] = []
        for j, pool in enumerate(pools):
            for i in pool.fits:
                self.fit_edges[(i, j)] = self.flow.add_edge(self._member(i), self._pool(j), unlimited)
            self.supply_edges.append(self.flow.add_edge(self._pool(j), self.sink, pool.count))

    def _member(self, i: int) -> int:
        return 1 + i

    def _pool(self, j: int) -> int:
        return 1 + len(self.members) + j

    def solve(self) -> None:
        self.flow.max_flow(0, self.sink)

    def assignment(self) -> dict[str, dict[str, int]]:
        """The flow's assignment, then each card beyond the Resource Values given to the member
        it fits that has the fewest cards beyond its own Resource Value."""
        sections: list[Counter[str]] = [Counter() for _ in self.members]
        surplus = [self.flow.flow_on(e) - m.rv for e, m in zip(self.demand_edges, self.members, strict=True)]
        for j, pool in enumerate(self.pools):
            # The flow says how many of the pool's cards each member takes; which ones is free.
            quota = {i: self.flow.flow_on(self.fit_edges[(i, j)]) for i in pool.fits}
            for card in pool.cards:
                copies = card.count
                for i in pool.fits:
                    taken = min(copies, quota[i])
                    if taken:
                        sections[i][card.name] += taken
                        quota[i] -= taken
                        copies -= taken
                if copies:
                    i = min(pool.fits, key=lambda i: (surplus[i], i))
                    sections[i][card.name] += copies
                    surplus[i] += copies
        return {m.label: dict(sorted(s.items())) for m, s in zip(self.members, sections, strict=True)}

    def shortfalls(self) -> list[Shortfall]:
        """The members left short, grouped as the minimum cut groups them."""
        reach = self.flow.reachable(0)
        blamed = [i for i in range(len(self.members)) if self._member(i) in reach]
        if not blamed:
            return []
        # Members on the source side of the cut that can take the same cards form one group.
        group = {i: i for i in blamed}

        def root(i: int) -> int:
            while group[i] != i:
                group[i] = group[group[i]]
                i = group[i]
            return i

        pool_owner: dict[int, int] = {}
        for (i, j) in self.fit_edges:
            if i in group:
                if j in pool_owner:
                    group[root(i)] = root(pool_owner[j])
                else:
                    pool_owner[j] = i
        groups: dict[int, list[int]] = {}
        for i in blamed:
            groups.setdefault(root(i), []).append(i)
        shortfalls = []
        for indexes in groups.values():
            cards: Counter[str] = Counter()
            for j, owner in pool_owner.items():
                if root(owner) == root(indexes[0]):
                    for card in self.pools[j].cards:
                        cards[card.name] += card.count
            shortfalls.append(Shortfall(tuple(self.members[i] for i in indexes), dict(sorted(cards.items()))))
        return shortfalls
