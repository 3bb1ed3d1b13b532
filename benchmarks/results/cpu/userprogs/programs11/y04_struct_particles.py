import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
rng = np.random.default_rng(1104)


def buf(h):
    return cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=h)


def get(b, like):
    r = np.empty_like(like)
    cl.enqueue_copy(q, r, b)
    return r

# arrays of structs with nested vector fields, written per field
src = """
typedef struct { float4 pos; float4 vel; int id; int pad[3]; } particle;
__kernel void advance(__global particle *p, float dt) {
    int i = get_global_id(0);
    p[i].vel.x = p[i].vel.x * 0.5f + dt;
    p[i].pos.y += p[i].vel.y * dt;
    p[i].id = i * 2;
}
__kernel void extract(__global const particle *p, __global float *o) {
    int i = get_global_id(0);
    o[i] = p[i].pos.y + p[i].vel.x;
}
__kernel void only_id(__global particle *p) {
    int i = get_global_id(0);
    p[2 * i + 1].id = -i;
}
"""
prg = cl.Program(ctx, src).build()
dt = np.dtype([("pos", np.float32, 4), ("vel", np.float32, 4), ("id", np.int32), ("pad", np.int32, 3)])
n = 30000
h = np.zeros(n, dt)
h["pos"] = rng.standard_normal((n, 4)); h["vel"] = rng.standard_normal((n, 4)); h["id"] = 5; h["pad"] = 9
p = buf(h)
prg.advance(q, (n,), None, p, np.float32(0.1))
prg.only_id(q, (n // 2,), None, p)
o = buf(np.zeros(n, np.float32))
prg.extract(q, (n,), None, p, o)
res["p"] = get(p, h).view(np.uint8); res["o"] = get(o, np.zeros(n, np.float32))
np.savez(sys.argv[1], **res)
print("done", len(res))
