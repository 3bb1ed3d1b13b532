#!/usr/bin/env bash
# gpu178 call 7: pageable memory over the link piece after piece, each piece once a round
# (probe/pageable_pieces.py): the driver's own pageable copies, USE_HOST_PTR buffers over
# the pieces, a bounce through page-locked memory, page-locked memory alone
#   bash benchmarks/results/gpu178/call7.sh OUT
set -u
out=$1; mkdir -p "$out"
bash benchmarks/gpu_session.sh none "$out/setup" > /dev/null 2>&1
export PYTHONPATH=/tmp/site:$PWD PYTHONUNBUFFERED=1
{ date -u; nvidia-smi -L; lscpu | grep -E "Model name|^CPU\(s\)"; cat /sys/kernel/mm/transparent_hugepage/enabled; } > "$out/machine.txt" 2>&1
for m in 256 1024; do
  timeout 200 python3 benchmarks/results/gpu178/probe/pageable_pieces.py --gib 16 --mib $m > "$out/pieces_$m.txt" 2>&1 || echo "exit $?" >> "$out/pieces_$m.txt"
done
rm -rf "$out/setup"; cat "$out"/machine.txt "$out"/pieces_*.txt
