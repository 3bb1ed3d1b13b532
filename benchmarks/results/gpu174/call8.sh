#!/usr/bin/env bash
# gpu174 call 8: launch_styles.py at e7fc3fd, two processes over every device and one
# over gpu0 alone, each on an empty store (as gpu173/probe/call1.sh without its imports)
set -u
out=$1; mkdir -p "$out"
bash benchmarks/gpu_session.sh none "$out/setup" > /dev/null 2>&1
export PYTHONPATH=/tmp/site:$PWD PYTHONUNBUFFERED=1 COLUMNS=200 POCL_MEMORY_LIMIT=96
{ date -u; nvidia-smi -L; lscpu | grep -E "Model name|^CPU\(s\)"; } > "$out/machine.txt" 2>&1
for k in 1 2 gpu0; do
  d=""; [ $k = gpu0 ] && d=gpu0
  SKMD_DEVICES=$d SKMD_PROFILE_DIR=/tmp/styles_$k timeout 200 python3 -W ignore benchmarks/launch_styles.py \
    --json "$out/styles_$k.json" > "$out/styles_$k.txt" 2>&1 || echo "exit $?" >> "$out/styles_$k.txt"
done
