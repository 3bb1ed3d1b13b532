"""A 1-D convolution on an explicitly chosen device, timed the OpenCL way: a queue
with profiling on and each launch's event asked for its start and end."""
import numpy as np
import pyopencl as cl

from launchlog import check, pick, timed

n, reps = pick((1 << 16, 5), (1 << 24, 10))
taps = np.array([1, 4, 6, 4, 1], dtype=np.float32) / 16
rng = np.random.default_rng(9)
signal = rng.random(n, dtype=np.float32)

platform = cl.get_platforms()[0]
device = platform.get_devices()[0]
ctx = cl.Context([device])
queue = cl.CommandQueue(ctx, properties=cl.command_queue_properties.PROFILING_ENABLE)
mf = cl.mem_flags
sig_buf = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=signal)
taps_buf = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=taps)
out_buf = cl.Buffer(ctx, mf.WRITE_ONLY, signal.nbytes)
prg = cl.Program(ctx, """
__kernel void smooth(__global const float *x, __constant float *taps, __global float *y,
                     const int n)
{
    int i = get_global_id(0);
    float acc = 0.0f;
    for (int k = -2; k <= 2; ++k) {
        int j = clamp(i + k, 0, n - 1);
        acc += taps[k + 2] * x[j];
    }
    y[i] = acc;
}
""").build()
smooth = prg.smooth

kernel_ns = []
for _ in range(reps):
    with timed("smooth", queue):
        evt = smooth(queue, (n,), None, sig_buf, taps_buf, out_buf, np.int32(n))
    kernel_ns.append(evt.profile.end - evt.profile.start)

out = np.empty_like(signal)
cl.enqueue_copy(queue, out, out_buf).wait()
padded = np.concatenate([signal[:1].repeat(2), signal, signal[-1:].repeat(2)])
check("y", out, np.convolve(padded, taps[::-1], mode="valid"), rtol=1e-5)
if min(kernel_ns) < 0:
    raise SystemExit(f"profiled_events: negative kernel time {min(kernel_ns)} ns")
print(f"profiled_events: {reps} launches ok, kernel {min(kernel_ns) / 1e3:.1f} us at best")
