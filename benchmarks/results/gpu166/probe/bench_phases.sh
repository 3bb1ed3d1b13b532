#!/usr/bin/env bash
# bench_phases.py on gpu0 + gpu1: PROGS (default sylvester lyapunov) with this
# checkout and with old4660/ (git archive 4660d83 skmd), SLOT seconds each, fresh
# store each; every file in $OUT/bench_phases.tgz
out=${1:?OUT}; r=$out/bp; mkdir -p "$r"
python3 -c "import pyopencl" 2>/dev/null ||
  python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl
python3 -m compileall -q /tmp/site skmd old4660/skmd > /dev/null 2>&1
[ -e /etc/OpenCL/vendors/nvidia.icd ] || echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
{ date -u; nvidia-smi -L; lscpu | grep -E "Model name|^CPU\(s\)"; } > "$r/machine.txt" 2>&1
slot=${SLOT:-45}
for prog in ${PROGS:-sylvester lyapunov}; do
  for code in new old; do
    root=$PWD; [ $code = old ] && root=$PWD/old4660
    st=$(mktemp -d)
    PYTHONPATH=/tmp/site:$root SKMD_PROFILE_DIR=$st SKMD_DEVICES=gpu0,gpu1 POCL_MEMORY_LIMIT=96 \
      COLUMNS=200 timeout $slot python3 benchmarks/results/gpu166/probe/bench_phases.py $prog -- \
      --size paper --time-limit $((slot * 3 / 4)) --suite mkmd --policy hill --repeat 40 \
      --max-seconds 0.5 --variant order:mode=inorder --only $prog > "$r/${prog}_$code.txt" 2>&1 \
      || echo "exit $?" >> "$r/${prog}_$code.txt"
    grep PHASES "$r/${prog}_$code.txt" >> "$r/phases.jsonl"
    rm -rf "$st"
  done
done
tar czf "$out/bench_phases.tgz" -C "$out" bp && rm -rf "$r"
python3 - "$out/bench_phases.tgz" <<'PY'
import json, sys, tarfile
t = tarfile.open(sys.argv[1])
for line in t.extractfile("bp/phases.jsonl").read().decode().splitlines():
    d = json.loads(line.split(" ", 1)[1])
    for k, v in d["median_ms"].items():
        print(d["program"], d["skmd"][-30:-15], k, v)
PY
