#!/usr/bin/env bash
# gpu180 call 5: the two programs that missed an aim in calls 1-2 (matmul_naive's first
# runs below 0.90x, transpose's first launch over the line) again, in longer slots
#   bash benchmarks/results/gpu180/call5.sh OUT
set -u
ROUNDS=30 SLOTX=240 UNSEEN="matmul_naive transpose" bash benchmarks/gpu_session.sh unseen4 "$1/unseen"
