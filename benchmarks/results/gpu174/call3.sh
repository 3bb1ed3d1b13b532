#!/usr/bin/env bash
# gpu174 call 3: four unseen programs at 9007836
set -u
OUT=$1
ROUNDS=16 SLOTX=250 UNSEEN="dot_reduction matmul_naive scan stencil" \
  bash benchmarks/gpu_session.sh unseen4 "$OUT/unseen"
