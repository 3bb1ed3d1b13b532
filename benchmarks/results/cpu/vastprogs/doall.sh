#!/bin/bash
# usage: doall.sh prog.py [modes...]
P=$1; shift; B=$(basename $P .py); D=$(cd "$(dirname "$0")" && pwd); PY=${PY:-python3}
MODES=${@:-plain lim even plainS hbm}
for m in $MODES; do
  s=$(date +%s.%N); $D/runz.sh $P $m > /tmp/log_${B}_$m.txt 2>&1; e=$(date +%s.%N)
  echo "[$m] $(tail -1 /tmp/log_${B}_$m.txt) $(printf %.1f $(echo "$e-$s"|bc))s"
  grep -i "error\|traceback" /tmp/log_${B}_$m.txt | head -3
done
for m in lim even; do [ -f /tmp/o_${B}_$m.npz ] && echo "cmp $m:" && $PY $D/cmpz.py /tmp/o_${B}_plain.npz /tmp/o_${B}_$m.npz; done
[ -f /tmp/o_${B}_hbm.npz ] && echo "cmp hbm:" && $PY $D/cmpz.py /tmp/o_${B}_plainS.npz /tmp/o_${B}_hbm.npz
