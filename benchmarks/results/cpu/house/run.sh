#!/usr/bin/env bash
# before/after side by side on this machine: runs alternate so load changes hit both
set -u
PY=/work/wt/house/.venv/bin/python
OUT=/tmp/house/bench
export POCL_DEVICES="pthread pthread"
run() {  # TAG TREE SUITE
  local tag=$1 tree=$2 suite=$3
  export SKMD_PROFILE_DIR=$(mktemp -d)
  ( cd "$tree" && PYTHONPATH="$tree" timeout 300 "$PY" -m skmd bench --suite "$suite" --size ci \
      --repeat 10 --time-limit 240 --json "$OUT/${tag}_${suite}.json" \
      > "$OUT/${tag}_${suite}.txt" 2>&1; echo "rc $?" >> "$OUT/${tag}_${suite}.txt" )
}
for suite in skmd mkmd; do
  run before /tmp/before "$suite"
  run after /tmp/after "$suite"
done
