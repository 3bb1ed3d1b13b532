"""Which bytes each device of a split launch needs, and how each output merges.

Plain planning over a launch's shares and the kernel's access analysis (the byte
ranges each device's rows read and write): what :class:`SplitRun` then moves and
merges, and the global size and offset that run a device's rows.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

import pyopencl as cl

from skmd.decide import locations as placement
from skmd.runtime import buffers as bufmod
from skmd.runtime.devices import PhysicalDevice
from skmd.runtime.kernels import ArgValue, KernelEntry
from skmd.transform import Launch


@dataclass
class Share:
    dev: PhysicalDevice
    first: int
    last: int

    @property
    def groups(self) -> int:
        return self.last - self.first


@dataclass
class BufferPlan:
    """How one application buffer takes part in a split launch."""
    root: Any
    state: bufmod.BufferState
    arg_indices: list[int]
    written: bool
    #: per device label: byte ranges the device must hold before it runs
    need: dict[str, list[tuple[int, int]]] = field(default_factory=dict)
    #: per device label: the byte range it writes, when outputs merge by slices
    out_slice: dict[str, tuple[int, int]] = field(default_factory=dict)
    contiguous: bool = False
    #: updated only by additive integer atomics: helpers add into zeroed copies,
    #: merged by summing (element size in bytes; 0 when not)
    reduce_elem: int = 0
    #: byte ranges the home device's rows read of a buffer the kernel only reads
    #: (None: written, or home must hold all of it)
    home_need: list[tuple[int, int]] | None = None
    #: the kernel reads this buffer (not only writes it)
    read: bool = False
    #: every byte is rewritten, in slices: each device's slice stays where it was
    #: made, and a read gathers them (:func:`skmd.runtime.placement.gather`)
    stays: bool = False


def sub_launch_size(launch: Launch, first: int, last: int, mode: str) -> tuple[int, ...]:
    """Global size that runs rows ``[first, last)`` of ``launch`` (with no offset).

    An offset launch starts at row 0 for the driver: the kernel adds ``first``
    (its ``skmd_first`` argument) itself, since a driver may keep global offsets
    in 31 bits (NVIDIA's faults at 2**31 work-items, ``benchmarks/offset_probe.py``).
    """
    if mode == "guard":
        return tuple(launch.global_size)
    sd = launch.split_dim
    gs = list(launch.global_size)
    gs[sd] = (last - first) * launch.local_size[sd]
    return tuple(gs)


def plan_buffers(entry: KernelEntry, args: dict[int, ArgValue], launch: Launch,
                 shares: Sequence[Share], home_label: str, lazy: bool = False
                 ) -> list[BufferPlan]:
    """Decide, per buffer, what each device needs and how its output merges."""
    an = entry.analysis
    assert an is not None
    by_root: dict[int, BufferPlan] = {}
    for i, a in args.items():
        if a[0] != "obj" or not isinstance(a[1], cl.MemoryObjectHolder):
            continue
        root = bufmod.root_of(a[1])
        key = root.int_ptr
        bp = by_root.get(key)
        if bp is None:
            bp = BufferPlan(root=root, state=bufmod.state_of(root), arg_indices=[],
                            written=False)
            by_root[key] = bp
        bp.arg_indices.append(i)
        bp.written |= an.args[i].written
        bp.read |= an.args[i].read

    for bp in by_root.values():
        size = bp.state.size
        whole = (0, size)
        single_arg = len(bp.arg_indices) == 1
        i0 = bp.arg_indices[0]
        ai0 = an.args[i0]
        if (not lazy and single_arg and ai0.reduce_add and ai0.elem_size in (4, 8)
                and size % ai0.elem_size == 0):
            bp.reduce_elem = int(ai0.elem_size)
            for s in shares:
                if s.dev.label != home_label:
                    bp.need[s.dev.label] = []
            continue
        # Outputs merge by slices when every device's write range is known and
        # the ranges are pairwise disjoint; otherwise by diff against a full copy.
        if bp.written and single_arg:
            slices = {}
            for s in shares:
                r = an.byte_range(i0, "write", launch, (s.first, s.last))
                if r is None:
                    slices = None
                    break
                slices[s.dev.label] = (max(0, r[0]), min(size, r[1]))
            if slices is not None and _disjoint(list(slices.values())):
                bp.contiguous = True
                bp.out_slice = slices
        for s in shares:
            lab = s.dev.label
            need: list[tuple[int, int]] = []
            for i in bp.arg_indices:
                ai = an.args[i]
                if ai.read:
                    r = an.byte_range(i, "read", launch, (s.first, s.last)) if single_arg else None
                    need.append(whole if r is None else (max(0, r[0]), min(size, r[1])))
            if lab == home_label:
                if not bp.written:
                    bp.home_need = [(lo, hi) for lo, hi in need if hi > lo]
                continue
            if bp.written:
                if bp.contiguous:
                    lo, hi = bp.out_slice[lab]
                    dense = an.write_dense(i0, launch, (s.first, s.last))
                    if lazy and not (dense and (lo, hi) == whole):
                        need.append(whole)  # the mirror becomes the only full copy
                    elif not dense:
                        need.append((lo, hi))
                else:
                    need.append(whole)
            bp.need[lab] = [(lo, hi) for lo, hi in need if hi > lo]
    plans = list(by_root.values())
    if not lazy:
        _mark_staying(plans, an, launch, shares)
    return plans


def _mark_staying(plans: list[BufferPlan], an: Any, launch: Launch,
                  shares: Sequence[Share]) -> None:
    """Outputs every device rewrites densely, in disjoint slices covering the whole
    buffer, stay where they were made; only when all outputs merge by slices (a
    merge kernel or diff would read the home copy), and not in the program's own
    memory (``USE_HOST_PTR``: the host may read it without a command skmd sees)."""
    written = [bp for bp in plans if bp.written]
    if any(not bp.contiguous or bp.reduce_elem for bp in written):
        return
    for bp in written:
        i0 = bp.arg_indices[0]
        spans = [r for r in bp.out_slice.values() if r[1] > r[0]]
        bp.stays = (not placement.gaps([(0, bp.state.size)], spans)
                    and all(an.write_dense(i0, launch, (s.first, s.last)) for s in shares)
                    and not bufmod.seen_by_host(bp.state, bp.root))


def _disjoint(ranges: list[tuple[int, int]]) -> bool:
    rs = sorted(r for r in ranges if r[1] > r[0])
    return all(rs[k][1] <= rs[k + 1][0] for k in range(len(rs) - 1))
