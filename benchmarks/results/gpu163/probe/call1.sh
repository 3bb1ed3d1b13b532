#!/usr/bin/env bash
# One call on an H100 host: bash benchmarks/results/gpu163/probe/call1.sh OUT
set -u
out=$1; r=/tmp/r1; mkdir -p $r
python3 -c "import pyopencl" 2>/dev/null ||
  python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --target /tmp/site .whl/*.whl
python3 -m compileall -q /tmp/site skmd > /dev/null 2>&1
export PYTHONPATH=/tmp/site:$PWD PYTHONUNBUFFERED=1 COLUMNS=200
[ -e /etc/OpenCL/vendors/nvidia.icd ] || echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
{ date -u; nvidia-smi -L; lscpu | grep -E "Model name|^CPU\(s\)"; } > $r/machine.txt 2>&1
p=benchmarks/results/gpu163/probe
SKMD_PROFILE_DIR=/tmp/p1 python3 -W ignore $p/sizes_jobs.py --rounds 7 > $r/sizes_jobs.txt 2>&1
SKMD_PROFILE_DIR=/tmp/p2 python3 -W ignore $p/sizes_jobs.py --rounds 7 --settle > $r/sizes_jobs_settle.txt 2>&1
SKMD_PROFILE_DIR=/tmp/p3 python3 -W ignore benchmarks/launch_styles.py --json $r/styles.json > $r/styles.txt 2>&1
SKMD_PROFILE_DIR=/tmp/p4 python3 -W ignore benchmarks/launch_styles.py --settle --json $r/styles_settle.json > $r/styles_settle.txt 2>&1
SKMD_PROFILE_DIR=/tmp/p5 SKMD_DEVICES=gpu0 python3 -W ignore benchmarks/launch_styles.py --json $r/styles_gpu0.json > $r/styles_gpu0.txt 2>&1
SKMD_PROFILE_DIR=/tmp/p6 python3 -W ignore benchmarks/job_contention.py > $r/contention.txt 2>&1
for f in $r/*.txt; do echo "== $f"; tail -n 12 "$f"; done
tar czf $out/call1.tgz -C $r .
