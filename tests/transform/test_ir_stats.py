"""Counts from PoCL's own bitcode, cross-checked against the source analysis."""
from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import pytest

from skmd.transform import analyze_program
from skmd.transform.ir_stats import _loop_headers, find_program_bitcode, kernel_ir_stats

SOURCE = """
__kernel void scale(__global float *y, float a) { int i = get_global_id(0); y[i] = a * y[i]; }
__kernel void rowsum(__global const float *x, __global float *s, int n) {
    int i = get_global_id(0); float t = 0.0f;
    for (int k = 0; k < n; k++) t += x[i * n + k];
    s[i] = t;
}
__kernel void nested(__global const float *x, __global float *out, int n) {
    int i = get_global_id(0); float t = 0.0f;
    for (int j = 0; j < n; j++)
        for (int k = 0; k < n; k++) t += x[(j * n + k + i) % (n * n)] * (float)k;
    out[i] = t;
}
"""

_BUILD = textwrap.dedent("""
    import sys, pyopencl as cl
    pocl = [p for p in cl.get_platforms() if "Portable" in p.name]
    ctx = cl.Context(pocl[0].get_devices()[:1])
    cl.Program(ctx, sys.stdin.read()).build()
""")


@pytest.fixture(scope="module")
def bitcode(tmp_path_factory) -> bytes:
    """PoCL builds the program in a child process (POCL_CACHE_DIR is read at start-up)."""
    cache = tmp_path_factory.mktemp("pocl-cache")
    env = dict(os.environ, POCL_CACHE_DIR=str(cache), POCL_DEVICES="pthread")
    subprocess.run([sys.executable, "-c", _BUILD], input=SOURCE, text=True, env=env,
                   check=True, timeout=120)
    files = find_program_bitcode(cache)
    assert files, f"PoCL left no program.bc under {cache}"
    return files[0].read_bytes()


def test_counts_follow_the_source(bitcode):
    scale = kernel_ir_stats(bitcode, "scale")
    assert (scale.loads, scale.stores, scale.loops, scale.float_ops) == (1, 1, 0, 1)
    rowsum = kernel_ir_stats(bitcode, "rowsum")
    assert rowsum.loops == 1 and rowsum.stores == 1 and rowsum.loads >= 1
    assert kernel_ir_stats(bitcode, "nested").loops == 2


def test_agrees_with_the_source_analysis(bitcode):
    """Loops and written buffers the analysis finds are in the compiled IR too."""
    analysis = analyze_program(SOURCE)
    for name, ka in analysis.kernels.items():
        ir = kernel_ir_stats(bitcode, name)
        assert ir.loops == len(ka.loops), name
        assert (ir.stores > 0) == any(a.written for a in ka.args), name
        assert (ir.loads > 0) == any(a.read and a.space == "global" for a in ka.args), name


def test_unknown_kernel_is_named(bitcode):
    with pytest.raises(ValueError, match="'missing'.*rowsum"):
        kernel_ir_stats(bitcode, "missing")


def test_loop_headers_of_a_plain_graph():
    succ = {"entry": ["a"], "a": ["b", "exit"], "b": ["c", "a"], "c": ["b"], "exit": []}
    assert _loop_headers("entry", succ) == {"a", "b"}
    assert _loop_headers("entry", {"entry": ["x"], "x": []}) == set()
