"""A picture of an MKMD kernel graph: which kernels wait on which, and where they ran.

Nodes carry ``command`` (anything with ``.name`` and ``.kind``); the host's
``source``/``sink`` nodes have none. A node's optional ``device`` attribute
(set once the graph is scheduled) is printed under its name; an edge's
``buffer``/``name``/``label`` attribute, if any, labels the edge.
"""
from __future__ import annotations

import os
from typing import Any, Hashable

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import networkx as nx  # noqa: E402
from matplotlib.patches import Patch  # noqa: E402

_KIND_FILL = ["#AEC7E8", "#FFBB78", "#98DF8A", "#FF9896", "#C5B0D5", "#C49C94"]
_HOST_FILL = "#DDDDDD"
#: edge labels only while the picture stays readable
_MAX_EDGE_LABELS = 60


def _name(obj: Any) -> str:
    return str(getattr(obj, "name", obj))


def _node_text(graph: nx.DiGraph, n: Hashable) -> str:
    data = graph.nodes[n]
    cmd = data.get("command")
    text = _name(cmd) if cmd is not None else str(n)
    if data.get("device") is not None:
        text += f"\n@{_name(data['device'])}"
    return text


def _kind(graph: nx.DiGraph, n: Hashable) -> str:
    cmd = graph.nodes[n].get("command")
    return "host" if cmd is None else str(getattr(cmd, "kind", "command"))


def _positions(graph: nx.DiGraph) -> dict[Hashable, tuple[float, float]]:
    """Left to right by dependency depth; nodes of one depth stacked and centred."""
    if not nx.is_directed_acyclic_graph(graph):
        return nx.spring_layout(graph, seed=0)
    pos: dict[Hashable, tuple[float, float]] = {}
    for x, layer in enumerate(nx.topological_generations(graph)):
        layer = sorted(layer, key=str)
        for i, n in enumerate(layer):
            pos[n] = (float(x), (len(layer) - 1) / 2.0 - i)
    return pos


def _edge_label(data: dict[str, Any]) -> str | None:
    for key in ("buffer", "name", "label"):
        if data.get(key) is not None:
            return _name(data[key])
    return None


def dag_png(graph: nx.DiGraph, path: str | os.PathLike[str], title: str | None = None) -> str:
    """Write the graph as a PNG, coloured by command kind; returns the path written."""
    pos = _positions(graph)
    depth = 1 + max((int(p[0]) for p in pos.values()), default=0)
    width = max((sum(1 for p in pos.values() if int(p[0]) == x) for x in range(depth)),
                default=1)
    fig = plt.figure(figsize=(max(6.0, 2.2 * depth), max(3.0, 1.1 * width + 1.2)), dpi=110)
    ax = fig.add_axes((0.02, 0.1, 0.96, 0.8))
    ax.set_axis_off()
    kinds = sorted({_kind(graph, n) for n in graph.nodes} - {"host"})
    fills = {k: _KIND_FILL[i % len(_KIND_FILL)] for i, k in enumerate(kinds)}
    fills["host"] = _HOST_FILL
    try:
        nx.draw_networkx_edges(graph, pos, ax=ax, arrows=True, arrowsize=12,
                               edge_color="#888888", node_size=2600,
                               connectionstyle="arc3,rad=0.05")
        if graph.number_of_edges() <= _MAX_EDGE_LABELS:
            labels = {(u, v): t for u, v, d in graph.edges(data=True)
                      if (t := _edge_label(d)) is not None}
            if labels:
                nx.draw_networkx_edge_labels(graph, pos, edge_labels=labels, ax=ax,
                                             font_size=7)
        for n, (x, y) in pos.items():
            ax.text(x, y, _node_text(graph, n), ha="center", va="center", fontsize=8,
                    bbox=dict(boxstyle="round,pad=0.4", fc=fills[_kind(graph, n)],
                              ec="#555555"))
        if pos:
            xs = [p[0] for p in pos.values()]
            ys = [p[1] for p in pos.values()]
            ax.set_xlim(min(xs) - 0.6, max(xs) + 0.6)
            ax.set_ylim(min(ys) - 0.7, max(ys) + 0.7)
        handles = [Patch(color=fills[k], label=k) for k in kinds]
        if handles:
            ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(0, 0),
                      ncol=len(handles), fontsize=7, frameon=False)
        n_cmd = sum(1 for n in graph.nodes if _kind(graph, n) != "host")
        ax.set_title(title or f"kernel graph: {n_cmd} commands, "
                     f"{graph.number_of_edges()} dependencies", fontsize=10, loc="left")
        fig.savefig(path)
    finally:
        plt.close(fig)
    return str(path)
