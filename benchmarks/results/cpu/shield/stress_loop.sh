#!/bin/bash
# stress.py N times in a row, each with a watchdog: a run still going after TMO seconds
# (120) is counted hung; its threads' stacks (gdb py-bt, and the import lock's owner
# thread) go to LOG.gdb, then SIGABRT (faulthandler's dump, with PYTHONFAULTHANDLER=1)
# and SIGKILL.  One line per run in OUT/summary.txt.
#   usage: stress_loop.sh TAG N [VAR=value ...]
#   PY: the python (python3); PP: PYTHONPATH; NOMIN=1: SKMD_MIN_SPLIT_US left unset;
#   SCRIPT: stress.py or a variant; RUNNER: "-m skmd run" (empty: plain python)
tag=$1; n=$2; shift 2
here=$(cd "$(dirname "$0")" && pwd)
out=${OUT:-logs}; mkdir -p "$out"
for i in $(seq 1 "$n"); do
  log=$out/$tag.$i.log
  env ${NOMIN:+-u SKMD_MIN_SPLIT_US} POCL_DEVICES="pthread pthread pthread" SKMD_POLICY=even \
      SKMD_BACKGROUND=0 $( [ -n "$NOMIN" ] || echo SKMD_MIN_SPLIT_US=0 ) \
      PYTHONPATH=${PP:-} PYTHONFAULTHANDLER=1 "$@" \
      ${PY:-python3} ${RUNNER--m skmd run} "${SCRIPT:-$here/stress.py}" 60 >"$log" 2>&1 &
  pid=$!; t=0; hung=0
  while kill -0 $pid 2>/dev/null; do
    sleep 1; t=$((t+1))
    if [ $t -ge "${TMO:-120}" ]; then
      hung=1
      timeout 60 gdb -p $pid -batch -iex "add-auto-load-safe-path /" \
          -ex "print/x import_lock_thread" -ex "info threads" -ex "thread apply all py-bt" \
          >"$log.gdb" 2>&1
      kill -ABRT $pid; sleep 5; kill -KILL $pid 2>/dev/null; break
    fi
  done
  wait $pid; rc=$?
  [ $hung = 1 ] && rc="124($rc)"
  echo "$tag $i rc=$rc $(tail -1 "$log")" >> "$out/summary.txt"
done
