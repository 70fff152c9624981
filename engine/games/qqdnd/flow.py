"""Maximum flow on a small network (Dinic's algorithm).

The section rule is a bipartite b-matching: Resources in, Party Members' Resource Values out. A
deck's network has a handful of Party Members and at most a few hundred card names; Dinic's
algorithm fills it in a few rounds of breadth-first levels and depth-first pushes.
"""
from __future__ import annotations

from collections import deque


class FlowNetwork:
    """A directed network with integer capacities. Nodes are 0..size-1."""

    def __init__(self, size: int) -> None:
        self.size = size
        # Edge i goes head[i ^ 1] -> head[i]; edge i ^ 1 is its reverse. residual[i] is what is left.
        self._head: list[int] = []
        self._residual: list[int] = []
        self._capacity: list[int] = []
        self._out: list[list[int]] = [[] for _ in range(size)]

    def add_edge(self, tail: int, head: int, capacity: int) -> int:
        """Add an edge and return its id (for flow_on)."""
        edge = len(self._head)
        self._head += [head, tail]
        self._residual += [capacity, 0]
        self._capacity += [capacity, 0]
        self._out[tail].append(edge)
        self._out[head].append(edge + 1)
        return edge

    def flow_on(self, edge: int) -> int:
        return self._capacity[edge] - self._residual[edge]

    def max_flow(self, source: int, sink: int) -> int:
        total = 0
        while True:
            level = self._levels(source)
            if sink not in level:
                return total
            next_edge = [0] * self.size
            while True:
                pushed = self._push(source, sink, None, level, next_edge)
                if not pushed:
                    break
                total += pushed

    def reachable(self, source: int) -> set[int]:
        """Nodes reachable from source through edges with capacity left. After max_flow this is
        the source side of the minimum cut (the smallest one)."""
        return set(self._levels(source))

    def _levels(self, source: int) -> dict[int, int]:
        level = {source: 0}
        queue = deque([source])
        while queue:
            node = queue.popleft()
            for edge in self._out[node]:
                head = self._head[edge]
                if self._residual[edge] > 0 and head not in level:
                    level[head] = level[node] + 1
                    queue.append(head)
        return level

    def _push(self, node: int, sink: int, limit: int | None, level: dict[int, int], next_edge: list[int]) -> int:
        """Push up to `limit` (None: no limit) from node to sink along edges that go one level up."""
        if node == sink:
            assert limit is not None
            return limit
        edges = self._out[node]
        while next_edge[node] < len(edges):
            edge = edges[next_edge[node]]
            head = self._head[edge]
            left = self._residual[edge]
            if left > 0 and level.get(head) == level[node] + 1:
                pushed = self._push(head, sink, left if limit is None else min(limit, left), level, next_edge)
                if pushed:
                    self._residual[edge] -= pushed
                    self._residual[edge ^ 1] += pushed
                    return pushed
            next_edge[node] += 1
        return 0
