"""pyopencl commands on buffers skmd keeps in host memory (VAST).

``cl.Buffer`` becomes :class:`skmd.runtime.host_backed.Buffer`; the commands that
read, write, fill or copy a host-backed buffer are served from its host bytes,
those that cannot be (rectangles, maps, images) raise a clear error.  Every
replaced name is recorded through the ``set_`` given by :func:`skmd.shim.patch.install`,
so uninstalling restores them.
"""
from __future__ import annotations

from typing import Any, Callable

import pyopencl as cl
from pyopencl import _cl

from skmd.runtime import app_commands, host_backed
from skmd.runtime import buffers as bufmod


def _host_side(orig: Callable, serve: Callable, name: str) -> Callable:
    """Commands on buffers kept in host memory (VAST) are served from their bytes,
    after what any command waits for (a device buffer among them brought home whole,
    where a split left its bytes on several devices)."""
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        if host_backed.live and (host_backed.any_in(args) or host_backed.any_in(kwargs.values())):
            app_commands.before_command((*args, *kwargs.values()))
            return serve(*args, **kwargs)
        return orig(*args, **kwargs)
    wrapper.__name__ = getattr(orig, "__name__", name)
    return wrapper


def _refused(name: str) -> Callable:
    def serve(*args: Any, **kwargs: Any) -> Any:
        host_backed.refuse(name)
    return serve


def _copy(queue: Any, src: Any, dst: Any, *args: Any, **kwargs: Any) -> Any:
    """A copy between a host-backed buffer and another: a device buffer it writes is
    new on the home device (copies of it elsewhere, mirrors a split left, are old)."""
    evt = host_backed.copy(queue, src, dst, *args, **kwargs)
    if not host_backed.is_host_backed(dst):
        bufmod.note_written(dst)
    return evt


_HOST_SERVED = {"_enqueue_write_buffer": host_backed.write,
                "_enqueue_read_buffer": host_backed.read,
                "_enqueue_fill_buffer": host_backed.fill,
                "_enqueue_copy_buffer": _copy,
                "enqueue_map_buffer": host_backed.map_buffer}
_HOST_REFUSED = ("_enqueue_read_buffer_rect", "_enqueue_write_buffer_rect",
                 "_enqueue_copy_buffer_rect",
                 "_enqueue_copy_buffer_to_image", "_enqueue_copy_image_to_buffer")


def install(set_: Callable[[Any, str, Any], None]) -> None:
    """``cl.Buffer`` makes buffers too large for the home device in host memory;
    the commands that touch them are served there (after the patches above)."""
    from skmd.runtime.core import get_runtime
    from skmd.runtime.host_bytes import maker_for
    from skmd.shim.virtual import advertised_memory
    rt = get_runtime()
    t = rt.settings.tuning
    rings = t.vast_bounce_ring * sum(1 for d in rt.devices if not d.host_unified)
    host_backed.configure(rt.home.max_alloc, rt.settings.host_backed_min,
                          maker_for(rt.home, rt.warn_once, t.vast_pinned_share, rings))
    host_backed.advertise(advertised_memory(rt.devices))
    set_(cl, "Buffer", host_backed.Buffer)
    for name, serve in _HOST_SERVED.items():
        set_(_cl, name, _host_side(getattr(_cl, name), serve, name))
    for name in _HOST_REFUSED:
        if hasattr(_cl, name):
            set_(_cl, name, _host_side(getattr(_cl, name), _refused(name), name))
    set_(cl, "enqueue_map_buffer", _cl.enqueue_map_buffer)
