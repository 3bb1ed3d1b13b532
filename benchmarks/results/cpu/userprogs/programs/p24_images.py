import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
dev = ctx.devices[0]
res["image_support"] = np.array(bool(dev.image_support))
src = """
__constant sampler_t smp = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;
__kernel void blur(__read_only image2d_t img, __global float *out, int W) {
    int x = get_global_id(0), y = get_global_id(1);
    float s = 0.0f;
    for (int dy = -1; dy <= 1; ++dy) for (int dx = -1; dx <= 1; ++dx)
        s += read_imagef(img, smp, (int2)(x + dx, y + dy)).x;
    out[y * W + x] = s / 9.0f;
}
__kernel void writeimg(__write_only image2d_t img, float v) {
    int x = get_global_id(0), y = get_global_id(1);
    write_imagef(img, (int2)(x, y), (float4)(v + x, v - y, 0, 1));
}
"""
if dev.image_support:
    prg = cl.Program(ctx, src).build()
    W, H = 300, 200
    a = np.random.default_rng(24).random((H, W)).astype(np.float32)
    fmt = cl.ImageFormat(cl.channel_order.R, cl.channel_type.FLOAT)
    img = cl.Image(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, fmt, shape=(W, H), hostbuf=a)
    out = cl.Buffer(ctx, mf.WRITE_ONLY, a.nbytes)
    prg.blur(q, (W, H), None, img, out, np.int32(W))
    o = np.empty_like(a); cl.enqueue_copy(q, o, out); res["blur"] = o
    fmt4 = cl.ImageFormat(cl.channel_order.RGBA, cl.channel_type.FLOAT)
    img2 = cl.Image(ctx, mf.READ_WRITE, fmt4, shape=(W, H))
    prg.writeimg(q, (W, H), None, img2, np.float32(2.5))
    o4 = np.empty((H, W, 4), np.float32)
    cl.enqueue_copy(q, o4, img2, origin=(0, 0), region=(W, H)); res["writeimg"] = o4
    # image -> buffer copy and back
    b = cl.Buffer(ctx, mf.READ_WRITE, a.nbytes)
    cl.enqueue_copy(q, b, img, offset=0, origin=(0, 0), region=(W, H))
    ob = np.empty_like(a); cl.enqueue_copy(q, ob, b); res["img2buf"] = ob
np.savez(sys.argv[1], **res)
print("done", sorted(res))
