#!/usr/bin/env bash
# bash benchmarks/results/gpu170/probe/jobs.sh OUT: skmd's background jobs and exit
# work in unseen programs, three stores, a first and a second run on each
python3 -c "import pyopencl" 2>/dev/null ||
  python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --target /tmp/site .whl/*.whl
python3 -m compileall -q /tmp/site skmd > /dev/null 2>&1
export PYTHONPATH=/tmp/site:$PWD
[ -e /etc/OpenCL/vendors/nvidia.icd ] || echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for p in ${PROGRAMS:-tiny_loop one_launch array_arith byte_histogram}; do
  for k in 1 2 3; do
    st=$(mktemp -d)
    for run in 1 2; do
      echo "== $p store $k run $run" >> "$1/jobs_$p.txt"
      SKMD_PROFILE_DIR=$st timeout 60 python3 benchmarks/results/gpu170/probe/jobs_timeline.py \
        "skmd/bench/unseen/programs/$p.py" paper >> "$1/jobs_$p.txt" 2>&1
    done
    rm -rf "$st"
  done
done
