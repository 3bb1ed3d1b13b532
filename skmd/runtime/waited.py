"""Launches the program waited for at once: a bound on their kernels' time, known
before any analysis.

A kernel enqueued at ``t`` whose queue's ``finish()`` returns at ``t + w`` ran for
at most ``w``, whatever else was enqueued after it: ``finish()`` waits for every
command of the queue.  While a kernel awaits its analysis, each of its launches
that a ``finish()`` of its queue follows bounds it this way; when every such launch
ended sooner than a split could pay for itself, the analysis (tens of
milliseconds of Python beside the program's thread) is put off.  A tight loop of
short kernels with a ``finish()`` each (the unseen suite's tiny_loop) never pays
it, nor does an expression of pyopencl arrays (several kernels, then one
``finish()``).  A launch no ``finish()`` follows within :data:`MAX_PENDING` launches
of its queue leaves its kernel unbounded, and analysed as before.  Past a kernel's
first launches only some are followed (:func:`sampled`): each costs a few
microseconds of Python, and a loop launches the same kernel millions of times.
"""
from __future__ import annotations

import time
from typing import Any

from skmd.decide.policy import SHORT_RUNS_WHOLE

#: launches a ``finish()`` bounds at most (the first of more is left unbounded):
#: the bound of each grows with every launch after it
MAX_PENDING = 32

#: a kernel's first launches are all bounded; after them about one in 8, picked by a
#: multiplicative hash of the launch's number: a loop whose long launch comes every
#: k-th, whatever k, still has some of those bounded
ALL_FIRST = 64
_HASH = 2654435761

#: per queue handle: (entry, when its launch was called, its global size) since the
#: last finish
_pending: dict[int, list[tuple[Any, float, Any]]] = {}


def sampled(n: int) -> bool:
    """Whether a kernel's ``n``-th launch is bounded (:func:`note_launch`): each costs
    its launch and its ``finish()`` a few microseconds of Python, and a kernel short
    for its first :data:`ALL_FIRST` launches is followed at a lower rate."""
    return n <= ALL_FIRST or not (n * _HASH) >> 16 & 7


def note_launch(queue: Any, stand: Any, gsize: Any = ()) -> None:
    """``stand``'s kernel is being enqueued on ``queue`` now, over ``gsize`` (its
    analysis waits, or it may split), followed at the rate :func:`sampled` sets."""
    if not sampled(stand.launches):
        return
    try:
        q = queue.int_ptr
    except Exception:  # noqa: BLE001 - any object a launch hands over
        return
    got = _pending.get(q)
    if got is None:
        got = _pending[q] = []
    elif len(got) >= MAX_PENDING:
        got.pop(0)[0].unwaited = True  # too long ago for any finish to bound it well
    got.append((stand, time.perf_counter(), gsize))


def note_finish(queue: Any) -> None:
    """``queue.finish()`` returned: each kernel launched on it since the last one
    ran no longer than since its call."""
    try:
        got = _pending.pop(queue.int_ptr, None)
    except Exception:  # noqa: BLE001
        return
    if got:
        now = time.perf_counter()
        for stand, t_call, gsize in got:
            waits, items = stand.waits_s, stand.items_s
            waits.append(now - t_call)
            items.append(_items(gsize))
            if len(waits) > KEPT:
                del waits[0], items[0]


def _items(gsize: Any) -> int:
    n = 1
    for g in gsize:
        n *= int(g)
    return n


def note_blocking(queue: Any) -> None:
    """A blocking read on ``queue`` returned: on an in-order queue every command
    enqueued before it has ended, as after ``finish()`` (a reduction read back with
    ``.get()`` in a loop is waited for so, never by ``finish()``).  An out-of-order
    queue's read bounds nothing else."""
    if _pending:
        in_order = getattr(queue, "_skmd_in_order", None)
        if in_order is None:
            try:
                in_order = not (int(queue.properties) & _OUT_OF_ORDER)
            except Exception:  # noqa: BLE001 - any object a read hands over
                return
            try:
                queue._skmd_in_order = in_order
            except AttributeError:
                pass
        if in_order:
            note_finish(queue)


#: ``CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE``
_OUT_OF_ORDER = 1

#: bounds kept per kernel (the latest)
KEPT = 64
#: the share of them that may exceed the limit: a host's hiccup (another process, a
#: collection of the program's garbage) lengthens one wait, not the kernel
OUTLIERS = 1 / 8


SHORT, LONG, UNSURE = "short", "long", "unsure"


def verdict(stand: Any, limit_s: float) -> str:
    """Whether the launches of ``stand``'s kernel a ``finish()`` bounded ended within
    ``limit_s`` (0: no bound counts), but for a few outliers, and none went unbounded
    (SHORT: its analysis can wait); LONG: analyse it; UNSURE: ask again at its next
    launch.  One bound over the limit is not enough to call it long: a program's
    first ``finish()`` also waits for what its first launches start (the builds of
    the kernels after it: a first ``2 * x + y`` waits for ``+ y``'s program)."""
    waits = stand.waits_s
    if limit_s <= 0 or stand.unwaited or not waits:
        return LONG
    if len(waits) == 1:
        return SHORT if waits[0] < limit_s else UNSURE
    ranked = sorted(waits)
    return SHORT if ranked[int((len(ranked) - 1) * (1 - OUTLIERS))] < limit_s else LONG


#: bounds an analysed kernel needs before its launches may be called short, and the
#: launches after which it is asked again
MIN_BOUNDS = 8
ASK_EVERY = 64


def short_for(entry: Any, gsize: Any, rt: Any, mode: Any) -> str | None:
    """Why a launch of analysed ``entry`` over ``gsize`` runs whole at once under
    runtime ``rt`` (not in a graph ``mode``, nor while profiling), or None.

    Its launches a ``finish()`` bounded (:func:`verdict`, asked again every
    :data:`ASK_EVERY` launches) ended within a split's fixed cost
    (``rt.decider.split_fixed_s``), so a split could not pay, and this one is no larger
    than the largest of them: it need not look its decision up by the launch's key
    (the key costs a launch of pyopencl.array as much again as the rest of skmd's
    hook).  A larger launch, or any after a long bound, takes the decision's path, as
    every launch does under a policy that splits short ones too."""
    s = rt.settings
    if s.policy not in SHORT_RUNS_WHOLE or mode.defers_to_graph or rt.profiler is not None:
        return None
    if entry.launches >= entry.short_next and len(entry.waits_s) >= MIN_BOUNDS:
        entry.short_next = entry.launches + ASK_EVERY
        entry.short_items, limit = -1, rt.decider.split_fixed_s(s)
        if verdict(entry, limit) == SHORT:
            entry.short_items = max(n for w, n in zip(entry.waits_s, entry.items_s)
                                    if w < limit)
            entry.short_reason = (f"its launches a finish() waited for ended within "
                                  f"{limit * 1e3:.2g} ms, too short to split")
    if entry.short_items < 0:
        return None
    return entry.short_reason if _items(gsize) <= entry.short_items else None
