#!/usr/bin/env bash
# gpu177 call 1 (HEAD of the day): what slows stencil's NumPy check in a process where
# skmd runs (probe/numpy_beside.py), the shield's hand-off (benchmarks/shield_cost.py),
# the OpenCL calls of a dot product read back, plain and under skmd (probe/dot_calls.py,
# LD_PRELOAD counter), and its parts timed (probe/dot_parts.py), over every device and
# over gpu0 alone
set -u
out=$1; mkdir -p "$out"
bash benchmarks/gpu_session.sh none "$out/setup" > /dev/null 2>&1
export PYTHONPATH=/tmp/site:$PWD PYTHONUNBUFFERED=1 COLUMNS=200 POCL_MEMORY_LIMIT=96
p=benchmarks/results/gpu177/probe
{ date -u; nvidia-smi -L; lscpu | grep -E "Model name|^CPU\(s\)|NUMA node\(s\)"; uname -r;
  cat /sys/kernel/mm/transparent_hugepage/enabled; grep TLB /proc/interrupts | cut -c1-60; } > "$out/machine.txt" 2>&1
timeout 200 python3 $p/numpy_beside.py --rounds 3 > "$out/numpy_beside.txt" 2>&1
timeout 60 python3 benchmarks/shield_cost.py --rounds 15 > "$out/shield_cost.txt" 2>&1
(mkdir -p /tmp/cc && cd /tmp/cc && python3 "$OLDPWD/$p/clcount_gen.py" && gcc -O2 -shared -fPIC -o libclcount.so clcount.c -ldl) > "$out/clcount_build.txt" 2>&1
CLCOUNT=/tmp/cc/libclcount.so LD_PRELOAD=/tmp/cc/libclcount.so timeout 60 python3 $p/dot_calls.py > "$out/dot_calls.txt" 2>&1
SKMD_DEVICES=gpu0 CLCOUNT=/tmp/cc/libclcount.so LD_PRELOAD=/tmp/cc/libclcount.so timeout 60 python3 $p/dot_calls.py > "$out/dot_calls_gpu0.txt" 2>&1
for k in 1 2; do
  timeout 90 python3 $p/dot_parts.py > "$out/dot_parts_$k.txt" 2>&1
  SKMD_DEVICES=gpu0 timeout 90 python3 $p/dot_parts.py > "$out/dot_parts_gpu0_$k.txt" 2>&1
done
tail -n 12 "$out/numpy_beside.txt"; cat "$out/shield_cost.txt" "$out/dot_calls.txt" "$out/dot_calls_gpu0.txt" "$out"/dot_parts_*.txt
