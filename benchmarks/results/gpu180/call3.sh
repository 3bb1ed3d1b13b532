#!/usr/bin/env bash
# gpu180 call 3: the six graphs of long kernels of the MKMD suite at the day's code,
# graph mode against program order through skmd in the same rounds (part engine7)
#   bash benchmarks/results/gpu180/call3.sh OUT
set -u
GRAPH_SLOT=72 GRAPHS="lyapunov abe care commutator gabe gramian" bash benchmarks/gpu_session.sh engine7 "$1"
