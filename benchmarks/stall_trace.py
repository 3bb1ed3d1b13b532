"""Where a program's thread stands during its longest stalls under skmd, and what
skmd's other threads run meanwhile.

Runs one unseen program in this process under ``skmd run`` (an empty profile store
unless ``SKMD_PROFILE_DIR`` says otherwise) while a sampler thread records every
thread's innermost frames each ``--every-us``; a stall is a run of samples in which the
program's thread stays on one line for longer than ``--min-ms``.  Prints the longest
stalls: the program's line, then the other threads' most frequent lines meanwhile::

    python benchmarks/stall_trace.py elementwise [--size paper] [--min-ms 2]

The sampler takes the interpreter's lock at each sample, so it slows what it watches
a little; its figures say where, not how much.
"""
from __future__ import annotations

import argparse
import collections
import os
import sys
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
from skmd.bench.unseen import PROGRAM_DIR as PROGRAMS, PROGRAMS as NAMES  # noqa: E402


#: innermost functions of a thread that waits for work
IDLE = {"_work", "_worker", "wait", "get", "select", "_wait_for_tstate_lock", "sleep"}


def where(frame, depth: int = 3) -> str:
    parts = []
    while frame is not None and len(parts) < depth:
        parts.append(f"{os.path.basename(frame.f_code.co_filename)}:{frame.f_lineno}"
                     f" {frame.f_code.co_name}")
        frame = frame.f_back
    return " < ".join(parts)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("program", choices=NAMES)
    ap.add_argument("--size", choices=("ci", "paper"), default="paper")
    ap.add_argument("--min-ms", type=float, default=2.0)
    ap.add_argument("--every-us", type=float, default=200.0)
    ap.add_argument("--most", type=int, default=6)
    ns = ap.parse_args()
    main_id = threading.get_ident()
    samples: list[tuple[float, str, dict[str, str]]] = []
    stop = threading.Event()

    def sample() -> None:
        me = threading.get_ident()
        while not stop.is_set():
            names = {t.ident: t.name for t in threading.enumerate()}
            frames = sys._current_frames()
            mine = frames.get(main_id)
            others = {names.get(i, "?"): where(f, 2) for i, f in frames.items()
                      if i not in (me, main_id)}
            samples.append((time.perf_counter(), where(mine) if mine else "?", others))
            time.sleep(ns.every_us * 1e-6)

    threading.Thread(target=sample, daemon=True, name="stall-sampler").start()
    from skmd import cli
    try:
        code = cli.main(["run", os.path.join(PROGRAMS, ns.program + ".py"), ns.size])
    finally:
        stop.set()
    stalls = []
    i = 0
    while i < len(samples):
        j = i
        while j + 1 < len(samples) and samples[j + 1][1] == samples[i][1]:
            j += 1
        if samples[j][0] - samples[i][0] >= ns.min_ms * 1e-3:
            stalls.append((samples[j][0] - samples[i][0], i, j))
        i = j + 1
    stalls.sort(reverse=True)
    t0 = samples[0][0] if samples else 0.0
    print(f"{len(samples)} samples; stalls of the program's thread over {ns.min_ms:g} ms: "
          f"{len(stalls)}")
    for dur, i, j in stalls[:ns.most]:
        print(f"\n{1e3 * dur:.1f} ms at {samples[i][0] - t0:.3f} s: {samples[i][1]}")
        seen = collections.Counter((n, w) for _, _, o in samples[i:j + 1] for n, w in o.items()
                                   if w.split(" < ")[0].rpartition(" ")[2] not in IDLE)
        for (n, w), k in seen.most_common(5):
            print(f"  {k:4d} x {n}: {w}")
    return code


if __name__ == "__main__":
    raise SystemExit(main())
