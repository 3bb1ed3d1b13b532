#!/usr/bin/env bash
# gpu176 call 1: launch_styles.py, this tree (e2bf6ec: set_arg wrappers noting in C)
# against old/ (git archive 2d1a887 skmd, the commit before), alternating processes,
# three each over every device and two each over gpu0 alone, each on an empty store:
#   bash benchmarks/results/gpu176/call1.sh OUT
set -u
out=$1; mkdir -p "$out"
bash benchmarks/gpu_session.sh none "$out/setup" > /dev/null 2>&1
python3 -m compileall -q old/skmd > /dev/null 2>&1
export PYTHONUNBUFFERED=1 COLUMNS=200 POCL_MEMORY_LIMIT=96
{ date -u; nvidia-smi -L; lscpu | grep -E "Model name|^CPU\(s\)"; } > "$out/machine.txt" 2>&1
for k in 1 2 3 gpu0_1 gpu0_2; do
  d=""; case $k in gpu0*) d=gpu0 ;; esac
  for w in new old; do
    p=$PWD; [ $w = old ] && p=$PWD/old
    SKMD_DEVICES=$d PYTHONPATH=/tmp/site:$p SKMD_PROFILE_DIR=/tmp/st_${w}_$k timeout 200 \
      python3 -W ignore $PWD/benchmarks/launch_styles.py --json "$out/styles_${w}_$k.json" \
      > "$out/styles_${w}_$k.txt" 2>&1 || echo "exit $?" >> "$out/styles_${w}_$k.txt"
    grep -iE "dot|kernel object" "$out/styles_${w}_$k.txt" | head -3 | sed "s/^/$w $k: /"
  done
done
