import sys
import numpy as np
import pyopencl as cl
import pyopencl.array as cla
from pyopencl.scan import GenericScanKernel, InclusiveScanKernel, ExclusiveScanKernel

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
res = {}
rng = np.random.default_rng(404)
n = 300017
xh = rng.integers(-50, 50, n).astype(np.int32)
x = cla.to_device(q, xh)
# inclusive max-scan
imax = InclusiveScanKernel(ctx, np.int32, "a > b ? a : b", neutral="-2147483647")
y = x.copy(); imax(y); res["incl_max"] = y.get()
# exclusive product-like scan over int64 with custom op (xor)
exor = ExclusiveScanKernel(ctx, np.int64, "a ^ b", "0")
z = x.astype(np.int64); exor(z); res["excl_xor"] = z.get()
# output to a different array, on a slice
iadd = InclusiveScanKernel(ctx, np.int64, "a+b", neutral="0")
src = x.astype(np.int64)
dst = cla.zeros(q, n, np.int64)
iadd(src[1000:200000], dst[1000:200000]); res["incl_slice"] = dst.get()
# segmented scan: segment starts where flag set
flags = cla.to_device(q, (rng.random(n) < 0.01).astype(np.uint8))
seg = GenericScanKernel(ctx, np.int32, arguments="__global int *ary, __global unsigned char *flg, __global int *out",
    input_expr="ary[i]", scan_expr="across_seg_boundary ? b : (a+b)", neutral="0",
    is_segment_start_expr="flg[i]", output_statement="out[i] = item;")
so = cla.empty_like(x); seg(x, flags, so); res["segscan"] = so.get()
# scan with prev_item / last_item in output statement (stream compaction by hand)
comp = GenericScanKernel(ctx, np.int32, arguments="__global int *ary, __global int *out, __global int *count",
    input_expr="(ary[i] > 20) ? 1 : 0", scan_expr="a+b", neutral="0",
    output_statement="if (prev_item != item) out[item-1] = i; if (i+1 == N) count[0] = item;")
out = cla.zeros(q, n, np.int32); cnt = cla.zeros(q, 1, np.int32)
comp(x, out, cnt); c = int(cnt.get()[0]); res["compact"] = out[:c].get(); res["compact_n"] = np.array(c)
# float2 running sum (vector type as scan type)
f2 = cl.cltypes.float2 if hasattr(cl, "cltypes") else None
import pyopencl.cltypes as clt
vs = GenericScanKernel(ctx, clt.int2, arguments="__global int *a, __global int2 *out",
    input_expr="(int2)(a[i], 1)", scan_expr="a+b", neutral="(int2)(0,0)", output_statement="out[i] = item;")
vo = cla.empty(q, n, clt.int2); vs(x, vo); res["int2_scan"] = vo.get()
# many small scans (size 1..)
small = []
for m in [1, 2, 3, 31, 257, 1025, 4097]:
    s = cla.to_device(q, np.arange(m, dtype=np.int32))
    iadd32 = InclusiveScanKernel(ctx, np.int32, "a+b", neutral="0")
    iadd32(s); small.append(s.get())
res["small"] = np.concatenate(small)
# scan with an extra scalar argument
sc = GenericScanKernel(ctx, np.int64, arguments="__global int *a, long k, __global long *out",
    input_expr="(long)a[i] * k", scan_expr="a+b", neutral="0", output_statement="out[i] = item;")
so2 = cla.empty(q, n, np.int64); sc(x, np.int64(3), so2); res["scalar_arg"] = so2.get()
q.finish()
np.savez(sys.argv[1], **res)
print("done", len(res))
