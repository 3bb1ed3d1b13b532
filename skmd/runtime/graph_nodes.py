"""Running a scheduled graph batch: each kernel a node, on the devices its schedule gives.

Each node runs when its predecessors are done and its devices are free, or,
whole on one device after predecessors whole there, on that device's in-order
queue behind them as soon as they are enqueued.  A batch held back, or too
short to schedule, runs whole on the home device in program order.  What is
here is mixed into :class:`skmd.runtime.graph_mode.GraphBatch`, which owns the
state (``rt``, ``node_pool``, ``dev_locks``, ``last_graph``).
"""
from __future__ import annotations

import threading
import time
from concurrent.futures import Future
from typing import Any

import pyopencl as cl

from skmd import config, mkmd_graph
from skmd.records import LaunchRecord
from skmd.runtime import buffers as bufmod
from skmd.runtime import graph_commands, homecoming, pools, raw
from skmd.runtime.executor import Share, SplitRun
from skmd.runtime.graph_commands import Deferred
from skmd.runtime.kernels import args_of, replay_args
from skmd.runtime.prefetch import StagedSends


class _Held:
    """The helper locks a node holds, released once: when its kernel, whole on one
    helper, is on that helper's in-order queue (what follows it there may then be
    enqueued behind it), else when the node ends."""

    def __init__(self, locks: list[threading.Lock]) -> None:
        self.locks = locks
        self.guard = threading.Lock()

    def release(self) -> None:
        with self.guard:
            locks, self.locks = self.locks, []
        for lk in reversed(locks):
            lk.release()


class NodeRunner:
    """How a batch's kernels run: in program order, or as the schedule's nodes."""

    rt: Any
    node_pool: Any
    dev_locks: dict[str, threading.Lock]
    last_graph: Any
    lock: Any
    helper_chained: int

    def _run_in_order(self, batch: list[Deferred], reason: str,
                      wait: bool = True) -> list[cl.Event]:
        """The program's own kernels, whole on the home device, in its order; their
        events.  ``wait``: return once they have ended."""
        homecoming.sync_args([a[1] for d in batch for a in d.args.values() if a[0] == "obj"],
                         lambda app: self.rt.home_queue(app.context))
        replayed = {id(d.kernel): d.kernel for d in batch if d.kernel is not None}
        events = []
        try:
            for d in batch:
                if d.kernel is None:
                    self._run_node(d, [(self.rt.home, 0, d.launch.total_groups)], "inorder")
                    continue
                replay_args(d.kernel, d.args, {})
                ls = d.launch.program_local_size
                t_call = time.perf_counter()
                evt = raw.enqueue_nd_range_kernel(d.queue, d.kernel, d.launch.global_size,
                                                  ls, None, None, False, False)
                for b in d.entry.written_buffers(d.args):
                    bufmod.note_written(b)
                self.rt.recorder.note_whole(d.entry, d.launch.global_size, ls, reason, evt,
                                            t_call, d.queue)
                events.append(evt)
        finally:
            # the program's kernel objects hold its arguments again: the launch that
            # made this batch run (or a later one of arguments set before) uses them
            for k in replayed.values():
                replay_args(k, args_of(k), {})
        if wait:
            self._drain(batch)
        return events

    @staticmethod
    def _drain(batch: list[Deferred]) -> None:
        """Wait for everything on the batch's queues: each queue once (its kernels end
        in order, and a finish is a driver call, a wait on a GPU, per kernel otherwise)."""
        for q in graph_commands.queues(batch):
            raw.queue_finish(q)

    def _all_home(self, batch: list[Deferred], sched: mkmd_graph.Schedule) -> bool:
        """Whether ``sched`` runs every kernel of ``batch`` whole on the home device."""
        return all(self._whole_on_home(self._ranges(sched, d.id)) for d in batch)

    def _execute(self, batch: list[Deferred], sched: mkmd_graph.Schedule) -> None:
        settings = self.rt.settings
        by_id = {d.id: d for d in batch}
        graph = self.last_graph
        order = sorted(by_id, key=lambda n: sched.span(n)[0] if sched.node_slots(n) else 0.0)
        ranges = {n: self._ranges(sched, n) for n in order}
        sends = None
        if settings.send_ahead:
            sends = StagedSends(self.rt)
            try:
                sends.start([(by_id[n], ranges[n]) for n in order])
            except Exception:
                sends.settle()  # nothing sent ahead; each kernel fetches its own
                sends = None
        futures: dict[int, Future] = {}
        # done[n]: node n's results are in place (its task goes on to learn from them)
        done: dict[int, Future] = {n: Future() for n in order}
        # queued[n]: node n, whole on one device, is on that device's in-order queue; a
        # successor also whole there need not wait for more (SKMD_CHAIN_HOME,
        # SKMD_CHAIN_HELPERS): the queue runs it after n, with no host wait between
        solo = {n: self._solo(ranges[n], settings) for n in order}
        queued = {n: Future() for n in order if solo[n] is not None}
        # whole on one helper, read by a kernel elsewhere: its results go to host memory
        # right behind it, not behind the next kernels queued on that helper
        home = self.rt.home.label
        push = {n for n in queued if solo[n] != home and any(
            s in solo and solo[s] != solo[n] for s in graph.successors(n))}
        try:
            for n in order:
                chained = [p for p in graph.predecessors(n)
                           if p in futures and p in queued and solo[p] == solo[n]]
                preds = [queued[p] if p in chained else done[p]
                         for p in graph.predecessors(n) if p in futures]
                # (at exit, where the pool takes no more work: run here, in this order)
                futures[n] = pools.submit(self.node_pool, self._node_task, by_id[n],
                                          ranges[n], preds, sends, done[n], queued.get(n),
                                          n in push)
            errors = []
            for n in order:
                try:
                    futures[n].result()
                except Exception as exc:
                    errors.append(exc)
        finally:
            for f in futures.values():
                f.exception()  # every task is over before the sends are settled
            if sends is not None:
                sends.settle()
        if errors:
            raise errors[0]

    def _ranges(self, sched: mkmd_graph.Schedule, n: int) -> list[tuple[Any, int, int]]:
        """One contiguous range of work-groups per device the schedule gives node ``n``."""
        counts: dict[str, int] = {}
        for s in sched.node_slots(n):
            if s.kind == "run" and s.groups[1] > s.groups[0]:
                counts[s.device] = counts.get(s.device, 0) + s.groups[1] - s.groups[0]
        # a device may hold several slots of a kernel; which rows go where does not
        # matter, how many does
        ranges = []
        cur = 0
        for dev in self.rt.order:
            k = counts.get(dev.label, 0)
            if k:
                ranges.append((dev, cur, cur + k))
                cur += k
        return ranges

    def _whole_on_home(self, ranges: list[tuple[Any, int, int]]) -> bool:
        return all(dev is self.rt.home for dev, _, _ in ranges)

    def _solo(self, ranges: list[tuple[Any, int, int]], settings: config.Settings
              ) -> str | None:
        """The device a node runs whole on, where chaining there is on; else None."""
        devs = {dev for dev, _, _ in ranges} or {self.rt.home}
        if len(devs) != 1:
            return None
        dev = devs.pop()
        on = settings.chain_home if dev is self.rt.home else settings.chain_helpers
        return dev.label if on else None

    def _node_task(self, d: Deferred, ranges: list[tuple[Any, int, int]],
                   preds: list[Future], sends: StagedSends | None = None,
                   done: Future | None = None, queued: Future | None = None,
                   push: bool = False) -> None:
        try:
            for p in preds:
                p.result()
            self._run_node(d, ranges, self.rt.settings.mode, sends, done, queued, push)
        except BaseException as exc:
            for f in (queued, done):
                if f is not None and not f.done():
                    f.set_exception(exc)  # its successors fail rather than run on
            raise

    def _run_node(self, d: Deferred, ranges: list[tuple[Any, int, int]], mode: str,
                  sends: StagedSends | None = None, done: Future | None = None,
                  queued: Future | None = None, push: bool = False) -> None:
        """Run one kernel of a graph; ``done`` is set once its results are in place and
        its devices free, before the models learn from it (successors need not wait);
        ``queued``, for a kernel whole on one device, once it is on that device's
        in-order queue; ``push``: a kernel elsewhere reads its results (see
        ``BufferState.push_host``)."""
        rt = self.rt
        if not ranges:
            ranges = [(rt.home, 0, d.launch.total_groups)]
        # The home device is not locked: its rows go to skmd's in-order home queue,
        # behind whatever runs there, while the helpers start at once (a plan that
        # gives a kernel a sliver of home after another kernel must not hold the
        # helpers' rows back until then).  The graph keeps nodes that run at the
        # same time off each other's buffers.
        labels = sorted({dev.label for dev, _, _ in ranges if dev is not rt.home})
        locks = [self.dev_locks[lb] for lb in labels]
        for lk in locks:
            lk.acquire()
        held = _Held(locks)
        try:
            with rt.recorder.seq_lock:
                rt.recorder.seq += 1
                seq = rt.seq
            rec = LaunchRecord(run_id=rt.run_id, seq=seq, kernel=d.entry.name,
                               program=d.entry.key.rpartition(":")[0][:8],
                               total_groups=d.launch.total_groups,
                               global_size=d.launch.global_size,
                               local_size=d.launch.local_size,
                               policy=self.rt.settings.policy, mode=mode, node=d.id)
            d.record = rec
            t0 = time.perf_counter()
            run = SplitRun(rt, d.queue, d.entry, d.args, d.launch,
                           [Share(dev, a, b) for dev, a, b in ranges], rec, lazy=True)
            if sends is not None:
                sends.wait_for(d, ranges, run._piece)
            run.push_host = push
            if queued is not None:
                def enqueued() -> None:
                    # whole on one device: its in-order queue orders whatever follows
                    held.release()
                    queued.set_result(None)
                run.on_enqueued = enqueued
            run.run()
            rec.wall_s = time.perf_counter() - t0
        finally:
            held.release()
        if run.chained:
            with self.lock:
                self.helper_chained += 1
        if queued is not None and not queued.done():  # none was enqueued: no kernel
            queued.set_result(None)
        if done is not None:
            done.set_result(None)
        rt.learn(d.entry, d.launch, rec)
        rt.keep_record(rec)
