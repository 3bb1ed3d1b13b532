"""Trace the MKMD suite's batch graphs at a small size, for replaying older run logs.

Run logs written before graph mode recorded each batch's graph hold only the
launches.  The graphs depend on the program, not on its size: this runs each
graph program once under ``SKMD_MODE=mkmd`` on the local devices and writes the
graph the runtime recorded for every batch, with each command's global size,
so that ``skmd explain RUN --replay --graphs FILE`` can scale it to the size
the log recorded.

    PYTHONPATH=. POCL_DEVICES="pthread pthread" python benchmarks/trace_graphs.py \
        benchmarks/results/mkmd_graphs.json [--only abe ...]
"""
from __future__ import annotations

import argparse
import json
import sys


def trace(names: list[str], size: str) -> list[dict]:
    import pyopencl as cl
    from skmd.bench import programs
    from skmd.testing import skmd_installed
    graphs = []
    for name in names:
        bench = programs.REGISTRY[name]
        with skmd_installed(mode="mkmd") as rt:
            ctx = cl.create_some_context(interactive=False)
            queue = cl.CommandQueue(ctx)
            bench.execute(queue, bench.inputs(size))
            records = list(rt.records)
        gsize = {r.node: list(r.global_size) for r in records if r.node is not None}
        for r in records:
            if r.graph is None:
                continue
            g = dict(r.graph)
            g["program"] = name
            g["commands"] = [dict(c, global_size=gsize.get(c["id"])) for c in g["commands"]]
            graphs.append(g)
        print(f"{name}: {sum(r.graph is not None for r in records)} batch graph(s)",
              file=sys.stderr)
    return graphs


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out", help="JSON file to write")
    ap.add_argument("--only", action="append", help="program names (default: the MKMD suite)")
    ap.add_argument("--size", default="ci")
    args = ap.parse_args()
    from skmd.bench import programs
    graphs = trace(args.only or list(programs.MKMD_SUITE), args.size)
    with open(args.out, "w") as f:
        json.dump(graphs, f, indent=1)


if __name__ == "__main__":
    main()
