"""What the runtime does around the program's own buffer commands.

The shim intercepts pyopencl's reads, writes, maps and waits and forwards each
here before (or instead of) the driver's call: deferred graph kernels run and
stale buffers come home before anything could observe them; in the graph modes
a whole-buffer upload may wait in page-locked host memory for the devices that
need it; a large blocking transfer with a GPU home may move through page-locked
chunks (``SKMD_PINNED_COPIES``).  Every choice is made here, on the runtime's
settings; the shim only forwards.  With no runtime (skmd not installed, or
being reset) each call does nothing and the driver's path is taken.
"""
from __future__ import annotations

from typing import Any

import numpy as np
import pyopencl as cl

from skmd import modes
from skmd.runtime import buffers as bufmod
from skmd.runtime import (core, gates, homecoming, host_backed, placement, raw, shield, staging,
                          waited)
from skmd.runtime.stale import any_stale, prune_stale, stale_buffers


def before_command(objs: Any) -> None:
    """A command of the program is about to run: deferred kernels run first, and the
    stale buffers among ``objs`` (its arguments) come home."""
    rt = core.current()
    if rt is None:
        return
    rt.flush_graph()
    if any_stale():
        shield.run(_sync_home, rt, list(objs))


def before_other_device(kernel: Any, args: dict, num_args: int) -> None:
    """A launch on a queue of another device of the program's context (one made with
    ``dev_type=ALL`` holds the real devices beside the virtual one): the driver moves
    the program's buffers between a context's devices itself, but only from what their
    copy there holds, so deferred kernels run, and what splits left elsewhere and
    uploads kept in host memory come home first.  A buffer skmd keeps in host memory
    has only a 64-byte stand-in there: such a launch is refused by name."""
    rt = core.current()
    if rt is None:
        return
    known = len(args) >= num_args
    if host_backed.live and (host_backed.any_in(a[1] for a in args.values()) or (
            not known and getattr(kernel, "_skmd_stand_ins", False))):
        raise host_backed.driver_error(
            "clEnqueueNDRangeKernel", "INVALID_OPERATION",
            f"skmd: kernel {getattr(kernel, 'function_name', '?')} cannot run over a buffer "
            "larger than the device (kept in host memory) on another device's queue: "
            "launch it on a queue of the virtual device", cl.RuntimeError)
    rt.flush_graph()
    if not known:  # (arguments an earlier Kernel.__call__ set: any buffer may be one)
        _every_stale_home(rt)
    elif any_stale():
        shield.run(_sync_home, rt, [a[1] for a in args.values() if a[0] == "obj"])


def note_gated(args: Any, kwargs: Any, evt: Any) -> None:
    """A command the program enqueued behind an event not complete yet (a copy, a
    marker or barrier with a wait list) gates its queue: launches behind it run whole
    until it has ended (a split would wait for it on the host)."""
    if evt is None or not args:  # (finish, flush and waits give no event)
        return
    wait = kwargs.get("wait_for") if kwargs else None
    if wait is None:
        wait = next((a for a in args[1:] if type(a) in (list, tuple) and a
                     and isinstance(a[0], cl.Event)), None)
    if wait and gates.waits_open(wait):
        gates.note_gate(args[0], evt, gates.WAITS_OPEN, wait)


def before_release(buf: Any) -> None:
    """The program releases ``buf``: deferred kernels go to the driver first (it keeps
    the buffer until they end; a deferred kernel would read a freed object), then what
    skmd knew of it is forgotten (its address may be handed to the next buffer)."""
    rt = core.current()
    if rt is not None:
        rt.flush_graph()
    bufmod.forget(buf)


def _sync_home(rt: Any, objs: Any) -> None:
    """The stale buffers among ``objs`` come home, through ``rt``'s home queues."""
    homecoming.sync_args(objs, lambda app: rt.home_queue(app.context))


#: the program's ``queue.finish()`` returned (what it waited for bounds how long its
#: last kernel ran: :mod:`.waited`); the function itself, not a call to it (a call
#: less at every ``finish()``)
after_finish = waited.note_finish
#: a blocking read of the program returned (it bounds the kernels before it as a
#: ``finish()`` does, on an in-order queue: :mod:`.waited`)
after_blocking_read = waited.note_blocking


def all_home() -> None:
    """Before skmd is taken out: deferred kernels run and every stale buffer comes
    home (unpatched pyopencl reads the home copies directly)."""
    rt = core.current()
    if rt is None:
        return
    rt.flush_graph()
    _every_stale_home(rt)


def _every_stale_home(rt: Any) -> None:
    """Every stale buffer the program still holds comes home."""
    prune_stale()  # (a buffer the program dropped is not brought home)
    if any_stale():
        shield.run(homecoming.sync_all_home, stale_buffers(),
                   lambda app: rt.home_queue(app.context))


def _chunks_pay(rt: Any) -> bool:
    """Large transfers to and from the home device go through page-locked chunks."""
    how = rt.settings.pinned_copies
    pool = staging.pool()
    return not (how == "never" or (how == "auto" and rt.home.host_unified)
                or pool is None or not pool.pinned)


def _pinned_bytes(rt: Any, mem: Any, hostbuf: Any, offset: int,
                  into_host: bool) -> np.ndarray | None:
    """The program's bytes of a transfer worth moving through page-locked chunks
    (``SKMD_PINNED_COPIES``), or None for the driver's own path."""
    try:
        # the size first: most transfers are too small to chunk (a reduction's scalar)
        view = memoryview(hostbuf)
        if (view.nbytes < rt.settings.tuning.pipeline_min_bytes
                or not isinstance(mem, cl.Buffer) or not _chunks_pay(rt)):
            return None
        if (not view.c_contiguous or (into_host and view.readonly) or offset < 0
                or offset + view.nbytes > int(mem.size)):
            return None  # what pyopencl would refuse, it refuses itself
        if not placement.book(rt).pinning.pays(view.nbytes):
            return None
        return np.frombuffer(view, dtype=np.uint8)
    except (TypeError, ValueError, cl.Error):
        return None


def pinned_copy(queue: Any, mem: Any, hostbuf: Any, offset: int, wait_for: Any,
                is_blocking: bool, into_host: bool) -> Any:
    """A read into (``into_host``) or a write from the program's memory through
    page-locked chunks, or None: the driver's path (the shim calls it)."""
    rt = core.current()
    return None if rt is None else _through_chunks(rt, queue, mem, hostbuf, offset,
                                                   wait_for, is_blocking, into_host)


def _through_chunks(rt: Any, queue: Any, mem: Any, hostbuf: Any, offset: int,
                    wait_for: Any, is_blocking: bool, into_host: bool) -> Any:
    """:func:`pinned_copy` once the runtime is known: never for a transfer that
    does not block or waits for events first (pyopencl's ``.get()`` of a result),
    which the chunks, waiting for nothing, could not keep in order."""
    if not is_blocking or wait_for:
        return None
    host = _pinned_bytes(rt, mem, hostbuf, offset, into_host)
    if host is None:
        return None
    from skmd.runtime import copies
    return shield.run(copies.read if into_host else copies.write, queue, mem, host, offset)


def _stageable(rt: Any, mem: Any, hostbuf: Any, dst_offset: int) -> np.ndarray | None:
    """The bytes of an upload kept on the host for the launches that read it (the
    graph modes; a mode that splits launches, :mod:`.placement`), or None to write
    it now."""
    settings = rt.settings
    mode = modes.mode_named(settings.mode)
    if (not (mode.stages_uploads or mode.may_split)
            or not settings.stage_uploads
            or dst_offset != 0 or not isinstance(mem, cl.Buffer)):
        return None
    try:
        # the size first: most uploads are too small to stage, and it is the
        # cheapest check (asked of the driver once per buffer, then kept)
        size = bufmod.size_of(mem)
        if (size < settings.tuning.stage_min_bytes or bufmod.is_sub_buffer(mem)
                or (mode.stages_uploads and rt.graph_helpers_idle())
                or int(mem.get_info(cl.mem_info.FLAGS)) & int(cl.mem_flags.USE_HOST_PTR)):
            return None
        view = memoryview(hostbuf)
        if view.nbytes != size or not view.c_contiguous:
            return None
    except (TypeError, ValueError, cl.Error):
        return None
    if not mode.stages_uploads and not placement.waits_on_host(rt, size):
        return None
    return np.frombuffer(view, dtype=np.uint8)


def stage_upload(queue: Any, mem: Any, hostbuf: Any, dst_offset: int,
                 wait_for: Any) -> Any:
    """A whole-buffer upload kept in page-locked host memory and sent from there to
    each device that needs it, when it needs it: a completed event; None: the
    upload is written as the program asked."""
    rt = core.current()
    src = None if rt is None else _stageable(rt, mem, hostbuf, dst_offset)
    if src is None:
        return None
    rt.flush_graph()
    # what the program queued before reads or writes the home copy, which the
    # staged bytes replace later: it must be done first
    if wait_for:
        raw.wait_for_events(wait_for)
    raw.queue_finish(queue)
    # page-locked memory in the program's own context: a second context on a GPU
    # costs 0.1 s (measured on an H100) and holds the program's calls meanwhile
    staging.offer(queue.context)
    through = src.nbytes >= rt.settings.tuning.pipeline_min_bytes and _chunks_pay(rt)
    return placement.upload(rt, queue, mem, src,
                            modes.mode_named(rt.settings.mode).stages_uploads, through)


def read_to_host(queue: Any, mem: Any, hostbuf: Any, offset: int, wait_for: Any,
                 is_blocking: bool) -> Any:
    """The program reads ``mem`` into its memory: a blocking read of a buffer whose
    slices stay on the devices that made them is gathered from each straight into
    it, a large one may move through page-locked chunks (both: their event); None:
    the driver's read, which then finds deferred kernels run and the buffer home.

    One call for all of it: every ``.get()`` of a pyopencl array comes here (a
    reduction's scalar included), where three calls asked the same questions (the
    shim's read with the driver stubbed: about 0.5 us less on the CI machine)."""
    rt = core.current()
    if rt is None:
        return None
    rt.flush_graph()
    if any_stale():  # (thread pools: whole, whatever a signal handler raises)
        return shield.run(_read_stale, rt, queue, mem, hostbuf, offset, wait_for, is_blocking)
    return _through_chunks(rt, queue, mem, hostbuf, offset, wait_for, is_blocking, True)


def _read_stale(rt: Any, queue: Any, mem: Any, hostbuf: Any, offset: int, wait_for: Any,
                is_blocking: bool) -> Any:
    """:func:`read_to_host` where a buffer's bytes may lie on other devices."""
    if is_blocking and not wait_for:
        evt = placement.gather(rt, queue, mem, hostbuf, offset, _chunks_pay(rt))
        if evt is not None:
            return evt
    _sync_home(rt, (mem,))
    return _through_chunks(rt, queue, mem, hostbuf, offset, wait_for, is_blocking, True)
