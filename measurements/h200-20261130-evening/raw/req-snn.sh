#!/usr/bin/env bash
# SNN benchmark families (issue 14, branch `snn`, helper session 2026-11-30 evening), round 2.
# scripts/bench-snn.sh with Table I's limits, in priority order:
#   256k:     nn:table1=256k-model (262,144 neurons, 67.4M pins; goal <= 30 s on one H200).
#             One-pass needs 4,032 blocks here (CPU, same on every backend); expected: either a
#             result or an out-of-memory error in the neighbour rows (Sum |e|^2 = 17.3G keys,
#             ~138 GB; not batched yet) - the message is the finding.
#   1m:       nn:model,neurons=1000000,fanout=64 (65M pins, Sum |e|^2 = 4.2G keys; goal: no OOM;
#             one-pass: 7,680 blocks)
#   allen:    nn:allen,neurons=20000,fanout=100, multilevel and one-pass (the families row)
#   diagnose: nn:allen,neurons=5000,fanout=300 with --progress (r1: allen 20k x 300 timed out at
#             12 s; the last phase line shows where), then 16k-model with --fewest-blocks off
# Rows: network | nodes | pins | algorithm | blocks | connectivity | time_s | valid | levels stop | top steps | wall
# Stops starting runs after 72 s (256k first: if the round is cut at 52 s, the goals are in).
OUT=${OUT:-/tmp/snn} BUDGET_S=72 scripts/bench-snn.sh "${TESSERA_BIN:-build/cuda/apps/tessera}" 256k 1m allen diagnose
