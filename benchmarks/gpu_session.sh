#!/usr/bin/env bash
# One measuring run on a GPU machine (see docs/benchmarks.md for what it produced).
# Usage: benchmarks/gpu_session.sh PART [OUTDIR]
#   OUTDIR (default benchmarks/results/incoming) receives results_PART.tgz; unpack it into
#   benchmarks/results/gpuNN/ and add its line to benchmarks/results/README.md
#   PART: skmd | mkmd | second | final | compute | three | recheck | onegpu | profile
#         | memory | onegpu_all | graphs | merges | graphs2 | graphs3 | rounds
#         | rounds2 | rounds1gpu | graphs4 | graphs5 | onegpu3 | onegpu4 | onegpu5
#         | onegpu6 | rounds3a | rounds3b | online | onegpu7 | onegpu8
#         | onegpu9 | onegpu10 | onegpu11 | copies1 | copies2
#         | copies3 | copies4 | copies5 | links1 | order1 | order2
#         | x2memory | x2online | x2graphs | accuracy1 | accuracy2 | order3 | order4 | order5 | stage1 | order6 | stage2
#         | unseen1 | unseen2 | unseen3 | x2engine | engine | engine1 | engine2 | spy1 | spy2 | spy3
#         | house1 | vast | place1 | spy4 | spy5 | final1 | placetwice | vast2 | vast3 | debug2 | debug3
#         | cost1 | unseen4 | cost2 | stream1 | cost3 | stream2 | engine3 | engine4 | place3 | place4 | x2place | spy6 | engine5 | sections1 | cost4 | cost5 | start1 | styles1 | stall1 | jobs1 | styles2 | stream3 | engine6 | engine7 | sched2 | pyocl1 | x2graphs2 | x2place2
#         | loop1 | membw1 | vast4
# Wheels for pyopencl & co. must lie in .whl/ (the machine has no network).
set -u
part=$1; out=${2:-benchmarks/results/incoming}
mkdir -p "$out/r"
size=${SIZE:-paper}
python3 -c "import pyopencl" 2>/dev/null ||
  python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --target /tmp/site .whl/*.whl
# bytecode compiled once, as pip does on install (the machine writes none on import: every
# process would otherwise compile pyopencl's and skmd's sources, 0.4 s of a run)
python3 -m compileall -q /tmp/site skmd > /dev/null 2>&1
export PYTHONPATH=/tmp/site:$PWD PYTHONUNBUFFERED=1 COLUMNS=200
# every dependency skmd declares must import, or the figures are not skmd's (without
# libclang no kernel is analysed, so none is ever split)
python3 -c "import pyopencl, clang.cindex, mako, sklearn, networkx, llvmlite, platformdirs" ||
  { echo "a dependency is missing on this machine: bring its wheel in .whl/" >&2; exit 3; }
[ -e /etc/OpenCL/vendors/nvidia.icd ] || echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export SKMD_PROFILE_DIR=$out/r/prof POCL_MEMORY_LIMIT=96
r=$out/r
{ date -u; nvidia-smi -L; lscpu | grep -E "Model name|^CPU\(s\)"; } > "$r/machine.txt" 2>&1

# bench TAG DEVICES SECONDS ARGS...: one program per process, so one that runs over
# its time slot costs only itself; DEVICES "" means every device.  The runner starts
# no round that would end past three quarters of SECONDS (the rest: start-up and the
# exit), so a slot keeps the rounds that fit
bench() {
  local tag=$1 devices=$2 secs=$3; shift 3
  local name=${*: -1}
  SKMD_DEVICES=$devices timeout -s "${TIMEOUT_SIG:-TERM}" "$secs" python3 -m skmd bench --size "$size" --repeat 2 \
    --time-limit $((secs * 3 / 4)) \
    --json "$r/${tag}_$name.json" "${@:1:$#-1}" --only "$name" > "$r/${tag}_$name.txt" 2>&1 \
    || echo "exit $? for $name" >> "$r/${tag}_$name.txt"
}
MKMD="abe bicgstab jacobi commutator gabe gramian lyapunov care stein svd sylvester"
COMPUTE="matrixmultiplication nbody binomialoption"
skmd3() { for b in "$@"; do bench skmd "" 100 --suite skmd --oracle-steps 4 --max-seconds 1.5 $b; done; }
skmd2() { for b in $COMPUTE; do bench skmd2gpu gpu0,gpu1 "$1" --suite skmd --oracle-steps 8 $b; done; }
onegpu() { for b in "$@"; do bench gpucpu gpu0,cpu0 40 --suite skmd --oracle-steps 8 --max-seconds 1.5 $b; done; }
mkmd2() { for b in $MKMD; do bench mkmd gpu0,gpu1 "$1" --suite mkmd --policy hill $b; done; }
# graphs1gpu TAG SECONDS "VARIANT ARGS" NAME...: graphs on gpu0 + cpu0, up to 40 rounds each
# vb TAG DEVICES SECONDS ARGS...: one benchmarks/vast_bench.py step in its own process
vb() { local tag=$1 devices=$2 secs=$3; shift 3
  SKMD_DEVICES=$devices timeout "$secs" python3 benchmarks/vast_bench.py "$@" \
    --json "$r/vast_$tag.json" > "$r/vast_$tag.txt" 2>&1 || echo "exit $?" >> "$r/vast_$tag.txt"
  free -g >> "$r/free.txt" 2>&1; }
# placement in a first and a second run of two memory-bound programs on one store
# (the links measured first, as place1 does: until a launch looks worth splitting
# skmd measures none itself, and without them no upload counts towards a launch)
place_twice() {
  python3 -m skmd devices --remeasure --json > "$r/devices.json" 2> "$r/devices.err"
  for k in 1 2; do
    for b in vectoradd blackscholes; do
      bench "place$k" gpu0,cpu0 "${PLACE2_SLOT:-26}" --suite skmd --policy hill --repeat 200 \
        --max-seconds 0.5 --variant home:mode=inorder --variant eager:stage_uploads=0 $b
    done
  done
}
# place_suite DEVICES SLOT REPEAT PROGRAM...: skmd (hill) against skmd whole on the home
# device with the same page-locked copies (home) and against uploads sent home at once
# (eager), same rounds, one program per slot
place_suite() {
  local devices=$1 secs=$2 repeat=$3; shift 3
  for b in "$@"; do
    bench place "$devices" "$secs" --suite skmd --policy hill --repeat "$repeat" \
      --max-seconds 0.5 --variant home:mode=inorder --variant eager:stage_uploads=0 "$b"
  done
}
PLACE_PROGS="blackscholes vectoradd boxmuller mersennetwister histogram matrixtranspose
  reduction scanlargearrays sobelfilter medianfilter aesencrypt aesdecrypt fdtd3d"
graphs1gpu() {
  local tag=$1 secs=$2 variants=$3; shift 3
  for b in "$@"; do
    # word-split on purpose: VARIANT ARGS holds zero or more --variant options
    bench "$tag" gpu0,cpu0 "$secs" --suite mkmd --policy hill --repeat 40 --max-seconds 0.5 \
      $variants "$b"
  done
}

case "$part" in
skmd)
  python3 -m skmd devices --remeasure > "$r/devices.txt" 2>&1
  python3 benchmarks/launch_overhead.py > "$r/overhead.txt" 2>&1
  python3 benchmarks/merge_throughput.py --n 4096 > "$r/merge.txt" 2>&1
  skmd3 vectoradd blackscholes scanlargearrays matrixtranspose aesencrypt aesdecrypt \
        boxmuller fdtd3d histogram reduction mersennetwister medianfilter sobelfilter
  skmd2 100 ;;
mkmd) mkmd2 60 ;;
second)
  python3 benchmarks/pinned_links.py > "$r/pinned.txt" 2>&1
  python3 benchmarks/launch_overhead.py > "$r/overhead.txt" 2>&1
  mkmd2 45; skmd2 60; skmd3 vectoradd scanlargearrays fdtd3d ;;
final) skmd2 45; mkmd2 30 ;;
compute) skmd2 50 ;;
three) skmd3 vectoradd blackscholes scanlargearrays matrixtranspose aesencrypt aesdecrypt \
        boxmuller fdtd3d histogram reduction mersennetwister medianfilter sobelfilter ;;
recheck) skmd3 vectoradd histogram matrixtranspose medianfilter mersennetwister; skmd2 45 ;;
onegpu) onegpu vectoradd blackscholes binomialoption boxmuller mersennetwister ;;
memory)
  # repeated runs of the programs that stay on the home GPU, and the graphs' busy ratios
  python3 -m skmd devices --remeasure > "$r/devices.txt" 2>&1
  python3 benchmarks/merge_throughput.py --n 4096 > "$r/merge.txt" 2>&1
  for b in vectoradd histogram matrixtranspose medianfilter mersennetwister blackscholes \
           reduction sobelfilter scanlargearrays aesencrypt fdtd3d boxmuller; do
    bench mem "" 60 --suite skmd --repeat 5 --policy hill --policy oracle --oracle-steps 2 \
      --max-seconds 1.5 $b
  done
  mkmd2 40 ;;
graphs)
  # graphs after the guard rail's fix, two-GPU compute, BoxMuller, repeated 1 GPU + CPU runs
  for b in $MKMD; do bench mkmd gpu0,gpu1 40 --suite mkmd --policy hill --repeat 3 $b; done
  skmd2 45
  bench skmd "" 90 --suite skmd --oracle-steps 4 --max-seconds 1.5 boxmuller
  for b in boxmuller aesdecrypt blackscholes mersennetwister; do
    bench gpucpu gpu0,cpu0 45 --suite skmd --repeat 6 --policy hill --policy oracle \
      --oracle-steps 4 --max-seconds 1.5 $b
  done ;;
merges)
  # merge kernels on the GPUs: throughput, every program split three ways at CI size,
  # then the two-GPU compute programs and the graphs again
  python3 benchmarks/merge_throughput.py --n 4096 > "$r/merge.txt" 2>&1
  for s in skmd mkmd; do
    timeout 120 python3 -m skmd bench --suite $s --size ci --policy even --repeat 1 \
      --json "$r/even_ci_$s.json" > "$r/even_ci_$s.txt" 2>&1 || echo "exit $?" >> "$r/even_ci_$s.txt"
  done
  skmd2 45
  for b in $MKMD; do bench mkmd gpu0,gpu1 30 --suite mkmd --policy hill --repeat 3 $b; done ;;
graphs2)
  # the graphs whose batches are long enough to schedule, after faster scheduling
  for b in commutator abe gabe lyapunov sylvester svd stein gramian; do
    bench mkmd gpu0,gpu1 25 --suite mkmd --policy hill --repeat 3 $b
  done ;;
graphs3)
  # results left where they were made and uploads staged on the host: the upload
  # paths, every graph, then three graphs with staging off for comparison
  python3 benchmarks/pinned_links.py --mib 64 > "$r/links64.txt" 2>&1
  for b in $MKMD; do
    bench mkmd gpu0,gpu1 $([ $b = commutator ] && echo 60 || echo 40) --suite mkmd \
      --policy hill --repeat 5 $b
  done
  for b in abe stein; do
    bench nostage gpu0,gpu1 40 --suite mkmd --policy hill --repeat 5 \
      --variant nostage:stage_uploads=0 $b
  done ;;
rounds)
  # how much of the graphs' gain one GPU alone gets (staged uploads, lazy results);
  # then many timed rounds, for per-round speedups: the compute-bound programs on the
  # two GPUs against the oracle sweep, the memory-bound ones on every device
  for b in abe gabe commutator care lyapunov sylvester; do
    bench mkmd1gpu gpu0 25 --suite mkmd --policy hill --repeat 5 $b
  done
  for b in $COMPUTE; do
    bench rounds2gpu gpu0,gpu1 45 --suite skmd --policy hill --policy linear \
      --policy oracle --oracle-steps 8 --repeat 8 $b
  done
  for b in aesencrypt blackscholes fdtd3d histogram matrixtranspose medianfilter \
           mersennetwister reduction scanlargearrays sobelfilter vectoradd; do
    bench rounds "" 25 --suite skmd --policy hill --repeat 20 --max-seconds 1.0 $b
  done ;;
rounds2)
  # what did not finish its slot in part rounds; the CPU runs past --max-seconds 0.5
  # once and is left out, so the rounds are the GPUs' and skmd's only
  bench mkmd1gpu gpu0 45 --suite mkmd --policy hill --repeat 5 abe
  bench mkmd1gpu gpu0 75 --suite mkmd --policy hill --repeat 5 commutator
  bench rounds2gpu gpu0,gpu1 120 --suite skmd --policy hill --policy linear \
    --policy oracle --oracle-steps 8 --repeat 8 matrixmultiplication
  for b in fdtd3d medianfilter mersennetwister; do
    bench rounds "" 60 --suite skmd --policy hill --repeat 20 --max-seconds 0.5 $b
  done ;;
rounds1gpu)
  # one GPU + the CPU, many timed rounds of every SKMD program (the CPU runs past
  # --max-seconds 0.5 once and is left out, as the smaller shares predict it to)
  for b in aesdecrypt blackscholes mersennetwister aesencrypt vectoradd boxmuller \
           histogram matrixtranspose reduction scanlargearrays sobelfilter medianfilter \
           fdtd3d binomialoption nbody matrixmultiplication; do
    bench rounds1gpu gpu0,cpu0 45 --suite skmd --policy hill --repeat 15 \
      --max-seconds 0.5 $b
  done ;;
graphs4)
  # every graph with the fine/coarse choice measured online, seven timed rounds
  for b in $MKMD; do
    bench mkmd gpu0,gpu1 $([ $b = commutator ] && echo 60 || echo 48) --suite mkmd \
      --policy hill --repeat 7 $b
  done ;;
graphs5)
  # the graphs whose first fine run had sent them back to program order (graphs4),
  # and two graphs with many uploads; each also without sending staged uploads
  # ahead, and with the driver's pageable path, in the same rounds (--variant)
  for b in stein svd sylvester abe gabe; do
    bench mkmd gpu0,gpu1 75 --suite mkmd --policy hill --repeat 40 \
      --variant noahead:send_ahead=0 --variant pageable:pinned_copies=never $b
  done ;;
online)
  # what online corrections gain where work is split: the compute-bound programs on
  # two GPUs, with them off in the same rounds (--variant): measured times, link
  # speeds measured in place, the chunked transfers
  for b in $COMPUTE; do
    bench online gpu0,gpu1 110 --suite skmd --policy hill --repeat 60 \
      --variant offline:online=0 --variant probe:learn_links=0 \
      --variant pageable:pinned_copies=never $b
  done ;;
onegpu7)
  # graphs on gpu0 alone with and without sending staged uploads ahead, in the same
  # rounds (--variant); then the compute-bound programs on one GPU + CPU
  for b in abe gabe; do
    bench mkmd1gpu gpu0 135 --suite mkmd --policy hill --repeat 100 \
      --variant noahead:send_ahead=0 $b
  done
  for b in nbody matrixmultiplication; do
    bench rounds1gpu gpu0,cpu0 115 --suite skmd --policy hill --repeat 100 \
      --max-seconds 0.5 $b
  done ;;
onegpu3)
  # many rounds, forwards and backwards by turns, of the programs fifteen rounds could
  # not show within 3 % on one GPU + CPU; then on gpu0 alone, where skmd has nothing to
  # split and only its own cost per launch tells it from the in-order baseline
  # (the first call, d278366, kept only gpu0-alone BoxMuller and AESEncrypt: the
  # slots were too short and killed runs kept nothing; since then --time-limit)
  for b in boxmuller mersennetwister; do
    bench rounds1gpu gpu0,cpu0 140 --suite skmd --policy hill --repeat 100 --max-seconds 0.5 $b
  done
  bench gpuonly gpu0 100 --suite skmd --policy hill --repeat 60 mersennetwister
  for b in aesdecrypt scanlargearrays sobelfilter; do
    bench rounds1gpu gpu0,cpu0 60 --suite skmd --policy hill --repeat 60 --max-seconds 0.5 $b
  done ;;
onegpu4)
  # graphs on gpu0 alone with staged uploads sent ahead (the default) and without;
  # then the two programs fifteen rounds could not show within 3 % on one GPU + CPU
  for b in abe gabe; do
    bench mkmd1gpu gpu0 65 --suite mkmd --policy hill --repeat 7 $b
    bench noahead1gpu gpu0 65 --suite mkmd --policy hill --repeat 7 \
      --variant noahead:send_ahead=0 $b
  done
  for b in boxmuller mersennetwister; do
    bench rounds1gpu gpu0,cpu0 130 --suite skmd --policy hill --repeat 100 --max-seconds 0.5 $b
  done ;;
onegpu5)
  # as many rounds as fit of the other memory-bound programs on one GPU + CPU
  for b in aesencrypt aesdecrypt blackscholes fdtd3d histogram matrixtranspose \
           medianfilter reduction scanlargearrays sobelfilter vectoradd; do
    bench rounds1gpu gpu0,cpu0 48 --suite skmd --policy hill --repeat 100 --max-seconds 0.5 $b
  done ;;
onegpu6)
  # the three onegpu5 could not show within 3 %, with twice the time
  for b in aesdecrypt fdtd3d medianfilter; do
    bench rounds1gpu gpu0,cpu0 90 --suite skmd --policy hill --repeat 150 --max-seconds 0.5 $b
  done ;;
onegpu8)
  # the compute-bound programs on one GPU + CPU (onegpu7 lost them to the CPU's
  # 88-108 s single-device warm-up runs; since then the CPU is probed first), then
  # every graph on one GPU + CPU
  for b in nbody matrixmultiplication; do
    bench rounds1gpu gpu0,cpu0 100 --suite skmd --policy hill --repeat 100 \
      --max-seconds 0.5 $b
  done
  for b in $MKMD; do
    bench mkmdcpu gpu0,cpu0 28 --suite mkmd --policy hill --repeat 20 $b
  done ;;
onegpu9)
  # every graph on one GPU + CPU, the CPU probed before it runs a program alone
  # (onegpu8 ran them without --max-seconds: SVD's matmul alone took 15 s on the CPU)
  for b in $MKMD; do
    bench mkmdcpu gpu0,cpu0 38 --suite mkmd --policy hill --repeat 20 --max-seconds 0.5 $b
  done ;;
onegpu10)
  # two of the graphs whose warm-up round did not end within onegpu9's 38 s slots
  for b in abe gabe; do
    bench mkmdcpu gpu0,cpu0 150 --suite mkmd --policy hill --repeat 20 --max-seconds 0.5 $b
  done ;;
onegpu11)
  # onegpu10's ABE again: its CPU ran the program alone for 76 s (a graph run had
  # given it one cheap kernel and said 0.1 s; since then only fixed shares count)
  bench mkmdcpu gpu0,cpu0 100 --suite mkmd --policy hill --repeat 20 --max-seconds 0.5 abe ;;
copies1)
  # the program's pageable arrays moved through page-locked chunks, against the
  # driver's pageable path (chunk sizes and memcpy threads), then onegpu11
  python3 benchmarks/pinned_links.py --pipelined --mib 256 > "$r/pipelined256.txt" 2>&1
  python3 benchmarks/pinned_links.py --pipelined --mib 32 > "$r/pipelined32.txt" 2>&1
  bench mkmdcpu gpu0,cpu0 100 --suite mkmd --policy hill --repeat 20 --max-seconds 0.5 abe ;;
copies2)
  # the memory-bound programs on one GPU + CPU, their large transfers through
  # page-locked chunks (skmd) or the driver's pageable path (variant and baseline)
  python3 benchmarks/pinned_links.py --pipelined --mib 256 > "$r/pipelined256.txt" 2>&1
  for b in vectoradd blackscholes matrixtranspose boxmuller mersennetwister histogram \
           reduction sobelfilter medianfilter aesencrypt aesdecrypt scanlargearrays fdtd3d; do
    bench copies gpu0,cpu0 34 --suite skmd --policy hill --repeat 200 --max-seconds 0.5 \
      --variant pageable:pinned_copies=never $b
  done ;;
copies3)
  # copies2 for the compute-bound programs and the graphs that fit their slots
  for b in $COMPUTE; do
    bench copies gpu0,cpu0 55 --suite skmd --policy hill --repeat 200 --max-seconds 0.5 \
      --variant pageable:pinned_copies=never $b
  done
  graphs1gpu copiesmkmd 38 "--variant pageable:pinned_copies=never" jacobi bicgstab lyapunov stein svd sylvester
  graphs1gpu copiesmkmd 60 "--variant pageable:pinned_copies=never" abe ;;
copies4)
  # copies3's graphs again, graph mode's staged uploads copied by as many threads
  # as chunked copies use, and three larger graphs
  graphs1gpu copiesmkmd 38 "--variant pageable:pinned_copies=never" jacobi bicgstab lyapunov stein svd sylvester
  graphs1gpu copiesmkmd 55 "--variant pageable:pinned_copies=never" gabe care gramian ;;
copies5)
  # copies4 again, graph mode's whole uploads sent home in chunks as they are staged
  graphs1gpu copiesmkmd 38 "--variant pageable:pinned_copies=never" jacobi bicgstab lyapunov stein svd sylvester
  graphs1gpu copiesmkmd 55 "--variant pageable:pinned_copies=never" gabe abe ;;
links1)
  # copies5's graphs and two more: the fine phase's splits must gain SKMD_MIN_SPLIT_US,
  # and links measured in place against the probe's figures in the same rounds
  graphs1gpu linksmkmd 38 "--variant probe:learn_links=0" jacobi bicgstab lyapunov stein svd sylvester
  graphs1gpu linksmkmd 55 "--variant probe:learn_links=0" gabe abe care gramian ;;
order1|order3|order4|order5)
  # links1's graphs again, each part on the code of its day. order1: all-home
  # schedules on the in-order queue, schedules kept for batches of one shape. order3:
  # a launch shape whose batches were scheduled whole on the home device three times
  # in a row is launched at once, like a too-short one. order4: batches the guard rail
  # holds in program order count towards that too. order5: batches of at most 256
  # kernels, and each look that finds a shape still in order doubles its span at once
  graphs1gpu ordermkmd 38 "" jacobi bicgstab lyapunov stein svd sylvester
  graphs1gpu ordermkmd 55 "" gabe abe care gramian ;;
order2)
  # kernels of batches too short to schedule launched at once (BiCGSTAB, Jacobi), and
  # two larger graphs again
  graphs1gpu ordermkmd 38 "" bicgstab jacobi lyapunov
  graphs1gpu ordermkmd 55 "" abe ;;
stage1)
  # the two graphs of tiny kernels, whose launches almost all skip the graph: whole
  # uploads staged in page-locked memory (graph mode's default) against written home
  # at once, in the same rounds
  graphs1gpu stagemkmd 60 "--variant nostage:stage_uploads=0" jacobi bicgstab ;;
stage2)
  # stage1 again: uploads stop being staged once 8 were staged since the latest batch
  # that used a helper (order6 counted 8 batches, which kernels at once do not make)
  graphs1gpu stagemkmd 60 "--variant nostage:stage_uploads=0" jacobi bicgstab ;;
order6)
  # once 8 graph batches in a row left the helpers idle, whole uploads go
  # home at once instead of being staged: stage1's two graphs against staging kept
  # (nostage: never staged), then the other eight graphs as in order5
  graphs1gpu stagemkmd 60 "--variant nostage:stage_uploads=0" jacobi bicgstab
  graphs1gpu ordermkmd 38 "" lyapunov stein svd sylvester
  graphs1gpu ordermkmd 55 "" gabe abe care gramian ;;
rounds3a|rounds3b)
  # the memory-bound programs on gpu0 + gpu1 + cpu0 with as many rounds as fit (20 in
  # part rounds left seven of them not shown within 3 % at 95 % confidence), in two
  # calls; the driver's pageable path in the same rounds tells chunked copies' gain apart
  if [ "$part" = rounds3a ]; then
    set -- aesencrypt aesdecrypt boxmuller fdtd3d medianfilter reduction scanlargearrays
  else
    set -- sobelfilter vectoradd blackscholes histogram matrixtranspose mersennetwister
  fi
  for b in "$@"; do
    bench rounds "" 75 --suite skmd --policy hill --repeat 150 --max-seconds 0.5 \
      --variant pageable:pinned_copies=never $b
  done ;;
x2memory)
  # two H200s + the CPU, one call: every memory-bound program on all three devices,
  # as many rounds as fit 41 s, chunked copies against the driver's pageable path
  for b in aesencrypt aesdecrypt boxmuller fdtd3d medianfilter reduction scanlargearrays \
           sobelfilter vectoradd blackscholes histogram matrixtranspose mersennetwister; do
    bench rounds "" 41 --suite skmd --policy hill --repeat 150 --max-seconds 0.5 \
      --variant pageable:pinned_copies=never $b
  done ;;
x2online)
  # two H200s: the compute-bound programs with online corrections off, link figures
  # from the probe, and pageable copies in the same rounds; then every graph, a few
  # rounds each, on the code as it stands
  for b in $COMPUTE; do
    bench online gpu0,gpu1 95 --suite skmd --policy hill --repeat 60 \
      --variant offline:online=0 --variant probe:learn_links=0 \
      --variant pageable:pinned_copies=never $b
  done
  for b in $MKMD; do
    bench mkmd gpu0,gpu1 24 --suite mkmd --policy hill --repeat 20 --max-seconds 0.5 $b
  done ;;
x2engine)
  # two H200s: every graph in graph mode against program order (order) and against
  # kernels whole on a helper waiting on the host for their predecessors there
  # (nochain), then every recorded batch replayed; a partial tarball after each graph,
  # so a call cut short still brings back what ran
  for b in $MKMD; do
    bench x2engine gpu0,gpu1 28 --suite mkmd --policy hill --repeat 40 --max-seconds 0.5 \
      --variant order:mode=inorder --variant nochain:chain_helpers=0 $b
    tar czf "$out/partial.tgz" -C "$out" r
  done
  python3 benchmarks/replay_logs.py "$r/prof/profiles.sqlite" --json "$r/replay.json" \
    > "$r/replay.md" 2>&1 ;;
x2graphs2)
  # two GPUs: every graph (GRAPHS) in graph mode against program order through skmd
  # (order) in the same rounds, GRAPH_SLOT seconds each (30 for the two graphs of short
  # kernels), a partial tarball after each graph; then every scheduled batch replayed
  for b in ${GRAPHS:-$MKMD}; do
    case $b in bicgstab|jacobi) s=30 ;; *) s=${GRAPH_SLOT:-45} ;; esac
    bench x2graphs2 gpu0,gpu1 "$s" --suite mkmd --policy hill --repeat 40 --max-seconds 0.5 \
      --variant order:mode=inorder "$b"
    tar czf "$out/partial.tgz" -C "$out" r
  done
  timeout 60 python3 benchmarks/replay_logs.py "$r/prof/profiles.sqlite" --json "$r/replay.json" \
    > "$r/replay.md" 2>&1 ;;
x2place2)
  # two GPUs, no CPU: memory-bound programs (X2MEMORY) on gpu0 + gpu1, skmd (hill)
  # against skmd whole on gpu0 with the same copies (home) and uploads sent home at
  # once (eager), PLACE_SLOT seconds each; then the copy pieces and each program's bound
  python3 -m skmd devices --remeasure --json > "$r/devices.json" 2> "$r/devices.err"
  timeout 60 python3 benchmarks/placement_phases.py copies >> "$r/phases.jsonl" 2>> "$r/phases.err"
  place_suite gpu0,gpu1 "${PLACE_SLOT:-30}" 200 ${X2MEMORY:-$PLACE_PROGS}
  python3 benchmarks/placement_gain.py "$r" --size "$size" > "$r/placement.md" 2>&1 ;;
x2graphs)
  # two H200s: every graph; kernels whole on home enqueued behind their predecessors
  # there, against waiting on the host for them to finish (nochain), in the same rounds
  for b in $MKMD; do
    bench mkmd gpu0,gpu1 $([ $b = commutator ] && echo 62 || echo 48) --suite mkmd \
      --policy hill --repeat 40 --max-seconds 0.5 --variant nochain:chain_home=0 $b
  done ;;
onegpu_all)
  # every SKMD program on one GPU + the CPU; CPU shares predicted too slow are left out
  python3 -m skmd devices --remeasure > "$r/devices.txt" 2>&1
  for b in binomialoption matrixmultiplication nbody blackscholes vectoradd boxmuller \
           mersennetwister histogram matrixtranspose reduction scanlargearrays sobelfilter \
           medianfilter aesencrypt aesdecrypt fdtd3d; do
    bench gpucpu gpu0,cpu0 40 --suite skmd --repeat 3 --oracle-steps 8 --max-seconds 1.5 $b
  done ;;
accuracy1|accuracy2)
  # one GPU + the CPU: `skmd profile` over half the SKMD programs at four inputs
  # each, then the models' held-out error per (kernel, device) from that store;
  # accuracy1 also checks which devices skmd finds and how long finding them takes
  if [ "$part" = accuracy1 ]; then
    progs="vectoradd blackscholes binomialoption scanlargearrays matrixmultiplication \
           matrixtranspose nbody aesencrypt"
    python3 -m skmd devices > "$r/devices.txt" 2>&1
    python3 -c "import time; from skmd.runtime.devices import discover
t = time.perf_counter(); found, left = discover()
print(f'discover: {time.perf_counter() - t:.3f} s', [d.label for d in found], left)" \
      >> "$r/devices.txt" 2>&1
  else
    progs="aesdecrypt boxmuller fdtd3d histogram reduction mersennetwister medianfilter \
           sobelfilter"
  fi
  for b in $progs; do
    for s in ci profile1 profile2 paper; do
      SKMD_DEVICES=gpu0,cpu0 timeout 60 python3 -m skmd profile \
        -m skmd.bench.programs.$b --size $s >> "$r/profile_$b.txt" 2>&1 \
        || echo "exit $? for $b $s" >> "$r/profile_$b.txt"
    done
  done
  python3 benchmarks/prediction_error.py --store "$r/prof" > "$r/accuracy.txt" 2>&1 ;;
unseen3)
  # after the start-up changes: a one-launch program's phases plain and twice under
  # skmd on one store, sync_launch.py twice on one store, and the programs whose plain
  # runs fit a 36 s slot (mandelbrot's and nbody's paper sizes do not)
  d=$(mktemp -d)
  for k in plain 1 2; do
    a=; [ $k = plain ] && a=--plain
    SKMD_PROFILE_DIR=$d timeout 60 python3 -W ignore benchmarks/startup_profile.py $a \
      --top 40 > "$r/startup_$k.txt" 2>&1
  done
  d=$(mktemp -d)
  for k in 1 2; do
    SKMD_PROFILE_DIR=$d timeout 60 python3 benchmarks/sync_launch.py --launches 2000 \
      --n 1048576 || echo "exit $? for sync_launch"
  done > "$r/sync.txt" 2>&1
  for b in one_launch saxpy_loop tiny_loop array_arith elementwise dot_reduction scan \
           matmul_naive stencil transpose byte_histogram profiled_events; do
    bench unseen "" 36 --suite unseen --repeat 6 --max-seconds 28 $b
  done ;;
spy1|spy2|spy6)
  # where the unseen programs' extra process time goes: per program a warm-up run, plain
  # and skmd (first run on an empty store, second on what it left) timed twice in turns,
  # then both skmd runs again under py-spy (every thread, waits included), summarised;
  # spy2 also profiles the plain run and lists each process's slowest imports
  spy=/tmp/site/bin/py-spy
  progs="one_launch saxpy_loop tiny_loop array_arith elementwise dot_reduction scan
         matmul_naive stencil transpose byte_histogram profiled_events"
  runs="1 2"
  # spy6: the three whose extra process time is most nearly fixed (gpu108: +50-90 ms)
  [ "$part" = spy6 ] && progs="one_launch tiny_loop array_arith" && runs="plain 1 2"
  if [ "$part" = spy2 ]; then
    progs="one_launch saxpy_loop tiny_loop array_arith matmul_naive profiled_events stencil"
    runs="plain 1 2"
    p=skmd/bench/unseen/programs/one_launch.py
    { python3 -c "import sys; print(sys.version, sys.flags.dont_write_bytecode)"
      for mod in argparse sqlite3 concurrent.futures numpy pyopencl; do
        python3 -c "import $mod as m, importlib.util as u, os; c=u.cache_from_source(m.__file__); print('$mod', m.__file__, os.path.exists(c))"
      done
      echo "== plain"; python3 -X importtime "$p" paper 2>&1 >/dev/null | sort -t'|' -k2 -n | tail -25
      echo "== skmd"; SKMD_PROFILE_DIR=$(mktemp -d) python3 -X importtime -m skmd run "$p" paper 2>&1 >/dev/null \
        | sort -t'|' -k2 -n | tail -40
    } > "$r/imports.txt" 2>&1
  fi
  for b in $progs; do
    p=skmd/bench/unseen/programs/$b.py
    timeout 60 python3 "$p" paper > /dev/null 2>&1
    d=$(mktemp -d)
    for k in 1 2; do
      /usr/bin/time -f "$b plain %e" timeout 60 python3 "$p" paper > /dev/null
      SKMD_PROFILE_DIR=$d /usr/bin/time -f "$b skmd$k %e" timeout 60 python3 -m skmd run "$p" paper > /dev/null
      SKMD_DEVICES=gpu0 SKMD_PROFILE_DIR=$d /usr/bin/time -f "$b gpu0only$k %e" timeout 60 python3 -m skmd run "$p" paper > /dev/null
    done
    d=$(mktemp -d)
    for k in $runs; do
      how="-m skmd run"; [ "$k" = plain ] && how=
      SKMD_PROFILE_DIR=$d timeout 90 $spy record -r 250 --nonblocking --idle -t -f raw \
        -o "$r/spy_${b}_$k.raw" -- python3 $how "$p" paper > /dev/null 2>&1
      python3 benchmarks/spy_summary.py "$r/spy_${b}_$k.raw" --top 10 --depth 12 \
        > "$r/spy_${b}_$k.txt" 2>&1
      rm -f "$r/spy_${b}_$k.raw"
    done
  done > "$r/times.txt" 2>&1
  d=$(mktemp -d)
  for k in 1 2; do
    SKMD_PROFILE_DIR=$d timeout 90 $spy record -r 250 --nonblocking --idle -t -s -f raw \
      -o "$r/spy_sync_$k.raw" -- python3 benchmarks/sync_launch.py --launches 2000 \
      --n 1048576 > "$r/sync_$k.txt" 2>&1
    python3 benchmarks/spy_summary.py "$r/spy_sync_$k.raw" --top 12 --depth 12 > "$r/spy_sync_$k.txt" 2>&1
    rm -f "$r/spy_sync_$k.raw"
  done ;;
spy5|spy4)
  # where pyopencl.array programs' extra process time goes (unseen3 at gpu61: +0.6-1.2 s
  # on array_arith and dot_reduction, more on a second run): each program plain, under
  # skmd twice on one store and over gpu0 alone, timed; then the same three under py-spy
  # (every thread, waits included), and what skmd did in each run (explain)
  spy=/tmp/site/bin/py-spy
  progs="array_arith dot_reduction"
  # spy5: the programs that lost the most outside their launches at gpu72
  [ "$part" = spy5 ] && progs="dot_reduction scan tiny_loop transpose"
  for b in $progs; do
    p=skmd/bench/unseen/programs/$b.py
    timeout 60 python3 "$p" paper > /dev/null 2>&1
    d=$(mktemp -d); e=$(mktemp -d)
    for k in 1 2; do
      /usr/bin/time -f "$b plain %e" timeout 60 python3 "$p" paper > /dev/null
      SKMD_PROFILE_DIR=$d /usr/bin/time -f "$b skmd$k %e" timeout 60 python3 -m skmd run "$p" paper > /dev/null
      SKMD_DEVICES=gpu0 SKMD_PROFILE_DIR=$e /usr/bin/time -f "$b gpu0only$k %e" timeout 60 python3 -m skmd run "$p" paper > /dev/null
    done
    SKMD_PROFILE_DIR=$d python3 -m skmd explain --list --all > "$r/explain_$b.txt" 2>&1
    SKMD_PROFILE_DIR=$d python3 -m skmd explain >> "$r/explain_$b.txt" 2>&1
    d=$(mktemp -d)
    for k in plain 1 2; do
      how="-m skmd run"; [ "$k" = plain ] && how=
      SKMD_PROFILE_DIR=$d timeout 90 $spy record -r 500 --nonblocking --idle -t -f raw \
        -o "$r/spy_${b}_$k.raw" -- python3 $how "$p" paper > /dev/null 2>&1
      python3 benchmarks/spy_summary.py "$r/spy_${b}_$k.raw" --rate 500 --top 14 --depth 12 \
        > "$r/spy_${b}_$k.txt" 2>&1
      rm -f "$r/spy_${b}_$k.raw"
    done
  done > "$r/times.txt" 2>&1 ;;
house1)
  # after settings were passed in, graph mode split into rooms and a launch's walk
  # shortened (behaviour meant unchanged): synchronised launches twice on one store
  # (per-launch cost, first and second run; as unseen3's sync.txt), then four graphs in
  # graph mode against program order in the same rounds (as spy3, gpu55; engine1, gpu45)
  d=$(mktemp -d)
  for k in 1 2; do
    SKMD_PROFILE_DIR=$d timeout 50 python3 benchmarks/sync_launch.py --launches 2000 \
      --n 1048576 || echo "exit $? for sync_launch"
  done > "$r/sync.txt" 2>&1
  for b in abe stein bicgstab jacobi; do
    bench house gpu0,cpu0 65 --suite mkmd --policy hill --repeat 30 --max-seconds 0.5 \
      --variant order:mode=inorder $b
  done ;;
spy3)
  # where graph mode loses to program order on BiCGSTAB and Jacobi: each graph in graph
  # mode and in program order (variant) in the same rounds, the process under py-spy
  for b in bicgstab jacobi; do
    SKMD_DEVICES=gpu0,cpu0 timeout 150 /tmp/site/bin/py-spy record -r 500 --nonblocking \
      --idle -t -f raw -o "$r/spy_$b.raw" -- python3 -m skmd bench --size "$size" \
      --suite mkmd --policy hill --repeat 30 --max-seconds 0.5 --time-limit 90 \
      --variant order:mode=inorder --only "$b" --json "$r/$b.json" > "$r/$b.txt" 2>&1
    python3 benchmarks/spy_summary.py "$r/spy_$b.raw" --rate 500 --top 30 --depth 14 \
      > "$r/spy_$b.txt" 2>&1
    rm -f "$r/spy_$b.raw"
  done ;;
unseen1|unseen2)
  # user-style programs as whole processes on every device (one GPU + the CPU), plain
  # python against skmd run on an empty profile store and on the store that run left,
  # as many rounds as fit (up to 6 for 95 % intervals), the worst launch against
  # 1.25 x plain + 1 ms; unseen1 first measures launch overhead: back to back,
  # synchronised (launch + finish) and a process's first launch
  if [ "$part" = unseen1 ]; then
    # the device a plain create_some_context() gives the programs
    python3 -c "import pyopencl as cl; print(cl.create_some_context(False).devices)" \
      > "$r/plain_device.txt" 2>&1
    timeout 120 python3 benchmarks/launch_overhead.py > "$r/overhead.txt" 2>&1 \
      || echo "exit $? for launch_overhead" >> "$r/overhead.txt"
    # a program's first, second and worst launches, twice on one store (second run)
    d=$(mktemp -d)
    for k in 1 2; do
      SKMD_PROFILE_DIR=$d timeout 60 python3 benchmarks/sync_launch.py --launches 2000 \
        --n 1048576 || echo "exit $? for sync_launch"
    done > "$r/sync.txt" 2>&1
    set -- one_launch saxpy_loop tiny_loop array_arith elementwise dot_reduction
  else
    set -- scan matmul_naive stencil mandelbrot transpose byte_histogram nbody_allpairs profiled_events
  fi
  for b in "$@"; do
    bench unseen "" 40 --suite unseen --repeat 6 --max-seconds 30 $b
  done ;;
profile)
  for b in blackscholes matrixmultiplication; do
    for s in profile1 profile2 $size; do
      SKMD_DEVICES=gpu0,gpu1 timeout 90 python3 -m skmd profile -m skmd.bench.programs.$b --size $s \
        >> "$r/profile_$b.txt" 2>&1
    done
  done ;;
engine|engine1|engine2)
  # graph mode's engine on gpu0 + cpu0: each graph against program order in the same
  # rounds (order), and against kernels whole on the CPU waiting on the host for their
  # predecessors there (nochain: SKMD_CHAIN_HELPERS=0); then every recorded graph
  # batch replayed with its measured costs (engine loss = measured - simulated)
  v="--variant order:mode=inorder --variant nochain:chain_helpers=0"
  # engine1 and engine2 split the graphs so that each fits a ten-minute call
  [ "$part" = engine2 ] ||
    graphs1gpu enginemkmd 60 "$v" jacobi bicgstab lyapunov stein svd sylvester
  [ "$part" = engine1 ] ||
    graphs1gpu enginemkmd 80 "$v" gabe abe care gramian commutator
  python3 benchmarks/replay_logs.py "$r/prof/profiles.sqlite" --json "$r/replay.json" \
    > "$r/replay.md" 2>&1 ;;
vast)
  # VAST: buffers larger than the GPU (sizes: VAST_GB per triad buffer, VAST_COMPUTE_GB
  # per compute buffer; 3 x 30 GB and 2 x 41 GB exceed an 80 GB H100). One process per
  # measurement: each one's buffers take most of host memory. At most 6.7 minutes.
  free -g > "$r/free.txt" 2>&1
  vb link "" 30 link
  vb stream gpu0 120 stream --gb "${VAST_GB:-30}" --repeat 2 --link "$r/vast_link.json"
  vb compute_gpu gpu0 80 compute --gb "${VAST_COMPUTE_GB:-41}" --iters 256
  # the CPU device at 22 ns per element (gpu56) needs minutes for 2 x 41 GB: the same
  # program on it over 2 x VAST_CPU_GB GB, kept in host memory and run in chunks as
  # the large one is (SKMD_HOST_BACKED_MIN), scaled per element by compare
  SKMD_HOST_BACKED_MIN=100000000 vb compute_cpu cpu0 60 compute --gb "${VAST_CPU_GB:-2}" --iters 256
  vb compare "" 20 compare --gpu "$r/vast_compute_gpu.json" --cpu "$r/vast_compute_cpu.json"
  vb plain_cpu "" 30 plain_cpu --gb 4 --iters 256
  vb fits gpu0 80 fits --gb 4 --repeat 5 --devices gpu0 ;;
place1)
  # partition-aware placement on one GPU + the CPU: skmd (hill) against skmd's own
  # whole-on-home run with the same page-locked copies (home) and against uploads sent
  # home at once (eager), same rounds; then each program's physical bound
  python3 -m skmd devices --remeasure --json > "$r/devices.json" 2> "$r/devices.err"
  # (matrixmultiplication and nbody left out: their single-device runs on the CPU
  # outlast any slot, gpu59)
  place_suite gpu0,cpu0 "${PLACE_SLOT:-26}" 200 $PLACE_PROGS binomialoption
  python3 benchmarks/placement_gain.py "$r" --size "$size" > "$r/placement.md" 2>&1 ;;
final1)
  # VAST streaming with pageable pieces through page-locked slots, and data that fits;
  # graph mode on the two graphs of short kernels; placement in a first and a second
  # run of two memory-bound programs on one store (the second starts from the first)
  free -g > "$r/free.txt" 2>&1
  vb link "" 30 link
  vb stream gpu0 130 stream --gb "${VAST_GB:-30}" --repeat 2 --link "$r/vast_link.json"
  vb fits gpu0 80 fits --gb 4 --repeat 5 --devices gpu0
  graphs1gpu ordermkmd 60 "--variant order:mode=inorder" bicgstab jacobi
  place_twice ;;
placetwice) place_twice ;;
debug2)
  # a vector add's second run on one store ran past its slot twice (gpu78, gpu79): twice
  # with 60 s slots, every thread's stack printed if one is cut short (SIGABRT); then
  # VAST streaming with still more page-locked memory, and the two graphs of short kernels
  python3 -m skmd devices --remeasure --json > "$r/devices.json" 2> "$r/devices.err"
  for k in 1 2; do
    PYTHONFAULTHANDLER=1 TIMEOUT_SIG=ABRT bench "place$k" gpu0,cpu0 60 --suite skmd \
      --policy hill --repeat 200 --max-seconds 0.5 --time-limit 19 \
      --variant home:mode=inorder --variant eager:stage_uploads=0 vectoradd
  done
  vb link "" 30 link
  for share in 0.75 0.85; do
    vb "stream_p$share" gpu0 100 stream --gb "${VAST_GB:-30}" --repeat 2 --pinned-share $share \
      --link "$r/vast_link.json"
  done
  graphs1gpu ordermkmd 50 "--variant order:mode=inorder" bicgstab jacobi ;;
cost1)
  # where a short program's extra process time goes (benchmarks/process_cost.py), and
  # the same against the checkout in $OLD (before / after), if given; then graph mode
  # over program order on the two graphs of short kernels, with more rounds
  [ -n "${OLD:-}" ] && python3 -m compileall -q "$OLD" > /dev/null 2>&1
  for p in one_launch tiny_loop saxpy_loop matmul_naive; do
    timeout 200 python3 benchmarks/process_cost.py --program $p --size paper --rounds 10 \
      ${OLD:+--old $OLD} --json "$r/cost_$p.json" > "$r/cost_$p.txt" 2>&1 || echo "exit $?" >> "$r/cost_$p.txt"
  done
  timeout 120 python3 benchmarks/process_cost.py --program one_launch --size paper --rounds 8 \
    --first --only run ${OLD:+--old $OLD} > "$r/cost_first.txt" 2>&1
  graphs1gpu ordermkmd 70 "--variant order:mode=inorder" bicgstab jacobi ;;
unseen4)
  # the unseen programs with slots that fit 6 rounds (elementwise and transpose got 2 in
  # 36 s); UNSEEN lists the programs of this call (default: all twelve)
  for b in ${UNSEEN:-one_launch tiny_loop array_arith byte_histogram profiled_events \
             matmul_naive saxpy_loop dot_reduction scan stencil transpose elementwise \
             moving_source}; do
    case $b in
      elementwise|moving_source) s=72 ;; transpose) s=62 ;; stencil) s=48 ;;
      saxpy_loop|dot_reduction|scan) s=40 ;; *) s=32 ;;
    esac
    # ROUNDS (default 6) rounds at most, in slots SLOTX per cent as long (default 100)
    bench unseen "" $((s * ${SLOTX:-100} / 100)) --suite unseen --repeat "${ROUNDS:-6}" \
      --max-seconds 28 $b
  done ;;
sections1)
  # where timed launches spend their time (benchmarks/section_profile.py): each program
  # plain on skmd's home device, then under skmd on an empty store and again on it
  ctx=$(python3 -c "from skmd.bench.unseen.processes import machine_of; print(machine_of()[1])" 2>/dev/null)
  for b in ${SECTIONS:-matmul_naive scan dot_reduction one_launch elementwise}; do
    st=$(mktemp -d)
    PYOPENCL_CTX=$ctx timeout 120 python3 benchmarks/section_profile.py "$b" --way plain > "$r/sections_${b}_plain.txt" 2>&1
    for k in 1 2; do
      SKMD_PROFILE_DIR=$st timeout 120 python3 benchmarks/section_profile.py "$b" --way skmd > "$r/sections_${b}_$k.txt" 2>&1
    done
    rm -rf "$st"
  done ;;
cost2)
  # a program's start phase by phase (benchmarks/install_cost.py), against the checkout
  # in $OLD; every device, then the GPU alone
  [ -n "${OLD:-}" ] && python3 -m compileall -q "$OLD" > /dev/null 2>&1
  timeout 250 python3 benchmarks/install_cost.py --rounds 25 ${OLD:+--old $OLD} \
    --json "$r/install_cost.json" > "$r/install_cost.txt" 2>&1 || echo "exit $?" >> "$r/install_cost.txt"
  SKMD_DEVICES=gpu0 timeout 150 python3 benchmarks/install_cost.py --rounds 15 ${OLD:+--old $OLD} \
    --json "$r/install_cost_gpu0.json" > "$r/install_cost_gpu0.txt" 2>&1 || echo "exit $?" >> "$r/install_cost_gpu0.txt" ;;
stream1)
  # VAST streaming with the staging copies' stores streamed past the caches
  # (skmd/runtime/stream_copy.py), in turns with the checkout in $OLD (without them)
  [ -n "${OLD:-}" ] && python3 -m compileall -q "$OLD" > /dev/null 2>&1
  free -g > "$r/free.txt" 2>&1
  vb link "" 30 link
  for k in 1 2; do
    vb "stream_new$k" gpu0 100 stream --gb "${VAST_GB:-30}" --repeat 2 --link "$r/vast_link.json"
    [ -n "${OLD:-}" ] && PYTHONPATH="$OLD:$PYTHONPATH" vb "stream_old$k" gpu0 100 stream \
      --gb "${VAST_GB:-30}" --repeat 2 --link "$r/vast_link.json"
  done ;;
vast4)
  # VAST streaming with fewer host copy threads (gpu171: the copies and the DMA share
  # the host's memory, and beside 8 threads the DMA keeps 66.8 GB/s), in turns with 8
  free -g > "$r/free.txt" 2>&1
  vb link "" 30 link
  for t in 6 8 7; do
    vb "stream_t$t" gpu0 60 stream --gb "${VAST_GB:-30}" --repeat 2 --bounce-threads $t \
      --link "$r/vast_link.json"
  done ;;
membw1)
  # host copies into page-locked memory beside the GPU's DMA up and down
  # (benchmarks/copy_beside_dma.py): what VAST's bounce slots do while the link is busy
  lscpu | grep -iE "numa|socket|thread|mhz" > "$r/lscpu.txt" 2>&1
  for t in 4 8 16; do
    timeout 120 python3 benchmarks/copy_beside_dma.py --threads $t --rounds 3 \
      --json "$r/membw_t$t.json" > "$r/membw_t$t.txt" 2>&1 || echo "exit $?" >> "$r/membw_t$t.txt"
  done ;;
loop1)
  # a time-step loop's process phase by phase (benchmarks/install_cost.py --loop, the
  # shape of the unseen tiny_loop) with skmd's background jobs: first runs (an empty
  # store each), then runs on one store
  for k in first second; do
    timeout 200 python3 benchmarks/install_cost.py --rounds "${ROUNDS:-12}" --loop 2000 \
      $([ $k = first ] && echo --fresh) --json "$r/loop_$k.json" > "$r/loop_$k.txt" 2>&1 \
      || echo "exit $?" >> "$r/loop_$k.txt"
  done ;;
cost3)
  # a program's start and exit phase by phase (benchmarks/install_cost.py): plain, the
  # program calling skmd.install(), and python -m skmd run
  timeout 250 python3 benchmarks/install_cost.py --rounds 25 \
    --json "$r/install_cost.json" > "$r/install_cost.txt" 2>&1 || echo "exit $?" >> "$r/install_cost.txt" ;;
cost4)
  # what skmd's start is made of on this host: imports (python -X importtime, three
  # processes, the last kept), install() under cProfile, then install_cost.py's phases
  echo "import numpy, pyopencl" > /tmp/triv.py
  for k in 1 2 3; do
    python3 -X importtime -m skmd run /tmp/triv.py 2> "$r/importtime.txt" > /dev/null
  done
  python3 -X importtime -c "import numpy, pyopencl" 2> "$r/importtime_plain.txt"
  python3 - > "$r/install_profile.txt" 2>&1 <<'PY'
import cProfile, pstats, time
import numpy, pyopencl
t = time.perf_counter()
import skmd
cProfile.run("skmd.install()", "/tmp/install.prof")
print(f"install() with the profiler: {1e3 * (time.perf_counter() - t):.1f} ms")
pstats.Stats("/tmp/install.prof").sort_stats("cumulative").print_stats(45)
PY
  timeout 250 python3 benchmarks/install_cost.py --rounds 20 \
    --json "$r/install_cost.json" > "$r/install_cost.txt" 2>&1 || echo "exit $?" >> "$r/install_cost.txt" ;;
cost5)
  # a program's start, skmd against the checkout in $OLD (both ways: the program calling
  # install(), and skmd run), in turns
  [ -n "${OLD:-}" ] && python3 -m compileall -q "$OLD" > /dev/null 2>&1
  timeout 240 python3 benchmarks/install_cost.py --rounds 25 ${OLD:+--old $OLD} \
    --json "$r/install_cost.json" > "$r/install_cost.txt" 2>&1 || echo "exit $?" >> "$r/install_cost.txt" ;;
start1)
  # the drivers' start step by step, with and without skmd run's warm start
  timeout 200 python3 benchmarks/driver_start.py --rounds 15 --json "$r/driver_start.json" \
    > "$r/driver_start.txt" 2>&1 || echo "exit $?" >> "$r/driver_start.txt" ;;
styles1)
  # skmd's extra per synchronised launch, per style of launch, in turns with skmd taken
  # out in one process: every device, then the GPU alone
  timeout 200 python3 -W ignore benchmarks/launch_styles.py --json "$r/styles.json" \
    > "$r/styles.txt" 2>&1 || echo "exit $?" >> "$r/styles.txt"
  SKMD_DEVICES=gpu0 timeout 200 python3 -W ignore benchmarks/launch_styles.py \
    --json "$r/styles_gpu0.json" > "$r/styles_gpu0.txt" 2>&1 || echo "exit $?" >> "$r/styles_gpu0.txt" ;;
stream3)
  # VAST streaming with the output allocated last (the inputs, which travel the busier
  # direction, get the page-locked memory; the output comes back through the slots),
  # in turns with the default order
  free -g > "$r/free.txt" 2>&1
  vb link "" 30 link
  for k in 1 2; do
    vb "stream_default$k" gpu0 110 stream --gb "${VAST_GB:-30}" --repeat 2 --link "$r/vast_link.json"
    vb "stream_outlast$k" gpu0 110 stream --gb "${VAST_GB:-30}" --repeat 2 --out-last \
      --link "$r/vast_link.json"
  done ;;
styles2)
  # skmd's extra per synchronised launch, per style, at this checkout and at the one in
  # $OLD (a whole tree: its own launch_styles.py), in turns: every device, then gpu0;
  # PIN: the CPUs every process runs on (taskset -c), else wherever the system puts it
  [ -n "${OLD:-}" ] && python3 -m compileall -q "$OLD" > /dev/null 2>&1
  for k in 1 2; do
    for w in new ${OLD:+old}; do
      d=$PWD; [ "$w" = old ] && d=$OLD
      # each process on an empty store, as a program's first run
      export SKMD_PROFILE_DIR=$r/prof_styles_$w$k
      (cd "$d" && PYTHONPATH=/tmp/site:$d timeout 150 ${PIN:+taskset -c $PIN} python3 -W ignore benchmarks/launch_styles.py \
        --json "$r/styles_${w}$k.json" > "$r/styles_${w}$k.txt" 2>&1) || echo "exit $?" >> "$r/styles_${w}$k.txt"
      (cd "$d" && PYTHONPATH=/tmp/site:$d SKMD_DEVICES=gpu0 timeout 150 ${PIN:+taskset -c $PIN} python3 -W ignore \
        benchmarks/launch_styles.py --json "$r/styles_gpu0_${w}$k.json" \
        > "$r/styles_gpu0_${w}$k.txt" 2>&1) || echo "exit $?" >> "$r/styles_gpu0_${w}$k.txt"
    done
  done
  export SKMD_PROFILE_DIR=$r/prof ;;
stall1)
  # where the program's thread stands during its longest stalls under skmd (first runs
  # on an empty store), twice per program
  for b in ${STALLS:-elementwise}; do
    for k in 1 2; do
      SKMD_PROFILE_DIR=$(mktemp -d) timeout 120 python3 -W ignore benchmarks/stall_trace.py "$b" \
        > "$r/stall_${b}_$k.txt" 2>&1 || echo "exit $?" >> "$r/stall_${b}_$k.txt"
    done
  done ;;
jobs1)
  # skmd's background jobs against each program's phases and slowest launches, a first
  # run on an empty store and a second on what it left
  for b in ${JOBS:-tiny_loop elementwise}; do
    timeout 120 python3 -W ignore benchmarks/bg_jobs.py "$b" > "$r/jobs_$b.txt" 2>&1 \
      || echo "exit $?" >> "$r/jobs_$b.txt"
  done ;;
stream2)
  # VAST streaming with the interpreter's switch interval at 5 ms (Python's default)
  # and at 0.2 ms, in turns: do the copy threads wait for the lock between slots?
  free -g > "$r/free.txt" 2>&1
  vb link "" 30 link
  for k in 1 2; do
    vb "stream_5ms$k" gpu0 100 stream --gb "${VAST_GB:-30}" --repeat 2 --link "$r/vast_link.json"
    vb "stream_200us$k" gpu0 100 stream --gb "${VAST_GB:-30}" --repeat 2 --switch-us 200 \
      --link "$r/vast_link.json"
  done ;;
engine3)
  # graph mode with every batch scheduled (variant sched: no batch too short, none at
  # once), beside program order and the defaults, so that replaying the run log gives
  # the engine's loss on every graph (benchmarks/replay_logs.py)
  graphs1gpu engine3 40 "--variant order:mode=inorder --variant sched:tuning.graph_min_us=0,tuning.at_once_after=1000000000" $MKMD ;;
engine4)
  # graph mode keeping a spread plan only where it promises 5 % over program order
  # (Tuning.graph_min_gain), beside program order and the plans kept at any gain
  graphs1gpu engine4 40 "--variant order:mode=inorder --variant anygain:tuning.graph_min_gain=0" $MKMD ;;
debug3)
  # a vector add's runs just after `skmd devices` ran past 26 and 34 s slots (gpu79,
  # gpu84): twice in 40 s slots, every thread's stack printed if cut short
  python3 -m skmd devices --remeasure --json > "$r/devices.json" 2> "$r/devices.err"
  for k in 1 2; do
    PYTHONFAULTHANDLER=1 TIMEOUT_SIG=ABRT bench "place$k" gpu0,cpu0 40 --suite skmd \
      --policy hill --repeat 200 --max-seconds 0.5 --variant home:mode=inorder \
      --variant eager:stage_uploads=0 vectoradd
  done ;;
vast3)
  # VAST streaming with more of the buffers page-locked (gpu76: more copy threads gave
  # nothing: the slots move 32 GB/s, about what host copies reach, so fewer bounced bytes)
  free -g > "$r/free.txt" 2>&1
  vb link "" 30 link
  for share in 0.55 0.65; do
    vb "stream_p$share" gpu0 100 stream --gb "${VAST_GB:-30}" --repeat 2 --pinned-share $share \
      --link "$r/vast_link.json"
  done ;;
vast2)
  # VAST streaming: what more host copy threads and larger slots give (gpu68: 8 threads,
  # 16 slots of 8 MiB, 52.5 GB through the slots at 30.5 GB/s set the pace)
  free -g > "$r/free.txt" 2>&1
  vb link "" 30 link
  vb stream_t8 gpu0 100 stream --gb "${VAST_GB:-30}" --repeat 2 --link "$r/vast_link.json"
  vb stream_t12 gpu0 100 stream --gb "${VAST_GB:-30}" --repeat 2 --bounce-threads 12 \
    --bounce-slots 24 --link "$r/vast_link.json"
  vb stream_t12_m32 gpu0 100 stream --gb "${VAST_GB:-30}" --repeat 2 --bounce-threads 12 \
    --bounce-mib 32 --bounce-slots 24 --link "$r/vast_link.json" ;;
place3)
  # a vector add round step by step (plain, skmd whole on home, skmd, and skmd at the
  # checkout in $OLD), in turns; then part place1 (skmd against home, same rounds)
  [ -n "${OLD:-}" ] && python3 -m compileall -q "$OLD" > /dev/null 2>&1
  python3 -m skmd devices --remeasure --json > "$r/devices.json" 2> "$r/devices.err"
  for k in 1 2; do
    for w in plain home skmd; do
      timeout 60 python3 benchmarks/placement_phases.py $w >> "$r/phases.jsonl" 2>> "$r/phases.err"
    done
    [ -n "${OLD:-}" ] && PYTHONPATH=/tmp/site:$OLD timeout 60 python3 benchmarks/placement_phases.py \
      skmd | sed 's/"skmd"/"skmd@old"/' >> "$r/phases.jsonl" 2>> "$r/phases.err"
  done
  place_suite gpu0,cpu0 "${PLACE_SLOT:-24}" 200 $PLACE_PROGS binomialoption
  python3 benchmarks/placement_gain.py "$r" --size "$size" > "$r/placement.md" 2>&1 ;;
place4)
  # the copy pieces alone, then a vector add round step by step with skmd splitting
  # (200 rounds first: helpers are built once the kernel has kept the GPU busy)
  python3 -m skmd devices --remeasure --json > "$r/devices.json" 2> "$r/devices.err"
  for k in 1 2; do
    timeout 60 python3 benchmarks/placement_phases.py copies >> "$r/phases.jsonl" 2>> "$r/phases.err"
    for w in plain home; do
      timeout 60 python3 benchmarks/placement_phases.py $w >> "$r/phases.jsonl" 2>> "$r/phases.err"
    done
    timeout 90 python3 benchmarks/placement_phases.py skmd --warm 200 >> "$r/phases.jsonl" 2>> "$r/phases.err"
  done ;;
x2place)
  # two GPUs + the CPU: the memory-bound programs on every device, skmd (hill) against
  # skmd whole on gpu0 with the same page-locked copies (home) and against uploads sent
  # home at once (eager), same rounds; the compute-bound ones over the two GPUs
  # (X2MEMORY, X2COMPUTE: the programs, when not all; X2COMPUTE="" runs none)
  python3 -m skmd devices --remeasure --json > "$r/devices.json" 2> "$r/devices.err"
  timeout 60 python3 benchmarks/placement_phases.py copies >> "$r/phases.jsonl" 2>> "$r/phases.err"
  place_suite "" "${PLACE_SLOT:-24}" 200 ${X2MEMORY:-$PLACE_PROGS}
  place_suite gpu0,gpu1 "${COMPUTE_SLOT:-40}" 60 ${X2COMPUTE-$COMPUTE}
  python3 benchmarks/placement_gain.py "$r" --size "$size" > "$r/placement.md" 2>&1 ;;
engine5)
  # graph mode against program order on the three graphs that stayed under it (gpu99),
  # with slots long enough for their batches to reach launching at once
  graphs1gpu engine5 "${GRAPH_SLOT:-80}" "--variant order:mode=inorder" abe care gramian ;;
engine6)
  # graph mode against program order once a scheduled batch first finishes the program's
  # queues: the graphs of microsecond batches, and one whose batches are scheduled
  graphs1gpu engine6 "${GRAPH_SLOT:-60}" "--variant order:mode=inorder" bicgstab jacobi care ;;
engine7)
  # graph mode against program order on GRAPHS (default: all eleven) in GRAPH_SLOT-second
  # slots, the run log kept for benchmarks/replay_logs.py
  graphs1gpu engine7 "${GRAPH_SLOT:-60}" "--variant order:mode=inorder" ${GRAPHS:-$MKMD} ;;
sched2)
  # MKMD scheduling time on this host's processor: the thesis's graphs and random DAGs
  # of 11, 100 and 1000 kernels over 2 and 3 devices (no device is used)
  timeout 300 python3 benchmarks/mkmd_scheduling.py --sizes 11 100 1000 --devices 2 3 \
    --json "$r/mkmd_scheduling.json" > "$r/mkmd_scheduling.txt" 2>&1 || echo "exit $?" >> "$r/mkmd_scheduling.txt" ;;
pyocl1)
  # pyopencl's own test files (PYOCL_TESTS: a folder holding them, from its source
  # release) plain on gpu0 and under skmd over every device (one virtual device);
  # PYOCL_WAYS: "plain skmd" unless named
  for f in ${PYOCL_FILES:-test_wrapper test_enqueue_copy test_clrandom test_arrays_in_structs test_algorithm test_clmath test_array}; do
    for way in ${PYOCL_WAYS:-plain skmd}; do
      ( cd "$PYOCL_TESTS" && if [ $way = plain ]; then export PYOPENCL_TEST=nvidia; extra=""; else
          export PYTHONPATH=$PYTHONPATH:$PWD; extra="-p skmd_plugin"; fi
        timeout "${PYOCL_SLOT:-240}" python3 -m pytest -q -p no:cacheprovider $extra -rfE $f.py \
          > "$r/pyocl_${way}_$f.txt" 2>&1; echo "$f $way exit $?" >> "$r/pyocl_summary.txt" )
    done
  done ;;
esac
# the store's run log into its main file (a copy of the write-ahead log alone is
# no database), then one file with the rest: the run logs are what explain reads
if [ -f "$r/prof/profiles.sqlite" ]; then
  python3 -c "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); \
c.execute('PRAGMA wal_checkpoint(TRUNCATE)'); c.execute('PRAGMA journal_mode=DELETE')" \
    "$r/prof/profiles.sqlite" && gzip -f "$r/prof/profiles.sqlite"
fi
tar czf "$out/results_$part.tgz" -C "$out" r && rm -rf "$r"
