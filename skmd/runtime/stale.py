"""Buffers whose home copy is behind a mirror or the host shadow (graph mode).

Anything that could observe such a buffer's home copy brings it up to date
first (:func:`skmd.runtime.homecoming.sync_args`); a buffer the program can no
longer reach is forgotten instead (:func:`prune_stale`).
"""
from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

import pyopencl as cl

from skmd.runtime import memobj

if TYPE_CHECKING:
    from skmd.runtime.buffers import BufferState

MemObj = Any

#: buffers whose home copy is behind a mirror or the host shadow: (state,
#: application buffer) by id.  pyopencl buffers cannot be weakly referenced, so
#: these are strong references, dropped by :func:`prune_stale` once nothing
#: else could reach the buffer.
_stale: "dict[int, tuple[BufferState, MemObj]]" = {}


def mark_stale(st: "BufferState", app_buf: MemObj) -> None:
    """``st``'s home copy is behind: remember it (and whether the host sees the
    application buffer directly) until it is brought home."""
    seen_by_host(st, app_buf)
    _stale[id(st)] = (st, app_buf)


def seen_by_host(st: "BufferState", app_buf: MemObj) -> bool:
    """Whether the program's own memory is ``app_buf`` (``USE_HOST_PTR``): the host may
    read or write it without a command skmd sees (asked of the driver once)."""
    if st.host_ptr is None:
        flags = memobj.flags_of(app_buf)
        # unknown: treat it as seen by the host directly
        st.host_ptr = flags is None or bool(flags & int(cl.mem_flags.USE_HOST_PTR))
    return st.host_ptr


def any_stale() -> bool:
    """Whether any buffer's home copy is behind (every command of the program asks)."""
    return bool(_stale)


def stale_buffers() -> "list[tuple[BufferState, MemObj]]":
    """Every buffer whose home copy is behind, with its application buffer."""
    return list(_stale.values())


def _entry_refs(entries: dict) -> list[tuple[int, int, int]]:
    """(key, references to the buffer, references to the state) of each entry."""
    out = []
    for key, (st, app) in list(entries.items()):
        out.append((key, sys.getrefcount(app), sys.getrefcount(st)))
    return out


def _calibrate() -> tuple[int, int]:
    """How many references :func:`_entry_refs` sees for a buffer held by nothing but
    its entry, and for a state held by nothing but the entry and the buffer."""
    class Probe:
        pass
    app, st = Probe(), Probe()
    app._skmd_state = st
    ((_, n_app, n_st),) = _entry_refs({0: (st, app)})
    return n_app - 1, n_st - 1  # less this function's own two names


_UNREACHABLE = _calibrate()


def prune_stale() -> int:
    """Forget stale buffers the program can no longer reach; returns how many.

    Nothing can observe a buffer held only by :data:`_stale` (and its state held
    only by that entry and the buffer): bringing it home would be wasted work,
    and holding it would keep its device memory.  Dropping the entry lets both
    go; the state gives its mirrors back to the pools.
    """
    n_app, n_st = _UNREACHABLE
    dropped = 0
    for key, refs_app, refs_st in _entry_refs(_stale):
        if refs_app <= n_app and refs_st <= n_st:
            _stale.pop(key, None)
            dropped += 1
    return dropped
