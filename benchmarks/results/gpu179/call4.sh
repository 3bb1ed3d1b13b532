#!/usr/bin/env bash
# gpu179 call 4: five graphs of the MKMD suite at the day's code, graph mode against
# program order through skmd in the same rounds (as part engine7, 60 s slots)
#   bash benchmarks/results/gpu179/call4.sh OUT
set -u
GRAPH_SLOT=60 GRAPHS="bicgstab jacobi stein svd sylvester" bash benchmarks/gpu_session.sh engine7 "$1"
