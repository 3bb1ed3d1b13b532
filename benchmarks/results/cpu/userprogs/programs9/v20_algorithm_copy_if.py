import sys
import numpy as np
import pyopencl as cl
import pyopencl.array as cla
from pyopencl.algorithm import copy_if, remove_if, partition, unique

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
res = {}
rng = np.random.default_rng(920)
n = 250000
hx = rng.integers(0, 1000, n).astype(np.int32)
x = cla.to_device(q, hx)
for thr in [100, 500, 999]:
    out, cnt, _ = copy_if(x, f"ary[i] < {thr}")
    c = int(cnt.get()); res[f"copy_{thr}"] = out.get()[:c]
out, cnt, _ = remove_if(x, "ary[i] % 3 == 0")
res["remove"] = out.get()[: int(cnt.get())]
t, f, cnt, _ = partition(x, "ary[i] & 1")
c = int(cnt.get()); res["part_t"] = t.get()[:c]; res["part_f"] = f.get()[: n - c]
hs = np.sort(hx)
out, cnt, _ = unique(cla.to_device(q, hs))
res["uniq"] = out.get()[: int(cnt.get())]
np.savez(sys.argv[1], **res)
print("done", len(res))
