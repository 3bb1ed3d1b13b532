import sys
import numpy as np
import pyopencl as cl
import pyopencl.array as cla
from pyopencl.algorithm import copy_if, remove_if, partition, unique

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
res = {}
rng = np.random.default_rng(607)
n = 250007
h = rng.integers(-1000, 1000, n).astype(np.int32)
d = cla.to_device(q, h)
out, cnt, ev = copy_if(d, "ary[i] % 3 == 0 && ary[i] > 0")
c = int(cnt.get()); res["copy_if"] = out.get()[:c]
out, cnt, ev = remove_if(d, "ary[i] < -500 || ary[i] > 900")
c = int(cnt.get()); res["remove_if"] = out.get()[:c]
t, f, cnt, ev = partition(d, "(ary[i] & 1) == 0")
c = int(cnt.get()); res["part_t"] = t.get()[:c]; res["part_f"] = f.get()[:n - c]
s = np.sort(rng.integers(0, 5000, n)).astype(np.int32)
ds = cla.to_device(q, s)
u, cnt, ev = unique(ds)
c = int(cnt.get()); res["unique"] = u.get()[:c]
# extra args and a float array
fl = cla.to_device(q, rng.standard_normal(n).astype(np.float32))
thr = np.float32(0.8)
from pyopencl.tools import VectorArg, ScalarArg
out, cnt, ev = copy_if(fl, "ary[i] > thr", extra_args=[("thr", thr)])
c = int(cnt.get()); res["copy_if_extra"] = out.get()[:c]
# on a view with offset
out, cnt, ev = copy_if(d[1234:200000], "ary[i] > 990")
c = int(cnt.get()); res["copy_if_view"] = out.get()[:c]
# repeated in a loop with a shrinking array (remove negatives of shifted data)
cur = d
sizes = []
for k in range(4):
    cur2, cnt, ev = remove_if(cur, f"ary[i] < {-800 + 400 * k}")
    c = int(cnt.get()); sizes.append(c)
    cur = cur2[:c]
res["loop_sizes"] = np.array(sizes); res["loop_final"] = cur.get()
np.savez(sys.argv[1], **res)
print("done", len(res))
