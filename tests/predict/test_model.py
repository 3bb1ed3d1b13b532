import numpy as np
import pytest
from sklearn.base import clone

from skmd.predict import (KernelTimeModel, ModelRegistry, Profile, ProfileStore, Sample,
                          calibration_groups, held_out_errors)

from skmd.predict.time_model import held_out_pairs

from .synthetic import matmul_profiles, matmul_sample, matmul_time


@pytest.fixture(scope="module")
def fitted():
    S, Y = matmul_profiles()
    return KernelTimeModel().fit(S, Y), S, Y


def test_hyper_parameters_untouched_and_clonable(fitted):
    m, _, _ = fitted
    assert m.get_params()["knees"] == KernelTimeModel().knees
    c = clone(m)
    assert not hasattr(c, "coef_")
    assert hasattr(m, "coef_") and m.feature_ in m.candidate_errors_
    assert np.all(m.coef_ >= 0)


def test_extrapolates_to_a_larger_input(fitted):
    m, _, _ = fitted
    N = 2048
    G = (N // 16) ** 2
    xs = np.array([G // 4, G // 2, G])
    pred = m.predict_curve(matmul_sample(N, G), xs)
    truth = matmul_time(N, xs)
    assert np.all(np.abs(pred / truth - 1) < 0.08)


def test_held_out_inputs_error_small(fitted):
    _, S, Y = fitted
    errs = held_out_errors(KernelTimeModel(), S, Y)
    assert errs.size == len(S)
    assert np.median(errs) < 0.05
    # beside each error, the measured time it is the error of: each profile once
    same, measured = held_out_pairs(KernelTimeModel(), S, Y)
    assert np.array_equal(same, errs)
    assert sorted(measured) == sorted(Y)


def test_curve_monotone_nonnegative_and_zero_at_zero(fitted):
    m, _, _ = fitted
    s = matmul_sample(512, 1)
    g = np.arange(0, 1025)
    c = m.predict_curve(s, g)
    assert c.shape == g.shape
    assert c[0] == 0.0 and np.all(c[1:] > 0)
    assert np.all(np.diff(c) >= 0)
    shuffled = np.random.default_rng(0).permutation(g)
    assert np.allclose(m.predict_curve(s, shuffled), c[shuffled])
    one = m.predict([s.with_groups(300)])[0]
    assert one == pytest.approx(c[300], rel=1e-9)


def test_static_cost_feature_is_used():
    # the trip count hides in a buffer's contents, so only f (from the
    # transformer) explains why inputs of equal size differ (eq. 5.3)
    rng = np.random.default_rng(3)
    S, Y = [], []
    for f in (10.0, 40.0, 90.0, 160.0, 250.0):
        for x in calibration_groups(256):
            S.append(Sample(x, 256, (16384,), (64,), {}, {0: 65536}, cost=f))
            Y.append((5e-6 + 2e-9 * 64 * f * x) * (1 + 0.005 * rng.standard_normal()))
    m = KernelTimeModel().fit(S, Y)
    assert m.feature_.startswith("cost")
    assert np.median(held_out_errors(KernelTimeModel(), S, Y)) < 0.03


def test_fit_rejects_useless_input():
    with pytest.raises(ValueError):
        KernelTimeModel().fit([Sample(1, 4)], [1.0])


def test_calibration_schedule():
    g = calibration_groups(65536)
    assert g[:16] == list(range(1, 17))
    assert g[-1] == 65536 and g == sorted(set(g)) and len(g) < 60
    assert calibration_groups(5) == [1, 2, 3, 4, 5]
    assert calibration_groups(17) == list(range(1, 18))
    assert calibration_groups(0) == []


def test_registry_fits_lazily_refits_and_corrects(tmp_path):
    S, Y = matmul_profiles(sizes=(256, 512, 768))
    store = ProfileStore(tmp_path / "p.sqlite")
    reg = ModelRegistry(store)
    assert reg.get("mm", "gpu") is None
    store.add_profiles([Profile("mm", "gpu", s, y) for s, y in zip(S, Y)])
    m1 = reg.get("mm", "gpu")
    assert m1 is not None and reg.get("mm", "gpu") is m1  # cached
    S2, Y2 = matmul_profiles(sizes=(1024,))
    store.add_profiles([Profile("mm", "gpu", s, y) for s, y in zip(S2, Y2)])
    m2 = reg.get("mm", "gpu")
    assert m2 is not m1 and m2.n_samples_ == len(S) + len(S2)

    acc = reg.accuracy("mm", "gpu")
    assert acc is not None and 0 <= acc < 0.05

    s = matmul_sample(1024, 4096)
    base = reg.predict("mm", "gpu", s)
    reg.online = True  # SKMD_ONLINE, as the runtime hands it in
    for _ in range(30):
        reg.observe("mm", "gpu", s, 2.0 * base)
    assert reg.correction("mm", "gpu") == pytest.approx(2.0, rel=0.01)
    curve = reg.run_time("mm", "gpu", s)
    assert curve(np.array([4096]))[0] == pytest.approx(2.0 * base, rel=0.01)
    reg.online = False
    assert reg.correction("mm", "gpu") == 1.0
    assert reg.run_time("mm", "gpu", s)(np.array([4096]))[0] == pytest.approx(base)
    assert reg.observe("mm", "gpu", s, 10 * base) == 1.0
    store.close()


def test_registry_asks_the_store_only_when_profiles_may_have_changed(tmp_path, monkeypatch):
    """Predictions do not query the store each time: this process's writes are seen at
    once, another process's (a second store on the same file) after ``recheck_s``."""
    S, Y = matmul_profiles(sizes=(256, 512, 768))
    store = ProfileStore(tmp_path / "p.sqlite")
    store.add_profiles([Profile("mm", "gpu", s, y) for s, y in zip(S, Y)])
    clock = [100.0]
    monkeypatch.setattr("skmd.predict.registry.time.monotonic", lambda: clock[0])
    reg = ModelRegistry(store, recheck_s=5.0)
    counts = []
    real_count = store.profile_count
    monkeypatch.setattr(store, "profile_count", lambda *a: counts.append(a) or real_count(*a))
    m1 = reg.get("mm", "gpu")
    s = matmul_sample(512, 1024)
    for _ in range(20):
        reg.predict("mm", "gpu", s)
        reg.observe("mm", "gpu", s, 1e-3)
    assert len(counts) == 1 and reg.get("mm", "gpu") is m1
    other = ProfileStore(tmp_path / "p.sqlite")          # another process's writes
    S2, Y2 = matmul_profiles(sizes=(1024,))
    other.add_profiles([Profile("mm", "gpu", s2, y) for s2, y in zip(S2, Y2)])
    assert reg.get("mm", "gpu") is m1                   # not asked yet
    clock[0] += 5.0
    m2 = reg.get("mm", "gpu")
    assert m2 is not m1 and m2.n_samples_ == len(S) + len(S2) and len(counts) == 2
    store.add_profiles([Profile("mm", "gpu", s2, y) for s2, y in zip(S2, Y2)])
    m3 = reg.get("mm", "gpu")                           # this process's: at once
    assert m3 is not m2 and m3.n_samples_ == len(S) + 2 * len(S2)
    other.close()
    store.close()
