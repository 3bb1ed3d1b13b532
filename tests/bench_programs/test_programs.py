"""Every benchmark program at its "ci" size on PoCL with plain pyopencl (no skmd)."""
from __future__ import annotations

import os
import subprocess
import sys
from typing import Any

os.environ.setdefault("POCL_DEVICES", "pthread pthread")

import numpy as np  # noqa: E402
import pyopencl as cl  # noqa: E402
import pytest  # noqa: E402

from skmd.bench.programs import MKMD_SUITE, REGISTRY, SKMD_SUITE  # noqa: E402
from skmd.bench.programs.base import ROWS, Benchmark, check_all, compare  # noqa: E402
from skmd.testing import usable_platform  # noqa: E402

ALL = list(REGISTRY)


def _cpu_device() -> cl.Device:
    return usable_platform().get_devices()[0]


@pytest.fixture(scope="module")
def queue() -> cl.CommandQueue:
    return cl.CommandQueue(cl.Context([_cpu_device()]))


_RUNS: dict[str, tuple[dict, dict, dict]] = {}


def _run(name: str, queue: cl.CommandQueue) -> tuple[dict, dict, dict]:
    """(inputs, outputs, reference) of one ci run, shared by the tests below."""
    if name not in _RUNS:
        bench = REGISTRY[name]
        bench.build(queue.context)
        inp = bench.inputs("ci", seed=0)
        out = bench.execute(queue, inp)
        _RUNS[name] = (inp, out, bench.reference(inp))
    return _RUNS[name]


def test_suites_match_the_thesis_tables() -> None:
    assert len(SKMD_SUITE) == 16 and len(MKMD_SUITE) == 11
    assert set(SKMD_SUITE) | set(MKMD_SUITE) == set(REGISTRY)
    for name, bench in REGISTRY.items():
        assert name == bench.name.lower()
        assert {"ci", "paper"} <= set(bench.sizes)
    # Table 3.2's contiguous kernels
    contiguous = {n for n in SKMD_SUITE if REGISTRY[n].contiguous}
    assert contiguous == {"vectoradd", "blackscholes", "binomialoption", "scanlargearrays"}


@pytest.mark.parametrize("name", ALL)
def test_ci_run_passes_its_check(name: str, queue: cl.CommandQueue) -> None:
    _, out, ref = _run(name, queue)
    ok, msg = REGISTRY[name].check(out, ref)
    assert ok, msg
    for key, arr in out.items():
        assert isinstance(arr, np.ndarray) and arr.size > 0, key
        assert np.asarray(arr).dtype in (np.float32, np.uint32, np.uint8), (key, arr.dtype)


def _corrupt(arr: np.ndarray, index: int) -> np.ndarray:
    bad = np.array(arr, copy=True)
    flat = bad.reshape(-1)
    if np.issubdtype(bad.dtype, np.integer):
        flat[index] ^= 1
    else:
        flat[index] += np.float32(1e-2) * (np.float32(1) + np.abs(flat).max())
    return bad


@pytest.mark.parametrize("name", ALL)
def test_corrupted_output_fails_check(name: str, queue: cl.CommandQueue) -> None:
    _, out, ref = _run(name, queue)
    bench = REGISTRY[name]
    for key in out:
        if key not in ref:
            continue
        idx = out[key].size // 2 + 1
        broken = dict(out, **{key: _corrupt(out[key], idx)})
        ok, msg = bench.check(broken, ref)
        assert not ok, f"{key}: corrupted element {idx} passed: {msg}"
    ok, _ = bench.check({}, ref)
    assert not ok


def test_inputs_are_deterministic_per_seed() -> None:
    for name in ("vectoradd", "aesencrypt", "commutator", "bicgstab"):
        bench = REGISTRY[name]
        a, b, c = bench.inputs("ci", 3), bench.inputs("ci", 3), bench.inputs("ci", 4)
        key = next(k for k, v in a.items() if isinstance(v, np.ndarray))
        assert np.array_equal(a[key], b[key]) and not np.array_equal(a[key], c[key])


def test_aes_reference_matches_fips197_and_kernels_round_trip(queue: cl.CommandQueue) -> None:
    from skmd.bench.programs import aes
    key = np.arange(16, dtype=np.uint8)
    plain = np.frombuffer(bytes.fromhex("00112233445566778899aabbccddeeff"), np.uint8)
    cipher = aes.encrypt_reference(plain, key)
    assert bytes(cipher).hex() == "69c4e0d86a7b0430d8cdb78070b4c55a"  # FIPS-197 C.1
    assert np.array_equal(aes.decrypt_reference(cipher, key), plain)
    enc, dec = REGISTRY["aesencrypt"], REGISTRY["aesdecrypt"]
    inp = enc.inputs("ci", 5)
    c = enc.execute(queue, inp)["out"]
    assert not np.array_equal(c, inp["data"])
    p = dec.execute(queue, {"data": c, "key": inp["key"]})["out"]
    assert np.array_equal(p, inp["data"])


def test_mt19937_reference_matches_numpy() -> None:
    from skmd.bench.programs.mersennetwister import mt19937_streams
    seeds = np.array([5489, 1, 0xFFFFFFFF], dtype=np.uint32)
    out = mt19937_streams(seeds, 1300)  # crosses two twists
    assert out[0, 0] == 3499211612  # first output of the reference seed 5489
    for j, s in enumerate(seeds):
        raw = np.random.RandomState(int(s))._bit_generator.random_raw(1300)
        assert np.array_equal(out[:, j], raw.astype(np.uint32))


def test_compare_and_row_samples() -> None:
    ref = np.array([1.0, 2.0, 0.0])
    assert compare("x", np.float32([1, 2, 0]), ref, None)[0]
    assert not compare("x", np.float32([1, 2, 1e-9]), ref, None)[0]
    assert compare("x", ref * (1 + 1e-6), ref, (1e-5, 0.0))[0]
    assert not compare("x", ref * (1 + 1e-4), ref, (1e-5, 0.0))[0]
    assert not compare("x", np.array([1.0, np.nan, 0.0]), ref, (1e-3, 1e-3))[0]
    assert not compare("x", ref[:2], ref, None)[0]
    full = np.arange(10.0)
    rows = np.array([2, 7])
    sampled: dict[str, Any] = {"y": full[rows], "y" + ROWS: rows}
    assert check_all({"y": full}, sampled, {})[0]
    wrong = full.copy()
    wrong[7] += 1
    assert not check_all({"y": wrong}, sampled, {})[0]
    wrong = full.copy()
    wrong[3] += 1  # outside the sample: not checked
    assert check_all({"y": wrong}, sampled, {})[0]


def test_program_runs_as_a_user_script() -> None:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        [os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))]
        + [p for p in [os.environ.get("PYTHONPATH")] if p]))
    res = subprocess.run([sys.executable, "-m", "skmd.bench.programs.vectoradd"],
                         capture_output=True, text=True, env=env, timeout=120)
    assert res.returncode == 0, res.stderr
    assert res.stdout.startswith("PASS VectorAdd ")
    assert "RuntimeWarning" not in res.stderr


def test_build_is_cached_per_context(queue: cl.CommandQueue) -> None:
    bench: Benchmark = REGISTRY["vectoradd"]
    bench.build(queue.context)
    prg = bench.program(queue.context)
    bench.build(queue.context)
    assert bench.program(queue.context) is prg
    assert bench.kernel(queue.context, "vector_add") is bench.kernel(queue.context, "vector_add")


def test_host_pool_reuses_result_arrays(queue: cl.CommandQueue) -> None:
    from skmd.bench.programs.base import HostPool, reuse_host_outputs
    bench = REGISTRY["blackscholes"]
    inp = bench.inputs("ci", 1)
    pool = HostPool()
    with reuse_host_outputs(pool):
        first = bench.execute(queue, inp)
    with reuse_host_outputs(pool):
        second = bench.execute(queue, inp)
    assert first["call"] is second["call"] and first["put"] is second["put"]
    assert first["call"] is not first["put"]  # same shape, distinct arrays by call order
    assert bench.check(second, bench.reference(inp))[0]
    fresh = bench.execute(queue, inp)
    assert fresh["call"] is not second["call"]
