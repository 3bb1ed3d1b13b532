"""Both suites at CI size, every program under every policy: all results correct."""
import pytest

from skmd.bench.runner import run_bench


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
