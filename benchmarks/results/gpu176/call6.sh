#!/usr/bin/env bash
# gpu176 calls 6 and 7: the unseen suite again at dfa713b (after the fifth round's fixes
# and the binary cache key), the same command as calls 2 and 3
set -u
OUT=$1
if [ "${2:-6}" = 6 ]; then
  ROUNDS=20 SLOTX=200 UNSEEN="one_launch tiny_loop byte_histogram profiled_events saxpy_loop \
    array_arith dot_reduction" bash benchmarks/gpu_session.sh unseen4 "$OUT/unseen"
else
  ROUNDS=20 SLOTX=150 UNSEEN="matmul_naive scan stencil transpose elementwise moving_source" \
    bash benchmarks/gpu_session.sh unseen4 "$OUT/unseen"
fi
