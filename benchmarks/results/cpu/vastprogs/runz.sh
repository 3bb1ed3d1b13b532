#!/bin/bash
# usage: runz.sh prog.py mode  (mode: plain|lim|even|hbm)
P=$1; M=$2; B=$(basename $P .py)
D=$(cd "$(dirname "$0")" && pwd)
export PYTHONPATH=$(cd "$D/../../../.." && pwd):$D POCL_DEVICES="pthread pthread" SKMD_BACKGROUND=0 SKMD_REMEMBER=0
PY=${PY:-python3}
export SKMD_PROFILE_DIR=/tmp/vstore_${B}_$M; rm -rf $SKMD_PROFILE_DIR
case $M in
 plain) Z_MIB=${Z_MIB:-320} timeout 120 $PY $P /tmp/o_${B}_plain.npz ;;
 lim) POCL_MEMORY_LIMIT=1 timeout 120 $PY -m skmd run $P /tmp/o_${B}_lim.npz ;;
 even) SKMD_POLICY=even POCL_MEMORY_LIMIT=1 timeout 120 $PY -m skmd run $P /tmp/o_${B}_even.npz ;;
 plainS) Z_MIB=${Z_MIB:-32} timeout 120 $PY $P /tmp/o_${B}_plainS.npz ;;
 hbm) Z_MIB=${Z_MIB:-32} SKMD_HOST_BACKED_MIN=4000000 timeout 120 $PY -m skmd run $P /tmp/o_${B}_hbm.npz ;;
esac
echo "rc=$?"
