#!/usr/bin/env bash
# gpu177 call 4 (after the shield fixes): the signal-handler stress program on a GPU host,
# three loops at once of six runs each (benchmarks/results/cpu/shield/stress_loop.sh: a run
# still going after 90 s counts as hung), over gpu0 + cpu0 and over every device; then
# launch_styles.py once over every device and once over gpu0 alone
#   bash benchmarks/results/gpu177/call4.sh OUT
set -u
out=$1; mkdir -p "$out"
bash benchmarks/gpu_session.sh none "$out/setup" > /dev/null 2>&1
export PYTHONUNBUFFERED=1 COLUMNS=200 POCL_MEMORY_LIMIT=96
{ date -u; nvidia-smi -L; lscpu | grep -E "Model name|^CPU\(s\)"; } > "$out/machine.txt" 2>&1
s=benchmarks/results/cpu/shield/stress_loop.sh
for k in 1 2 3; do
  d=gpu0,cpu0; [ $k = 3 ] && d=""
  OUT=$out/stress TMO=90 PP=/tmp/site:$PWD bash $s "gpu$k" 6 SKMD_DEVICES=$d > /dev/null 2>&1 &
done
wait
cat "$out"/stress/summary.txt > "$out/stress_summary.txt" 2>/dev/null
for k in all gpu0; do
  d=""; [ $k = gpu0 ] && d=gpu0
  SKMD_DEVICES=$d PYTHONPATH=/tmp/site:$PWD SKMD_PROFILE_DIR=/tmp/st_$k timeout 200 \
    python3 -W ignore benchmarks/launch_styles.py --json "$out/styles_$k.json" \
    > "$out/styles_$k.txt" 2>&1 || echo "exit $?" >> "$out/styles_$k.txt"
done
tar czf "$out/stress_logs.tgz" -C "$out" stress && rm -rf "$out/stress" "$out/setup"
cat "$out/stress_summary.txt"; cat "$out"/styles_*.txt | tail -40
