"""Split launches of the partition-ready program must equal the original run whole."""
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from kernel_corpus import CASES
from split_harness import launch_of, make_buffers, run_split, run_whole
from skmd.transform import analyze_program

SPLITTABLE = [c for c in CASES if c.expect.get("splittable", True)]


@st.composite
def cut_points(draw, total):
    inner = draw(st.lists(st.integers(0, total), min_size=1, max_size=3))
    return [0, *sorted(inner), total]


@pytest.mark.parametrize("case", SPLITTABLE, ids=lambda c: c.name)
def test_split_equals_whole(case):
    pa = analyze_program(case.source, case.options)
    assert pa.error is None, pa.error
    assert pa.kernels[case.kernel].splittable, pa.kernels[case.kernel].reason
    host = make_buffers(case, seed=1)
    total = launch_of(case, host).total_groups
    want = run_whole(case, host)

    @settings(max_examples=3, deadline=None, derandomize=True,
              suppress_health_check=list(HealthCheck))
    @given(cut_points(total))
    def check(cuts):
        got, problems = run_split(case, host, cuts)
        assert not problems, problems
        for w, g in zip(want, got):
            assert w.tobytes() == g.tobytes()

    check()


def test_single_range_covers_everything():
    """first=0, last=total on one device is how an unsplit kernel is launched."""
    for case in CASES[:3]:
        host = make_buffers(case, seed=2)
        total = launch_of(case, host).total_groups
        got, problems = run_split(case, host, [0, total])
        assert not problems
        assert all(w.tobytes() == g.tobytes() for w, g in zip(run_whole(case, host), got))


def test_empty_range_writes_nothing():
    case = CASES[0]
    host = make_buffers(case, seed=3)
    got, _ = run_split(case, host, [0, 0, 0])
    assert all(h.tobytes() == g.tobytes() for h, g in zip([h for h in host if h is not None], got))
