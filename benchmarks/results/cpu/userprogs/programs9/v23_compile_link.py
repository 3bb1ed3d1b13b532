import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
# a library of index helpers compiled separately and linked with the kernels
lib_src = """
int wrap(int i, int n) { int r = i % n; return r < 0 ? r + n : r; }
int tile_index(int x, int y, int w, int t) { return ((y / t) * (w / t) + x / t) * t * t + (y % t) * t + x % t; }
"""
main_src = """
int wrap(int i, int n);
int tile_index(int x, int y, int w, int t);
__kernel void roll(__global const float *a, __global float *o, int k, int n) {
    int i = get_global_id(0);
    o[wrap(i + k, n)] = a[i];
}
__kernel void to_tiles(__global const float *a, __global float *o, int w, int t) {
    int x = get_global_id(0), y = get_global_id(1);
    o[tile_index(x, y, w, t)] = a[y * w + x];
}
"""
lib = cl.Program(ctx, lib_src).compile()
main = cl.Program(ctx, main_src).compile()
prg = cl.link_program(ctx, [main, lib])
rng = np.random.default_rng(923)
n = 150000
ha = rng.standard_normal(n).astype(np.float32)
a = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=ha)
o = cl.Buffer(ctx, mf.READ_WRITE, ha.nbytes)
roll = cl.Kernel(prg, "roll")
for k in [1, -5, 70000]:
    roll(q, (n,), None, a, o, np.int32(k), np.int32(n))
    h = np.empty(n, np.float32); cl.enqueue_copy(q, h, o); res[f"roll_{k}"] = h
w = 512
hm = rng.standard_normal(w * 256).astype(np.float32)
m = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=hm)
mo = cl.Buffer(ctx, mf.READ_WRITE, hm.nbytes)
tt = cl.Kernel(prg, "to_tiles")
for t in [8, 16]:
    tt(q, (w, 256), (t, t), m, mo, np.int32(w), np.int32(t))
    h = np.empty_like(hm); cl.enqueue_copy(q, h, mo); res[f"tiles_{t}"] = h
np.savez(sys.argv[1], **res)
print("done", len(res))
