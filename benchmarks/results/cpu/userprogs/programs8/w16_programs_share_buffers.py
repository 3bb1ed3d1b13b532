import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}

p1 = cl.Program(ctx, """
__kernel void init(__global float *a, float v) { a[get_global_id(0)] = v + get_global_id(0) % 13; }
__kernel void advance(__global float *a, __global const float *b) { int i = get_global_id(0); a[i] = a[i] * 0.5f + b[i]; }
""").build()
p2 = cl.Program(ctx, """
#define SCALE 3.0f
__kernel void advance(__global float *b, __global const float *a) { int i = get_global_id(0); b[i] = SCALE * a[i] - b[i]; }
__kernel void diff(__global const float *a, __global const float *b, __global float *d) {
    int i = get_global_id(0); d[i] = a[i] - b[(i + 1) % get_global_size(0)];
}
""").build(options=["-cl-fast-relaxed-math"] if False else [])
p3 = cl.Program(ctx, """
__kernel void advance(__global float *x, __global const float *y, int k) {
    int i = get_global_id(0);
    x[i] += (float)k * y[i];
}
""").build(options=["-DUNUSED=1"])
n = 123457
a = cl.Buffer(ctx, mf.READ_WRITE, 4 * n)
b = cl.Buffer(ctx, mf.READ_WRITE, 4 * n)
d = cl.Buffer(ctx, mf.READ_WRITE, 4 * n)
p1.init(q, (n,), None, a, np.float32(1.0))
p1.init(q, (n,), None, b, np.float32(-2.0))
k1, k2, k3 = cl.Kernel(p1, "advance"), cl.Kernel(p2, "advance"), cl.Kernel(p3, "advance")
for it in range(6):
    k1(q, (n,), None, a, b)
    k2(q, (n,), None, b, a)
    k3(q, (n,), None, a, b, np.int32(it))
p2.diff(q, (n,), None, a, b, d)
for nm, buf in [("a", a), ("b", b), ("d", d)]:
    h = np.empty(n, np.float32); cl.enqueue_copy(q, h, buf); res[nm] = h
np.savez(sys.argv[1], **res)
print("done", len(res))
