import sys
import numpy as np
import pyopencl as cl
import pyopencl.array as cla
import pyopencl.characterize as chz

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
dev = q.device
res = {}
# the program picks its configuration from characterize; results must not depend on it
dbl = chz.has_double_support(dev)
simd = chz.get_simd_group_size(dev, np.int32) or 1
lmem = chz.usable_local_mem_size(dev)
wgm = chz.reasonable_work_group_size_multiple(dev)
fast = chz.get_fast_inaccurate_build_options(dev)
pocl = chz.get_pocl_version(dev.platform)
_ = chz.has_struct_arg_count_bug(dev)
_ = chz.has_src_build_cache(dev)
try:
    _ = chz.why_not_local_access_conflict_free(dev, 4, (16, 16))
except RuntimeError:
    pass
res["flags"] = np.array([dbl, lmem > 1024, wgm >= 1, simd >= 1, pocl is not None])
lsz = int(min(dev.max_work_group_size, 64 if wgm <= 64 else wgm))
lsz = 1 << (lsz.bit_length() - 1)
tile = max(1, min(lsz, lmem // 8 // 4))
T = "double" if dbl else "float"
src = f"""
__kernel void blocksum(__global const {T} *a, __global {T} *partial, __local {T} *scratch, int n) {{
    int lid = get_local_id(0), gid = get_global_id(0);
    scratch[lid] = gid < n ? a[gid] : 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int s = get_local_size(0) / 2; s > 0; s >>= 1) {{
        if (lid < s) scratch[lid] += scratch[lid + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }}
    if (lid == 0) partial[get_group_id(0)] = scratch[0];
}}"""
prg = cl.Program(ctx, src).build()
n = 100000
h = (np.arange(n) % 97).astype(np.float64 if dbl else np.float32)
d = cla.to_device(q, h)
ng = (n + lsz - 1) // lsz
part = cla.empty(q, ng, d.dtype)
prg.blocksum(q, (ng * lsz,), (lsz,), d.data, part.data, cl.LocalMemory(lsz * d.dtype.itemsize), np.int32(n))
res["total"] = np.array([part.get().sum()])
# fast build options: result checked against a tolerance
prg2 = cl.Program(ctx, "__kernel void f(__global float *a) { int i = get_global_id(0); a[i] = sqrt((float)i) / (1.0f + i); }").build(options=fast)
o = cla.empty(q, 5000, np.float32)
prg2.f(q, (5000,), None, o.data)
res["tol_fast"] = o.get()
np.savez(sys.argv[1], **res)
print("done", len(res))
