#!/usr/bin/env bash
# bash benchmarks/results/gpu173/probe/varying_ab.sh OUT: varying_scalar.py dv 6000 plain on
# gpu0, under `skmd run` at this checkout and at old_tree/ (02a163d), in turns, ROUNDS rounds
python3 -m compileall -q /tmp/site skmd old_tree > /dev/null 2>&1
P=benchmarks/results/gpu173/probe/varying_scalar.py
for k in $(seq ${ROUNDS:-4}); do
  echo "plain $(PYTHONPATH=/tmp/site PYOPENCL_CTX=0:0 python3 $P dv 6000)"
  echo "new $(PYTHONPATH=/tmp/site:$PWD SKMD_PROFILE_DIR=$(mktemp -d) python3 -m skmd run $P dv 6000)"
  echo "old $(PYTHONPATH=/tmp/site:$PWD/old_tree SKMD_PROFILE_DIR=$(mktemp -d) python3 -m skmd run $P dv 6000)"
done > "$1/varying_ab.txt" 2>&1
