"""From a pyopencl launch to what skmd decides on: its signature and its ``Launch``.

A launch with no local size gets one skmd picks, where the kernel cannot tell
(:mod:`skmd.transform.groupshape`).  A launch that cannot be described safely
(no local size for a kernel that can tell, ranks that differ,
arguments not set through pyopencl, images, sub-buffers, a single row of
work-groups) gets a reason instead, and runs whole.
"""
from __future__ import annotations

from typing import Any

import numpy as np
import pyopencl as cl

from skmd import config
from skmd.runtime import buffers as bufmod
from skmd.runtime import gates, placement, raw
from skmd.runtime.kernels import ArgValue, KernelEntry, forget_call_args
from skmd.transform import Launch
from skmd.decide.local_size import TARGET_GROUP, choose_local_size


#: argument type -> how it enters a key: buffer, local memory, array by value, value,
#: a driver object by its type alone
_BUFFER, _LOCAL, _ARRAY, _VALUE, _HANDLE = range(5)
_KINDS: dict[type, int] = {}
#: driver objects passed by value whose launches never split (:func:`launch_kept` says
#: why): a key holds their type, not them, for a decision kept under it would keep
#: them alive (an SVM pool's blocks stayed active after the program let them go, and
#: were freed only as the interpreter ended, which crashed)
_HANDLES = tuple(t for t in (getattr(cl, "SVMPointer", None), getattr(cl, "Sampler", None))
                 if t is not None)


def _kind_of(t: type) -> int:
    """How arguments of type ``t`` enter a key (asked once per type: a launch
    classifies each argument by a dictionary look-up, not by ``isinstance``)."""
    k = (_BUFFER if issubclass(t, cl.MemoryObjectHolder) else
         _LOCAL if issubclass(t, cl.LocalMemory) else
         _ARRAY if issubclass(t, np.ndarray) else
         _HANDLE if issubclass(t, _HANDLES) else _VALUE)
    _KINDS[t] = k
    return k


def signature(args: dict[int, ArgValue], gsize: Any, lsize: Any, offset: Any,
              g_times_l: bool, s: config.Settings, kernel: Any = None,
              queue: Any = None) -> tuple:
    """What a decision depends on: shape, scalar values, buffer sizes and kinds, and
    where the buffers' bytes are (a split is priced from there); and whether
    ``queue`` is of another context than ``kernel`` (see :func:`launch_kept`).

    Not buffer identity: programs make new buffers every run, and a decision
    about sizes holds for any buffers of those sizes.  Every launch of an analysed
    kernel pays for this, so it asks the driver nothing twice per buffer object
    (:func:`_buffer_part`), takes the argument indices in one piece and the values
    pyopencl packed as they are (a reduction's eight packed scalars of eleven
    arguments: 5.6 -> 3.4 us on the CI machine), hashing the key once at the end.
    """
    parts: list[Any] = [gsize if type(gsize) is tuple else tuple(gsize),
                        lsize if lsize is None or type(lsize) is tuple else tuple(lsize),
                        g_times_l, offset if offset is None else tuple(offset), s.run_key,
                        tuple(args)]
    append = parts.append
    if kernel is not None:  # (both known and the same: the common case, no call)
        kc = getattr(kernel, "_skmd_ctx", None)
        if (kc is None or kc != getattr(queue, "_skmd_ctx", None)) and foreign(kernel, queue):
            append(FOREIGN)
    kinds = _KINDS
    for a in args.values():
        if a[0] == "obj":
            v = a[1]
            k = kinds.get(type(v))
            if k is None:
                k = _kind_of(type(v))
            if k == _BUFFER:
                append(_buffer_part(v))
            elif k == _VALUE:
                try:
                    hash(v)
                except TypeError:
                    v = id(v)
                append(v)
            elif k == _ARRAY:
                append(_hashable(v))
            elif k == _HANDLE:
                append(("handle", type(v).__name__))
            else:
                append(("local", v.size))
        else:
            append(a)  # ("buf", bytes) or ("pack", format, value), as pyopencl passes them
    key = tuple(parts)
    try:
        hash(key)
    except TypeError:  # a packed value that is an array: by its bytes
        key = tuple(tuple(_hashable(x) for x in p) if type(p) is tuple and p
                    and p[0] in ("buf", "pack") else p for p in parts)
    return key


def _buffer_part(v: Any) -> tuple:
    """A buffer's share of a key: its size, whether it is a sub-buffer, and where
    its bytes are.  Size and parentage are asked of the driver once per object
    (as :func:`bufmod.size_of` and :func:`bufmod.root_of` keep them)."""
    size = getattr(v, "_skmd_size", None)
    if size is None:
        size = bufmod.size_of(v)
    root = getattr(v, "_skmd_root", None)
    if root is None:  # first sight of this object: what it is, once
        bufmod.root_of(v)
        bufmod.host_closed(v)
        root = getattr(v, "_skmd_root", False)
    st = getattr(v if root is False else root, "_skmd_state", None)
    if st is None or (st.home_valid and st.host is None):  # on home: the common case
        # (a buffer the host may not read or write, as one it may, until it has a state)
        return (size, root is not False, getattr(v, "_skmd_closed", None) or None)
    return (size, root is not False, placement.where_class(v))


def _hashable(v: Any) -> Any:
    """A by-value argument as part of a key: an array (``pyopencl.array.if_positive``
    passes host scalars as 0-d arrays) by its type and bytes, which is what the
    kernel gets; not by ``id``, which a later array may reuse with another value."""
    if isinstance(v, np.ndarray):
        return (v.dtype.str, v.tobytes())
    return v


#: a local size of another rank than the global size (pyopencl's INVALID_VALUE)
RANK_DIFFERS = "local size rank differs from global size"
#: a global size the local size does not divide (OpenCL 1.2's INVALID_WORK_GROUP_SIZE)
NOT_MULTIPLE = "global size not a multiple of the local size"
#: a launch of arguments some of which skmd was not told of
NOT_EVERY_ARG = "not every argument was set through pyopencl"
#: a launch whose sizes the driver refuses: run as given, its error raised at the call
DRIVER_JUDGES = ("sizes the driver must judge (not numbers, past the device's limits, or "
                 "not the kernel's required work-group size)")


#: a kernel launched on a queue of another context (the driver's INVALID_CONTEXT)
FOREIGN = "the queue is of another context than the kernel"


def foreign(kernel: Any, queue: Any) -> bool:
    """Whether ``queue`` is of another context than ``kernel`` (each asked once)."""
    k = getattr(kernel, "_skmd_ctx", None)
    if k is None:
        k = _context_ptr(kernel)
    q = getattr(queue, "_skmd_ctx", None)
    if q is None:
        q = _context_ptr(queue)
    return k != q


def _context_ptr(obj: Any) -> int:
    try:
        ptr = obj.context.int_ptr
    except Exception:  # noqa: BLE001 - whatever it is, the driver judges the launch
        return 0
    try:
        obj._skmd_ctx = ptr
    except AttributeError:
        pass
    return ptr


def _prod(xs: tuple[int, ...]) -> int:
    out = 1
    for x in xs:
        out *= x
    return out


def launch_kept(entry: KernelEntry, args: dict[int, ArgValue], gsize: Any, lsize: Any,
                g_times_l: bool, key: tuple | None, kernel: Any = None,
                queue: Any = None) -> tuple[Launch | None, str | None]:
    """:func:`launch_of`, worked out once per decision ``key`` (:func:`signature`).

    The graph modes keep no decision per launch (a launch is deferred, or run at
    once, afresh each time), so without this every launch of theirs described
    itself again: the buffers' sizes from the driver, the scalars decoded, the
    local size picked, where program order finds the decision it keeps.  What
    it works out depends only on what the key holds, except whether a buffer of
    an atomics-only argument is passed twice: such kernels work it out each time.
    """
    if kernel is not None and foreign(kernel, queue):  # the driver's to refuse, at once
        return None, FOREIGN
    kept = None if key is None else entry.decisions.get(("launch",) + key)
    if kept is not None:
        return kept
    kept = launch_of(entry, args, gsize, lsize, g_times_l)
    if key is not None and kept_by_key(entry):
        entry.decisions[("launch",) + key] = kept
    return kept


def kept_by_key(entry: KernelEntry) -> bool:
    """Whether what :func:`launch_of` works out for ``entry`` depends only on the
    decision key (not for an atomics-only argument: whether its buffer is passed
    twice depends on which buffers are passed)."""
    an = entry.analysis
    return an is not None and not any(a.reduce_add for a in an.args)


def launch_of(entry: KernelEntry, args: dict[int, ArgValue], gsize: Any,
               lsize: Any, g_times_l: bool, min_groups: int = 2
               ) -> tuple[Launch | None, str | None]:
    """The launch as skmd describes it, or why it cannot; ``min_groups``: rows of
    work-groups it must have (a split needs two; a launch over host memory, one)."""
    an = entry.analysis
    try:
        gs = tuple(int(x) for x in gsize)
        ls = None if lsize is None else tuple(int(x) for x in lsize)
    except (TypeError, ValueError):  # the driver's own error, at the program's call
        return None, DRIVER_JUDGES
    if len(gs) > max(3, len(entry.item_limits)):
        return None, DRIVER_JUDGES
    if lsize is None:
        if entry.group_required:  # (OpenCL: a kernel that requires one is given one)
            return None, DRIVER_JUDGES
        # the driver would pick the work-group size; skmd may pick one instead
        # where the kernel cannot tell which was picked
        if an is None or not an.local_size_free:
            why = an.group_size_reason if an is not None else "not analysed"
            return None, (f"no local size given, and the kernel may depend on the "
                          f"work-group size the driver picks: {why}")
        if not gs or any(g < 1 for g in gs):
            return None, "empty global size"
        ls = choose_local_size(gs, min(TARGET_GROUP, entry.group_limit),
                               item_limits=entry.item_limits)
    else:
        if len(ls) != len(gs):
            return None, RANK_DIFFERS
        req = entry.group_required
        if min(ls, default=1) < 1 or _prod(ls) > entry.group_limit or any(
                l > m for l, m in zip(ls, entry.item_limits)) or (
                req and ls + (1,) * (len(req) - len(ls)) != req):
            return None, DRIVER_JUDGES  # (deferred, it would fail past the call)
    if g_times_l and lsize is not None:
        gs = tuple(g * l for g, l in zip(gs, ls))
    if any(g % l for g, l in zip(gs, ls)):
        return None, NOT_MULTIPLE
    if len(args) != entry.num_args:
        return None, NOT_EVERY_ARG
    scalars: dict[int, float] = {}
    sizes: dict[int, int] = {}
    for i, a in args.items():
        ai = an.args[i] if i < len(an.args) else None
        if ai is None:
            return None, "argument list differs from the analysed kernel"
        if ai.space in ("global", "constant"):
            buf = a[1] if a[0] == "obj" else None
            if buf is None:
                if a[0] == "obj" and a[1] is None:
                    continue  # NULL pointer argument
                return None, f"argument {ai.name} is not a buffer"
            if not isinstance(buf, cl.MemoryObjectHolder) or isinstance(buf, cl.Image):
                return None, f"argument {ai.name} is not a plain buffer"
            if bufmod.is_sub_buffer(buf):
                return None, f"argument {ai.name} is a sub-buffer"
            closed = bufmod.host_closed(buf)
            if closed:
                return None, f"argument {ai.name} is made with {closed}: its bytes cannot move"
            if ai.reduce_add and (int(buf.size) % (ai.elem_size or 1) or any(
                    o[0] == "obj" and o[1] is not None and j != i
                    and getattr(o[1], "int_ptr", None) == buf.int_ptr
                    for j, o in args.items())):
                # its partial sums could not be merged by addition
                return None, (f"atomics on {ai.name}: not a whole number of elements or "
                              "passed twice")
            sizes[i] = int(buf.size)
    scalars = scalar_values(entry, args)
    launch = Launch(global_size=gs, local_size=ls, scalars=scalars, buffer_sizes=sizes,
                    local_picked=lsize is None)
    if launch.total_groups < min_groups:
        return None, "a single work-group row"
    wraps = an.wraps(launch)
    if wraps:
        return None, wraps
    return launch, None


def scalar_values(entry: KernelEntry, args: dict[int, ArgValue]) -> dict[int, float]:
    """Values of by-value scalar args, decoded with the analysed types."""
    out: dict[int, float] = {}
    an = entry.analysis
    for i, a in args.items():
        v = _scalar_of(a, an.args[i].type_name if an and i < len(an.args) else None)
        if v is not None:
            out[i] = v
    return out


_CTYPES = {
    "char": np.int8, "uchar": np.uint8, "unsigned char": np.uint8,
    "short": np.int16, "ushort": np.uint16, "unsigned short": np.uint16,
    "int": np.int32, "uint": np.uint32, "unsigned int": np.uint32, "unsigned": np.uint32,
    "long": np.int64, "ulong": np.uint64, "unsigned long": np.uint64,
    "size_t": np.uint64, "ptrdiff_t": np.int64, "float": np.float32, "double": np.float64,
    "half": np.float16,
}


def _scalar_of(a: ArgValue, type_name: str | None) -> float | None:
    kind = a[0]
    if kind == "pack":
        v = a[2]
        return float(v) if np.isscalar(v) else None
    if kind == "obj":
        v = a[1]
        if isinstance(v, np.generic) and v.dtype.kind in "biuf":
            return float(v)
        if isinstance(v, (int, float)) and not isinstance(v, bool):
            return float(v)
        return None  # structs, vectors, buffers: not a scalar feature
    if kind == "buf":
        raw = bytes(a[1])
        t = (type_name or "").replace("const", "").strip()
        dt = _CTYPES.get(t)
        if dt is not None and np.dtype(dt).itemsize == len(raw):
            return float(np.frombuffer(raw, dtype=dt)[0])
    return None


def has_zero(size: Any) -> bool:
    """Whether a global size that is not a tuple (a list, a numpy array, any sequence
    pyopencl takes) holds a 0; False for what is no sequence of numbers."""
    try:
        return any(int(n) == 0 for n in size)
    except (TypeError, ValueError):
        return False


def run_empty(rt: Any, queue: Any, kernel: Any, gsize: Any, lsize: Any, offset: Any,
              wait_for: Any, g_times_l: bool, allow_empty: bool, transient: bool) -> Any:
    """A launch of no work-items, as a plain program's goes: pyopencl's own call with
    the program's arguments, after graph mode's deferred kernels (its event completes
    after what the queue held before it).

    On PoCL (3.0) the driver's empty-range path divides by zero (SIGFPE) once
    libclang has made an index in the process, as skmd's kernel analysis does (a
    plain program that does so crashes alike): there the marker pyopencl enqueues
    for an empty range it is allowed, with the launch's wait list, stands in."""
    if rt is not None:
        rt.flush_graph()
    if not allow_empty and _pocl(queue):
        allow_empty = True
    evt = raw.enqueue_nd_range_kernel(queue, kernel, gsize, lsize, offset, wait_for,
                                      g_times_l, allow_empty)
    if transient:  # (Kernel.__call__ sets them again)
        forget_call_args(kernel)
    return evt


def _pocl(queue: Any) -> bool:
    """Whether ``queue``'s device is PoCL's (asked once per queue object)."""
    hit = getattr(queue, "_skmd_pocl", None)
    if hit is None:
        try:
            dev = queue.get_info(cl.command_queue_info.DEVICE)
            hit = "Portable Computing Language" in dev.platform.name
        except Exception:  # noqa: BLE001 - unknown: the driver's own path
            hit = False
        try:
            queue._skmd_pocl = hit
        except AttributeError:
            pass
    return hit


def kept_hit(hit: Any, wait_for: Any, queue: Any) -> tuple:
    """A kept decision (launch, shares, reason, span, span) as this launch takes it:
    whole where it waits on an event not complete yet, or its queue holds a launch that
    does, as a fresh decision would be (the decision stays kept for later launches)."""
    why = gates.open_wait(wait_for, queue) if hit[2] is None else None
    if why is not None:
        return (hit[0], hit[1], why, hit[3], hit[4])
    return tuple(hit)
