#!/usr/bin/env bash
# gpu180 calls 1 and 2: the unseen suite at the day's code, the same command as gpu179
# calls 1 and 2 (half the programs each); call 2 then skmd's extra per synchronised
# launch, per style, one process over every device and one over gpu0 alone
#   bash benchmarks/results/gpu180/call1.sh OUT 4|5
set -u
out=$1
bash benchmarks/results/gpu178/call4.sh "$out" "${2:-4}"
[ "${2:-4}" = 5 ] || exit 0
export PYTHONPATH=/tmp/site:$PWD PYTHONUNBUFFERED=1 COLUMNS=200 POCL_MEMORY_LIMIT=96
mkdir -p "$out/styles"
for turn in 1; do
  for k in all gpu0; do
    d=""; [ $k = gpu0 ] && d=gpu0
    SKMD_DEVICES=$d SKMD_PROFILE_DIR=/tmp/st_$k timeout 50 python3 -W ignore \
      benchmarks/launch_styles.py --rounds 30 --burst 40 --json "$out/styles/styles_${k}_$turn.json" \
      > "$out/styles/styles_${k}_$turn.txt" 2>&1 || echo "exit $?" >> "$out/styles/styles_${k}_$turn.txt"
  done
done
tar czf "$out/styles.tgz" -C "$out" styles && rm -rf "$out/styles"
