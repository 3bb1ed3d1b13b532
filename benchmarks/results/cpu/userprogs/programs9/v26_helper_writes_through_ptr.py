import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
# helpers that hand back an index through a pointer (out-parameters), the caller then
# writes at that index; and a helper that fills a private struct
src = """
void coords(int i, int w, int *x, int *y) { *y = i / w; *x = i - *y * w; }
void next_slot(int *slot, int stride) { *slot += stride; }
typedef struct { int row; int col; } rc_t;
void to_rc(int i, int w, rc_t *p) { p->row = i / w; p->col = i % w; }
__kernel void transpose_via_ptr(__global const float *a, __global float *o, int w, int h) {
    int i = get_global_id(0);
    int x, y;
    coords(i, w, &x, &y);
    o[x * h + y] = a[i];
}
__kernel void two_slots(__global int *o, int stride) {
    int i = get_global_id(0);
    int s = 2 * i;
    o[s] = i;
    next_slot(&s, stride);
    o[s] = -i;
}
__kernel void via_struct(__global const int *a, __global int *o, int w, int h) {
    int i = get_global_id(0);
    rc_t p;
    to_rc(i, w, &p);
    o[p.col * h + p.row] = a[i] + 1;
}
"""
prg = cl.Program(ctx, src).build()
rng = np.random.default_rng(926)
w, h = 480, 500
ha = rng.standard_normal(w * h).astype(np.float32)
a = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=ha)
o = cl.Buffer(ctx, mf.READ_WRITE, ha.nbytes)
prg.transpose_via_ptr(q, (w * h,), None, a, o, np.int32(w), np.int32(h))
g = np.empty_like(ha); cl.enqueue_copy(q, g, o); res["tr"] = g
n = 100000
oi = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.full(2 * n + 2, 7, np.int32))
prg.two_slots(q, (n,), None, oi, np.int32(1))
gi = np.empty(2 * n + 2, np.int32); cl.enqueue_copy(q, gi, oi); res["slots"] = gi
hi = rng.integers(0, 100, w * h).astype(np.int32)
ai = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=hi)
o2 = cl.Buffer(ctx, mf.READ_WRITE, hi.nbytes)
prg.via_struct(q, (w * h,), None, ai, o2, np.int32(w), np.int32(h))
g2 = np.empty_like(hi); cl.enqueue_copy(q, g2, o2); res["st"] = g2
np.savez(sys.argv[1], **res)
print("done", len(res))
