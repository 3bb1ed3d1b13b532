import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}

# sources as people paste them: non-ASCII comments, CRLF line ends, kernels made by macros
src1 = """// Ünïcödé — Temperatur in °C, µs timings «quoted»
/* 温度 */
__kernel void scale(__global float *y, __global const float *x, float a) {
    // ½ step → ok
    int i = get_global_id(0);
    y[i] = a * x[i] + 1.0f;
}
kernel void grp(global int *o) { o[get_global_id(0)] = (int)get_group_id(0); }
""".replace("\n", "\r\n")
src2 = r"""
#define GID get_global_id(0)
#define BINOP_KERNEL(name, op) \
  __kernel void name(__global float *o, __global const float *a, __global const float *b) { \
      o[GID] = a[GID] op b[GID]; }
BINOP_KERNEL(addk, +)
BINOP_KERNEL(mulk, *)
#define KPARAMS __global int *o, int v
kernel void fillk(KPARAMS) { o[get_global_id(0)] = v + (int)get_group_id(0); }
"""
src3 = """
#define KNAME scale3
__kernel void KNAME(float __global *o) { o[get_global_id(0)] *= 3.0f; }
__kernel __attribute__((work_group_size_hint(64, 1, 1))) __attribute__((vec_type_hint(float4)))
void hinted(__global float4 * restrict o) { o[get_global_id(0)] = o[get_global_id(0)].wzyx + 1.0f; }
"""
p1 = cl.Program(ctx, src1).build()
p2 = cl.Program(ctx, src2).build()
p3 = cl.Program(ctx, src3).build()
n = 1 << 16
a = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=np.arange(n, dtype=np.float32))
b = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=np.full(n, 2, np.float32))
o = cl.Buffer(ctx, mf.READ_WRITE, 4 * n)
p1.scale(q, (n,), (64,), o, a, np.float32(0.5))
p2.addk(q, (n,), None, o, o, b)
p2.mulk(q, (n,), (128,), o, o, b)
p3.scale3(q, (n,), None, o)
p3.hinted(q, (n // 4,), None, o)
h = np.empty(n, np.float32); cl.enqueue_copy(q, h, o); res["chain"] = h
oi = cl.Buffer(ctx, mf.READ_WRITE, 4 * n)
p2.fillk(q, (n,), (64,), oi, np.int32(5))
g = np.empty(n, np.int32); cl.enqueue_copy(q, g, oi); res["fill"] = g
p1.grp(q, (n,), (256,), oi)
cl.enqueue_copy(q, g, oi); res["grp"] = g.copy()
np.savez(sys.argv[1], **res)
print("done", len(res))
