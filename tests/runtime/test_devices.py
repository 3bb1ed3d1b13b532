"""Device discovery: a platform whose compiler builds nothing here is left out, clearly."""
from __future__ import annotations

from pathlib import Path

import pyopencl as cl
import pytest

from skmd import config
from skmd.runtime import core, devices
from skmd.runtime.devices import LeftOut


@pytest.fixture
def compilers_fail(monkeypatch):
    """Every CPU platform's probe build fails, as pip's PoCL 3.0 does on AMD Zen 5."""
    monkeypatch.setattr(devices, "_PROBE_SOURCE", "__kernel void probe( { not OpenCL C")
    monkeypatch.setattr(devices, "_verdicts", {})
    core.reset_runtime()
    yield
    core.reset_runtime()


def test_platform_whose_compiler_fails_is_left_out(compilers_fail) -> None:
    found, left = devices.discover()
    assert found == [] and devices.enumerate_all() == []
    assert left, "the CPU platforms should have been probed and left out"
    for x in left:
        assert x.devices and x.reason
        assert x.platform_name in x.message() and x.hint in x.message()


def test_no_usable_device_is_a_clear_pyopencl_error(compilers_fail) -> None:
    with pytest.raises(cl.RuntimeError, match="no usable OpenCL device.*left out"):
        core.Runtime(config.get())


def test_skmd_run_without_a_usable_device_exits_2(compilers_fail, tmp_path: Path,
                                                  capsys) -> None:
    from skmd import cli
    prog = tmp_path / "app.py"
    prog.write_text("print('ran')\n")
    assert cli.main(["run", str(prog)]) == 2
    err = capsys.readouterr()
    assert "ran" not in err.out
    assert err.err.startswith("skmd run: no usable OpenCL device"), err.err
    import skmd
    assert not skmd.installed()


def test_compilers_are_probed_once_a_process(monkeypatch) -> None:
    found, _ = devices.discover()
    assert found, "the test machine has a usable device"
    assert any(v is None for v in devices._verdicts.values())

    def no_build(*args, **kwargs):
        raise AssertionError("probed again")
    monkeypatch.setattr(devices._cl, "_Program", no_build)
    again, _ = devices.discover()
    assert [d.label for d in again] == [d.label for d in found]


def test_hint_names_the_fix_for_an_unknown_processor() -> None:
    old = LeftOut("Portable Computing Language", "OpenCL 3.0 PoCL 3.0-rc2 LLVM 14.0.6",
                  ("pthread-AMD EPYC",), "error: unknown target CPU 'generic'\nDevice failed")
    assert "pocl-opencl-icd" in old.hint
    assert "unknown target CPU 'generic'" in old.message()
    assert "Device failed" not in old.message()  # the first line of the log only
    other = LeftOut("P", "1.0", ("d",), "error: something else")
    assert "pocl-opencl-icd" not in other.hint


def test_probe_verdicts_are_kept_on_disk_for_later_processes(monkeypatch) -> None:
    """A later process (here: the verdicts of this one forgotten) builds no probe."""
    found, _ = devices.discover()
    monkeypatch.setattr(devices, "_verdicts", {})

    def no_build(*args, **kwargs):
        raise AssertionError("probed again")
    monkeypatch.setattr(devices._cl, "_Program", no_build)
    again, _ = devices.discover()
    assert [d.label for d in again] == [d.label for d in found]
    # another probe is another question: its verdict is not taken from the first's
    monkeypatch.setattr(devices, "_verdicts", {})
    monkeypatch.setattr(devices, "_PROBE_SOURCE", devices._PROBE_SOURCE + " ")
    with pytest.raises(AssertionError, match="probed again"):
        devices.discover()


def test_without_probing_a_compiler_never_probed_is_taken_as_working(compilers_fail,
                                                                      monkeypatch) -> None:
    """Beside a GPU, discovery builds no probe (a CPU device is then only a helper, and a
    helper's failed builds lose it its shares); a verdict already known still counts."""
    monkeypatch.setattr(devices, "_stored_verdict", lambda key: devices._UNKNOWN)
    monkeypatch.setattr(devices, "_store_verdict", lambda key, verdict: None)
    plat = next(p for p in cl.get_platforms()
                if any(devices._kind(d) == "cpu" for d in p.get_devices()))
    cpus = plat.get_devices()
    assert devices._compiler_failure(plat, cpus, probe=False) is None
    why = devices._compiler_failure(plat, cpus, probe=True)  # the broken probe fails
    assert why
    assert devices._compiler_failure(plat, cpus, probe=False) == why


@pytest.mark.parametrize("spec", [",", " , ,", ""])
def test_a_device_list_that_names_nothing_is_every_device(spec: str) -> None:
    """``SKMD_DEVICES=,`` ended in ``max() arg is an empty sequence``."""
    from skmd.runtime.devices import choose_home, enumerate_all, select
    everything = enumerate_all()
    chosen = select(everything, spec)
    assert chosen == everything
    assert choose_home(chosen, None) in everything
    with pytest.raises(ValueError, match="no device is selected"):
        choose_home([], None)


def test_a_home_that_matches_no_device_lists_them() -> None:
    from skmd.runtime.devices import choose_home, enumerate_all
    everything = enumerate_all()
    with pytest.raises(ValueError, match=r"SKMD_HOME='gpu9' matches none .*; they are 0:cpu0 \("):
        choose_home(everything, "gpu9")


def test_a_kind_selects_every_device_of_it() -> None:
    """``SKMD_DEVICES=cpu`` matched nothing (no device is labelled or named ``cpu``)."""
    from dataclasses import replace

    from skmd.runtime.devices import enumerate_all, select
    real = enumerate_all()[0]
    devs = [replace(real, index=0, label="cpu0", kind="cpu"),
            replace(real, index=1, label="gpu0", kind="gpu", name="Some GPU"),
            replace(real, index=2, label="gpu1", kind="gpu", name="Another GPU"),
            replace(real, index=3, label="cpu1", kind="cpu")]
    assert [d.label for d in select(devs, "gpu")] == ["gpu0", "gpu1"]
    assert [d.label for d in select(devs, "CPU")] == ["cpu0", "cpu1"]
    assert [d.label for d in select(devs, "gpu1,cpu")] == ["gpu1", "cpu0", "cpu1"]
    assert [d.label for d in select(devs, "cpu0")] == ["cpu0"]
    assert [d.label for d in select(devs, "another")] == ["gpu1"]
    assert [d.label for d in select(devs, "3")] == ["cpu1"]
    with pytest.raises(ValueError, match=r"'accelerator' matches no device; devices are "
                                         r"0:cpu0 \(.*3:cpu1"):
        select(devs, "accelerator")
