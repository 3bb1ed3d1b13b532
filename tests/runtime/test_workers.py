"""skmd's worker threads tell observers of every job they ran (what benchmarks place
beside a program's own time), and an observer that fails never stops a worker."""
import threading
import time

from skmd.runtime import workers


def _job(x: int) -> int:
    time.sleep(0.01)
    return x * 2


def test_observers_hear_each_job_with_its_name_and_times():
    heard: list[tuple[str, float, float]] = []
    done = threading.Event()

    def tell(name: str, began: float, ended: float) -> None:
        heard.append((name, began, ended))
        done.set()

    pool = workers.Workers(1)
    workers.observe(tell)
    workers.observe(tell)  # (once only)
    try:
        t0 = time.perf_counter()
        assert pool.submit(_job, 21).result(timeout=5) == 42
        assert done.wait(5)
    finally:
        workers.unobserve(tell)
    assert len(heard) == 1
    name, began, ended = heard[0]
    assert name == "_job"
    assert t0 <= began and ended - began >= 0.009


def test_a_failing_observer_keeps_the_worker_and_the_others():
    heard: list[str] = []

    def bad(*_: object) -> None:
        raise RuntimeError("observer bug")

    def good(name: str, *_: float) -> None:
        heard.append(name)

    pool = workers.Workers(1)
    workers.observe(bad)
    workers.observe(good)
    try:
        for k in range(3):  # the same (only) thread runs every one
            assert pool.submit(_job, k).result(timeout=5) == 2 * k
        deadline = time.monotonic() + 5
        while len(heard) < 3 and time.monotonic() < deadline:
            time.sleep(0.01)
    finally:
        workers.unobserve(bad)
        workers.unobserve(good)
    assert heard == ["_job"] * 3
    pool.submit(_job, 1).result(timeout=5)
    assert len(heard) == 3  # unobserved: told no more
