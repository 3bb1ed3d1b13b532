export PYTHONPATH=/tmp/site:$PWD
python3 -c "import pyopencl" 2>/dev/null || python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --target /tmp/site .whl/*.whl > /dev/null 2>&1
[ -e /etc/OpenCL/vendors/nvidia.icd ] || echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
python3 -m compileall -q /tmp/site skmd old > /dev/null 2>&1
o=$OUT/q; mkdir -p $o; nvidia-smi -L > $o/machine.txt
for k in 1 2; do
  for w in new old; do
    d=$PWD; [ $w = old ] && d=$PWD/old
    (cd $d && PYTHONPATH=/tmp/site:$d SKMD_PROFILE_DIR=/tmp/ps_$w$k timeout 60 python3 -W ignore $OLDPWD/benchmarks/results/gpu162/probe/sizes.py --rounds 7 > $o/sizes_${w}$k.txt 2>&1)
    (cd $d && PYTHONPATH=/tmp/site:$d SKMD_PROFILE_DIR=/tmp/pl_$w$k timeout 90 python3 -W ignore benchmarks/launch_styles.py --rounds 7 --json $o/styles_${w}$k.json > $o/styles_${w}$k.txt 2>&1)
  done
done
tail -n 12 $o/*.txt | cut -c1-150
