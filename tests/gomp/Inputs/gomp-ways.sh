#!/bin/bash
# gomp-ways.sh SRC OUT [WAY...]: builds the C program SRC with gcc -fopenmp and runs it on
# libomp2numa in each of the three ways of docs/gomp-abi.md (all of them by default):
#   direct   gcc -fopenmp -c, then linked with -lomp2numa instead of libgomp (OUT.direct)
#   preload  the unmodified gcc binary (OUT.gcc, linked with libgomp) under LD_PRELOAD=libomp2numa.so
#   libdir   the same binary with LD_LIBRARY_PATH=lib/omp2numa, whose libgomp.so.1 is libomp2numa
# Each run's output is preceded by a line "== WAY"; the status is that of the first run that
# fails.  The environment (OMP_*, OMP2NUMA_*) passes to the runs.  Needs O2N_LIB (the build's lib
# directory) and O2N_GCC_FLAGS (the compiler flags) from lit's %gomp-ways.
set -u
src=$1 out=$2
shift 2
ways=("$@")
((${#ways[@]})) || ways=(direct preload libdir)
gcc -fopenmp $O2N_GCC_FLAGS -c "$src" -o "$out.o" || exit 1
timeout=(timeout --kill-after=5 120)
status=0
for way in "${ways[@]}"; do
  echo "== $way"
  case $way in
    direct)
      gcc "$out.o" -L"$O2N_LIB" -Wl,-rpath,"$O2N_LIB" -lomp2numa -lm -o "$out.direct" || exit 1
      "${timeout[@]}" "$out.direct" ;;
    preload)
      gcc -fopenmp "$out.o" -lm -o "$out.gcc" || exit 1
      LD_PRELOAD="$O2N_LIB/libomp2numa.so" "${timeout[@]}" "$out.gcc" ;;
    libdir)
      gcc -fopenmp "$out.o" -lm -o "$out.gcc" || exit 1
      LD_LIBRARY_PATH="$O2N_LIB/omp2numa" "${timeout[@]}" "$out.gcc" ;;
    *) echo "gomp-ways.sh: unknown way $way" >&2; exit 2 ;;
  esac
  rc=$?
  if ((rc && !status)); then
    echo "gomp-ways.sh: $way exited with status $rc" >&2
    status=$rc
  fi
done
exit $status
