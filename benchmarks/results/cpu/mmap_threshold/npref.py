import time, numpy as np, sys
n, sweeps = 2048, 100
grid = np.zeros((n, n), dtype=np.float32); grid[0, :] = 1.0
if len(sys.argv) > 1:  # free a 20 MB malloc'd block first: raises glibc's mmap threshold
    b = np.empty(20 << 20, np.uint8); del b
t = time.perf_counter()
want = grid.copy()
for _ in range(sweeps):
    nxt = want.copy()
    nxt[1:-1, 1:-1] = np.float32(0.25) * (want[1:-1, :-2] + want[1:-1, 2:] + want[:-2, 1:-1] + want[2:, 1:-1])
    want = nxt
print(sys.argv[1:] or "default", f"{time.perf_counter() - t:.3f} s")
