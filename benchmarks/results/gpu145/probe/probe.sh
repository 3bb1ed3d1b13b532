# bash benchmarks/results/gpu145/probe/probe.sh OUT : where skmd's exit goes on a GPU host
. benchmarks/results/gpu138/probe/setup.sh
D=benchmarks/results/gpu145/probe
P=skmd/bench/unseen/programs
python3 -W ignore $D/exitphase.py 4 one_launch tiny_loop scan > $1/exitphase.txt 2>&1
for prog in one_launch scan; do
  for i in 1 2 3; do
    rm -rf /tmp/prof
    python3 -W ignore $D/exitwhere.py $P/$prog.py paper 2>&1 | grep '^EXIT close' | sed "s/^/$prog /"
  done
done > $1/exitwhere.txt
for i in 1 2 3; do python3 -X importtime -c "import skmd; skmd.install()" 2> $1/importtime$i.txt; done
