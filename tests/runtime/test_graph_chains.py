"""Graph mode enqueues a kernel whole on one device behind its predecessors there, on
that device's in-order queue, instead of waiting on the host for them to end: the
program still sees exactly what program order gives, and the records name each
batch's nodes."""
import numpy as np
import pytest

from skmd.testing import mismatches, run_bare, skmd_installed, tuned

from programs import N, SRC
from test_lazy_coherence import place_kernels


def make_buffers(cl, buffers):
    """A queue, the test kernels, an uploaded input and ``buffers`` more buffers."""
    ctx = cl.create_some_context(interactive=False)
    q = cl.CommandQueue(ctx)
    a = np.arange(N * N, dtype=np.float32) / 7
    A = cl.Buffer(ctx, cl.mem_flags.READ_ONLY, a.nbytes)
    cl.enqueue_copy(q, A, a)
    more = [cl.Buffer(ctx, cl.mem_flags.READ_WRITE, a.nbytes) for _ in range(buffers)]
    return ctx, q, cl.Program(ctx, SRC).build(), A, more


def read_back(cl, q, bufs):
    """Each named buffer's bytes, as the program sees them."""
    out = {}
    for name, buf in bufs.items():
        out[name] = np.empty(N * N, np.float32)
        cl.enqueue_copy(q, out[name], buf)
    q.finish()
    return out


def chains(cl):
    """Two batches of dependent kernels: chains that read the previous kernel's result
    (zero copy inputs included), fan in, and overwrite a buffer read before."""
    _, q, prg, A, (B, C, D, E) = make_buffers(cl, 4)
    n = N * N
    scale, axpy = prg.scale, prg.axpy
    out = {}
    for r in range(2):
        scale(q, (n,), (64,), A, B, np.float32(r + 2))
        scale(q, (n,), (64,), B, C, np.float32(3))
        axpy(q, (n,), (64,), B, C, D, np.float32(-1))
        scale(q, (n,), (64,), D, E, np.float32(0.5))
        scale(q, (n,), (64,), E, B, np.float32(7))      # B read before: overwritten
        axpy(q, (n,), (64,), B, E, C, np.float32(2))
        out[f"c{r}"] = read_back(cl, q, {"c": C})["c"]
    return {**out, **read_back(cl, q, {"b": B, "d": D, "e": E})}


SLOW = r"""
__kernel void settle(__global const float *a, __global float *b, const int steps)
{
    size_t i = get_global_id(0);
    float x = a[i];
    for (int k = 0; k < steps; ++k)
        x = x * 0.999f + 0.001f;
    b[i] = x;
}
"""


def long_kernel_then(tail, steps: int = 20000):
    """A program: a long kernel A -> B (``steps`` per item), then ``tail(q, prg, n, A,
    B, C, D)``, which returns the buffers to read back by name."""
    def program(cl):
        ctx, q, prg, A, (B, C, D) = make_buffers(cl, 3)
        n = N * N
        cl.Program(ctx, SLOW).build().settle(q, (n,), (64,), A, B, np.int32(steps))
        return read_back(cl, q, tail(q, prg, n, A, B, C, D))
    program.tail = tail
    return program


@long_kernel_then
def slow_then_fast(q, prg, n, A, B, C, D):
    """Short kernels reading the long one's result: a successor enqueued behind it must
    not read the result before the long one has written it."""
    prg.scale(q, (n,), (64,), B, C, np.float32(3))
    prg.axpy(q, (n,), (64,), B, C, D, np.float32(-2))
    return {"d": D}


@long_kernel_then
def home_reads_a_helpers_result(q, prg, n, A, B, X, E):
    """With the long kernel on home, a helper's result X brought home for its successor
    there while it runs, then X overwritten on home."""
    prg.scale(q, (n,), (64,), A, X, np.float32(3))
    prg.axpy(q, (n,), (64,), B, X, E, np.float32(-2))
    prg.scale(q, (n,), (64,), E, X, np.float32(5))
    return {"e": E, "x": X}


def run_counting(program, **settings):
    """Run under skmd; the results and the batches' helper-chained kernel count."""
    with skmd_installed(**settings) as rt:
        import pyopencl as cl
        out = program(cl)
        chained = rt.graph.helper_chained if rt._graph is not None else 0
        records = list(rt.records)
    return out, chained, records


@pytest.mark.parametrize("where", ["helper", "alternating"])
def test_chains_on_a_helper_give_program_orders_bytes(monkeypatch, where):
    """Kernels whole on the helper after predecessors whole there are enqueued behind
    them (counted); every result equals program order's, bit for bit."""
    place_kernels(monkeypatch, (lambda node, devs: devs[1]) if where == "helper"
                  else (lambda node, devs: devs[1] if node % 3 else devs[0]))
    inorder, _, _ = run_counting(chains, mode="inorder", policy="even")
    got, chained, records = run_counting(chains, mode="mkmd", policy="even")
    assert not mismatches(run_bare(chains), inorder)
    assert not mismatches(inorder, got), mismatches(inorder, got)
    assert chained >= (12 if where == "helper" else 2)
    assert any(v for r in records for lb, v in r.shares.items() if lb != "cpu0")


def test_a_successor_behind_a_long_kernel_reads_its_result(monkeypatch):
    """Enqueued before the long kernel ends, the successors still read what it wrote."""
    place_kernels(monkeypatch, lambda node, devs: devs[1])
    got, chained, _ = run_counting(slow_then_fast, mode="mkmd", policy="even")
    assert chained == 3
    assert not mismatches(run_bare(slow_then_fast), got)


def test_results_a_home_kernel_reads_leave_the_helper_right_behind_their_kernel(
        monkeypatch):
    """A long kernel and a short one chained behind it on the helper, their results
    read on home: each is read into host memory on the helper's queue right behind its
    kernel (counted), and home's kernel sees program order's bytes."""
    from skmd.runtime import buffers as bufmod
    pushed = []
    push = bufmod.BufferState.push_host

    def counted(self, label, queue):
        pushed.append(push(self, label, queue))
        return pushed[-1]
    monkeypatch.setattr(bufmod.BufferState, "push_host", counted)
    place_kernels(monkeypatch, lambda node, devs: devs[0] if node == 2 else devs[1])
    got, chained, _ = run_counting(slow_then_fast, mode="mkmd", policy="even")
    assert chained == 2 and len([n for n in pushed if n]) == 2
    assert not mismatches(run_bare(slow_then_fast), got)


def test_a_result_brought_home_beside_a_running_kernel_is_read_whole(monkeypatch):
    """What comes home for a kernel queued behind a long one on home is written
    alongside it; the kernels see exactly program order's bytes."""
    place_kernels(monkeypatch, lambda node, devs: devs[1] if node == 1 else devs[0])
    got, _, records = run_counting(home_reads_a_helpers_result, mode="mkmd", policy="even")
    assert any(r.shares.get("cpu1") for r in records)
    assert any(p.label == "sync" for r in records for p in r.pieces)  # X came home
    assert not mismatches(run_bare(home_reads_a_helpers_result), got)


def test_chaining_off_waits_and_gives_the_same_bytes(monkeypatch):
    """SKMD_CHAIN_HELPERS=0: no kernel is enqueued behind one still running on a
    helper, and the results are the same."""
    place_kernels(monkeypatch, lambda node, devs: devs[1])
    on, _, _ = run_counting(chains, mode="mkmd", policy="even")
    off, chained, _ = run_counting(chains, mode="mkmd", policy="even", chain_helpers=False)
    assert chained == 0
    assert not mismatches(on, off)


def test_batch_note_is_on_its_last_launch(monkeypatch):
    """Nodes end out of order; the batch's note and graph go on its highest sequence
    number, so that a run log's batch holds every one of its launches."""
    import time

    from skmd.report.replay_costs import graph_batches, recorded_graph
    from skmd.runtime import core
    place_kernels(monkeypatch, lambda node, devs: devs[node % 2])
    learn = core.Runtime.learn

    def late(self, entry, launch, rec):  # the first node is kept after all the others
        if rec.node == 0:
            time.sleep(0.5)
        return learn(self, entry, launch, rec)
    monkeypatch.setattr(core.Runtime, "learn", late)
    _, _, records = run_counting(chains, mode="mkmd", policy="even")
    batches = graph_batches(records)
    assert len(batches) == 2
    for b in batches:
        cmds, _, _, rec_of = recorded_graph(b)  # raises when a node's launch is missing
        assert sorted(rec_of) == sorted(c.id for c in cmds) and len(cmds) == 6


@pytest.mark.parametrize("program", [slow_then_fast, chains], ids=["long", "chains"])
def test_a_helper_failing_behind_its_chain_leaves_program_orders_bytes(monkeypatch, program):
    """A kernel whose launch on the helper fails runs on home instead: what kernels
    before it left on the helper (the only copies) comes home first, once they end."""
    import random

    from skmd.runtime import faults
    place_kernels(monkeypatch, lambda node, devs: devs[1])
    bare = run_bare(program)
    failed = 0
    for seed in range(4):
        monkeypatch.setattr(faults, "_rng", random.Random(seed))
        got, _, records = run_counting(program, mode="mkmd", policy="even",
                                       faults="cpu1:launch:0.4")
        failed += sum("failed" in n for r in records for n in r.notes)
        assert not mismatches(bare, got), seed
    assert failed


#: slow_then_fast with a kernel forty times as long (seconds on PoCL)
very_slow_then_fast = long_kernel_then(slow_then_fast.tail, steps=800000)


@pytest.fixture(scope="module")
def very_slow_bare():
    return run_bare(very_slow_then_fast)


def _settle_at_once(monkeypatch):
    """Batches on the helper; the long kernel skips the graph (launched at once)."""
    from skmd.runtime import graph_mode
    place_kernels(monkeypatch, lambda node, devs: devs[1])
    monkeypatch.setattr(graph_mode.GraphBatch, "runs_at_once",
                        lambda self, entry, launch: entry.name == "settle")
    return graph_mode


def test_a_batch_waits_for_a_kernel_launched_at_once_before_it(monkeypatch, very_slow_bare):
    """A kernel launched at once is on the program's queue; a batch after it runs on
    skmd's own queues and the helpers', which that queue does not order: it waits for
    the kernel's end before it reads the kernel's result (without: 176 bytes differ)."""
    graph_mode = _settle_at_once(monkeypatch)
    got, _, records = run_counting(very_slow_then_fast, mode="mkmd", policy="even")
    assert [r.reason for r in records if r.kernel == "settle"] == [graph_mode.AT_ONCE_REASON]
    assert {r.kernel for r in records if any(
        v for lb, v in r.shares.items() if lb != "cpu0")} == {"scale", "axpy"}
    assert not mismatches(very_slow_bare, got)


def test_a_batch_behind_a_long_kernel_runs_in_order_behind_it(monkeypatch, very_slow_bare):
    """Still running after the drain's wait, the kernel launched at once has the batch
    queued behind it in program order, its events completing as its kernels end."""
    graph_mode = _settle_at_once(monkeypatch)
    tuned(monkeypatch, graph_drain_wait_s=0.05)
    got, _, records = run_counting(very_slow_then_fast, mode="mkmd", policy="even")
    assert {(r.kernel, r.reason) for r in records if r.kernel != "settle"} == {
        ("scale", graph_mode.BEHIND_REASON), ("axpy", graph_mode.BEHIND_REASON)}
    assert not mismatches(very_slow_bare, got)


def held_queue(cl):
    """A queue the program holds on an event of its own while it reads on another queue,
    then lets go: plain OpenCL runs the held queue's kernels once the event is set."""
    ctx, q, prg, A, (B, C, D) = make_buffers(cl, 3)
    other = cl.CommandQueue(ctx)
    n = N * N
    gate = cl.UserEvent(ctx)
    cl.enqueue_marker(q, wait_for=[gate])
    prg.scale(q, (n,), (64,), A, B, np.float32(3))
    prg.axpy(q, (n,), (64,), A, B, C, np.float32(-2))
    seen = np.empty(n, np.float32)
    cl.enqueue_copy(other, seen, D)  # a sync point on the other queue
    gate.set_status(cl.command_execution_status.COMPLETE)
    return read_back(cl, q, {"c": C})


def test_a_queue_held_on_the_programs_own_event_does_not_hold_a_batch(monkeypatch):
    """The batch the other queue's read runs may not wait for the held queue (the
    program sets its event only after that read): it runs behind it instead."""
    import threading
    place_kernels(monkeypatch, lambda node, devs: devs[1])
    tuned(monkeypatch, graph_drain_wait_s=0.05)  # (the held queue never drains meanwhile)
    box = {}
    t = threading.Thread(target=lambda: box.update(
        out=run_counting(held_queue, mode="mkmd", policy="even")), daemon=True)
    t.start()
    t.join(120)
    assert not t.is_alive(), "the batch waited for a queue the program held"
    got, _, _ = box["out"]
    assert not mismatches(run_bare(held_queue), got)
