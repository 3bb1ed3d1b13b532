"""Which kernels may get a work-group size skmd picks, and which size it picks."""
import pytest

from skmd.transform import analyze_program
from skmd.decide.local_size import choose_local_size

SRC = r"""
#define LID get_local_id(0)
float twice(float x) { return 2.0f * x; }
size_t where(void) { return get_group_id(0); }

__kernel void ids_only(__global const float *a, __global float *b)
{ size_t i = get_global_id(0); b[i] = twice(a[i]) + (float)get_global_size(0); }
__kernel void macro_local_id(__global float *b) { b[get_global_id(0)] = (float)LID; }
__kernel void helper_group(__global float *b) { b[get_global_id(0)] = (float)where(); }
__kernel void local_arg(__global float *b, __local float *t)
{ t[0] = 1.0f; b[get_global_id(0)] = t[0]; }
__kernel void local_var(__global float *b)
{ __local float t[4]; t[0] = 1.0f; b[get_global_id(0)] = t[0]; }
__kernel void reduce(__global float *b)
{ b[get_global_id(0)] = work_group_reduce_add(b[get_global_id(0)]); }
__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void required(__global float *b) { b[get_global_id(0)] = 1.0f; }
"""

EXPECT = {
    "ids_only": None,
    "macro_local_id": "get_local_id",
    "helper_group": "get_group_id() (in where)",
    "local_arg": "__local memory (t)",
    "local_var": "__local memory (t)",
    "reduce": "work_group_reduce_add",
    "required": "reqd_work_group_size",
}


@pytest.mark.parametrize("name", sorted(EXPECT))
def test_group_size_dependence_is_found_through_macros_and_helpers(name):
    ka = analyze_program(SRC, "-cl-std=CL2.0").kernels[name]
    want = EXPECT[name]
    if want is None:
        assert ka.local_size_free and ka.group_size_reason is None
    else:
        assert not ka.local_size_free
        assert want in ka.group_size_reason, ka.group_size_reason


@pytest.mark.parametrize("gsize,limit,expect", [
    ((1 << 20,), 256, (256,)),
    ((1000000,), 256, (160,)),      # a multiple of 32 over the larger 250
    ((4096,), 256, (256,)),
    ((100,), 256, (5,)),            # at least 16 rows: 100 // 16 = 6, largest divisor 5
    ((1009,), 256, (1,)),           # prime
    ((64, 64), 256, (64, 4)),
    ((1009, 64), 256, (1, 4)),
    ((1 << 20,), 64, (64,)),
    ((8, 8, 8), 256, (8, 8, 1)),
])
def test_choose_local_size(gsize, limit, expect):
    ls = choose_local_size(gsize, limit)
    assert ls == expect
    assert all(g % l == 0 for g, l in zip(gsize, ls))
    prod = 1
    for x in ls:
        prod *= x
    assert prod <= limit


def test_choose_local_size_keeps_within_each_dimension_limit():
    assert choose_local_size((1, 1, 65536), 256) == (1, 1, 256)
    assert choose_local_size((1, 1, 65536), 256, item_limits=(1024, 1024, 64)) == (1, 1, 64)


@pytest.mark.parametrize("gsize,limit", [((0,), 256), ((), 256), ((64,), 0)])
def test_choose_local_size_names_bad_values(gsize, limit):
    with pytest.raises(ValueError, match=str(limit) if limit == 0 else "global size"):
        choose_local_size(gsize, limit)
