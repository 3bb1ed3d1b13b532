"""Both suites at CI size, every program under every policy: all results correct."""
import pytest

from skmd.bench.runner import run_bench
from skmd.testing import tuned


@pytest.mark.parametrize("suite", ["skmd", "mkmd"])
def test_whole_suite_at_ci_size_is_correct(suite):
    from skmd.bench import programs
    report = run_bench(None, size="ci", repeat=1, oracle_steps=2, suite=suite)
    names = programs.SKMD_SUITE if suite == "skmd" else programs.MKMD_SUITE
    assert len(report.benchmarks) == len(names)
    failures = [(b.name, k, c.message) for b in report.benchmarks
                for k, c in b.configs.items() if not c.ok]
    assert not failures, failures
    assert report.all_ok


def test_every_graph_scheduled_over_devices_holding_copies_is_correct(monkeypatch):
    """The MKMD suite with every batch scheduled as a graph however short, helpers
    holding copies as discrete GPUs do (not reading host memory as PoCL's CPU devices
    can), and whole uploads staged and sent ahead: every result still correct."""
    from skmd.runtime import graph_mode, prefetch
    from skmd.runtime.devices import PhysicalDevice
    monkeypatch.setattr(graph_mode.GraphBatch, "_too_small", lambda self, home_s: False)
    monkeypatch.setattr(graph_mode.GraphBatch, "_judge", lambda self, *a: None)
    tuned(monkeypatch, stage_min_bytes=0, pin_after_bytes=0)
    monkeypatch.setattr(PhysicalDevice, "zero_copy", property(lambda self: False))
    sent = []
    real_start = prefetch.StagedSends.start

    def start(self, nodes):
        n = real_start(self, nodes)
        sent.append(n)
        return n
    monkeypatch.setattr(prefetch.StagedSends, "start", start)
    report = run_bench(None, size="ci", repeat=1, suite="mkmd", policies=["hill"])
    failures = [(b.name, k, c.message) for b in report.benchmarks
                for k, c in b.configs.items() if not c.ok]
    assert not failures, failures
    assert report.all_ok and sum(sent) > 0
