"""Bringing buffers home: the copies a helper or host memory holds, back on the home device.

Before the program (or a kernel run whole on home) touches a buffer whose current
bytes live elsewhere, they come home; many buffers at once overlap one's upload
with the next one's download.
"""
from __future__ import annotations

from contextlib import ExitStack
from typing import Callable

import pyopencl as cl

from skmd.runtime import buffers as bufmod
from skmd.runtime import raw

MemObj = "cl.MemoryObjectHolder"


def sync_home(st: bufmod.BufferState, app_buf: MemObj, home_queue: cl.CommandQueue) -> int:
    """Bring ``app_buf``'s home copy up to date from its mirrors; returns bytes moved."""
    return sync_all_home([(st, app_buf)], lambda _: home_queue)


def sync_args(objs, home_queue: Callable[[MemObj], cl.CommandQueue]) -> int:
    """Bring home the stale buffers among ``objs`` (sub-buffers: their roots)."""
    if not bufmod._stale:
        return 0
    items = []
    seen = set()
    for obj in objs:
        if not isinstance(obj, cl.MemoryObjectHolder) or isinstance(obj, cl.Image):
            continue
        root = bufmod.root_of(obj)
        st = bufmod.state_of(root)
        if not st.home_valid and id(st) not in seen:
            seen.add(id(st))
            items.append((st, root))
    return sync_all_home(items, home_queue) if items else 0


def sync_all_home(items: list[tuple[bufmod.BufferState, MemObj]],
                  home_queue: Callable[[MemObj], cl.CommandQueue]) -> int:
    """:func:`sync_home` for many buffers at once; returns bytes moved.

    Every read back from a helper is queued first, then each buffer is written
    home as soon as its own reads are done, so one buffer's upload overlaps the
    next one's download instead of two blocking hops per buffer in turn.
    """
    moved = 0
    with ExitStack() as held:
        started = []
        for st, app in items:
            held.enter_context(st.lock)
            if not st.home_valid:
                for a, b in st.home_gaps():  # only what home lacks passes the host
                    moved += st.fetch_host(app, home_queue(app), a, b, blocking=False)[1]
                started.append((st, app))
        queues = {}
        for st, app in started:
            st._settle()
            q = home_queue(app)
            queues[id(q)] = q
            shadow = st._shadow()
            for a, b in st.home_gaps():  # what a launch sent home before stays there
                raw.enqueue_write_buffer(q, app, shadow[a:b], dst_offset=a, is_blocking=False)
                moved += b - a
        for q in queues.values():
            raw.queue_finish(q)
        for st, _ in started:
            st.home_valid = True
            bufmod._stale.pop(id(st), None)
    return moved
