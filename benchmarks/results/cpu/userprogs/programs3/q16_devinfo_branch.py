import sys
import numpy as np
import pyopencl as cl

# a program that sizes its work from device queries, the way tuned codes do
plat = cl.get_platforms()
ctx = cl.create_some_context(interactive=False)
dev = ctx.devices[0]
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
info = {}
for nm in ["max_work_group_size", "max_work_item_dimensions", "local_mem_size", "address_bits",
           "preferred_vector_width_float", "double_fp_config", "max_constant_buffer_size", "max_parameter_size",
           "mem_base_addr_align", "type", "endian_little", "image_support", "max_clock_frequency", "opencl_c_version", "version", "vendor", "driver_version"]:
    try: info[nm] = getattr(dev, nm)
    except Exception as e: info[nm] = type(e).__name__
res["info"] = np.array([f"{k}={v}" for k, v in sorted(info.items())])
res["max_work_item_sizes"] = np.array(dev.max_work_item_sizes)
res["has_fp64"] = np.array("cl_khr_fp64" in dev.extensions)
res["ext_sorted"] = np.array(sorted(dev.extensions.split()))
res["n_platforms_ge1"] = np.array(len(plat) >= 1)
res["ctx_ndev"] = np.array(len(ctx.devices))
# aggregated values: recorded separately (they may legitimately differ under skmd)
print("INFO aggregated values are not compared:", file=sys.stderr) if False else None
agg = {"max_compute_units": dev.max_compute_units, "global_mem_size": dev.global_mem_size,
       "max_mem_alloc_size": dev.max_mem_alloc_size}
# branch on max_work_group_size (not aggregated): pick a local size and a tile
wg = min(dev.max_work_group_size, 256)
ls = 1
while ls * 2 <= wg: ls *= 2
prg = cl.Program(ctx, f"""
#define LS {ls}
__kernel void blocksum(__global const float *x, __global float *out, int n) {{
    __local float t[LS];
    int l = get_local_id(0), g = get_group_id(0);
    int i = get_global_id(0);
    t[l] = i < n ? x[i] : 0.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int s = LS / 2; s > 0; s >>= 1) {{ if (l < s) t[l] += t[l + s]; barrier(CLK_LOCAL_MEM_FENCE); }}
    if (l == 0) out[g] = t[0];
}}
""").build()
n = 1000003
xh = (np.arange(n) % 17).astype(np.float32)
x = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=xh)
ng = (n + ls - 1) // ls
o = cl.Buffer(ctx, mf.WRITE_ONLY, 4 * ng)
prg.blocksum(q, (ng * ls,), (ls,), x, o, np.int32(n))
oh = np.empty(ng, np.float32); cl.enqueue_copy(q, oh, o)
res["blocksum"] = oh; res["ls"] = np.array(ls)
# branch on compute units, the way a persistent-threads code does: the result must not depend on it
cu = dev.max_compute_units
nthreads = cu * 64
prg2 = cl.Program(ctx, """
__kernel void gsum(__global const float *x, __global float *part, int n) {
    int t = get_global_id(0), T = get_global_size(0); float s = 0;
    for (int i = t; i < n; i += T) s += x[i];
    part[t] = s;
}""").build()
part = cl.Buffer(ctx, mf.READ_WRITE, 4 * nthreads)
prg2.gsum(q, (nthreads,), None, x, part, np.int32(n))
ph = np.empty(nthreads, np.float32); cl.enqueue_copy(q, ph, part)
res["persistent_total"] = np.array(ph.astype(np.float64).sum())  # integers: exact whatever nthreads
# memory-based sizing: use at most 1/64 of global memory, capped
cap = min(dev.max_mem_alloc_size // 64, 1 << 22)
bb = cl.Buffer(ctx, mf.READ_WRITE, 4 << 20 if cap >= (4 << 20) else cap)
res["big_alloc_ok"] = np.array(bb.size == (4 << 20))
q.finish()
np.savez(sys.argv[1], **res)
print("done", len(res))
print("aggregated (may differ):", file=sys.stderr) if False else None
with open(sys.argv[1] + ".agg.txt", "w") as fh:
    fh.write(repr(agg))
