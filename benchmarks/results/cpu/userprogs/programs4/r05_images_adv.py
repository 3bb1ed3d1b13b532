import sys
import numpy as np
import pyopencl as cl
ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
src = """
__constant sampler_t lin = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_LINEAR;
__constant sampler_t nn = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP | CLK_FILTER_NEAREST;
__kernel void resample(__read_only image2d_t src, __global float4 *out, int W, int H) {
  int x = get_global_id(0), y = get_global_id(1);
  float2 c = (float2)((x + 0.5f) / W, (y + 0.5f) / H);
  out[y * W + x] = read_imagef(src, lin, c);
}
__kernel void u8inv(__read_only image2d_t src, __write_only image2d_t dst) {
  int2 p = (int2)(get_global_id(0), get_global_id(1));
  uint4 v = read_imageui(src, nn, p);
  write_imageui(dst, p, (uint4)(255u - v.x, v.y / 2u, v.z ^ 0x0fu, 7u));
}
__kernel void vol(__read_only image3d_t v, __global float *out, int W, int H) {
  int x = get_global_id(0), y = get_global_id(1), z = get_global_id(2);
  out[(z * H + y) * W + x] = read_imagef(v, nn, (int4)(x, y, z, 0)).x * 2.0f + read_imagef(v, nn, (int4)(x+1, y, z, 0)).x;
}
__kernel void wr3(__write_only image2d_t img, float s) {
  int x = get_global_id(0), y = get_global_id(1);
  write_imagef(img, (int2)(x, y), (float4)(x * s, y * s, 0.0f, 1.0f));
}
"""
prg = cl.Program(ctx, src).build()
W, H = 64, 48
a = (np.random.default_rng(5).random((H // 4, W // 4, 4))).astype(np.float32)
img = cl.image_from_array(ctx, a, num_channels=4)
out = cl.Buffer(ctx, mf.WRITE_ONLY, W * H * 16)
prg.resample(q, (W, H), (16, 4), img, out, np.int32(W), np.int32(H))
o = np.empty((H, W, 4), np.float32); cl.enqueue_copy(q, o, out); res["tol_resample"] = o
# uint8 RGBA
fmt = cl.ImageFormat(cl.channel_order.RGBA, cl.channel_type.UNSIGNED_INT8)
u = (np.arange(H * W * 4) % 251).astype(np.uint8).reshape(H, W, 4)
iu = cl.Image(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, fmt, shape=(W, H), hostbuf=u)
ou = cl.Image(ctx, mf.WRITE_ONLY, fmt, shape=(W, H))
prg.u8inv(q, (W, H), None, iu, ou)
ho = np.empty_like(u); cl.enqueue_copy(q, ho, ou, origin=(0, 0), region=(W, H)); res["u8inv"] = ho
# fill image then partial read
cl.enqueue_fill_image(q, ou, np.array([1, 2, 3, 4], np.uint32), origin=(3, 5), region=(10, 7))
ho2 = np.empty_like(u); cl.enqueue_copy(q, ho2, ou, origin=(0, 0), region=(W, H)); res["filled"] = ho2
# 3-D image R float
D = 6
v = np.random.default_rng(7).random((D, H // 2, W // 2)).astype(np.float32)
f3 = cl.ImageFormat(cl.channel_order.R, cl.channel_type.FLOAT)
i3 = cl.Image(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, f3, shape=(W // 2, H // 2, D), hostbuf=v)
o3 = cl.Buffer(ctx, mf.WRITE_ONLY, v.nbytes)
prg.vol(q, (W // 2, H // 2, D), (8, 4, 2), i3, o3, np.int32(W // 2), np.int32(H // 2))
ov = np.empty_like(v); cl.enqueue_copy(q, ov, o3); res["vol"] = ov
# image <-> buffer copies, map image
fr = cl.ImageFormat(cl.channel_order.RGBA, cl.channel_type.FLOAT)
ig = cl.Image(ctx, mf.READ_WRITE, fr, shape=(W, H))
prg.wr3(q, (W, H), None, ig, np.float32(0.25))
bb = cl.Buffer(ctx, mf.READ_WRITE, W * H * 16)
cl.enqueue_copy(q, bb, ig, offset=0, origin=(0, 0), region=(W, H))
hb = np.empty((H, W, 4), np.float32); cl.enqueue_copy(q, hb, bb); res["img2buf"] = hb
hb2 = (hb * -1).astype(np.float32); bb2 = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=hb2)
cl.enqueue_copy(q, ig, bb2, offset=16 * W, origin=(0, 2), region=(W, H - 2))
m, ev, *_ = cl.enqueue_map_image(q, ig, cl.map_flags.READ, (0, 0), (W, H), (H, W, 4), np.float32)
ev.wait(); res["mapped"] = np.array(m); m.base.release(q)
del m
q.finish()
np.savez(sys.argv[1], **res)
print("done", sorted(res))
