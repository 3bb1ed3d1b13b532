#!/usr/bin/env bash
# gpu178 call 6: the GPU's link to the program's own pageable memory through USE_HOST_PTR
# buffers, against the driver's pageable copies, page-locked copies and skmd's slots
# (probe/host_ptr_link.py), 1 GiB and 256 MiB pieces
#   bash benchmarks/results/gpu178/call6.sh OUT
set -u
out=$1; mkdir -p "$out"
bash benchmarks/gpu_session.sh none "$out/setup" > /dev/null 2>&1
export PYTHONPATH=/tmp/site:$PWD PYTHONUNBUFFERED=1
{ date -u; nvidia-smi -L; lscpu | grep -E "Model name|^CPU\(s\)"; } > "$out/machine.txt" 2>&1
for m in 1024 256; do
  timeout 150 python3 benchmarks/results/gpu178/probe/host_ptr_link.py --mib $m > "$out/host_ptr_$m.txt" 2>&1 || echo "exit $?" >> "$out/host_ptr_$m.txt"
done
rm -rf "$out/setup"; cat "$out"/host_ptr_*.txt
