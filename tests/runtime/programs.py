"""Small pyopencl programs the runtime tests share (written as an application would)."""
import numpy as np

SRC = r"""
__kernel void scale(__global const float *a, __global float *b, const float s)
{
    size_t i = get_global_id(0);
    b[i] = a[i] * s + 1.0f;
}
__kernel void transpose(__global const float *a, __global float *b, const int n)
{
    int x = get_global_id(0), y = get_global_id(1);
    b[x * n + y] = a[y * n + x];
}
__kernel void matmul(__global const float *A, __global const float *B, __global float *C,
                     const int n)
{
    int c = get_global_id(0), r = get_global_id(1);
    float acc = 0.0f;
    for (int k = 0; k < n; ++k)
        acc += A[r * n + k] * B[k * n + c];
    C[r * n + c] = acc;
}
__kernel void axpy(__global const float *x, __global const float *y, __global float *z,
                   const float a)
{
    size_t i = get_global_id(0);
    z[i] = a * x[i] + y[i];
}
"""

N = 64


def iterate(cl, rounds=3):
    """scale -> transpose, repeated: contiguous and discontiguous outputs, reused inputs."""
    ctx = cl.create_some_context(interactive=False)
    q = cl.CommandQueue(ctx)
    a = np.arange(N * N, dtype=np.float32) / 7
    mf = cl.mem_flags
    A = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=a)
    B = cl.Buffer(ctx, mf.READ_WRITE, a.nbytes)
    C = cl.Buffer(ctx, mf.READ_WRITE, a.nbytes)
    cl.enqueue_fill_buffer(q, C, np.float32(-1), 0, a.nbytes)
    prg = cl.Program(ctx, SRC).build()
    scale, transpose = prg.scale, prg.transpose
    for r in range(rounds):
        scale(q, (N * N,), (64,), A, B, np.float32(r + 2))
        transpose(q, (N, N), (8, 8), B, C, np.int32(N))
    b = np.empty_like(a)
    c = np.empty_like(a)
    cl.enqueue_copy(q, b, B)
    cl.enqueue_copy(q, c, C)
    return {"b": b, "c": c}


def commutator(cl):
    """AB - BA plus an axpy: a small kernel graph with independent branches."""
    ctx = cl.create_some_context(interactive=False)
    q = cl.CommandQueue(ctx)
    rng = np.random.default_rng(3)
    a = rng.random((N, N), dtype=np.float32)
    b = rng.random((N, N), dtype=np.float32)
    mf = cl.mem_flags
    A = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=a)
    B = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=b)
    AB, BA, D = (cl.Buffer(ctx, mf.READ_WRITE, a.nbytes) for _ in range(3))
    prg = cl.Program(ctx, SRC).build()
    mm, axpy = prg.matmul, prg.axpy
    mm(q, (N, N), (8, 8), A, B, AB, np.int32(N))
    mm(q, (N, N), (8, 8), B, A, BA, np.int32(N))
    axpy(q, (N * N,), (64,), BA, AB, D, np.float32(-1))
    mid = np.empty_like(a)
    cl.enqueue_copy(q, mid, D)            # the program observes D here
    axpy(q, (N * N,), (64,), D, D, AB, np.float32(2))   # overwrites AB after the read
    d = np.empty_like(a)
    ab = np.empty_like(a)
    cl.enqueue_copy(q, d, D)
    cl.enqueue_copy(q, ab, AB)
    q.finish()
    return {"mid": mid, "d": d, "ab": ab}
