#!/usr/bin/env bash
# first launches, plain / skmd / skmd with its shield thread started first, in turns,
# fresh processes; then two profiled skmd processes
#   bash benchmarks/results/gpu179/probe/first_launch.sh OUT
set -u
OUT=$1; mkdir -p "$OUT"
bash benchmarks/gpu_session.sh none "$OUT/setup" > /dev/null 2>&1
export PYTHONPATH=/tmp/site:$PWD SKMD_PROFILE_DIR=/tmp/fl_prof POCL_MEMORY_LIMIT=96
P=benchmarks/results/gpu179/probe/first_launch.py
for i in $(seq 1 10); do
  echo "plain $(python3 $P)" >> "$OUT/first.txt"
  rm -rf /tmp/fl_prof; echo "skmd $(python3 -m skmd run $P)" >> "$OUT/first.txt"
  rm -rf /tmp/fl_prof; echo "shield $(python3 -m skmd run $P shield)" >> "$OUT/first.txt"
done
rm -rf /tmp/fl_prof; python3 -m skmd run $P profile="$OUT/prof1.txt" > /dev/null
rm -rf /tmp/fl_prof; python3 -m skmd run $P profile="$OUT/prof2.txt" > /dev/null
python3 $P profile="$OUT/prof_plain.txt" > /dev/null
