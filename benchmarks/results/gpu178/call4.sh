#!/usr/bin/env bash
# gpu178 calls 4 and 5: the unseen suite at the day's code, the same command as gpu177
# calls 2 and 3 (half the programs each)
#   bash benchmarks/results/gpu178/call4.sh OUT 4|5
set -u
OUT=$1
if [ "${2:-4}" = 4 ]; then
  ROUNDS=20 SLOTX=200 UNSEEN="one_launch tiny_loop byte_histogram profiled_events saxpy_loop \
    array_arith dot_reduction" bash benchmarks/gpu_session.sh unseen4 "$OUT/unseen"
else
  ROUNDS=20 SLOTX=150 UNSEEN="matmul_naive scan stencil transpose elementwise moving_source" \
    bash benchmarks/gpu_session.sh unseen4 "$OUT/unseen"
fi
