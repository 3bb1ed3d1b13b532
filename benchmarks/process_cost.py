"""Where a short program's extra whole-process time under skmd goes.

Runs one user-style program (``skmd/bench/unseen/programs/``) as whole processes in
several ways, round-robin (the order reversed every other round), and prints each
way's median seconds and its median extra over plain in the same round with a 95 %
confidence interval::

    python benchmarks/process_cost.py [--program one_launch] [--rounds 12] [--json F]

ways:
  plain     ``python prog.py`` on the home device (``PYOPENCL_CTX``)
  runpy     the same through ``runpy`` (as the ways below start the program)
  import    the same, with skmd's runtime modules imported first (import cost alone)
  home      ``skmd.install()`` with ``SKMD_DEVICES`` = the home device, then the program
  install   ``skmd.install()`` over every device, then the program (no CLI)
  run       ``python -m skmd run prog.py`` (what a user types)
  run@old   the same with skmd from ``--old DIR`` (another checkout: before / after)

Every skmd way reuses its own profile store, filled by one untimed run first (a
second run's regime); ``--first`` gives every run a fresh, empty store instead.
"""
from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from timing import extra_ms, write_json  # noqa: E402
from skmd.bench.unseen import program_path  # noqa: E402

IMPORTS = "import skmd.runtime.core, skmd.shim.patch, skmd.predict.store"


def _snippet(prog: str, pre: str) -> str:
    return (f"import runpy, sys; {pre}; sys.argv = [{prog!r}, *sys.argv[1:]]; "
            f"runpy.run_path({prog!r}, run_name='__main__')")


def ways(prog: str, plain_ctx: str, home: str) -> dict[str, tuple[list[str], dict[str, str]]]:
    py = sys.executable
    return {
        "plain": ([py, prog], {"PYOPENCL_CTX": plain_ctx}),
        "runpy": ([py, "-c", _snippet(prog, "pass")], {"PYOPENCL_CTX": plain_ctx}),
        "import": ([py, "-c", _snippet(prog, IMPORTS)], {"PYOPENCL_CTX": plain_ctx}),
        "home": ([py, "-c", _snippet(prog, "import skmd; skmd.install()")],
                 {"SKMD_DEVICES": home}),
        "install": ([py, "-c", _snippet(prog, "import skmd; skmd.install()")], {}),
        "run": ([py, "-m", "skmd", "run", prog], {}),
    }


def _home() -> tuple[str, str]:
    """skmd's home device label and the plain run's ``PYOPENCL_CTX`` for it."""
    import pyopencl as cl
    from skmd.runtime.devices import choose_home, discover
    devs, _ = discover()
    home = choose_home(devs, os.environ.get("SKMD_HOME"))
    for pi, plat in enumerate(cl.get_platforms()):
        for di, d in enumerate(plat.get_devices()):
            if d.int_ptr == home.device.int_ptr:
                return home.label, f"{pi}:{di}"
    return home.label, "0:0"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--program", default="one_launch")
    ap.add_argument("--rounds", type=int, default=12)
    ap.add_argument("--size", default="ci", help="the program's size (ci or paper)")
    ap.add_argument("--first", action="store_true", help="a fresh store for every run")
    ap.add_argument("--only", default=None, help="comma-separated ways (plain is kept)")
    ap.add_argument("--old", default=None, metavar="DIR",
                    help="also run skmd from this checkout (way run@old)")
    ap.add_argument("--json", default=None)
    ns = ap.parse_args()
    prog = program_path(ns.program)
    home, plain_ctx = _home()
    table = ways(prog, plain_ctx, home)
    if ns.old:
        table["run@old"] = (table["run"][0], {"PYTHONPATH": os.pathsep.join(
            p for p in (os.path.abspath(ns.old), os.environ.get("PYTHONPATH")) if p)})
    if ns.only:
        keep = {"plain", "run@old", *ns.only.split(",")}
        table = {k: v for k, v in table.items() if k in keep}
    base = dict(os.environ, PYTHONPATH=os.pathsep.join(
        p for p in (ROOT, os.environ.get("PYTHONPATH")) if p))
    base["UNSEEN_SIZE"] = ns.size
    tmp = tempfile.mkdtemp(prefix="skmd-process-cost-")
    stores = {k: os.path.join(tmp, k) for k in table}

    def once(name: str) -> float:
        cmd, extra = table[name]
        env = dict(base, **extra)
        if name != "plain":
            env["SKMD_PROFILE_DIR"] = (tempfile.mkdtemp(dir=tmp) if ns.first
                                       else stores[name])
        t = time.perf_counter()
        subprocess.run(cmd + [ns.size], env=env, stdin=subprocess.DEVNULL, check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                       cwd=os.path.dirname(prog))
        return time.perf_counter() - t

    try:
        for name in table:  # untimed: caches warm, each store filled
            once(name)
        times: dict[str, list[float]] = {k: [] for k in table}
        for r in range(ns.rounds):
            order = list(table) if r % 2 == 0 else list(reversed(table))
            for name in order:
                times[name].append(once(name))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    plain = times["plain"]
    print(f"{ns.program} ({ns.size}), {ns.rounds} rounds, home {home} "
          f"(plain: PYOPENCL_CTX={plain_ctx})")
    print(f"{'way':<8} {'median s':>9} {'extra ms':>9}  95 % CI of the extra")
    out = {"program": ns.program, "size": ns.size, "rounds": ns.rounds, "home": home,
           "first": ns.first, "times_s": times, "extra_ms": {}}
    for name, ts in times.items():
        med = sorted(ts)[len(ts) // 2]
        mid, ci, ci_text = extra_ms(ts, plain)
        print(f"{name:<8} {med:9.3f} {mid:+9.1f}  {ci_text}")
        out["extra_ms"][name] = {"median": mid, "ci95": ci}
    write_json(ns.json, out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
