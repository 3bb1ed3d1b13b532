#!/usr/bin/env bash
# gpu178 call 8: launch styles with every kernel analysed before its first launch
# (SKMD_BACKGROUND=0: the path a second run takes, its analyses on disk), the day's last
# code against 9f5a959 (old.tar: `git archive 9f5a959 skmd benchmarks/*.py`), in turns,
# twice each over every device; then their bytecodes per style
#   bash benchmarks/results/gpu178/call8.sh OUT
set -u
out=$1; mkdir -p "$out"
bash benchmarks/gpu_session.sh none "$out/setup" > /dev/null 2>&1
export PYTHONUNBUFFERED=1 COLUMNS=200 POCL_MEMORY_LIMIT=96 SKMD_BACKGROUND=0
{ date -u; nvidia-smi -L; lscpu | grep -E "Model name|^CPU\(s\)"; } > "$out/machine.txt" 2>&1
mkdir -p /tmp/old8 && tar xf benchmarks/results/gpu178/old.tar -C /tmp/old8
cp benchmarks/launch_styles.py benchmarks/timing.py /tmp/old8/benchmarks/
python3 -m compileall -q /tmp/old8/skmd > /dev/null 2>&1
for turn in 1 2; do
  for code in new old; do
    root=$PWD; [ $code = old ] && root=/tmp/old8
    PYTHONPATH=/tmp/site:$root SKMD_PROFILE_DIR=/tmp/s8_${code}_$turn timeout 150 \
      python3 -W ignore $root/benchmarks/launch_styles.py --rounds 30 --burst 40 \
      --json "$out/styles_${code}_$turn.json" > "$out/styles_${code}_$turn.txt" 2>&1 \
      || echo "exit $?" >> "$out/styles_${code}_$turn.txt"
  done
done
for code in new old; do
  root=$PWD; [ $code = old ] && root=/tmp/old8
  PYTHONPATH=/tmp/site:$root timeout 120 python3 benchmarks/results/gpu178/probe/styles_bytecodes.py \
    --size paper > "$out/bytecodes_$code.txt" 2>&1
done
rm -rf "$out/setup"
tar czf "$out/styles.tgz" -C "$out" $(cd "$out" && ls styles_*.json) && rm -f "$out"/styles_*.json
for f in "$out"/styles_*.txt; do echo "== $f"; sed -n 1,12p "$f"; done; cat "$out"/bytecodes_*.txt
