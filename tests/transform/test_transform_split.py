"""Split launches of the partition-ready program must equal the original run whole."""
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings

from kernel_corpus import CASES
from split_harness import cut_points, launch_of, make_buffers, run_split, run_whole
from skmd.transform import analyze_program

SPLITTABLE = [c for c in CASES if c.expect.get("splittable", True)]


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


def test_pyopencl_elementwise_source_splits():
    """pyopencl's generated grid-stride loop with char* offsets, run split and whole."""
    from kernel_corpus import Buf, Case, Scalar
    from test_transform_analysis import _captured_pyopencl_sources

    seen = [s for s in _captured_pyopencl_sources() if "elwise_kernel" in s]
    src = seen[0]
    case = Case("pyopencl_elwise", src, "elwise_kernel", (32,), (8,),
                (Scalar(np.float32(1.5)), Buf("float32", 120), Scalar(np.int64(8)),
                 Buf("float32", 120), Scalar(np.int64(16)), Scalar(np.int64(100))))
    host = make_buffers(case, seed=5)
    ka = analyze_program(src).kernels["elwise_kernel"]
    assert ka.splittable and ka.launch_mode == "offset"
    launch = launch_of(case, host)
    lo, hi = ka.byte_range(3, "write", launch, (1, 2))
    assert lo == 16 + 8 * 4 and hi == 16 + 100 * 4  # grid stride: first item to the end
    assert not ka.write_dense(3, launch, (1, 2))
    want = run_whole(case, host)
    for cuts in ([0, 1, 4], [0, 2, 3, 4], [0, 0, 4]):
        got, problems = run_split(case, host, cuts)
        assert not problems
        assert all(w.tobytes() == g.tobytes() for w, g in zip(want, got))
