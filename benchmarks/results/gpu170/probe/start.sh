#!/usr/bin/env bash
# bash benchmarks/results/gpu170/probe/start.sh OUT: start_steps.py warm and cold, and
# plain's imports + create_some_context, ROUNDS rounds in turns
python3 -c "import pyopencl" 2>/dev/null ||
  python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --target /tmp/site .whl/*.whl 2>/dev/null
python3 -m compileall -q /tmp/site skmd > /dev/null 2>&1
export PYTHONPATH=/tmp/site:$PWD
[ -e /etc/OpenCL/vendors/nvidia.icd ] || echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
S=benchmarks/results/gpu170/probe/start_steps.py
st=$(mktemp -d)
for k in $(seq ${ROUNDS:-10}); do
  SPAWN=$(date +%s.%N) SKMD_PROFILE_DIR=$st python3 $S >> "$1/start_warm.txt" 2>&1
  SPAWN=$(date +%s.%N) SKMD_PROFILE_DIR=$st python3 $S --cold >> "$1/start_cold.txt" 2>&1
  SPAWN=$(date +%s.%N) PYOPENCL_CTX=0:0 python3 -c "
import os, time, json; s=float(os.environ['SPAWN']); t0=time.time()
import numpy; t1=time.time()
import pyopencl; t2=time.time()
pyopencl.create_some_context(interactive=False); t3=time.time()
print(json.dumps({'interpreter': round(1e3*(t0-s),1), 'import numpy': round(1e3*(t1-t0),1), 'import pyopencl': round(1e3*(t2-t1),1), 'create_some_context': round(1e3*(t3-t2),1)}))" >> "$1/start_plain.txt" 2>&1
done
