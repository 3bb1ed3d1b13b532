#!/usr/bin/env bash
# One measuring session on a GPU machine (see docs/benchmarks.md for what it produced).
# Usage: benchmarks/gpu_session.sh PART OUTDIR   (PART: skmd | mkmd | second | profile)
# Wheels for pyopencl & co. must lie in .whl/ (the machine has no network).
set -u
part=$1; out=$2
mkdir -p "$out/r"
size=${SIZE:-paper}
python3 -c "import pyopencl" 2>/dev/null ||
  python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --target /tmp/site .whl/*.whl
export PYTHONPATH=/tmp/site:$PWD PYTHONUNBUFFERED=1 COLUMNS=200
[ -e /etc/OpenCL/vendors/nvidia.icd ] || echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export SKMD_PROFILE_DIR=$out/r/prof POCL_MEMORY_LIMIT=96
r=$out/r
{ date -u; nvidia-smi -L; lscpu | grep -E "Model name|^CPU\(s\)"; } > "$r/machine.txt" 2>&1
case "$part" in
skmd)
  python3 -m skmd devices --remeasure > "$r/devices.txt" 2>&1
  python3 benchmarks/launch_overhead.py > "$r/overhead.txt" 2>&1
  python3 benchmarks/merge_throughput.py --n 4096 > "$r/merge.txt" 2>&1
  for b in vectoradd blackscholes scanlargearrays matrixtranspose aesencrypt aesdecrypt \
           boxmuller fdtd3d histogram reduction mersennetwister medianfilter sobelfilter; do
    timeout 100 python3 -m skmd bench --suite skmd --only $b --size $size --repeat 2 \
      --oracle-steps 4 --max-seconds 1.5 --json "$r/skmd_$b.json" > "$r/skmd_$b.txt" 2>&1 \
      || echo "exit $? for $b" >> "$r/skmd_$b.txt"
  done
  for b in matrixmultiplication nbody binomialoption; do
    SKMD_DEVICES=gpu0,gpu1 timeout 100 python3 -m skmd bench --suite skmd --only $b --size $size \
      --repeat 2 --oracle-steps 8 --json "$r/skmd2gpu_$b.json" > "$r/skmd2gpu_$b.txt" 2>&1 \
      || echo "exit $? for $b" >> "$r/skmd2gpu_$b.txt"
  done ;;
mkmd)
  for b in abe bicgstab jacobi commutator gabe gramian lyapunov care stein svd sylvester; do
    SKMD_DEVICES=gpu0,gpu1 timeout 60 python3 -m skmd bench --suite mkmd --only $b --size $size \
      --policy hill --repeat 2 --json "$r/mkmd_$b.json" > "$r/mkmd_$b.txt" 2>&1 \
      || echo "exit $? for $b" >> "$r/mkmd_$b.txt"
  done ;;
second)
  python3 benchmarks/pinned_links.py > "$r/pinned.txt" 2>&1
  python3 benchmarks/launch_overhead.py > "$r/overhead.txt" 2>&1
  for b in abe bicgstab jacobi commutator gabe gramian lyapunov care stein svd sylvester; do
    SKMD_DEVICES=gpu0,gpu1 timeout 45 python3 -m skmd bench --suite mkmd --only $b --size $size \
      --policy hill --repeat 2 --json "$r/mkmd_$b.json" > "$r/mkmd_$b.txt" 2>&1 \
      || echo "exit $? for $b" >> "$r/mkmd_$b.txt"
  done
  for b in matrixmultiplication nbody binomialoption; do
    SKMD_DEVICES=gpu0,gpu1 timeout 60 python3 -m skmd bench --suite skmd --only $b --size $size \
      --repeat 2 --oracle-steps 8 --json "$r/skmd2gpu_$b.json" > "$r/skmd2gpu_$b.txt" 2>&1 \
      || echo "exit $? for $b" >> "$r/skmd2gpu_$b.txt"
  done
  for b in vectoradd scanlargearrays fdtd3d; do
    timeout 60 python3 -m skmd bench --suite skmd --only $b --size $size --repeat 2 \
      --oracle-steps 4 --max-seconds 1.5 --json "$r/skmd_$b.json" > "$r/skmd_$b.txt" 2>&1 \
      || echo "exit $? for $b" >> "$r/skmd_$b.txt"
  done ;;
final)
  for b in matrixmultiplication nbody binomialoption; do
    SKMD_DEVICES=gpu0,gpu1 timeout 45 python3 -m skmd bench --suite skmd --only $b --size $size \
      --repeat 2 --oracle-steps 8 --json "$r/skmd2gpu_$b.json" > "$r/skmd2gpu_$b.txt" 2>&1 \
      || echo "exit $? for $b" >> "$r/skmd2gpu_$b.txt"
  done
  for b in commutator care abe gabe lyapunov sylvester stein svd gramian jacobi bicgstab; do
    SKMD_DEVICES=gpu0,gpu1 timeout 30 python3 -m skmd bench --suite mkmd --only $b --size $size \
      --policy hill --repeat 2 --json "$r/mkmd_$b.json" > "$r/mkmd_$b.txt" 2>&1 \
      || echo "exit $? for $b" >> "$r/mkmd_$b.txt"
  done ;;
profile)
  for b in blackscholes matrixmultiplication; do
    for s in profile1 profile2 $size; do
      SKMD_DEVICES=gpu0,gpu1 timeout 90 python3 -m skmd profile -m skmd.bench.programs.$b --size $s \
        >> "$r/profile_$b.txt" 2>&1
    done
  done ;;
esac
tar czf "$out/results_$part.tgz" -C "$out" r && rm -rf "$r"
