#!/usr/bin/env bash
# bash benchmarks/results/gpu173/probe/imports.sh OUT: import_steps.py plain and under
# skmd run (one store), ROUNDS rounds in turns, the order swapped every other round
python3 -c "import pyopencl" 2>/dev/null ||
  python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --target /tmp/site .whl/*.whl 2>/dev/null
python3 -m compileall -q /tmp/site skmd > /dev/null 2>&1
export PYTHONPATH=/tmp/site:$PWD
[ -e /etc/OpenCL/vendors/nvidia.icd ] || echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
P=benchmarks/results/gpu173/probe/import_steps.py
st=$(mktemp -d)
plain() { SPAWN=$(date +%s.%N) PYOPENCL_CTX=0:0 python3 $P >> "$1/imports.txt" 2>&1; }
skmd() { SPAWN=$(date +%s.%N) SKMD_PROFILE_DIR=$st python3 -m skmd run $P >> "$1/imports.txt" 2>&1; }
for k in $(seq ${ROUNDS:-10}); do
  if [ $((k % 2)) = 1 ]; then plain "$1"; skmd "$1"; else skmd "$1"; plain "$1"; fi
done
