#!/bin/bash
# pyopencl's examples plain and under skmd run; exit codes and last lines
cd "${PYOCL_EXAMPLES:-/tmp/pyocl/pyopencl-2026.1.4/examples}"
export POCL_DEVICES="pthread pthread" PYOPENCL_CTX=0 MPLBACKEND=Agg
for f in demo.py demo_array.py demo_elementwise.py demo_elementwise_complex.py demo_mandelbrot.py demo_meta_codepy.py demo_meta_template.py demo-struct-reduce.py demo_array_svm.py svm.py narray.py n-body.py pi-monte-carlo.py transpose.py median-filter.py image_filters_using_image2d_t.py black-hole-accretion.py dump-properties.py; do
  for way in plain skmd; do
    t0=$(date +%s.%N)
    if [ $way = plain ]; then timeout 300 ${PYTHON:-python3} $f > /tmp/ex_${way}_$f.txt 2>&1; rc=$?
    else SKMD_PROFILE_DIR=/tmp/ex_store PYTHONPATH=$REPO timeout 300 ${PYTHON:-python3} -m skmd run $f > /tmp/ex_${way}_$f.txt 2>&1; rc=$?; fi
    t1=$(date +%s.%N)
    printf "%-34s %-5s rc=%-4s %6.2f s  %s\n" $f $way $rc $(echo "$t1 - $t0" | bc) "$(grep -m1 -E 'Error|error|Traceback' /tmp/ex_${way}_$f.txt | head -c 90)"
  done
done
