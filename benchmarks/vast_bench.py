"""VAST on one GPU: kernels over buffers larger than the GPU (thesis §4.6).

One measurement per process (the buffers of one fill most of host memory):

* ``link``: the GPU's page-locked link, h2d and d2h (1 GiB, best of 3);
* ``stream --gb G``: a triad over three G GB buffers under skmd on the GPU alone.
  The program holds no host arrays: skmd backs the buffers with host memory
  (page-locked up to ``Tuning.vast_pinned_share`` of the GPU's memory, pageable
  past it), a kernel fills them, the triad is timed, samples are checked.  Its time
  is set against the link: the least any schedule needs is
  ``max(2G / h2d, G / d2h)`` (inputs and outputs move at once), and
  ``2G / h2d + G / d2h`` if the link moves one direction at a time.  It also gives
  the rates of the best triad's moves each way: page-locked pieces sent straight,
  and pageable ones through page-locked slots (host copies included; each way one
  after another, so bytes over summed seconds).  ``--no-bounce`` sends pageable
  pieces the driver's way instead (``Tuning.vast_bounce_chunk=0``), ``--bounce-mib``
  and ``--bounce-slots`` size the slots, ``--bounce-threads`` sets the host copies
  at once, ``--out-last`` allocates the output after the inputs (the page-locked
  share then goes to the inputs, and the output's read-backs go through the slots);
* ``compute --gb G --iters K``: ``y = f(x)`` with K multiply-adds per element over
  two G GB buffers, under skmd on the devices ``SKMD_DEVICES`` names (the GPU
  alone, or the CPU alone: the same program, on the CPU over a smaller G with
  ``SKMD_HOST_BACKED_MIN`` so that it runs in chunks within its time; plain PoCL
  refuses buffers that large), and plainly on the CPU over a slice that fits (its
  rate per element);
* ``fits --gb G``: the triad program over buffers that fit (``enqueue_copy``
  uploads, the triad, the read-back), plainly on the GPU and under skmd forced into
  chunks (``SKMD_HOST_BACKED_MIN``), alternating rounds in one process; medians and
  95 % intervals; skmd's result is checked against plain's, every round;
* ``compare --gpu F --cpu F``: the compute part on the GPU against the compute part
  on the CPU, per element (the CPU one may run over fewer elements to fit its time:
  its seconds are scaled to the GPU run's element count, and the output says so).

    python benchmarks/vast_bench.py PART [--gb G] [--iters K] [--json FILE]

Every part prints a table and writes its figures as JSON.
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time

import numpy as np

SRC = """
__kernel void init(__global float *b, __global float *c) {
  size_t i = get_global_id(0);
  b[i] = (float)(i % 1000003) * 0.5f;
  c[i] = (float)(i % 999983) * 0.25f;
}
__kernel void triad(__global float *a, __global const float *b, __global const float *c,
                    float s) {
  size_t i = get_global_id(0);
  a[i] = b[i] + s * c[i];
}
__kernel void poly(__global float *y, __global const float *x, int iters) {
  size_t i = get_global_id(0);
  float v = x[i], acc = 0.0f;
  for (int k = 0; k < iters; k++) acc = acc * v + 0.999f;
  y[i] = acc;
}
__kernel void ramp(__global float *x) {
  size_t i = get_global_id(0);
  x[i] = (float)(i % 4099) * 0.00024f;
}
"""
GB = 10**9
LS = 256


def _ctx():
    """Under skmd its one device; plainly, the GPU (the CPU where there is none)."""
    import pyopencl as cl

    import skmd
    if skmd.installed():
        ctx = cl.create_some_context(interactive=False)
    else:
        devs = [d for p in cl.get_platforms() for d in p.get_devices()]
        gpus = [d for d in devs if d.type & cl.device_type.GPU]
        ctx = cl.Context([(gpus or devs)[0]])
    return cl, ctx, cl.CommandQueue(ctx), cl.Program(ctx, SRC).build()


def _n(gb: float) -> int:
    return int(gb * GB) // 4 // LS * LS


def link(ns) -> dict:
    import pyopencl as cl
    from timing import best_of
    dev = [d for p in cl.get_platforms() for d in p.get_devices()
           if d.type & cl.device_type.GPU][0]
    ctx = cl.Context([dev])
    q = cl.CommandQueue(ctx)
    n = 1 << 30
    pin = cl.Buffer(ctx, cl.mem_flags.ALLOC_HOST_PTR, n)
    arr, _ = cl.enqueue_map_buffer(q, pin, cl.map_flags.READ | cl.map_flags.WRITE, 0, (n,),
                                   np.uint8, is_blocking=True)
    arr[:] = 1
    d = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, n)
    h2d = n / best_of(lambda: cl.enqueue_copy(q, d, arr, is_blocking=True), 3, True)
    d2h = n / best_of(lambda: cl.enqueue_copy(q, arr, d, is_blocking=True), 3, True)
    out = {"device": dev.name, "h2d_GBps": h2d / GB, "d2h_GBps": d2h / GB}
    print(f"page-locked link of {dev.name}: h2d {h2d / GB:.1f} GB/s, d2h {d2h / GB:.1f} GB/s")
    return out


def _check(cl, q, buf, n, expect) -> int:
    """Wrong floats among 1 Mi samples at four places."""
    bad = 0
    for at in (0, n // 3, 2 * n // 3, n - (1 << 18)):
        got = np.empty(1 << 18, np.float32)
        cl.enqueue_copy(q, got, buf, src_offset=4 * at)
        i = np.arange(at, at + got.size, dtype=np.int64)
        bad += int(np.count_nonzero(got != expect(i)))
    return bad


def _vast_note(rt) -> str:
    recs = [r for r in rt.records if r.merge == "chunks"]
    return recs[-1].notes[0] if recs else "no chunked launch"


def _moves(rec) -> dict:
    """GB and GB/s of one chunked launch's moves, each way: straight (page-locked
    pieces, and with ``--no-bounce`` pageable ones too) and through the slots."""
    from skmd.runtime.chunk_times import SLOTS
    out = {}
    for kind in ("h2d", "d2h"):
        for how, slots in (("straight", False), ("slots", True)):
            ps = [p for p in rec.pieces if p.kind == kind and (SLOTS in p.label) == slots]
            nb, secs = sum(p.bytes for p in ps), sum(p.end - p.start for p in ps)
            out[f"{kind}_{how}"] = {"GB": nb / GB, "busy_s": secs,
                                    "GBps": nb / secs / GB if secs else None}
    return out


def _moves_line(m: dict) -> str:
    return "; ".join(f"{k}: {v['GB']:.1f} GB at {v['GBps']:.1f} GB/s" for k, v in m.items()
                     if v["GB"])


def stream(ns) -> dict:
    from dataclasses import replace

    from skmd import config
    from skmd.tuning import Tuning
    t = Tuning()
    t = replace(t, vast_bounce_chunk=0 if ns.no_bounce else
                int(ns.bounce_mib * 2**20) if ns.bounce_mib else t.vast_bounce_chunk,
                vast_bounce_slots=ns.bounce_slots or t.vast_bounce_slots,
                vast_bounce_threads=ns.bounce_threads or t.vast_bounce_threads,
                vast_pinned_share=ns.pinned_share or t.vast_pinned_share)
    with config.override(tuning=t):
        out = _stream(ns)
    out["tuning"] = {"vast_bounce_chunk": t.vast_bounce_chunk,
                     "vast_bounce_slots": t.vast_bounce_slots,
                     "vast_bounce_threads": t.vast_bounce_threads,
                     "vast_pinned_share": t.vast_pinned_share, "out_last": ns.out_last}
    return out


def _stream(ns) -> dict:
    import skmd
    skmd.install()
    from skmd.runtime.core import get_runtime
    cl, ctx, q, prg = _ctx()
    n = _n(ns.gb)
    t = time.perf_counter()
    made = [cl.Buffer(ctx, cl.mem_flags.READ_WRITE, 4 * n) for _ in range(3)]
    a, b, c = (made[2], made[0], made[1]) if ns.out_last else made
    t_alloc = time.perf_counter() - t
    t = time.perf_counter()
    prg.init(q, (n,), (LS,), b, c)
    q.finish()
    t_init = time.perf_counter() - t
    times, moves = [], []
    rt = get_runtime()
    for _ in range(ns.repeat):
        t = time.perf_counter()
        prg.triad(q, (n,), (LS,), a, b, c, np.float32(3.0))
        q.finish()
        times.append(time.perf_counter() - t)
        moves.append(_moves([r for r in rt.records if r.merge == "chunks"][-1]))

    def expect(i):
        return (np.float32(0.5) * (i % 1000003).astype(np.float32)
                + np.float32(3.0) * (np.float32(0.25) * (i % 999983).astype(np.float32)))
    bad = _check(cl, q, a, n, expect)
    best = times.index(min(times))
    out = {"gb_per_buffer": 4 * n / GB, "alloc_s": t_alloc, "init_s": t_init,
           "triad_s": times, "best_s": min(times), "wrong_samples": bad,
           "devices": [d.label for d in rt.devices], "chunks": _vast_note(rt),
           "moves": moves[best],
           "pageable_GB": [x.host.pageable / GB if hasattr(x, "host") else 0.0
                           for x in (a, b, c)]}
    if ns.link:
        lk = json.load(open(ns.link))
        h2d, d2h = 2 * 4 * n / (lk["h2d_GBps"] * GB), 4 * n / (lk["d2h_GBps"] * GB)
        # both directions at once (the bound), and one after the other
        out.update(link=lk, bound_s=max(h2d, d2h), of_link=max(h2d, d2h) / min(times),
                   serial_s=h2d + d2h, of_serial_link=(h2d + d2h) / min(times))
    print(f"triad over 3 x {4 * n / GB:.1f} GB on {out['devices']}: best {min(times):.2f} s "
          f"of {[round(x, 2) for x in times]}" + (f"; link bound {out['bound_s']:.2f} s: "
                                                  f"{100 * out['of_link']:.0f} % of the "
                                                  "page-locked link (one direction at a "
                                                  f"time: {100 * out['of_serial_link']:.0f} %)"
                                                  if ns.link else "")
          + f"; allocation {t_alloc:.1f} s, fill {t_init:.1f} s; wrong samples {bad}")
    print("  ", out["chunks"])
    print(f"   pageable GB of a, b, c: {[round(x, 2) for x in out['pageable_GB']]}; "
          f"best triad's moves: {_moves_line(out['moves'])}")
    return out


def _poly(cl, ctx, q, prg, n: int, iters: int) -> tuple[float, object]:
    """Seconds of the compute-bound kernel over n floats (x filled by a kernel first)."""
    x, y = (cl.Buffer(ctx, cl.mem_flags.READ_WRITE, 4 * n) for _ in range(2))
    prg.ramp(q, (n,), (LS,), x)
    q.finish()
    t = time.perf_counter()
    prg.poly(q, (n,), (LS,), y, x, np.int32(iters))
    q.finish()
    return time.perf_counter() - t, y


def compute(ns) -> dict:
    import skmd
    skmd.install()
    from skmd.runtime.core import get_runtime
    cl, ctx, q, prg = _ctx()
    n = _n(ns.gb)
    took, y = _poly(cl, ctx, q, prg, n, ns.iters)
    rt = get_runtime()
    got = np.empty(1 << 18, np.float32)
    cl.enqueue_copy(q, got, y, src_offset=4 * (n // 2))
    out = {"gb_per_buffer": 4 * n / GB, "iters": ns.iters, "seconds": took,
           "elements": n, "s_per_element": took / n,
           "devices": [d.label for d in rt.devices], "chunks": _vast_note(rt),
           "sample_sum": float(got.astype(np.float64).sum())}
    print(f"poly x{ns.iters} over 2 x {4 * n / GB:.1f} GB under skmd on {out['devices']}: "
          f"{took:.2f} s")
    print("  ", out["chunks"])
    return out


def compute_plain_cpu(ns) -> dict:
    """Plain PoCL on the CPU over a slice that fits: its seconds per element."""
    import pyopencl as cl
    dev = [d for p in cl.get_platforms() for d in p.get_devices()
           if d.type & cl.device_type.CPU][0]
    ctx = cl.Context([dev])
    q = cl.CommandQueue(ctx)
    prg = cl.Program(ctx, SRC).build()
    n = _n(min(ns.gb, dev.max_mem_alloc_size / GB / 2))
    took, _ = _poly(cl, ctx, q, prg, n, ns.iters)
    per = took / n
    out = {"elements": n, "seconds": took, "s_per_element": per}
    print(f"plain PoCL CPU, poly x{ns.iters} over {4 * n / GB:.1f} GB: {took:.2f} s "
          f"({per * 1e9:.3f} ns per element)")
    return out


def fits(ns) -> dict:
    n = _n(ns.gb)
    b = np.linspace(0, 1, n, dtype=np.float32)
    c = np.cos(b)

    def program() -> tuple[float, np.ndarray]:
        cl, ctx, q, prg = _ctx()
        prg.triad = cl.Kernel(prg, "triad")
        t = time.perf_counter()
        mf = cl.mem_flags
        a = np.empty_like(b)
        ab = cl.Buffer(ctx, mf.WRITE_ONLY, a.nbytes)
        bb = cl.Buffer(ctx, mf.READ_ONLY, b.nbytes)
        cb = cl.Buffer(ctx, mf.READ_ONLY, c.nbytes)
        # uploads and the read-back as a user writes them (COPY_HOST_PTR on NVIDIA's
        # OpenCL is a slow path: it is not what the baseline is about)
        cl.enqueue_copy(q, bb, b)
        cl.enqueue_copy(q, cb, c)
        prg.triad(q, (n,), (LS,), ab, bb, cb, np.float32(3.0))
        cl.enqueue_copy(q, a, ab)
        q.finish()
        return time.perf_counter() - t, a

    import skmd
    from skmd import config
    from skmd.runtime.core import get_runtime
    plain, forced = [], []
    ref = None
    with config.override(devices=ns.devices, host_backed_min=1 << 20):
        for r in range(ns.repeat):
            s, a = program()
            plain.append(s)
            ref = a if ref is None else ref
            skmd.install()  # one runtime for every round: kernels built, memory pinned once
            try:
                if r == 0:
                    program()
                s, a2 = program()
                note = _vast_note(get_runtime())
            finally:
                skmd.uninstall()
            forced.append(s)
            assert np.array_equal(a2, ref), "skmd's result differs"
    out = {"gb_per_buffer": 4 * n / GB, "plain_s": plain, "forced_s": forced,
           "plain_median": statistics.median(plain), "forced_median": statistics.median(forced),
           "of_plain": statistics.median(plain) / statistics.median(forced), "chunks": note,
           "ci95": {k: _ci(v) for k, v in (("plain", plain), ("forced", forced))}}
    print(f"triad over 3 x {4 * n / GB:.1f} GB that fit: plain GPU median "
          f"{out['plain_median']:.3f} s, skmd forced into chunks {out['forced_median']:.3f} s: "
          f"{100 * out['of_plain']:.0f} % of plain's speed ({ns.repeat} alternating rounds)")
    print("  ", note)
    return out


def compare(ns) -> dict:
    """The compute part under skmd on the GPU against the same program on the CPU,
    per element (the CPU run may be smaller: its time is scaled per element)."""
    g, c = json.load(open(ns.gpu)), json.load(open(ns.cpu))
    cpu_s = c["seconds"] / c["elements"] * g["elements"]
    out = {"gpu_s": g["seconds"], "gpu_gb": g["gb_per_buffer"], "cpu_measured_s": c["seconds"],
           "cpu_gb": c["gb_per_buffer"], "cpu_scaled_s": cpu_s, "speedup": cpu_s / g["seconds"],
           "cpu_scaled": c["elements"] != g["elements"]}
    how = (f"CPU measured over 2 x {c['gb_per_buffer']:.1f} GB ({c['seconds']:.2f} s) and "
           f"scaled per element to 2 x {g['gb_per_buffer']:.1f} GB" if out["cpu_scaled"]
           else "same size")
    print(f"poly x{g['iters']} over 2 x {g['gb_per_buffer']:.1f} GB: skmd on the GPU "
          f"{g['seconds']:.2f} s, the same program under skmd on the CPU device {cpu_s:.2f} s "
          f"({how}): {out['speedup']:.2f}x")
    return out


def _ci(xs: list[float]) -> tuple[float, float]:
    """95 % interval of the median (order statistics; the whole range for few rounds)."""
    s = sorted(xs)
    k = max(0, int(len(s) / 2 - 0.98 * len(s) ** 0.5))
    return s[k], s[-1 - k]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("part", choices=["link", "stream", "compute", "plain_cpu", "fits",
                                     "compare"])
    ap.add_argument("--gpu", default=None, help="compare: the JSON of compute on the GPU")
    ap.add_argument("--cpu", default=None, help="compare: the JSON of compute on the CPU")
    ap.add_argument("--gb", type=float, default=1.0, help="GB per buffer")
    ap.add_argument("--iters", type=int, default=256)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--devices", default=None, help="SKMD_DEVICES for fits")
    ap.add_argument("--link", default=None, help="the JSON of the link part")
    ap.add_argument("--no-bounce", action="store_true",
                    help="stream: pageable pieces the driver's way (no page-locked slots)")
    ap.add_argument("--bounce-mib", type=float, default=None,
                    help="stream: MiB per page-locked slot (Tuning.vast_bounce_chunk)")
    ap.add_argument("--bounce-slots", type=int, default=None,
                    help="stream: slots per direction (Tuning.vast_bounce_slots)")
    ap.add_argument("--bounce-threads", type=int, default=None,
                    help="stream: host copies at once per direction "
                         "(Tuning.vast_bounce_threads)")
    ap.add_argument("--pinned-share", type=float, default=None,
                    help="stream: page-locked host memory as a share of the device's "
                         "(Tuning.vast_pinned_share)")
    ap.add_argument("--out-last", action="store_true",
                    help="stream: allocate the output after the inputs")
    ap.add_argument("--switch-us", type=float, default=None,
                    help="the interpreter's switch interval in µs (sys.setswitchinterval): "
                         "how long a copy thread may wait for the lock after its copy")
    ap.add_argument("--json", default=None)
    ns = ap.parse_args()
    if ns.switch_us:
        sys.setswitchinterval(ns.switch_us * 1e-6)
    fn = {"link": link, "stream": stream, "compute": compute, "plain_cpu": compute_plain_cpu,
          "fits": fits, "compare": compare}[ns.part]
    out = fn(ns)
    if ns.json:
        with open(ns.json, "w") as f:
            json.dump(out, f, indent=1)
    sys.stdout.flush()


if __name__ == "__main__":
    main()
