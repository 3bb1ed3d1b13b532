"""The execution modes (``SKMD_MODE``) as a registry of named hooks."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from skmd import config, modes

ROOT = Path(__file__).resolve().parent.parent / "skmd"


def test_each_mode_says_what_the_runtime_asks() -> None:
    skmd, mkmd, coarse, inorder = (modes.mode_named(n)
                                   for n in ("skmd", "mkmd", "coarse", "inorder"))
    # launches split one at a time
    assert skmd.may_split and not skmd.defers_to_graph and not skmd.stages_uploads
    # graph modes: deferred, uploads staged; only mkmd measures its phases
    assert mkmd.defers_to_graph and mkmd.stages_uploads and mkmd.tunes_phases
    assert mkmd.phases == ("mkmd", "coarse") and mkmd.phase() == "mkmd"
    assert coarse.defers_to_graph and coarse.stages_uploads and not coarse.tunes_phases
    assert coarse.phase() == "coarse"
    # everything whole, with the reason the run log shows
    assert not inorder.may_split and inorder.whole_reason == "in-order mode"
    assert not inorder.defers_to_graph
    # a batch left from a graph mode after the settings switched runs whole kernels
    assert skmd.phase() == "coarse"


def test_config_takes_its_modes_from_the_registry() -> None:
    assert config.MODES == tuple(modes.MODES)
    assert config.Settings().mode == modes.DEFAULT
    for name in modes.MODES:
        assert config.Settings(mode=name).mode == name
        assert modes.MODES[name].doc


@pytest.mark.parametrize("bad", ["fast", "", "MKMD", None])
def test_an_unknown_mode_names_the_variable_and_the_choices(bad) -> None:
    with pytest.raises(ValueError, match=r"SKMD_MODE=.* is not one of skmd, mkmd"):
        modes.mode_named(bad)
    with pytest.raises(ValueError, match="SKMD_MODE"):
        config.Settings(mode=bad)


#: a mode's name compared as a string: the registry's hooks answer instead
_COMPARED = re.compile(
    r"""\bmode\s*(==|!=)\s*["'](skmd|mkmd|coarse|inorder)["']"""
    r"""|\bmode\s+(not\s+)?in\s+[(\[{]\s*["'](skmd|mkmd|coarse|inorder)["']""")


def test_no_mode_name_is_compared_outside_the_registry() -> None:
    """skmd/mkmd_graph is left out: its ``mode`` is a scheduler's phase, not SKMD_MODE."""
    found = []
    for path in ROOT.rglob("*.py"):
        rel = path.relative_to(ROOT).as_posix()
        if rel == "modes.py" or rel.startswith(("mkmd_graph/", "bench/programs/")):
            continue
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if _COMPARED.search(line):
                found.append(f"skmd/{rel}:{n}: {line.strip()}")
    assert not found, found
