"""The 10-task, 3-processor example of Topcuoglu, Hariri and Wu (2002)."""
from skmd.mkmd_graph import Command, Platform, build_graph

# computation cost of task i on processors P1, P2, P3
COST = {
    1: (14, 16, 9), 2: (13, 19, 18), 3: (11, 13, 19), 4: (13, 8, 17),
    5: (12, 13, 10), 6: (13, 16, 9), 7: (7, 15, 11), 8: (5, 11, 14),
    9: (18, 12, 20), 10: (21, 7, 16),
}
# mean communication cost of each edge, paid only across processors
EDGES = {
    (1, 2): 18, (1, 3): 12, (1, 4): 9, (1, 5): 11, (1, 6): 14,
    (2, 8): 19, (2, 9): 16, (3, 7): 23, (4, 8): 27, (4, 9): 23,
    (5, 9): 13, (6, 8): 15, (7, 10): 17, (8, 10): 11, (9, 10): 13,
}
PROCS = ("P1", "P2", "P3")


def heft_commands() -> list[Command]:
    """Task i writes buffer i and reads the buffers of its predecessors."""
    cmds = []
    for i in sorted(COST):
        preds = frozenset(u for (u, v) in EDGES if v == i)
        cmds.append(Command(i, "kernel", f"n{i}", reads=preds,
                            writes=frozenset({i}), overwrites=frozenset({i})))
    return cmds


def heft_platform() -> Platform:
    return Platform(
        devices=PROCS,
        exec_time=lambda v, d, g: float(COST[v][PROCS.index(d)]),
        comm_time=lambda u, v: float(EDGES[u, v]),
    )


def heft_graph():
    return build_graph(heft_commands(), {i: 1 for i in COST}, initial={})
