# skmd's extra per pyopencl.array operation on the GPU machine: gpu0 alone, then every
# device (bash benchmarks/results/gpu152/probe/probe.sh OUT, from the repository root)
out=$1; here=benchmarks/results/gpu152/probe
. benchmarks/results/gpu138/probe/setup.sh
for k in 1 2; do
  SKMD_DEVICES=gpu0 SKMD_PROFILE_DIR=$(mktemp -d) timeout 200 python3 -W ignore $here/ops.py > "$out/ops_gpu0_$k.txt" 2>&1
  SKMD_PROFILE_DIR=$(mktemp -d) timeout 200 python3 -W ignore $here/ops.py > "$out/ops_all_$k.txt" 2>&1
done
{ date -u; nvidia-smi -L; lscpu | grep -E "Model name|^CPU\(s\)"; } > "$out/machine.txt" 2>&1
for op in dot get lin; do
  SKMD_DEVICES=gpu0 SKMD_PROFILE_DIR=$(mktemp -d) timeout 100 python3 -W ignore $here/prof.py $op > "$out/prof_${op}_gpu0.txt" 2>&1
done
