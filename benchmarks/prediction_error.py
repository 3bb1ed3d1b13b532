"""Held-out prediction error of the per-(kernel, device) time model.

Two sources of profiles:

* synthetic but shaped like real devices (a GPU runs groups in waves, a CPU in
  rounds of its cores, a launch overhead, 1 % timing noise) for four kernel
  families: vector add, square matrix multiply, a grid-stride kernel over N
  items, and a kernel whose loop trip count only the static cost ``f`` knows;
* real timed runs on PoCL (if pyopencl and a CPU device work): a kernel with an
  N-iteration loop per item at several sizes, only the first ``x`` work-groups
  launched (global offset 0, reduced global size), timed with profiling events.

* with ``--store DIR``: every (kernel, device) that ``skmd profile`` stored in
  ``DIR/profiles.sqlite`` (real programs at several inputs, e.g. the benchmark
  programs at their ``profile1``, ``profile2`` and ``paper`` sizes).

For each it reports the median absolute percentage error on held-out inputs
(leave-one-input-out), and on the largest input when trained on the smaller
ones (the thesis's §3.3.3 setting), overall and for profiles over 10 ms.

    PYTHONPATH=. python benchmarks/prediction_error.py [--no-pocl] [--device gpu]
    PYTHONPATH=. python benchmarks/prediction_error.py --store DIR
"""
from __future__ import annotations

import argparse
import os
import time

import numpy as np

from skmd.predict import KernelTimeModel, Sample, calibration_groups
from skmd.predict.time_model import held_out_pairs


# -- synthetic devices and kernels ------------------------------------------------

def gpu_time(work_per_group, x, slots=264, rate=2e11, overhead=8e-6):
    waves = np.maximum(1, np.ceil(np.asarray(x, float) / slots))
    return overhead + work_per_group * slots * waves / rate


def cpu_time(work_per_group, x, cores=16, rate=4e9, overhead=15e-6):
    rounds = np.ceil(np.asarray(x, float) / cores)
    return overhead + work_per_group * rounds / rate * 1.0


def synthetic_kernels():
    """name -> list of (Sample-maker(x), work per group, total groups) per input."""
    out = {}
    out["vector_add"] = [(lambda x, n=n: Sample(x, n // 256, (n,), (256,), {3: n},
                                                {0: 4 * n, 1: 4 * n, 2: 4 * n}),
                          256 * 3.0, n // 256) for n in (1 << 20, 1 << 21, 1 << 22, 1 << 23, 1 << 24)]
    out["matmul"] = [(lambda x, N=N: Sample(x, (N // 16) ** 2, (N, N), (16, 16), {3: N},
                                            {0: 4 * N * N, 1: 4 * N * N, 2: 4 * N * N}),
                      256 * 2.0 * N, (N // 16) ** 2) for N in (256, 512, 768, 1024, 2048)]
    # fixed launch of 1024 groups of 128, each item loops N / (global size) times
    out["grid_stride"] = [(lambda x, n=n: Sample(x, 1024, (131072,), (128,), {4: n},
                                                 {0: 4 * n, 1: 4 * n}),
                           128 * 20.0 * n / 131072, 1024) for n in (1 << 22, 1 << 23, 1 << 24, 1 << 25, 1 << 26)]
    # trip count comes from data; only the static cost f (per item) knows it
    out["static_cost"] = [(lambda x, f=f: Sample(x, 2048, (262144,), (128,), {}, {0: 1 << 20}, cost=f),
                           128 * 4.0 * f, 2048) for f in (8.0, 32.0, 64.0, 128.0, 256.0)]
    return out


def synthetic_profiles(device, seed=0, noise=0.01):
    rng = np.random.default_rng(seed)
    timef = gpu_time if device == "gpu" else cpu_time
    for name, inputs in synthetic_kernels().items():
        S, Y = [], []
        for make, wpg, G in inputs:
            for x in calibration_groups(G):
                S.append(make(x))
                Y.append(float(timef(wpg, x)) * (1 + noise * rng.standard_normal()))
        yield name, S, np.array(Y)


# -- evaluation ----------------------------------------------------------------------

def largest_input_errors(S, Y):
    """Train on all inputs but the largest, predict the largest."""
    keys = [s.input_key() for s in S]
    sizes = {}
    for s, k in zip(S, keys):
        sizes[k] = max(sizes.get(k, 0), s.total_groups * (s.cost or 1) + sum(s.buffer_bytes.values())
                       + sum(abs(v) for v in s.scalars.values()))
    big = max(sizes, key=sizes.get)
    test = np.array([k == big for k in keys])
    m = KernelTimeModel().fit([s for s, t in zip(S, test) if not t], Y[~test])
    p = m.predict([s for s, t in zip(S, test) if t])
    return np.abs(p - Y[test]) / Y[test], Y[test]


def _pct(errs):
    return f"{np.median(errs) * 100:8.2f}%" if errs.size else f"{'-':>9s}"


def summarise(label, S, Y, pooled=None):
    """One row; ``pooled`` (a dict of lists) collects every held-out error over 10 ms."""
    t = time.perf_counter()
    m = KernelTimeModel().fit(S, Y)
    fit_s = time.perf_counter() - t
    loio, yl = held_out_pairs(KernelTimeModel(), S, Y)
    big, ybig = largest_input_errors(S, Y)
    if pooled is not None:
        pooled.setdefault("loio", []).extend(loio[yl > 10e-3])
        pooled.setdefault("largest", []).extend(big[ybig > 10e-3])
    return (f"{label:34s} {len(S):5d} {len({s.input_key() for s in S}):3d} {m.feature_:>16s} "
            f"{_pct(loio)} {_pct(loio[yl > 10e-3])} {_pct(big)} {_pct(big[ybig > 10e-3])}"
            f" {fit_s * 1e3:7.1f}ms")


HEADER = (f"{'kernel / device':34s} {'n':>5s} {'in':>3s} {'feature':>16s} {'LOIO':>9s} "
          f"{'>10ms':>9s} {'largest':>9s} {'>10ms':>9s} {'fit':>9s}")


def _store(folder):
    """The store in ``folder``; a missing one is an error, not a new empty store."""
    from skmd.predict.store import ProfileStore
    path = os.path.join(folder, "profiles.sqlite")
    if not os.path.isfile(path):
        raise SystemExit(f"prediction_error.py: no profile store at {path}")
    return ProfileStore(path)


def store_profiles(store, labels=None):
    """(label, samples, seconds) for every (kernel, device) with ≥ 2 inputs in a store;
    devices by the label a store gave their fingerprint (``labels``: from other stores
    too, for one written before stores named their devices)."""
    labels = labels or {d.fingerprint: d.label for d in store.devices()}
    for key, fp, _ in store.kernels():
        profs = store.profiles(key, fp)
        S = [p.sample for p in profs]
        if len({s.input_key() for s in S}) < 2:
            continue
        yield (f"{key.split(':', 1)[-1]} / {labels.get(fp, fp[:8])}", S,
               np.array([p.seconds for p in profs]))


# -- PoCL -------------------------------------------------------------------------

POCL_SRC = """
__kernel void work(__global const float *a, __global float *out, int n) {
    int i = get_global_id(0);
    float acc = a[i];
    for (int k = 0; k < n; ++k)
        acc = acc * 0.9999f + 0.5f;
    out[i] = acc;
}
"""


def pocl_profiles(sizes=(64, 128, 256, 512, 1024), reps=5, local=64, items=1 << 15,
                  kind="cpu"):
    """Timed runs of the loop kernel on the first OpenCL device of ``kind`` (cpu|gpu)."""
    os.environ.setdefault("POCL_DEVICES", "pthread")
    import pyopencl as cl
    want = cl.device_type.GPU if kind == "gpu" else cl.device_type.CPU
    dev = None
    for p in cl.get_platforms():
        for d in p.get_devices():
            if d.type & want or (kind == "cpu" and "pthread" in d.name.lower()):
                dev = d
                break
        if dev:
            break
    if dev is None:
        raise RuntimeError(f"no OpenCL {kind} device")
    ctx = cl.Context([dev])
    q = cl.CommandQueue(ctx, properties=cl.command_queue_properties.PROFILING_ENABLE)
    prg = cl.Program(ctx, POCL_SRC).build()
    knl = cl.Kernel(prg, "work")
    a = np.random.default_rng(0).random(items, dtype=np.float32)
    mf = cl.mem_flags
    da = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=a)
    dout = cl.Buffer(ctx, mf.WRITE_ONLY, a.nbytes)
    G = items // local
    S, Y = [], []
    for n in sizes:
        knl.set_args(da, dout, np.int32(n))
        for x in calibration_groups(G):
            ts = []
            for _ in range(reps + 1):
                ev = cl.enqueue_nd_range_kernel(q, knl, (x * local,), (local,))
                ev.wait()
                ts.append((ev.profile.end - ev.profile.start) * 1e-9)
            S.append(Sample(x, G, (items,), (local,), {2: float(n)}, {0: a.nbytes, 1: a.nbytes}))
            Y.append(float(np.min(ts[1:])))  # least-disturbed run, as §3.3 does
    return dev.name, S, np.array(Y)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--no-pocl", action="store_true")
    ap.add_argument("--device", choices=("cpu", "gpu"), default="cpu",
                    help="device kind for the real timed runs (gpu: larger inputs)")
    ap.add_argument("--store", metavar="DIR", nargs="+",
                    help="only the kernels `skmd profile` stored in DIR/profiles.sqlite "
                         "(several stores: pooled figures over all of them too)")
    args = ap.parse_args()
    stores = [_store(f) for f in args.store or ()]
    labels = {d.fingerprint: d.label for store in stores for d in store.devices()}
    print("median absolute % error; LOIO = leave one input out; largest = trained on the "
          "smaller inputs, tested on the largest; >10ms: of the profiles over 10 ms")
    print(HEADER)
    if args.store:
        pooled: dict = {}  # device label -> {"loio": [...], "largest": [...]}
        for store in stores:
            for label, S, Y in store_profiles(store, labels):
                print(summarise(label, S, Y, pooled.setdefault(label.split(" / ")[-1], {})))
        for dev, errs in sorted(pooled.items()):
            loio, big = (np.array(errs.get(k, [])) for k in ("loio", "largest"))
            print(f"{dev}, profiles over 10 ms pooled: LOIO {_pct(loio)} of {loio.size}, "
                  f"largest {_pct(big)} of {big.size}")
        return
    for device in ("gpu", "cpu"):
        for name, S, Y in synthetic_profiles(device):
            print(summarise(f"{name} / synthetic {device}", S, Y))
    if args.no_pocl:
        return
    try:
        t = time.perf_counter()
        if args.device == "gpu":  # enough work that the larger inputs run > 10 ms
            devname, S, Y = pocl_profiles(sizes=(4096, 8192, 16384, 32768, 65536, 131072),
                                          items=1 << 22, local=256, kind="gpu")
        else:
            devname, S, Y = pocl_profiles()
        print(summarise(f"loop / {args.device}", S, Y))
        print(f"(device {devname!r}: {len(S)} timed launches, {Y.min() * 1e3:.3f}-"
              f"{Y.max() * 1e3:.1f} ms each, collected in {time.perf_counter() - t:.1f} s)")
    except Exception as exc:  # no OpenCL here: the synthetic figures still stand
        print(f"PoCL runs skipped: {type(exc).__name__}: {exc}")


if __name__ == "__main__":
    main()
