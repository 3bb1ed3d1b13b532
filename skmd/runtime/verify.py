"""``SKMD_VERIFY=1``: every split launch is checked against a whole run.

Before a split, the launch runs whole on the home device into copies of the
buffers it writes; after the split the copies and the application's buffers are
compared byte for byte.  A mismatch is reported with the kernel, devices and
ranges, and the whole run's result is kept, so the program still gets the right
answer: a user's safety net and our bug finder.
"""
from __future__ import annotations

from typing import Any

import numpy as np
import pyopencl as cl

from skmd.records import LaunchRecord
from skmd.runtime import buffers as bufmod
from skmd.runtime import homecoming, raw
from skmd.runtime.split_plan import sub_launch_size
from skmd.runtime.kernels import ArgValue, KernelEntry, replay_args
from skmd.transform import Launch


def prepare(rt: Any, queue: cl.CommandQueue, entry: KernelEntry,
                    args: dict[int, ArgValue], launch: Launch) -> list[tuple[Any, Any]]:
    """``SKMD_VERIFY``: run the launch whole on home into copies of its outputs."""
    hq = rt.home_queue(queue.context)
    mems = {i: a[1] for i, a in args.items()
            if a[0] == "obj" and isinstance(a[1], cl.MemoryObjectHolder)}
    # one copy per buffer: a buffer given as several arguments (read and written in
    # place through two of them) must be one buffer in the whole run too
    copies: dict[int, Any] = {}
    pairs = []
    for i, app in mems.items():
        if not entry.analysis.args[i].written or app.int_ptr in copies:
            continue
        homecoming.sync_home(bufmod.state_of(app), app, hq)
        copy = cl.Buffer(queue.context, cl.mem_flags.READ_WRITE, max(int(app.size), 1))
        raw.enqueue_copy_buffer(hq, app, copy, byte_count=int(app.size))
        copies[app.int_ptr] = copy
        pairs.append((app, copy))
    swap = {i: copies[app.int_ptr] for i, app in mems.items() if app.int_ptr in copies}
    k = rt.clone(entry, rt.home, queue.context)
    replay_args(k, args, swap)
    n = entry.num_args
    raw.kernel_set_arg(k, n, np.uint64(launch.global_size[launch.split_dim]))
    raw.kernel_set_arg(k, n + 1, np.uint64(0))
    raw.kernel_set_arg(k, n + 2, np.uint64(launch.total_groups))
    gs = sub_launch_size(launch, 0, launch.total_groups, entry.analysis.launch_mode)
    raw.enqueue_nd_range_kernel(hq, k, gs, launch.local_size, None, None, False, False)
    raw.queue_finish(hq)
    return pairs

def check(rt: Any, queue: cl.CommandQueue, entry: KernelEntry, rec: LaunchRecord,
                  pairs: list[tuple[Any, Any]]) -> None:
    hq = rt.home_queue(queue.context)
    for app, whole in pairs:
        size = int(app.size)
        a = np.empty(size, np.uint8)
        b = np.empty(size, np.uint8)
        homecoming.sync_home(bufmod.state_of(app), app, hq)  # results may stay on helpers
        raw.enqueue_read_buffer(hq, app, a, is_blocking=True)
        raw.enqueue_read_buffer(hq, whole, b, is_blocking=True)
        if a.tobytes() != b.tobytes():
            bad = int(np.count_nonzero(a != b))
            msg = (f"verify: {entry.name} split {rec.ranges} differs from a whole run "
                   f"in {bad} of {size} bytes; the whole run's result was kept")
            rt.verify_mismatches.append(msg)
            rec.notes.append(msg)
            rt.warn_once(f"verify:{entry.key}", msg)
            raw.enqueue_copy_buffer(hq, whole, app, byte_count=size)
            bufmod.state_of(app).written()
    raw.queue_finish(hq)
