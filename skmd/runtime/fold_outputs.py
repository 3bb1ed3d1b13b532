"""Folding the helpers' outputs into the application's buffers on the home device.

Per written buffer of a split launch: contiguous outputs are written back as
slices, buffers only updated by additive atomics are summed, and discontiguous
outputs are merged by the kernel's generated merge kernel where it has one
(:mod:`skmd.runtime.merge_generated`), else by byte differences against a snapshot
taken before the launch (:func:`skmd.runtime.merge_diff.diff_merge`).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

import numpy as np
import pyopencl as cl

from skmd.runtime import merge_diff as mergemod
from skmd.runtime import faults, homecoming, merge_generated, raw



@dataclass
class OutputMerge:
    """How one split launch merges; made before the launch, used after it."""
    run: Any  # the SplitRun: its home queue, context, entry, arguments, launch, record
    plans: Sequence[Any]
    kernel: cl.Kernel | None = None
    #: pre-launch copies of the outputs merged by byte differences, by plan id
    origs: dict[int, cl.Buffer] = field(default_factory=dict)
    methods: set[str] = field(default_factory=set)

    @classmethod
    def prepare(cls, run: Any, plans: Sequence[Any], helpers: bool) -> "OutputMerge":
        """Choose the merge and take the snapshots a diff merge needs (before the launch)."""
        m = cls(run, plans)
        diff = [bp for bp in plans if bp.written and not bp.contiguous and not bp.reduce_elem]
        if not helpers or run.lazy or not diff:  # lazy: the helper's copy is kept
            return m
        m.kernel = m._choose_kernel()
        if m.kernel is None:
            for bp in diff:
                o = cl.Buffer(run.queue.context, cl.mem_flags.READ_WRITE,
                              max(bp.state.size, 1))
                raw.enqueue_copy_buffer(run.hq, bp.root, o, byte_count=bp.state.size)
                m.origs[id(bp)] = o
        return m

    def _choose_kernel(self) -> cl.Kernel | None:
        run, entry = self.run, self.run.entry
        setting = run.rt.settings.merge
        why = merge_generated.unusable(entry, setting, [bp for bp in self.plans if bp.written])
        k = merge_generated.build(entry, run.home, run.queue.context) if why is None else None
        if k is None and setting == "kernel" and entry.analysis.merge_kernel:
            run.record.notes.append("merged by byte differences: "
                                    f"{why or entry.merge_failed or 'no merge kernel'}")
        return k

    @property
    def method(self) -> str:
        return "+".join(sorted(self.methods))

    def helper(self, s: Any, outs: Sequence[tuple[Any, tuple[int, int], np.ndarray]],
               global_size: tuple[int, ...]) -> int:
        """Merge one helper's outputs (``outs``: plan, byte range, host copy); bytes merged."""
        run = self.run
        hq, ctx = run.hq, run.queue.context
        parts: dict[int, Any] = {}
        n = 0
        for bp, (lo, hi), host in outs:
            n += hi - lo
            if bp.contiguous:
                raw.enqueue_write_buffer(hq, bp.root, host, dst_offset=lo, is_blocking=False)
                self.methods.add("slice")
                continue
            part = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, max(bp.state.size, 1))
            raw.enqueue_write_buffer(hq, part, host, is_blocking=False)
            if bp.reduce_elem:
                mergemod.add_merge(hq, bp.root, part, bp.state.size, bp.reduce_elem)
                self.methods.add("add")
            elif self.kernel is not None:
                parts[bp.arg_indices[0]] = part
            else:
                mergemod.diff_merge(hq, bp.root, part, self.origs[id(bp)], bp.state.size)
                self.methods.add("diff")
        if parts:
            # home runs the helper's rows again: what they read must be on home, not
            # only what home's own rows read (a split before may have left it elsewhere)
            for bp in self.plans:
                if bp.read and not bp.written:
                    homecoming.sync_home(bp.state, bp.root, hq)
            try:
                self._kernel(s, parts, global_size)
            except Exception as exc:
                # exact too: a kernel with a merge kernel never reads what it writes,
                # so its rows give the helper's values when home runs them again
                run.record.notes.append(f"merge kernel failed ({faults.first_line(exc)}); rows "
                                        f"{s.first}-{s.last} ran again on {run.home.label}")
                run._launch_home(s.first, s.last, run.entry.analysis.launch_mode)
                self.methods.add("rerun")
        return n

    def _kernel(self, s: Any, parts: dict[int, Any], global_size: tuple[int, ...]) -> None:
        """Copy helper ``s``'s stores from ``parts`` into the home buffers, on home.

        An output already merged by slices stands in for its own part: its stores
        then copy each value onto itself.
        """
        run = self.run
        for bp in self.plans:
            if bp.written and bp.arg_indices[0] not in parts:
                parts[bp.arg_indices[0]] = bp.root
        for a in run.entry.analysis.merge_parts:
            parts.setdefault(a, None)  # a NULL output: the kernel never stores there
        sd = run.launch.split_dim
        merge_generated.enqueue(run.hq, self.kernel, run.entry, run.args,
                             (run.launch.global_size[sd], s.first, s.last), parts, global_size,
                             run.launch.local_size)
        self.methods.add("kernel")
