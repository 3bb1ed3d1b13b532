#!/usr/bin/env bash
# launch_styles.py (with the pooled styles) in three processes over every device and
# one over gpu0 alone, each on an empty store: bash benchmarks/results/gpu163/probe/pooled.sh OUT
set -u
out=$1; r=/tmp/r6; mkdir -p $r
PYTHONPATH=/tmp/site python3 -c "import pyopencl" 2>/dev/null ||
  python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --target /tmp/site .whl/*.whl
python3 -m compileall -q /tmp/site skmd > /dev/null 2>&1
export PYTHONPATH=/tmp/site:$PWD PYTHONUNBUFFERED=1 COLUMNS=200
[ -e /etc/OpenCL/vendors/nvidia.icd ] || echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
{ date -u; nvidia-smi -L; lscpu | grep -E "Model name|^CPU\(s\)"; } > $r/machine.txt 2>&1
for k in 1 2 3 gpu0; do
  d=""; [ $k = gpu0 ] && d=gpu0
  SKMD_DEVICES=$d SKMD_PROFILE_DIR=/tmp/pool_$k python3 -W ignore benchmarks/launch_styles.py \
    --json $r/styles_$k.json > $r/styles_$k.txt 2>&1
  head -10 $r/styles_$k.txt | tail -8 | sed "s/^/#$k: /"
done
tar czf $out/pooled.tgz -C $r .
