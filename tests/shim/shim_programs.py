"""Unmodified pyopencl programs, each a function ``program(cl) -> {name: array}``.

Every program makes its own context, queues, buffers and kernels exactly as an
application would, so running it bare and with skmd installed must give
bit-identical results.  :data:`PROGRAMS` lists them with what the conformance
test expects of skmd's launch records:

* ``split`` - kernel names of which at least one launch must be split over two
  or more devices under ``policy="even"`` (``"*"``: any launch of the program);
* ``whole`` - kernel name -> a word the reason must contain: every launch of
  that kernel must have run whole;
* ``hill`` - whether the program also runs under the default policy.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Any, Callable

import numpy as np


@dataclass(frozen=True)
class Spec:
    name: str
    fn: Callable[[Any], dict[str, np.ndarray]]
    split: tuple[str, ...] = ()
    whole: dict[str, str] = field(default_factory=dict)
    hill: bool = True


PROGRAMS: list[Spec] = []


def program(*, split: tuple[str, ...] = (), whole: dict[str, str] | None = None,
            hill: bool = True) -> Callable:
    def register(fn: Callable) -> Callable:
        PROGRAMS.append(Spec(fn.__name__, fn, tuple(split), dict(whole or {}), hill))
        return fn
    return register


def rng(seed: int = 0) -> np.random.Generator:
    return np.random.default_rng(seed)


def ctx_queue(cl: Any, **queue_kw: Any) -> tuple[Any, Any]:
    ctx = cl.create_some_context(interactive=False)
    return ctx, cl.CommandQueue(ctx, **queue_kw)


def read(cl: Any, queue: Any, buf: Any, like: np.ndarray) -> np.ndarray:
    out = np.empty_like(like)
    cl.enqueue_copy(queue, out, buf)
    return out


MF_RW_COPY = "READ_WRITE|COPY_HOST_PTR"


def to_buf(cl: Any, ctx: Any, host: np.ndarray, flags: str = MF_RW_COPY) -> Any:
    mf = cl.mem_flags
    f = 0
    for part in flags.split("|"):
        f |= getattr(mf, part)
    return cl.Buffer(ctx, f, hostbuf=host)


# ---------------------------------------------------------------------------------
# contexts and queues
# ---------------------------------------------------------------------------------
VADD = """
__kernel void vadd(__global const float *a, __global const float *b, __global float *c)
{
    int i = get_global_id(0);
    c[i] = a[i] + b[i];
}
"""


@program(split=("vadd",))
def vector_add_some_context(cl):
    ctx, q = ctx_queue(cl)
    n = 3072
    a = rng(1).standard_normal(n).astype(np.float32)
    b = rng(2).standard_normal(n).astype(np.float32)
    mf = cl.mem_flags
    ab = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=a)
    bb = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=b)
    cb = cl.Buffer(ctx, mf.WRITE_ONLY, a.nbytes)
    prg = cl.Program(ctx, VADD).build()
    prg.vadd(q, (n,), (64,), ab, bb, cb)
    return {"c": read(cl, q, cb, a)}


@program(split=("saxpy",))
def context_from_device_list(cl):
    platform = cl.get_platforms()[0]
    dev = platform.get_devices()[0]
    ctx = cl.Context(devices=[dev])
    q = cl.CommandQueue(ctx, dev)
    n = 2048
    x = rng(3).standard_normal(n).astype(np.float32)
    y = rng(4).standard_normal(n).astype(np.float32)
    xb, yb = to_buf(cl, ctx, x), to_buf(cl, ctx, y)
    prg = cl.Program(ctx, """
    __kernel void saxpy(float alpha, __global const float *x, __global float *y)
    {
        int i = get_global_id(0);
        y[i] = alpha * x[i] + y[i];
    }""").build()
    prg.saxpy(q, (n,), (32,), np.float32(2.5), xb, yb)
    info = np.array([len(ctx.devices), int(q.device.max_work_group_size > 0)], np.int64)
    return {"y": read(cl, q, yb, y), "info": info}


@program(split=("square",))
def pyopencl_ctx_environment(cl):
    before = os.environ.get("PYOPENCL_CTX")
    os.environ["PYOPENCL_CTX"] = "0"
    try:
        ctx = cl.create_some_context()
    finally:
        if before is None:
            del os.environ["PYOPENCL_CTX"]
        else:
            os.environ["PYOPENCL_CTX"] = before
    q = cl.CommandQueue(ctx)
    n = 1024
    a = np.arange(n, dtype=np.int32) - 300
    ab = to_buf(cl, ctx, a)
    prg = cl.Program(ctx, """
    __kernel void square(__global int *a) { int i = get_global_id(0); a[i] = a[i] * a[i]; }
    """).build()
    prg.square(q, (n,), (16,), ab)
    return {"a": read(cl, q, ab, a), "ndev": np.array([len(ctx.devices)])}


TWO_STEP = """
__kernel void step1(__global const float *a, __global float *b)
{
    int i = get_global_id(0);
    b[i] = a[i] * 3.0f - 1.0f;
}
__kernel void step2(__global const float *b, __global float *c)
{
    int i = get_global_id(0);
    c[i] = b[i] * b[i];
}
"""


@program(split=("step1", "step2"))
def out_of_order_queue_with_event_chain(cl):
    ctx = cl.create_some_context(interactive=False)
    props = cl.command_queue_properties.OUT_OF_ORDER_EXEC_MODE_ENABLE
    q = cl.CommandQueue(ctx, properties=props)
    n = 2560
    a = rng(5).standard_normal(n).astype(np.float32)
    mf = cl.mem_flags
    ab = cl.Buffer(ctx, mf.READ_ONLY, a.nbytes)
    bb = cl.Buffer(ctx, mf.READ_WRITE, a.nbytes)
    cb = cl.Buffer(ctx, mf.READ_WRITE, a.nbytes)
    prg = cl.Program(ctx, TWO_STEP).build()
    e0 = cl.enqueue_copy(q, ab, a, is_blocking=False)
    e1 = prg.step1(q, (n,), (64,), ab, bb, wait_for=[e0])
    e2 = prg.step2(q, (n,), (64,), bb, cb, wait_for=[e1])
    c = np.empty_like(a)
    e3 = cl.enqueue_copy(q, c, cb, wait_for=[e2], is_blocking=False)
    e3.wait()
    b = np.empty_like(a)
    cl.enqueue_copy(q, b, bb, wait_for=[e1])
    return {"b": b, "c": c}


@program(split=("step1", "step2"))
def events_across_two_queues(cl):
    ctx = cl.create_some_context(interactive=False)
    q1 = cl.CommandQueue(ctx)
    q2 = cl.CommandQueue(ctx)
    n = 1536
    a = rng(6).standard_normal(n).astype(np.float32)
    ab = to_buf(cl, ctx, a)
    bb = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, a.nbytes)
    cb = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, a.nbytes)
    prg = cl.Program(ctx, TWO_STEP).build()
    e1 = prg.step1(q1, (n,), (32,), ab, bb)
    e2 = prg.step2(q2, (n,), (32,), bb, cb, wait_for=[e1])
    cl.wait_for_events([e2])
    c = np.empty_like(a)
    cl.enqueue_copy(q1, c, cb, wait_for=[e2])
    status = np.array([e1.command_execution_status, e2.command_execution_status])
    return {"c": c, "status": status}


@program(split=("step1", "step2"))
def profiling_queue(cl):
    ctx, q = ctx_queue(cl, properties=cl.command_queue_properties.PROFILING_ENABLE)
    n = 2048
    a = rng(7).standard_normal(n).astype(np.float32)
    ab = to_buf(cl, ctx, a)
    bb = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, a.nbytes)
    cb = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, a.nbytes)
    prg = cl.Program(ctx, TWO_STEP).build()
    e1 = prg.step1(q, (n,), (64,), ab, bb)
    e2 = prg.step2(q, (n,), (64,), bb, cb)
    e2.wait()
    ok = []
    for e in (e1, e2):
        p = e.profile
        ok.append(p.queued <= p.submit <= p.start <= p.end)
        ok.append(e.command_execution_status == cl.command_execution_status.COMPLETE)
    return {"c": read(cl, q, cb, a), "profile_ok": np.array(ok)}


# ---------------------------------------------------------------------------------
# buffers and transfers
# ---------------------------------------------------------------------------------
AFFINE = """
__kernel void affine(__global float *a, float m, float c)
{
    int i = get_global_id(0);
    a[i] = a[i] * m + c;
}
"""


@program(split=("affine",))
def use_host_ptr_buffer(cl):
    ctx, q = ctx_queue(cl)
    n = 2048
    host = rng(8).standard_normal(n).astype(np.float32)
    buf = cl.Buffer(ctx, cl.mem_flags.READ_WRITE | cl.mem_flags.USE_HOST_PTR, hostbuf=host)
    prg = cl.Program(ctx, AFFINE).build()
    prg.affine(q, (n,), (64,), buf, np.float32(0.5), np.float32(2.0))
    prg.affine(q, (n,), (64,), buf, np.float32(-1.5), np.float32(0.25))
    first = read(cl, q, buf, host)
    arr, _ = cl.enqueue_map_buffer(q, buf, cl.map_flags.READ, 0, (n,), np.float32)
    mapped = np.array(arr)
    arr.base.release(q)
    q.finish()
    return {"copy": first, "mapped": mapped}


@program(split=("affine",))
def alloc_host_ptr_buffer(cl):
    ctx, q = ctx_queue(cl)
    n = 1536
    host = rng(9).standard_normal(n).astype(np.float32)
    buf = cl.Buffer(ctx, cl.mem_flags.READ_WRITE | cl.mem_flags.ALLOC_HOST_PTR, host.nbytes)
    cl.enqueue_copy(q, buf, host)
    prg = cl.Program(ctx, AFFINE).build()
    prg.affine(q, (n,), (32,), buf, np.float32(3.0), np.float32(-1.0))
    arr, _ = cl.enqueue_map_buffer(q, buf, cl.map_flags.READ, 0, (n,), np.float32)
    out = np.array(arr)
    arr.base.release(q)
    return {"a": out}


@program(split=("affine",))
def copies_with_offsets(cl):
    ctx, q = ctx_queue(cl)
    n = 2048
    a = rng(10).standard_normal(n).astype(np.float32)
    buf = to_buf(cl, ctx, a)
    other = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, a.nbytes)
    prg = cl.Program(ctx, AFFINE).build()
    prg.affine(q, (n,), (64,), buf, np.float32(2.0), np.float32(1.0))
    # host -> buffer into the middle
    patch = np.full(300, 7.0, np.float32)
    cl.enqueue_copy(q, buf, patch, dst_offset=4 * 1000)
    prg.affine(q, (n,), (64,), buf, np.float32(1.0), np.float32(0.5))
    # buffer -> buffer, with both offsets
    cl.enqueue_copy(q, other, buf)
    cl.enqueue_copy(q, other, buf, src_offset=4 * 10, dst_offset=4 * 1500, byte_count=4 * 400)
    prg.affine(q, (n,), (64,), other, np.float32(-1.0), np.float32(0.0))
    # buffer -> host from an offset
    tail = np.empty(512, np.float32)
    cl.enqueue_copy(q, tail, other, src_offset=4 * (n - 512))
    return {"buf": read(cl, q, buf, a), "other": read(cl, q, other, a), "tail": tail}


@program(split=("add_rows",))
def rect_copies(cl):
    ctx, q = ctx_queue(cl)
    rows, cols = 32, 48
    a = rng(11).standard_normal((rows, cols)).astype(np.float32)
    src = to_buf(cl, ctx, a)
    dst = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, a.nbytes)
    cl.enqueue_fill_buffer(q, dst, np.float32(0), 0, a.nbytes)
    pitch = cols * 4
    # buffer -> buffer: a 10x16 block from (row 3, col 5) to (row 20, col 30)
    cl.enqueue_copy(q, dst, src, src_origin=(5 * 4, 3, 0), dst_origin=(30 * 4, 20, 0),
                    region=(16 * 4, 10, 1), src_pitches=(pitch, 0), dst_pitches=(pitch, 0))
    # host -> buffer: a 4x8 block of a host array with its own pitch
    block = np.arange(12 * 10, dtype=np.float32).reshape(12, 10)
    cl.enqueue_copy(q, dst, block, buffer_origin=(2 * 4, 1, 0), host_origin=(1 * 4, 2, 0),
                    region=(8 * 4, 4, 1), buffer_pitches=(pitch, 0), host_pitches=(10 * 4, 0))
    prg = cl.Program(ctx, """
    __kernel void add_rows(__global float *m, __global const float *src, int cols)
    {
        int r = get_global_id(1), c = get_global_id(0);
        m[r * cols + c] += 0.5f * src[r * cols + c];
    }""").build()
    prg.add_rows(q, (cols, rows), (16, 4), dst, src, np.int32(cols))
    # buffer -> host: a 6x7 block into a host array with a wider pitch
    out = np.zeros((9, 11), np.float32)
    cl.enqueue_copy(q, out, dst, buffer_origin=(28 * 4, 18, 0), host_origin=(2 * 4, 1, 0),
                    region=(7 * 4, 6, 1), buffer_pitches=(pitch, 0), host_pitches=(11 * 4, 0))
    return {"dst": read(cl, q, dst, a), "block_out": out}


@program(split=("accumulate",))
def fill_buffer(cl):
    ctx, q = ctx_queue(cl)
    n = 2048
    acc = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, n * 4)
    src = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, n * 4)
    cl.enqueue_fill_buffer(q, acc, np.float32(0.0), 0, n * 4)
    prg = cl.Program(ctx, """
    __kernel void accumulate(__global float *acc, __global const float *src)
    {
        int i = get_global_id(0);
        acc[i] += src[i] * (float)(i % 7);
    }""").build()
    outs = {}
    for k, val in enumerate((1.5, -2.0, 0.25)):
        cl.enqueue_fill_buffer(q, src, np.float32(val), 0, n * 4)
        if k == 2:  # a partial fill: only the middle of the buffer changes
            cl.enqueue_fill_buffer(q, src, np.float32(10.0), 4 * 512, 4 * 1024)
        prg.accumulate(q, (n,), (64,), acc, src)
        outs[f"acc{k}"] = read(cl, q, acc, np.empty(n, np.float32))
    return outs


@program(split=("affine", "sum3"))
def map_write_then_kernel(cl):
    ctx, q = ctx_queue(cl)
    n = 2048
    buf = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, n * 4)
    out = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, n * 4)
    prg = cl.Program(ctx, AFFINE + """
    __kernel void sum3(__global const float *a, __global float *o)
    {
        int i = get_global_id(0);
        int n = get_global_size(0);
        o[i] = a[i] + a[(i + 1) % n] + a[(i + n - 1) % n];
    }""").build()
    results = {}
    for rnd in range(3):
        arr, _ = cl.enqueue_map_buffer(q, buf, cl.map_flags.WRITE, 0, (n,), np.float32)
        arr[:] = np.linspace(-1, 1, n, dtype=np.float32) * (rnd + 1)
        arr[::5] = rnd
        arr.base.release(q)
        prg.affine(q, (n,), (64,), buf, np.float32(2.0), np.float32(rnd))
        prg.sum3(q, (n,), (64,), buf, out)
        # read-map the output, change it through the map, and use it again
        o, _ = cl.enqueue_map_buffer(q, out, cl.map_flags.READ | cl.map_flags.WRITE,
                                     0, (n,), np.float32)
        results[f"sum{rnd}"] = np.array(o)
        o[: n // 2] = -o[: n // 2]
        o.base.release(q)
        prg.affine(q, (n,), (64,), out, np.float32(1.0), np.float32(1.0))
        results[f"after{rnd}"] = read(cl, q, out, np.empty(n, np.float32))
    return results


@program(split=("increment",))
def host_writes_between_launches(cl):
    ctx, q = ctx_queue(cl)
    n = 2048
    buf = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, n * 4)
    res = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, n * 4)
    prg = cl.Program(ctx, """
    __kernel void increment(__global const int *src, __global int *dst, int k)
    {
        int i = get_global_id(0);
        dst[i] = src[i] + k;
    }""").build()
    out = {}
    for k in range(4):
        data = (np.arange(n, dtype=np.int32) * (k + 3)) % 1013
        cl.enqueue_copy(q, buf, data)
        prg.increment(q, (n,), (64,), buf, res, np.int32(k))
        out[f"r{k}"] = read(cl, q, res, data)
    # only part of the input changes: the other part must not be served stale either
    cl.enqueue_copy(q, buf, np.full(100, -5, np.int32), dst_offset=4 * 1900)
    prg.increment(q, (n,), (64,), buf, res, np.int32(100))
    out["partial"] = read(cl, q, res, np.empty(n, np.int32))
    return out


# ---------------------------------------------------------------------------------
# building and kernel language
# ---------------------------------------------------------------------------------
@program(split=("scaled",))
def build_options_with_macros(cl):
    ctx, q = ctx_queue(cl)
    n = 1024
    a = np.arange(n, dtype=np.float32)
    ab = to_buf(cl, ctx, a)
    ob = cl.Buffer(ctx, cl.mem_flags.WRITE_ONLY, a.nbytes)
    prg = cl.Program(ctx, """
    #ifndef SCALE
    #error SCALE must be defined
    #endif
    #define TWICE(x) ((x) + (x))
    __kernel void scaled(__global const float *a, __global float *o)
    {
        int i = get_global_id(0);
    #ifdef NEGATE
        o[i] = -TWICE(a[i]) * SCALE;
    #else
        o[i] = TWICE(a[i]) * SCALE + OFFSET;
    #endif
    }""").build(options=["-DSCALE=3", "-DOFFSET=1.5f", "-cl-mad-enable"])
    prg.scaled(q, (n,), (32,), ab, ob)
    prg2 = cl.Program(ctx, "#define SCALE 5\n" + """
    __kernel void scaled(__global const float *a, __global float *o)
    { int i = get_global_id(0); o[i] = a[i] * SCALE; }""").build(options="-DNEGATE")
    ob2 = cl.Buffer(ctx, cl.mem_flags.WRITE_ONLY, a.nbytes)
    prg2.scaled(q, (n,), (32,), ab, ob2)
    return {"o": read(cl, q, ob, a), "o2": read(cl, q, ob2, a)}


@program(split=("advance",))
def helper_functions_and_structs(cl):
    ctx, q = ctx_queue(cl)
    n = 1024
    particle = np.dtype([("pos", np.float32, 3), ("mass", np.float32),
                         ("id", np.int32), ("pad", np.int32, 3)])
    p = np.zeros(n, particle)
    r = rng(12)
    p["pos"] = r.standard_normal((n, 3)).astype(np.float32)
    p["mass"] = r.uniform(1, 2, n).astype(np.float32)
    p["id"] = np.arange(n)
    pb = to_buf(cl, ctx, p)
    prg = cl.Program(ctx, """
    typedef struct { float pos[3]; float mass; int id; int pad[3]; } particle;
    typedef struct { float dt; float drag; } params;

    inline float norm2(const float *v) { return v[0]*v[0] + v[1]*v[1] + v[2]*v[2]; }
    float drag_of(float m, float d) { return d / m; }

    __kernel void advance(__global particle *ps, float dt, float drag, int steps)
    {
        params prm = {dt, drag};
        int i = get_global_id(0);
        particle p = ps[i];
        for (int s = 0; s < steps; ++s) {
            float k = 1.0f - prm.dt * drag_of(p.mass, prm.drag) * norm2(p.pos);
            for (int d = 0; d < 3; ++d) p.pos[d] *= k;
        }
        p.id = p.id * 2 + 1;
        ps[i] = p;
    }""").build()
    prg.advance(q, (n,), (64,), pb, np.float32(0.01), np.float32(0.3), np.int32(5))
    return {"particles": read(cl, q, pb, p)}


@program(split=("normalize4",))
def float4_vectors(cl):
    import pyopencl.cltypes as cltypes
    ctx, q = ctx_queue(cl)
    n = 1024
    v = np.zeros(n, cltypes.float4)
    raw = rng(13).standard_normal((n, 4)).astype(np.float32)
    for k, f in enumerate("xyzw"):
        v[f] = raw[:, k]
    vb = to_buf(cl, ctx, v)
    db = cl.Buffer(ctx, cl.mem_flags.WRITE_ONLY, n * 4)
    prg = cl.Program(ctx, """
    __kernel void normalize4(__global float4 *v, __global float *len, float4 bias)
    {
        int i = get_global_id(0);
        float4 x = v[i] + bias;
        len[i] = length(x);
        v[i] = x.wzyx * 0.5f;
    }""").build()
    prg.normalize4(q, (n,), (64,), vb, db, cltypes.make_float4(0.5, -0.5, 1.0, 0.0))
    return {"v": read(cl, q, vb, v), "len": read(cl, q, db, np.empty(n, np.float32))}


@program(split=("poly",))
def constant_memory_arguments(cl):
    ctx, q = ctx_queue(cl)
    n = 2048
    x = np.linspace(-2, 2, n).astype(np.float32)
    coef = np.array([1.0, -0.5, 0.25, 0.125, -0.0625], np.float32)
    xb = to_buf(cl, ctx, x, "READ_ONLY|COPY_HOST_PTR")
    cb = to_buf(cl, ctx, coef, "READ_ONLY|COPY_HOST_PTR")
    yb = cl.Buffer(ctx, cl.mem_flags.WRITE_ONLY, x.nbytes)
    prg = cl.Program(ctx, """
    __constant float shift = 0.75f;
    __kernel void poly(__global const float *x, __constant float *c, int deg,
                       __global float *y)
    {
        int i = get_global_id(0);
        float acc = 0.0f, xi = x[i] - shift;
        for (int k = deg - 1; k >= 0; --k) acc = acc * xi + c[k];
        y[i] = acc;
    }""").build()
    prg.poly(q, (n,), (128,), xb, cb, np.int32(len(coef)), yb)
    return {"y": read(cl, q, yb, x)}


@program(split=("smooth",))
def local_memory_stencil(cl):
    ctx, q = ctx_queue(cl)
    n, wg = 2048, 64
    a = rng(14).standard_normal(n).astype(np.float32)
    ab = to_buf(cl, ctx, a)
    ob = cl.Buffer(ctx, cl.mem_flags.WRITE_ONLY, a.nbytes)
    prg = cl.Program(ctx, """
    __kernel void smooth(__global const float *a, __global float *o, __local float *tile, int n)
    {
        int g = get_global_id(0), l = get_local_id(0), L = get_local_size(0);
        tile[l + 1] = a[g];
        if (l == 0) tile[0] = g > 0 ? a[g - 1] : 0.0f;
        if (l == L - 1) tile[L + 1] = g + 1 < n ? a[g + 1] : 0.0f;
        barrier(CLK_LOCAL_MEM_FENCE);
        o[g] = 0.25f * tile[l] + 0.5f * tile[l + 1] + 0.25f * tile[l + 2];
    }""").build()
    prg.smooth(q, (n,), (wg,), ab, ob, cl.LocalMemory(4 * (wg + 2)), np.int32(n))
    return {"o": read(cl, q, ob, a)}


@program(split=("matmul",))
def matmul_2d_ndrange(cl):
    ctx, q = ctx_queue(cl)
    m, k, n = 48, 40, 32
    a = rng(15).standard_normal((m, k)).astype(np.float32)
    b = rng(16).standard_normal((k, n)).astype(np.float32)
    ab, bb = to_buf(cl, ctx, a), to_buf(cl, ctx, b)
    cb = cl.Buffer(ctx, cl.mem_flags.WRITE_ONLY, m * n * 4)
    prg = cl.Program(ctx, """
    __kernel void matmul(__global const float *a, __global const float *b, __global float *c,
                         int K, int N)
    {
        int row = get_global_id(1), col = get_global_id(0);
        float acc = 0.0f;
        for (int k = 0; k < K; ++k) acc += a[row * K + k] * b[k * N + col];
        c[row * N + col] = acc;
    }""").build()
    prg.matmul(q, (n, m), (8, 8), ab, bb, cb, np.int32(k), np.int32(n))
    return {"c": read(cl, q, cb, np.empty((m, n), np.float32))}


@program(split=("tiled",))
def tiled_matmul_local_memory(cl):
    ctx, q = ctx_queue(cl)
    t = 8
    m, k, n = 40, 24, 32
    a = rng(17).standard_normal((m, k)).astype(np.float32)
    b = rng(18).standard_normal((k, n)).astype(np.float32)
    ab, bb = to_buf(cl, ctx, a), to_buf(cl, ctx, b)
    cb = cl.Buffer(ctx, cl.mem_flags.WRITE_ONLY, m * n * 4)
    prg = cl.Program(ctx, """
    #define T 8
    __kernel void tiled(__global const float *A, __global const float *B, __global float *C,
                        int K, int N)
    {
        __local float As[T][T], Bs[T][T];
        int lr = get_local_id(1), lc = get_local_id(0);
        int row = get_global_id(1), col = get_global_id(0);
        float acc = 0.0f;
        for (int t0 = 0; t0 < K; t0 += T) {
            As[lr][lc] = A[row * K + t0 + lc];
            Bs[lr][lc] = B[(t0 + lr) * N + col];
            barrier(CLK_LOCAL_MEM_FENCE);
            for (int e = 0; e < T; ++e) acc += As[lr][e] * Bs[e][lc];
            barrier(CLK_LOCAL_MEM_FENCE);
        }
        C[row * N + col] = acc;
    }""").build()
    prg.tiled(q, (n, m), (t, t), ab, bb, cb, np.int32(k), np.int32(n))
    return {"c": read(cl, q, cb, np.empty((m, n), np.float32))}


@program(split=("stencil3d",))
def stencil_3d_ndrange(cl):
    ctx, q = ctx_queue(cl)
    nz, ny, nx = 12, 8, 16
    a = rng(19).standard_normal((nz, ny, nx)).astype(np.float32)
    ab = to_buf(cl, ctx, a)
    ob = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, a.nbytes)
    prg = cl.Program(ctx, """
    __kernel void stencil3d(__global const float *a, __global float *o)
    {
        int x = get_global_id(0), y = get_global_id(1), z = get_global_id(2);
        int NX = get_global_size(0), NY = get_global_size(1), NZ = get_global_size(2);
        int i = (z * NY + y) * NX + x;
        float c = a[i];
        float s = 0.0f;
        if (x > 0) s += a[i - 1];
        if (x < NX - 1) s += a[i + 1];
        if (y > 0) s += a[i - NX];
        if (y < NY - 1) s += a[i + NX];
        if (z > 0) s += a[i - NX * NY];
        if (z < NZ - 1) s += a[i + NX * NY];
        o[i] = c + 0.1f * (s - 6.0f * c);
    }""").build()
    prg.stencil3d(q, (nx, ny, nz), (4, 2, 2), ab, ob)
    return {"o": read(cl, q, ob, a)}


@program(split=("ids",))
def work_item_builtins_1d(cl):
    ctx, q = ctx_queue(cl)
    n = 768
    ob = cl.Buffer(ctx, cl.mem_flags.WRITE_ONLY, n * 8 * 4)
    prg = cl.Program(ctx, """
    __kernel void ids(__global int *o)
    {
        int i = get_global_id(0);
        __global int *r = o + 8 * i;
        r[0] = get_global_id(0);
        r[1] = get_local_id(0);
        r[2] = get_group_id(0);
        r[3] = get_num_groups(0);
        r[4] = get_global_size(0);
        r[5] = get_local_size(0);
        r[6] = get_global_offset(0);
        r[7] = get_work_dim();
    }""").build()
    prg.ids(q, (n,), (32,), ob)
    return {"ids": read(cl, q, ob, np.empty((n, 8), np.int32))}


@program(split=("ids3",))
def work_item_builtins_3d(cl):
    ctx, q = ctx_queue(cl)
    g = (8, 6, 10)
    l = (2, 3, 2)
    total = g[0] * g[1] * g[2]
    ob = cl.Buffer(ctx, cl.mem_flags.WRITE_ONLY, total * 16 * 4)
    prg = cl.Program(ctx, """
    __kernel void ids3(__global int *o)
    {
        int i = (get_global_id(2) * get_global_size(1) + get_global_id(1))
                * get_global_size(0) + get_global_id(0);
        __global int *r = o + 16 * i;
        for (int d = 0; d < 3; ++d) {
            r[5 * d + 0] = get_global_id(d);
            r[5 * d + 1] = get_group_id(d);
            r[5 * d + 2] = get_num_groups(d);
            r[5 * d + 3] = get_global_size(d);
            r[5 * d + 4] = get_global_offset(d);
        }
        r[15] = get_work_dim();
    }""").build()
    prg.ids3(q, g, l, ob)
    return {"ids": read(cl, q, ob, np.empty((total, 16), np.int32))}


@program(split=("grid_stride",))
def grid_stride_loop(cl):
    ctx, q = ctx_queue(cl)
    n = 10000
    a = rng(20).standard_normal(n).astype(np.float32)
    ab = to_buf(cl, ctx, a)
    prg = cl.Program(ctx, """
    __kernel void grid_stride(__global float *a, unsigned n)
    {
        for (size_t i = get_global_id(0); i < n; i += get_global_size(0))
            a[i] = a[i] * a[i] - 1.0f;
    }""").build()
    prg.grid_stride(q, (768,), (64,), ab, np.uint32(n))
    return {"a": read(cl, q, ab, a)}


@program(split=("half_sq", "bump2d"))
def local_size_none(cl):
    ctx, q = ctx_queue(cl)
    n = 4096
    a = rng(21).standard_normal(n).astype(np.float32)
    ab = to_buf(cl, ctx, a)
    ob = cl.Buffer(ctx, cl.mem_flags.WRITE_ONLY, a.nbytes)
    m = np.arange(24 * 40, dtype=np.int32).reshape(24, 40)
    mb = to_buf(cl, ctx, m)
    prg = cl.Program(ctx, """
    __kernel void half_sq(__global const float *a, __global float *o)
    { int i = get_global_id(0); o[i] = 0.5f * a[i] * a[i]; }
    __kernel void bump2d(__global int *m)
    { int r = get_global_id(1), c = get_global_id(0);
      m[r * get_global_size(0) + c] += r - c; }""").build()
    prg.half_sq(q, (n,), None, ab, ob)
    prg.bump2d(q, (40, 24), None, mb)
    return {"o": read(cl, q, ob, a), "m": read(cl, q, mb, m)}


@program(split=("blend",))
def set_args_and_enqueue_nd_range_kernel(cl):
    ctx, q = ctx_queue(cl)
    n = 2048
    a = rng(22).standard_normal(n).astype(np.float32)
    b = rng(23).standard_normal(n).astype(np.float32)
    ab, bb = to_buf(cl, ctx, a), to_buf(cl, ctx, b)
    ob = cl.Buffer(ctx, cl.mem_flags.WRITE_ONLY, a.nbytes)
    prg = cl.Program(ctx, """
    __kernel void blend(__global const float *a, __global const float *b,
                        __global float *o, float t)
    { int i = get_global_id(0); o[i] = (1.0f - t) * a[i] + t * b[i]; }""").build()
    knl = prg.blend
    out = {}
    knl.set_args(ab, bb, ob, np.float32(0.25))
    cl.enqueue_nd_range_kernel(q, knl, (n,), (64,))
    out["t025"] = read(cl, q, ob, a)
    knl.set_arg(3, np.float32(0.75))  # only one argument changes
    cl.enqueue_nd_range_kernel(q, knl, (n,), (64,))
    out["t075"] = read(cl, q, ob, a)
    knl.set_arg(0, bb)
    knl.set_arg(1, ab)
    ev = cl.enqueue_nd_range_kernel(q, knl, (n,), (128,))
    ev.wait()
    out["swapped"] = read(cl, q, ob, a)
    kernel2 = cl.Kernel(prg, "blend")
    kernel2.set_arg(0, ab)
    kernel2.set_arg(1, ab)
    kernel2.set_arg(2, ob)
    kernel2.set_arg(3, np.float32(2.0))
    cl.enqueue_nd_range_kernel(q, kernel2, (n,), (32,))
    out["same_input"] = read(cl, q, ob, a)
    return out


@program(split=("clip_to",))
def kernel_call_and_work_group_info(cl):
    ctx, q = ctx_queue(cl)
    n = 1024
    a = rng(24).standard_normal(n).astype(np.float32) * 3
    ab = to_buf(cl, ctx, a)
    prg = cl.Program(ctx, """
    __kernel void clip_to(__global float *a, float lo, float hi)
    { int i = get_global_id(0); a[i] = clamp(a[i], lo, hi); }""").build()
    knl = prg.clip_to
    dev = ctx.devices[0]
    info = np.array([
        knl.get_work_group_info(cl.kernel_work_group_info.WORK_GROUP_SIZE, dev),
        knl.get_work_group_info(cl.kernel_work_group_info.PREFERRED_WORK_GROUP_SIZE_MULTIPLE, dev),
        knl.get_work_group_info(cl.kernel_work_group_info.LOCAL_MEM_SIZE, dev),
        knl.num_args,
    ], np.int64)
    knl.set_scalar_arg_dtypes([None, np.float32, np.float32])
    wg = min(64, int(info[0]))
    knl(q, (n,), (wg,), ab, -1.0, 1.5)
    knl(q, (n,), (wg,), ab, 0.0, 1.0)
    return {"a": read(cl, q, ab, a), "info": info,
            "name": np.frombuffer(knl.function_name.encode(), np.uint8)}


# ---------------------------------------------------------------------------------
# iterative programs (coherence of mirrors)
# ---------------------------------------------------------------------------------
@program(split=("relax",))
def ping_pong_jacobi(cl):
    ctx, q = ctx_queue(cl)
    n = 2048
    a = rng(25).standard_normal(n).astype(np.float32)
    bufs = [to_buf(cl, ctx, a), cl.Buffer(ctx, cl.mem_flags.READ_WRITE, a.nbytes)]
    prg = cl.Program(ctx, """
    __kernel void relax(__global const float *src, __global float *dst, int n)
    {
        int i = get_global_id(0);
        float l = i > 0 ? src[i - 1] : src[i];
        float r = i < n - 1 ? src[i + 1] : src[i];
        dst[i] = 0.5f * src[i] + 0.25f * (l + r);
    }""").build()
    snapshots = {}
    for it in range(12):
        prg.relax(q, (n,), (64,), bufs[it % 2], bufs[(it + 1) % 2], np.int32(n))
        if it in (0, 5):
            snapshots[f"it{it}"] = read(cl, q, bufs[(it + 1) % 2], a)
    snapshots["final"] = read(cl, q, bufs[0], a)
    return snapshots


@program(split=("inplace",))
def in_place_repeated(cl):
    ctx, q = ctx_queue(cl)
    n = 3072
    a = (np.arange(n, dtype=np.int32) * 7919) % 10007
    ab = to_buf(cl, ctx, a)
    prg = cl.Program(ctx, """
    __kernel void inplace(__global int *a)
    { int i = get_global_id(0); a[i] = a[i] * 2 + 1; }""").build()
    out = {}
    for it in range(10):
        prg.inplace(q, (n,), (64,), ab)
        if it == 3:
            out["it3"] = read(cl, q, ab, a)
    out["final"] = read(cl, q, ab, a)
    return out


@program(split=("heat", "copyback"))
def iterate_with_copy_kernel(cl):
    ctx, q = ctx_queue(cl)
    n = 1536
    a = np.zeros(n, np.float32)
    a[n // 3: n // 2] = 100.0
    cur = to_buf(cl, ctx, a)
    nxt = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, a.nbytes)
    prg = cl.Program(ctx, """
    __kernel void heat(__global const float *u, __global float *v, float k)
    {
        int i = get_global_id(0), n = get_global_size(0);
        float l = u[(i + n - 1) % n], r = u[(i + 1) % n];
        v[i] = u[i] + k * (l - 2.0f * u[i] + r);
    }
    __kernel void copyback(__global const float *v, __global float *u)
    { int i = get_global_id(0); u[i] = v[i]; }""").build()
    for _ in range(8):
        prg.heat(q, (n,), (32,), cur, nxt, np.float32(0.2))
        prg.copyback(q, (n,), (32,), nxt, cur)
    return {"u": read(cl, q, cur, a)}


# ---------------------------------------------------------------------------------
# discontiguous outputs, reductions, histograms, atomics
# ---------------------------------------------------------------------------------
@program(split=("transpose",))
def transpose(cl):
    ctx, q = ctx_queue(cl)
    rows, cols = 48, 64
    a = rng(26).standard_normal((rows, cols)).astype(np.float32)
    ab = to_buf(cl, ctx, a)
    tb = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, a.nbytes)
    prg = cl.Program(ctx, """
    __kernel void transpose(__global const float *a, __global float *t, int rows, int cols)
    {
        int c = get_global_id(0), r = get_global_id(1);
        t[c * rows + r] = a[r * cols + c];
    }""").build()
    prg.transpose(q, (cols, rows), (16, 4), ab, tb, np.int32(rows), np.int32(cols))
    return {"t": read(cl, q, tb, np.empty((cols, rows), np.float32))}


@program(split=("partial_sum",))
def first_round_reduction(cl):
    ctx, q = ctx_queue(cl)
    n, wg = 4096, 64
    a = rng(27).integers(-1000, 1000, n).astype(np.int32)
    ab = to_buf(cl, ctx, a)
    groups = n // wg
    pb = cl.Buffer(ctx, cl.mem_flags.WRITE_ONLY, groups * 4)
    prg = cl.Program(ctx, """
    __kernel void partial_sum(__global const int *a, __global int *out, __local int *s)
    {
        int l = get_local_id(0);
        s[l] = a[get_global_id(0)];
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int st = get_local_size(0) / 2; st > 0; st >>= 1) {
            if (l < st) s[l] += s[l + st];
            barrier(CLK_LOCAL_MEM_FENCE);
        }
        if (l == 0) out[get_group_id(0)] = s[0];
    }""").build()
    prg.partial_sum(q, (n,), (wg,), ab, pb, cl.LocalMemory(wg * 4))
    partial = read(cl, q, pb, np.empty(groups, np.int32))
    return {"partial": partial, "total": np.array([partial.sum()])}


@program(split=("histo",))
def histogram_per_group_bins(cl):
    ctx, q = ctx_queue(cl)
    n, wg, bins = 4096, 64, 16
    data = rng(28).integers(0, 256, n).astype(np.uint8)
    db = to_buf(cl, ctx, data, "READ_ONLY|COPY_HOST_PTR")
    groups = n // wg
    hb = cl.Buffer(ctx, cl.mem_flags.WRITE_ONLY, groups * bins * 4)
    prg = cl.Program(ctx, """
    #define BINS 16
    __kernel void histo(__global const uchar *data, __global uint *hist)
    {
        __local uint h[BINS];
        int l = get_local_id(0);
        if (l < BINS) h[l] = 0;
        barrier(CLK_LOCAL_MEM_FENCE);
        atomic_inc(&h[data[get_global_id(0)] / (256 / BINS)]);
        barrier(CLK_LOCAL_MEM_FENCE);
        if (l < BINS) hist[get_group_id(0) * BINS + l] = h[l];
    }""").build()
    prg.histo(q, (n,), (wg,), db, hb)
    h = read(cl, q, hb, np.empty((groups, bins), np.uint32))
    return {"per_group": h, "total": h.sum(axis=0)}


@program(split=("count_positive",))
def global_atomics_summed(cl):
    """Additive atomics whose results are unused: each device adds, the sums merge."""
    ctx, q = ctx_queue(cl)
    n = 4096
    a = rng(29).standard_normal(n).astype(np.float32)
    ab = to_buf(cl, ctx, a)
    cnt = to_buf(cl, ctx, np.zeros(2, np.int32))
    prg = cl.Program(ctx, """
    __kernel void count_positive(__global const float *a, __global int *count)
    {
        int i = get_global_id(0);
        if (a[i] > 0.0f) atomic_inc(&count[0]);
        else atomic_add(&count[1], 2);
    }""").build()
    for _ in range(3):
        prg.count_positive(q, (n,), (64,), ab, cnt)
    return {"count": read(cl, q, cnt, np.zeros(2, np.int32))}


@program(whole={"compact": "atomic"})
def global_atomics_not_split(cl):
    """An atomic whose old value is used (slots of a compaction) cannot be split."""
    ctx, q = ctx_queue(cl)
    n = 4096
    a = rng(29).standard_normal(n).astype(np.float32)
    ab = to_buf(cl, ctx, a)
    out = to_buf(cl, ctx, np.zeros(n, np.float32))
    cnt = to_buf(cl, ctx, np.zeros(1, np.int32))
    prg = cl.Program(ctx, """
    __kernel void compact(__global const float *a, __global float *out, __global int *count)
    {
        int i = get_global_id(0);
        if (a[i] > 0.0f) out[atomic_inc(count)] = 1.0f;
    }""").build()
    prg.compact(q, (n,), (64,), ab, out, cnt)
    got = read(cl, q, out, np.zeros(n, np.float32))
    return {"count": read(cl, q, cnt, np.zeros(1, np.int32)), "filled": np.sort(got)}


@program(split=("*",))
def gather_through_index_array(cl):
    ctx, q = ctx_queue(cl)
    n = 2048
    src = rng(30).standard_normal(n).astype(np.float32)
    idx = rng(31).permutation(n).astype(np.int32)
    sb, ib = to_buf(cl, ctx, src), to_buf(cl, ctx, idx)
    ob = cl.Buffer(ctx, cl.mem_flags.WRITE_ONLY, src.nbytes)
    rb = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, src.nbytes)
    cl.enqueue_fill_buffer(q, rb, np.float32(-1), 0, src.nbytes)
    prg = cl.Program(ctx, """
    __kernel void gather(__global const float *src, __global const int *idx, __global float *o)
    { int i = get_global_id(0); o[i] = src[idx[i]]; }
    __kernel void scatter_rev(__global const float *src, __global float *o, int n)
    { int i = get_global_id(0); o[n - 1 - i] = src[i] * 2.0f; }""").build()
    prg.gather(q, (n,), (64,), sb, ib, ob)
    prg.scatter_rev(q, (n,), (64,), sb, rb, np.int32(n))
    return {"gathered": read(cl, q, ob, src), "reversed": read(cl, q, rb, src)}


@program(split=("*",))
def aliased_and_partial_writes(cl):
    ctx, q = ctx_queue(cl)
    n = 2048
    a = np.arange(n, dtype=np.float32)
    ab = to_buf(cl, ctx, a)
    ob = to_buf(cl, ctx, np.full(n, 9.0, np.float32))
    prg = cl.Program(ctx, """
    __kernel void shift_add(__global const float *x, __global float *y)
    { int i = get_global_id(0); y[i] = x[i] + 1.0f; }
    __kernel void evens(__global float *o, __global const float *a)
    { int i = get_global_id(0); if ((i & 1) == 0) o[i] = a[i] * 3.0f;
      else if (i % 3 == 0) o[i] = 9.0f; }""").build()
    prg.shift_add(q, (n,), (64,), ab, ab)       # the same buffer as input and output
    prg.evens(q, (n,), (64,), ob, ab)           # odd elements keep what the host wrote
    return {"a": read(cl, q, ab, a), "o": read(cl, q, ob, a)}


@program(split=("mixed",))
def mixed_scalar_types(cl):
    ctx, q = ctx_queue(cl)
    n = 1024
    c = (np.arange(n) % 251).astype(np.uint8)
    d = rng(32).standard_normal(n).astype(np.float64)
    lg = np.arange(n, dtype=np.int64) * 1_000_000_007
    cb, db, lb = to_buf(cl, ctx, c), to_buf(cl, ctx, d), to_buf(cl, ctx, lg)
    prg = cl.Program(ctx, """
    #pragma OPENCL EXTENSION cl_khr_fp64 : enable
    __kernel void mixed(__global uchar *c, __global double *d, __global long *l,
                        uchar cadd, double dmul, long ladd, short sh)
    {
        int i = get_global_id(0);
        c[i] = (uchar)(c[i] + cadd);
        d[i] = d[i] * dmul + (double)sh;
        l[i] = l[i] + ladd * (long)i;
    }""").build()
    prg.mixed(q, (n,), (32,), cb, db, lb, np.uint8(200), np.float64(1.25),
              np.int64(-3_000_000_000), np.int16(-7))
    return {"c": read(cl, q, cb, c), "d": read(cl, q, db, d), "l": read(cl, q, lb, lg)}


# ---------------------------------------------------------------------------------
# pyopencl.array and the generated kernels
# ---------------------------------------------------------------------------------
@program(split=("*",), hill=False)
def array_arithmetic_and_reductions(cl):
    import pyopencl.array as cla
    import pyopencl.clmath as clmath
    ctx, q = ctx_queue(cl)
    n = 4096
    a_h = rng(33).standard_normal(n).astype(np.float32)
    b_h = rng(34).standard_normal(n).astype(np.float32)
    a = cla.to_device(q, a_h)
    b = cla.to_device(q, b_h)
    c = 2 * a + b * b - 1.5
    d = clmath.sqrt(abs(c)) / (1 + a * a)
    return {"c": c.get(), "d": d.get(),
            "sum": np.array([cla.sum(c).get()]), "dot": np.array([cla.dot(a, b).get()]),
            "max": np.array([cla.max(d).get()])}


@program(split=("*",))
def elementwise_kernel(cl):
    import pyopencl.array as cla
    from pyopencl.elementwise import ElementwiseKernel
    ctx, q = ctx_queue(cl)
    n = 3000  # not a multiple of any work-group size
    x = cla.to_device(q, rng(35).standard_normal(n).astype(np.float32))
    y = cla.to_device(q, rng(36).standard_normal(n).astype(np.float32))
    z = cla.empty_like(x)
    lin = ElementwiseKernel(ctx, "float a, float *x, float b, float *y, float *z",
                            "z[i] = a*x[i] + b*y[i]", "lin_comb")
    lin(np.float32(2.0), x, np.float32(-0.5), y, z)
    step = ElementwiseKernel(ctx, "int *k, float *z",
                             "k[i] = z[i] > 0 ? (int)(z[i] * 10.0f) : -1",
                             "step_of", preamble="#define UNUSED 1")
    k = cla.empty(q, n, np.int32)
    step(k, z)
    return {"z": z.get(), "k": k.get()}


@program(split=("*",))
def reduction_kernel(cl):
    import pyopencl.array as cla
    from pyopencl.reduction import ReductionKernel
    ctx, q = ctx_queue(cl)
    n = 20000
    x = cla.to_device(q, (np.arange(n) % 97).astype(np.int32))
    y = cla.to_device(q, (np.arange(n) % 13 - 6).astype(np.int32))
    dot = ReductionKernel(ctx, np.int64, neutral="0", reduce_expr="a+b",
                          map_expr="(long)x[i]*y[i]",
                          arguments="__global const int *x, __global const int *y")
    mx = ReductionKernel(ctx, np.int32, neutral="-2147483647", reduce_expr="max(a, b)",
                         map_expr="x[i] * (i % 5 == 0 ? -1 : 1)",
                         arguments="__global const int *x")
    return {"dot": np.array([dot(x, y).get()]), "max": np.array([mx(x).get()])}


@program(split=("*",))
def scan_kernels(cl):
    import pyopencl.array as cla
    from pyopencl.scan import GenericScanKernel
    ctx, q = ctx_queue(cl)
    n = 5000
    x = (np.arange(n) % 17 - 8).astype(np.int32)
    # inclusive prefix sum and stream compaction (indices of positive elements) in one scan
    src = cla.to_device(q, x)
    prefix = cla.zeros(q, n, np.int32)
    out = cla.zeros(q, n, np.int32)
    scan = GenericScanKernel(
        ctx, np.int32,
        arguments="__global const int *src, __global int *prefix, __global int *out",
        input_expr="(src[i] > 0) ? 1 : 0",
        scan_expr="a+b", neutral="0",
        output_statement="prefix[i] = item; if (prev_item != item) out[item - 1] = i;")
    scan(src, prefix, out)
    return {"prefix": prefix.get(), "compacted": out.get()}


@program(split=("*",))
def philox_random_numbers(cl):
    import pyopencl.clrandom as clrandom
    ctx, q = ctx_queue(cl)
    gen = clrandom.PhiloxGenerator(ctx, seed=1234)
    u = gen.uniform(q, 3000, np.float32, a=-1, b=1)
    g = gen.normal(q, (40, 50), np.float32, mu=2.0, sigma=0.5)
    ints = gen.uniform(q, 1000, np.int32, a=0, b=100)
    return {"u": u.get(), "g": g.get(), "ints": ints.get()}


@program(split=("*",))
def array_slicing_and_setitem(cl):
    import pyopencl.array as cla
    ctx, q = ctx_queue(cl)
    n = 4096
    a = cla.to_device(q, np.arange(n, dtype=np.float32))
    a[100:600] = 3.0
    a[1000:1200] = np.linspace(0, 1, 200).astype(np.float32)
    mid = a[512:2560]
    mid *= 2
    b = mid + a[0:2048]
    c = a[1024:] - 1
    d = cla.zeros(q, n, np.float32)
    d[::1] = a
    d[2048:] = b
    return {"a": a.get(), "b": b.get(), "c": c.get(), "d": d.get(), "mid": mid.get()}


@program(split=("*",))
def memory_pool_recycling(cl):
    import pyopencl.array as cla
    from pyopencl.tools import ImmediateAllocator, MemoryPool
    ctx, q = ctx_queue(cl)
    pool = MemoryPool(ImmediateAllocator(q))
    n = 2048
    out = {}
    for it in range(6):
        host = (np.arange(n, dtype=np.float32) * (it + 1)) % 101
        x = cla.to_device(q, host, allocator=pool)
        y = x * 3 + it
        z = cla.empty(q, n, np.float32, allocator=pool)
        z[:] = y * y
        out[f"y{it}"] = y.get()
        out[f"z{it}"] = z.get()
        del x, y, z  # back to the pool: the next round reuses the same cl_mem
    pool.free_held()
    return out


@program(split=("affine",))
def buffer_recreated_each_round(cl):
    ctx, q = ctx_queue(cl)
    n = 2048
    knl = cl.Kernel(cl.Program(ctx, AFFINE).build(), "affine")
    out = {}
    for it in range(5):
        host = np.full(n, float(it), np.float32) + np.arange(n, dtype=np.float32)
        buf = to_buf(cl, ctx, host)
        knl(q, (n,), (64,), buf, np.float32(2.0), np.float32(-it))
        out[f"r{it}"] = read(cl, q, buf, host)
        del buf  # dropped, not released: the next round allocates afresh
    return out


@program(split=("*",))
def many_kernels_one_program(cl):
    import pyopencl.array as cla
    ctx, q = ctx_queue(cl)
    n = 2048
    prg = cl.Program(ctx, """
    __kernel void init(__global float *a) { int i = get_global_id(0); a[i] = sin(i * 0.01f); }
    __kernel void scale(__global float *a, float s) { int i = get_global_id(0); a[i] *= s; }
    __kernel void diff(__global const float *a, __global float *d)
    { int i = get_global_id(0); d[i] = i + 1 < get_global_size(0) ? a[i + 1] - a[i] : 0.0f; }
    """).build()
    a = cla.empty(q, n, np.float32)
    d = cla.empty(q, n, np.float32)
    prg.init(q, (n,), (64,), a.data)
    prg.scale(q, (n,), (64,), a.data, np.float32(4.0))
    prg.diff(q, (n,), (64,), a.data, d.data)
    s = (d * 2).get()
    kernels = sorted(k.function_name for k in prg.all_kernels())
    return {"a": a.get(), "d": d.get(), "s": s,
            "kernels": np.frombuffer(",".join(kernels).encode(), np.uint8)}


# ---------------------------------------------------------------------------------
# launches skmd must run whole, and unusual but legal programs
# ---------------------------------------------------------------------------------
@program(whole={"affine": "offset"})
def launch_with_global_offset(cl):
    ctx, q = ctx_queue(cl)
    n = 2048
    a = np.arange(n, dtype=np.float32)
    ab = to_buf(cl, ctx, a)
    knl = cl.Kernel(cl.Program(ctx, AFFINE).build(), "affine")
    knl(q, (n - 512,), (64,), ab, np.float32(2.0), np.float32(1.0), global_offset=(256,))
    knl.set_args(ab, np.float32(-1.0), np.float32(0.0))
    cl.enqueue_nd_range_kernel(q, knl, (512,), (32,), global_work_offset=(1024,))
    return {"a": read(cl, q, ab, a)}


@program(split=("affine",), whole={"twice": "sub-buffer"})
def sub_buffers(cl):
    ctx, q = ctx_queue(cl)
    n = 4096
    a = np.arange(n, dtype=np.float32)
    ab = to_buf(cl, ctx, a)
    prg = cl.Program(ctx, AFFINE + """
    __kernel void twice(__global float *a) { int i = get_global_id(0); a[i] *= 2.0f; }
    """).build()
    affine, twice = prg.affine, prg.twice
    affine(q, (n,), (64,), ab, np.float32(1.0), np.float32(0.5))
    sub = ab.get_sub_region(4 * 1024, 4 * 1024)  # offsets aligned for PoCL
    twice(q, (1024,), (64,), sub)
    # the parent is read again by a split launch: the sub-buffer's write must be seen
    affine(q, (n,), (64,), ab, np.float32(1.0), np.float32(1.0))
    part = np.empty(1024, np.float32)
    cl.enqueue_copy(q, part, sub)
    return {"a": read(cl, q, ab, a), "part": part}


@program(whole={"brighten": "image"})
def image_argument(cl):
    ctx, q = ctx_queue(cl)
    h, w = 16, 32
    img = (np.arange(h * w, dtype=np.float32).reshape(h, w) % 17) / 17
    fmt = cl.ImageFormat(cl.channel_order.R, cl.channel_type.FLOAT)
    src = cl.create_image(ctx, cl.mem_flags.READ_ONLY | cl.mem_flags.COPY_HOST_PTR, fmt,
                          shape=(w, h), hostbuf=img)
    ob = cl.Buffer(ctx, cl.mem_flags.WRITE_ONLY, img.nbytes)
    prg = cl.Program(ctx, """
    __constant sampler_t smp = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE
                               | CLK_FILTER_NEAREST;
    __kernel void brighten(__read_only image2d_t img, __global float *o)
    {
        int x = get_global_id(0), y = get_global_id(1);
        o[y * get_global_size(0) + x] = read_imagef(img, smp, (int2)(x, y)).x * 2.0f + 0.1f;
    }""").build()
    prg.brighten(q, (w, h), (8, 4), src, ob)
    return {"o": read(cl, q, ob, img)}


@program(whole={"affine": "source"})
def program_from_binary(cl):
    ctx, q = ctx_queue(cl)
    n = 2048
    built = cl.Program(ctx, AFFINE).build()
    dev = ctx.devices[0]
    binary = built.get_info(cl.program_info.BINARIES)[0]
    prg = cl.Program(ctx, [dev], [binary]).build()
    a = np.arange(n, dtype=np.float32)
    ab = to_buf(cl, ctx, a)
    prg.affine(q, (n,), (64,), ab, np.float32(3.0), np.float32(-2.0))
    return {"a": read(cl, q, ab, a)}


@program(split=("tail_guarded", "fixed_wg"))
def guarded_tail_and_attributes(cl):
    ctx, q = ctx_queue(cl)
    n = 2000  # the launch is rounded up to 2048 work-items; the kernel guards the tail
    a = rng(37).standard_normal(n).astype(np.float32)
    ab = to_buf(cl, ctx, a)
    ob = to_buf(cl, ctx, np.full(n + 48, -7.0, np.float32))
    prg = cl.Program(ctx, """
    __kernel void tail_guarded(__global const float * restrict a, __global float * restrict o,
                               const int n, const int shift)
    {
        const int i = get_global_id(0);
        if (i >= n) return;
        o[i + shift] = fabs(a[i]) + 1.0f;
    }
    __kernel __attribute__((reqd_work_group_size(64, 1, 1)))
    void fixed_wg(__global float *o) { int i = get_global_id(0); o[i] = o[i] * 0.5f; }
    """).build()
    prg.tail_guarded(q, (2048,), (64,), ab, ob, np.int32(n), np.int32(24))
    prg.fixed_wg(q, (n + 48,), (64,), ob)
    # an empty launch, allowed explicitly
    prg.fixed_wg(q, (0,), None, ob, allow_empty_ndrange=True)
    return {"o": read(cl, q, ob, np.empty(n + 48, np.float32))}


@program(split=("affine",))
def two_contexts(cl):
    outs = {}
    ctxs = [cl.create_some_context(interactive=False) for _ in range(2)]
    queues = [cl.CommandQueue(c) for c in ctxs]
    knls = [cl.Kernel(cl.Program(c, AFFINE).build(), "affine") for c in ctxs]
    n = 2048
    bufs = [to_buf(cl, c, np.arange(n, dtype=np.float32) * (k + 1))
            for k, c in enumerate(ctxs)]
    for it in range(3):
        for k in range(2):
            knls[k](queues[k], (n,), (64,), bufs[k], np.float32(1.5), np.float32(it - k))
    for k in range(2):
        outs[f"ctx{k}"] = read(cl, queues[k], bufs[k], np.empty(n, np.float32))
    return outs


@program(split=("affine",), hill=False)
def threads_with_own_queues(cl):
    import threading
    ctx = cl.create_some_context(interactive=False)
    prg = cl.Program(ctx, AFFINE).build()
    n = 2048
    results: dict[str, np.ndarray] = {}
    errors: list[BaseException] = []

    def worker(k: int) -> None:
        try:
            q = cl.CommandQueue(ctx)
            knl = cl.Kernel(prg, "affine")
            buf = to_buf(cl, ctx, np.arange(n, dtype=np.float32) + k)
            for it in range(4):
                knl(q, (n,), (64,), buf, np.float32(1.0 + k), np.float32(it))
            results[f"t{k}"] = read(cl, q, buf, np.empty(n, np.float32))
        except BaseException as exc:  # re-raised in the main thread
            errors.append(exc)

    threads = [threading.Thread(target=worker, args=(k,)) for k in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    if errors:
        raise errors[0]
    return results


@program(split=("affine", "sum3"))
def markers_barriers_and_nonblocking_copies(cl):
    ctx, q = ctx_queue(cl)
    n = 2048
    prg = cl.Program(ctx, AFFINE + """
    __kernel void sum3(__global const float *a, __global float *o)
    {
        int i = get_global_id(0), n = get_global_size(0);
        o[i] = a[i] + a[(i + 1) % n] + a[(i + n - 1) % n];
    }""").build()
    affine, sum3 = prg.affine, prg.sum3
    a = np.linspace(0, 1, n).astype(np.float32)
    ab = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, a.nbytes)
    ob = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, a.nbytes)
    ew = cl.enqueue_copy(q, ab, a, is_blocking=False)
    m = cl.enqueue_marker(q, wait_for=[ew])
    affine(q, (n,), (64,), ab, np.float32(2.0), np.float32(0.0), wait_for=[m])
    cl.enqueue_barrier(q)
    e2 = sum3(q, (n,), (64,), ab, ob)
    out = np.empty_like(a)
    er = cl.enqueue_copy(q, out, ob, is_blocking=False, wait_for=[e2])
    er.wait()
    q.flush()
    q.finish()
    return {"o": out}


@program(split=("affine",))
def map_write_invalidate_region(cl):
    ctx, q = ctx_queue(cl)
    n = 2048
    ab = to_buf(cl, ctx, np.zeros(n, np.float32))
    knl = cl.Kernel(cl.Program(ctx, AFFINE).build(), "affine")
    knl(q, (n,), (64,), ab, np.float32(1.0), np.float32(3.0))
    arr, _ = cl.enqueue_map_buffer(q, ab, cl.map_flags.WRITE_INVALIDATE_REGION,
                                   4 * 512, (1024,), np.float32)
    arr[:] = np.arange(1024, dtype=np.float32)
    arr.base.release(q)
    knl(q, (n,), (64,), ab, np.float32(2.0), np.float32(0.0))
    return {"a": read(cl, q, ab, np.empty(n, np.float32))}


READER = """
__kernel void reader(__global const float *a, __global float *o)
{ int i = get_global_id(0); o[i] = a[i] * 2.0f + 1.0f; }
"""


def _read_write_read(cl, writer_source: str, launch_writer: Callable) -> dict:
    """``reader`` (split: helper devices now hold copies of ``a``), a writer
    changes ``a``, ``reader`` again: the helpers must not use their old copies."""
    ctx, q = ctx_queue(cl)
    n = 2048
    a = np.arange(n, dtype=np.float32)
    ab = to_buf(cl, ctx, a)
    ob = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, a.nbytes)
    prg = cl.Program(ctx, READER + writer_source).build()
    reader, writer = prg.reader, prg.writer
    reader(q, (n,), (64,), ab, ob)
    first = read(cl, q, ob, a)
    launch_writer(cl, q, writer, n, ab)
    reader(q, (n,), (64,), ab, ob)
    return {"first": first, "second": read(cl, q, ob, a), "a": read(cl, q, ab, a)}


@program(split=("reader", "writer"), hill=False)
def write_through_helper_function_and_pointer(cl):
    return _read_write_read(cl, """
    void put(__global float *p, int i, float v) { p[i] = v; }
    __kernel void writer(__global float *a)
    {
        int i = get_global_id(0);
        __global float *p = a + (i ^ 1);
        put(a, i, a[i] + 100.0f);
        if (i & 1) *(p + 1) += 0.5f;
    }""", lambda cl, q, k, n, ab: k(q, (n,), (64,), ab))


@program(split=("reader", "writer"), hill=False)
def write_through_vstore_and_casts(cl):
    return _read_write_read(cl, """
    __kernel void writer(__global const float *a)
    {
        int i = get_global_id(0);
        __global float *w = (__global float *)a;          /* const cast away */
        float4 v = vload4(i, w);
        vstore4(v * 3.0f, i, w);
        ((__global float4 *)w)[i] += (float4)(1.0f, 2.0f, 3.0f, 4.0f);
    }""", lambda cl, q, k, n, ab: k(q, (n // 4,), (16,), ab))


@program(split=("reader",), whole={"writer": "atomic"}, hill=False)
def atomics_in_helper_function(cl):
    return _read_write_read(cl, """
    void bump(volatile __global int *c) { atomic_inc(c); }
    __kernel void writer(__global float *a)
    {
        int i = get_global_id(0);
        if (i % 3 == 0) bump((volatile __global int *)a + 7);
    }""", lambda cl, q, k, n, ab: k(q, (n,), (64,), ab))


@program(split=("*",), hill=False)
def irregular_read_patterns(cl):
    ctx, q = ctx_queue(cl)
    n = 2048
    a = rng(38).standard_normal(n).astype(np.float32)
    ab = to_buf(cl, ctx, a)
    outs = [to_buf(cl, ctx, np.zeros(n, np.float32)) for _ in range(4)]
    prg = cl.Program(ctx, """
    __kernel void reversed(__global const float *a, __global float *o, int n)
    { int i = get_global_id(0); o[i] = a[n - 1 - i]; }
    __kernel void window(__global const float *a, __global float *o, int R, int n)
    {
        int i = get_global_id(0); float s = 0.0f;
        for (int k = -R; k <= R; ++k) s += a[clamp(i + k, 0, n - 1)];
        o[i] = s;
    }
    __kernel void strided(__global const float *a, __global float *o, int s, int off)
    { int i = get_global_id(0); o[i] = a[(i * s + off) % get_global_size(0)] + a[i / 2]; }
    __kernel void by_group(__global const float *a, __global float *o)
    {
        int i = get_group_id(0) * get_local_size(0) + get_local_id(0);
        o[i] = a[(i + 1000) % 2048] - a[2047 - i / 3];
    }""").build()
    prg.reversed(q, (n,), (64,), ab, outs[0], np.int32(n))
    prg.window(q, (n,), (64,), ab, outs[1], np.int32(40), np.int32(n))
    prg.strided(q, (n,), (32,), ab, outs[2], np.int32(3), np.int32(100))
    prg.by_group(q, (n,), (64,), ab, outs[3])
    return {f"o{k}": read(cl, q, o, a) for k, o in enumerate(outs)}


@program(split=("scale_bias",), hill=False)
def null_pointer_and_g_times_l(cl):
    ctx, q = ctx_queue(cl)
    n = 2048
    a = np.arange(n, dtype=np.float32)
    ab = to_buf(cl, ctx, a)
    knl = cl.Kernel(cl.Program(ctx, """
    __kernel void scale_bias(__global float *o, __global const float *bias)
    { int i = get_global_id(0); o[i] = o[i] * 2.0f + (bias ? bias[i] : 0.5f); }
    """).build(), "scale_bias")
    knl(q, (n,), (64,), ab, None)
    knl(q, (n,), (64,), ab, ab)
    knl.set_args(ab, None)
    cl.enqueue_nd_range_kernel(q, knl, (32,), (64,), g_times_l=True)
    return {"a": read(cl, q, ab, a)}


@program(split=("op_all",), hill=False)
def include_directory_option(cl):
    import tempfile
    with tempfile.TemporaryDirectory() as d:
        with open(os.path.join(d, "myops.h"), "w") as f:
            f.write("inline float op(float x) { return x * 4.0f - 1.0f; }\n")
        ctx, q = ctx_queue(cl)
        prg = cl.Program(ctx, '#include "myops.h"\n'
                         "__kernel void op_all(__global float *o)"
                         "{ int i = get_global_id(0); o[i] = op(o[i]); }").build(
                             options=["-I", d, "-DUNUSED_FLAG=1"])
        n = 2048
        a = np.arange(n, dtype=np.float32)
        ab = to_buf(cl, ctx, a)
        prg.op_all(q, (n,), (64,), ab)
        prg.op_all(q, (n,), (64,), ab)
        return {"a": read(cl, q, ab, a)}


@program(split=("use",), whole={"hist": "atomic"}, hill=False)
def whole_launch_then_split_launch(cl):
    """An asynchronous whole launch writes what the next, split one reads."""
    ctx, q = ctx_queue(cl)
    n = 2048
    cnt = to_buf(cl, ctx, np.zeros(n, np.int32))
    ob = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, n * 4)
    prg = cl.Program(ctx, """
    __kernel void hist(__global int *c, int n)
    { int i = get_global_id(0); for (int j = 0; j < 50; ++j) atomic_max(&c[(i * 7 + j) % n], i + j); }
    __kernel void use(__global const int *c, __global int *o)
    { int i = get_global_id(0); o[i] = c[i] * 3 + 1; }""").build()
    hist, use = prg.hist, prg.use
    use(q, (n,), (64,), cnt, ob)
    hist(q, (n,), (64,), cnt, np.int32(n))
    use(q, (n,), (64,), cnt, ob)
    return {"o": read(cl, q, ob, np.empty(n, np.int32))}


@program(split=("slow", "reader"), hill=False)
def wait_for_kernel_on_other_queue(cl):
    ctx = cl.create_some_context(interactive=False)
    q1, q2 = cl.CommandQueue(ctx), cl.CommandQueue(ctx)
    n = 2048
    ab = to_buf(cl, ctx, np.arange(n, dtype=np.float32))
    ob = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, n * 4)
    prg = cl.Program(ctx, READER + """
    __kernel void slow(__global float *o)
    { int i = get_global_id(0); for (int j = 0; j < 3000; ++j) o[i] = o[i] * 0.999f + 1.0f; }
    """).build()
    slow, reader = prg.slow, prg.reader
    e = slow(q2, (n,), (64,), ab)
    reader(q1, (n,), (64,), ab, ob, wait_for=[e])
    return {"o": read(cl, q1, ob, np.empty(n, np.float32))}


# ---------------------------------------------------------------------------------
# programs that once exposed differences in skmd (kept as regular programs)
# ---------------------------------------------------------------------------------
@program()
def struct_by_value_argument(cl):
    ctx, q = ctx_queue(cl)
    n = 1024
    a = np.arange(n, dtype=np.float32)
    ab = to_buf(cl, ctx, a)
    prg = cl.Program(ctx, """
    typedef struct { float scale; float shift; } params;
    __kernel void apply(__global float *a, params p)
    { int i = get_global_id(0); a[i] = a[i] * p.scale + p.shift; }""").build()
    params = np.dtype([("scale", np.float32), ("shift", np.float32)])
    prg.apply(q, (n,), (64,), ab, np.array([(2.0, -1.0)], params)[0])
    return {"a": read(cl, q, ab, a)}


@program(split=("affine",))
def released_buffer_address_reused(cl):
    ctx, q = ctx_queue(cl)
    n = 2048
    knl = cl.Kernel(cl.Program(ctx, AFFINE).build(), "affine")
    out = {}
    buf = None
    for it in range(10):
        host = np.arange(n, dtype=np.float32) + 1000.0 * it
        if buf is not None:
            buf.release()  # freed explicitly; the Python object lives on until rebound
        buf = to_buf(cl, ctx, host)
        knl(q, (n,), (64,), buf, np.float32(2.0), np.float32(0.0))
        out[f"r{it}"] = read(cl, q, buf, host)
    return out


@program(split=("*",))
def pool_blocks_returned_after_del(cl):
    import gc
    import pyopencl.array as cla
    from pyopencl.tools import ImmediateAllocator, MemoryPool
    ctx, q = ctx_queue(cl)
    pool = MemoryPool(ImmediateAllocator(q))
    n = 2048
    counts = []
    for it in range(4):
        x = cla.to_device(q, np.arange(n, dtype=np.float32) + it, allocator=pool)
        y = x * 3 + it
        del x, y
        gc.collect()
        counts.append((pool.active_blocks, pool.held_blocks))
    return {"active_held": np.array(counts)}


@program()
def multi_device_context_second_queue(cl):
    plat = cl.get_platforms()[0]
    ctx = cl.Context(dev_type=cl.device_type.ALL,
                     properties=[(cl.context_properties.PLATFORM, plat)])
    devs = ctx.devices
    q0 = cl.CommandQueue(ctx, devs[0])
    q1 = cl.CommandQueue(ctx, devs[-1])
    n = 2048
    a = np.arange(n, dtype=np.float32)
    ab = to_buf(cl, ctx, a)
    ob = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, a.nbytes)
    prg = cl.Program(ctx, READER + """
    __kernel void writer(__global float *a) { int i = get_global_id(0); a[i] = -a[i] - 5.0f; }
    """).build()
    reader, writer = prg.reader, prg.writer
    reader(q0, (n,), (64,), ab, ob)
    first = read(cl, q0, ob, a)
    writer(q1, (n,), (64,), ab)  # on another device of the context
    q1.finish()
    reader(q0, (n,), (64,), ab, ob)
    return {"first": first, "second": read(cl, q0, ob, a), "ndev": np.array([len(devs)])}


@program(split=("busy",))
def event_of_a_launch(cl):
    ctx, q = ctx_queue(cl, properties=cl.command_queue_properties.PROFILING_ENABLE)
    n = 2048
    ab = to_buf(cl, ctx, np.arange(n, dtype=np.float32))
    knl = cl.Kernel(cl.Program(ctx, """
    __kernel void busy(__global float *o)
    { int i = get_global_id(0); for (int j = 0; j < 2000; ++j) o[i] = o[i] * 0.999f + 1.0f; }
    """).build(), "busy")
    e = knl(q, (n,), (64,), ab)
    e.wait()
    return {"command_type": np.array([e.command_type]),
            "kernel_took_over_1us": np.array([e.profile.end - e.profile.start > 1000])}


@program(whole={"sizes": "local size"})
def local_size_left_to_the_implementation(cl):
    ctx, q = ctx_queue(cl)
    n = 4096
    ob = cl.Buffer(ctx, cl.mem_flags.WRITE_ONLY, n * 4)
    prg = cl.Program(ctx, """
    __kernel void sizes(__global int *o)
    { int i = get_global_id(0); o[i] = get_local_size(0) * 100000 + get_group_id(0); }
    """).build()
    prg.sizes(q, (n,), None, ob)
    return {"o": read(cl, q, ob, np.empty(n, np.int32))}


#: run in a child process: the failure mode is a crash of the whole process
ASYNC_COPY_SOURCE = """
__kernel void negate_tiles(__global float *a, __local float *t)
{
    int g = get_group_id(0) * get_local_size(0), l = get_local_id(0);
    event_t e = async_work_group_copy(t, a + g, get_local_size(0), 0);
    wait_group_events(1, &e);
    t[l] = -t[l];
    barrier(CLK_LOCAL_MEM_FENCE);
    e = async_work_group_copy(a + g, t, get_local_size(0), 0);
    wait_group_events(1, &e);
}
"""


def async_work_group_copy_kernel(cl):
    ctx, q = ctx_queue(cl)
    n = 2048
    a = np.arange(n, dtype=np.float32)
    ab = to_buf(cl, ctx, a)
    prg = cl.Program(ctx, ASYNC_COPY_SOURCE).build()
    prg.negate_tiles(q, (n,), (64,), ab, cl.LocalMemory(64 * 4))
    return {"a": read(cl, q, ab, a)}


