"""Set-up and builds off the launch path; what one run learns, the next starts from."""
import contextlib
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import numpy as np
import pytest

from skmd.testing import skmd_installed
from skmd.tuning import Tuning

REPO = str(Path(__file__).resolve().parents[2])

#: compute-heavy enough that moving rows never bounds a helper
SPIN = r"""
__kernel void spin(__global const float *a, __global float *b)
{
    size_t i = get_global_id(0);
    float acc = a[i];
    for (int k = 0; k < 256; ++k)
        acc = acc * 0.999f + a[i];
    b[i] = acc;
}
"""
N = 1 << 16
TINY_SRC = "__kernel void tiny(__global float *a) { a[get_global_id(0)] += 1.0f; }"

#: a program run twice in its own processes: four synchronised launches of ``spin``
PROGRAM = f"""
import sys
sys.path.insert(0, {str(Path(__file__).resolve().parent)!r})
import pyopencl as cl, skmd
from test_background import _spin
skmd.install()
_spin(cl)(4)
"""


@pytest.fixture(autouse=True)
def _analyse_at_once(monkeypatch):
    """These tests' runs last well under a second: their kernels are analysed at
    once rather than after ``Tuning.analyse_after_s`` (tested on its own below)."""
    from skmd.testing import tuned
    tuned(monkeypatch, analyse_after_s=0.0)


def _spin(cl):
    """Set up ``spin`` once; the function returned launches it ``rounds`` times
    (each launch followed by ``finish()``) and returns the outputs."""
    ctx = cl.create_some_context(interactive=False)
    q = cl.CommandQueue(ctx)
    a = np.arange(N, dtype=np.float32) / 7
    mf = cl.mem_flags
    A = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=a)
    B = cl.Buffer(ctx, mf.READ_WRITE, a.nbytes)
    k = cl.Program(ctx, SPIN).build().spin

    def run(rounds):
        outs = []
        for _ in range(rounds):
            k(q, (N,), (64,), A, B)
            q.finish()
            out = np.empty_like(a)
            cl.enqueue_copy(q, out, B)
            outs.append(out)
        return outs
    return run


def _upload_program(cl):
    """A queue, an input array, the buffers ``spin`` reads (uploaded into by the
    test) and writes, and ``spin`` itself."""
    ctx = cl.create_some_context(interactive=False)
    q = cl.CommandQueue(ctx)
    a = np.arange(N, dtype=np.float32) / 7
    A = cl.Buffer(ctx, cl.mem_flags.READ_ONLY, a.nbytes)
    B = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, a.nbytes)
    return q, a, A, B, cl.Program(ctx, SPIN).build().spin


def _used(rec):
    return [lb for lb, g in rec.shares.items() if g]


def test_a_second_run_starts_from_what_the_first_learned(tmp_path):
    """Run 1 times home and calibrates the helpers; run 2 (same store) does neither."""
    import sqlite3

    from skmd.predict.store import ProfileStore
    env = dict(os.environ, PYTHONPATH=REPO, SKMD_PROFILE_DIR=str(tmp_path),
               SKMD_REMEMBER="1", SKMD_BACKGROUND="0", SKMD_MIN_SPLIT_US="0")
    for _ in range(2):
        subprocess.run([sys.executable, "-c", PROGRAM], env=env, check=True,
                       capture_output=True, timeout=300)
    with ProfileStore(tmp_path / "profiles.sqlite") as store:
        second, first = [store.run_log.launches(r.run_id) for r in store.run_log.runs()[:2]]
    with sqlite3.connect(tmp_path / "profiles.sqlite") as c:
        assert c.execute("SELECT count(*) FROM speeds").fetchone()[0] > 0, "speeds stored"
        spent = c.execute("SELECT home_s FROM spent").fetchall()
        assert spent and all(s > 0 for s, in spent), "time spent on the kernel stored"

    def learning(recs):
        return [r for r in recs if (r.reason or "").startswith(("calibration:", "first launch"))]
    assert len(first) == len(second) == 4
    assert any((r.reason or "").startswith("calibration:") for r in first), \
        [r.reason for r in first]
    assert not learning(second), [r.reason for r in second]


SHORT_PROGRAM = f"""
import sys
import numpy as np, pyopencl as cl, skmd
from skmd.runtime import core
skmd.install()
ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
buf = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, 4096 * 4)
k = cl.Program(ctx, {TINY_SRC!r}).build().tiny
for _ in range(20):
    k(q, (4096,), None, buf)
    q.finish()
core.get_runtime().background.settle(120)
print("skmd.runtime.executor" in sys.modules)
"""


def test_a_program_whose_launches_never_look_worth_splitting_imports_no_split_machinery(
        tmp_path):
    """The split's modules are imported off the launch path once a launch looks worth
    splitting, not by set-up: a program of short launches does not share the
    interpreter with those imports."""
    env = dict(os.environ, PYTHONPATH=REPO, SKMD_PROFILE_DIR=str(tmp_path),
               SKMD_BACKGROUND="1", SKMD_MIN_SPLIT_US="1000000")
    r = subprocess.run([sys.executable, "-c", SHORT_PROGRAM], env=env, capture_output=True,
                       text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip().splitlines()[-1] == "False"


def test_a_launch_never_waits_for_a_helper_build(monkeypatch):
    """While a helper's partition-ready build is held up, launches go on whole on
    home; once it is built the helper takes its share."""
    from skmd.runtime import core
    gate = threading.Event()
    real = core.Runtime.clone
    held = []

    def slow_clone(self, entry, dev, ctx):
        if dev is not self.home and entry.name == "spin":
            held.append(dev.label)
            assert gate.wait(120), "the test never released the build"
        return real(self, entry, dev, ctx)
    monkeypatch.setattr(core.Runtime, "clone", slow_clone)
    import pyopencl as cl
    with skmd_installed(policy="even", background=True) as rt:
        run = _spin(cl)
        outs = run(3)  # returns although every helper build is held
        during = list(rt.records)
        gate.set()
        rt.background.settle(120)
        outs += run(1)  # a decision after the analysis starts the builds, if none did
        rt.background.settle(120)
        outs += run(Tuning().wait_reuse + 1)  # a decision made while waiting is reused a while
        after = list(rt.records)[-1]
    assert held, "a helper build was started"
    assert len(during) == 3 and all(_used(r) in ([], [rt.home.label]) for r in during), \
        [(r.reason, r.shares) for r in during]
    assert len(_used(after)) >= 2, (after.reason, after.shares)
    ref = outs[0]
    assert all(np.array_equal(o, ref) for o in outs)


def test_priors_are_measured_once_per_device_and_kept(tmp_path, monkeypatch):
    from skmd.runtime import priors
    with skmd_installed(profile_dir=str(tmp_path)) as rt:
        first = dict(rt.background.priors)
        fps = {d.label: d.fingerprint for d in rt.devices}
        stored = {lb: rt.store.get_prior(fp) for lb, fp in fps.items()}
    if len(fps) < 2:
        assert not first  # one device: nothing to compare a helper with
        return
    assert set(first) == set(fps) and all(p.valid() for p in first.values())
    assert all(stored[lb] == (first[lb].flops, first[lb].bytes_per_s) for lb in fps)

    def no_measuring(dev):
        raise AssertionError(f"{dev.label} measured again")
    monkeypatch.setattr(priors, "measure", no_measuring)
    with skmd_installed(profile_dir=str(tmp_path)) as rt:
        again = dict(rt.background.priors)
    assert again == first


def test_a_helper_whose_prior_says_it_can_never_pay_is_not_calibrated(monkeypatch):
    """With a helper a thousand times slower than home by its prior, no launch gives it
    a slice; with an equal one, the second launch calibrates it."""
    import pyopencl as cl

    from skmd.decide import DevicePrior
    from skmd.runtime import priors
    home_prior = DevicePrior(flops=1e12, bytes_per_s=1e11)

    def run(helper_prior):
        def prior_of(store, dev):
            return home_prior if dev.label == "cpu0" else helper_prior
        monkeypatch.setattr(priors, "prior_of", prior_of)
        with skmd_installed(policy="hill", min_split_us=0, home="cpu0") as rt:
            if len(rt.devices) < 2:
                return None
            _spin(cl)(4)
            return list(rt.records)
    slow = run(DevicePrior(flops=1e9, bytes_per_s=1e8))
    if slow is None:
        return  # one device: nothing to calibrate
    assert not any(len(_used(r)) >= 2 for r in slow), [(r.reason, r.shares) for r in slow]
    assert not any((r.reason or "").startswith("calibration:") for r in slow)
    equal = run(home_prior)
    assert any((r.reason or "").startswith("calibration:") for r in equal), \
        [r.reason for r in equal]


def test_a_kernel_launched_once_starts_no_build(monkeypatch):
    """A program that launches a kernel once and exits builds no partition-ready
    program for it (nor waits for one at exit); a second launch starts them."""
    from skmd.runtime import core
    built = []
    real = core.Runtime.clone

    def counted(self, entry, dev, ctx):
        built.append((entry.name, dev.label))
        return real(self, entry, dev, ctx)
    monkeypatch.setattr(core.Runtime, "clone", counted)
    import pyopencl as cl
    with skmd_installed(policy="even", background=True) as rt:
        run = _spin(cl)
        run(1)
        rt.background.settle(120)
        assert not [b for b in built if b[0] == "spin"], built
        run(2)
        rt.background.settle(120)
    assert [b for b in built if b[0] == "spin"], "the second launch started the builds"


def test_a_new_kernel_object_of_an_analysed_program_is_not_analysed_again():
    """pyopencl makes a kernel object per ``prg.name`` lookup: once the program was
    analysed, the next object gets its real entry at once instead of a stand-in."""
    import pyopencl as cl
    with skmd_installed(policy="even", background=True) as rt:
        ctx = cl.create_some_context(interactive=False)
        prg = cl.Program(ctx, SPIN).build()
        first = prg.spin
        assert rt.background.entry(first).key.startswith("pending:")
        rt.background.settle(120)
        second = cl.Kernel(prg, "spin")
        entry = rt.background.entry(second)
        assert not entry.key.startswith("pending:"), entry.reason
        assert entry.analysis is not None
        other = cl.Program(ctx, SPIN + "\n// another program\n").build().spin
        assert rt.background.entry(other).key.startswith("pending:")



def test_kernel_objects_of_one_function_share_one_stand_in_one_analysis_one_entry(
        monkeypatch):
    """``prg.spin(queue, ...)`` at every launch makes a new kernel object each time:
    they run under one stand-in, start one analysis, and then share one entry, so
    a launch shape decided once stays decided for the next object."""
    import pyopencl as cl
    from skmd.runtime import kernels
    made = []
    real = kernels.make_entry
    monkeypatch.setattr(kernels, "make_entry", lambda k: made.append(k) or real(k))
    submitted = []
    with skmd_installed(policy="even", background=True) as rt:
        real_submit = rt.background._workers.submit
        monkeypatch.setattr(rt.background._workers, "submit",
                            lambda fn, *a: submitted.append(fn.__name__) or real_submit(fn, *a))
        ctx = cl.create_some_context(interactive=False)
        prg = cl.Program(ctx, SPIN).build()
        stands = {id(rt.background.entry(cl.Kernel(prg, "spin"))) for _ in range(5)}
        assert len(stands) == 1
        rt.background.settle(120)
        assert submitted.count("_analyse") == 1
        entries = [rt.background.entry(cl.Kernel(prg, "spin")) for _ in range(5)]
        assert all(e is entries[0] for e in entries) and entries[0].analysis is not None
        assert len(made) == 1


def test_the_queue_a_kernels_first_launch_is_timed_on_is_made_by_its_analysis():
    """A splittable kernel's next launch is timed on skmd's profiling queue: the
    analysis thread makes it (a GPU driver's first command on a new queue takes
    milliseconds), not that launch."""
    import pyopencl as cl
    with skmd_installed(policy="even", background=True) as rt:
        ctx = cl.create_some_context(interactive=False)
        k = cl.Program(ctx, SPIN).build().spin
        assert rt.background.entry(k).key.startswith("pending:")
        assert not rt._home_queues
        rt.background.settle(120)
        assert rt.background.entry(k).splittable
        assert k.context.int_ptr in rt._home_queues


def test_a_function_launched_through_new_kernel_objects_is_decided_once(monkeypatch):
    import pyopencl as cl
    from skmd.runtime import deciding
    decided = []
    real = deciding.Decider.decide
    monkeypatch.setattr(deciding.Decider, "decide",
                        lambda self, *a, **k: decided.append(1) or real(self, *a, **k))
    with skmd_installed(policy="even", background=False, min_split_us=1e6):
        ctx = cl.create_some_context(interactive=False)
        q = cl.CommandQueue(ctx)
        a = np.arange(N, dtype=np.float32)
        mf = cl.mem_flags
        A = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=a)
        B = cl.Buffer(ctx, mf.READ_WRITE, a.nbytes)
        prg = cl.Program(ctx, SPIN).build()
        for _ in range(6):
            cl.Kernel(prg, "spin")(q, (N,), (64,), A, B)
            q.finish()
        out = np.empty_like(a)
        cl.enqueue_copy(q, out, B)
    assert 1 <= len(decided) <= 2, decided  # the first launch, then one decision kept


TINY = "__kernel void tiny(__global float *a) { a[get_global_id(0)] += 1.0f; }"


def test_a_kernel_too_short_to_split_builds_nothing():
    """Once the home device's time says a launch is shorter than SKMD_MIN_SPLIT_US,
    no helper is calibrated and no partition-ready program is built, not even the
    home device's: its first timed launch runs the program's own kernel."""
    import pyopencl as cl
    with skmd_installed(policy="hill", background=True, min_split_us=1e6) as rt:
        ctx = cl.create_some_context(interactive=False)
        q = cl.CommandQueue(ctx)
        a = np.zeros(256, np.float32)
        buf = cl.Buffer(ctx, cl.mem_flags.READ_WRITE | cl.mem_flags.COPY_HOST_PTR, hostbuf=a)
        k = cl.Program(ctx, TINY).build().tiny
        for _ in range(3 * Tuning().wait_reuse):
            k(q, a.shape, (64,), buf)
            q.finish()
            rt.background.settle(120)
        entry = rt.background.entry(k)
        out = np.empty_like(a)
        cl.enqueue_copy(q, out, buf)
        reasons = [r.reason or "" for r in rt.records]
    assert not entry.clones, entry.clones
    assert any(r.startswith("first launch of this kernel: whole, timed") for r in reasons)
    assert any(r.startswith("too short to split") for r in reasons), reasons[-3:]
    assert not [r for r in rt.records if len(_used(r)) > 1]
    assert (out == 3 * Tuning().wait_reuse).all()


def test_helpers_are_probed_only_once_a_launch_looks_worth_splitting(monkeypatch):
    """A program whose launches are all too short to split measures no helper (no
    probe program built on a helper, nothing to wait for at exit); the first launch
    long enough starts the probes, off the launch path."""
    import pyopencl as cl

    from skmd.runtime import priors
    measured = []
    real = priors.measure

    def counting(dev):
        measured.append(dev.label)
        return real(dev)
    monkeypatch.setattr(priors, "measure", counting)
    with skmd_installed(policy="hill", background=True, remember=False,
                        min_split_us=1e9) as rt:  # every launch "too short"
        if len(rt.devices) < 2:
            return
        _spin(cl)(6)
        rt.background.settle(120)
        assert not measured and not rt.background.devices_ready.is_set()
        assert rt.background._devices_started is None
    with skmd_installed(policy="hill", background=True, remember=False,
                        min_split_us=0) as rt:
        rt.background.build_s = 0.0  # builds (and probes) pay at once
        run = _spin(cl)
        for _ in range(3):  # decisions made while an analysis or a build ran are reused
            run(Tuning().wait_reuse + 1)
            rt.background.settle(120)
        assert rt.background.devices_ready.is_set()
        assert set(rt.background.priors) == {d.label for d in rt.devices}


class _Always(dict):
    """Every kernel key has spent ``value`` seconds in earlier runs."""

    def __init__(self, value):
        super().__init__()
        self.value = value

    def get(self, key, default=None):
        return self.value


def _helper_builds(monkeypatch):
    from skmd.runtime import core
    built = []
    real = core.Runtime.clone

    def clone(self, entry, dev, ctx):
        if dev is not self.home:
            built.append(dev.label)
        return real(self, entry, dev, ctx)
    monkeypatch.setattr(core.Runtime, "clone", clone)
    return built


@contextlib.contextmanager
def _ski_rental(monkeypatch, build_s):
    """``hill`` over every device, a helper's build taken to cost ``build_s``: yields
    (the runtime or None with fewer than two devices, the helper builds started)."""
    built = _helper_builds(monkeypatch)
    with skmd_installed(policy="hill", background=True, remember=False,
                        min_split_us=0) as rt:
        if len(rt.devices) < 2:
            yield None, built
            return
        rt.background.build_s = build_s
        yield rt, built


def test_helpers_programs_are_built_only_once_the_kernel_has_run_long_enough(monkeypatch):
    """Ski rental: with a build taken to cost far more than the kernel has run, no
    helper program is built (none would be waited for at exit) and launches run whole."""
    import pyopencl as cl
    with _ski_rental(monkeypatch, 1e6) as (rt, built):
        if rt is None:
            return
        run = _spin(cl)
        for _ in range(3):
            run(Tuning().wait_reuse + 1)
            rt.background.settle(120)
        assert not built and not rt.background.devices_ready.is_set()
        assert all(len(_used(r)) < 2 for r in rt.records)
        # the run log says why
        held = [r for r in rt.records if (r.reason or "").startswith("helpers' programs not built")]
        assert held, [r.reason for r in rt.records]


@pytest.mark.parametrize("before_s", [0.0, 1e9])
def test_a_kernel_that_paid_for_builds_in_an_earlier_run_builds_at_once(monkeypatch, before_s):
    """The time a kernel kept home busy in earlier runs counts towards its builds:
    one that ran long before has its helpers' programs built from the first decision
    that knows home's time, not after it has run long enough again."""
    import pyopencl as cl
    with _ski_rental(monkeypatch, 1e6) as (rt, built):
        if rt is None:
            return
        rt.decider.spent_before = _Always(before_s)
        run = _spin(cl)
        for _ in range(4):  # each launch's background work (analysis, pricing) done
            run(1)          # before the next, however slow the machine
            rt.background.settle(120)
        assert bool(built) == (before_s > 0), (built, [r.reason for r in rt.records])


@pytest.mark.parametrize("link_bps", [None, 1.0])
def test_uploads_a_launch_waited_for_count_towards_its_builds(monkeypatch, link_bps):
    """A memory-bound kernel's time is mostly its uploads: bytes the program uploaded
    before each launch count, at the home link's speed, towards what pays a build
    (``None``: the link is not measured, the kernel's time alone never pays)."""
    import pyopencl as cl
    with _ski_rental(monkeypatch, 1e3) as (rt, built):
        if rt is None:
            return
        monkeypatch.setattr(rt.links, "home_link_known",
                            lambda: None if link_bps is None else (link_bps, link_bps))
        ctx = cl.create_some_context(interactive=False)
        q = cl.CommandQueue(ctx)
        a = np.arange(N, dtype=np.float32)
        A = cl.Buffer(ctx, cl.mem_flags.READ_ONLY, a.nbytes)
        B = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, a.nbytes)
        k = cl.Program(ctx, SPIN).build().spin
        for _ in range(2 * Tuning().wait_reuse + 2):
            cl.enqueue_copy(q, A, a)
            k(q, (N,), (64,), A, B)
            q.finish()
        rt.background.settle(120)
        assert bool(built) == (link_bps is not None), built
        if link_bps is not None:
            assert rt.decider.spent_now and all(
                s >= N * 4 for _, s in rt.decider.spent_now.values()), rt.decider.spent_now


def test_uploads_are_staged_again_once_the_helpers_are_ready(monkeypatch):
    """While the helpers' builds are held, uploads read by whole launches are staged
    ever more rarely; the decision that finds the helpers ready stages uploads
    again at once, so the next launch is priced (and split) from host memory."""
    from skmd.runtime import core, placement
    from skmd.testing import tuned
    tuned(monkeypatch, stage_min_bytes=0, pin_after_bytes=0)
    gate = threading.Event()
    real_clone, real_upload = core.Runtime.clone, placement.upload
    staged = []

    def clone(self, entry, dev, ctx):
        if dev is not self.home:
            assert gate.wait(120), "the test never released the build"
        return real_clone(self, entry, dev, ctx)

    def upload(*a, **kw):
        staged.append(True)
        return real_upload(*a, **kw)
    monkeypatch.setattr(core.Runtime, "clone", clone)
    monkeypatch.setattr(placement, "upload", upload)
    import pyopencl as cl
    with skmd_installed(policy="even", background=True) as rt:
        if len(rt.devices) < 2:
            gate.set()
            return
        q, a, A, B, k = _upload_program(cl)
        rounds = []  # (upload staged, launch split)

        def one_round():
            n = len(staged)
            cl.enqueue_copy(q, A, a)
            k(q, (N,), (64,), A, B)
            q.finish()
            rounds.append((len(staged) > n, len(_used(rt.records[-1])) >= 2))
        for _ in range(12):
            one_round()
        held = sum(s for s, _ in rounds)
        gate.set()
        rt.background.settle(120)
        for _ in range(2 * Tuning().wait_reuse + 4):
            one_round()
        out = np.empty_like(a)
        cl.enqueue_copy(q, out, B)
    assert held <= 5, f"{held} of 12 uploads staged while the helpers were not ready"
    first = next(i for i, (_, split) in enumerate(rounds) if split)
    assert first >= 12 and rounds[first + 1][0], rounds[first - 2:first + 3]
    ref = _spin(cl)(1)[0]
    np.testing.assert_array_equal(out, ref)


def test_a_kernels_first_timed_launch_works_out_no_byte_range(monkeypatch):
    """Timing home on the program's own kernel needs no byte range of the launch (a
    first decision's symbolic work, milliseconds on the launch path): none is worked
    out for it, and the ranges the next decision prices are worked out ahead, off the
    launch path."""
    import pyopencl as cl

    from skmd.runtime import executor, planner
    calls = []
    for mod, name in ((planner, "build_problem"), (executor, "plan_buffers")):
        real = getattr(mod, name)
        monkeypatch.setattr(mod, name, lambda *a, _r=real, _n=name, **kw:
                            calls.append(_n) or _r(*a, **kw))
    with skmd_installed(policy="hill", background=True, remember=False,
                        min_split_us=0) as rt:
        if len(rt.devices) < 2:
            return
        ahead = []
        real_ahead = rt.background.ahead
        monkeypatch.setattr(rt.background, "ahead",
                            lambda fn, *a: ahead.append(fn) or real_ahead(fn, *a))
        run = _spin(cl)
        rt.background.settle(120)
        outs = run(1)
        rt.background.settle(120)
        while not any((r.reason or "").startswith("first launch") for r in rt.records):
            outs += run(1)  # (the first launches ran while the kernel was analysed)
            rt.background.settle(120)
        timed = [r for r in rt.records if (r.reason or "").startswith("first launch")]
        assert timed and timed[0].measured.get(rt.home.label, 0) > 0
        assert not calls, calls
        assert planner.price in ahead
    assert all(np.array_equal(o, outs[0]) for o in outs)


def test_a_decision_never_works_out_byte_ranges_on_the_launch_path(monkeypatch):
    """Until a launch shape's bytes are worked out off the launch path, its decision
    is whole (and not kept); the work is handed over once, and done inline only
    without a background thread."""
    from types import SimpleNamespace as NS

    from skmd.runtime import planner
    from skmd.runtime.deciding import Decider
    from skmd.transform import Launch
    worked = []
    monkeypatch.setattr(planner, "launch_bytes", lambda e, l, only=None: worked.append(l))
    handed = []
    bg = NS(lazy=True, ahead=lambda fn, *a: handed.append((fn, a)))
    decider = Decider(NS(background=bg))
    entry = NS(decisions={})
    launch = Launch((1024,), (64,), scalars={1: 2}, buffer_sizes={0: 4096})
    assert not decider._priced(entry, launch) and not decider._priced(entry, launch)
    assert not worked and [fn for fn, _ in handed] == [planner.price]
    fn, args = handed[0]
    fn(*args)  # the background thread's turn
    assert worked and decider._priced(entry, launch)
    bg.lazy = False
    other = Launch((2048,), (64,), scalars={1: 2}, buffer_sizes={0: 8192})
    assert decider._priced(entry, other) and len(worked) == 2 and len(handed) == 1


def test_uploads_that_went_home_at_once_are_staged_again_when_staged_would_split(
        monkeypatch):
    """Once staging has backed off, uploads go home at once and every launch is priced
    with its data on home, where a split does not pay: the decision prices it as if
    its fresh uploads had waited in host memory and, since that would split, stages
    uploads again, so that a later launch is split from host memory."""
    from skmd.decide import Decision, locations
    from skmd.runtime import deciding, placement
    from skmd.testing import tuned
    tuned(monkeypatch, stage_min_bytes=0, pin_after_bytes=0)
    priced = []
    real = deciding.Decider._model_decision

    def model(self, entry, launch, s, order, where):
        if self.curve(entry, launch, self.rt.home) is None:  # home is timed first
            return real(self, entry, launch, s, order, where)
        hosted = any(w == locations.HOST for w in where.values())
        priced.append(hosted)
        if not hosted or len(order) < 2:
            return Decision(reason="hill: fastest alone (test)")
        g = launch.total_groups
        return Decision({order[0].label: g // 2, order[1].label: g - g // 2}, keep=False)
    monkeypatch.setattr(deciding.Decider, "_model_decision", model)
    import pyopencl as cl
    with skmd_installed(policy="hill", background=True, remember=False,
                        min_split_us=0) as rt:
        if len(rt.devices) < 2:
            return
        rt.decider.spent_before = _Always(1e9)  # its builds have paid long since
        monkeypatch.setattr(rt.links, "home_link_known", lambda: (1e9, 1e9))
        q, a, A, B, k = _upload_program(cl)

        def one_round():
            cl.enqueue_copy(q, A, a)
            k(q, (N,), (64,), A, B)
            q.finish()
            return len(_used(rt.records[-1])) >= 2
        for _ in range(4):
            one_round()
            rt.background.settle(120)
        book = placement.book(rt)
        with book.lock:  # as if the launches of this size had run whole for long
            book.skips[a.nbytes] = [10_000, 10_000]
        splits = []
        for _ in range(2 * deciding.RESTAGE_EVERY + 2):
            splits.append(one_round())
            rt.background.settle(120)
        reasons = [r.reason for r in rt.records[-len(splits):]]
        out = np.empty_like(a)
        cl.enqueue_copy(q, out, B)
    # re-decided within RESTAGE_EVERY launches: staged again, the next launch splits
    first = splits.index(True) if True in splits else None
    assert first is not None and first <= deciding.RESTAGE_EVERY + 1, (splits, reasons)
    assert "staged again" in (reasons[first - 1] or ""), reasons
    np.testing.assert_array_equal(out, _spin(cl)(1)[0])


def test_a_short_run_analyses_no_kernel_unless_an_earlier_run_left_it_on_disk(monkeypatch):
    """A kernel's analysis waits until the run has lasted ``analyse_after_s``: a run
    done sooner parses nothing (its launches run whole, as plainly); a kernel whose
    analysis an earlier run kept on disk is analysed (loaded) at its first launch."""
    import uuid

    import pyopencl as cl
    from skmd.runtime import background
    from skmd.testing import tuned
    from skmd.transform import diskcache
    tuned(monkeypatch, analyse_after_s=3600.0)
    analysed = []
    real = background.Background._analyse
    monkeypatch.setattr(background.Background, "_analyse",
                        lambda self, k: (analysed.append(k.function_name), real(self, k)))
    src = SPIN + f"// {uuid.uuid4()}\n"  # a program no earlier test analysed
    with skmd_installed(policy="hill", background=True, remember=False) as rt:
        ctx = cl.create_some_context(interactive=False)
        q = cl.CommandQueue(ctx)
        a = np.arange(N, dtype=np.float32)
        A = cl.Buffer(ctx, cl.mem_flags.READ_ONLY | cl.mem_flags.COPY_HOST_PTR, hostbuf=a)
        B = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, a.nbytes)

        keyed = []
        real_key = diskcache.program_key
        monkeypatch.setattr(diskcache, "program_key",
                            lambda *a: (keyed.append(1), real_key(*a))[1])

        def launch_twice():
            prg = cl.Program(ctx, src).build()
            for _ in range(2):
                k = prg.spin  # a new kernel object each time, as pyopencl gives them
                k(q, (N,), (64,), A, B)
                q.finish()
            return k
        kernel = launch_twice()
        rt.background.settle(120)
        reasons = {r.reason for r in rt.records}
        assert analysed == [] and all("not analysed while the run" in (x or "")
                                      for x in reasons), reasons
        assert len(keyed) == 1, "the program's source is hashed once, not per kernel"
        # as an earlier run would have kept it
        diskcache.store(diskcache.program_key(*rt.background._program_of(kernel)), "kept")
        launch_twice()
        rt.background.settle(120)
    assert analysed and set(analysed) == {"spin"}, analysed


def test_set_up_begins_with_the_first_analysis_not_at_start(monkeypatch):
    """Opening the store and reading what earlier runs learned waits for a kernel
    worth analysing: before it, a program shares its first second with none of it;
    the analysed kernel's decisions then have it."""
    import pyopencl as cl
    from skmd.testing import tuned
    tuned(monkeypatch, analyse_after_s=0.0)
    with skmd_installed(policy="hill", background=True, remember=False) as rt:
        time.sleep(0.2)
        assert rt.background._setup_done is None and not rt.background.ready.is_set()
        run = _spin(cl)
        outs = run(2)
        rt.background.settle(120)
        assert rt.background._setup_done is not None and rt.background.ready.is_set()
    assert all(np.array_equal(o, outs[0]) for o in outs)


def test_over_one_device_no_kernel_is_analysed(monkeypatch):
    """With nothing to split a kernel over, its analysis would be work beside the
    program for nothing: none is started, and launches run as plain."""
    import pyopencl as cl
    from skmd.runtime import background
    from skmd.testing import tuned
    tuned(monkeypatch, analyse_after_s=0.0)
    analysed = []
    monkeypatch.setattr(background.Background, "_analyse",
                        lambda self, k: analysed.append(k.function_name))
    with skmd_installed(policy="hill", background=True, remember=False,
                        devices="cpu0") as rt:
        assert len(rt.devices) == 1
        outs = _spin(cl)(3)
        rt.background.settle(60)
        reasons = {r.reason for r in rt.records}
    assert analysed == [] and reasons == {"only one device"}, (analysed, reasons)
    assert all(np.array_equal(o, outs[0]) for o in outs)


def test_a_decision_made_while_its_bytes_are_worked_out_is_reused_a_while(monkeypatch):
    """While a launch's byte ranges are worked out off the launch path (symbolic
    intervals: seconds of Python for pyopencl's elementwise loops), its launches run
    whole on a decision kept ``wait_reuse`` launches, not made again at each launch
    (each one cost the launch about 40 us on the CI machine)."""
    import pyopencl as cl

    from skmd.runtime import planner
    release = threading.Event()
    real = planner.price

    def slow(entry, launch):
        release.wait(60)
        return real(entry, launch)
    monkeypatch.setattr(planner, "price", slow)
    # (not too short on its own: a launch too short with every buffer on home is
    # turned away before its bytes are priced)
    with skmd_installed(policy="hill", background=True, remember=False,
                        min_split_us=0) as rt:
        if len(rt.devices) < 2:
            release.set()
            return
        made = []
        decide = rt.decider.decide

        def counting(*args, **kwargs):
            d = decide(*args, **kwargs)
            made.append(d.reason or "")
            return d
        monkeypatch.setattr(rt.decider, "decide", counting)
        ctx = cl.create_some_context(interactive=False)
        q = cl.CommandQueue(ctx)
        a = np.zeros(256, np.float32)
        buf = cl.Buffer(ctx, cl.mem_flags.READ_WRITE | cl.mem_flags.COPY_HOST_PTR, hostbuf=a)
        k = cl.Program(ctx, TINY).build().tiny
        n = 0
        while not any(r.startswith("the launch's byte ranges") for r in made) and n < 400:
            k(q, a.shape, (64,), buf)
            q.finish()
            n += 1
            if n % 8 == 0:
                rt.background.settle(0.05)
        assert any(r.startswith("the launch's byte ranges") for r in made), made[-3:]
        before = len(made)
        runs = 4 * Tuning().wait_reuse
        for _ in range(runs):
            k(q, a.shape, (64,), buf)
            q.finish()
        pricing = made[before:]
        release.set()
        rt.background.settle(120)
        for _ in range(2 * Tuning().wait_reuse):
            k(q, a.shape, (64,), buf)
            q.finish()
        out = np.empty_like(a)
        cl.enqueue_copy(q, out, buf)
    assert len(pricing) <= runs // Tuning().wait_reuse + 1, (len(pricing), runs)
    assert all(r.startswith("the launch's byte ranges") for r in pricing), pricing
    assert not made[-1].startswith("the launch's byte ranges"), made[-3:]  # priced now
    assert (out == n + runs + 2 * Tuning().wait_reuse).all()


def test_a_launch_too_short_with_its_buffers_on_home_asks_no_pricing(monkeypatch):
    """Every buffer on home, a launch too short to split is known so before its byte
    ranges are, and the decision waits for no pricing (the one asked ahead after the
    first launch, timed on home, never ends here)."""
    import pyopencl as cl

    from skmd.runtime import planner
    priced = []
    monkeypatch.setattr(planner, "price", lambda entry, launch: priced.append(entry.name))
    with skmd_installed(policy="hill", background=True, remember=False,
                        min_split_us=1e9) as rt:
        if len(rt.devices) < 2:
            return
        ctx = cl.create_some_context(interactive=False)
        q = cl.CommandQueue(ctx)
        a = np.zeros(256, np.float32)
        buf = cl.Buffer(ctx, cl.mem_flags.READ_WRITE | cl.mem_flags.COPY_HOST_PTR, hostbuf=a)
        k = cl.Program(ctx, TINY).build().tiny
        for n in range(200):
            k(q, a.shape, (64,), buf)
            q.finish()
            if n % 8 == 0:
                rt.background.settle(0.05)
        reasons = {r.reason for r in rt.records}
    assert any(r and r.startswith("too short to split") for r in reasons), reasons
    assert len(priced) <= 1, priced  # (the first launch, timed on home, prices ahead)


_GRAPH_IMPORTED = """
import sys
import skmd
from skmd.runtime import core
skmd.install()
core.get_runtime().background.settle(60)
print("skmd.runtime.graph_mode" in sys.modules)
"""


def test_a_graph_mode_imports_its_runtime_off_the_programs_thread(tmp_path):
    """Graph mode's runtime (networkx: 0.2 s on the CI machine) is imported by the
    set-up thread, not by the program's first staged upload; a program in the default
    mode does not import it at all."""
    import subprocess
    import sys
    got = {}
    for mode in ("mkmd", "skmd"):
        r = subprocess.run([sys.executable, "-c", _GRAPH_IMPORTED], capture_output=True,
                           text=True, timeout=120,
                           env=dict(os.environ, SKMD_MODE=mode,
                                    SKMD_PROFILE_DIR=str(tmp_path / mode)))
        assert r.returncode == 0, r.stderr
        got[mode] = r.stdout.strip().splitlines()[-1]
    assert got == {"mkmd": "True", "skmd": "False"}, got
