"""No import circles among skmd's modules.

The graph is built from the source tree with :mod:`ast`, so nothing is imported.
Imports at module level (what runs when a module is first imported) must form no
cycle; imports inside functions only run later, so their circles are reported (in
the failure message of the module-level check and by ``-s``) but not asserted.
Imports under ``if TYPE_CHECKING:`` never run and are left out.
"""
from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx

ROOT = Path(__file__).resolve().parent.parent / "skmd"

#: module-level circles allowed for now; any other fails the test
KNOWN_CIRCLES: set[frozenset[str]] = set()

#: circles closed only by imports inside functions that are known (none are left)
KNOWN_FUNCTION_LEVEL_CIRCLES: set[frozenset[str]] = set()


def _module_name(path: Path, root: Path) -> str:
    parts = path.relative_to(root.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _resolve(module: str, is_package: bool, node: ast.ImportFrom) -> str:
    """The absolute name an ``from X import ...`` refers to."""
    if not node.level:
        return node.module or ""
    base = module.split(".")
    base = base if is_package else base[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imports(tree: ast.Module, module: str, is_package: bool,
             known: set[str]) -> tuple[set[str], set[str]]:
    """(module-level, function-level) skmd modules imported by one module."""
    top: set[str] = set()
    inner: set[str] = set()

    def target(name: str) -> str | None:
        while name and name not in known:
            name = name.rpartition(".")[0]
        return name or None

    def visit(node: ast.AST, in_function: bool) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            for child in node.orelse:
                visit(child, in_function)
            return
        found: list[str] = []
        if isinstance(node, ast.Import):
            found = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = _resolve(module, is_package, node)
            # ``from pkg import mod`` imports the submodule when there is one
            found = [f"{base}.{a.name}" if f"{base}.{a.name}" in known else base
                     for a in node.names]
        for name in found:
            hit = target(name)
            if hit and hit != module:
                (inner if in_function else top).add(hit)
        nested = in_function or isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef,
                                                  ast.Lambda))
        for child in ast.iter_child_nodes(node):
            visit(child, nested)

    visit(tree, False)
    return top, inner


def import_graphs(root: Path = ROOT) -> tuple[nx.DiGraph, nx.DiGraph]:
    """Module-level and function-level import graphs of the package under ``root``."""
    files = {_module_name(p, root): p for p in root.rglob("*.py")}
    known = set(files)
    top, inner = nx.DiGraph(), nx.DiGraph()
    top.add_nodes_from(known)
    inner.add_nodes_from(known)
    for module, path in files.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        mod_level, fn_level = _imports(tree, module, path.name == "__init__.py", known)
        top.add_edges_from((module, m) for m in mod_level)
        inner.add_edges_from((module, m) for m in fn_level - mod_level)
    return top, inner


def _circles(graph: nx.DiGraph) -> set[frozenset[str]]:
    return {frozenset(c) for c in nx.strongly_connected_components(graph) if len(c) > 1}


def test_no_new_module_level_import_circle():
    top, inner = import_graphs()
    late = _circles(nx.compose(top, inner)) - _circles(top)
    new_late = late - KNOWN_FUNCTION_LEVEL_CIRCLES
    assert not new_late, ("import circles through imports inside functions: "
                          f"{sorted(map(sorted, new_late))}")
    new = _circles(top) - KNOWN_CIRCLES
    assert not new, f"module-level import circles: {sorted(map(sorted, new))}"


#: floors that must not reach each other, at module level or inside functions: the
#: report reads records and the run log, never the live runtime; the runtime writes
#: records (skmd.records), never through the report
NO_ARROWS = (("skmd.report", "skmd.runtime"), ("skmd.runtime", "skmd.report"),
             ("skmd.decide", "skmd.runtime"), ("skmd.partition", "skmd.runtime"))


def test_no_arrow_between_floors_that_must_not_meet():
    top, inner = import_graphs()
    bad = sorted((a, b) for a, b in nx.compose(top, inner).edges
                 for lo, hi in NO_ARROWS
                 if (a == lo or a.startswith(lo + ".")) and (b == hi or b.startswith(hi + ".")))
    assert not bad, f"imports across floors: {bad}"


def test_graph_sees_relative_and_function_imports(tmp_path):
    pkg = tmp_path / "skmd"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "sub" / "__init__.py").write_text("from . import a\n")
    (pkg / "sub" / "a.py").write_text(
        "from typing import TYPE_CHECKING\nfrom .b import f\n"
        "if TYPE_CHECKING:\n    from skmd.sub import c\n")
    (pkg / "sub" / "b.py").write_text("def f():\n    from ..sub.a import x\n")
    (pkg / "sub" / "c.py").write_text("import skmd.sub.a\n")
    top, inner = import_graphs(pkg)
    assert set(top.edges) == {("skmd.sub", "skmd.sub.a"), ("skmd.sub.a", "skmd.sub.b"),
                              ("skmd.sub.c", "skmd.sub.a")}
    assert set(inner.edges) == {("skmd.sub.b", "skmd.sub.a")}
    assert _circles(top) == set()
    assert _circles(nx.compose(top, inner)) == {frozenset({"skmd.sub.a", "skmd.sub.b"})}


if __name__ == "__main__":
    top, inner = import_graphs()
    print("module level:", sorted(map(sorted, _circles(top))))
    print("with function level:", sorted(map(sorted, _circles(nx.compose(top, inner)))))
