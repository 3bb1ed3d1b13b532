#!/usr/bin/env bash
# gpu178 call 1: skmd's extra per synchronised launch, per style (benchmarks/launch_styles.py
# --threads: with each kind of thread's processor time), the day's code against the
# previous commit's (old.tar: `git archive 1dd66ae skmd benchmarks`, with today's
# launch_styles.py and timing.py in it), in turns, over every device and over gpu0 alone;
# then the bytecodes per style (probe/styles_bytecodes.py) of both, over both
#   bash benchmarks/results/gpu178/call1.sh OUT
set -u
out=$1; mkdir -p "$out"
bash benchmarks/gpu_session.sh none "$out/setup" > /dev/null 2>&1
export PYTHONUNBUFFERED=1 COLUMNS=200 POCL_MEMORY_LIMIT=96
{ date -u; nvidia-smi -L; lscpu | grep -E "Model name|^CPU\(s\)"; git log -1 --format=%h 2>/dev/null; } > "$out/machine.txt" 2>&1
mkdir -p /tmp/old && tar xf benchmarks/results/gpu178/old.tar -C /tmp/old
cp benchmarks/launch_styles.py benchmarks/timing.py /tmp/old/benchmarks/
python3 -m compileall -q /tmp/old/skmd > /dev/null 2>&1
for turn in 1 2; do
  for k in all gpu0; do
    d=""; [ $k = gpu0 ] && d=gpu0
    for code in new old; do
      root=$PWD; [ $code = old ] && root=/tmp/old
      SKMD_DEVICES=$d PYTHONPATH=/tmp/site:$root SKMD_PROFILE_DIR=/tmp/st_${code}_$k timeout 150 \
        python3 -W ignore $root/benchmarks/launch_styles.py --rounds 40 --burst 40 --threads \
        --json "$out/styles_${code}_${k}_$turn.json" > "$out/styles_${code}_${k}_$turn.txt" 2>&1 \
        || echo "exit $?" >> "$out/styles_${code}_${k}_$turn.txt"
    done
  done
done
for k in all gpu0; do
  d=""; [ $k = gpu0 ] && d=gpu0
  for code in new old; do
    root=$PWD; [ $code = old ] && root=/tmp/old
    SKMD_DEVICES=$d PYTHONPATH=/tmp/site:$root timeout 120 python3 benchmarks/results/gpu178/probe/styles_bytecodes.py \
      --size paper > "$out/bytecodes_${code}_$k.txt" 2>&1
  done
done
rm -rf "$out/setup"
tar czf "$out/styles.tgz" -C "$out" $(cd "$out" && ls styles_*) && rm -f "$out"/styles_*.json
for f in "$out"/styles_*.txt; do echo "== $f"; sed -n 2,12p "$f"; sed -n '/processor time/,/how skmd/p' "$f"; done
cat "$out"/bytecodes_*.txt
