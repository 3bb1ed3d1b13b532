"""Expressions of launch constants: C's integer semantics, or unknown."""
from hypothesis import given, strategies as st

from skmd.transform import launch_exprs as le
from skmd.transform.poly import Poly


def test_division_and_remainder_truncate_toward_zero():
    assert le.evaluate("/", -7, 2, 32, False) == -3
    assert le.evaluate("%", -7, 2, 32, False) == -1
    assert le.evaluate("/", 7, -2, 32, False) == -3
    assert le.evaluate("%", 7, -2, 32, False) == 1


def test_unsigned_operands_wrap_before_the_operation():
    assert le.evaluate("/", -2, 2, 32, True) == (2 ** 32 - 2) // 2
    assert le.evaluate("&", -1, 0xFF, 8, True) == 0xFF


def test_what_c_leaves_undefined_stays_unknown():
    assert le.evaluate("/", 5, 0, 32, False) is None
    assert le.evaluate("%", 5, 0, 32, True) is None
    assert le.evaluate("/", -2 ** 31, -1, 32, False) is None
    assert le.evaluate(">>", -8, 1, 32, False) is None
    assert le.evaluate(">>", 8, 32, 32, False) is None
    assert le.evaluate("/", 2 ** 31, 2, 32, False) is None  # past int: undefined


@given(st.integers(-2 ** 31, 2 ** 31 - 1), st.integers(-2 ** 31, 2 ** 31 - 1))
def test_quotient_and_remainder_rebuild_the_dividend(x, y):
    q, r = le.evaluate("/", x, y, 32, False), le.evaluate("%", x, y, 32, False)
    if y == 0 or (x == -2 ** 31 and y == -1):
        assert q is None and r is None
    else:
        assert q * y + r == x and abs(r) < abs(y) and (r == 0 or (r < 0) == (x < 0))


def test_an_atom_takes_its_value_from_a_launchs_scalars_nested_too():
    n = Poly.atom("arg2")
    half = le.atom("/", n, Poly.const(2), 32, False)
    quarter = le.atom("/", half, Poly.const(2), 32, False)
    assert le.fixed(half) and le.fixed(quarter) and not le.fixed(Poly.atom("gid0"))
    expr = Poly.atom("gid0") + quarter * 3
    values = {"arg2": 100}
    assert expr.subs(le.resolve(expr, values)) == Poly.atom("gid0") + 75
    # a scalar the launch does not give leaves the atom as it is
    assert le.resolve(half, {}) == {}


def test_a_loop_to_half_a_scalar_is_priced_and_shown_by_its_expression():
    from skmd.transform.analyses import analyze_program
    from skmd.transform.launch import Launch
    ka = analyze_program("""
    __kernel void f(__global float *o, __global const float *a, int n) {
      float s = 0.0f;
      for (int j = 0; j < n / 2; j++) s += a[j];
      o[get_global_id(0)] = s;
    }""").kernels["f"]
    assert "(n / 2)" in ka.cost_expr, ka.cost_expr
    assert ka.cost(Launch((64,), (64,), {2: 200}, {})) == ka.cost(
        Launch((64,), (64,), {2: 201}, {}))  # 100 trips either way


def test_a_value_that_may_wrap_is_named_by_its_expression():
    from skmd.transform.analyses import analyze_program
    from skmd.transform.launch import Launch
    ka = analyze_program("""
    __kernel void f(__global float *o, int n) {
      int i = get_global_id(0);
      o[i + n / 2 * 1000000] = 1.0f;
    }""").kernels["f"]
    assert ka.wraps(Launch((64,), (64,), {1: 200}, {0: 256})) is None
    why = ka.wraps(Launch((64,), (64,), {1: 10000}, {0: 256}))  # 5e9: past int
    assert why is not None and "(arg1 / 2)" in why and "@" not in why, why


def test_constants_fold_exactly_past_what_a_double_holds():
    """2^53 + 1 divided by one is 2^53 + 1: folded through a double it was 2^53, and
    the write below placed one element too low."""
    from skmd.transform.analyses import analyze_program
    from skmd.transform.launch import Launch
    from skmd.transform.ranges import byte_range
    ka = analyze_program("""
    __kernel void f(__global float *o) {
      long i = get_global_id(0);
      o[i + (9007199254740993L / 1 - 9007199254740992L)] = 1.0f;
    }""").kernels["f"]
    assert byte_range(ka, 0, "write", Launch((64,), (64,), {}, {0: 1024}), (0, 1)) == (4, 260)
