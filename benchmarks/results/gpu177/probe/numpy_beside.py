"""What slows a NumPy loop that allocates and frees large temporaries (the unseen
suite's stencil check) in a process where skmd runs: one child process per way, in
turns, each timing the same check and counting the host's TLB shootdowns
(``/proc/interrupts``) over it.

    python numpy_beside.py [--rounds 3] [--n 2048] [--sweeps 100]

Ways: ``numpy`` (nothing else in the process); ``threads`` (24 idle Python threads
that each ran briefly first, as skmd's and the drivers' do); ``drivers`` (a GPU
context and a PoCL CPU context made, a kernel run on each, as under skmd, without
it); ``skmd`` (``skmd.install()``, a context, a launch and a 64 MiB read back);
each again with glibc told never to give memory back (``keep``:
``MALLOC_MMAP_THRESHOLD_`` and ``MALLOC_TRIM_THRESHOLD_`` at 1 GiB).
"""
import argparse, json, os, statistics, subprocess, sys, time

CHILD = r'''
import json, os, sys, threading, time
import numpy as np
way, n, sweeps = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
def shootdowns():
    with open("/proc/interrupts") as f:
        for ln in f:
            if ln.strip().startswith("TLB:"):
                return sum(int(x) for x in ln.split()[1:] if x.isdigit())
    return -1
keep = []
if way == "threads":
    go = threading.Event()
    def idle():
        t = time.perf_counter()
        while time.perf_counter() - t < 0.005: pass
        go.wait()
    keep = [threading.Thread(target=idle, daemon=True) for _ in range(24)]
    [t.start() for t in keep]; time.sleep(0.2)
if way in ("drivers", "skmd"):
    if way == "skmd":
        import skmd; skmd.install()
    import pyopencl as cl
    src = "__kernel void k(__global float *a){a[get_global_id(0)] += 1;}"
    if way == "skmd":
        ctxs = [cl.create_some_context(interactive=False)]
    else:
        ctxs = []
        for p in cl.get_platforms():
            for d in p.get_devices():
                ctxs.append(cl.Context([d]))
    for ctx in ctxs:
        q = cl.CommandQueue(ctx)
        a = np.zeros(16 << 20, np.float32)
        b = cl.Buffer(ctx, cl.mem_flags.READ_WRITE | cl.mem_flags.COPY_HOST_PTR, hostbuf=a)
        prg = cl.Program(ctx, src).build()
        prg.k(q, (a.size,), None, b)
        cl.enqueue_copy(q, a, b); q.finish()
        keep.append((ctx, q, b, prg))
grid = np.zeros((n, n), np.float32); grid[0, :] = 1
s0, c0, t0 = shootdowns(), time.process_time(), time.perf_counter()
want = grid.copy()
for _ in range(sweeps):
    nxt = want.copy()
    nxt[1:-1, 1:-1] = np.float32(0.25) * (want[1:-1, :-2] + want[1:-1, 2:] + want[:-2, 1:-1] + want[2:, 1:-1])
    want = nxt
t1, c1, s1 = time.perf_counter(), time.process_time(), shootdowns()
print(json.dumps({"s": t1 - t0, "cpu": c1 - c0, "tlb": s1 - s0, "threads": threading.active_count(),
                  "os_threads": len(os.listdir("/proc/self/task"))}))
'''

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--n", type=int, default=2048)
    ap.add_argument("--sweeps", type=int, default=100)
    a = ap.parse_args()
    ways = ["numpy", "threads", "drivers", "skmd"]
    keep_env = {"MALLOC_MMAP_THRESHOLD_": str(1 << 30), "MALLOC_TRIM_THRESHOLD_": str(1 << 30)}
    got = {}
    for r in range(a.rounds):
        order = [(w, k) for w in ways for k in (False, True)]
        if r % 2:
            order.reverse()
        for w, k in order:
            env = dict(os.environ, **(keep_env if k else {}))
            out = subprocess.run([sys.executable, "-c", CHILD, w, str(a.n), str(a.sweeps)],
                                 env=env, capture_output=True, text=True, timeout=120)
            name = w + ("+keep" if k else "")
            try:
                rec = json.loads(out.stdout.strip().splitlines()[-1])
            except Exception:
                print(name, "failed:", out.stderr[-400:], file=sys.stderr)
                continue
            got.setdefault(name, []).append(rec)
            print(r, name, rec, flush=True)
    print("\nway            check s (median)  cpu s   TLB shootdowns  OS threads")
    for name, recs in got.items():
        med = lambda k: statistics.median(x[k] for x in recs)
        print(f"{name:14s} {med('s'):8.3f}        {med('cpu'):6.3f}  {med('tlb'):14.0f}  {med('os_threads'):6.0f}")

main()
