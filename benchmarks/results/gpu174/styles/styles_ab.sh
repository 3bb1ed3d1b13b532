#!/usr/bin/env bash
# launch_styles.py, this tree against old/ (git archive 4608506 skmd, with this tree's
# benchmarks/launch_styles.py and timing.py copied into old/benchmarks/), alternating
# processes, three each, over every device, each on an empty store:
#   bash benchmarks/results/gpu174/styles/styles_ab.sh OUT
set -u
out=$1; r=/tmp/r10; mkdir -p $r
PYTHONPATH=/tmp/site python3 -c "import pyopencl" 2>/dev/null ||
  python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --target /tmp/site .whl/*.whl
python3 -m compileall -q /tmp/site skmd old/skmd > /dev/null 2>&1
export PYTHONUNBUFFERED=1 COLUMNS=200
[ -e /etc/OpenCL/vendors/nvidia.icd ] || echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
{ date -u; nvidia-smi -L; lscpu | grep -E "Model name|^CPU\(s\)"; } > $r/machine.txt 2>&1
for k in 1 2 3; do
  for w in new old; do
    p=$PWD; [ $w = old ] && p=$PWD/old
    PYTHONPATH=/tmp/site:$p SKMD_PROFILE_DIR=/tmp/st_${w}_$k python3 -W ignore $p/benchmarks/launch_styles.py \
      --json $r/styles_${w}_$k.json > $r/styles_${w}_$k.txt 2>&1
    head -10 $r/styles_${w}_$k.txt | tail -8 | sed "s/^/$w #$k: /"
  done
done
tar czf $out/styles_ab.tgz -C $r .
