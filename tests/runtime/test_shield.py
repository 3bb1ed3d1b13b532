"""A signal handler that raises (Ctrl-C's KeyboardInterrupt, a timeout's SIGALRM
handler) must never leave skmd hung or half-way through a split: a split runs whole
and the exception reaches the program right after it, as after a driver call."""
from __future__ import annotations

import signal
import time

from skmd.runtime import shield


def test_work_under_a_storm_of_raising_signal_handlers_always_ends_whole() -> None:
    """Every job the shield runs ends; an exception a handler raised while the program
    waited comes after the job's end, never in its middle."""
    ended: list[int] = []

    def job(i: int) -> int:
        t = time.perf_counter()
        while time.perf_counter() - t < 5e-4:
            pass
        ended.append(i)
        return i

    def on_alarm(_sig, _frame):
        raise KeyboardInterrupt

    old = signal.signal(signal.SIGALRM, on_alarm)
    started = returned = interrupted = 0
    try:
        for rep in range(40):
            signal.setitimer(signal.ITIMER_REAL, 0.001 + 0.00037 * rep)
            try:
                t0 = time.time()
                while time.time() - t0 < 0.05:
                    started += 1
                    assert shield.run(job, started) == started
                    returned += 1
            except KeyboardInterrupt:
                interrupted += 1
                if len(ended) < started:  # (raised before the job was handed over)
                    started -= 1
                # (none ended yet where the first job was never handed over)
                assert (ended[-1] if ended else 0) == started, "a job did not end first"
            signal.setitimer(signal.ITIMER_REAL, 0)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
    assert interrupted >= 30 and returned > 0
    assert ended == sorted(ended) and len(set(ended)) == len(ended)
