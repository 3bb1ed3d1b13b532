"""Multi-kernel multi-device scheduling (thesis ch. V, §5.4).

Plain data in, plain data out: :func:`build_graph` turns a deferred command
queue into a dependency DAG, :func:`coarse_schedule` places whole commands on
devices (HEFT-like list scheduling aware of link contention),
:func:`fine_schedule` splits kernels into other devices' idle time, and
:func:`schedule` does all of it from a command list.
"""
from .graph import SINK, SOURCE, Command, build_graph, commands_of
from .model import HOST, Platform, Schedule, Slot, Transfer
from .coarse import coarse_schedule, fastest_device, inorder_schedule, upward_rank
from .fine import fine_schedule
from .api import schedule
from .check import check_schedule

__all__ = [
    "Command", "Platform", "Schedule", "Slot", "Transfer", "HOST", "SOURCE", "SINK",
    "build_graph", "commands_of", "coarse_schedule", "inorder_schedule",
    "fine_schedule", "schedule", "check_schedule", "fastest_device", "upward_rank",
]
