"""``skmd bench``: every benchmark program under every split policy, side by side.

One process, skmd installed once, one context on the virtual device.  For each
selected benchmark the program is built once and its inputs and NumPy reference
are made once; then every *configuration* runs ``execute`` (host data in, kernels,
results back on the host) once untimed and ``repeat`` times timed, the
configurations interleaved round-robin so that drift (thermal, other load) hits
them all alike, forwards and backwards by turns so that neither the place in a
round nor the run before favours one of them.  Every run's outputs are checked;
a wrong result is a FAIL for its configuration and is never reported as a time.  Garbage is collected before each
run, so a collection's buffer releases never land inside another run's timing.

``max_seconds`` keeps slow devices from taking minutes: the untimed warm-up round
runs the smallest helper shares first, and a configuration whose shares, scaled up
from the kernel time a smaller share measured, would run past it is left out before
its first run (so is any configuration after one of its runs took longer).  A
helper no smaller share has measured (the CPU beside a GPU, which skmd itself gives
nothing) first runs a probe, a static split with :data:`PROBE_SHARE` of the
work-groups on it (more where that is not one work-group): checked like every run,
reported as a split point, never timed.

``time_limit`` bounds the whole run: no round starts that the previous round's
duration says would end past it, so a run given a fixed slot keeps the rounds it
finished (each benchmark notes how many) instead of losing everything to a kill.

Configurations
    ``single:<label>``  everything on one device, transfers included: the home
                        device (which holds the buffers) with every launch whole
                        (``mode="inorder"``, as without skmd), any other with
                        ``policy="static"`` and its fraction 1.0.  The best of
                        these is the baseline every speedup is relative to.
    ``linear``          split by throughput, no transfer cost.
    ``skmd``            ``policy="hill"`` (thesis Algorithm 1).
    ``even``            equal shares.
    ``single``          skmd's own pick of the predicted best device (only when asked).
    ``oracle``          a sweep of static splits (2 devices: 0, 1/steps, ..., 1;
                        3+: a simplex grid bounded to :data:`MAX_ORACLE_POINTS`
                        points), best measured wins.  The corners off home are
                        the single-device configurations; the single devices
                        are candidates too, so the oracle is never slower than
                        the fastest single device.
    ``inorder``/``coarse``/``mkmd``  (MKMD suite) the modes, policy ``hill``;
                        a mode the runtime does not implement is reported skipped.
    variants            (``--variant NAME:SETTING=VALUE``) ``skmd`` (``mkmd`` in the
                        MKMD suite) with settings changed, e.g. ``online=0``; each
                        reports its time over its base's, round by round (what
                        the default settings gain).  What the runtime learns is
                        kept per setting, so a variant never uses the base's.

Results are plain data (:mod:`skmd.bench.results`); tables, JSON and the picture
are made from them (:mod:`skmd.bench.tables`).

Python use::

    from skmd.bench.runner import run_bench
    report = run_bench(["vectoradd"], size="ci", repeat=3, oracle_steps=10)
    report.all_ok, report.benchmarks[0].configs["skmd"].speedup
"""
from __future__ import annotations

import argparse
import datetime as _dt
import gc
import shlex
import statistics
import sys
import time
from typing import Any, Iterable, Sequence

from skmd.bench.results import BenchReport, BenchResult, ConfigResult, set_speedups
from skmd.bench.configs import (PROBE_SHARE, Config, fraction_key, normalise_policies,
                                parse_variant, plan_configs, round_order)
from skmd.bench.machine import Ticker, machine_info
from skmd.bench.run_stats import busy_of, distribution_of, full_run_estimate
from skmd.bench.tables import render_tables, write_json, write_plot

# -- running ---------------------------------------------------------------------------
def select_benchmarks(names: Iterable[str] | None, suite: str = "all") -> list[str]:
    """Registry names for ``--only``/``--suite`` (case-insensitive, suite order kept)."""
    from skmd.bench import programs
    registry = programs.REGISTRY
    order = list(programs.SKMD_SUITE) + list(programs.MKMD_SUITE)
    if names:
        wanted = []
        for n in names:
            k = n.strip().lower()
            if k not in registry:
                raise KeyError(f"unknown benchmark {n!r}; have {', '.join(order)}")
            if k not in wanted:
                wanted.append(k)
        chosen = wanted
    else:
        chosen = order
    if suite != "all":
        chosen = [k for k in chosen if registry[k].suite == suite]
    return chosen


def _run_one(bench: Any, queue: Any, inputs: Any, reference: Any, cfg: Config,
             res: ConfigResult, rt: Any, timed: bool,
             estimates: dict[str, float] | None = None) -> float | None:
    """Run once, check, and (when ``timed``) keep the time; returns the seconds taken."""
    from skmd import config
    gc.collect()  # the previous run's buffers are released here, not in this timing
    n0 = len(rt.records)
    try:
        with config.override(**cfg.settings):
            t0 = time.perf_counter()
            out = bench.execute(queue, inputs)
            elapsed = time.perf_counter() - t0
    except Exception as exc:
        res.runs += 1
        res.failures += 1
        res.ok = False
        res.message = f"execute raised {type(exc).__name__}: {exc}"
        return None
    res.runs += 1
    recs = rt.records[n0:] if len(rt.records) >= n0 else []
    groups, launches, split, reasons = distribution_of(recs, rt.home.label)
    busy = busy_of(recs, elapsed)
    if estimates is not None:
        for dev, t in full_run_estimate(recs, rt.home.label).items():
            # the most hopeful estimate: small shares carry fixed costs, and a
            # wide device runs one work-group in about the time of many
            estimates[dev] = min(estimates.get(dev, t), t)
    try:
        ok, msg = bench.check(out, reference)
    except Exception as exc:
        ok, msg = False, f"check raised {type(exc).__name__}: {exc}"
    if not ok:
        res.failures += 1
        res.ok = False
        res.message = msg
        return elapsed
    if not res.message:
        res.message = msg
    if timed:
        res.times_s.append(elapsed)
        total = sum(groups.values())
        res.groups = {d.label: int(groups.get(d.label, 0)) for d in rt.order}
        res.distribution = {d.label: (groups.get(d.label, 0) / total if total else 0.0)
                            for d in rt.order}
        res.launches, res.split_launches, res.whole_reasons = launches, split, reasons
        res.busy = {d.label: busy[d.label] for d in rt.order if d.label in busy}
    return elapsed


def _probe(bench: Any, queue: Any, inputs: Any, reference: Any, labels: Sequence[str],
           rt: Any, helper: str, share: float, result: BenchResult,
           estimates: dict[str, float], cutoff: dict[str, float], max_seconds: float
           ) -> None:
    """One untimed static split with ``share`` on ``helper``, so that its time for
    larger shares is known before they run (see the module doc)."""
    pt = tuple(share if lb == helper else
               (1.0 - share if lb == rt.home.label else 0.0) for lb in labels)
    key = fraction_key(labels, pt)
    fr = dict(zip(labels, pt))
    if key in result.configs:  # a point of the oracle sweep: it runs in its own turn
        return
    res = result.configs[key] = ConfigResult(
        key, "split", {"policy": "static", "static_fractions": fr}, fr)
    took = _run_one(bench, queue, inputs, reference,
                    Config(key, "split", res.settings, fr), res, rt, timed=False,
                    estimates=estimates)
    if took is not None and took > max_seconds:
        cutoff[helper] = min(cutoff.get(helper, 2.0), share)
    if res.ok:
        res.skipped = (f"probe of {helper} before larger shares (warm-up only, "
                       f"{share:.3g} of the work-groups)")


def _bench_one(name: str, size: str, policies: Sequence[str], repeat: int,
               oracle_steps: int, ctx: Any, queue: Any, rt: Any, seed: int,
               ticker: Ticker, max_seconds: float | None = None,
               deadline: float | None = None,
               variants: Sequence[tuple[str, dict[str, Any]]] = ()) -> BenchResult:
    from skmd.bench import programs
    bench = programs.REGISTRY[name]
    result = BenchResult(name=bench.name, suite=bench.suite, size=size)
    labels = [d.label for d in rt.order]
    configs = plan_configs(labels, rt.home.label, policies, oracle_steps, bench.suite,
                           variants)
    for cfg in configs:
        result.configs[cfg.key] = ConfigResult(cfg.key, cfg.kind, dict(cfg.settings),
                                               cfg.fractions, skipped=cfg.skipped,
                                               base=cfg.base)
    active = [c for c in configs if c.skipped is None]
    steps = len(active) * (1 + repeat)
    ticker.describe(f"{bench.name}: preparing")
    t0 = time.perf_counter()
    try:
        bench.build(ctx)
        inputs = bench.inputs(size, seed)
        reference = bench.reference(inputs)
    except Exception as exc:
        result.error = f"preparing failed: {type(exc).__name__}: {exc}"
        ticker.advance(steps)
        return result
    result.prepare_s = time.perf_counter() - t0
    # a device share that made a run exceed max_seconds: larger shares are not tried
    cutoff: dict[str, float] = {}
    # helper label -> kernel seconds a whole run on it needs at least (measured shares)
    estimates: dict[str, float] = {}
    last_round_s = 0.0
    for rnd in range(1 + repeat):
        started = time.perf_counter()
        if deadline is not None and started + last_round_s > deadline:
            if rnd <= 1:
                result.skipped = "time limit reached before its first timed round"
            ticker.advance(len(active) * (1 + repeat - rnd))
            break
        for cfg in round_order(active, rnd, rt.home.label):
            res = result.configs[cfg.key]
            ticker.describe(f"{bench.name}: {cfg.key}" + ("" if rnd else " (warm-up)"))
            fr = cfg.fractions or {}
            if rnd == 0 and max_seconds is not None and res.skipped is None:
                for lb, f in fr.items():
                    share = PROBE_SHARE  # doubled while it gives the helper no work-group
                    while (lb != rt.home.label and share < f and lb not in estimates
                           and lb not in cutoff):
                        _probe(bench, queue, inputs, reference, labels, rt, lb, share,
                               result, estimates, cutoff, max_seconds)
                        share *= 2
            if res.skipped is None and any(0 < fr.get(lb, 0) and fr[lb] >= c
                                           for lb, c in cutoff.items()):
                res.skipped = "a smaller share of a device already ran past --max-seconds"
            if res.skipped is None and max_seconds is not None:
                slow = [(lb, estimates[lb] * f) for lb, f in fr.items()
                        if lb in estimates and estimates[lb] * f > max_seconds]
                if slow:
                    lb, t = max(slow, key=lambda x: x[1])
                    res.skipped = (f"predicted >= {t:.1f} s on {lb} (its kernel time on a "
                                   f"smaller share) > --max-seconds {max_seconds:g}")
            if res.ok and res.skipped is None:  # failed or skipped: not run again
                took = _run_one(bench, queue, inputs, reference, cfg, res, rt,
                                timed=rnd > 0,
                                # only fixed shares split every launch alike (see
                                # full_run_estimate): policies' runs cover some
                                estimates=estimates if cfg.fractions else None)
                off_home = any(0 < f and lb != rt.home.label for lb, f in fr.items())
                if (max_seconds is not None and took is not None and took > max_seconds
                        and off_home):
                    res.skipped = f"a run took {took:.1f} s > --max-seconds {max_seconds:g}"
                    for lb, f in fr.items():
                        if 0 < f and lb != rt.home.label:
                            cutoff[lb] = min(cutoff.get(lb, 2.0), f)
            ticker.advance()
        last_round_s = time.perf_counter() - started
        result.rounds = rnd
    for res in result.configs.values():
        if res.times_s and res.ok:
            res.min_s = min(res.times_s)
            res.median_s = statistics.median(res.times_s)
    singles = [c for c in result.configs.values() if c.kind == "single" and c.usable]
    if singles:
        result.fastest_single = min(singles, key=lambda c: c.min_s).key
    points = [c for c in result.configs.values() if c.kind in ("single", "split") and c.usable]
    if "oracle" in policies and points:
        result.oracle = min(points, key=lambda c: c.min_s).key
    set_speedups(result)
    return result


def run_bench(names: Sequence[str] | None = None, size: str = "ci",
              policies: Sequence[str] | None = None, repeat: int = 3,
              oracle_steps: int = 10, *, suite: str = "all", seed: int = 0,
              progress: bool = False, command: str | None = None,
              max_seconds: float | None = None,
              time_limit: float | None = None,
              variants: Sequence[tuple[str, dict[str, Any]]] = ()) -> BenchReport:
    """Run benchmarks (all of ``suite`` when ``names`` is empty); see the module doc."""
    import skmd
    chosen = select_benchmarks(names, suite)
    pols = normalise_policies(policies)
    for flag, v in (("--max-seconds", max_seconds), ("--time-limit", time_limit)):
        if v is not None and not v > 0:
            raise ValueError(f"{flag} must be a positive number of seconds, not {v:g}")
    if int(repeat) < 1:
        raise ValueError(f"--repeat must be 1 or more, not {repeat}")
    from skmd.bench import programs
    lacking = [programs.REGISTRY[k].name for k in chosen
               if size not in programs.REGISTRY[k].sizes]
    if lacking:
        have = sorted(set.intersection(*(set(programs.REGISTRY[k].sizes) for k in chosen)))
        which = "" if len(lacking) == len(chosen) else f" for {', '.join(lacking)}"
        raise ValueError(f"unknown size {size!r}{which}; "
                         f"have {', '.join(have) or 'no size in common'}")
    repeat = int(repeat)
    oracle_steps = max(1, int(oracle_steps))
    installed_here = not skmd.installed()
    if installed_here:
        import pyopencl as cl
        try:
            skmd.install()
        except cl.Error as exc:  # no usable device: bad use, as a bad setting is
            raise ValueError(str(exc).removeprefix("skmd: ")) from exc
    ticker = None
    started = time.perf_counter()
    deadline = None if time_limit is None else started + time_limit
    try:
        import pyopencl as cl
        from skmd.runtime.core import get_runtime
        rt = get_runtime()
        ctx = cl.create_some_context(interactive=False)
        queue = cl.CommandQueue(ctx)
        report = BenchReport(
            machine=machine_info(rt),
            date=_dt.datetime.now().astimezone().isoformat(timespec="seconds"),
            command=command if command is not None else " ".join(map(shlex.quote, sys.argv)),
            size=size, repeat=repeat, oracle_steps=oracle_steps, policies=pols)
        from skmd.bench import programs
        n_dev = len(rt.devices)
        total = 0
        for name in chosen:
            cfgs = plan_configs([d.label for d in rt.order], rt.home.label, pols,
                                oracle_steps, programs.REGISTRY[name].suite, variants)
            total += sum(1 for c in cfgs if c.skipped is None) * (1 + repeat)
        ticker = Ticker(progress, total)
        for name in chosen:
            if deadline is not None and time.perf_counter() >= deadline:
                bench = programs.REGISTRY[name]
                report.benchmarks.append(BenchResult(
                    bench.name, bench.suite, size, skipped="not run: time limit reached"))
                continue
            report.benchmarks.append(_bench_one(name, size, pols, repeat, oracle_steps,
                                                ctx, queue, rt, seed, ticker, max_seconds,
                                                deadline, variants))
        short = [f"{b.name} {b.rounds}" for b in report.benchmarks
                 if b.error is None and b.skipped is None and b.rounds < repeat]
        if short:
            report.notes.append(f"time limit: timed rounds run of {repeat}: "
                                + ", ".join(short))
        if n_dev < 2:
            report.notes.append("only one device: nothing is split")
        report.elapsed_s = time.perf_counter() - started
        return report
    finally:
        if ticker is not None:
            ticker.close()
        if installed_here:
            skmd.uninstall()


# -- the command -----------------------------------------------------------------------
def replot(ns: argparse.Namespace, err: Any) -> int:
    """``skmd bench --from-json J [--plot F]``: the tables (and picture) of saved
    results, the unseen suite's read as such whatever ``--suite`` says."""
    from skmd.bench.results import read_json, report_from
    from skmd.bench.unseen.figures import is_unseen, unseen_from
    try:
        d = read_json(ns.from_json)
        unseen = is_unseen(d) or getattr(ns, "suite", None) == "unseen"
        report = unseen_from(d) if unseen else report_from(d)  # (says what is wrong)
    except (OSError, ValueError, TypeError, KeyError) as exc:
        err.print(f"skmd bench: cannot read {ns.from_json}: {exc}", highlight=False,
                  soft_wrap=True)
        return 2
    if unseen:
        from skmd.bench.unseen.processes import refused_flags
        from skmd.bench.unseen.table import render_unseen
        if refused_flags(ns, err):
            return 2
        render_unseen(report)
        return 0 if report.all_ok else 1
    render_tables(report)
    if getattr(ns, "plot", None):
        write_plot(report, ns.plot)
        err.print(f"wrote {ns.plot}", highlight=False)
    return 0 if report.all_ok else 1


def bench_main(ns: argparse.Namespace) -> int:
    """``skmd bench``: 0 when every correctness check passed, 1 otherwise, 2 on bad use."""
    from rich.console import Console
    err = Console(stderr=True, highlight=False)
    if getattr(ns, "from_json", None):
        return replot(ns, err)
    if getattr(ns, "suite", None) == "unseen":
        from skmd.bench.unseen.processes import unseen_main
        return unseen_main(ns)
    try:
        variants = [parse_variant(v) for v in getattr(ns, "variant", None) or ()]
        report = run_bench(getattr(ns, "only", None), size=getattr(ns, "size", "ci"),
                           variants=variants,
                           max_seconds=getattr(ns, "max_seconds", None),
                           time_limit=getattr(ns, "time_limit", None),
                           policies=getattr(ns, "policy", None),
                           repeat=getattr(ns, "repeat", 3),
                           oracle_steps=getattr(ns, "oracle_steps", 10),
                           suite=getattr(ns, "suite", "skmd") or "skmd",
                           progress=getattr(ns, "progress", True),
                           command="skmd " + " ".join(map(shlex.quote, sys.argv[1:]))
                           if sys.argv and sys.argv[1:2] == ["bench"]
                           else " ".join(map(shlex.quote, sys.argv)))
    except (KeyError, ValueError) as exc:
        err.print(f"skmd bench: {exc.args[0] if exc.args else exc}", soft_wrap=True,
                  highlight=False, markup=False)
        return 2
    if not report.benchmarks:
        err.print("skmd bench: no benchmark selected")
        return 2
    render_tables(report)
    if getattr(ns, "json", None):
        write_json(report, ns.json)
        err.print(f"wrote {ns.json}")
    if getattr(ns, "plot", None):
        try:
            write_plot(report, ns.plot)
            err.print(f"wrote {ns.plot}")
        except Exception as exc:  # a plotting problem never hides the results
            err.print(f"skmd bench: could not write the plot ({type(exc).__name__}: {exc})")
    return 0 if report.all_ok else 1
