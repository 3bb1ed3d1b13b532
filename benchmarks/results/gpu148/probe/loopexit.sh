# bash benchmarks/results/gpu148/probe/loopexit.sh OUT : the run log's writing at the end of
# a 20 000-launch loop under skmd (gpu0 + cpu0), this tree's code against old/ (4ca4212,
# before the run log's summary records), in turns, four rounds
. benchmarks/results/gpu138/probe/setup.sh
D=benchmarks/results/gpu148/probe
python3 -m compileall -q old > /dev/null 2>&1
for round in 1 2 3 4; do
  for code in new old; do
    [ $code = old ] && pp=/tmp/site:$PWD/old || pp=/tmp/site:$PWD
    rm -rf /tmp/prof
    echo "$round $code $(PYTHONPATH=$pp python3 -W ignore $D/stopwhere.py $D/longloop.py 20000 2>&1 | grep -E '^(loop|flush)' | tr '\n' ' ')"
  done
done > $1/loopexit.txt
