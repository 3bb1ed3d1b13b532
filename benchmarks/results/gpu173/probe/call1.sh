#!/usr/bin/env bash
# bash benchmarks/results/gpu173/probe/call1.sh OUT: the import probe (imports.sh), then
# launch_styles.py in two processes over every device and one over gpu0 alone, each on
# an empty store (as gpu163/probe/pooled.sh)
set -u
out=$1
ROUNDS=10 bash benchmarks/results/gpu173/probe/imports.sh "$out"
export PYTHONPATH=/tmp/site:$PWD PYTHONUNBUFFERED=1 COLUMNS=200
{ date -u; nvidia-smi -L; lscpu | grep -E "Model name|^CPU\(s\)"; } > "$out/machine.txt" 2>&1
for k in 1 2 gpu0; do
  d=""; [ $k = gpu0 ] && d=gpu0
  SKMD_DEVICES=$d SKMD_PROFILE_DIR=/tmp/styles_$k timeout 200 python3 -W ignore benchmarks/launch_styles.py \
    --json "$out/styles_$k.json" > "$out/styles_$k.txt" 2>&1 || echo "exit $?" >> "$out/styles_$k.txt"
done
