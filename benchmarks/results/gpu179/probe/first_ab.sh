#!/usr/bin/env bash
# first launches: plain / skmd at the old code / skmd at the new, in turns, fresh
# processes (old.tar = git archive OLD skmd, in benchmarks/results/gpu179/, not kept)
#   bash benchmarks/results/gpu179/probe/first_ab.sh OUT
set -u
OUT=$1; mkdir -p "$OUT" /tmp/old
bash benchmarks/gpu_session.sh none "$OUT/setup" > /dev/null 2>&1
tar xf benchmarks/results/gpu179/old.tar -C /tmp/old
python3 -m compileall -q /tmp/old > /dev/null 2>&1
export SKMD_PROFILE_DIR=/tmp/fl_prof POCL_MEMORY_LIMIT=96
P=$PWD/benchmarks/results/gpu179/probe/first_launch.py
for i in $(seq 1 15); do
  echo "plain $(PYTHONPATH=/tmp/site:$PWD python3 $P)" >> "$OUT/first_ab.txt"
  rm -rf /tmp/fl_prof; echo "old $(cd /tmp/old && PYTHONPATH=/tmp/site:/tmp/old python3 -m skmd run $P)" >> "$OUT/first_ab.txt"
  rm -rf /tmp/fl_prof; echo "new $(PYTHONPATH=/tmp/site:$PWD python3 -m skmd run $P)" >> "$OUT/first_ab.txt"
done
