"""A plain pyopencl program: nothing in it knows about skmd.

Run it bare (``python examples/demo.py``) or with its kernels split over every
device (``skmd run examples/demo.py``); either way it checks its results
against NumPy and prints what it computed.
"""
import sys
import time

import numpy as np
import pyopencl as cl
import pyopencl.array as cla

SRC = r"""
__kernel void saxpy(__global const float *x, __global const float *y,
                    __global float *out, const float a, const uint n)
{
    size_t i = get_global_id(0);
    if (i < n) out[i] = a * x[i] + y[i];
}

#define TILE 16
__kernel void matmul(__global const float *A, __global const float *B,
                     __global float *C, const int n)
{
    __local float As[TILE][TILE];
    __local float Bs[TILE][TILE];
    int col = get_global_id(0), row = get_global_id(1);
    int lx = get_local_id(0), ly = get_local_id(1);
    float acc = 0.0f;
    for (int t = 0; t < n / TILE; ++t) {
        As[ly][lx] = A[row * n + t * TILE + lx];
        Bs[ly][lx] = B[(t * TILE + ly) * n + col];
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int k = 0; k < TILE; ++k)
            acc += As[ly][k] * Bs[k][lx];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    C[row * n + col] = acc;
}
"""


def main() -> int:
    n_vec = 1 << 22
    n_mat = int(sys.argv[1]) if len(sys.argv) > 1 else 512
    ctx = cl.create_some_context(interactive=False)
    queue = cl.CommandQueue(ctx)
    print(f"device: {ctx.devices[0].name}")
    prg = cl.Program(ctx, SRC).build()
    mf = cl.mem_flags
    rng = np.random.default_rng(0)

    x = rng.random(n_vec, dtype=np.float32)
    y = rng.random(n_vec, dtype=np.float32)
    xb = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=x)
    yb = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=y)
    ob = cl.Buffer(ctx, mf.WRITE_ONLY, x.nbytes)
    saxpy = prg.saxpy
    t = time.perf_counter()
    for _ in range(5):
        saxpy(queue, (n_vec,), (256,), xb, yb, ob, np.float32(2.5), np.uint32(n_vec))
    out = np.empty_like(x)
    cl.enqueue_copy(queue, out, ob)
    print(f"saxpy x5 over {n_vec} floats: {(time.perf_counter() - t) * 1e3:.1f} ms")
    ok = np.allclose(out, np.float32(2.5) * x + y, rtol=1e-6)
    print(f"  saxpy matches NumPy: {ok}")

    a = rng.random((n_mat, n_mat), dtype=np.float32)
    b = rng.random((n_mat, n_mat), dtype=np.float32)
    ab = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=a)
    bb = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=b)
    cb = cl.Buffer(ctx, mf.WRITE_ONLY, a.nbytes)
    t = time.perf_counter()
    prg.matmul(queue, (n_mat, n_mat), (16, 16), ab, bb, cb, np.int32(n_mat))
    c = np.empty_like(a)
    cl.enqueue_copy(queue, c, cb)
    print(f"matmul {n_mat}x{n_mat}: {(time.perf_counter() - t) * 1e3:.1f} ms")
    good = np.allclose(c, a @ b, rtol=1e-4, atol=1e-3)
    print(f"  matmul matches NumPy: {good}")
    ok &= good

    xa = cla.to_device(queue, x)
    s = float(cla.sum(xa * 2).get())
    good = abs(s - 2 * float(x.astype(np.float64).sum())) < 1e-3 * abs(s)
    print(f"  pyopencl.array sum matches NumPy: {good}")
    ok &= good

    print("PASS" if ok else "FAIL: results differ from NumPy")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
