import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
rng = np.random.default_rng(1133)


def buf(h):
    return cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=h)


def get(b, like):
    r = np.empty_like(like)
    cl.enqueue_copy(q, r, b)
    return r

# a private struct holding the output pointer and its pitch, passed to helpers
src = """
typedef struct { __global int *out; int pitch; } sink;
void emit(sink s, int x, int y, int v) { s.out[y * s.pitch + x] = v; }
void emit_p(sink *s, int x, int v) { s->out[x] = v; s->out += 1; }
__kernel void k(__global int *o, __global int *o2, int w, int which) {
    int x = get_global_id(0), y = get_global_id(1);
    sink s; s.out = which ? o2 : o; s.pitch = w;
    emit(s, x, y, x * y);
}
__kernel void k2(__global int *o, int n) {
    int i = get_global_id(0);
    sink s = { o + 2 * i, 0 };
    emit_p(&s, 0, i);
    emit_p(&s, 0, -i);
}
"""
prg = cl.Program(ctx, src).build()
w, h = 200, 150
o, o2 = buf(np.full(w * h, -1, np.int32)), buf(np.full(w * h, -2, np.int32))
prg.k(q, (w, h), None, o, o2, np.int32(w), np.int32(1))
prg.k(q, (w, h // 2), None, o, o2, np.int32(w), np.int32(0))
res["o"] = get(o, np.zeros(w * h, np.int32)); res["o2"] = get(o2, np.zeros(w * h, np.int32))
n = 30000
o = buf(np.full(2 * n, -1, np.int32)); prg.k2(q, (n,), None, o, np.int32(n))
res["k2"] = get(o, np.zeros(2 * n, np.int32))
np.savez(sys.argv[1], **res)
print("done", len(res))
