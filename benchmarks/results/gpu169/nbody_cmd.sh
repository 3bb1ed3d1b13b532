python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl 2>/dev/null
python3 -m compileall -q /tmp/site skmd > /dev/null 2>&1
[ -e /etc/OpenCL/vendors/nvidia.icd ] || echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
mkdir -p $OUT/st; nvidia-smi -L > $OUT/machine.txt
PYTHONPATH=/tmp/site:$PWD SKMD_PROFILE_DIR=$OUT/st SKMD_DEVICES=gpu0,gpu1 COLUMNS=200 timeout 45 python3 -m skmd bench --size paper --time-limit 33 --suite skmd --policy hill --repeat 60 --max-seconds 0.5 --variant home:mode=inorder --json $OUT/nbody.json --only nbody > $OUT/nbody.txt 2>&1
python3 -c "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); c.execute('PRAGMA wal_checkpoint(TRUNCATE)'); c.execute('PRAGMA journal_mode=DELETE')" $OUT/st/profiles.sqlite; rm -rf $OUT/st/analysis; ls $OUT/st
