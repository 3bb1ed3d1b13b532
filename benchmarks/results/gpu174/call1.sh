#!/usr/bin/env bash
# gpu174 call 1: a program's start with the context made ahead (54050cd) against
# 068927d (oldskmd/ = git archive 068927d skmd) in turns, then three unseen programs
set -u
OUT=$1
OLD=oldskmd bash benchmarks/gpu_session.sh cost5 "$OUT/cost"
ROUNDS=16 SLOTX=200 UNSEEN="one_launch tiny_loop byte_histogram" \
  bash benchmarks/gpu_session.sh unseen4 "$OUT/unseen"
