"""Where one unseen program's timed launches spend their time, plain or under skmd.

Runs a program of ``skmd/bench/unseen/programs`` in this process, as ``python prog.py``
would (``--way plain``) or after ``skmd.install()`` (``--way skmd``), with Python's
profiler switched on only inside its timed sections (a launch and the ``finish``
after it).  For the first ``--first`` sections and the ``--slowest`` slowest ones it
prints the section's time and the functions that took most of it, so a launch that
is slower under skmd shows what skmd did in it::

    SKMD_PROFILE_DIR=S python benchmarks/section_profile.py scan --way skmd
    python benchmarks/section_profile.py scan --way plain

Run twice on one store for a second run.  The profiler slows Python code down, so
its figures place time; they do not measure it (the unseen suite does).
"""
from __future__ import annotations

import argparse
import cProfile
import io
import os
import pstats
import runpy
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("program", help="an unseen program's name, e.g. scan")
    ap.add_argument("--way", choices=("plain", "skmd"), default="skmd")
    ap.add_argument("--size", choices=("ci", "paper"), default="paper")
    ap.add_argument("--first", type=int, default=3, help="sections shown from the start")
    ap.add_argument("--slowest", type=int, default=2, help="slowest sections shown")
    ap.add_argument("--lines", type=int, default=18, help="functions shown per section")
    ns = ap.parse_args()
    from skmd.bench.unseen import PROGRAM_DIR, program_path
    path = program_path(ns.program)
    if ns.way == "skmd":
        import skmd
        skmd.install()
    sys.path.insert(0, PROGRAM_DIR)
    import launchlog
    sections: list[tuple[str, float, cProfile.Profile]] = []
    enter, leave = launchlog.timed.__enter__, launchlog.timed.__exit__

    def profiled_enter(self):
        self._prof = cProfile.Profile()
        self._prof.enable()
        self._t = time.perf_counter()
        return enter(self)

    def profiled_leave(self, *exc):
        out = leave(self, *exc)
        took = time.perf_counter() - self._t
        self._prof.disable()
        sections.append((self.label, took, self._prof))
        return out

    launchlog.timed.__enter__, launchlog.timed.__exit__ = profiled_enter, profiled_leave
    sys.argv = [path, ns.size]
    t0 = time.perf_counter()
    runpy.run_path(path, run_name="__main__")
    print(f"{ns.program} ({ns.way}, {ns.size}): {len(sections)} sections, "
          f"{time.perf_counter() - t0:.3f} s from start to end")
    chosen = list(range(min(ns.first, len(sections))))
    chosen += [i for i in sorted(range(len(sections)), key=lambda i: -sections[i][1])
               if i not in chosen][:ns.slowest]
    for i in chosen:
        label, took, prof = sections[i]
        print(f"\n== section {i + 1} {label}: {1e3 * took:.3f} ms (with the profiler on)")
        print(f"{'calls':>7} {'own us':>9} {'with callees us':>16}  function")
        for line in _top(prof, ns.lines):
            print(line)
    return 0


def _top(prof: cProfile.Profile, n: int) -> list[str]:
    """The ``n`` functions with most time including their callees, in microseconds."""
    stats = pstats.Stats(prof, stream=io.StringIO()).stats  # type: ignore[attr-defined]
    rows = sorted(stats.items(), key=lambda kv: -kv[1][3])[:n]
    out = []
    for (path, line, func), (_, calls, own, total, _) in rows:
        where = f"{os.path.relpath(path, ROOT) if path.startswith('/') else path}:{line}"
        out.append(f"{calls:7d} {own * 1e6:9.0f} {total * 1e6:16.0f}  {func} ({where})")
    return out


if __name__ == "__main__":
    raise SystemExit(main())
