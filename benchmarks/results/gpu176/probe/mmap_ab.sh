#!/usr/bin/env bash
# Does glibc's dynamic mmap threshold explain the unseen programs' slower NumPy checks
# under skmd? Whole processes in turns: plain and skmd run, each as it is and with the
# threshold fixed at 32 MiB (MALLOC_MMAP_THRESHOLD_: glibc then never moves it).
# Prints: round program way process-s setup-s after-s (after = last timed launch to exit)
#   bash benchmarks/results/gpu176/probe/mmap_ab.sh   (after gpu_session.sh's setup)
set -u
P=skmd/bench/unseen/programs
for k in $(seq 1 ${ROUNDS:-6}); do
  for prog in ${PROGS:-stencil transpose scan}; do
    for way in plain skmd plain_fixed skmd_fixed; do
      st=$(mktemp -d); log=$(mktemp)
      fix=""; case $way in *_fixed) fix=33554432 ;; esac
      t0=$(date +%s.%N)
      case $way in
        plain*) env ${fix:+MALLOC_MMAP_THRESHOLD_=$fix} UNSEEN_LAUNCH_LOG=$log PYOPENCL_CTX=0:0 \
                  python3 $P/$prog.py paper > /dev/null 2>&1 ;;
        skmd*) env ${fix:+MALLOC_MMAP_THRESHOLD_=$fix} UNSEEN_LAUNCH_LOG=$log SKMD_PROFILE_DIR=$st \
                  python3 -m skmd run $P/$prog.py paper > /dev/null 2>&1 ;;
      esac
      t1=$(date +%s.%N)
      python3 -c "import json; s=json.load(open('$log'))['stamps']; print('$k $prog $way', round($t1-$t0,3), round(s['first']-s['imported'],3), round(s['exit']-s['last'],3))"
      rm -rf "$st" "$log"
    done
  done
done
