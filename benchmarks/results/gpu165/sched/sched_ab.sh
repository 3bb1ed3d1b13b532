#!/usr/bin/env bash
# MKMD scheduling times, this tree against old/ (git archive 10b5717 skmd), in turns,
# twice each, on the host's processor (no device is used):
#   bash benchmarks/results/gpu165/sched/sched_ab.sh OUT
set -u
out=$1; r=/tmp/r7; mkdir -p $r
PYTHONPATH=/tmp/site python3 -c "import pyopencl" 2>/dev/null ||
  python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --target /tmp/site .whl/*.whl
python3 -m compileall -q /tmp/site skmd old/skmd > /dev/null 2>&1
{ date -u; nvidia-smi -L; lscpu | grep -E "Model name|^CPU\(s\)"; } > $r/machine.txt 2>&1
for k in 1 2; do
  for w in new old; do
    p=$PWD; [ $w = old ] && p=$PWD/old
    PYTHONPATH=/tmp/site:$p timeout 250 python3 benchmarks/mkmd_scheduling.py --sizes 11 100 1000 \
      --devices 2 3 --json $r/sched_${w}_$k.json > $r/sched_${w}_$k.txt 2>&1
    grep -E "commutator|bicgstab|random11 " $r/sched_${w}_$k.txt | sed "s/^/$w #$k /"
  done
done
tar czf $out/sched_ab.tgz -C $r .
