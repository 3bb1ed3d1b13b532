#!/usr/bin/env bash
# The compute-bound SKMD programs on gpu0 + gpu1 (skmd hill against skmd whole on gpu0
# with the same copies, `home`), this tree against oldf2a/ (git archive f2a0b98 skmd:
# before a GPU helper's results were gathered through page-locked chunks), in turns,
# SLOT seconds a process, fresh store each; every file in $OUT/compute_ab.tgz
out=${1:?OUT}; r=$out/ab; mkdir -p "$r"
python3 -c "import pyopencl" 2>/dev/null ||
  python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl
python3 -m compileall -q /tmp/site skmd oldf2a/skmd > /dev/null 2>&1
[ -e /etc/OpenCL/vendors/nvidia.icd ] || echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
{ date -u; nvidia-smi -L; lscpu | grep -E "Model name|^CPU\(s\)"; } > "$r/machine.txt" 2>&1
slot=${SLOT:-35}
for prog in ${PROGS:-binomialoption matrixmultiplication nbody}; do
  for code in new old; do
    root=$PWD; [ $code = old ] && root=$PWD/oldf2a
    st=$(mktemp -d)
    PYTHONPATH=/tmp/site:$root SKMD_PROFILE_DIR=$st SKMD_DEVICES=gpu0,gpu1 COLUMNS=200 \
      timeout $slot python3 -m skmd bench --size paper --time-limit $((slot * 3 / 4)) \
      --suite skmd --policy hill --repeat 60 --max-seconds 0.5 --variant home:mode=inorder \
      --json "$r/${prog}_$code.json" --only $prog > "$r/${prog}_$code.txt" 2>&1 \
      || echo "exit $?" >> "$r/${prog}_$code.txt"
    rm -rf "$st"
  done
done
tar czf "$out/compute_ab.tgz" -C "$out" ab && rm -rf "$r"
