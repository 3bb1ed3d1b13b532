"""Running one kernel launch split over several devices, and merging the results.

Given the shares a policy chose, this moves to each helper device only the bytes
its work-groups need (coherence decides what is already there), runs every
device's rows concurrently, brings back what they wrote and merges it into the
application's buffers on the home device, so that when it returns the program
sees exactly what one device would have left.
"""
from __future__ import annotations

import threading
import time
from typing import Any, Callable

import numpy as np
import pyopencl as cl

from skmd.decide.locations import reads_mapped
from skmd.records import LaunchRecord, Piece
from skmd.runtime import buffers as bufmod
from skmd.runtime import faults, homecoming, mapped_reads, placement, pools, raw, staging
from skmd.runtime.fold_outputs import OutputMerge
from skmd.runtime.devices import PhysicalDevice
from skmd.runtime.kernels import ArgValue, KernelEntry, replay_args
from skmd.runtime.split_plan import BufferPlan, Share, plan_buffers, sub_launch_size
from skmd.transform import Launch


#: a helper reading host memory in place that waited longer than this for the rows
#: home read into it (:meth:`SplitRun._prefetch`) shows the wait in the run log
WAIT_SHOWN_S = 1e-4


class SplitRun:
    """One split launch in flight: its devices, buffers, timings and record."""

    def __init__(self, runtime: Any, queue: cl.CommandQueue, entry: KernelEntry,
                 args: dict[int, ArgValue], launch: Launch, shares: list[Share],
                 record: LaunchRecord, lazy: bool = False,
                 original: cl.Kernel | None = None) -> None:
        self.rt = runtime
        #: the program's own kernel, its arguments set: run instead of the
        #: partition-ready one when home runs every row (no build needed to time it)
        self.original = original
        self.queue = queue
        self.entry = entry
        self.args = args
        self.launch = launch
        self.shares = [s for s in shares if s.groups > 0]
        if len({s.dev.label for s in self.shares}) != len(self.shares):
            raise ValueError("a split needs one range per device")
        self.record = record
        # lazy: one helper device runs it all and keeps the result (graph mode)
        self.lazy = lazy and len(self.shares) == 1 and self.shares[0].dev is not runtime.home
        self.home: PhysicalDevice = runtime.home
        self.hq: cl.CommandQueue = runtime.home_queue(queue.context)
        #: what comes home before the launch is written there on this queue: in graph
        #: mode the copy queue, alongside kernels queued on home meanwhile (the graph
        #: keeps those off a buffer whose newest bytes are elsewhere), not behind them
        self.sync_queue: cl.CommandQueue = (runtime.copy_queue(queue.context) if lazy
                                            else self.hq)
        self.t0 = runtime.t0
        self.lock = threading.Lock()
        self.home_event: cl.Event | None = None
        #: graph mode: called once a run whole on one device is enqueued and its
        #: buffers' states say so; a successor on that device's in-order queue may then
        #: be enqueued
        self.on_enqueued: Callable[[], None] | None = None
        #: a lazy run told its successors before its kernel ended
        self.chained = False
        #: helpers its kernel was enqueued on
        self.launched: set[str] = set()
        #: graph mode: a kernel on another device reads what this lazy run writes; it
        #: is read into host memory right behind the kernel (``BufferState.push_host``)
        self.push_host = False

    # -- timing helpers -------------------------------------------------------
    def _piece(self, dev: str, kind: str, start: float, end: float, label: str = "",
               nbytes: int = 0) -> None:
        with self.lock:
            self.record.pieces.append(Piece(dev, kind, start - self.t0, end - self.t0,
                                            label, nbytes))
            if nbytes and kind in ("h2d", "d2h"):
                key = f"host->{dev}" if kind == "h2d" else f"{dev}->host"
                self.record.bytes_moved[key] = self.record.bytes_moved.get(key, 0) + nbytes

    def run(self) -> None:
        rec = self.record
        if (self.original is not None and not self.lazy
                and [s.dev for s in self.shares] == [self.home]):
            self._run_original()
            rec.shares = {self.home.label: self.launch.total_groups}
            rec.ranges = {self.home.label: (0, self.launch.total_groups)}
            return
        plans = plan_buffers(self.entry, self.args, self.launch, self.shares, self.home.label,
                             self.lazy)
        if not self.lazy:
            for bp in plans:  # the program's own memory may have changed since: copied anew
                if bp.read and bp.state.home_valid and bufmod.seen_by_host(bp.state, bp.root):
                    bp.state.written()
            self._bring_home(plans, any(s.dev is self.home for s in self.shares), True)
        self._run(plans)
        rec.shares = {s.dev.label: s.groups for s in self.shares}
        rec.ranges = {s.dev.label: (s.first, s.last) for s in self.shares}

    def _run_original(self) -> None:
        """The program's own kernel, every row on home, timed: buffers whose newest
        bytes are elsewhere come home whole first, as for a launch run whole, and no
        byte range is worked out (milliseconds of symbolic work on a kernel's first
        timed launch, the launch waiting)."""
        homecoming.sync_args((b for _, b in self.entry.buffer_args(self.args)),
                             lambda _: self.hq)
        t = time.perf_counter()
        evt = self.home_event = self._launch_home(0, self.launch.total_groups, "")
        raw.event_wait(evt)
        self._kernel_piece(self.home.label, evt, t)
        for b in self.entry.written_buffers(self.args):
            bufmod.note_written(b)

    def _run(self, plans: list[BufferPlan]) -> None:
        entry, hq = self.entry, self.hq
        mode = entry.analysis.launch_mode
        home_share = next((s for s in self.shares if s.dev is self.home), None)
        others = [s for s in self.shares if s.dev is not self.home]
        # Chosen before the launch: a diff merge needs snapshots taken on home now.
        merger = OutputMerge.prepare(self, plans, bool(others))

        if others:
            self._prefetch(plans, others)

        if home_share is None and len(others) == 1:  # nothing to overlap: no hand-off
            futures = [(others[0], pools.called(self._helper, others[0], plans, mode))]
        else:  # (run here in turn where the pool no longer takes work: at exit)
            futures = [(sh, pools.submit(self.rt.pool, self._helper, sh, plans, mode))
                       for sh in others]
        if not self.lazy:  # helpers take their parts from the host meanwhile
            self._bring_home(plans, home_share is not None, False)
        home_evt = None
        if home_share is not None:
            home_evt = self._launch_home(home_share.first, home_share.last, mode)
            self.home_event = home_evt
        t_home_enq = time.perf_counter()
        early = self.on_enqueued is not None and not others and home_evt is not None
        if early:  # home's queue orders its successors; the states may say so now
            self._written(plans, [])
            self.on_enqueued()
        results = []
        done = []
        for sh, fut in futures:
            try:
                results.append(fut.result())
                done.append(sh)
            except Exception as exc:  # the device is out for this kernel; home runs its rows
                if self.chained:  # successors may be queued behind it on the device
                    raise
                self._helper_failed(sh, plans, exc)
                for bp in plans:  # home holds only what its own rows read: now all
                    if bp.read or not bp.stays:  # (not an output rewritten whole)
                        homecoming.sync_home(bp.state, bp.root, hq)
                evt = self._launch_home(sh.first, sh.last, mode)
                raw.event_wait(evt)
                self._kernel_piece(self.home.label, evt, time.perf_counter(), extra=True)
        others = done

        if home_evt is not None:
            raw.event_wait(home_evt)
            self._kernel_piece(self.home.label, home_evt, t_home_enq)
        # Merge helpers' outputs into the application's buffers.
        t_m = time.perf_counter()
        merge_bytes = 0
        for s, outs in zip(others, results):
            merge_bytes += merger.helper(s, outs, sub_launch_size(self.launch, s.first,
                                                                  s.last, mode))
        self.record.merge = merger.method
        merged = any(results)
        if merged or merger.origs:
            # only then: in graph mode the home queue may be running other kernels
            raw.queue_finish(hq)
        for outs in results:
            for _, _, host in outs:
                staging.give(host)
        t_m_end = time.perf_counter()
        if merged:
            self.record.merge_s = t_m_end - t_m
            self._piece(self.home.label, "merge", t_m, t_m_end, self.entry.name, merge_bytes)

        if not early:
            self._written(plans, others)

    def _bring_home(self, plans: list[BufferPlan], home_runs: bool, whole: bool) -> None:
        """What home needs (queued ahead of its kernel): outputs whole before the
        helpers start, then the ranges its rows read while the helpers take theirs
        from the host (a device reading host memory in place need not wait for
        home's link)."""
        t = time.perf_counter()
        moved = placement.bring_home(self.rt, plans, home_runs, self.sync_queue, whole)
        ahead = moved.pop("upload", 0)
        if ahead:  # on home before the launch: bytes, no link time of its own
            key = f"host->{self.home.label} with the upload"
            self.record.bytes_moved[key] = self.record.bytes_moved.get(key, 0) + ahead
        if moved:
            self._piece(self.home.label, "h2d", t, time.perf_counter(), "sync",
                        sum(moved.values()))

    def _written(self, plans: list[BufferPlan], others: list[Share]) -> None:
        """Coherence: written buffers move to a new version; helpers keep what they
        computed."""
        for bp in plans:
            if not bp.written or self.lazy:
                continue
            bp.state.written()
            if bp.contiguous:
                for s in others:
                    m = bp.state.mirrors.get(s.dev.label)
                    lo, hi = bp.out_slice[s.dev.label]
                    if m is not None and hi > lo:
                        m.version = bp.state.version
                        m.valid = bufmod.IntervalSet([(lo, hi)])
            if bp.stays:
                placement.results_stay(bp, [s.dev.label for s in others])

    def _prefetch(self, plans: list[BufferPlan], others: list[Share]) -> None:
        """Start reading what the helpers need from the home device before it computes.

        A read queued behind the home sub-kernel would wait for it, and the helpers
        with it: inputs the kernel only reads are read on a copy queue alongside it;
        those it also writes are read first on its own queue.  In graph mode (lazy)
        home runs none of this kernel's rows, and the graph keeps kernels that touch
        the same buffers apart, so everything is read on the copy queue, never behind
        other kernels running on home meanwhile.
        """
        cq = self.rt.copy_queue(self.queue.context)
        moved = 0
        for bp in plans:
            ranges = [r for s in others for r in bp.need.get(s.dev.label, [])]
            if ranges:
                q = self.hq if bp.written and not self.lazy else cq
                moved += bp.state.prefetch_host(bp.root, q, ranges)
        if moved:  # its time shows in the helpers' h2d pieces, which wait for it
            raw.queue_flush(cq)
            key = f"{self.home.label}->host"
            with self.lock:
                self.record.bytes_moved[key] = self.record.bytes_moved.get(key, 0) + moved

    def _launch_home(self, first: int, last: int, mode: str) -> cl.Event:
        if self.original is not None and (first, last) == (0, self.launch.total_groups):
            return raw.enqueue_nd_range_kernel(self.hq, self.original,
                                               self.launch.global_size,
                                               self.launch.local_size, None, None,
                                               False, False)
        k = self.rt.clone(self.entry, self.home, self.queue.context)
        replay_args(k, self.args, {})
        self._trailing(k, Share(self.home, first, last))
        gs = sub_launch_size(self.launch, first, last, mode)
        return raw.enqueue_nd_range_kernel(self.hq, k, gs, self.launch.local_size, None,
                                           None, False, False)

    def _helper_failed(self, sh: Share, plans: list[BufferPlan], exc: Exception) -> None:
        label = sh.dev.label
        why = faults.first_line(exc)
        self.entry.excluded[label] = why
        self.record.notes.append(f"{label} failed ({why}); its rows {sh.first}-{sh.last} "
                                 f"ran on {self.home.label}")
        self.rt.failures.append((self.entry.name, label, why))
        if self.lazy and label not in self.launched:
            # its kernel never ran: the device's copies hold what kernels before it
            # left there (perhaps the only copies), once those have ended; home first
            try:
                raw.queue_finish(sh.dev.queue)
            except cl.Error:
                pass
            self.lazy = False
            for bp in plans:
                homecoming.sync_home(bp.state, bp.root, self.hq)
        for bp in plans:  # whatever it wrote to its copies is not to be trusted
            m = bp.state.mirrors.get(label)  # (what it only read may be the sole copy)
            if m is not None and bp.written:
                m.version = -1
        if self.lazy:  # nothing was kept elsewhere: the home copy must be current
            self.lazy = False
            for bp in plans:
                homecoming.sync_home(bp.state, bp.root, self.hq)

    def _trailing(self, k: cl.Kernel, s: Share) -> None:
        n = self.entry.num_args
        sd = self.launch.split_dim
        k.set_arg(n, np.uint64(self.launch.global_size[sd]))
        k.set_arg(n + 1, np.uint64(s.first))
        k.set_arg(n + 2, np.uint64(s.last))

    def _kernel_piece(self, label: str, evt: cl.Event, t_enq: float, extra: bool = False,
                      slowed: float = 0.0) -> None:
        try:
            start_ns, end_ns = evt.profile.start, evt.profile.end
            dur = (end_ns - start_ns) * 1e-9
        except cl.Error:
            dur = time.perf_counter() - t_enq
        dur += slowed
        end = time.perf_counter()
        if not extra:
            self.record.measured[label] = dur
        self._piece(label, "kernel", end - dur, end, self.entry.name)

    @staticmethod
    def _holds(bp: BufferPlan, label: str) -> bool:
        """Whether ``label``'s own copy holds what it needs of ``bp`` now: a result a
        kernel there left (perhaps still being written on its queue), read in place."""
        with bp.state.lock:
            m = bp.state.mirrors.get(label)
            return (m is not None and m.version == bp.state.version
                    and all(m.valid.covers(lo, hi) for lo, hi in bp.need.get(label, [])))

    def _helper(self, s: Share, plans: list[BufferPlan], mode: str
                ) -> list[tuple[BufferPlan, tuple[int, int], np.ndarray]]:
        dev = s.dev
        q = dev.queue
        swap: dict[int, Any] = {}
        t = time.perf_counter()
        sent = 0
        for bp in plans:
            if not bp.written and dev.zero_copy and not self._holds(bp, dev.label):
                # zero copy: the device reads the host shadow itself
                t_v = time.perf_counter()
                view = bp.state.host_view(dev.label, dev.context, bp.root, self.hq,
                                          bp.need.get(dev.label, []))
                if time.perf_counter() - t_v > WAIT_SHOWN_S:  # home's reads for it
                    self._piece(self.home.label, "d2h", t_v, time.perf_counter(),
                                f"{self.entry.name} for {dev.label}")
                for i in bp.arg_indices:
                    swap[i] = view
                continue
            if bp.reduce_elem:
                # a zeroed copy the device adds into; it never holds the buffer's data
                m = bp.state.mirror(dev.label, dev.context, dev.copy_queue)
                with bp.state.lock:
                    m.version = -1
                    m.valid = bufmod.IntervalSet()
                raw.enqueue_fill_buffer(q, m.buf, np.zeros(1, np.uint8), 0, bp.state.size,
                                        None)
                for i in bp.arg_indices:
                    swap[i] = m.buf
                continue
            # others read this device's copy through its copy queue, not behind its kernels;
            # so are its missing bytes written, alongside kernels still running there (the
            # graph keeps those off the ranges written)
            bp.state.mirror(dev.label, dev.context, dev.copy_queue)
            for lo, hi in bp.need.get(dev.label, []):
                n, took = bp.state.fill_mirror(dev.label, dev.context, dev.copy_queue,
                                               bp.root, self.hq, lo, hi)
                self.rt.link_rates.observe(dev.label, "h2d", n, took)
                sent += n
            m = bp.state.mirror(dev.label, dev.context, q)
            for i in bp.arg_indices:
                swap[i] = m.buf
        if sent:
            self._piece(dev.label, "h2d", t, time.perf_counter(), self.entry.name, sent)
        k = self.rt.clone(self.entry, dev, dev.context)
        replay_args(k, self.args, swap)
        self._trailing(k, s)
        gs = sub_launch_size(self.launch, s.first, s.last, mode)
        faults.maybe_fail(dev.label, "launch")
        t_enq = time.perf_counter()
        evt = raw.enqueue_nd_range_kernel(q, k, gs, self.launch.local_size, None,
                                             None, False, False)
        self.launched.add(dev.label)
        chained = self.lazy and self.on_enqueued is not None
        if chained:  # the device's queue orders its successors there; the states say so
            self.chained = True
            for bp in plans:
                if bp.written:
                    bp.state.written_on(dev.label, bp.root)
                    # before kernels queued behind it there: a host-unified device
                    # (PoCL's CPU) was seen to run a copy only between its kernels; a
                    # GPU's copy queue reads alongside them instead
                    if self.push_host and dev.host_unified:
                        bp.state.push_host(dev.label, q)
            self.on_enqueued()
        raw.event_wait(evt)
        slowed = faults.slow_down(dev.label, time.perf_counter() - t_enq)
        self._kernel_piece(dev.label, evt, t_enq, slowed=slowed)
        outs = []
        t = time.perf_counter()
        got = 0
        for bp in plans:
            if not bp.written:
                continue
            if self.lazy:
                if not chained:
                    bp.state.written_on(dev.label, bp.root)
                continue
            m = bp.state.mirrors[dev.label]
            lo, hi = bp.out_slice[dev.label] if bp.contiguous else (0, bp.state.size)
            if hi <= lo or bp.stays:  # staying: read from the helper when needed
                continue
            host = staging.take(hi - lo)
            t_read = time.perf_counter()
            mapped_reads.read(q, m.buf, host, lo, reads_mapped(dev.zero_copy, False))
            self.rt.link_rates.observe(dev.label, "d2h", hi - lo, time.perf_counter() - t_read)
            got += hi - lo
            outs.append((bp, (lo, hi), host))
        if got:
            self._piece(dev.label, "d2h", t, time.perf_counter(), self.entry.name, got)
        return outs
