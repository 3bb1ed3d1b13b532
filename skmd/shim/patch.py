"""Installing skmd into pyopencl, and taking it out again exactly.

Every replaced name is recorded with its original so :func:`uninstall` restores
pyopencl to the objects it had.  What is patched, and why:

* discovery (``get_platforms``, ``Context.devices``, ``CommandQueue.device``)
  so programs see one virtual device;
* ``enqueue_nd_range_kernel`` — every launch (``Kernel.__call__``, the invokers
  of ``pyopencl.array``, elementwise, reduction, scan) reaches it;
* the ``set_arg`` family, because OpenCL cannot be asked for argument values;
* ``Program.build``, to know each kernel's source and options;
* every command that writes a buffer, so other devices' copies go stale;
* every command that reads or writes a buffer, so a copy that graph mode left on
  another device (or in host memory) comes home first, and a queue's ``flush``,
  which submits graph mode's deferred kernels too.
"""
from __future__ import annotations

import sys
import threading
from typing import Any, Callable

import pyopencl as cl
from pyopencl import _cl

from skmd.runtime import app_commands, core, host_backed, launches, running
from skmd.runtime import buffers as bufmod
from skmd.runtime import kernels as kmod
from skmd.runtime import raw
from skmd.shim import after_import, caller_warnings, exited_queues, kernel_args

_saved: list[tuple[Any, str, Any, bool]] = []  # (owner, name, original, had_own_attr)
#: finders waiting for a module to patch (:mod:`.after_import`)
_hooks: list[Any] = []
_lock = threading.Lock()
_getframe = sys._getframe
_virtual: tuple[Any, Any] | None = None
#: the runtime the virtual pair was made for
_virtual_of: Any = None


def is_installed() -> bool:
    return bool(_saved)


def _set(owner: Any, name: str, value: Any) -> None:
    had = name in getattr(owner, "__dict__", {})
    _saved.append((owner, name, owner.__dict__.get(name) if had else getattr(owner, name, None), had))
    setattr(owner, name, value)


def virtual_pair() -> tuple[Any, Any]:
    """The virtual platform and device (made on first use)."""
    global _virtual
    if _virtual is None:
        from skmd.runtime.core import get_runtime
        from skmd.shim.virtual import make_virtual
        rt = get_runtime()
        _virtual = make_virtual(tuple(rt.devices), rt.home)
    return _virtual


#: the home device's pointer, kept by :func:`install`: discovery and every launch ask
_home_int_ptr: int | None = None


def _home_ptr() -> int:
    if _home_int_ptr is not None:
        return _home_int_ptr
    from skmd.runtime.core import get_runtime
    return get_runtime().home.device.int_ptr


# -- discovery --------------------------------------------------------------------
def _get_platforms() -> list[cl.Platform]:
    rt = core.current()
    if rt is not None and rt.forked():  # (the drivers would hang: fail plainly instead)
        raise cl.RuntimeError(
            "skmd: this process was forked from one where skmd had started the OpenCL "
            "drivers, whose threads a forked child lacks: use multiprocessing's 'spawn' "
            "start method (multiprocessing.set_start_method('spawn')) for children that "
            "use OpenCL, or run the program without skmd")
    return [virtual_pair()[0]]


def _wrap_devices_property(orig: property, many: bool) -> property:
    """The home device as the virtual one.  A queue's device and a context's devices
    never change, and pyopencl asks for them several times per operation (a queue's
    three times per array operation; a context's twice per kernel object made:
    ``prg.name`` at every launch): they are kept on the object (with the virtual pair
    they were made for) rather than asked of the driver again; a context's as a new
    list each time, as pyopencl gives it."""
    def looked_up(self: Any) -> Any:
        vdev = virtual_pair()[1]
        value = orig.fget(self)
        home = _home_ptr()
        out: Any = (tuple([vdev if d.int_ptr == home else d for d in value]) if many
                    else vdev if value.int_ptr == home else value)
        try:
            self._skmd_device = (_virtual, out)
        except AttributeError:
            pass
        return out

    # (the kept value's path is a launch's fixed cost: a global, not a call, says
    # whether it was made for today's virtual pair)
    def device(self: Any) -> Any:
        try:
            hit = self._skmd_device
        except AttributeError:
            return looked_up(self)
        return hit[1] if hit[0] is _virtual else looked_up(self)

    def devices(self: Any) -> Any:
        try:
            hit = self._skmd_device
        except AttributeError:
            return list(looked_up(self))
        return list(hit[1] if hit[0] is _virtual else looked_up(self))
    return property(devices if many else device, doc=orig.__doc__)


def _from_int_ptr(orig: Callable) -> staticmethod:
    """``Device.from_int_ptr``: the home device's pointer gives the virtual device
    back, as ``Context.devices`` does, so a round trip keeps the type.  (Platforms
    stay as they are: ``Device.platform`` gives the real one.)"""
    def from_int_ptr(int_ptr_value: int, retain: bool = True) -> Any:
        dev = orig(int_ptr_value, retain)  # takes the reference when retain is False
        vdev = virtual_pair()[1]
        return vdev if dev.int_ptr == vdev.int_ptr else dev
    return staticmethod(from_int_ptr)


def _key_caches_by_home(cl_cache: Any) -> None:
    if hasattr(cl_cache, "get_device_cache_id"):
        _set(cl_cache, "get_device_cache_id", _cache_id_of_home(cl_cache.get_device_cache_id))


def _cache_id_of_home(orig: Callable) -> Callable:
    """pyopencl keys its caches (scan kernels' generated code; binaries, on platforms
    that keep none of their own) by the device's name, among others: the virtual
    device's builds are the home device's binaries, so it is keyed as the home device
    (what plain runs cached is found, and the other way round, instead of a first run
    under skmd generating and building it anew)."""
    def get_device_cache_id(device: Any) -> Any:
        if device.int_ptr == _home_ptr() and type(device) is not _cl.Device:
            from skmd.runtime.core import get_runtime
            device = get_runtime().home.device
        return orig(device)
    return get_device_cache_id


# -- launches and arguments ---------------------------------------------------------
def _chunked() -> Any:
    """VAST's launches, imported once a buffer is larger than the device."""
    from skmd.runtime import chunked
    return chunked


def _enqueue_nd_range_kernel(queue: Any, kernel: Any, global_work_size: Any,
                             local_work_size: Any = None, global_work_offset: Any = None,
                             wait_for: Any = None, g_times_l: bool = False,
                             allow_empty_ndrange: bool = False) -> Any:
    # Arguments ``Kernel.__call__`` set (pyopencl's generated ``enqueue_knl_*`` calls
    # here) are set again before its every launch: skmd lets go of them after this one
    # so as not to keep the program's buffers alive; ``set_args``/``set_arg`` ones stay.
    try:
        transient = _getframe(1).f_code.co_name.startswith("enqueue_knl_")
    except ValueError:
        transient = False
    if (0 in global_work_size if type(global_work_size) is tuple  # no work-items
            else launches.has_zero(global_work_size)):
        return launches.run_empty(core.current(), queue, kernel, global_work_size,
                                  local_work_size, global_work_offset, wait_for, g_times_l,
                                  allow_empty_ndrange, transient)
    if exited_queues.any_exited:
        exited_queues.check((queue,))
    is_home = getattr(queue, "_skmd_home", None)
    if is_home is None:
        is_home = queue.device.int_ptr == _home_ptr()
        try:
            queue._skmd_home = is_home
        except AttributeError:
            pass
    if not is_home:
        app_commands.before_other_device(kernel, kmod.args_of(kernel), kernel.num_args)
        evt = raw.enqueue_nd_range_kernel(queue, kernel, global_work_size, local_work_size,
                                          global_work_offset, wait_for, g_times_l,
                                          allow_empty_ndrange)
        # another device of a shared context may write buffers skmd mirrors
        running.note_writes(kmod.entry_of(kernel), kmod.args_of(kernel))
    elif host_backed.live and _chunked().over_capacity(kmod.args_of(kernel), kernel):  # VAST
        evt = _chunked().run(core.get_runtime(), queue, kernel, global_work_size,
                             local_work_size, global_work_offset, wait_for, g_times_l)
    else:
        evt = core.get_runtime().on_launch(queue, kernel, global_work_size, local_work_size,
                                           global_work_offset, wait_for, g_times_l,
                                           allow_empty_ndrange)
    if transient:
        kmod.forget_call_args(kernel)
    return evt


def _kernel_by_name(orig: Callable) -> Callable:
    """``prg.name``: the kernel knows its program and name without the driver."""
    def getattr_(self: Any, attr: str) -> Any:
        knl = orig(self, attr)  # (its warnings name the program's line: caller_warnings)
        try:
            ptr = self._get_prg().int_ptr
        except Exception:  # noqa: BLE001 - bookkeeping never changes what it gives
            return knl
        return kmod.named(knl, ptr, attr)
    return getattr_


def _wrap_build(orig: Callable) -> Callable:
    def build(self: Any, options: Any = None, devices: Any = None, cache_dir: Any = None) -> Any:
        ctx = getattr(self, "_context", None)
        result = orig(self, options, devices, cache_dir)
        try:
            if ctx is None:
                ctx = self._get_prg().get_info(cl.program_info.CONTEXT)
            opts, _ = self._process_build_options(ctx, options)
            text = opts.decode() if isinstance(opts, bytes) else str(opts)
            kmod.record_program(self, self._get_prg(), self._source, text)
        except Exception:
            pass  # bookkeeping must never change what building does
        return result
    return build


# -- sync points and writes -----------------------------------------------------------
# What happens around a command is the runtime's to say (skmd.runtime.app_commands);
# the wrappers only forward.
def _sync_point(orig: Callable, after: Callable[[Any], None] | None = None,
                warns_exited: bool = True) -> Callable:
    """``orig`` after the runtime's :func:`~app_commands.before_command`; ``after``
    is told of its first argument once it returns (a queue's ``finish``);
    ``warns_exited``: pyopencl warns of it on a queue past its ``with`` block."""
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        if warns_exited and exited_queues.any_exited:
            exited_queues.check(args)
        app_commands.before_command((*args, *kwargs.values()))
        out = orig(*args, **kwargs)
        if after is not None:
            after(args[0])
        if out is not None:  # (a command with an event: it may gate its queue)
            app_commands.note_gated(args, kwargs, out)
        return out
    wrapper.__name__ = getattr(orig, "__name__", "wrapper")
    return wrapper


def _writes(orig: Callable, dest_pos: int, dest_kw: str, upload: bool = False) -> Callable:
    """``orig`` writes the buffer at ``dest_pos``; ``upload``: from the host memory
    after it (its size is noted: what a later launch also waited for)."""
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        if exited_queues.any_exited:
            exited_queues.check(args)
        # a partial write keeps the rest of the buffer: it comes home first
        app_commands.before_command((*args, *kwargs.values()))
        evt = orig(*args, **kwargs)
        app_commands.note_gated(args, kwargs, evt)
        host = args[dest_pos + 1] if upload and len(args) > dest_pos + 1 else None
        bufmod.note_written(args[dest_pos] if len(args) > dest_pos else kwargs.get(dest_kw),
                            0 if host is None else _nbytes(host))
        return evt
    wrapper.__name__ = getattr(orig, "__name__", "wrapper")
    return wrapper


def _nbytes(host: Any) -> int:
    try:
        return memoryview(host).nbytes
    except TypeError:
        return 0


def _runtime_first(take: Callable, plain: Callable, offset_name: str) -> Callable:
    """A whole-buffer transfer the runtime takes when it can (``take`` returns its
    event, else None), else ``plain``; pyopencl passes the offset, ``wait_for`` and
    ``is_blocking`` by name (``src_offset`` for reads, ``dst_offset`` for writes)."""
    names = (offset_name, "wait_for", "is_blocking")

    def wrapper(queue: Any, mem: Any, hostbuf: Any, *args: Any, **kwargs: Any) -> Any:
        given = dict(zip(names, args), **kwargs)
        evt = take(queue, mem, hostbuf, given.get(offset_name, 0), given.get("wait_for"),
                   given.get("is_blocking", True))
        return plain(queue, mem, hostbuf, *args, **kwargs) if evt is None else evt
    wrapper.__name__ = getattr(plain, "__name__", "wrapper")
    return wrapper


def _transfer(orig: Callable, offset_name: str) -> Callable:
    """The driver's transfer, unless the runtime moves it through page-locked chunks."""
    reading = offset_name == "src_offset"
    return _runtime_first(
        lambda q, mem, host, off, wait, blocking: app_commands.pinned_copy(
            q, mem, host, off, wait, blocking, reading),
        orig, offset_name)


def _read_buffer(orig: Callable) -> Callable:
    """A read as the runtime moves it (:func:`~app_commands.read_to_host`: gathered
    from the devices holding the buffer's slices, or through page-locked chunks),
    else the driver's own, once the runtime has made the buffer current at home."""
    def read(queue: Any, mem: Any, hostbuf: Any, *args: Any, **kwargs: Any) -> Any:
        # (pyopencl passes them by name: then they are taken as they are)
        if exited_queues.any_exited:
            exited_queues.check((queue,))
        given = dict(zip(_READ_NAMES, args), **kwargs) if args else kwargs
        blocking = given.get("is_blocking", True)
        evt = app_commands.read_to_host(queue, mem, hostbuf, given.get("src_offset", 0),
                                        given.get("wait_for"), blocking)
        if evt is None:
            evt = orig(queue, mem, hostbuf, *args, **kwargs)
        if blocking:
            app_commands.after_blocking_read(queue)
        return evt
    read.__name__ = getattr(orig, "__name__", "read")
    return read


_READ_NAMES = ("src_offset", "wait_for", "is_blocking")


def _write_buffer(orig: Callable) -> Callable:
    """A write the runtime may keep on the host for the devices that need it (graph
    modes), else a write as the runtime moves it."""
    return _runtime_first(
        lambda q, mem, host, off, wait, _blocking: app_commands.stage_upload(
            q, mem, host, off, wait),
        _writes(_transfer(orig, "dst_offset"), 1, "mem", upload=True), "dst_offset")


def _map_buffer(orig: Callable) -> Callable:
    def wrapper(queue: Any, buf: Any, flags: Any, *args: Any, **kwargs: Any) -> Any:
        if exited_queues.any_exited:
            exited_queues.check((queue,))
        app_commands.before_command((buf,))
        result = orig(queue, buf, flags, *args, **kwargs)
        if int(flags) & (int(cl.map_flags.WRITE) | int(getattr(cl.map_flags, "WRITE_INVALIDATE_REGION", 0))):
            bufmod.note_written(buf)
            _mapped_for_write.append(buf)
        return result
    return wrapper


def _memory_map_release(orig: Callable) -> Callable:
    def release(self: Any, queue: Any = None, wait_for: Any = None) -> Any:
        evt = orig(self, queue, wait_for)
        # the host may have written through the map until now
        while _mapped_for_write:
            bufmod.note_written(_mapped_for_write.pop())
        return evt
    return release


_mapped_for_write: list[Any] = []


def _release(orig: Callable) -> Callable:
    def release(self: Any) -> Any:
        app_commands.before_release(self)
        return orig(self)
    return release


def install(settings: Any) -> None:
    """Patch pyopencl (idempotent); the runtime is started with ``settings``."""
    global _home_int_ptr, _virtual, _virtual_of
    with _lock:
        from skmd.runtime import core
        rt = core.start(settings)  # fail early and clearly when there is no device
        _home_int_ptr = rt.home.device.int_ptr
        if _saved:
            return
        if _virtual_of is not rt:  # a new runtime, maybe over other devices
            _virtual, _virtual_of = None, rt
        virtual_pair()  # made with the original from_int_ptr, patched below
        _set(cl, "get_platforms", _get_platforms)
        _set(_cl.Context, "devices", _wrap_devices_property(_cl.Context.devices, True))
        _set(_cl.CommandQueue, "device", _wrap_devices_property(_cl.CommandQueue.device, False))
        _set(_cl.Device, "from_int_ptr", _from_int_ptr(_cl.Device.from_int_ptr))
        # (once pyopencl imports it: skmd imports nothing pyopencl would not)
        _hooks.append(after_import.when_imported("pyopencl.cache", _key_caches_by_home))
        _set(_cl, "enqueue_nd_range_kernel", _enqueue_nd_range_kernel)
        _set(cl, "enqueue_nd_range_kernel", _enqueue_nd_range_kernel)
        _set(_cl.Kernel, "set_arg", kernel_args.set_arg)
        _set(_cl.Kernel, "_set_arg_multi", kernel_args.set_arg_multi)
        _set(_cl.Kernel, "_set_arg_buf_multi", kernel_args.set_arg_buf_multi)
        _set(_cl.Kernel, "_set_arg_buf_pack_multi", kernel_args.set_arg_buf_pack_multi)
        _set(cl.Program, "build", _wrap_build(cl.Program.build))
        _set(cl.Program, "__getattr__", _kernel_by_name(cl.Program.__getattr__))
        _set(_cl.CommandQueue, "__exit__", exited_queues.exit_wrapper(_cl.CommandQueue.__exit__))
        if hasattr(cl, "warn"):  # (the ``warn`` pyopencl's module calls)
            _set(cl, "warn", caller_warnings.warn)
        _set(_cl, "_enqueue_write_buffer", _write_buffer(_cl._enqueue_write_buffer))
        for name, pos, kw in (("_enqueue_copy_buffer", 2, "dst"),
                              ("_enqueue_write_buffer_rect", 1, "mem"),
                              ("_enqueue_copy_buffer_rect", 2, "dst"),
                              ("_enqueue_copy_image_to_buffer", 2, "dest"),
                              ("_enqueue_fill_buffer", 1, "mem")):
            _set(_cl, name, _writes(getattr(_cl, name), pos, kw))
        _set(_cl, "enqueue_map_buffer", _map_buffer(_cl.enqueue_map_buffer))
        _set(cl, "enqueue_map_buffer", _map_buffer(cl.enqueue_map_buffer))
        _set(_cl.MemoryMap, "release", _memory_map_release(_cl.MemoryMap.release))
        _set(_cl, "_enqueue_read_buffer", _read_buffer(_cl._enqueue_read_buffer))
        for name in ("_enqueue_read_buffer_rect", "_enqueue_read_image",
                     "_enqueue_copy_buffer_to_image", "_enqueue_marker", "_enqueue_barrier",
                     "_enqueue_marker_with_wait_list", "_enqueue_barrier_with_wait_list",
                     "_enqueue_wait_for_events", "wait_for_events"):
            if hasattr(_cl, name):
                _set(_cl, name, _sync_point(getattr(_cl, name)))
        _set(cl, "wait_for_events", _cl.wait_for_events)
        _set(_cl.CommandQueue, "finish",
             _sync_point(_cl.CommandQueue.finish, app_commands.after_finish, False))
        # deferred kernels are submitted too: a program may then poll their events
        _set(_cl.CommandQueue, "flush", _sync_point(_cl.CommandQueue.flush))
        for cls in (_cl.MemoryObject, getattr(_cl, "PooledBuffer", None)):
            if cls is not None and "release" in cls.__dict__:
                _set(cls, "release", _release(cls.release))
        _set(_cl.Event, "wait", _sync_point(_cl.Event.wait))
        from skmd.shim import host_commands
        host_commands.install(_set)


def uninstall() -> None:
    """Restore every patched name to its original object.

    Deferred kernels run and stale buffers come home first: unpatched pyopencl
    reads the home copies directly.
    """
    with _lock:
        while _hooks:
            hook = _hooks.pop()
            if hook is not None:
                hook.remove()
        if _saved:
            app_commands.all_home()
        while _saved:
            owner, name, orig, had = _saved.pop()
            if had:
                setattr(owner, name, orig)
            else:
                try:
                    delattr(owner, name)
                except AttributeError:
                    setattr(owner, name, orig)
