"""What skmd keeps per application kernel: its source, analysis, arguments, clones.

OpenCL cannot be asked for a kernel's argument values, so the shim records them
as they are set (``set_arg`` and the ``_set_arg*_multi`` calls pyopencl's
generated invokers make) and replays them on the partition-ready clones.
"""
from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Any, Callable

import numpy as np
import pyopencl as cl

from skmd import transform
from skmd.digest import sha256_hex
from skmd.decide.churn import KeyChurn
from skmd.runtime import gone_watch, host_backed, raw, shield

#: program int_ptr -> (source, options, the _Program held so the pointer stays
#: unique while the record lives, the key its analysis is kept under on disk, what is
#: kept per kernel name: see :func:`shared` and :func:`stand_in`)
_programs: dict[int, tuple[str, str, Any, str, dict[Any, Any]]] = {}
_programs_lock = threading.Lock()
#: (pointer, _Program) of records whose application Program object is gone (appended
#: by its finalizer, which may run inside any allocation: it takes no lock)
_gone: list[tuple[int, Any]] = []
#: of those, the ones whose kernels the application still held at the last look
_lingering: list[tuple[int, Any]] = []


def record_program(app: Any, prg: Any, source: str | bytes, options: str) -> None:
    """Keep a program the application built (``app``, its ``pyopencl.Program``;
    ``prg``, the ``_Program`` under it).  Its analysis key (a hash of its source and
    options) is worked out here, beside the build's milliseconds, rather than by its
    kernels' first launches (a third of a millisecond per program).

    The record goes once the application holds neither the program nor a kernel of
    it: it holds the program, its clones and so its context, and a program that
    makes a context per task (pyopencl's own tests do) ran out of contexts on an H100
    after about a hundred when records were kept for good."""
    if isinstance(source, bytes):
        try:
            source = source.decode()
        except UnicodeDecodeError:
            return
    from skmd.transform import diskcache
    key = diskcache.program_key(source, options)
    let_go()
    ptr = prg.int_ptr
    with _programs_lock:
        _programs[ptr] = (source, options, prg, key, {})
    try:  # (not weakref.finalize: see gone_watch)
        gone_watch.when_gone(app, _gone.append, (ptr, prg))
    except TypeError:  # an object that cannot be watched: kept, as before
        pass


def let_go() -> None:
    """Drop the records the application is done with (its Program object gone, and
    no kernel of it left: the driver's count of references to the program is the
    record's own one).  Run at each program build."""
    if not (_gone or _lingering):
        return
    look = _lingering[:] + [_gone.pop() for _ in range(len(_gone))]
    _lingering.clear()
    for ptr, prg in look:
        rec = _programs.get(ptr)
        if rec is None or rec[2] is not prg:  # (built again: that record stands)
            continue
        try:
            held = prg.get_info(cl.program_info.REFERENCE_COUNT) > 1
        except Exception:  # noqa: BLE001 - a driver that will not say: kept
            held = True
        if held:
            _lingering.append((ptr, prg))
            continue
        with _programs_lock:
            if _programs.get(ptr) is rec:
                del _programs[ptr]


def program_source(prg_ptr: int) -> tuple[str, str] | None:
    hit = _programs.get(prg_ptr)
    return None if hit is None else (hit[0], hit[1])


def program_key(prg_ptr: int) -> str | None:
    """The on-disk analysis key of a program the application built, or None."""
    hit = _programs.get(prg_ptr)
    return None if hit is None else hit[3]


def program_ptr(kernel: Any) -> int | None:
    """The handle of ``kernel``'s program, or None where the driver will not say;
    as :func:`named` left it on a kernel got by name from its program."""
    fn = getattr(kernel, "_skmd_fn", None)
    if fn is not None:
        return fn[0]
    try:
        return kernel.program.int_ptr
    except Exception:  # noqa: BLE001 - any object a launch hands over
        return None


def named(kernel: Any, prg_ptr: int, name: str) -> Any:
    """``kernel``, just got as ``prg.name``, marked with its program's handle and its
    name: pyopencl's canonical ``prg.name(queue, ...)`` makes a new kernel object
    at each launch, and asking the driver both again each time cost its launches
    more than the rest of skmd's hook."""
    try:  # (not contextlib.suppress: three calls more, at every launch of this style)
        kernel._skmd_fn = (prg_ptr, name)
        rec = _programs.get(prg_ptr)  # its function analysed: its entry, found here
        hit = None if rec is None else rec[4].get(name)
        if hit is not None:
            kernel._skmd_entry = hit
    except AttributeError:
        pass
    args_of(kernel)  # its arguments, about to be set, are found there and not missed
    return kernel


def on_disk(prg_ptr: int | None) -> bool:
    """Whether the analysis of a program the application built is kept on disk (a
    program run again: its kernels need no front end)."""
    key = None if prg_ptr is None else program_key(prg_ptr)
    if key is None:
        return False
    from skmd.transform import diskcache
    return diskcache.has(key)


# One recorded argument: (how it was set, value...). Replayed with the same call.
ArgValue = tuple


@dataclass(eq=False)
class KernelEntry:
    """skmd's knowledge of one application kernel object."""
    name: str
    key: str                      # source hash + name: identifies the kernel across runs
    source: str | None
    options: str
    analysis: "transform.KernelAnalysis | None"
    partition_source: str | None
    reason: str | None            # why it never splits (None if it may)
    num_args: int
    clones: dict[str, cl.Kernel] = field(default_factory=dict)
    #: decision key -> [launch, shares, reason, reuses left, span] (a list: each reuse
    #: counts down in place); keys with a word first ("alone", "plan", "lost", ...)
    #: hold what led to a decision
    decisions: dict[tuple, Any] = field(default_factory=dict)
    #: graph modes: decision key -> what its next launches need to skip the full
    #: launch path (:meth:`skmd.runtime.graph_mode.GraphBatch.remember`)
    graph_known: dict[tuple, Any] = field(default_factory=dict)
    #: its run of new decision keys decided whole (:mod:`skmd.decide.churn`)
    churn: KeyChurn = field(default_factory=KeyChurn)
    _written_idx: tuple[int, ...] | None = None
    #: launches decided without a model or measured speeds (the first runs whole)
    undecided: int = 0
    #: launches of this kernel so far (what the home device spent on it, times its
    #: predicted time, says when helpers' programs are worth building)
    launches: int = 0
    #: devices taken out for this kernel after a failure, with the reason
    excluded: dict[str, str] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)
    #: the program holding this kernel's generated merge kernel (None: it has none)
    merge_source: str | None = None
    #: why the merge kernel cannot be used here after all (it failed to build)
    merge_failed: str | None = None
    #: the most work-items a work-group of this kernel may have on the devices its
    #: program was built for, in all and per dimension (bound a local size skmd picks)
    group_limit: int = 1 << 30
    item_limits: tuple[int, ...] = ()
    #: the work-group size its ``reqd_work_group_size`` attribute demands (() when none)
    group_required: tuple[int, ...] = ()
    #: a stand-in's: when its kernel's analysis may start (None: started)
    analyse_from: float | None = None
    #: a stand-in's: how long its latest launches took until a ``finish()`` of their
    #: queue (at most 64 kept), and whether one went unbounded (:mod:`.waited`)
    waits_s: list[float] = field(default_factory=list)
    unwaited: bool = False
    #: the work-items of the launches ``waits_s`` bounds; an analysed kernel's: the
    #: launch its verdict is asked again at, the most work-items a launch it calls short
    #: may have (-1: none) and why it runs whole (:func:`.waited.short_for`)
    items_s: list[int] = field(default_factory=list)
    short_next: int = 0
    short_items: int = -1
    short_reason: str = ""
    #: a stand-in's: how many programs were analysed when its kernel's program was
    #: last found not among them (:meth:`Background.entry` asks again only after more)
    known_at: int = -1

    @property
    def splittable(self) -> bool:
        return self.reason is None

    def forget_whole_decisions(self, stays: Callable[[tuple], bool] = lambda key: False
                               ) -> None:
        """Drop the launch shapes' kept verdicts to run whole (a build just ended:
        a shape kept whole while it ran is decided afresh at its next launch,
        rather than after its span, which staged uploads, rarely tried, may never
        see end); kept splits, the other notes and the verdicts whose key ``stays``
        says so (the guard rail's: splits measured slower) stay."""
        for k, v in list(self.decisions.items()):
            if k and not isinstance(k[0], str) and isinstance(v, list) and len(v) == 5 \
                    and v[2] is not None and not stays(k):
                self.decisions.pop(k, None)

    # -- arguments -----------------------------------------------------------
    def buffer_args(self, args: dict[int, ArgValue]) -> list[tuple[int, Any]]:
        """The (index, buffer) arguments, each argument's type classified once
        (:func:`is_buffer_type`): a launch of an unanalysed kernel asks this for
        its writes, and ``hasattr`` on a number raised and caught each time."""
        out = []
        for i, a in args.items():
            if a[0] == "obj":
                t = type(a[1])
                hit = _BUFFER_TYPES.get(t)
                if hit is None:
                    hit = is_buffer_type(t)
                if hit:
                    out.append((i, a[1]))
        return out

    def written_buffers(self, args: dict[int, ArgValue]) -> list[Any]:
        """Buffers this launch may write (all of them when unanalysed)."""
        an = self.analysis
        if an is None:
            return [b for _, b in self.buffer_args(args)]
        idx = self._written_idx
        if idx is None:
            idx = self._written_idx = tuple(a.index for a in an.args if a.written)
        out = []
        for i in idx:
            a = args.get(i)
            if a is not None and a[0] == "obj" and a[1] is not None:
                out.append(a[1])
        return out


def make_entry(kernel: cl.Kernel) -> KernelEntry:
    name = kernel.function_name
    num_args = kernel.num_args
    prg_ptr = kernel.program.int_ptr
    found = program_source(prg_ptr)
    if found is None:
        return KernelEntry(name=name, key=f"unknown:{name}", source=None, options="",
                           analysis=None, partition_source=None,
                           reason="program source unknown (built from binary or IL)",
                           num_args=num_args)
    source, options = found
    digest = sha256_hex(source + "\0" + options)[:16]
    key = f"{digest}:{name}"
    try:
        pa = transform.analyze_program(source, options)
    except Exception as exc:  # the transformer must never break a user's program
        return KernelEntry(name=name, key=key, source=source, options=options,
                           analysis=None, partition_source=None,
                           reason=f"analysis failed: {exc}", num_args=num_args)
    an = pa.kernels.get(name)
    reason: str | None = None
    if pa.error or pa.partition_source is None:
        reason = f"front end: {pa.error or 'no partition-ready program'}"
    elif an is None:
        reason = "kernel not found by the front end"
    elif not an.splittable:
        reason = an.reason or "not splittable"
    merge = pa.merge_source if an is not None and an.merge_kernel else None
    return KernelEntry(name=name, key=key, source=source, options=options, analysis=an,
                       partition_source=pa.partition_source, reason=reason,
                       num_args=num_args, merge_source=merge,
                       **_group_limits(kernel))


def _group_limits(kernel: cl.Kernel) -> dict[str, Any]:
    try:
        devs = kernel.program.devices
        total = min(int(kernel.get_work_group_info(
            cl.kernel_work_group_info.WORK_GROUP_SIZE, d)) for d in devs)
        dims = tuple(min(int(x) for x in per) for per in zip(
            *(d.max_work_item_sizes for d in devs)))
    except Exception:  # never break the program over a bound: skmd's own target stands
        return {}
    try:
        req = tuple(int(x) for x in kernel.get_work_group_info(
            cl.kernel_work_group_info.COMPILE_WORK_GROUP_SIZE, devs[0]))
    except Exception:  # (unknown: the driver judges a launch against it at the call)
        req = ()
    return {"group_limit": total, "item_limits": dims,
            "group_required": req if any(req) else ()}


def function_of(kernel: cl.Kernel) -> tuple[int, str] | None:
    """(program pointer, function name) of a kernel whose program skmd recorded."""
    fn = getattr(kernel, "_skmd_fn", None)
    if fn is not None:
        return fn if fn[0] in _programs else None
    ptr = program_ptr(kernel)
    if ptr is None or ptr not in _programs:
        return None
    try:
        return ptr, kernel.function_name
    except Exception:  # a kernel pyopencl cannot tell its name for
        return None


def shared(kernel: cl.Kernel, make: Callable[[], "KernelEntry"]) -> "KernelEntry":
    """The entry every kernel object of ``kernel``'s function shares (made by
    ``make`` once); ``make()`` itself where its program was not recorded.

    pyopencl's canonical ``prg.name(queue, ...)`` makes a new kernel object at each
    launch (the function's name looked up on the program): without this each one
    would be analysed, described and decided afresh, a tenth of a millisecond or
    more per launch on a GPU host.
    """
    return _kept(function_of(kernel), None, make)


def stand_in(fn: tuple[int, str] | None, make: Callable[[], "KernelEntry"]
             ) -> "KernelEntry":
    """The stand-in every kernel object of function ``fn`` runs under until its
    analysis is done (made by ``make`` once), kept with its program's record so that
    it goes with it (a later program at the same pointer starts afresh)."""
    return _kept(fn, "stand-in", make)


def per_program(prg_ptr: int | None, name: str, make: Callable[[], Any]) -> Any:
    """A value kept with program ``prg_ptr``'s record under ``name`` (made by
    ``make`` once): it goes with the record, and a later program at the same pointer
    gets its own; ``make()`` itself where the program was not recorded."""
    return _kept(None if prg_ptr is None else (prg_ptr, name), "per program", make)


def _kept(fn: tuple[int, str] | None, kind: str | None, make: Callable[[], Any]) -> Any:
    """What is kept under ``fn``'s name (and ``kind``) in its program's record, made by
    ``make`` once; ``make()`` itself where the program was not recorded."""
    rec = None if fn is None else _programs.get(fn[0])
    if rec is None:
        return make()
    kept, name = rec[4], fn[1] if kind is None else (kind, fn[1])
    hit = kept.get(name)
    if hit is None:
        made = make()  # (an analysis: not under a lock other kernels wait on)
        with _programs_lock:
            hit = kept.setdefault(name, made)
    return hit


def entry_of(kernel: cl.Kernel) -> KernelEntry:
    """``kernel``'s entry; its analysis (once per kernel function) runs through the
    shield: on the program's thread a raising signal handler would cut it, or the
    imports it starts, in two (:mod:`.shield`)."""
    e = getattr(kernel, "_skmd_entry", None)
    if e is None:
        e = shared(kernel, lambda: shield.run(make_entry, kernel))
        try:
            kernel._skmd_entry = e
        except AttributeError:
            pass
    return e


#: argument type -> whether its values are buffers (memory objects)
_BUFFER_TYPES: dict[type, bool] = {}


def is_buffer_type(t: type) -> bool:
    """Whether arguments of type ``t`` are memory objects (kept per type)."""
    hit = _BUFFER_TYPES[t] = issubclass(t, cl.MemoryObjectHolder)
    return hit


#: by-value argument types whose objects the program may change after the call that
#: set them (a record viewing its array, an array): the driver took their bytes at that
#: call, so skmd keeps a copy (a launch deferred, or split, would see the change)
COPIED = frozenset({np.ndarray, np.void, np.record})


def kept(value: Any) -> Any:
    """A copy of by-value argument ``value`` (of a :data:`COPIED` type) with every byte
    the driver took: numpy's ``copy()`` leaves out the bytes between a structured
    type's fields (a view of some of a record's fields keeps the others' bytes there,
    and the kernel's struct reads them)."""
    try:
        if type(value) is not np.ndarray:  # a record: its bytes, all of them
            return np.frombuffer(bytes(value), value.dtype)[0]
        if value.flags.c_contiguous:
            return np.frombuffer(value.tobytes(), value.dtype).reshape(value.shape)
    except (TypeError, ValueError, BufferError):
        pass
    return value.copy()


def forget_call_args(kernel: cl.Kernel) -> None:
    """After a launch whose arguments ``Kernel.__call__`` set (it sets them all again next
    time): skmd lets go of them, so as not to keep the program's buffers alive; it notes
    only whether one stood in for a buffer kept in host memory, which a launch of the
    driver's arguments as they were left must not run on (:mod:`.chunked`)."""
    args = getattr(kernel, "_skmd_args", None)
    if args is None:  # (a kernel of no arguments)
        return
    if host_backed.live:
        kernel._skmd_stand_ins = host_backed.any_in(a[1] for a in args.values())
    args.clear()


def args_of(kernel: cl.Kernel) -> dict[int, ArgValue]:
    d = getattr(kernel, "_skmd_args", None)
    if d is None:
        d = {}
        try:
            kernel._skmd_args = d
        except AttributeError:
            pass
    return d


def replay_args(target: cl.Kernel, args: dict[int, ArgValue], swap: dict[int, Any]) -> None:
    """Set ``args`` on ``target``, with buffers replaced as ``swap`` (by arg index) says."""
    for i, a in args.items():
        kind = a[0]
        if i in swap:
            raw.kernel_set_arg(target, i, swap[i])
        elif kind == "obj":
            raw.kernel_set_arg(target, i, a[1])
        elif kind == "buf":
            raw.kernel_set_arg_buf_multi(target, (i, a[1]))
        elif kind == "pack":
            raw.kernel_set_arg_buf_pack_multi(target, (i, a[1], a[2]))
