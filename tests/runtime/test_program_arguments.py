"""A kernel's arguments as the driver took them: values captured at the call that set
them, arguments set in ways skmd did not see, and sizes only the driver may judge.

Each program here is written as a pyopencl user writes it; under skmd (every launch
that can be split is, and graph mode defers them) it must give a bare run's bytes,
and raise the bare run's errors at the same calls.
"""
import numpy as np
import pytest

from skmd.testing import compare_with_and_without

from test_lazy_coherence import place_kernels

N = 3 * 4096
WAYS = ["skmd", "mkmd"]


def _way(monkeypatch, way: str) -> dict:
    """Every launch split over the devices (``skmd``), or deferred and each batch's
    kernels spread over them (``mkmd``)."""
    if way == "mkmd":
        place_kernels(monkeypatch, lambda node, devs: devs[(node + 1) % len(devs)])
        return dict(policy="even", mode="mkmd")
    return dict(policy="even")

SRC = """
typedef struct { float scale; int add; } params_t;
__kernel void apply(__global float *x, params_t p) {
    int i = get_global_id(0);
    x[i] = x[i] * p.scale + (float)p.add; }
__kernel void affine(__global float *x, float scale, int add) {
    int i = get_global_id(0);
    x[i] = x[i] * scale + (float)add; }
__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void fixed(__global float *x, float scale, int add) {
    int i = get_global_id(0);
    x[i] = x[i] * scale + (float)add; }
__kernel void accum(__global float *acc, __global const float *x, int k) {
    int i = get_global_id(0);
    acc[i] += x[i] * (float)k; }
"""


def _setup(cl):
    ctx = cl.create_some_context(interactive=False)
    q = cl.CommandQueue(ctx)
    x = cl.Buffer(ctx, cl.mem_flags.READ_WRITE | cl.mem_flags.COPY_HOST_PTR,
                  hostbuf=np.ones(N, np.float32))
    return ctx, q, cl.Program(ctx, SRC).build(), x


def _read(cl, q, buf):
    out = np.empty(N, np.float32)
    cl.enqueue_copy(q, out, buf)
    return out


def changed_record(cl):
    """A struct argument (a record viewing its array) changed after each launch."""
    ctx, q, prg, x = _setup(cl)
    knl = prg.apply
    prm = np.zeros(1, np.dtype([("scale", np.float32), ("add", np.int32)]))[0]
    for k in range(3):
        prm["scale"], prm["add"] = 2.0, k
        knl(q, (N,), (64,), x, prm)
    return {"x": _read(cl, q, x)}


def record_with_gaps(cl):
    """A struct argument that is a view of some of a record's fields: its type keeps
    the left-out field's bytes between them, and the kernel's struct reads them."""
    ctx, q, prg, x = _setup(cl)
    full = np.zeros(1, np.dtype([("scale", np.float32), ("add", np.int32),
                                 ("pad", np.int32)]))
    full["scale"], full["add"], full["pad"] = 2.0, 5, 9
    prm = full[["scale", "pad"]][0]  # (itemsize 12: "add" is a gap, its bytes kept)
    prg.apply(q, (N,), (64,), x, prm)
    return {"x": _read(cl, q, x)}


def changed_recarray_record(cl):
    """A struct argument taken from a ``recarray`` (an ``np.record`` viewing it), the
    array changed after each launch."""
    ctx, q, prg, x = _setup(cl)
    rec = np.zeros(1, np.dtype([("scale", np.float32), ("add", np.int32)])).view(np.recarray)
    knl = prg.apply
    for k in range(3):
        rec.scale[0], rec.add[0] = 2.0, k
        knl(q, (N,), (64,), x, rec[0])
        rec.add[0] = 100
    return {"x": _read(cl, q, x)}


def changed_array_scalar(cl):
    """A scalar passed as a one-element array, changed after each launch; and one set
    with ``set_arg`` and changed before the launch."""
    ctx, q, prg, x = _setup(cl)
    knl = prg.affine
    add = np.zeros(1, np.int32)
    for k in range(3):
        add[0] = k
        knl(q, (N,), (64,), x, np.float32(2), add)
    scale = np.full(1, 3, np.float32)
    knl.set_args(x, scale, np.int32(1))
    scale[0] = 100  # after the call that set it: the driver has 3
    cl.enqueue_nd_range_kernel(q, knl, (N,), (64,))
    return {"x": _read(cl, q, x)}


def set_arg_after_a_call(cl):
    """``Kernel.__call__`` sets every argument; the program then changes one with
    ``set_arg`` and launches the kernel again over half the range, trusting the
    others to stay as the call left them."""
    ctx, q, prg, acc = _setup(cl)
    accum = prg.accum
    ones = cl.Buffer(ctx, cl.mem_flags.READ_ONLY | cl.mem_flags.COPY_HOST_PTR,
                     hostbuf=np.ones(N, np.float32))
    accum(q, (N,), (64,), acc, ones, np.int32(1))
    accum.set_arg(2, np.int32(100))
    cl.enqueue_nd_range_kernel(q, accum, (N // 2,), (64,))
    cl.enqueue_nd_range_kernel(q, accum, (N,), (64,))
    return {"acc": _read(cl, q, acc)}


def released_after_launch(cl):
    """An input released right after the launch that reads it (OpenCL keeps it until
    the launch ends, deferred or not), a new one each step; the output read at the end."""
    ctx, q, prg, acc = _setup(cl)
    for k in range(3):
        src = cl.Buffer(ctx, cl.mem_flags.READ_ONLY | cl.mem_flags.COPY_HOST_PTR,
                        hostbuf=np.full(N, k + 1, np.float32))
        prg.accum(q, (N,), (64,), acc, src, np.int32(k + 2))
        src.release()
    return {"acc": _read(cl, q, acc)}


@pytest.mark.parametrize("program", [changed_record, record_with_gaps,
                                     changed_recarray_record, changed_array_scalar,
                                     set_arg_after_a_call, released_after_launch])
@pytest.mark.parametrize("way", WAYS)
def test_arguments_are_what_the_driver_took(monkeypatch, program, way):
    bad, records = compare_with_and_without(program, **_way(monkeypatch, way))
    assert not bad, bad
    # launches ran on helpers (else this tests nothing)
    assert any(v for r in records for lb, v in r.shares.items() if lb != "cpu0"), \
        [(r.kernel, r.reason, r.shares) for r in records]


def svm_arguments_let_go(cl):
    """Kernels launched over SVM allocations (never split: an SVM pointer is not a
    buffer skmd can move); afterwards nothing but the program holds them, so they
    are freed when it lets them go (no SVM pool or queue-bound frees here: PoCL 3.0
    crashes on those now and then without skmd)."""
    import sys
    ctx = cl.create_some_context(interactive=False)
    q = cl.CommandQueue(ctx)
    dev = ctx.devices[0]
    if not dev.get_info(cl.device_info.SVM_CAPABILITIES) & \
            cl.device_svm_capabilities.COARSE_GRAIN_BUFFER:
        return {"skipped": np.array([1])}
    prg = cl.Program(ctx, SRC).build()
    x = cl.SVMAllocation(ctx, 4 * N, 0, cl.svm_mem_flags.READ_WRITE)
    cl.enqueue_copy(q, x, np.arange(N, dtype=np.float32))
    before = sys.getrefcount(x)
    knl = prg.affine
    for k in range(3):
        knl(q, (N,), (64,), x, np.float32(2), np.int32(k))
    got = np.empty(N, np.float32)
    cl.enqueue_copy(q, got, x)
    q.finish()
    held = sys.getrefcount(x) - before
    x.release()
    return {"x": got, "held": np.array([held])}


def test_svm_arguments_are_not_kept_alive(monkeypatch):
    bad, _ = compare_with_and_without(svm_arguments_let_go, policy="even")
    assert not bad, bad


def _errors(gsize, lsize, kernel="affine", elsewhere=False):
    def program(cl):
        """A launch the driver refuses, caught; the program goes on.  ``elsewhere``: on
        a queue of another context."""
        ctx, q, prg, x = _setup(cl)
        knl = getattr(prg, kernel)
        first = (64,) if kernel == "fixed" else None  # (its size is fixed)
        knl(q, (N,), first, x, np.float32(2), np.int32(1))
        bad_q = cl.CommandQueue(cl.Context(ctx.devices)) if elsewhere else q
        try:
            knl(bad_q, gsize, lsize, x, np.float32(2), np.int32(1))
            caught = "none"
        except Exception as exc:  # noqa: BLE001 - the type is what is compared
            caught = f"{type(exc).__name__} {getattr(exc, 'code', '')}"
        knl(q, (N,), first, x, np.float32(2), np.int32(1))
        return {"x": _read(cl, q, x), "caught": np.frombuffer(caught.encode(), np.uint8)}
    return program


# (a local size of 0 is left out: PoCL's own handling of it ranges from running to a
# segmentation fault, plainly as under skmd, which hands it to the driver as given)
# (a global size the local size divides: only the driver objects)
@pytest.mark.parametrize("sizes", [((1 << 16,), (1 << 16,)), ((N,), (None,)),
                                   ((N, 1, 1, 1), (64, 1, 1, 1)), ((N,), (32,), "fixed"),
                                   ((N,), (64,), "affine", True)],
                         ids=["past_the_limit", "not_a_number", "four_dimensions",
                              "not_the_required_size", "another_context"])
@pytest.mark.parametrize("way", WAYS)
def test_launches_the_driver_refuses_fail_at_the_call_as_plainly(monkeypatch, sizes, way):
    bad, _ = compare_with_and_without(_errors(*sizes), **_way(monkeypatch, way))
    assert not bad, bad
