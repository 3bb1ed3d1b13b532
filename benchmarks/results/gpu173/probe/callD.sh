#!/usr/bin/env bash
# bash benchmarks/results/gpu173/probe/callD.sh OUT: the unseen suite's short programs
# and moving_source at this checkout, then install_cost.py in turns with the checkout
# in old_tree/ (02a163d: the drivers' start begun before numpy's import)
set -u
out=$1
ROUNDS=16 SLOTX=220 UNSEEN="saxpy_loop moving_source tiny_loop one_launch byte_histogram profiled_events" \
  bash benchmarks/gpu_session.sh unseen4 "$out" > "$out/session.log" 2>&1
export PYTHONPATH=/tmp/site:$PWD
python3 -m compileall -q old_tree > /dev/null 2>&1
timeout 150 python3 benchmarks/install_cost.py --rounds 10 --old old_tree --json "$out/install_ab.json" \
  > "$out/install_ab.txt" 2>&1
