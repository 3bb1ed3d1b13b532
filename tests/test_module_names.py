"""No two modules of skmd share a file name: a name says what a module holds, and a
name met twice (three ``model.py``, two ``replay.py``) makes a reader ask which one."""
from __future__ import annotations

from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent / "skmd"
SHARED_BY_DESIGN = {"__init__.py", "__main__.py"}


def test_module_names_are_unique() -> None:
    where: dict[str, list[str]] = defaultdict(list)
    for path in ROOT.rglob("*.py"):
        if path.name not in SHARED_BY_DESIGN:
            where[path.name].append(path.relative_to(ROOT.parent).as_posix())
    twice = {name: sorted(paths) for name, paths in where.items() if len(paths) > 1}
    assert not twice, f"module names used more than once: {twice}"
