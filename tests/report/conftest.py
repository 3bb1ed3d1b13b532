"""Fixtures for the report tests; the record builders live in report_fixtures."""
from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import pytest

from report_fixtures import matmul, reduce_whole, vadd
from skmd.records import LaunchRecord
from skmd.report.runlog import MemoryRunLog


@pytest.fixture
def records() -> list[LaunchRecord]:
    return [vadd(), reduce_whole(), matmul()]


@pytest.fixture
def runlog(records: list[LaunchRecord]) -> MemoryRunLog:
    log = MemoryRunLog()
    log.add_run("r0", ["old.py"], created_at=1.0)
    log.add_launch(vadd("r0"))
    log.add_run("r1", ["app.py", "--n", "4"], created_at=2.0)
    log.extend(records)
    return log
