import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
prg = cl.Program(ctx, """
__kernel void g1(__global float *o, int n, float v) {
    int i = get_global_id(0);
    if (i < n) o[i] = v + (float)i * 0.5f;
}
__kernel void g3(__global int *o, int X, int Y, int Z) {
    int x = get_global_id(0), y = get_global_id(1), z = get_global_id(2);
    if (x < X && y < Y && z < Z)
        o[(z * Y + y) * X + x] = x + 100 * y + 10000 * z + (int)(get_local_id(0) + get_local_id(1) * 3 + get_local_id(2) * 7) * 1000000;
}
__kernel void g3_noloc(__global int *o) {
    int x = get_global_id(0), y = get_global_id(1), z = get_global_id(2);
    int X = get_global_size(0), Y = get_global_size(1);
    o[(z * Y + y) * X + x] = x * 7 + y * 11 + z * 13;
}
__kernel void g2_tail(__global short *o, int W, int H) {
    int x = get_global_id(0), y = get_global_id(1);
    if (x >= W || y >= H) return;
    o[y * W + x] = (short)((x ^ y) & 0x7fff);
}
""").build()
g1 = cl.Kernel(prg, "g1"); g3 = cl.Kernel(prg, "g3"); g3n = cl.Kernel(prg, "g3_noloc"); g2 = cl.Kernel(prg, "g2_tail")
# padded 1-D: n not a multiple of local size; untouched tail keeps its fill
N = 300000
o = cl.Buffer(ctx, mf.READ_WRITE, 4 * (N + 4096))
cl.enqueue_fill_buffer(q, o, np.float32(-1), 0, 4 * (N + 4096))
for n, l in [(N, 256), (N - 123, 128), (77, 64), (N // 3, 1)]:
    g1(q, ((n + l - 1) // l * l,), (l,), o, np.int32(n), np.float32(n % 97))
h = np.empty(N + 4096, np.float32); cl.enqueue_copy(q, h, o); res["pad1d"] = h
# 3-D with local sizes
for (X, Y, Z), ls in [((33, 17, 9), (4, 4, 2)), ((64, 8, 8), (8, 2, 4)), ((5, 5, 50), (1, 1, 8)), ((100, 1, 3), (4, 1, 3))]:
    gsz = tuple((a + b - 1) // b * b for a, b in zip((X, Y, Z), ls))
    ob = cl.Buffer(ctx, mf.READ_WRITE, 4 * X * Y * Z)
    cl.enqueue_fill_buffer(q, ob, np.int32(-5), 0, 4 * X * Y * Z)
    g3(q, gsz, ls, ob, np.int32(X), np.int32(Y), np.int32(Z))
    hh = np.empty(X * Y * Z, np.int32); cl.enqueue_copy(q, hh, ob); res[f"g3_{X}_{Y}_{Z}"] = hh
# 3-D with no local size, prime extents (no local size divides them)
for shp in [(31, 37, 41), (97, 1, 89), (7, 211, 3), (1009, 13, 1)]:
    cnt = shp[0] * shp[1] * shp[2]
    ob = cl.Buffer(ctx, mf.READ_WRITE, 4 * cnt)
    g3n(q, shp, None, ob)
    hh = np.empty(cnt, np.int32); cl.enqueue_copy(q, hh, ob); res["g3n_%d_%d_%d" % shp] = hh
# 2-D padded with early return
W, H = 1001, 513
ob = cl.Buffer(ctx, mf.READ_WRITE, 2 * W * H)
cl.enqueue_fill_buffer(q, ob, np.int16(-2), 0, 2 * W * H)
g2(q, (1008, 520), (16, 8), ob, np.int32(W), np.int32(H))
g2(q, (W, 200), None, ob, np.int32(W), np.int32(H))
hh = np.empty(W * H, np.int16); cl.enqueue_copy(q, hh, ob); res["g2"] = hh
np.savez(sys.argv[1], **res)
print("done", len(res))
