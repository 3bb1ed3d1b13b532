"""The ``set_arg`` family of ``pyopencl.Kernel``, wrapped: OpenCL cannot be asked for a
kernel's argument values, so skmd notes them as they are set (into the kernel's
``_skmd_args``, :mod:`skmd.runtime.kernels`), for a split or deferred launch to replay.

Every launch through ``Kernel.__call__`` or pyopencl.array sets its arguments here, so
these are a launch's fixed cost: the noting loops run in C (``dict.update`` over
``zip``) unless an argument must be copied.
"""
from __future__ import annotations

import itertools
import sys
from typing import Any

from skmd.runtime import kernels as kmod
from skmd.runtime import raw

_getframe = sys._getframe
_repeat = itertools.repeat


def set_arg(self: Any, index: int, value: Any) -> None:
    raw.kernel_set_arg(self, index, value)
    try:
        self._skmd_transient = False
    except AttributeError:
        pass
    kept = kmod.kept(value) if type(value) in kmod.COPIED else value
    kmod.args_of(self)[index] = ("obj", kept)


def noted(kernel: Any) -> dict:
    """``kernel``'s argument values, for a ``_set_arg_*_multi`` wrapper to add to.

    Arguments set by pyopencl's generated ``enqueue_knl_*`` (``Kernel.__call__``,
    pyopencl.array) are set again before every launch, so skmd need not keep those
    buffers alive after the launch; ``set_args``/``set_arg`` ones must persist.
    Every launch of such a kernel comes here once or twice, so this is written for
    speed: about 0.6 us less a call than a helper per step (CI machine)."""
    try:
        kernel._skmd_transient = _getframe(2).f_code.co_name.startswith("enqueue_knl_")
        return kernel._skmd_args
    except (AttributeError, ValueError):
        return kmod.args_of(kernel)


def set_arg_multi(self: Any, pairs: tuple) -> None:
    raw.kernel_set_arg_multi(self, pairs)
    d, values = noted(self), pairs[1::2]  # (pairs flattened: index, value, ...)
    if kmod.COPIED.isdisjoint(map(type, values)):  # (loops in C: a launch's fixed cost)
        d.update(zip(pairs[::2], zip(_repeat("obj"), values)))
        return
    for i, value in zip(pairs[::2], values):
        d[i] = ("obj", kmod.kept(value) if type(value) in kmod.COPIED else value)


def set_arg_buf_multi(self: Any, pairs: tuple) -> None:
    raw.kernel_set_arg_buf_multi(self, pairs)
    noted(self).update(zip(pairs[::2], zip(_repeat("buf"), map(bytes, pairs[1::2]))))


def set_arg_buf_pack_multi(self: Any, triples: tuple) -> None:
    raw.kernel_set_arg_buf_pack_multi(self, triples)
    d, values = noted(self), triples[2::3]  # (index, format, value, ...)
    if kmod.COPIED.isdisjoint(map(type, values)):
        d.update(zip(triples[::3], zip(_repeat("pack"), triples[1::3], values)))
        return
    for i, fmt, value in zip(triples[::3], triples[1::3], values):
        d[i] = ("pack", fmt, kmod.kept(value) if type(value) in kmod.COPIED else value)
