"""Graph mode's choice between the fine and the coarse phase, by measurement."""
from __future__ import annotations

import pytest

from skmd.decide.graph_phase import PhaseTuner

SIG = (("k", (64,)),)


def _run(tuner: PhaseTuner, cost: dict[str, float], n: int) -> list[tuple[str, str]]:
    out = []
    for _ in range(n):
        phase, why = tuner.choose(SIG)
        out.append((phase, why))
        tuner.record(SIG, phase, cost[phase])
    return out


@pytest.mark.parametrize("faster", ["mkmd", "coarse"])
def test_both_phases_measured_then_the_faster_kept(faster):
    tuner = PhaseTuner(recheck=5)
    cost = {"mkmd": 1.0, "coarse": 1.0}
    cost[faster] = 0.8
    runs = _run(tuner, cost, 11)
    assert [p for p, _ in runs[:3]] == ["mkmd", "coarse", "mkmd"]
    assert [w for _, w in runs[:3]] == ["first run", "measuring", "measuring"]
    assert tuner.best(SIG) == faster
    chosen = [p for p, _ in runs[3:]]
    assert chosen[:5] == [faster] * 5 and "ms <" in runs[3][1]
    # notes call the mkmd scheduler's own phase "fine", as the batch notes do
    assert runs[3][1].endswith(" ms") and ("< fine " in runs[3][1]) == (faster == "coarse")
    # after `recheck` batches the other phase is measured again, once
    slower = "coarse" if faster == "mkmd" else "mkmd"
    assert chosen[5] == slower and runs[8][1] == "measuring again"
    assert chosen[6:] == [faster] * 2


def test_first_runs_are_not_counted_and_a_changed_machine_changes_the_choice():
    tuner = PhaseTuner(recheck=2, keep=1)
    # the graph's first run pays one-time costs: 10 s must not count against fine
    assert tuner.record(SIG, "mkmd", 10.0) is False
    assert tuner.record(SIG, "coarse", 1.0) is True  # nothing to compare with yet
    assert tuner.best(SIG) is None
    tuner.record(SIG, "mkmd", 0.5)
    assert tuner.best(SIG) == "mkmd"
    # the fine phase gets slower (another tenant): its next batch moves the choice
    runs = _run(tuner, {"mkmd": 2.0, "coarse": 1.0}, 5)
    assert [p for p, _ in runs] == ["mkmd", "coarse", "coarse", "mkmd", "coarse"]
    assert runs[3][1] == "measuring again" and tuner.best(SIG) == "coarse"


def test_graph_mode_measures_both_phases_and_keeps_results_exact(monkeypatch):
    """In mkmd mode a recurring graph runs fine (first run), coarse, fine, then the faster;
    every run's results are the in-order ones, and each batch says which phase and why."""
    import pyopencl as cl

    from programs import commutator
    from skmd.runtime import graph_mode
    from skmd.testing import mismatches, skmd_installed
    monkeypatch.setattr(graph_mode.GraphBatch, "_too_small", lambda self, home_s: False)
    monkeypatch.setattr(graph_mode.GraphBatch, "_judge", lambda self, *a: None)
    bare = commutator(cl)
    # CI-sized kernels take less than the 200 us a fine split must gain: with that
    # bound both phases would be one schedule, and equal timings may swap the choice
    with skmd_installed(mode="mkmd", policy="even", min_split_us=0.0) as rt:
        outs = [commutator(cl) for _ in range(6)]
        # each run has two batches (three kernels, then one): each is tuned on its own
        notes = [n for r in rt.records for n in r.notes
                 if n.startswith("graph batch of 3 kernels")]
        sig = next(k for k in rt.graph.tuner.times_ if len(k[1]) == 3)
        best = rt.graph.tuner.best(sig)
    assert all(not mismatches(bare, o) for o in outs)
    assert len(notes) == 6
    phases = [n.split(", ")[1].split(" (")[0] for n in notes]
    assert phases[:3] == ["fine phase", "coarse phase", "fine phase"]
    assert "(first run)" in notes[0] and "(measuring)" in notes[2]
    kept = "fine phase" if best == "mkmd" else "coarse phase"
    assert phases[3:] == [kept] * 3 and "ms <" in notes[5]


def test_coarse_mode_and_offline_never_switch_phase(monkeypatch):
    import pyopencl as cl

    from programs import commutator
    from skmd.runtime import graph_mode
    from skmd.testing import skmd_installed
    monkeypatch.setattr(graph_mode.GraphBatch, "_too_small", lambda self, home_s: False)
    monkeypatch.setattr(graph_mode.GraphBatch, "_judge", lambda self, *a: None)
    for mode, online, phase in (("coarse", True, "coarse phase"),
                                ("mkmd", False, "fine phase")):
        with skmd_installed(mode=mode, policy="even", online=online) as rt:
            for _ in range(3):
                commutator(cl)
            notes = [n for r in rt.records for n in r.notes if n.startswith("graph batch")]
            assert not rt.graph.tuner.seen_
        assert len(notes) == 6 and all(f", {phase} (as set)" in n for n in notes), notes


def test_a_first_fine_run_is_not_judged_against_program_order(monkeypatch):
    """A graph already run coarse, then in mkmd mode: the first fine run pays one-time
    costs and must not send the graph back to program order (the guard rail)."""
    import pyopencl as cl

    from programs import commutator
    from skmd import config
    from skmd.runtime import graph_mode
    from skmd.testing import skmd_installed
    monkeypatch.setattr(graph_mode.GraphBatch, "_too_small", lambda self, home_s: False)
    judged = []
    monkeypatch.setattr(graph_mode.GraphBatch, "_judge",
                        lambda self, key, home_s, took: judged.append(key))
    with skmd_installed(mode="coarse", policy="even") as rt:
        commutator(cl)
        commutator(cl)
        assert len(judged) == 2  # second coarse run: both batches judged
        with config.override(mode="mkmd"):
            commutator(cl)
            assert len(judged) == 2 and len(rt.graph.tuner.seen_) == 2
            commutator(cl)
        assert len(judged) == 4


def test_only_runs_of_the_faster_phase_are_evidence_against_the_graph():
    """The guard rail that sends a slow graph back to program order hears only of
    batches run with the phase the tuner keeps, not of the slower one measured again."""
    tuner = PhaseTuner(recheck=2)
    tuner.record(SIG, "mkmd", 5.0)  # first run
    assert tuner.record(SIG, "mkmd", 1.0) is True
    assert tuner.record(SIG, "coarse", 2.0) is False  # slower: measured to compare
    assert tuner.record(SIG, "mkmd", 1.1) is True
    assert tuner.record(SIG, "coarse", 0.5) is True  # now the faster: it counts
    assert tuner.best(SIG) == "coarse"


def test_a_graph_held_back_in_one_mode_still_runs_as_a_graph_in_another(monkeypatch):
    import pyopencl as cl

    from programs import commutator
    from skmd import config
    from skmd.runtime import graph_mode
    from skmd.testing import skmd_installed
    monkeypatch.setattr(graph_mode.GraphBatch, "_too_small", lambda self, home_s: False)

    def seen(rt, since):
        """(graph batches, launches held in program order) since record ``since``"""
        recs = rt.records[since:]
        return (sum(n.startswith("graph batch of") for r in recs for n in r.notes),
                sum(r.reason == "held: test" for r in recs))
    with skmd_installed(mode="coarse", policy="even") as rt:
        commutator(cl)
        for key in list(rt.graph.guard.tried):
            assert key[0] == config.get().run_key != config.Settings(mode="mkmd").run_key
            rt.graph.guard.hold[key], rt.graph.guard.hold_why[key] = 5, "held: test"
        n = len(rt.records)
        commutator(cl)
        assert seen(rt, n) == (0, 4)  # both batches (3 kernels, 1 kernel) held back
        n = len(rt.records)
        with config.override(mode="mkmd"):
            commutator(cl)
        assert seen(rt, n) == (2, 0)


def test_a_setting_switched_in_process_does_not_inherit_the_tuners_timings(monkeypatch):
    """``skmd bench --variant`` runs the same graph with other settings in one process:
    batches run without sending ahead start their own first run and measurements
    instead of deciding from (and adding to) the default's timings."""
    import pyopencl as cl

    from programs import commutator
    from skmd import config
    from skmd.runtime import graph_mode
    from skmd.testing import skmd_installed
    monkeypatch.setattr(graph_mode.GraphBatch, "_too_small", lambda self, home_s: False)
    monkeypatch.setattr(graph_mode.GraphBatch, "_judge", lambda self, *a: None)
    with skmd_installed(mode="mkmd", policy="even") as rt:
        for _ in range(3):
            commutator(cl)
        default = {k: {p: list(v) for p, v in t.items()}
                   for k, t in rt.graph.tuner.times_.items()}
        n = len(rt.records)
        with config.override(send_ahead=False) as s:
            commutator(cl)
        notes = [x for r in rt.records[n:] for x in r.notes if x.startswith("graph batch")]
        other = [k for k in rt.graph.tuner.seen_ if k[0] == s.run_key]
    assert len(notes) == 2 and all("(first run)" in x for x in notes), notes
    assert len(other) == 2  # both batches of the variant, under their own key
    assert {k: {p: list(v) for p, v in t.items()}
            for k, t in rt.graph.tuner.times_.items() if k in default} == default
