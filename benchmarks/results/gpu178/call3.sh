#!/usr/bin/env bash
# gpu178 call 3: where the extra of a launch over a new buffer lies (probe/new_buffer_ab.py:
# plain, skmd, skmd with pyopencl's own buffer class, skmd with the collector off, in
# turns), over gpu0 alone and over every device, twice each
#   bash benchmarks/results/gpu178/call3.sh OUT
set -u
out=$1; mkdir -p "$out"
bash benchmarks/gpu_session.sh none "$out/setup" > /dev/null 2>&1
export PYTHONPATH=/tmp/site:$PWD PYTHONUNBUFFERED=1 COLUMNS=200 POCL_MEMORY_LIMIT=96
{ date -u; nvidia-smi -L; lscpu | grep -E "Model name|^CPU\(s\)"; } > "$out/machine.txt" 2>&1
for turn in 1 2; do
  for k in gpu0 all; do
    d=""; [ $k = gpu0 ] && d=gpu0
    SKMD_DEVICES=$d SKMD_PROFILE_DIR=/tmp/nb_$k timeout 120 python3 benchmarks/results/gpu178/probe/new_buffer_ab.py \
      > "$out/newbuf_${k}_$turn.txt" 2>&1 || echo "exit $?" >> "$out/newbuf_${k}_$turn.txt"
  done
done
rm -rf "$out/setup"; tail -n 7 "$out"/newbuf_*.txt
