#!/usr/bin/env bash
# One call on an H100 host: bash benchmarks/results/gpu163/probe/call2.sh OUT
set -u
out=$1; r=/tmp/r2; mkdir -p $r
python3 -c "import pyopencl" 2>/dev/null ||
  python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --target /tmp/site .whl/*.whl
python3 -m compileall -q /tmp/site skmd > /dev/null 2>&1
export PYTHONPATH=/tmp/site:$PWD PYTHONUNBUFFERED=1 COLUMNS=200
[ -e /etc/OpenCL/vendors/nvidia.icd ] || echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
{ date -u; nvidia-smi -L; lscpu | grep -E "Model name|^CPU\(s\)"; } > $r/machine.txt 2>&1
p=benchmarks/results/gpu163/probe
python3 -W ignore $p/lifetimes.py > $r/lifetimes.txt 2>&1
SKMD_PROFILE_DIR=/tmp/q1 python3 -W ignore $p/hookparts.py > $r/hookparts.txt 2>&1
SKMD_PROFILE_DIR=/tmp/q2 SKMD_DEVICES=gpu0 python3 -W ignore $p/hookparts.py > $r/hookparts_gpu0.txt 2>&1
cat $r/*.txt
tar czf $out/call2.tgz -C $r .
