"""The ``set_arg`` family of ``pyopencl.Kernel``, wrapped: OpenCL cannot be asked for a
kernel's argument values, so skmd notes them as they are set (into the kernel's
``_skmd_args``, :mod:`skmd.runtime.kernels`), for a split or deferred launch to replay.

Every launch through ``Kernel.__call__`` or pyopencl.array sets its arguments here, so
these are a launch's fixed cost: the noting loops run in C (``dict.update`` over
``zip``) unless an argument must be copied.
"""
from __future__ import annotations

import itertools
from typing import Any

from skmd.runtime import kernels as kmod
from skmd.runtime import raw

_repeat = itertools.repeat


def set_arg(self: Any, index: int, value: Any) -> None:
    raw.kernel_set_arg(self, index, value)
    kept = kmod.kept(value) if type(value) in kmod.COPIED else value
    kmod.args_of(self)[index] = ("obj", kept)


# Every launch through ``Kernel.__call__`` or pyopencl.array comes through one or two
# of these: each is written for speed (the dict found without a call; whether the
# launch will let go of them after it is the launch's to tell, once:
# :func:`skmd.shim.patch._enqueue_nd_range_kernel`).
def set_arg_multi(self: Any, pairs: tuple) -> None:
    raw.kernel_set_arg_multi(self, pairs)
    try:
        d = self._skmd_args
    except AttributeError:
        d = kmod.args_of(self)
    values = pairs[1::2]  # (pairs flattened: index, value, ...)
    if kmod.COPIED.isdisjoint(map(type, values)):  # (loops in C: a launch's fixed cost)
        d.update(zip(pairs[::2], zip(_repeat("obj"), values)))
        return
    for i, value in zip(pairs[::2], values):
        d[i] = ("obj", kmod.kept(value) if type(value) in kmod.COPIED else value)


def set_arg_buf_multi(self: Any, pairs: tuple) -> None:
    raw.kernel_set_arg_buf_multi(self, pairs)
    try:
        d = self._skmd_args
    except AttributeError:
        d = kmod.args_of(self)
    d.update(zip(pairs[::2], zip(_repeat("buf"), map(bytes, pairs[1::2]))))


def set_arg_buf_pack_multi(self: Any, triples: tuple) -> None:
    raw.kernel_set_arg_buf_pack_multi(self, triples)
    try:
        d = self._skmd_args
    except AttributeError:
        d = kmod.args_of(self)
    values = triples[2::3]  # (index, format, value, ...)
    if kmod.COPIED.isdisjoint(map(type, values)):
        d.update(zip(triples[::3], zip(_repeat("pack"), triples[1::3], values)))
        return
    for i, fmt, value in zip(triples[::3], triples[1::3], values):
        d[i] = ("pack", fmt, kmod.kept(value) if type(value) in kmod.COPIED else value)
