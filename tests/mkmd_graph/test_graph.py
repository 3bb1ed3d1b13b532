"""Dependency DAG from a command queue (§5.4.1)."""
import networkx as nx
import pytest

from skmd.mkmd_graph import SINK, SOURCE, Command, build_graph

K = "kernel"


def cmd(i, kind=K, reads=(), writes=(), **kw):
    return Command(i, kind, f"c{i}", frozenset(reads), frozenset(writes), **kw)


def test_raw_war_waw_edges_and_bytes():
    cmds = [
        cmd(0, "write", writes=[1], overwrites=frozenset({1})),
        cmd(1, reads=[1], writes=[2], overwrites=frozenset({2})),   # RAW on 1
        cmd(2, reads=[2], writes=[1], overwrites=frozenset({1})),   # RAW on 2, WAR on 1
        cmd(3, writes=[2], overwrites=frozenset({2})),              # WAW + WAR on 2
        cmd(4, "read", reads=[1, 2]),
    ]
    g = build_graph(cmds, {1: 100, 2: 7})
    assert g.edges[0, 1]["kind"] == "raw" and g.edges[0, 1]["bytes"] == 100
    assert g.edges[1, 2]["buffers"] == {2} and g.edges[1, 2]["bytes"] == 7
    assert "war" in g.edges[1, 2]["kinds"]               # 2 overwrites what 1 read
    assert g.edges[2, 3]["kind"] == "war"
    assert g.edges[1, 3]["kind"] == "waw" and g.edges[1, 3]["bytes"] == 0
    assert g.edges[2, 4]["buffers"] == {1} and g.edges[3, 4]["buffers"] == {2}
    assert not g.has_edge(0, 4)                          # buffer 1 was rewritten by 2
    assert nx.is_directed_acyclic_graph(g)
    assert set(g.successors(SOURCE)) == {0} and list(g.predecessors(SINK)) == [4]


def test_partial_write_needs_old_content():
    g = build_graph([cmd(0, writes=[5]), cmd(1, writes=[5])], {5: 64})
    # nothing says 0 or 1 overwrite the whole buffer: both need what was there
    assert g.edges[SOURCE, 0]["buffers"] == {5}
    assert g.edges[0, 1]["kind"] == "raw" and g.edges[0, 1]["bytes"] == 64


def test_initial_mapping_marks_empty_buffers():
    cmds = [cmd(0, reads=[1], writes=[2])]
    g = build_graph(cmds, {1: 8, 2: 8}, initial={1: "host"})
    assert g.edges[SOURCE, 0]["buffers"] == {1}         # 2 holds nothing yet
    g2 = build_graph(cmds, {1: 8, 2: 8})
    assert g2.edges[SOURCE, 0]["buffers"] == {1, 2}


def test_barrier_orders_everything():
    cmds = [cmd(0, writes=[1]), cmd(1, writes=[2]), cmd(2, "barrier"),
            cmd(3, writes=[3]), cmd(4, writes=[4], barrier=True), cmd(5, writes=[5])]
    g = build_graph(cmds, {b: 4 for b in range(1, 6)})
    for before, after in [(0, 2), (1, 2), (2, 3), (3, 4), (2, 4), (4, 5)]:
        assert nx.has_path(g, before, after)
    assert not nx.has_path(g, 0, 1)


def test_rejects_duplicate_ids_and_kinds():
    with pytest.raises(ValueError):
        build_graph([cmd(0), cmd(0)], {})
    with pytest.raises(ValueError):
        Command(0, "launch", "x", frozenset(), frozenset())
