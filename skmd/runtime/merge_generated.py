"""Generated merge kernels on the home device (thesis §3.2.1, fig. 3.6).

A kernel the transformer could turn into its own merge (:mod:`skmd.transform.merge_codegen`)
merges a helper's discontiguous outputs by running the helper's rows again on the
home device, every store now copying the helper's value from its partial buffer.
No snapshot is taken before the launch and only the addresses the helper wrote
are touched.  Whatever stands in the way (a buffer passed as two arguments, a
merge program that fails to build, ``SKMD_MERGE=diff``) leaves the diff merge
of :mod:`skmd.runtime.merge_diff`, never a wrong answer.
"""
from __future__ import annotations

from typing import Any, Mapping, Sequence

import numpy as np
import pyopencl as cl

from skmd.runtime import faults, raw
from skmd.runtime.kernels import ArgValue, KernelEntry, replay_args


def unusable(entry: KernelEntry, merge_setting: str, written: Sequence[Any]) -> str | None:
    """Why this launch's outputs cannot be merged by the merge kernel (None: they can).

    ``written`` are the launch's written buffer plans (``arg_indices``, ``reduce_elem``).
    """
    an = entry.analysis
    if merge_setting != "kernel":
        return f"SKMD_MERGE={merge_setting}"
    if an is None or not an.merge_kernel or entry.merge_source is None:
        return an.merge_reason if an is not None and an.merge_reason else "no merge kernel"
    if entry.merge_failed:
        return entry.merge_failed
    for bp in written:
        if len(bp.arg_indices) > 1:
            return "one buffer is passed as several arguments"
        if bp.reduce_elem:
            return "a buffer merged by addition"
    return None


def build(entry: KernelEntry, home: Any, ctx: cl.Context) -> cl.Kernel | None:
    """The merge kernel of ``entry`` built for the home device in ``ctx`` (once).

    None when it does not build; the reason is kept on the entry, so the kernel's
    later launches go straight to the diff merge.
    """
    key = f"merge@{ctx.int_ptr}"
    k = entry.clones.get(key)
    if k is not None or entry.merge_failed:
        return k
    with entry.lock:
        k = entry.clones.get(key)
        if k is None and not entry.merge_failed:
            try:
                faults.maybe_fail(home.label, "merge")
                prg = raw.build(entry.merge_source, ctx, entry.options, [home.device])
                k = entry.clones[key] = cl.Kernel(prg, entry.name)
            except Exception as exc:  # never a wrong answer: diff merge from now on
                entry.merge_failed = f"merge kernel failed to build: {faults.first_line(exc)}"
                return None
    return k


def enqueue(queue: cl.CommandQueue, k: cl.Kernel, entry: KernelEntry,
            args: Mapping[int, ArgValue], trailing: tuple[int, int, int],
            parts: Mapping[int, Any], global_size: tuple[int, ...],
            local_size: tuple[int, ...]) -> cl.Event:
    """Run the merge kernel over one helper's rows (``trailing``: size, first, last).

    ``parts`` maps every written argument to the buffer holding the helper's values
    there (the application's own buffer for an output already merged by slices).
    """
    n = entry.num_args
    with entry.lock:  # argument values are per kernel object: set and enqueue at once
        replay_args(k, dict(args), {})
        for j, v in enumerate(trailing):
            raw.kernel_set_arg(k, n + j, np.uint64(v))
        for j, a in enumerate(entry.analysis.merge_parts):
            raw.kernel_set_arg(k, n + 3 + j, parts[a])
        return raw.enqueue_nd_range_kernel(queue, k, global_size, local_size, None,
                                           None, False, False)
