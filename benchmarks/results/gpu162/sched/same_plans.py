"""The plans behind "the same plans on 144 random batches": every slot and transfer of
mkmd, coarse and in-order schedules of random DAGs (11-300 kernels, four seeds, 2-4
devices), pickled, so two checkouts' files can be compared byte for byte:

    PYTHONPATH=OLD_CHECKOUT python same_plans.py old.pkl
    PYTHONPATH=. python same_plans.py new.pkl && cmp old.pkl new.pkl

(run from the repository root; 2ca8516 against d0edad0, 6883f86 and 7b26eb2 on the
CI machine: identical)
"""
import pickle
import sys

sys.path.insert(0, "benchmarks")
from mkmd_scheduling import platform_for  # noqa: E402
from skmd.mkmd_graph import schedule  # noqa: E402
from skmd.mkmd_graph.examples import random_workload  # noqa: E402

out = []
for n in (11, 30, 100, 300):
    for seed in range(4):
        wl = random_workload(n, seed=seed)
        for nd in (2, 3, 4):
            p = platform_for(wl, nd)
            for mode in ("mkmd", "coarse", "inorder"):
                s = schedule(wl.commands, wl.buffer_bytes, p, mode)
                out.append((s.makespan,
                            [(x.node, x.device, x.start, x.end, x.groups, x.kind) for x in s.slots],
                            [(t.buffer, t.src, t.dst, t.start, t.end) for t in s.transfers]))
pickle.dump(out, open(sys.argv[1], "wb"))
