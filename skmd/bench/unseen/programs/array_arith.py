"""Arithmetic on pyopencl.array: expressions, a sum, a dot product, a maximum."""
import numpy as np
import pyopencl as cl
import pyopencl.array as cla

from launchlog import check, pick, timed

n, rounds = pick((1 << 16, 5), (1 << 23, 10))
ctx = cl.create_some_context()
queue = cl.CommandQueue(ctx)
rng = np.random.default_rng(2)
a_h = rng.random(n, dtype=np.float32)
b_h = rng.random(n, dtype=np.float32) + 1
a = cla.to_device(queue, a_h)
b = cla.to_device(queue, b_h)

for _ in range(rounds):
    with timed("2a+b", queue):
        c = 2 * a + b
    with timed("c*c-a", queue):
        d = c * c - a
    with timed("d/b", queue):
        e = d / b
    with timed("sum", queue):
        total = cla.sum(e)
    with timed("dot", queue):
        ab = cla.dot(a, b)
    with timed("max", queue):
        top = cla.max(e)

c_h = 2 * a_h + b_h
e_h = (c_h * c_h - a_h) / b_h
check("e", e.get(), e_h, rtol=1e-5)
check("sum", total.get(), e_h.astype(np.float64).sum(), rtol=1e-3)
check("dot", ab.get(), np.dot(a_h.astype(np.float64), b_h), rtol=1e-3)
check("max", top.get(), e_h.max())
print(f"array_arith: {rounds} rounds ok")
