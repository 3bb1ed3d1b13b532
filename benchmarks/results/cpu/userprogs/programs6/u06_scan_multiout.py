import sys
import numpy as np
import pyopencl as cl
import pyopencl.array as cla
from pyopencl.scan import GenericScanKernel, InclusiveScanKernel, ExclusiveScanKernel

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
res = {}
rng = np.random.default_rng(606)
n = 300007
h = rng.integers(0, 10, n).astype(np.int32)
d = cla.to_device(q, h)
# scan that writes running sums into two arrays and a histogram-like flag array
knl = GenericScanKernel(ctx, np.int32,
    arguments="__global const int *a, __global int *incl, __global int *excl, __global char *odd, __global int *last",
    input_expr="a[i]", scan_expr="across_seg_boundary ? b : (a + b)" if False else "a + b",
    neutral="0",
    output_statement="incl[i] = item; excl[i] = prev_item; odd[i] = item & 1; if (i == N - 1) last[0] = item;")
incl = cla.empty_like(d); excl = cla.empty_like(d); odd = cla.empty(q, n, np.int8); last = cla.zeros(q, 1, np.int32)
knl(d, incl, excl, odd, last)
res["incl"] = incl.get(); res["excl"] = excl.get(); res["odd"] = odd.get(); res["last"] = last.get()
# segmented max-scan with flags, outputs to values and segment ends
flags = (rng.random(n) < 0.01).astype(np.uint8); flags[0] = 1
dflags = cla.to_device(q, flags)
vals = cla.to_device(q, rng.standard_normal(n).astype(np.float32))
segk = GenericScanKernel(ctx, np.float32,
    arguments="__global const float *v, __global const unsigned char *f, __global float *o, __global int *segend, __global int *nseg",
    input_expr="v[i]", scan_expr="across_seg_boundary ? b : fmax(a, b)", neutral="-INFINITY",
    is_segment_start_expr="f[i]",
    output_statement="o[i] = item; segend[i] = (i == N - 1 || f[i + 1]) ? 1 : 0; if (i == N-1) nseg[0] = 1;")
o = cla.empty(q, n, np.float32); se = cla.empty(q, n, np.int32); ns = cla.zeros(q, 1, np.int32)
segk(vals, dflags, o, se, ns)
res["segmax"] = o.get(); res["segend"] = se.get(); res["nseg"] = ns.get()
# stream compaction by scan: output only where predicate holds, into two arrays
ck = GenericScanKernel(ctx, np.int32,
    arguments="__global const int *a, __global int *idx_out, __global int *val_out, __global int *count",
    input_expr="(a[i] > 6) ? 1 : 0", scan_expr="a + b", neutral="0",
    output_statement="if (prev_item != item) { idx_out[prev_item] = i; val_out[prev_item] = a[i] * 10; } if (i + 1 == N) *count = item;")
io = cla.empty(q, n, np.int32); vo = cla.empty(q, n, np.int32); cnt = cla.zeros(q, 1, np.int32)
io.fill(-1); vo.fill(-1)
ck(d, io, vo, cnt)
c = int(cnt.get()[0])
res["cnt"] = np.array([c]); res["io"] = io.get()[:c]; res["vo"] = vo.get()[:c]
# scans on a small array and an offset view
iks = InclusiveScanKernel(ctx, np.int64, "a+b", neutral="0")
dd = cla.to_device(q, h.astype(np.int64))
iks(dd[1000:200000])
res["incl_view"] = dd.get()
eks = ExclusiveScanKernel(ctx, np.int32, "a+b", "0")
small = cla.to_device(q, h[:37].copy())
eks(small)
res["excl_small"] = small.get()
np.savez(sys.argv[1], **res)
print("done", len(res))
