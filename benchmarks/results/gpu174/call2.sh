#!/usr/bin/env bash
# gpu174 call 2: whether numpy's import moves the environment on this host (bare, and
# with the variable skmd run sets first); a program's start with the drivers begun
# before numpy's import (HEAD) against 54050cd (oldskmd/ = git archive 54050cd skmd),
# in turns; three unseen programs
set -u
OUT=$1
mkdir -p "$OUT"
for w in bare preset; do python3 benchmarks/results/gpu174/envcheck.py $w; done > "$OUT/envcheck.txt" 2>&1
OLD=oldskmd timeout 200 bash benchmarks/gpu_session.sh cost5 "$OUT/cost"
ROUNDS=16 SLOTX=250 UNSEEN="saxpy_loop profiled_events array_arith" \
  bash benchmarks/gpu_session.sh unseen4 "$OUT/unseen"
