#!/bin/bash
# $1 = plain|skmd
cd "${PYOCL_TESTS:-/tmp/pyocl/pyopencl-2026.1.4/test}"
export POCL_DEVICES="pthread pthread"
extra=""
# PLUGIN_DIR: a folder holding skmd_plugin.py; REPO: this checkout
if [ "$1" = skmd ]; then extra="-p skmd_plugin"; export PYTHONPATH=$PLUGIN_DIR:$REPO SKMD_PROFILE_DIR=/tmp/skmd_pt_store; fi
for f in ${FILES:-test_wrapper test_enqueue_copy test_algorithm test_clmath test_clrandom test_arrays_in_structs}; do
  timeout 2400 ${PYTHON:-python3} -m pytest -q -p no:cacheprovider $extra -rf $f.py > /tmp/$1_$f.txt 2>&1
  echo "$f rc=$?" >> /tmp/$1_summary.txt
done
