#!/usr/bin/env bash
# launch_styles.py with small buffers held (kernels.LINGER_BYTES = 1 MiB) and not (0),
# in alternating processes, each on an empty store, over every device:
#   bash benchmarks/results/gpu163/probe/linger_ab.sh OUT
set -u
out=$1; r=/tmp/r5; mkdir -p $r
PYTHONPATH=/tmp/site python3 -c "import pyopencl" 2>/dev/null ||
  python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --target /tmp/site .whl/*.whl
python3 -m compileall -q /tmp/site skmd > /dev/null 2>&1
export PYTHONPATH=/tmp/site:$PWD PYTHONUNBUFFERED=1 COLUMNS=200
[ -e /etc/OpenCL/vendors/nvidia.icd ] || echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
{ date -u; nvidia-smi -L; lscpu | grep -E "Model name|^CPU\(s\)"; } > $r/machine.txt 2>&1
for k in 1 2 3; do
  for b in 1048576 0; do
    SKMD_PROFILE_DIR=/tmp/ab_${b}_$k python3 -W ignore -c "
import sys, runpy
from skmd.runtime import kernels
kernels.LINGER_BYTES = int(sys.argv[1]); sys.argv = sys.argv[2:]; sys.path.insert(0, 'benchmarks')
runpy.run_path(sys.argv[0], run_name='__main__')" $b benchmarks/launch_styles.py --rounds 11 \
      --json $r/styles_linger${b}_$k.json > $r/styles_linger${b}_$k.txt 2>&1
    head -8 $r/styles_linger${b}_$k.txt | tail -6 | sed "s/^/linger $b #$k: /"
  done
done
tar czf $out/linger_ab.tgz -C $r .
