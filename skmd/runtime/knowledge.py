"""What one run leaves for the next, in the profile store.

Three things: the speeds learned online (so a second run needs no
calibration), how long the home device has been kept busy by each kernel over
all runs (so a kernel that paid for its helpers' programs before has them built
from its first launch on: the drivers' own caches make such builds cheap), and
what a helper's build took (so the ski rental that holds back builds weighs
this machine's compiler, not a guess).
"""
from __future__ import annotations

from typing import Any

from skmd.runtime import planner


def load(rt: Any) -> None:
    """Seed ``rt``'s estimates and the decider's spent time from earlier runs."""
    store = rt.store
    if store is None or not rt.remember:
        return
    labels: dict[str, list[str]] = {}
    for d in rt.devices:
        labels.setdefault(d.fingerprint, []).append(d.label)
    for key, fp, per_unit, overhead, samples in store.speeds(labels):
        for label in labels.get(fp, ()):
            rt.estimates.seed(key, label, planner.Rate(per_unit, overhead, samples))
    rt.decider.spent_before = store.spent()
    took = [s for fp, s in store.builds().items() if fp in helpers(rt)]
    if took and not rt.background.builds_timed:  # what a build costs here
        rt.background.build_s = max(took)


def save(rt: Any) -> None:
    """Write what ``rt`` learned (and what it was seeded with) to the store, unless
    it is what the last save wrote (``skmd run`` saves as the program ends, and the
    runtime again at exit: a second write of the same rows is a transaction for
    nothing on the way out)."""
    if not rt.remember:
        return
    rows = {(key, rt.by_label[label].fingerprint): (r.per_unit, r.overhead, r.samples)
            for (key, label), r in rt.estimates.snapshot() if label in rt.by_label}
    spent = rt.decider.spent_rows()
    builds = rt.background.build_s if rt.background.builds_timed else None
    now = (rows, spent, builds)
    if now == rt.saved_knowledge:
        return
    store = rt.store
    if store is None:
        return
    store.put_speeds((k, fp, *v) for (k, fp), v in rows.items())
    store.put_spent(spent)
    if builds is not None:
        for fp in helpers(rt):
            store.put_build(fp, builds)
    rt.saved_knowledge = now


def helpers(rt: Any) -> set[str]:
    """The fingerprints of ``rt``'s devices other than home."""
    return {d.fingerprint for d in rt.devices if d is not rt.home}
