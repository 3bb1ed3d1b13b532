"""Random command queues and machines for property tests."""
from hypothesis import strategies as st

from skmd.mkmd_graph import Command, Platform

KINDS = ["kernel"] * 6 + ["write", "read", "copy", "fill", "barrier"]


@st.composite
def workloads(draw, max_commands: int = 10):
    n_buf = draw(st.integers(1, 5))
    bufs = st.integers(0, n_buf - 1)
    cmds = []
    for i in range(draw(st.integers(1, max_commands))):
        kind = draw(st.sampled_from(KINDS))
        reads = draw(st.frozensets(bufs, max_size=3))
        writes = draw(st.frozensets(bufs, max_size=2))
        if kind in ("write", "fill"):
            reads, writes = frozenset(), frozenset([draw(bufs)])
        elif kind == "read":
            reads, writes = frozenset([draw(bufs)]), frozenset()
        elif kind == "copy":
            reads, writes = frozenset([draw(bufs)]), frozenset([draw(bufs)])
        elif kind == "barrier":
            reads, writes = frozenset(), frozenset()
        over = frozenset(b for b in writes if draw(st.booleans()))
        cmds.append(Command(
            i, kind, f"c{i}", reads, writes,
            total_groups=draw(st.integers(1, 300)) if kind == "kernel" else 1,
            splittable=kind == "kernel" and draw(st.booleans()),
            barrier=kind == "kernel" and draw(st.integers(0, 9)) == 0,
            overwrites=over, contiguous=draw(st.booleans())))
    sizes = {b: draw(st.integers(0, 10 ** 8)) for b in range(n_buf)}
    return cmds, sizes


@st.composite
def platforms(draw, cmds):
    n_dev = draw(st.integers(1, 3))
    devs = tuple(f"d{i}" for i in range(n_dev))
    speed = {d: draw(st.floats(0.2, 5.0)) for d in devs}
    base = {c.id: draw(st.floats(1e-4, 0.1)) for c in cmds}
    total = {c.id: c.total_groups for c in cmds}
    launch = draw(st.floats(0.0, 0.05))

    def exec_time(v, d, g):
        assert 0 < g <= total[v]
        return base[v] * (launch + g / total[v]) / speed[d]

    bw = st.floats(1e8, 5e10)
    shared = draw(st.booleans())
    d2d = {}
    if n_dev >= 2 and draw(st.booleans()):
        d2d = {(devs[0], devs[1]): draw(bw), (devs[1], devs[0]): draw(bw)}
    return Platform(
        devices=devs, exec_time=exec_time,
        h2d_bps={d: draw(bw) for d in devs}, d2h_bps={d: draw(bw) for d in devs},
        d2d_bps=d2d, links={d: "bus" for d in devs} if shared else {},
        home=draw(st.sampled_from((None,) + devs)), duplex=draw(st.booleans()))


@st.composite
def initial_maps(draw, sizes, devs):
    if draw(st.booleans()):
        return None
    locs = ("host",) + tuple(devs)
    return {b: draw(st.frozensets(st.sampled_from(locs), max_size=2)) for b in sizes}
