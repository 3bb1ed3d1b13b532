#!/usr/bin/env bash
# gpu180 call 6: five programs of the unseen suite at the day's last code (after the
# analysis took expressions of scalars and pages were sized per buffer), short slots
#   bash benchmarks/results/gpu180/call6.sh OUT
set -u
ROUNDS=20 SLOTX=100 UNSEEN="one_launch tiny_loop array_arith dot_reduction stencil" \
  bash benchmarks/gpu_session.sh unseen4 "$1/unseen"
