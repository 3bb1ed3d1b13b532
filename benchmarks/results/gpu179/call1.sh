#!/usr/bin/env bash
# gpu179 calls 1 and 2: the unseen suite at the day's code, the same command as gpu178
# calls 4 and 5 (half the programs each)
#   bash benchmarks/results/gpu179/call1.sh OUT 4|5
exec bash benchmarks/results/gpu178/call4.sh "$@"
