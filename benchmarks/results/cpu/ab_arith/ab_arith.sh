#!/bin/bash
# old (8e9cdf1) and new skmd in turns on array_arith at ci size; first (fresh store) and second runs
for r in 1 2 3 4 5 6; do
  for code in old new; do
    root=/work/main; [ $code = old ] && root=/tmp/old8
    st=/tmp/abst_${code}_$r; rm -rf $st
    for run in 1 2; do
      s=$(date +%s.%N)
      PYTHONPATH=$root:$PWD POCL_DEVICES="pthread pthread" SKMD_PROFILE_DIR=$st UNSEEN_LAUNCH_LOG=/tmp/ll_${code}_${r}_$run.json \
        /work/main/.venv/bin/python -m skmd run array_arith.py ci > /dev/null 2>&1
      e=$(date +%s.%N); echo "$code r$r run$run $(echo "$e - $s" | bc)"
    done
  done
done
