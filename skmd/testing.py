"""Tools for tests in one place: run a program with and without skmd and compare.

Programs are plain functions ``program(cl) -> dict[str, numpy.ndarray]`` written
against whatever ``pyopencl`` module they are given, the way an application uses
pyopencl; :func:`compare_with_and_without` runs one bare and under skmd and
reports any result that is not bit-identical.
"""
from __future__ import annotations

import contextlib
from typing import Any, Callable, Iterator

import numpy as np

Program = Callable[[Any], dict[str, np.ndarray]]


def usable_platform() -> Any:
    """The first platform whose devices skmd would use: one whose compiler works here.

    Tests that open a plain pyopencl context take it rather than platform 0, which
    on a processor newer than pip's PoCL knows is a PoCL that can build nothing.
    """
    from skmd.runtime.devices import discover
    devices, left_out = discover()
    if not devices:
        raise RuntimeError("no usable OpenCL device: "
                           + "; ".join(x.message() for x in left_out))
    return devices[0].device.platform


@contextlib.contextmanager
def skmd_installed(**settings: Any) -> Iterator[Any]:
    """skmd installed with a fresh runtime and the given settings, then removed."""
    import skmd
    from skmd import config
    from skmd.runtime import core
    core.reset_runtime()
    with config.override(**settings):
        skmd.install()
        try:
            yield core.get_runtime()
        finally:
            skmd.uninstall()
            core.reset_runtime()


def tuned(monkeypatch: Any, **changes: Any) -> None:
    """For one test (``monkeypatch`` undoes it): the settings in force take these
    :class:`skmd.tuning.Tuning` values, and so does a runtime the test starts."""
    from dataclasses import replace

    from skmd import config
    s = config.get()
    monkeypatch.setattr(config, "_current", replace(s, tuning=replace(s.tuning, **changes)))


def run_bare(program: Program) -> dict[str, np.ndarray]:
    import pyopencl as cl
    import skmd
    assert not skmd.installed(), "skmd is still installed"
    return program(cl)


def run_with_skmd(program: Program, **settings: Any) -> tuple[dict[str, np.ndarray], Any]:
    import pyopencl as cl
    with skmd_installed(**settings) as rt:
        out = program(cl)
        records = list(rt.records)
    return out, records


def mismatches(a: dict[str, np.ndarray], b: dict[str, np.ndarray]) -> list[str]:
    """Names whose arrays differ in shape, dtype or any bit."""
    bad = []
    for name in sorted(set(a) | set(b)):
        x, y = a.get(name), b.get(name)
        if x is None or y is None:
            bad.append(f"{name}: missing on one side")
            continue
        x, y = np.asarray(x), np.asarray(y)
        if x.shape != y.shape or x.dtype != y.dtype:
            bad.append(f"{name}: {x.shape}/{x.dtype} vs {y.shape}/{y.dtype}")
        elif x.tobytes() != y.tobytes():
            n = int(np.count_nonzero(x.view(np.uint8) != y.view(np.uint8)))
            bad.append(f"{name}: {n} bytes differ")
    return bad


def compare_with_and_without(program: Program, **settings: Any) -> tuple[list[str], list[Any]]:
    """Run ``program`` bare, then under skmd; the mismatches and skmd's launch records."""
    bare = run_bare(program)
    split, records = run_with_skmd(program, **settings)
    return mismatches(bare, split), records


def run_benchmarks(names: list[str], rt: Any, size: str = "ci") -> Iterator[tuple[str, bool, str, list]]:
    """Each of the suite programs ``names`` built and run once at ``size`` in a new
    context under the installed runtime ``rt``: (name, right, what was wrong, the
    launch records it left), one program at a time."""
    import pyopencl as cl

    from skmd.bench import programs
    ctx = cl.create_some_context(interactive=False)
    q = cl.CommandQueue(ctx)
    for name in names:
        b = programs.REGISTRY[name]
        b.build(ctx)
        inputs = b.inputs(size)
        before = len(rt.records)
        ok, msg = b.check(b.execute(q, inputs), b.reference(inputs))
        yield name, ok, msg, rt.records[before:]


def read_back(queue: Any, **outputs: tuple[Any, np.ndarray]) -> dict[str, np.ndarray]:
    """Each output's buffer copied into its host array, then ``finish()``: the arrays
    by name, as a test program hands them to :func:`compare_with_and_without`."""
    import pyopencl as cl
    for buf, host in outputs.values():
        cl.enqueue_copy(queue, host, buf)
    queue.finish()
    return {name: host for name, (_, host) in outputs.items()}
