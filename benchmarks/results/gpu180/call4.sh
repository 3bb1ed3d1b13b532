#!/usr/bin/env bash
# gpu180 call 4: commutator, the graph call 3's slots were too short for, in a longer
# slot (part engine7); then the driver-start thread's stall of the program's own
# Python, old code against the day's, 12 processes each in turns (probe/ws_stall.py)
#   bash benchmarks/results/gpu180/call4.sh OUT
set -u
out=$1
GRAPH_SLOT=170 GRAPHS="commutator" bash benchmarks/gpu_session.sh engine7 "$out/graphs"
export PYTHONPATH=/tmp/site:$PWD
for i in $(seq 12); do
  for w in old new; do python3 benchmarks/results/gpu180/probe/ws_stall.py $w; done
done > "$out/ws_stall.txt" 2>&1
