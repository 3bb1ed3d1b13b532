#!/usr/bin/env bash
# bash benchmarks/results/gpu170/probe/setup.sh OUT: setup_steps.py over unseen
# programs, ROUNDS rounds of plain, skmd on an empty store, skmd again on it
python3 -c "import pyopencl" 2>/dev/null ||
  python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --target /tmp/site .whl/*.whl
python3 -m compileall -q /tmp/site skmd > /dev/null 2>&1
export PYTHONPATH=/tmp/site:$PWD PYTHONFAULTHANDLER=1
[ -e /etc/OpenCL/vendors/nvidia.icd ] || echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
S=benchmarks/results/gpu170/probe/setup_steps.py
for p in ${PROGRAMS:-tiny_loop dot_reduction}; do
  P=skmd/bench/unseen/programs/$p.py
  for k in $(seq ${ROUNDS:-8}); do
    st=$(mktemp -d)
    for way in plain skmd1 skmd2; do
      echo "== $p $k $way" >> "$1/setup_$p.txt"
      if [ $way = plain ]; then
        SPAWN=$(date +%s.%N) PYOPENCL_CTX=0:0 timeout 60 python3 $S $P paper >> "$1/setup_$p.txt" 2>&1
      else
        SPAWN=$(date +%s.%N) SKMD_PROFILE_DIR=$st timeout 60 python3 -m skmd run $S $P paper >> "$1/setup_$p.txt" 2>&1
      fi
    done
    rm -rf "$st"
  done
done
