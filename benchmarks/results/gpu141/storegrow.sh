# the exit's store writing over 12 successive runs of tiny_loop on one store, the code
# before (old7/, 7eebb3a) and after the opening's check changed, in turns
. scratch/setup.sh
python3 -m compileall -q old7 > /dev/null 2>&1
P=skmd/bench/unseen/programs
rm -rf /tmp/st_old /tmp/st_new
for i in $(seq 1 12); do
  for way in old new; do
    if [ $way = old ]; then pp=/tmp/site:$PWD/old7; else pp=/tmp/site:$PWD; fi
    ms=$(SKMD_PROFILE_DIR=/tmp/st_$way PYTHONPATH=$pp SKMD_DEVICES=gpu0,cpu0 python3 scratch/exitprobe.py $P/tiny_loop.py paper 2>/dev/null | awk '/^rt.flush/ {print $2}')
    sz=$(stat -c %s /tmp/st_$way/profiles.sqlite 2>/dev/null)
    echo "$i $way flush_ms=$ms store_bytes=$sz"
  done
done > $1/storegrow.txt
cat $1/storegrow.txt
