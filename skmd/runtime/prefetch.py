"""Staged inputs sent ahead: graph mode's uploads start with the batch, not with their kernel.

A whole-buffer upload in graph mode waits in page-locked host memory (see
``SKMD_STAGE_UPLOADS``) until a kernel needs it, and was then written by that
kernel's own task, on the device's kernel queue, once its predecessors had
finished: a transfer on the critical path, with the link idle before it.  As a
batch starts, :class:`StagedSends` writes every staged buffer that some kernel of
the batch reads to each device the schedule runs that kernel on, in schedule
order, on the devices' copy queues, alongside the kernels before it.  A kernel's
task waits only for the sends of its own buffers to its own devices; the copy
is marked valid when its write has completed, so coherence never trusts bytes in
flight.

Only buffers no kernel of the batch writes are sent: their content is the same
for every reader of the batch, and no kernel can overwrite a copy while a send
to it is in flight.  Every send is waited for before the batch returns.
"""
from __future__ import annotations

import threading
import time
from dataclasses import dataclass
from typing import Any, Callable, Sequence

import pyopencl as cl

from skmd.runtime import buffers as bufmod
from skmd.runtime import raw
from skmd.runtime.split_plan import Share, plan_buffers


@dataclass
class Sent:
    """One staged buffer on its way to one device."""
    state: bufmod.BufferState
    label: str
    home: bool
    ranges: list[tuple[int, int]]
    version: int
    event: cl.Event
    nbytes: int
    enqueued: float
    #: host time the write was seen complete (its callback, else the first waiter)
    done: float | None = None
    #: the send queued before it on the same queue (it starts after that one ends)
    after: "Sent | None" = None
    recorded: bool = False


class StagedSends:
    """The sends of one batch; see the module docstring."""

    def __init__(self, runtime: Any) -> None:
        self.rt = runtime
        self.sent: dict[tuple[int, str], Sent] = {}
        self.lock = threading.Lock()

    def start(self, nodes: Sequence[tuple[Any, list[tuple[Any, int, int]]]]) -> int:
        """Send ahead for ``nodes`` — (deferred kernel, its (device, first, last)
        ranges) in schedule order; returns the bytes sent."""
        rt = self.rt
        written = {bufmod.root_of(b).int_ptr for d, _ in nodes
                   for b in d.entry.written_buffers(d.args)}
        last: dict[int, Sent] = {}
        total = 0
        for d, ranges in nodes:
            shares = [Share(dev, a, b) for dev, a, b in ranges] or [
                Share(rt.home, 0, d.launch.total_groups)]
            args = d.entry.analysis.args
            for bp in plan_buffers(d.entry, d.args, d.launch, shares, rt.home.label):
                if (bp.written or bp.reduce_elem or bp.root.int_ptr in written
                        or not any(args[i].read for i in bp.arg_indices)):
                    continue
                for sh in shares:
                    sent = self._send(d, bp, sh.dev, last)
                    total += sent.nbytes if sent is not None else 0
        return total

    def _send(self, d: Any, bp: Any, dev: Any, last: dict[int, Sent]) -> Sent | None:
        rt = self.rt
        key = (bp.root.int_ptr, dev.label)
        if key in self.sent:
            return None
        home = dev is rt.home
        if home:
            queue, target, ranges = rt.copy_queue(d.queue.context), bp.root, [(0, bp.state.size)]
        else:
            ranges = bp.need.get(dev.label) or []
            if dev.zero_copy or not ranges:
                return None  # a host-unified device reads the shadow itself
            queue = dev.copy_queue
            target = bp.state.mirror(dev.label, dev.context, queue).buf
        t = time.perf_counter()
        r = bp.state.send_staged(dev.label, queue, target, ranges, home)
        if r is None:
            return None
        evt, version, nbytes = r
        s = Sent(bp.state, dev.label, home, ranges, version, evt, nbytes, t,
                 after=last.get(id(queue)))
        last[id(queue)] = s
        try:
            evt.set_callback(cl.command_execution_status.COMPLETE,
                             lambda _status, s=s: setattr(s, "done", time.perf_counter()))
        except (cl.Error, AttributeError, TypeError):
            pass  # the first waiter's clock stands in
        self.sent[key] = s
        return s

    def wait_for(self, d: Any, ranges: list[tuple[Any, int, int]],
                 note: Callable[..., None]) -> None:
        """Before ``d`` runs on its devices: wait for its buffers' sends there, mark
        the copies valid, and note each send once, as a piece of the first reader's
        launch (``note``: its :meth:`SplitRun._piece`)."""
        labels = {dev.label for dev, _, _ in ranges} or {self.rt.home.label}
        roots = {bufmod.root_of(b).int_ptr for _, b in d.entry.buffer_args(d.args)}
        mine = [self.sent[k] for k in ((r, lb) for r in roots for lb in labels)
                if k in self.sent]
        if not mine:
            return
        for s in mine:  # one by one: the devices' events belong to different contexts
            raw.event_wait(s.event)
        seen = time.perf_counter()
        for s in mine:
            s.state.staged_arrived(s.label, s.version, s.ranges, s.home)
            with self.lock:
                if s.recorded:
                    continue
                s.recorded = True
            end = s.done if s.done is not None else seen
            start = max(s.enqueued, s.after.done if s.after is not None and
                        s.after.done is not None else s.enqueued)
            note(s.label, "h2d", start, max(start, end), "staged", s.nbytes)

    def settle(self) -> None:
        """Wait for every send (the batch is over: nothing may be in flight after it)."""
        for s in self.sent.values():
            raw.event_wait(s.event)
        self.sent.clear()
