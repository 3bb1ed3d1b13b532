"""What the analysis concludes about the corpus, pyopencl's own kernels and bad input."""
import pyopencl as cl
import pytest

from kernel_corpus import CASES
from split_harness import devices, launch_of, make_buffers
from skmd.transform import Launch, analyze_program


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_corpus_expectations(case):
    pa = analyze_program(case.source, case.options)
    ka = pa.kernels[case.kernel]
    e = case.expect
    assert ka.splittable == e.get("splittable", True), ka.reason
    if not ka.splittable:
        assert ka.reason
        return
    launch = launch_of(case, make_buffers(case, 0))
    total = launch.total_groups
    if "written" in e:
        assert [a.index for a in ka.args if a.written] == e["written"]
    for arg in e.get("dense", []):
        assert ka.write_dense(arg, launch, (0, total))
        assert ka.write_dense(arg, launch, (1, total))
    for arg in e.get("unbounded_write", []):
        assert ka.byte_range(arg, "write", launch, (0, 1)) is None
        assert not ka.write_dense(arg, launch, (0, 1))
    if "cost" in e:
        assert ka.cost_expr == e["cost"]
    assert ka.launch_mode == e.get("mode", "offset")
    assert ka.uses_barrier == e.get("barrier", False)


def test_launch_results_are_kept_per_launch_shape_and_not_pickled():
    import pickle
    ka = analyze_program(CASES[1].source).kernels["mm"]

    def launch(n):
        return Launch((n, n), (4, 4), {3: n}, {i: 4 * n * n for i in range(3)})

    first = ka.byte_range(2, "write", launch(16), (1, 3))
    assert ka.byte_range(2, "write", launch(16), (1, 3)) == first == (4 * 4 * 16, 4 * 12 * 16)
    assert ka.byte_range(2, "write", launch(32), (1, 3)) == (4 * 4 * 32, 4 * 12 * 32)
    assert ka.cost(launch(32)) != ka.cost(launch(16))  # the loop runs n times
    assert "_memo_" in ka.__dict__
    again = pickle.loads(pickle.dumps(ka))
    assert "_memo_" not in again.__dict__
    assert again.byte_range(2, "write", launch(32), (1, 3)) == (4 * 4 * 32, 4 * 12 * 32)


def test_ranges_of_a_matmul_row_block():
    ka = analyze_program(CASES[1].source).kernels["mm"]
    n = 16
    launch = Launch((n, n), (4, 4), {3: n}, {0: 4 * n * n, 1: 4 * n * n, 2: 4 * n * n})
    # rows 4..11 of C and A; all of B
    assert ka.byte_range(2, "write", launch, (1, 3)) == (4 * 4 * n, 4 * 12 * n)
    assert ka.byte_range(0, "read", launch, (1, 3)) == (4 * 4 * n, 4 * 12 * n)
    assert ka.byte_range(1, "read", launch, (1, 3)) == (0, 4 * n * n)
    assert ka.byte_range(1, "write", launch, (1, 3)) == (0, 0)
    assert ka.cost(launch) == n


def test_guard_clips_the_tail():
    ka = analyze_program(CASES[0].source).kernels["vadd"]
    launch = Launch((96,), (16,), {3: 90}, {})
    assert ka.byte_range(2, "write", launch, (5, 6)) == (80 * 4, 90 * 4)
    assert ka.write_dense(2, launch, (5, 6))


def test_strided_write_is_not_dense():
    src = """__kernel void k(__global float *o) { o[2 * get_global_id(0)] = 1.0f; }"""
    ka = analyze_program(src).kernels["k"]
    launch = Launch((32,), (8,), {}, {0: 256})
    assert ka.byte_range(0, "write", launch, (1, 2)) == (64, 64 + 60)
    assert not ka.write_dense(0, launch, (1, 2))


def test_data_dependent_condition_is_not_dense():
    src = """__kernel void k(__global const float *x, __global float *o) {
      int i = get_global_id(0); if (x[i] > 0.0f) o[i] = x[i]; }"""
    ka = analyze_program(src).kernels["k"]
    launch = Launch((32,), (8,), {}, {})
    assert ka.byte_range(1, "write", launch, (0, 2)) == (0, 64)
    assert not ka.write_dense(1, launch, (0, 2))


def test_unknown_pointer_is_charged_to_every_buffer():
    src = """__kernel void k(__global float *a, __global float *b, int c) {
      __global float *p = c ? a : b; p[get_global_id(0)] = 0.0f; }"""
    ka = analyze_program(src).kernels["k"]
    assert ka.args[0].written and ka.args[1].written
    assert ka.byte_range(0, "write", Launch((8,), (8,), {2: 1}, {}), (0, 1)) is None


def test_unsupported_kernels_say_why():
    src = """
    __kernel void img(__read_only image2d_t im, __global float4 *o, sampler_t s) {
      o[0] = read_imagef(im, s, (int2)(0, 0)); }
    __kernel void counter(__global int *c) { atomic_inc(c); }
    __kernel void slot(__global int *c, __global int *o) { o[atomic_inc(c)] = 1; }
    __kernel void fine(__global int *c, __local int *t) {
      atomic_inc(&t[0]); c[get_global_id(0)] = 1; }
    """
    pa = analyze_program(src)
    assert pa.error is None
    assert not pa.kernels["img"].splittable and "image" in pa.kernels["img"].reason
    # a counter whose old value is unused sums per device; a slot counter cannot
    assert pa.kernels["counter"].splittable and pa.kernels["counter"].args[0].reduce_add
    assert not pa.kernels["slot"].splittable and "atomic" in pa.kernels["slot"].reason
    assert pa.kernels["counter"].atomics == ("atomic_inc",)
    assert pa.kernels["fine"].splittable  # local atomics stay inside a group
    assert "skmd_last" in pa.partition_source


def test_bad_source_never_raises_and_is_cached():
    src = "__kernel void broken(__global float *x) { x[0] = undefined_name; }"
    pa = analyze_program(src)
    assert pa.error and pa.partition_source is None
    assert not pa.kernels["broken"].splittable
    assert analyze_program(src) is pa
    assert analyze_program("") .kernels == {}


def test_options_reach_the_front_end():
    src = "__kernel void k(__global float *x) { x[get_global_id(0)] = VALUE; }"
    assert analyze_program(src).error is not None
    assert analyze_program(src, "-DVALUE=2.0f").error is None
    assert analyze_program(src, ["-D", "VALUE=2.0f"]).kernels["k"].splittable


def test_kernel_prototypes_get_the_range_parameters_too():
    """A kernel declared before its definition: the partition-ready program builds."""
    from split_harness import program
    src = """
    __kernel void twice(__global float *o);
    __kernel void none(void);
    __kernel void twice(__global float *o) { o[get_global_id(0)] = 2.0f; }
    __kernel void none(void) { }
    """
    pa = analyze_program(src)
    assert pa.error is None and pa.kernels["twice"].splittable
    assert pa.partition_source.count("skmd_last") >= 4
    prg = program(pa.partition_source, ())
    assert {k.function_name for k in prg.all_kernels()} == {"twice", "none"}


def test_a_kernel_called_by_another_keeps_its_parameters():
    """A kernel called as a function is not rewritten (the call would lack the range
    arguments); its caller, which runs it inline, still splits."""
    from split_harness import program
    src = """
    __kernel void inner(__global float *o) { o[get_global_id(0)] = 2.0f; }
    __kernel void outer(__global float *o) { inner(o); o[get_global_id(0)] += 1.0f; }
    """
    pa = analyze_program(src)
    assert pa.error is None and pa.kernels["outer"].splittable
    assert not pa.kernels["inner"].splittable and "called" in pa.kernels["inner"].reason
    prg = program(pa.partition_source, ())
    assert {k.function_name for k in prg.all_kernels()} == {"inner", "outer"}


def test_parentheses_in_comments_of_a_parameter_list():
    """The range parameters go before the list's own closing parenthesis."""
    from split_harness import program
    src = ("__kernel void f(__global float *o /* ) */, int n // n (rows)\n"
           ") { if (get_global_id(0) < n) o[get_global_id(0)] = 1.0f; }")
    pa = analyze_program(src)
    assert pa.error is None and pa.kernels["f"].splittable
    assert program(pa.partition_source, ()).all_kernels()[0].num_args == 5


def test_nested_loop_cost_multiplies_and_sequential_adds():
    src = """__kernel void k(__global float *x, int n, int m) {
      float s = 0;
      for (int i = 0; i < n; i++) for (int j = 0; j <= m; j += 2) s += 1.0f;
      for (int i = 0; i < 8; ++i) s += 2.0f;
      x[get_global_id(0)] = s; }"""
    ka = analyze_program(src).kernels["k"]
    launch = Launch((8,), (8,), {1: 10, 2: 5}, {})
    assert ka.cost(launch) == 10 * 3 + 8
    assert "n" in ka.cost_expr and "m" in ka.cost_expr


def _captured_pyopencl_sources():
    """Sources pyopencl generates for its own kernels, caught at Program creation."""
    import numpy as np
    import pyopencl.array as cla
    from pyopencl.elementwise import ElementwiseKernel
    from pyopencl.reduction import ReductionKernel
    from pyopencl.scan import InclusiveScanKernel

    seen = []
    real = cl.Program.__init__

    def spy(self, *args, **kw):
        if len(args) == 2 and isinstance(args[1], str):
            seen.append(args[1])
        real(self, *args, **kw)

    ctx, devs, queues = devices()
    cl.Program.__init__ = spy
    try:
        q = queues[0]
        x = cla.to_device(q, np.arange(64, dtype=np.float32))
        ElementwiseKernel(ctx, "float a, float *x, float *y", "y[i] = a * x[i]")(2.0, x, x)
        ReductionKernel(ctx, np.float32, "0", "a+b", "x[i]*y[i]",
                        "__global float *x, __global float *y")(x, x).get()
        InclusiveScanKernel(ctx, np.float32, "a+b", neutral="0")(x.copy())
        q.finish()
    finally:
        cl.Program.__init__ = real
    return seen


def test_pyopencl_generated_kernels():
    sources = _captured_pyopencl_sources()
    assert len(sources) >= 3
    kinds = {}
    for src in sources:
        pa = analyze_program(src)
        assert pa.error is None, pa.error
        for name, ka in pa.kernels.items():
            kinds[name] = ka
    elw = [k for n, k in kinds.items() if "elwise" in n or n.startswith("elwise")]
    assert elw and all(k.splittable for k in elw)
    red = [k for n, k in kinds.items() if "reduce" in n]
    assert red and all(k.splittable for k in red)


def test_every_benchmark_parses_without_pocls_header(monkeypatch):
    """A system OpenCL (no PoCL wheel) gets the built-in prelude: it must know OpenCL C's
    constants (limits, M_*_F, samplers), or kernels using them are never split."""
    from skmd.bench.programs import REGISTRY
    from skmd.transform import frontend
    monkeypatch.setattr(frontend, "_base_header", lambda: None)
    failed = {}
    for name, bench in REGISTRY.items():
        if not bench.source:
            continue
        parsed = frontend.parse(bench.source, frontend.normalise_options(
            list(bench.build_options)))
        if parsed.errors:
            failed[name] = parsed.errors[:2]
    assert not failed, failed
    consts = " + ".join(f"(float){k}" for k in frontend._CONSTANTS if not k.startswith("CLK"))
    src = f"__kernel void k(__global float *x) {{ x[0] = {consts}; }}"
    assert not frontend.parse(src, ()).errors
    pointers = ("__kernel void k(__global float *x) { float c; int e; "
                "x[0] = sincos(x[1], &c) + fract(x[2], &c) + frexp(x[3], &e); "
                "vstore4(vload4(1, x), 2, x); }")
    assert not frontend.parse(pointers, ()).errors
