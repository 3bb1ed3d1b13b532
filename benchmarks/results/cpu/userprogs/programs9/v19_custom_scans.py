import sys
import numpy as np
import pyopencl as cl
import pyopencl.array as cla
from pyopencl.scan import GenericScanKernel, InclusiveScanKernel, ExclusiveScanKernel

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
res = {}
# custom scans: running max, segmented sum, an exclusive scan that writes positions
rng = np.random.default_rng(919)
n = 200003
hx = rng.integers(-1000, 1000, n).astype(np.int32)
x = cla.to_device(q, hx)
runmax = InclusiveScanKernel(ctx, np.int32, "max(a, b)", neutral="-2147483647")
y = x.copy(); runmax(y); res["runmax"] = y.get()
ex = ExclusiveScanKernel(ctx, np.int64, "a+b", neutral="0")
xl = x.astype(np.int64); ex(xl); res["exsum"] = xl.get()
seg = GenericScanKernel(ctx, np.int32,
    arguments="__global const int *v, __global const char *flag, __global int *out",
    input_expr="v[i]", scan_expr="across_seg_boundary ? b : (a + b)", neutral="0",
    is_segment_start_expr="flag[i]",
    output_statement="out[i] = item;")
hf = (rng.random(n) < 0.01).astype(np.int8)
f = cla.to_device(q, hf)
o = cla.empty(q, n, np.int32)
seg(x, f, o); res["seg"] = o.get()
pos = GenericScanKernel(ctx, np.int32,
    arguments="__global const int *v, __global int *positions, __global int *count",
    input_expr="(v[i] > 0) ? 1 : 0", scan_expr="a+b", neutral="0",
    output_statement="if (prev_item != item) positions[prev_item] = i; if (i + 1 == N) count[0] = item;")
positions = cla.zeros(q, n, np.int32); count = cla.zeros(q, 1, np.int32)
pos(x, positions, count); res["pos"] = positions.get(); res["count"] = count.get()
np.savez(sys.argv[1], **res)
print("done", len(res))
