#!/usr/bin/env bash
# gpu176 call 4: probe/mmap_ab.sh at e2bf6ec
set -u
out=$1; mkdir -p "$out"
bash benchmarks/gpu_session.sh none "$out/setup" > /dev/null 2>&1
export PYTHONPATH=/tmp/site:$PWD PYTHONUNBUFFERED=1 POCL_MEMORY_LIMIT=96
{ date -u; nvidia-smi -L; lscpu | grep -E "Model name|^CPU\(s\)"; } > "$out/machine.txt" 2>&1
bash benchmarks/results/gpu176/probe/mmap_ab.sh > "$out/mmap_ab.txt" 2>&1
