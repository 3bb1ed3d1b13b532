import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
prg = cl.Program(ctx, """
__kernel void fill_idx(__global int *o, int base) { int i = get_global_id(0); o[i] = base + i * 7; }
__kernel void inc(__global int *o) { o[get_global_id(0)] += 1; }
""").build()
fi = cl.Kernel(prg, "fill_idx"); inc = cl.Kernel(prg, "inc")
n = 600000
buf = cl.Buffer(ctx, mf.READ_WRITE, 4 * n)
fi(q, (n,), None, buf, np.int32(5))
# read back partial ranges with src_offset, into views of a host array
h = np.zeros(n, np.int32)
cl.enqueue_copy(q, h[1000:2000], buf, src_offset=4 * 1000)
cl.enqueue_copy(q, h[n - 500:], buf, src_offset=4 * (n - 500))
cl.enqueue_copy(q, h[300000:300003], buf, src_offset=4 * 123456)
res["partial_reads"] = h
# write into the middle of a buffer from a view, then launch, then read the whole thing
src = np.arange(50000, dtype=np.int32) * -1
cl.enqueue_copy(q, buf, src[10000:40000], dst_offset=4 * 250000)
inc(q, (n,), None, buf)
h2 = np.empty(n, np.int32); cl.enqueue_copy(q, h2, buf); res["after_mid_write"] = h2
# buffer to buffer with offsets, both directions, after split-looking launches
other = cl.Buffer(ctx, mf.READ_WRITE, 4 * n)
fi(q, (n,), None, other, np.int32(-1000000))
cl.enqueue_copy(q, other, buf, byte_count=4 * 100000, src_offset=4 * 200000, dst_offset=4 * 17)
cl.enqueue_copy(q, buf, other, byte_count=4 * 33333, src_offset=4 * 400000, dst_offset=4 * 555555)
inc(q, (n,), None, other)
h3 = np.empty(n, np.int32); cl.enqueue_copy(q, h3, other); res["other"] = h3
h4 = np.empty(n, np.int32); cl.enqueue_copy(q, h4, buf); res["buf"] = h4
# a 2-D host array: copy rows by offset, read a column-block through a row range
M = np.arange(600 * 1000, dtype=np.int32).reshape(600, 1000)
cl.enqueue_copy(q, buf, M[100:200])
inc(q, (100 * 1000,), None, buf)
rows = np.empty((50, 1000), np.int32)
cl.enqueue_copy(q, rows, buf, src_offset=4 * 1000 * 25)
res["rows"] = rows
# many small partial reads in a loop after each launch
parts = []
for k in range(20):
    fi(q, (n,), None, buf, np.int32(k))
    p = np.empty(7, np.int32)
    cl.enqueue_copy(q, p, buf, src_offset=4 * (k * 29989))
    parts.append(p)
res["loop_parts"] = np.stack(parts)
np.savez(sys.argv[1], **res)
print("done", len(res))
