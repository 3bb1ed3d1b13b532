#!/usr/bin/env bash
# gpu176 call 5: probe/scan_first.py, plain and skmd run in turns, three each
set -u
out=$1; mkdir -p "$out"
bash benchmarks/gpu_session.sh none "$out/setup" > /dev/null 2>&1
export PYTHONPATH=/tmp/site:$PWD PYTHONUNBUFFERED=1 POCL_MEMORY_LIMIT=96
{ date -u; nvidia-smi -L; lscpu | grep -E "Model name|^CPU\(s\)"; } > "$out/machine.txt" 2>&1
for k in 1 2 3; do
  PYOPENCL_CTX=0:0 python3 benchmarks/results/gpu176/probe/scan_first.py > "$out/plain_$k.txt" 2>&1
  SKMD_PROFILE_DIR=/tmp/sf_$k python3 -m skmd run benchmarks/results/gpu176/probe/scan_first.py > "$out/skmd_$k.txt" 2>&1
done
grep -h "cumsum" "$out"/*.txt
