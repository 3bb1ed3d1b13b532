#!/usr/bin/env bash
# gpu176 call 8: what the shield's thread costs a split launch (8fbbd5d) on an H100 host:
# benchmarks/shield_cost.py, then the three compute-bound SKMD programs (the ones skmd
# splits on one H100 + CPU) under skmd (hill), this tree against old/ (git archive
# 8fbbd5d~1 skmd), in alternating processes, twice each
set -u
out=$1; mkdir -p "$out"
bash benchmarks/gpu_session.sh none "$out/setup" > /dev/null 2>&1
python3 -m compileall -q old/skmd > /dev/null 2>&1
export PYTHONUNBUFFERED=1 COLUMNS=200 POCL_MEMORY_LIMIT=96
{ date -u; nvidia-smi -L; lscpu | grep -E "Model name|^CPU\(s\)"; } > "$out/machine.txt" 2>&1
PYTHONPATH=/tmp/site:$PWD python3 benchmarks/shield_cost.py --rounds 15 > "$out/shield_cost.txt" 2>&1
for k in 1 2; do
  for w in new old; do
    p=$PWD; [ $w = old ] && p=$PWD/old
    for b in matrixmultiplication nbody binomialoption; do
      SKMD_DEVICES=gpu0,cpu0 PYTHONPATH=/tmp/site:$p SKMD_PROFILE_DIR=/tmp/st8_${w}_$k timeout 100 \
        python3 -m skmd bench --suite skmd --size paper --policy hill --repeat 10 --time-limit 60 \
        --only $b --json "$out/${b}_${w}_$k.json" > "$out/${b}_${w}_$k.txt" 2>&1
    done
  done
done
cat "$out/shield_cost.txt"
grep -h "│ [A-Za-z]" "$out"/*_new_*.txt "$out"/*_old_*.txt | head -40
