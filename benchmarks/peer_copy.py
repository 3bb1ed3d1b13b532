"""Device-to-device copy speeds between GPUs of one platform, in one shared context.

skmd moves a helper's data home -> host -> helper when devices sit in separate
contexts.  Devices of one platform can share a context instead; this measures what
the driver then does for a whole-buffer and a partial copy from a buffer last
written on device A into a buffer used on device B, and for an explicit
migration, next to the two-hop path through page-locked host memory.

    python benchmarks/peer_copy.py [--mib 512]
"""
from __future__ import annotations

import argparse
import time

import numpy as np
from timing import best_of


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--mib", type=int, default=512)
    ns = ap.parse_args()
    import pyopencl as cl

    n = ns.mib << 20
    groups: dict[str, list] = {}
    for p in cl.get_platforms():
        devs = p.get_devices()
        if len(devs) >= 2:
            groups[p.name] = devs
    if not groups:
        print("no platform with two or more devices")
        return
    for pname, devs in groups.items():
        a, b = devs[0], devs[1]
        print(f"platform {pname}: {a.name} -> {b.name}, {ns.mib} MiB")
        ctx = cl.Context([a, b])
        qa, qb = cl.CommandQueue(ctx, a), cl.CommandQueue(ctx, b)
        src = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, n)
        dst = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, n)
        host = np.arange(n // 4, dtype=np.uint32)
        prg = cl.Program(ctx, "__kernel void touch(__global uint *x)"
                         "{ size_t i = get_global_id(0); x[i] = x[i] + 1u; }").build()
        touch = cl.Kernel(prg, "touch")

        def dirty_on_a():
            touch(qa, (n // 4,), None, src)
            qa.finish()

        def copy(frac: float):
            def run():
                dirty_on_a()
                t = time.perf_counter()
                cl.enqueue_copy(qb, dst, src, byte_count=int(n * frac))
                qb.finish()
                run.t = time.perf_counter() - t
            return run

        def migrate():
            dirty_on_a()
            t = time.perf_counter()
            cl.enqueue_migrate_mem_objects(qb, [src])
            qb.finish()
            migrate.t = time.perf_counter() - t

        def kernel_on_b():
            dirty_on_a()
            t = time.perf_counter()
            touch(qb, (n // 4,), None, src)
            qb.finish()
            kernel_on_b.t = time.perf_counter() - t

        cl.enqueue_copy(qa, src, host)
        qa.finish()
        for label, fn, nbytes in (("copy whole", copy(1.0), n),
                                  ("copy half", copy(0.5), n // 2),
                                  ("migrate", migrate, n),
                                  ("kernel on B after A", kernel_on_b, n)):
            best = float("inf")
            for _ in range(3):
                fn()
                best = min(best, fn.t)
            print(f"  {label:22} {best * 1e3:8.2f} ms  {nbytes / best / 1e9:7.1f} GB/s")
        # correctness of the shared-context copy
        copy(1.0)()
        out = np.empty_like(host)
        cl.enqueue_copy(qb, out, dst)
        check = np.empty_like(host)
        cl.enqueue_copy(qa, check, src)
        print("  copy correct:", bool(np.array_equal(out, check)))
        # two hops through pinned host memory, separate contexts
        ca, cb = cl.Context([a]), cl.Context([b])
        pa, pb = cl.CommandQueue(ca), cl.CommandQueue(cb)
        ba = cl.Buffer(ca, cl.mem_flags.READ_WRITE, n)
        bb = cl.Buffer(cb, cl.mem_flags.READ_WRITE, n)
        pin = cl.Buffer(ca, cl.mem_flags.READ_WRITE | cl.mem_flags.ALLOC_HOST_PTR, n)
        arr, _ = cl.enqueue_map_buffer(pa, pin, cl.map_flags.READ | cl.map_flags.WRITE,
                                       0, (n,), np.uint8)

        def two_hops():
            cl.enqueue_copy(pa, arr, ba)
            cl.enqueue_copy(pb, bb, arr)
            pb.finish()
        t = best_of(two_hops)
        print(f"  {'two hops, pinned':22} {t * 1e3:8.2f} ms  {n / t / 1e9:7.1f} GB/s")


if __name__ == "__main__":
    main()
