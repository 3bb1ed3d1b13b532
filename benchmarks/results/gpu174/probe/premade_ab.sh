#!/usr/bin/env bash
# premade context or not, in turns: whole processes of two unseen programs, plain,
# skmd run (context made ahead) and skmd run with SKMD_HOME=gpu0 (none made ahead)
set -u
P=skmd/bench/unseen/programs
for k in $(seq 1 ${ROUNDS:-8}); do
  for prog in stencil one_launch; do
    for way in plain ahead none; do
      st=$(mktemp -d); log=$(mktemp)
      t0=$(date +%s.%N)
      case $way in
        plain) UNSEEN_LAUNCH_LOG=$log PYOPENCL_CTX=0:0 python3 $P/$prog.py paper > /dev/null 2>&1 ;;
        ahead) UNSEEN_LAUNCH_LOG=$log SKMD_PROFILE_DIR=$st python3 -m skmd run $P/$prog.py paper > /dev/null 2>&1 ;;
        none) UNSEEN_LAUNCH_LOG=$log SKMD_HOME=gpu0 SKMD_PROFILE_DIR=$st python3 -m skmd run $P/$prog.py paper > /dev/null 2>&1 ;;
      esac
      t1=$(date +%s.%N)
      python3 -c "import json,sys; s=json.load(open('$log'))['stamps']; print('$k $prog $way', round($t1-$t0,3), round(s['first']-s['imported'],3), round(s['exit']-s['last'],3))"
      rm -rf "$st" "$log"
    done
  done
done
