"""``skmd profile``: time every kernel on every device with varying enabled work-groups.

For each distinct launch (kernel, sizes, scalar arguments) the partition-ready
kernel runs on every device with 1, 2, ... 16, then geometrically more of its
work-group rows enabled (thesis §3.3), on private copies of the buffers so the
program's own data is untouched; the launch itself then runs whole as usual.
The timings go to the profile store, from which the models are fitted.
"""
from __future__ import annotations

import time
from typing import Any

import numpy as np
import pyopencl as cl

from skmd.runtime import faults, raw
from skmd.runtime.devices import PhysicalDevice
from skmd.runtime.split_plan import sub_launch_size
from skmd.runtime.kernels import ArgValue, KernelEntry, replay_args
from skmd.transform import Launch
from skmd.words import plural

#: stop adding larger group counts once one device's runs of a launch took this long
BUDGET_S = 2.0


class Profiler:
    def __init__(self, runtime: Any) -> None:
        self.rt = runtime
        self.seen: set[tuple] = set()
        self.kernels: dict[str, str] = {}  # key -> name
        self.stored = 0
        #: (kernel key, device label) -> profiles measured this run
        self.measured: dict[tuple[str, str], int] = {}
        self.skipped: dict[str, str] = {}
        self._progress: Any = None
        self._task: Any = None

    def _bar(self) -> Any:
        if self._progress is None:
            from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn
            self._progress = Progress(TextColumn("[bold]profiling[/bold] {task.description}"),
                                      BarColumn(), TextColumn("{task.completed}/{task.total}"),
                                      TimeElapsedColumn(), transient=False)
            self._progress.start()
            self._task = self._progress.add_task("", total=0)
        return self._progress

    def on_launch(self, queue: cl.CommandQueue, entry: KernelEntry, args: dict[int, ArgValue],
                  launch: Launch) -> None:
        sig = (entry.key, launch.global_size, launch.local_size,
               tuple(sorted(launch.scalars.items())))
        if sig in self.seen:
            return
        self.seen.add(sig)
        self.kernels[entry.key] = entry.name
        queue.finish()
        from skmd.predict.features import Sample
        from skmd.predict.registry import calibration_groups
        from skmd.predict.store import Profile
        counts = calibration_groups(launch.total_groups)
        base = Sample(groups_enabled=launch.total_groups, total_groups=launch.total_groups,
                      global_size=launch.global_size, local_size=launch.local_size,
                      scalars={int(k): float(v) for k, v in launch.scalars.items()},
                      buffer_bytes={int(k): int(v) for k, v in launch.buffer_sizes.items()},
                      cost=float(entry.analysis.cost(launch)))
        bar = self._bar()
        bar.update(self._task, total=bar.tasks[0].total + len(counts) * len(self.rt.devices))
        rows = []
        for dev in self.rt.devices:
            bar.update(self._task, description=f"{entry.name} on {dev.label}")
            try:
                times = self._device(queue, entry, args, launch, dev, counts)
            except cl.Error as exc:
                self.skipped[f"{entry.name}@{dev.label}"] = faults.first_line(exc)
                bar.advance(self._task, len(counts))
                continue
            for g, secs in times:
                rows.append(Profile(entry.key, dev.fingerprint, base.with_groups(g), secs))
            mkey = (entry.key, dev.label)
            self.measured[mkey] = self.measured.get(mkey, 0) + len(times)
            bar.advance(self._task, len(counts))
        store = self.rt.store
        if store is not None:
            self.stored += store.add_profiles(rows)

    def _device(self, queue: cl.CommandQueue, entry: KernelEntry, args: dict[int, ArgValue],
                launch: Launch, dev: PhysicalDevice, counts: list[int]) -> list[tuple[int, float]]:
        rt = self.rt
        home = dev is rt.home
        ctx = queue.context if home else dev.context
        q = rt.home_queue(queue.context) if home else dev.queue
        an = entry.analysis
        swap: dict[int, Any] = {}
        scratch = []
        for i, a in args.items():
            if a[0] != "obj" or not isinstance(a[1], cl.MemoryObjectHolder):
                continue
            buf = a[1]
            size = int(buf.size)
            if home:
                if an.args[i].written:
                    copy = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, max(size, 1))
                    raw.enqueue_copy_buffer(q, buf, copy, byte_count=size)
                    swap[i] = copy
                    scratch.append(copy)
            else:
                from skmd.runtime import buffers as bufmod
                st = bufmod.state_of(buf)
                st.fill_mirror(dev.label, dev.context, q, buf, rt.home_queue(queue.context),
                               0, size)
                m = st.mirrors[dev.label]
                swap[i] = m.buf
                if an.args[i].written:
                    m.version = -1  # profiling runs scribble on it
        k = rt.clone(entry, dev, ctx)
        replay_args(k, args, swap)
        n = entry.num_args
        sd = launch.split_dim
        raw.kernel_set_arg(k, n, np.uint64(launch.global_size[sd]))
        out = []
        spent = 0.0
        for g in counts:
            raw.kernel_set_arg(k, n + 1, np.uint64(0))
            raw.kernel_set_arg(k, n + 2, np.uint64(g))
            gs = sub_launch_size(launch, 0, g, an.launch_mode)
            best = float("inf")
            for _ in range(2):
                t = time.perf_counter()
                evt = raw.enqueue_nd_range_kernel(q, k, gs, launch.local_size, None, None,
                                                  False, False)
                evt.wait()
                wall = time.perf_counter() - t
                try:
                    secs = (evt.profile.end - evt.profile.start) * 1e-9
                except cl.Error:
                    secs = wall
                best = min(best, secs)
                spent += wall
            out.append((g, best))
            if spent > BUDGET_S and g != counts[-1]:
                # keep the whole launch where affordable: the model needs the far end
                g_last = counts[-1]
                if best * g_last / g > BUDGET_S:
                    break
                raw.kernel_set_arg(k, n + 2, np.uint64(g_last))
                gs = sub_launch_size(launch, 0, g_last, an.launch_mode)
                evt = raw.enqueue_nd_range_kernel(q, k, gs, launch.local_size, None, None,
                                                  False, False)
                evt.wait()
                try:
                    out.append((g_last, (evt.profile.end - evt.profile.start) * 1e-9))
                except cl.Error:
                    pass
                break
        for b in scratch:
            b.release()
        return out

    def finish(self) -> None:
        """Stop the progress bar and print what was learnt."""
        if self._progress is not None:
            self._progress.stop()
        from rich.console import Console
        from rich.table import Table
        console = Console(stderr=True, highlight=False)
        reg = self.rt.registry
        store = self.rt.store
        kept = store is not None and store.mode == "file"
        if not self.seen:
            console.print("skmd profile: no kernel launches to profile", highlight=False)
            return
        measured = sum(self.measured.values())
        # the devices' rows add up to it; identical devices share what is stored
        done = ("stored" if kept and self.stored == measured else
                f"measured ({self.stored} stored)" if kept else "measured (none kept)")
        # a line of its own: as the table's title it wrapped to the table's width
        title = (f"skmd profile: {plural(len(self.kernels), 'kernel')}, "
                 f"{plural(len(self.seen), 'launch shape')}, {plural(measured, 'profile')} "
                 f"{done}")
        t = Table()
        for col in ("kernel", "device", "profiles", "held-out error"):
            t.add_column(col, overflow="fold")
        names = list(self.kernels.values())
        for key, name in sorted(self.kernels.items(), key=lambda kv: kv[1]):
            if names.count(name) > 1:  # two programs, one kernel name: say which
                name = f"{name}@{key.rpartition(':')[0][:8]}"
            for dev in self.rt.devices:
                count = self.measured.get((key, dev.label), 0)
                acc = None
                if reg is not None:
                    try:
                        acc = reg.accuracy(key, dev.fingerprint)
                    except Exception:
                        acc = None
                t.add_row(name, dev.label, str(count),
                          "— (run `skmd profile` on another input)" if acc is None
                          else f"{acc * 100:.1f} %")
        console.print(title, highlight=False, soft_wrap=True)
        console.print(t)
        console.print("profiles: measured on the device this run; held-out error: of the "
                      "model fitted to every profile stored for devices like it",
                      highlight=False, soft_wrap=True)
        for what, why in self.skipped.items():
            console.print(f"[yellow]skipped {what}: {why}[/yellow]")


def start(rt: Any) -> None:
    """``rt`` profiles every launch from now on (``skmd profile``): the models are
    imported and set-up settled first, since nothing a profiling run measures may
    wait for a thread."""
    rt.make_registry()
    rt.background.settle()
    rt.background.lazy = False
    rt.profiler = Profiler(rt)
    if rt.store is not None:  # profiles name devices by fingerprint: say which
        for d in rt.devices:
            rt.store.put_device(d.fingerprint, d.label, d.name, d.platform_name,
                                d.kind, d.compute_units, d.global_mem)


def finish(rt: Any) -> None:
    """The profiling run's end: what it measured goes to the store."""
    if rt.profiler is not None:
        rt.profiler.finish()
        rt.profiler = None
