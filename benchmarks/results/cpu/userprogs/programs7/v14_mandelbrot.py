import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
prg = cl.Program(ctx, """
__kernel void mandel(__global ushort *out, float x0, float y0, float dx, float dy, int W, int maxit) {
    int px = get_global_id(0), py = get_global_id(1);
    float cr = x0 + px * dx, ci = y0 + py * dy;
    float zr = 0.0f, zi = 0.0f;
    int it = 0;
    while (it < maxit && zr * zr + zi * zi < 4.0f) {
        float t = zr * zr - zi * zi + cr;
        zi = 2.0f * zr * zi + ci;
        zr = t;
        it++;
    }
    out[py * W + px] = (ushort)it;
}
__kernel void mandel_d(__global int *out, double x0, double y0, double d, int W, int maxit) {
    int gid = get_global_id(0);
    int px = gid % W, py = gid / W;
    double cr = x0 + px * d, ci = y0 + py * d, zr = 0, zi = 0;
    int it = 0;
    for (; it < maxit; it++) {
        double zr2 = zr * zr, zi2 = zi * zi;
        if (zr2 + zi2 > 4.0) break;
        zi = 2 * zr * zi + ci; zr = zr2 - zi2 + cr;
    }
    out[gid] = it;
}
""").build()
mk = cl.Kernel(prg, "mandel")
W, H = 640, 481
o = cl.Buffer(ctx, mf.WRITE_ONLY, 2 * W * H)
for zoom, (cx, cy) in enumerate([(-0.5, 0.0), (-0.743, 0.131), (-1.25, 0.02)]):
    s = 3.0 / W / (4 ** zoom)
    mk(q, (W, H), None, o, np.float32(cx - W / 2 * s), np.float32(cy - H / 2 * s), np.float32(s), np.float32(s),
       np.int32(W), np.int32(200 + 100 * zoom))
    h = np.empty(W * H, np.uint16); cl.enqueue_copy(q, h, o); res[f"mandel_{zoom}"] = h
W2, H2 = 333, 257
od = cl.Buffer(ctx, mf.WRITE_ONLY, 4 * W2 * H2)
cl.Kernel(prg, "mandel_d")(q, (W2 * H2,), None, od, np.float64(-0.7436447860 - 0.0001), np.float64(0.1318259 - 0.0001),
                           np.float64(0.0002 / W2), np.int32(W2), np.int32(800))
h = np.empty(W2 * H2, np.int32); cl.enqueue_copy(q, h, od); res["mandel_d"] = h
np.savez(sys.argv[1], **res)
print("done", len(res), int(res["mandel_0"].sum()))
