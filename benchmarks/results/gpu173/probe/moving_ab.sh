#!/usr/bin/env bash
# bash benchmarks/results/gpu173/probe/moving_ab.sh OUT: moving_source (paper size) plain
# on gpu0, under `skmd run` at this checkout and at the one in old_tree/ (02a163d), in
# turns, ROUNDS rounds, each skmd process on an empty store; per process: the wall
# time and the timed sections' sum (the loop) from the program's launch log
python3 -c "import pyopencl" 2>/dev/null ||
  python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --target /tmp/site .whl/*.whl 2>/dev/null
python3 -m compileall -q /tmp/site skmd old_tree > /dev/null 2>&1
[ -e /etc/OpenCL/vendors/nvidia.icd ] || echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
P=skmd/bench/unseen/programs/moving_source.py
one() {  # way, pythonpath, round
  log=$(mktemp); st=$(mktemp -d); t0=$(date +%s.%N)
  if [ "$1" = plain ]; then PYTHONPATH=/tmp/site PYOPENCL_CTX=0:0 UNSEEN_LAUNCH_LOG=$log python3 $P > /dev/null
  else PYTHONPATH=/tmp/site:$2 SKMD_PROFILE_DIR=$st UNSEEN_LAUNCH_LOG=$log python3 -m skmd run $P > /dev/null; fi
  rc=$?; t1=$(date +%s.%N)
  python3 -c "import json,sys; d=json.load(open('$log')); print(json.dumps({'way':'$1','round':$3,'rc':$rc,'wall_s':$t1-$t0,'loop_s':sum(t for _,t in d['launches'])}))"
}
for k in $(seq ${ROUNDS:-5}); do
  one plain "" $k; one new "$PWD" $k; one old "$PWD/old_tree" $k
done > "$1/moving_ab.jsonl" 2>&1
