"""The unpatched pyopencl entry points, captured before the shim replaces them.

skmd's own transfers and launches go through these so that they are never
mistaken for the application's commands.
"""
from __future__ import annotations

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
