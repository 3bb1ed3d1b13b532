#!/usr/bin/env bash
# gpu178 call 2: a new buffer's life in parts (probe/alloc_parts.py), skmd against plain
# in turns in one process, over gpu0 alone and over every device, twice each
#   bash benchmarks/results/gpu178/call2.sh OUT
set -u
out=$1; mkdir -p "$out"
bash benchmarks/gpu_session.sh none "$out/setup" > /dev/null 2>&1
export PYTHONPATH=/tmp/site:$PWD PYTHONUNBUFFERED=1 COLUMNS=200 POCL_MEMORY_LIMIT=96
{ date -u; nvidia-smi -L; lscpu | grep -E "Model name|^CPU\(s\)"; } > "$out/machine.txt" 2>&1
for turn in 1 2; do
  for k in gpu0 all; do
    d=""; [ $k = gpu0 ] && d=gpu0
    SKMD_DEVICES=$d SKMD_PROFILE_DIR=/tmp/ap_$k timeout 120 python3 benchmarks/results/gpu178/probe/alloc_parts.py \
      > "$out/alloc_${k}_$turn.txt" 2>&1 || echo "exit $?" >> "$out/alloc_${k}_$turn.txt"
  done
done
rm -rf "$out/setup"; tail -n 8 "$out"/alloc_*.txt
