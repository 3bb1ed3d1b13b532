import sys
import numpy as np
import pyopencl as cl
import pyopencl.array as cla
from pyopencl.algorithm import copy_if, remove_if, partition, unique
from pyopencl.bitonic_sort import BitonicSort
from pyopencl.scan import GenericScanKernel, ExclusiveScanKernel

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
res = {}
rng = np.random.default_rng(33)
n = 200000
xh = rng.integers(-1000, 1000, n).astype(np.int32)
x = cla.to_device(q, xh)
out, cnt, ev = copy_if(x, "ary[i] % 3 == 0 && ary[i] > 0")
c = int(cnt.get()); res["copy_if"] = out[:c].get(); res["copy_if_n"] = np.array(c)
out, cnt, ev = remove_if(x, "ary[i] < -500")
c = int(cnt.get()); res["remove_if"] = out[:c].get()
t, f, cnt, ev = partition(x, "ary[i] & 1")
c = int(cnt.get()); res["part_t"] = t[:c].get(); res["part_f"] = f[:n - c].get()
sx = np.sort(xh)
out, cnt, ev = unique(cla.to_device(q, sx))
c = int(cnt.get()); res["unique"] = out[:c].get()
# extra args to copy_if
thr = 123
out, cnt, ev = copy_if(x, "ary[i] > thr && ary[i] < top", extra_args=[("thr", np.int32(thr)), ("top", np.int32(900))])
c = int(cnt.get()); res["copy_if_args"] = out[:c].get()
# bitonic sort: power-of-two sizes and a key/value sort
bs = BitonicSort(ctx)
for m in [1024, 65536, 2 ** 17]:
    a = cla.to_device(q, rng.random(m).astype(np.float32))
    s, ev = bs(a, axis=0)
    res[f"bitonic_{m}"] = s.get()
ka = cla.to_device(q, rng.integers(0, 1 << 30, 32768).astype(np.uint32))
s, ev = bs(ka, axis=0); res["bitonic_u32"] = s.get()
# 2-D bitonic along axis 1
a2 = cla.to_device(q, rng.integers(0, 100000, (16, 4096)).astype(np.int32))
s2, ev = bs(a2, axis=1); res["bitonic_2d_ax1"] = s2.get()
# segmented scan with GenericScanKernel, int64 values
vals = cla.to_device(q, rng.integers(-(1 << 40), 1 << 40, n).astype(np.int64))
seg = (rng.random(n) < 0.002).astype(np.uint8); seg[0] = 1
segd = cla.to_device(q, seg)
sk = GenericScanKernel(ctx, np.int64,
    arguments="__global const long *v, __global const uchar *s, __global long *o",
    input_expr="v[i]", scan_expr="across_seg_boundary ? b : (a + b)", neutral="0",
    is_segment_start_expr="s[i] != 0", output_statement="o[i] = item;")
o = cla.empty_like(vals); sk(vals, segd, o); res["segsum64"] = o.get()
# segmented exclusive max
skm = GenericScanKernel(ctx, np.int32,
    arguments="__global const int *v, __global const uchar *s, __global int *o",
    input_expr="v[i]", scan_expr="across_seg_boundary ? b : max(a, b)", neutral="-2147483647",
    is_segment_start_expr="s[i] != 0", output_statement="o[i] = prev_item;")
o2 = cla.empty_like(x); skm(x, segd, o2); res["segmax_excl"] = o2.get()
# exclusive scan on int64 with host-side checks
es = ExclusiveScanKernel(ctx, np.int64, "a+b", "0")
v2 = vals.copy(); es(v2); res["excl64"] = v2.get()
u64 = cla.to_device(q, (np.arange(n, dtype=np.uint64) * np.uint64(0x9E3779B97F4A7C15)))
esu = ExclusiveScanKernel(ctx, np.uint64, "a ^ b", "0")
esu(u64); res["excl_xor_u64"] = u64.get()
# scan whose output is a different dtype via output_statement: segment ids
sid = GenericScanKernel(ctx, np.int32, arguments="__global const uchar *s, __global int *id",
    input_expr="s[i] ? 1 : 0", scan_expr="a+b", neutral="0", output_statement="id[i] = item - 1;")
ids = cla.empty(q, n, np.int32); sid(segd, ids); res["segid"] = ids.get()
np.savez(sys.argv[1], **res)
print("done", len(res))
