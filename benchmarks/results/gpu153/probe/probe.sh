# skmd's extra per pyopencl operation at this checkout and at the one in old/ (its skmd/),
# in turns, over gpu0 alone and over every device, each process on an empty store
# (bash benchmarks/results/gpu153/probe/probe.sh OUT, from the repository root)
out=$1; here=benchmarks/results/gpu153/probe
. benchmarks/results/gpu138/probe/setup.sh
python3 -m compileall -q old > /dev/null 2>&1
for k in 1 2; do
  for w in new old; do
    d=$PWD; [ $w = old ] && d=$PWD/old
    PYTHONPATH=/tmp/site:$d SKMD_DEVICES=gpu0 SKMD_PROFILE_DIR=$(mktemp -d) timeout 120 python3 -W ignore $here/ops.py --rounds 11 > "$out/ops_gpu0_$w$k.txt" 2>&1
    PYTHONPATH=/tmp/site:$d SKMD_PROFILE_DIR=$(mktemp -d) timeout 120 python3 -W ignore $here/ops.py --rounds 11 > "$out/ops_all_$w$k.txt" 2>&1
  done
done
{ date -u; nvidia-smi -L; lscpu | grep -E "Model name|^CPU\(s\)"; } > "$out/machine.txt" 2>&1
