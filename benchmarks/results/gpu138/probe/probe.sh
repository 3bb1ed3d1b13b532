# bash scratch/probe.sh OUT : exit/after probe and import times for unseen programs
. scratch/setup.sh
P=skmd/bench/unseen/programs
export SKMD_DEVICES=gpu0,cpu0
for prog in scan dot_reduction tiny_loop array_arith elementwise; do
  for run in 1 2; do
    [ $run = 1 ] && rm -rf /tmp/prof
    echo "=== $prog run $run"; python3 scratch/exitprobe.py $P/$prog.py paper 2>&1 | tail -75
  done
done > $1/exitprobe.txt
for i in 1 2 3; do python3 -X importtime -c "import skmd; skmd.install()" 2> $1/importtime$i.txt; done
