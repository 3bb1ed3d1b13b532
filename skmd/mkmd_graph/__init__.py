"""Multi-kernel multi-device scheduling (thesis ch. V, §5.4).

Plain data in, plain data out: :func:`build_graph` turns a deferred command
queue into a dependency DAG, :func:`coarse_schedule` places whole commands on
devices (HEFT-like list scheduling aware of link contention),
:func:`fine_schedule` splits kernels into other devices' idle time, and
:func:`schedule` does all of it from a command list.

Executing a :class:`Schedule`: walk :meth:`Schedule.ordered` (start time,
then booking order).  A transfer with ``node=None`` copies the buffer's
current content from ``src`` to ``dst`` (``host`` is the host program's
memory); a run slot launches work-group rows ``groups`` of its command on its
device; a split kernel's ``device_of`` entry is its main device, where the
other devices' partial results (transfers with ``node``/``groups`` set) land
in scratch space and merge slots fold them in.  Each written buffer's valid
copy then is at ``final_location``.  Wait for a command's own inputs (its
predecessors in the graph) before launching; the times are predictions.
"""
from .graph import SINK, SOURCE, Command, build_graph, commands_of
from .plan import HOST, Platform, Schedule, Slot, Transfer
from .coarse import coarse_schedule, fastest_device, inorder_schedule, upward_rank
from .fine import fine_schedule
from .api import schedule
from .check import check_schedule

__all__ = [
    "Command", "Platform", "Schedule", "Slot", "Transfer", "HOST", "SOURCE", "SINK",
    "build_graph", "commands_of", "coarse_schedule", "inorder_schedule",
    "fine_schedule", "schedule", "check_schedule", "fastest_device", "upward_rank",
]
