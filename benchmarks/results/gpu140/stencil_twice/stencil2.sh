# stencil under skmd twice on one store (all devices), then each run's log
. scratch/setup.sh
export SKMD_PROFILE_DIR=/tmp/st; rm -rf /tmp/st
P=$PWD/skmd/bench/unseen/programs
for k in 1 2; do
  (cd $P && UNSEEN_LAUNCH_LOG=$1/ll$k.json python3 -m skmd run stencil.py paper) > $1/run$k.txt 2>&1
done
python3 -m skmd explain --list > $1/list.txt 2>&1
ids=$(python3 -m skmd explain --list 2>/dev/null | awk 'NR>2 && $1 ~ /^[0-9a-f]/ {print $1}')
i=0; for id in $ids; do i=$((i+1)); python3 -m skmd explain $id --json > $1/explain_$i.json 2>&1; python3 -m skmd explain $id > $1/explain_$i.txt 2>&1; done
head -12 $1/list.txt; for f in $1/explain_*.txt; do echo "## $f"; head -40 $f | cut -c1-220; done
