"""Run benchmark programs on one plain OpenCL device: ``python -m skmd.bench.programs``.

    python -m skmd.bench.programs [NAMES...] [--suite skmd|mkmd] [--size ci|paper|...]
                                  [--device SUBSTRING] [--repeat N] [--json FILE]

Prints one line per benchmark, ``PASS|FAIL name best_seconds device`` (the timed part:
host data to buffers, kernels, results back), and exits 1 if any check failed.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from contextlib import nullcontext

import pyopencl as cl

from skmd.bench.programs.base import HostPool, reuse_host_outputs


def pick_device(substring: str | None) -> cl.Device:
    """First usable device whose platform or device name contains ``substring`` (any if
    None); devices of a platform whose compiler fails on this machine are not usable."""
    from skmd.runtime.devices import discover
    for dev in discover()[0]:
        if substring is None or substring.lower() in f"{dev.platform_name} {dev.name}".lower():
            return dev.device
    raise SystemExit(f"no OpenCL device matches {substring!r}")


def main(argv: list[str] | None = None) -> int:
    from skmd.bench.programs import REGISTRY

    ap = argparse.ArgumentParser(prog="python -m skmd.bench.programs")
    ap.add_argument("names", nargs="*", help="benchmarks (lower-case); default: all")
    ap.add_argument("--suite", choices=("skmd", "mkmd"))
    ap.add_argument("--size", default="ci")
    ap.add_argument("--device", help="substring of platform/device name")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--no-check", action="store_true")
    ap.add_argument("--reuse-host", action="store_true",
                    help="read results into host arrays kept across repeats (no page faults)")
    ap.add_argument("--json", help="append one JSON record per benchmark to this file")
    args = ap.parse_args(argv)

    names = args.names or [n for n, b in REGISTRY.items()
                           if args.suite is None or b.suite == args.suite]
    dev = pick_device(args.device)
    ctx = cl.Context([dev])
    queue = cl.CommandQueue(ctx)
    failed = 0
    for name in names:
        bench = REGISTRY[name]
        if args.size not in bench.sizes:
            print(f"SKIP {bench.name} (no size {args.size})", flush=True)
            continue
        t0 = time.perf_counter()
        bench.build(ctx)
        t_build = time.perf_counter() - t0
        inp = bench.inputs(args.size, args.seed)
        times = []
        out = {}
        pool = HostPool()
        for _ in range(max(1, args.repeat)):
            with reuse_host_outputs(pool) if args.reuse_host else nullcontext():
                t0 = time.perf_counter()
                out = bench.execute(queue, inp)
                times.append(time.perf_counter() - t0)
        ok, msg = True, "not checked"
        if not args.no_check:
            ok, msg = bench.check(out, bench.reference(inp))
        failed += not ok
        print(f"{'PASS' if ok else 'FAIL'} {bench.name} {min(times):.6f} {dev.name.strip()}"
              + ("" if ok else f" {msg}"), flush=True)
        if args.json:
            rec = {"name": bench.name, "suite": bench.suite, "size": args.size,
                   "params": bench.sizes[args.size], "device": dev.name.strip(),
                   "platform": dev.platform.name, "ok": ok, "check": msg,
                   "times_s": times, "build_s": t_build, "reuse_host": args.reuse_host}
            with open(args.json, "a") as f:
                f.write(json.dumps(rec, default=str) + "\n")
        del inp, out
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
