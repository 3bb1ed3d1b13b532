#!/usr/bin/env bash
# graph_phases.py for three programs, three modes, this checkout and old4660/ (git
# archive 4660d83 skmd), on gpu0 + gpu1; each process on a fresh store
out=${1:?OUT}; mkdir -p "$out/phases"
python3 -c "import pyopencl" 2>/dev/null ||
  python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl
python3 -m compileall -q /tmp/site skmd old4660/skmd > /dev/null 2>&1
[ -e /etc/OpenCL/vendors/nvidia.icd ] || echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
{ date -u; nvidia-smi -L; } > "$out/phases/machine.txt"
for prog in ${PROGS:-sylvester lyapunov gabe}; do
  for mode in inorder coarse mkmd; do
    for code in new old; do
      root=$PWD; [ $code = old ] && root=$PWD/old4660
      st=$(mktemp -d)
      PYTHONPATH=/tmp/site:$root SKMD_PROFILE_DIR=$st SKMD_MODE=$mode SKMD_DEVICES=gpu0,gpu1 \
        timeout 60 python3 benchmarks/results/gpu166/probe/graph_phases.py $prog --runs 15 \
        >> "$out/phases/phases.jsonl" 2>> "$out/phases/phases.err" || echo "exit $? $prog $mode $code" >> "$out/phases/phases.err"
      cp "$st/profiles.sqlite" "$out/phases/${prog}_${mode}_$code.sqlite" 2>/dev/null
      rm -rf "$st"
    done
  done
done
