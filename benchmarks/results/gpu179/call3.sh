#!/usr/bin/env bash
# gpu179 call 3: the SKMD suite again at the day's code, as gpu_session.sh's copies2 and
# copies3 parts ran it (one program per process, skmd against the driver's pageable path),
# in shorter slots: 26 s per memory-bound program, 45 s per compute-bound one
#   bash benchmarks/results/gpu179/call3.sh OUT
set -u
OUT=$1
mkdir -p "$OUT"
cat > /tmp/part.sh <<'PART'
for b in vectoradd blackscholes matrixtranspose boxmuller mersennetwister histogram \
         reduction sobelfilter medianfilter aesencrypt aesdecrypt scanlargearrays fdtd3d; do
  bench copies gpu0,cpu0 26 --suite skmd --policy hill --repeat 200 --max-seconds 0.5 \
    --variant pageable:pinned_copies=never $b
done
for b in $COMPUTE; do
  bench copies gpu0,cpu0 45 --suite skmd --policy hill --repeat 200 --max-seconds 0.5 \
    --variant pageable:pinned_copies=never $b
done
PART
# gpu_session.sh's set-up and bench(), then the loop above
sed -n '1,/^case "\$part" in/p' benchmarks/gpu_session.sh | sed '$d' > /tmp/setup.sh
cat /tmp/setup.sh /tmp/part.sh > /tmp/call3_run.sh
bash /tmp/call3_run.sh skmdsuite "$OUT"
