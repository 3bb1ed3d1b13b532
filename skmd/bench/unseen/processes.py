"""``skmd bench --suite unseen``: whole processes, plain python against ``skmd run``.

Every program runs as a process of its own, as a user starts it: ``python prog.py
SIZE`` (plain) and ``python -m skmd run prog.py SIZE``.  An untimed plain run first
checks the program and fills pyopencl's compiler cache (which every later run,
plain or not, finds warm).  Then each round runs it plain, under skmd with a fresh,
empty profile store (``SKMD_PROFILE_DIR``: what a new user's first run meets) and
under skmd again with the store that run left (the second run), the plain run
first in odd rounds and last in even ones, so that drift does not favour one kind.
A run that exits non-zero (the program's own NumPy check failed, or it crashed)
makes the program FAIL; its times are not reported.

Each program writes the host time of its launches (launch plus ``finish``) to the
file named by ``UNSEEN_LAUNCH_LOG``; :mod:`skmd.bench.unseen.figures` pairs them
launch by launch.
"""
from __future__ import annotations

import argparse
import datetime as _dt
import json
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from types import SimpleNamespace
from typing import Any, NamedTuple, Sequence

from skmd.bench.unseen import PROGRAMS, program_path
from skmd.bench.unseen.figures import RUNS, ProgramResult, UnseenReport, phases_of

#: a run taking longer than this is stopped and its program FAILs
DEFAULT_RUN_LIMIT_S = 900.0


def _skmd_root() -> str:
    """The folder holding the ``skmd`` package, for the child's ``PYTHONPATH``."""
    import skmd
    return os.path.dirname(os.path.dirname(os.path.abspath(skmd.__file__)))


def run_order(rnd: int) -> tuple[str, ...]:
    """Round ``rnd`` (from 1): plain first in odd rounds, last in even ones; the
    first skmd run always before the second, which uses its store."""
    return RUNS if rnd % 2 else RUNS[1:] + RUNS[:1]


def command_of(kind: str, path: str, size: str) -> list[str]:
    """The command line of one run."""
    if kind == "plain":
        return [sys.executable, path, size]
    return [sys.executable, "-m", "skmd", "run", path, size]


class Run(NamedTuple):
    """What one process measured."""
    seconds: float
    labels: list[str]
    launch_s: list[float]
    #: its exit status and last lines, or None when it ran and checked correct
    error: str | None
    #: phase -> seconds (:func:`skmd.bench.unseen.figures.phases_of`)
    phases: dict[str, float]


def run_once(kind: str, path: str, size: str, store: str | None, limit_s: float,
             plain_ctx: str | None = None) -> Run:
    """One process of ``kind``.  ``plain_ctx``: the plain run's ``PYOPENCL_CTX``
    (skmd's runs see their one virtual device whatever it is)."""
    env = dict(os.environ)
    # a crash (plain or not) names where it happened: Python's stacks on stderr
    env.setdefault("PYTHONFAULTHANDLER", "1")
    if kind == "plain" and plain_ctx:
        env["PYOPENCL_CTX"] = plain_ctx
    fd, log = tempfile.mkstemp(prefix="skmd-unseen-launches-", suffix=".json")
    os.close(fd)
    env["UNSEEN_LAUNCH_LOG"] = log
    if kind != "plain":
        env["PYTHONPATH"] = os.pathsep.join(
            p for p in (_skmd_root(), env.get("PYTHONPATH")) if p)
        env["SKMD_PROFILE_DIR"] = store or ""
    try:
        spawned, t0 = time.time(), time.perf_counter()
        try:
            proc = subprocess.run(command_of(kind, path, size), env=env,
                                  stdin=subprocess.DEVNULL, capture_output=True,
                                  text=True, timeout=limit_s)
        except subprocess.TimeoutExpired:
            return Run(limit_s, [], [], f"still running after {limit_s:g} s: stopped", {})
        elapsed, gone = time.perf_counter() - t0, time.time()
        if proc.returncode != 0:
            return Run(elapsed, [], [], failure(proc.returncode, proc.stderr or proc.stdout),
                       {})
        try:
            with open(log, encoding="utf-8") as fh:
                found = json.load(fh)
        except (OSError, ValueError):
            found = {}
        pairs = found.get("launches", [])
        return Run(elapsed, [str(p[0]) for p in pairs], [float(p[1]) for p in pairs], None,
                   phases_of(spawned, gone, found.get("stamps", {})))
    finally:
        os.unlink(log)


def failure(status: int, text: str) -> str:
    """What a failed run's message says: its exit status and last three lines, or,
    for a crash, the fault and the innermost frames of the thread it hit (what
    ``PYTHONFAULTHANDLER`` printed), which the last lines would not show."""
    lines = [ln.strip() for ln in text.strip().splitlines() if ln.strip()]
    fatal = next((i for i, ln in enumerate(lines) if ln.startswith("Fatal Python error")),
                 None)
    if status < 0 and fatal is not None:
        stack = [ln for ln in lines[fatal + 1:] if ln.startswith("File ")]
        shown = [lines[fatal], *stack[:3]]
    else:
        shown = lines[-3:]
    return f"exit status {status}: " + " | ".join(shown)


def bench_program(name: str, size: str, repeat: int, limit_s: float,
                  deadline: float | None = None, plain_ctx: str | None = None
                  ) -> ProgramResult:
    """The warm-up run and ``repeat`` rounds of one program (fewer at the deadline)."""
    res = ProgramResult(name=name, size=size)
    path = program_path(name)
    err = run_once("plain", path, size, None, limit_s, plain_ctx).error
    if err is not None:
        res.ok, res.message = False, f"plain warm-up run: {err}"
        return res
    last_round_s = 0.0
    for rnd in range(1, repeat + 1):
        started = time.perf_counter()
        if deadline is not None and started + last_round_s > deadline:
            if rnd == 1:
                res.skipped = "time limit reached before its first round"
            break
        store = tempfile.mkdtemp(prefix="skmd-unseen-store-")
        try:
            for kind in run_order(rnd):
                run = run_once(kind, path, size, store, limit_s, plain_ctx)
                if run.error is not None:
                    res.ok, res.message = False, f"{kind} run, round {rnd}: {run.error}"
                    return res
                res.times_s[kind].append(run.seconds)
                res.launch_labels[kind] = run.labels
                res.launch_s[kind].append(run.launch_s)
                res.phases_s[kind].append(run.phases)
        finally:
            shutil.rmtree(store, ignore_errors=True)
        res.rounds = rnd
        last_round_s = time.perf_counter() - started
    return res


def machine_of() -> tuple[dict, str | None]:
    """The machine, as the other suites describe it (devices as skmd finds them), and
    the ``PYOPENCL_CTX`` that gives plain runs skmd's home device (the fastest): the
    baseline is the best single device, whichever platform the machine lists first."""
    from skmd.bench.machine import machine_info
    from skmd.runtime.devices import choose_home, discover
    devices, _ = discover()
    home = choose_home(devices, os.environ.get("SKMD_HOME")) if devices else None
    info = machine_info(SimpleNamespace(
        devices=devices, home=home if home is not None else SimpleNamespace(label="–")))
    return info, None if home is None else ctx_of(home.device)


def ctx_of(device: object) -> str | None:
    """``"P:D"`` of ``device`` among the real platforms (``PYOPENCL_CTX`` form)."""
    import pyopencl as cl
    for pi, plat in enumerate(cl._cl.get_platforms()):
        for di, dev in enumerate(plat.get_devices()):
            if dev.int_ptr == device.int_ptr:  # type: ignore[attr-defined]
                return f"{pi}:{di}"
    return None


def run_unseen(names: Sequence[str] | None = None, size: str = "ci", repeat: int = 3, *,
               command: str = "", time_limit: float | None = None,
               run_limit_s: float = DEFAULT_RUN_LIMIT_S, progress: bool = False
               ) -> UnseenReport:
    """Run the suite (``names``: a subset of :data:`PROGRAMS`); see the module doc."""
    chosen = [n.strip().lower() for n in names] if names else list(PROGRAMS)
    for n in chosen:
        program_path(n)  # unknown names fail before anything runs
    if time_limit is not None and not time_limit > 0:
        raise ValueError(f"--time-limit must be a positive number of seconds, not {time_limit:g}")
    repeat = max(1, int(repeat))
    started = time.perf_counter()
    deadline = None if time_limit is None else started + time_limit
    machine, plain_ctx = machine_of()
    if plain_ctx is not None and not os.environ.get("PYOPENCL_CTX"):
        machine["plain_ctx"] = plain_ctx
    report = UnseenReport(machine=machine, size=size, repeat=repeat, command=command,
                          date=_dt.datetime.now().astimezone().isoformat(timespec="seconds"))
    from skmd.bench.machine import Ticker
    ticker = Ticker(progress, len(chosen))
    try:
        for name in dict.fromkeys(chosen):
            ticker.describe(f"{name} ({repeat} rounds)")
            if deadline is not None and time.perf_counter() >= deadline:
                report.programs.append(ProgramResult(
                    name, size, skipped="not run: time limit reached"))
            else:
                report.programs.append(bench_program(name, size, repeat, run_limit_s,
                                                     deadline, machine.get("plain_ctx")))
            ticker.advance()
    finally:
        ticker.close()
    short = [f"{p.name} {p.rounds}" for p in report.programs
             if p.ok and p.skipped is None and p.rounds < repeat]
    if short:
        report.notes.append(f"time limit: rounds run of {repeat}: " + ", ".join(short))
    if machine.get("plain_ctx"):
        report.notes.append(f"plain runs: PYOPENCL_CTX={machine['plain_ctx']} "
                            f"(skmd's home device, {machine.get('home')})")
    if repeat < 6:
        report.notes.append("95 % confidence intervals need 6 rounds or more (--repeat)")
    report.elapsed_s = time.perf_counter() - started
    return report


def refused_flags(ns: argparse.Namespace, err: Any) -> bool:
    """Whether ``ns`` gives options the unseen suite has no use for (said on ``err``)."""
    unused = [flag for flag, attr in (("--policy", "policy"), ("--variant", "variant"),
                                      ("--plot", "plot"))
              if getattr(ns, attr, None)]
    if unused:
        err.print(f"skmd bench: {', '.join(unused)} do not apply to the unseen suite")
    return bool(unused)


def unseen_main(ns: argparse.Namespace) -> int:
    """``skmd bench --suite unseen``: 0 when every run was correct, 1 otherwise,
    2 on bad use."""
    from rich.console import Console

    from skmd.bench.tables import write_json
    from skmd.bench.unseen.table import render_unseen
    err = Console(stderr=True, highlight=False)
    if refused_flags(ns, err):
        return 2
    try:
        report = run_unseen(getattr(ns, "only", None), size=getattr(ns, "size", "ci"),
                            repeat=getattr(ns, "repeat", 3),
                            time_limit=getattr(ns, "time_limit", None),
                            run_limit_s=getattr(ns, "max_seconds", None) or DEFAULT_RUN_LIMIT_S,
                            progress=getattr(ns, "progress", True),
                            command="skmd " + " ".join(map(shlex.quote, sys.argv[1:])))
    except (KeyError, ValueError) as exc:
        err.print(f"skmd bench: {exc.args[0] if exc.args else exc}")
        return 2
    render_unseen(report)
    if getattr(ns, "json", None):
        write_json(report, ns.json)
        err.print(f"wrote {ns.json}")
    return 0 if report.all_ok else 1
