# bash exitab.sh OUT : the exit's writing (rt.flush, exitprobe.py) at this tree's code
# against old/ (the code before the store's lazy row records), in turns
. benchmarks/results/gpu138/probe/setup.sh
P=skmd/bench/unseen/programs
export SKMD_DEVICES=gpu0,cpu0
python3 -m compileall -q old > /dev/null 2>&1
for round in 1 2 3 4; do
  for prog in scan dot_reduction array_arith; do
    for code in new old; do
      [ $code = old ] && pp=/tmp/site:$PWD/old || pp=/tmp/site:$PWD
      t=$(PYTHONPATH=$pp python3 benchmarks/results/gpu138/probe/exitprobe.py $P/$prog.py paper 2>&1 | grep '^rt.flush' | awk '{print $2}')
      echo "$round $prog $code $t"
    done
  done
done > $1/exitab.txt
