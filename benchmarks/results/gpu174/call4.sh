#!/usr/bin/env bash
# gpu174 call 4: what runs beside stencil's NumPy reference under skmd (probe/stencil_threads.py)
set -u
OUT=$1; mkdir -p "$OUT"
bash benchmarks/gpu_session.sh none "$OUT/setup" > /dev/null 2>&1  # wheels, bytecode
export PYTHONPATH=/tmp/site:$PWD POCL_MEMORY_LIMIT=96
P=benchmarks/results/gpu174/probe/stencil_threads.py
for k in 1 2 3; do
  echo "plain $(PYOPENCL_CTX=0:0 python3 $P)"
  st=$(mktemp -d)
  echo "skmd1 $(SKMD_PROFILE_DIR=$st python3 -m skmd run $P)"
  echo "skmd2 $(SKMD_PROFILE_DIR=$st python3 -m skmd run $P)"
  echo "gpu0only $(SKMD_DEVICES=gpu0 SKMD_PROFILE_DIR=$(mktemp -d) python3 -m skmd run $P)"
  echo "nopremade $(SKMD_HOME=gpu0 SKMD_PROFILE_DIR=$(mktemp -d) python3 -m skmd run $P)"
  echo "install $(SKMD_PROFILE_DIR=$(mktemp -d) python3 -c 'import skmd; skmd.install(); exec(open("'$P'").read())')"
done > "$OUT/stencil_threads.txt" 2>&1
