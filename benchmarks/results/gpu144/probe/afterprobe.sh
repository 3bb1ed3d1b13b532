# bash afterprobe.sh OUT : read-back and check times of transpose and stencil, plain
# (PYOPENCL_CTX=0:0) and under skmd run (gpu0 + cpu0), in turns, 6 rounds
. benchmarks/results/gpu138/probe/setup.sh
P=skmd/bench/unseen/programs
A=benchmarks/results/gpu144/probe/afterprobe.py
for round in 1 2 3 4 5 6; do
  for prog in transpose stencil; do
    p=$(PYOPENCL_CTX=0:0 python3 -W ignore $A $P/$prog.py paper 2>&1 | grep '^AFTER')
    rm -rf /tmp/prof
    s=$(python3 -W ignore -m skmd run $A $P/$prog.py paper 2>&1 | grep '^AFTER')
    echo "$round $prog plain: $p | skmd: $s"
  done
done > $1/afterprobe.txt
