import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
prg = cl.Program(ctx, """
__constant sampler_t smp = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;
__kernel void blur(__read_only image2d_t src, __write_only image2d_t dst, int r) {
    int2 p = (int2)(get_global_id(0), get_global_id(1));
    float4 s = (float4)(0.0f);
    for (int dy = -r; dy <= r; dy++)
        for (int dx = -r; dx <= r; dx++)
            s += read_imagef(src, smp, p + (int2)(dx, dy));
    write_imagef(dst, p, s / (float)((2 * r + 1) * (2 * r + 1)));
}
__kernel void to_gray(__read_only image2d_t src, __global float *out, int W) {
    int x = get_global_id(0), y = get_global_id(1);
    float4 c = read_imagef(src, smp, (int2)(x, y));
    out[y * W + x] = 0.299f * c.x + 0.587f * c.y + 0.114f * c.z;
}
__kernel void from_buf(__global const uchar4 *in, __write_only image2d_t dst, int W) {
    int x = get_global_id(0), y = get_global_id(1);
    write_imageui(dst, (int2)(x, y), convert_uint4(in[y * W + x]));
}
""").build()
W, H = 317, 229
rng = np.random.default_rng(721)
img = rng.random((H, W, 4)).astype(np.float32)
fmt = cl.ImageFormat(cl.channel_order.RGBA, cl.channel_type.FLOAT)
a = cl.Image(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, fmt, shape=(W, H), hostbuf=img)
b = cl.Image(ctx, mf.READ_WRITE, fmt, shape=(W, H))
bk = cl.Kernel(prg, "blur")
for it in range(6):
    bk(q, (W, H), None, a, b, np.int32(1 + it % 2))
    a, b = b, a
out = np.empty((H, W, 4), np.float32)
cl.enqueue_copy(q, out, a, origin=(0, 0), region=(W, H)); res["blur"] = out
g = cl.Buffer(ctx, mf.WRITE_ONLY, 4 * W * H)
cl.Kernel(prg, "to_gray")(q, (W, H), None, a, g, np.int32(W))
hg = np.empty(W * H, np.float32); cl.enqueue_copy(q, hg, g); res["gray"] = hg
u8 = rng.integers(0, 256, (H, W, 4)).astype(np.uint8)
bu = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=u8)
fmt2 = cl.ImageFormat(cl.channel_order.RGBA, cl.channel_type.UNSIGNED_INT8)
im2 = cl.Image(ctx, mf.READ_WRITE, fmt2, shape=(W, H))
cl.Kernel(prg, "from_buf")(q, (W, H), None, bu, im2, np.int32(W))
o2 = np.empty((H, W, 4), np.uint8); cl.enqueue_copy(q, o2, im2, origin=(0, 0), region=(W, H)); res["from_buf"] = o2
# partial region read-back of an image
part = np.empty((50, 60, 4), np.float32)
cl.enqueue_copy(q, part, a, origin=(100, 30), region=(60, 50)); res["part"] = part
np.savez(sys.argv[1], **res)
print("done", len(res))
