"""The unpatched pyopencl entry points, captured before the shim replaces them.

skmd's own transfers and launches go through these so that they are never
mistaken for the application's commands.
"""
from __future__ import annotations

import contextlib
from typing import Any

from pyopencl import _cl

enqueue_nd_range_kernel = _cl.enqueue_nd_range_kernel
enqueue_read_buffer = _cl._enqueue_read_buffer
enqueue_write_buffer = _cl._enqueue_write_buffer
enqueue_copy_buffer = _cl._enqueue_copy_buffer
enqueue_fill_buffer = _cl._enqueue_fill_buffer
get_platforms = _cl.get_platforms
kernel_set_arg = _cl.Kernel.set_arg
kernel_set_arg_multi = _cl.Kernel._set_arg_multi
kernel_set_arg_buf_multi = _cl.Kernel._set_arg_buf_multi
kernel_set_arg_buf_pack_multi = _cl.Kernel._set_arg_buf_pack_multi
enqueue_marker = _cl._enqueue_marker
wait_for_events = _cl.wait_for_events
queue_finish = _cl.CommandQueue.finish
queue_flush = _cl.CommandQueue.flush
event_wait = _cl.Event.wait
enqueue_map_buffer = _cl.enqueue_map_buffer
#: pyopencl's unmap, not the shim's (which notes the program's writes through maps)
unmap = _cl.MemoryMap.release


def build(source: str, ctx: Any, options: str, devices: Any) -> Any:
    """A program skmd made from the application's source, built without pyopencl's
    warning on compiler output: the application's own build gave it once already."""
    prg = _cl._Program(ctx, source)
    prg._build(options=options.encode(), devices=devices)
    return prg


def profiles(queue: Any) -> bool:
    """Whether ``queue`` profiles: asked of the driver once per queue object and kept
    on it (not by handle: a queue made after another was released may get its
    handle, and with it a wrong answer)."""
    if queue is None:
        return False
    hit = getattr(queue, "_skmd_profiles", None)
    if hit is None:
        hit = bool(queue.properties & _cl.command_queue_properties.PROFILING_ENABLE)
        with contextlib.suppress(AttributeError):
            queue._skmd_profiles = hit
    return hit


def done_event(queue: Any) -> Any:
    """The event of a command skmd carried out itself, already complete: a user event,
    except on a queue that profiles, where the program may ask any event it gets for
    its times and a user event has none (``PROFILING_INFO_NOT_AVAILABLE``): there a
    marker, which has them (its place in the queue; it completes with what the queue
    held before it)."""
    if profiles(queue):
        return enqueue_marker(queue)
    evt = _cl.UserEvent(queue.context)
    evt.set_status(_cl.command_execution_status.COMPLETE)
    return evt
