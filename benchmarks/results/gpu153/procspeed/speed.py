"""Does a PoCL CPU context in the process slow plain pyopencl's GPU launches?
python speed.py [cpu]: GPU kernel-object launch + finish, 15 rounds of 500, median
per launch; with ``cpu`` a context, queue and one kernel run on the CPU device first."""
import statistics as st, sys, time
import numpy as np, pyopencl as cl
plats = cl.get_platforms()
gpu = next(d for p in plats for d in p.get_devices() if d.type & cl.device_type.GPU)
if "cpu" in sys.argv:
    cpu = next(d for p in plats for d in p.get_devices() if d.type & cl.device_type.CPU)
    cctx = cl.Context([cpu]); cq = cl.CommandQueue(cctx)
    b = cl.Buffer(cctx, cl.mem_flags.READ_WRITE, 4096 * 4)
    k = cl.Program(cctx, "__kernel void t(__global float *u) { u[get_global_id(0)] = 1.0f; }").build().t
    k(cq, (4096,), None, b); cq.finish()
ctx = cl.Context([gpu]); q = cl.CommandQueue(ctx)
u = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, 4096 * 4)
tiny = cl.Program(ctx, "__kernel void tiny(__global float *u, const float r) "
                  "{ int i = get_global_id(0); u[i] = u[i] * r + 0.001f; }").build().tiny
r = np.float32(0.999)
per = []
for rnd in range(16):
    t0 = time.perf_counter()
    for _ in range(500):
        tiny(q, (4096,), (64,), u, r); q.finish()
    per.append((time.perf_counter() - t0) / 500 * 1e6)
print(f"{'with cpu' if 'cpu' in sys.argv else 'gpu only'}: {st.median(per[1:]):.1f} us per launch+finish")
