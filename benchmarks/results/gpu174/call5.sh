#!/usr/bin/env bash
# gpu174 call 5: context made ahead or not, in turns (probe/premade_ab.sh); columns:
# round program way process_s setup_s after_s
set -u
OUT=$1; mkdir -p "$OUT"
bash benchmarks/gpu_session.sh none "$OUT/setup" > /dev/null 2>&1
export PYTHONPATH=/tmp/site:$PWD POCL_MEMORY_LIMIT=96
ROUNDS=8 bash benchmarks/results/gpu174/probe/premade_ab.sh > "$OUT/premade_ab.txt" 2>&1
