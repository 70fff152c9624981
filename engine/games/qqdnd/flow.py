"""Maximum flow on a small network (Edmonds-Karp: shortest augmenting paths).

The section rule is a bipartite b-matching: Resources in, Party Members' Resource Values out.
A deck's network has a handful of Party Members and at most a few hundred card names, so the
plain algorithm is fast enough and easy to trust.
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
            parent_edge = self._shortest_path(source, sink)
            if parent_edge is None:
                return total
            path: list[int] = []
            node = sink
            while node != source:
                edge = parent_edge[node]
                path.append(edge)
                node = self._head[edge ^ 1]
            pushed = min(self._residual[e] for e in path)
            for edge in path:
                self._residual[edge] -= pushed
                self._residual[edge ^ 1] += pushed
            total += pushed

    def reachable(self, source: int) -> set[int]:
        """Nodes reachable from source through edges with capacity left. After max_flow this is
        the source side of the minimum cut (the smallest one)."""
        seen = {source}
        queue = deque([source])
        while queue:
            node = queue.popleft()
            for edge in self._out[node]:
                head = self._head[edge]
                if self._residual[edge] > 0 and head not in seen:
                    seen.add(head)
                    queue.append(head)
        return seen

    def _shortest_path(self, source: int, sink: int) -> dict[int, int] | None:
        parent_edge: dict[int, int] = {}
        seen = {source}
        queue = deque([source])
        while queue:
            node = queue.popleft()
            for edge in self._out[node]:
                head = self._head[edge]
                if self._residual[edge] > 0 and head not in seen:
                    seen.add(head)
                    parent_edge[head] = edge
                    if head == sink:
                        return parent_edge
                    queue.append(head)
        return None
