"""Generated merge kernels: which kernels get one, that it builds, and that it merges exactly."""
import numpy as np
import pyopencl as cl
import pytest
from hypothesis import HealthCheck, given, settings

from kernel_corpus import CASES
from merge_cases import MERGEABLE, REFUSED
from merge_harness import home_run_only, run_merged
from split_harness import cut_points, devices, launch_of, make_buffers, run_whole
from skmd.transform import analyze_program


def _analysis(case):
    pa = analyze_program(case.source, case.options)
    assert pa.error is None, pa.error
    return pa, pa.kernels[case.kernel]


def _body(src: str, kernel: str) -> str:
    """The text of one kernel of a generated program, from its name to its end."""
    start = src.index(f"{kernel}(")
    return src[start:src.index("\n}", start)]


@pytest.mark.parametrize("case", MERGEABLE, ids=lambda c: c.name)
def test_merge_source_builds_on_pocl(case):
    pa, ka = _analysis(case)
    assert ka.splittable, ka.reason
    assert ka.merge_kernel, ka.merge_reason
    written = [a.index for a in ka.args if a.written]
    assert ka.merge_parts == tuple(written)
    ctx, devs, _ = devices()
    prg = cl.Program(ctx, pa.merge_source).build(options=list(case.options))
    k = cl.Kernel(prg, case.kernel)
    assert k.num_args == len(ka.args) + 3 + len(written)


@pytest.mark.parametrize("case,why", REFUSED, ids=lambda c: getattr(c, "name", ""))
def test_refused_kernels_say_why(case, why):
    pa, ka = _analysis(case)
    assert ka.splittable, ka.reason  # they do split; only the merge falls back to diffs
    assert not ka.merge_kernel
    assert ka.merge_parts == ()
    assert why in (ka.merge_reason or ""), ka.merge_reason
    if pa.merge_source is not None:  # another kernel's merge program never holds this one
        assert "skmd_part_" not in _body(pa.merge_source, case.kernel)


def test_stores_become_copies_and_values_disappear():
    by = {c.name: c for c in MERGEABLE}
    src = analyze_program(by["scatter_add"].source).merge_source
    body = _body(src, "sadd")
    assert "acc[perm[i]] = skmd_part_2[perm[i]];" in body
    assert "+=" not in body and "*=" not in body and "v[i]" not in body
    body = _body(analyze_program(by["scatter_vstore"].source).merge_source, "sv")
    assert "vstore2(vload2(idx[i], skmd_part_2), idx[i], out)" in body
    body = _body(analyze_program(by["struct_member"].source).merge_source, "member")
    assert "pts[idx[i]].y = skmd_part_2[idx[i]].y" in body
    assert "(pts + idx[i])->tag = (skmd_part_2 + idx[i])->tag" in body
    body = _body(analyze_program(by["deref_stride"].source).merge_source, "deref")
    assert "*(out + 2 * i) = *(skmd_part_0 + 2 * i)" in body
    assert "out[2 * i + 1] = skmd_part_0[2 * i + 1]" in body and "++" not in body


def test_kernels_without_outputs_or_split_get_none():
    src = "__kernel void nothing(__global const float *a) { float x = a[0]; }"
    ka = analyze_program(src).kernels["nothing"]
    assert not ka.merge_kernel and "writes no global buffer" in ka.merge_reason
    ghist = next(c for c in CASES if c.name == "histogram_global_atomics")
    ka = analyze_program(ghist.source).kernels[ghist.kernel]
    assert not ka.splittable and not ka.merge_kernel
    assert ka.merge_reason == "the kernel is not split"


def test_one_bad_kernel_leaves_the_others_their_merge_kernels():
    good, (bad, _) = MERGEABLE[0], REFUSED[0]
    src = good.source + "\n" + bad.source
    pa = analyze_program(src)
    assert pa.kernels[good.kernel].merge_kernel
    assert not pa.kernels[bad.kernel].merge_kernel
    ctx, _, _ = devices()
    cl.Program(ctx, pa.merge_source).build()


@pytest.mark.parametrize("case", MERGEABLE, ids=lambda c: c.name)
def test_merge_kernel_gives_the_whole_runs_bits(case):
    host = make_buffers(case, seed=7)
    total = launch_of(case, host).total_groups
    want = run_whole(case, host)

    @settings(max_examples=4, deadline=None, derandomize=True,
              suppress_health_check=list(HealthCheck))
    @given(cut_points(total, most_inner=2))  # 2 or 3 devices
    def check(cuts):
        got = run_merged(case, host, cuts)
        for w, g in zip(want, got):
            assert w.tobytes() == g.tobytes(), cuts

    check()
    # the control: without the merge the helpers' rows are missing
    cuts = [0, max(1, total // 3), total]
    if cuts[1] < total:
        assert any(w.tobytes() != g.tobytes()
                   for w, g in zip(want, home_run_only(case, host, cuts)))


def test_helper_writing_the_old_value_merges_exactly():
    case = next(c for c in MERGEABLE if c.name == "writes_old_value")
    host = make_buffers(case, seed=11)
    assert (host[1] <= 0).any() and (host[1] > 0).any()
    want = run_whole(case, host)
    total = launch_of(case, host).total_groups
    for cuts in ([0, 2, total], [0, 0, 5, total], [0, 3, 6, total]):
        got = run_merged(case, host, cuts)
        assert all(w.tobytes() == g.tobytes() for w, g in zip(want, got))
    assert np.count_nonzero(want[2] == 0) > 0
