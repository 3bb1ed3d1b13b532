"""Queues held behind an event not complete yet: what must not wait on the host.

A split launch, a graph batch, or a command skmd serves from host memory waits on the
host for what its queue ran before it.  Behind a user event the program sets only
after it has enqueued more commands (from this thread, or once another thread has
enqueued them), such a wait never ends.  Commands enqueued behind an open event are
noted here per queue; launches behind them run whole, in queue order, until the
noted command has ended.
"""
from __future__ import annotations

from typing import Any

import pyopencl as cl

#: why a launch that waits on an event not complete yet runs whole
WAITS_OPEN = "waits on events not complete yet (runs whole, in queue order)"
#: why a launch behind such a command on its queue runs whole
QUEUE_GATED = "its queue holds a command that waits on an event not complete yet (runs whole)"
#: per queue handle: the event of its latest command behind an event not complete yet
#: (a launch run whole for it, a copy, a marker or barrier): until it ends, launches
#: behind it on the queue run whole.  Tested first on every launch that may split:
#: empty unless the program gates a queue.  Each entry also says whether a user event
#: not set yet is behind it: only that can keep a wait on the host from ever ending
held: dict[int, tuple[Any, bool]] = {}


def waits_open(wait_for: Any) -> bool:
    """Whether ``wait_for`` holds an event not complete yet: a split (or anything else
    that waits on the host) would block the program before it can set a user event."""
    return bool(wait_for) and any(
        e.command_execution_status != cl.command_execution_status.COMPLETE for e in wait_for)


def user_open(wait_for: Any) -> bool:
    """Whether ``wait_for`` holds a user event not set yet (the program sets it after
    this call returns: a wait on the host for it would never end)."""
    return bool(wait_for) and any(
        e.command_type == cl.command_type.USER
        and e.command_execution_status != cl.command_execution_status.COMPLETE
        for e in wait_for)


def any_open() -> bool:
    """Whether a queue is still held behind an open event (gates whose command has
    ended are dropped here: a gate left behind would slow every launch after it)."""
    if not held:
        return False
    for q, (evt, _) in list(held.items()):
        try:
            if evt.command_execution_status > 0:  # queued, submitted or running
                continue
        except Exception:  # noqa: BLE001 - an event the driver no longer knows
            pass
        held.pop(q, None)
    return bool(held)


def open_wait(wait_for: Any, queue: Any) -> str | None:
    """Why a launch must run whole, in queue order, rather than wait on the host: it
    waits on an event not complete yet, or its queue holds a command that does."""
    if wait_for and waits_open(wait_for):
        return WAITS_OPEN
    if any_open():
        try:
            if queue.int_ptr in held:
                return QUEUE_GATED
        except Exception:  # noqa: BLE001 - any object a launch hands over
            pass
    return None


def held_by_user(queue: Any) -> bool:
    """Whether ``queue`` holds a command behind a user event not set yet: a command
    that must run at its call (host memory) cannot wait for it."""
    if not any_open():
        return False
    try:
        return held.get(queue.int_ptr, (None, False))[1]
    except Exception:  # noqa: BLE001 - any object a command hands over
        return False


def note_gate(queue: Any, evt: Any, reason: str, wait_for: Any) -> None:
    """A command ``evt`` was enqueued on ``queue`` with ``wait_for``, a launch run whole
    for ``reason``: gated, it holds the queue from now on."""
    if reason is WAITS_OPEN or reason is QUEUE_GATED:
        try:
            q = queue.int_ptr
            user = user_open(wait_for) or held.get(q, (None, False))[1]
            held[q] = (evt, user)
        except Exception:  # noqa: BLE001
            pass
