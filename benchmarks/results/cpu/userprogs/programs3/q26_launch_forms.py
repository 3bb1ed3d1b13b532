import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
prg = cl.Program(ctx, """
__kernel void tagk(__global int *o, int base) {
    size_t i = get_global_linear_id();
    o[i] = base + (int)i * 3 + (int)get_group_id(0) * 1000000;
}
__kernel void rows(__global float *m, int w) {
    int r = get_global_id(0);
    for (int c = 0; c < w; c++) m[r * w + c] = m[r * w + c] * 0.5f + r;   /* a loop per item */
}
__kernel void only_first(__global int *o) { if (get_global_id(0) == 0 && get_global_id(1) == 0) o[0] += 1; }
""").build()
tag = cl.Kernel(prg, "tagk"); rows = cl.Kernel(prg, "rows"); first = cl.Kernel(prg, "only_first")
o = cl.Buffer(ctx, mf.READ_WRITE, 4 * 40000)
h = np.empty(40000, np.int32)
def snap(name):
    cl.enqueue_copy(q, h, o); res[name] = h.copy()
cl.enqueue_fill_buffer(q, o, np.int32(-1), 0, 4 * 40000)
tag(q, (1,), None, o, np.int32(5)); snap("one")
tag(q, (1, 1, 1), (1, 1, 1), o, np.int32(6)); snap("one3")
tag(q, (7919,), None, o, np.int32(7)); snap("prime")
tag(q, (16,), (4,), o, np.int32(8), g_times_l=True); snap("g_times_l")
tag(q, (199, 1), None, o, np.int32(9)); snap("col1")
tag(q, (1, 197), None, o, np.int32(10)); snap("row1")
tag(q, (3, 5, 7), None, o, np.int32(11)); snap("tiny3")
tag(q, (40000,), (1,), o, np.int32(12)); snap("ls1")
tag(q, (39999,), (3,), o, np.int32(13)); snap("ls3")
try:
    tag(q, (0,), None, o, np.int32(14), allow_empty_ndrange=True); snap("empty")
except TypeError as e:
    res["empty_err"] = np.array("TypeError")
ev = cl.enqueue_nd_range_kernel(q, tag, (0,), None, allow_empty_ndrange=True) if False else None
m = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.arange(1009 * 37, dtype=np.float32))
for it in range(4):
    rows(q, (1009,), None, m, np.int32(37))
mh = np.empty(1009 * 37, np.float32); cl.enqueue_copy(q, mh, m); res["rows"] = mh
c = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(1, np.int32))
for gs in [(1,), (1000,), (33, 33), (5, 5, 5), (65536,)]:
    first(q, gs, None, c)
ch = np.empty(1, np.int32); cl.enqueue_copy(q, ch, c); res["only_first"] = ch
q.finish()
np.savez(sys.argv[1], **res)
print("done", len(res))
