"""The execution modes (``SKMD_MODE``) as named sets of hooks.

A mode is chosen by name and the runtime asks it what to do, rather than
comparing the name at each place a mode matters: whether a launch is deferred
to a graph batch, whether a launch may be split, which scheduling phases a
graph batch runs with, whether whole-buffer uploads wait on the host.  Plain
data, importable by :mod:`skmd.config` without OpenCL or the runtime.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Mode:
    """What one ``SKMD_MODE`` asks of the runtime."""
    name: str
    #: one line for the documentation and ``--help``
    doc: str
    #: launches are recorded into a graph batch, scheduled together at a sync point
    defers_to_graph: bool = False
    #: why every launch runs whole on the home device, in program order (None: a
    #: launch may be split)
    whole_reason: str | None = None
    #: the scheduling phases a graph batch may run with; more than one: measured
    #: against each other per recurring graph (with ``SKMD_ONLINE``), the first
    #: one otherwise
    phases: tuple[str, ...] = ()
    #: whole-buffer uploads wait in page-locked host memory for the devices that
    #: need them (with ``SKMD_STAGE_UPLOADS``)
    stages_uploads: bool = False
    #: why a launch on a queue that profiles runs at once, in program order (None:
    #: as any other): the program may ask its event for the kernel's times, which a
    #: deferred launch's event, a user event, does not have
    profiled_reason: str | None = None

    @property
    def may_split(self) -> bool:
        """Whether a launch may be split across devices at all."""
        return self.whole_reason is None

    @property
    def tunes_phases(self) -> bool:
        """Whether a recurring graph's phase is chosen by measuring each."""
        return len(self.phases) > 1

    def phase(self) -> str:
        """The phase a graph batch runs with when none is measured to be faster.

        A mode that defers nothing can still be asked: a batch deferred under a
        graph mode may run after the settings switched (``skmd bench`` switches
        them in one process); it runs with whole kernels.
        """
        return self.phases[0] if self.phases else "coarse"


#: what ``SKMD_MODE`` is when unset
DEFAULT = "skmd"

_PROFILED = "its queue profiles: launched at once, for its event to time the kernel"

MODES: dict[str, Mode] = {m.name: m for m in (
    Mode(DEFAULT, "every launch split on its own"),
    Mode("mkmd", "kernels deferred to a sync point, the graph scheduled with partial "
                 "kernels or whole ones, whichever measures faster",
         defers_to_graph=True, phases=("mkmd", "coarse"), stages_uploads=True,
         profiled_reason=_PROFILED),
    Mode("coarse", "kernels deferred to a sync point, the graph scheduled with whole "
                   "kernels only",
         defers_to_graph=True, phases=("coarse",), stages_uploads=True,
         profiled_reason=_PROFILED),
    Mode("inorder", "everything whole on the home device, in program order",
         whole_reason="in-order mode"),
)}


def mode_named(name: str) -> Mode:
    """The mode called ``name``; a ValueError naming ``SKMD_MODE`` and the choices
    otherwise."""
    try:
        return MODES[name]
    except (KeyError, TypeError):
        raise ValueError(f"SKMD_MODE={name!r} is not one of {', '.join(MODES)}") from None
