#!/usr/bin/env bash
# skmd run with and without its warm start (old/ = this tree's skmd with
# warm_start.begin() returning False at once), against plain, fresh processes in turns:
#   bash benchmarks/results/gpu165/start/warm_ab.sh OUT
set -u
out=$1; r=/tmp/r8; mkdir -p $r
PYTHONPATH=/tmp/site python3 -c "import pyopencl" 2>/dev/null ||
  python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --target /tmp/site .whl/*.whl
python3 -m compileall -q /tmp/site skmd old/skmd > /dev/null 2>&1
export PYTHONPATH=/tmp/site:$PWD PYTHONUNBUFFERED=1 COLUMNS=200
[ -e /etc/OpenCL/vendors/nvidia.icd ] || echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
{ date -u; nvidia-smi -L; lscpu | grep -E "Model name|^CPU\(s\)"; } > $r/machine.txt 2>&1
timeout 500 python3 -W ignore benchmarks/install_cost.py --rounds 30 --old old --json $r/install_cost.json > $r/install_cost.txt 2>&1
cat $r/install_cost.txt
tar czf $out/warm_ab.tgz -C $r .
