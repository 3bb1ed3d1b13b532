"""Settings are read at the entry points only and handed down as arguments.

``skmd.install()``, the ``skmd`` command and ``skmd bench``'s runner (and the
tests' :mod:`skmd.testing`) read the
settings (:func:`skmd.config.get`, :func:`skmd.config.from_environ`,
:func:`skmd.config.reload`); every other module of skmd is given a
:class:`skmd.config.Settings` or the values it needs.  The check reads the
source with :mod:`ast`, so nothing is imported.
"""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent / "skmd"

#: the modules allowed to read the settings, by path from ``skmd/`` (``testing.py``:
#: the tests' own entry point, which installs skmd as a program would)
ENTRY_MODULES = {"__init__.py", "cli.py", "config.py", "bench/runner.py", "testing.py"}
#: what reading the settings is called
READERS = {"get", "from_environ", "reload"}


def _reads(tree: ast.Module) -> list[int]:
    """Lines that call ``config.get()`` (or ``from_environ``/``reload``), however
    ``config`` was imported, or such a name imported from ``skmd.config``."""
    lines = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module == "skmd.config":
            lines += [node.lineno for a in node.names if a.name in READERS]
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and node.func.attr in READERS and isinstance(node.func.value, ast.Name)
                and node.func.value.id == "config"):
            lines.append(node.lineno)
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                and node.func.id == "from_environ"):
            lines.append(node.lineno)
    return lines


def readers(root: Path = ROOT) -> dict[str, list[int]]:
    out = {}
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(root).as_posix()
        found = _reads(ast.parse(path.read_text(encoding="utf-8"), filename=str(path)))
        if found:
            out[rel] = found
    return out


def test_only_entry_points_read_the_settings() -> None:
    outside = {m: lines for m, lines in readers().items() if m not in ENTRY_MODULES}
    assert not outside, f"settings read below the entry points: {outside}"


def test_the_check_sees_each_way_of_reading(tmp_path: Path) -> None:
    (tmp_path / "a.py").write_text("from skmd import config\ns = config.get().policy\n")
    (tmp_path / "b.py").write_text("from skmd.config import from_environ\n")
    (tmp_path / "c.py").write_text("def f(settings):\n    return settings.policy\n")
    (tmp_path / "d.py").write_text("import skmd.config as config\nconfig.reload()\n")
    assert readers(tmp_path) == {"a.py": [2], "b.py": [1], "d.py": [2]}
