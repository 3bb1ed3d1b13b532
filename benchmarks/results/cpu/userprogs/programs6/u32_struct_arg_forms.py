import sys
import numpy as np
import pyopencl as cl
import pyopencl.array as cla
import pyopencl.tools as clt
from pyopencl.elementwise import ElementwiseKernel

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
dev = ctx.devices[0]
res = {}
# a record with padding, as pyopencl users build it
rec = np.dtype([("tag", np.uint8), ("scale", np.float64), ("shift", np.int16), ("bias", np.float32)])
rec, rec_c = clt.match_dtype_to_c_struct(dev, "rec_t", rec)
rec = clt.get_or_register_dtype("rec_t", rec)
src = rec_c + """
__kernel void apply(__global float *o, __global const float *a, rec_t r) {
    int i = get_global_id(0);
    o[i] = (float)(a[i] * r.scale) + r.shift + r.bias + r.tag;
}
__kernel void store(__global rec_t *o, rec_t r) {
    int i = get_global_id(0);
    rec_t t = r; t.shift = (short)(i % 30000); o[i] = t;
}
"""
prg = cl.Program(ctx, src).build()
n = 300000
a = cla.to_device(q, np.linspace(-1, 1, n).astype(np.float32))
o = cla.empty(q, n, np.float32)
kap = cl.Kernel(prg, "apply"); kst = cl.Kernel(prg, "store")
table = np.zeros(4, rec)
table["tag"] = [1, 2, 3, 4]; table["scale"] = [0.5, 2, -1, 3]; table["shift"] = [10, -20, 30, -40]; table["bias"] = [0.25, 0.5, 0.75, 1]
forms = {
    "elem": table[1],                              # np.void from an array element
    "zerod": np.array(table[2]),                   # 0-d array
    "zeros": np.zeros((), rec),                    # fresh 0-d
}
for name, val in forms.items():
    kap(q, (n,), None, o.data, a.data, val)
    res["apply_" + name] = o.get()
    so = cla.empty(q, n, rec)
    so.fill(table[0]) if False else cl.enqueue_fill_buffer(q, so.data, np.uint8(0x5A), 0, so.nbytes)
    kst(q, (n,), None, so.data, val)
    res["store_" + name] = so.get().view(np.uint8)
# set_arg / set_args then enqueue_nd_range_kernel, value changed afterwards by the program
val = np.zeros((), rec); val["scale"] = 4; val["tag"] = 9
kap.set_args(o.data, a.data, val)
val["scale"] = -100   # the launch must see what was set
cl.enqueue_nd_range_kernel(q, kap, (n,), None)
res["set_args"] = o.get()
# a multi-field view that leaves fields out: its bytes (with the other fields) are passed
full = np.zeros(1, [("a", np.int32), ("b", np.int32), ("c", np.int32)])
full["a"], full["b"], full["c"] = 1, 7, 3
prg2 = cl.Program(ctx, "typedef struct { int a, b, c; } abc_t; __kernel void k(__global int *o, abc_t r) { int i = get_global_id(0); o[i] = r.a * 100 + r.b * 10 + r.c + i; }").build()
oi = cla.empty(q, n, np.int32)
cl.Kernel(prg2, "k")(q, (n,), None, oi.data, full[["a", "c"]][0])
res["mfview"] = oi.get()
# an elementwise kernel with a struct scalar
ek = ElementwiseKernel(ctx, "float *o, const float *a, rec_t r", "o[i] = a[i] * (float)r.scale + r.bias", "ewrec", preamble=rec_c)
ek(o, a, table[3])
res["ew"] = o.get()
np.savez(sys.argv[1], **res)
print("done", len(res))
