#!/usr/bin/env bash
# gpu177 calls 2 and 3: the unseen suite after the sixth round's fixes and the shield
# over imports and graph batches, the same command as gpu176 calls 6 and 7
set -u
OUT=$1
if [ "${2:-2}" = 2 ]; then
  ROUNDS=20 SLOTX=200 UNSEEN="one_launch tiny_loop byte_histogram profiled_events saxpy_loop \
    array_arith dot_reduction" bash benchmarks/gpu_session.sh unseen4 "$OUT/unseen"
else
  ROUNDS=20 SLOTX=150 UNSEEN="matmul_naive scan stencil transpose elementwise moving_source" \
    bash benchmarks/gpu_session.sh unseen4 "$OUT/unseen"
fi
