# bench/lib/common.sh -- helpers of bench/run: dependencies, building, running one case.
# Sourced by bench/run, which sets the variables documented there (root, bench, bin_dir, ...).

# The three runtimes, in the order they appear in tables.  Ids are used in file names and in the
# raw results; report.py maps them to display names.
runtimes=(o2n gomp lomp)
# The sections where the back end matters (stream, lu, irregular, programs) also run omp2numa over
# clang (o2nc: omp2numa-cc with OMP2NUMA_CC=clang), so that the report can pair each omp2numa build
# with the peer of the same back end: o2n ÷ gomp and o2nc ÷ lomp.  Those sections say
# `local runtimes=("${paired_runtimes[@]}")`, which run_all_runtimes then sees.
paired_runtimes=(o2n gomp o2nc lomp)

say() { printf '%s\n' "$*" >&2; }
die() { printf 'bench/run: %s\n' "$*" >&2; exit 1; }

# Seconds between two $EPOCHREALTIME readings.
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.6f", b - a }'; }

# ------------------------------------------------------------------------------------------------
# Dependencies
# ------------------------------------------------------------------------------------------------

# matplotlib for the plots.  Installed with pip when missing; silent when present.  Without it (no
# network), the report is still written, without plots.
ensure_python_deps() {
  command -v python3 >/dev/null || die "python3 is needed for the report"
  if ! python3 -c 'import matplotlib' 2>/dev/null; then
    say "installing matplotlib (pip)"
    PIP_ROOT_USER_ACTION=ignore python3 -m pip install --quiet --disable-pip-version-check \
      matplotlib >&2 || say "warning: could not install matplotlib; the report will have no plots"
  fi
}

# The compilers of the three builds.  omp2numa-cc compiles the translated code with gcc, as the
# libgomp build does, so that between those two only the runtime differs.
check_toolchain() {
  [ -x "$o2n_build/bin/omp2numa-cc" ] ||
    die "no $o2n_build/bin/omp2numa-cc: build omp2numa first (scripts/dev build)," \
      "or give --omp2numa-build=DIR"
  [ -z "$o2n_reference" ] || [ -x "$o2n_reference/bin/omp2numa-cc" ] ||
    die "no $o2n_reference/bin/omp2numa-cc: --omp2numa-reference needs an omp2numa build tree"
  command -v "$gcc_cmd" >/dev/null || die "no $gcc_cmd (the libgomp peer)"
  command -v "$clang_cmd" >/dev/null ||
    die "no $clang_cmd (the libomp peer; apt-get install clang-16 libomp-16-dev)"
}

# snapshot_omp2numa BUILD DEST: copies the omp2numa build BUILD (translator, wrapper, headers,
# runtime) into DEST, with the wrapper's own layout, and sets $snapshot_incdir to the copy's
# header directory.  The kernels link the copy's libomp2numa.so (rpath), so a rebuild of the tree
# during a run cannot change the runtime under the benchmark, and every section measures the same
# omp2numa.  Waits (up to two minutes) for files that are missing, as they are for a moment while
# the tree is being rebuilt.
snapshot_omp2numa() {
  local build=$1 dest=$2
  local wrapper="$build/bin/omp2numa-cc" libdir incdir tries=0
  libdir=$(sed -n "s/^o2n_libdir_rel='\(.*\)'$/\1/p" "$wrapper")
  incdir=$(sed -n "s/^o2n_includedir_rel='\(.*\)'$/\1/p" "$wrapper")
  libdir=${libdir:-../lib} incdir=${incdir:-../include/omp2numa}
  local src_bin="$build/bin"
  while ! [ -x "$src_bin/omp2numa" ] || ! [ -f "$src_bin/$libdir/libomp2numa.so" ] ||
    ! [ -f "$src_bin/$incdir/omp.h" ]; do
    tries=$((tries + 1))
    [ $tries -le 12 ] ||
      die "the omp2numa build in $build is incomplete (translator, runtime or headers missing)"
    say "waiting for the omp2numa build in $build to be complete..."
    sleep 10
  done
  rm -rf "$dest"
  mkdir -p "$dest/bin" "$dest/bin/$libdir" "$dest/bin/$incdir"
  cp -L "$src_bin/omp2numa" "$wrapper" "$dest/bin/"
  cp -L "$src_bin/$libdir"/libomp2numa.so* "$dest/bin/$libdir/"
  cp -L "$src_bin/$incdir"/*.h "$dest/bin/$incdir/"
  # libomp2numa under libgomp's name, for gcc-compiled binaries (the gompabi section).
  mkdir -p "$dest/bin/$libdir/omp2numa"
  ln -sfn ../libomp2numa.so.0 "$dest/bin/$libdir/omp2numa/libgomp.so.1"
  snapshot_incdir=$(cd "$dest/bin/$incdir" && pwd)
  snapshot_libdir=$(cd "$dest/bin/$libdir" && pwd)
}

# ------------------------------------------------------------------------------------------------
# Building
# ------------------------------------------------------------------------------------------------

# compile RUNTIME SOURCE OUTPUT [FLAG ...]: one kernel with one runtime, with $cflags and the
# FLAGs.  Warnings are shown, not fatal: a new compiler's new warning must not stop a benchmark
# run (the test suite checks warnings).
compile() {
  local rt=$1 src=$2 out=$3
  shift 3
  local flags=($cflags "$@" -Wall -Wextra -I"$bench/kernels")
  case $rt in
    # OMP2NUMA_AFFINITY: the kernels' omp2numa-only clauses (affinity(name), lu.c) are compiled
    # in this build only; the peers build the same loops without them.  o2n_ref: the reference
    # omp2numa (--omp2numa-reference), built the same way.
    o2n | o2n_ref)
      local snap=$o2n
      [ "$rt" = o2n_ref ] && snap=$o2n_ref
      OMP2NUMA_CC=$gcc_cmd "$snap/bin/omp2numa-cc" -DOMP2NUMA_AFFINITY "${flags[@]}" "$src" \
        -o "$out" -lm ;;
    o2nc)
      OMP2NUMA_CC=$clang_cmd "$o2n/bin/omp2numa-cc" -DOMP2NUMA_AFFINITY "${flags[@]}" "$src" \
        -o "$out" -lm ;;
    gomp) "$gcc_cmd" -fopenmp "${flags[@]}" "$src" -o "$out" -lm ;;
    lomp) "$clang_cmd" -fopenmp "${flags[@]}" "$src" -o "$out" -lm ;;
  esac
}

# Builds the tasking kernels (kernels/tasks/*.c) with every runtime, omp2numa over clang too (o2nc),
# into $bin_dir/RUNTIME/KERNEL.
# A peer that fails to build one is a failure (the kernels are standard OpenMP).  omp2numa may not
# build them yet (its translator rejects tasks until they land): that is reported, the kernel's
# binary is removed (so that no stale one is measured), and run_case then reports its cells as
# "n/a (does not build)".  The compiler's output is kept in $bin_dir/o2n/KERNEL.build.log.
build_task_kernels() {
  local failed=0 src name rt
  for src in "$bench"/kernels/tasks/*.c; do
    [ -e "$src" ] || continue
    name=$(basename "$src" .c)
    for rt in "${paired_runtimes[@]}"; do
      mkdir -p "$bin_dir/$rt"
      if [ "$rt" = o2n ] || [ "$rt" = o2nc ]; then
        if compile "$rt" "$src" "$bin_dir/$rt/$name" >"$bin_dir/$rt/$name.build.log" 2>&1; then
          rm -f "$bin_dir/$rt/$name.build.log"
        else
          rm -f "$bin_dir/$rt/$name"
          say "omp2numa does not build tasks/$name.c (yet): $(grep -m1 'error:' \
            "$bin_dir/$rt/$name.build.log" | sed 's/^.*error: //')"
        fi
      elif ! compile "$rt" "$src" "$bin_dir/$rt/$name"; then
        say "build FAILED: tasks/$name with $rt"
        failed=1
      fi
    done
  done
  return $failed
}

# Builds every kernel with every runtime into $bin_dir/RUNTIME/KERNEL, and the spinner.  Returns
# non-zero if anything failed to build (after trying everything, so that one run lists all
# failures).
build_all() {
  local failed=0 src name rt
  mkdir -p "$bin_dir"
  o2n="$bin_dir/omp2numa"
  snapshot_omp2numa "$o2n_build" "$o2n"
  o2n_incdir=$snapshot_incdir
  o2n_libdir=$snapshot_libdir
  if [ -n "$o2n_reference" ]; then
    # The reference omp2numa builds only what the multiprog section compares it on.
    o2n_ref="$bin_dir/omp2numa-ref"
    snapshot_omp2numa "$o2n_reference" "$o2n_ref"
    mkdir -p "$bin_dir/o2n_ref"
    for name in $reference_kernels; do
      compile o2n_ref "$bench/kernels/$name.c" "$bin_dir/o2n_ref/$name" ||
        { say "build FAILED: $name with the reference omp2numa"; failed=1; }
    done
  fi
  for src in "$bench"/kernels/*.c; do
    name=$(basename "$src" .c)
    for rt in "${paired_runtimes[@]}"; do
      mkdir -p "$bin_dir/$rt"
      if ! compile "$rt" "$src" "$bin_dir/$rt/$name"; then
        say "build FAILED: $name with $rt"
        failed=1
      fi
    done
  done
  # The layout-controlled builds (layout_kernels, built again as KERNEL_aligned): every function
  # and loop starts on a 64-byte boundary in all four builds, so that where a hot loop lies
  # (whether it crosses a boundary of the processor's fetch or micro-op cache lines) depends on
  # the loop's code alone, not on the size of unrelated code before it, which the translator
  # changes (bench/README.md, "Code layout").
  for name in $layout_kernels; do
    for rt in "${paired_runtimes[@]}"; do
      compile "$rt" "$bench/kernels/$name.c" "$bin_dir/$rt/${name}_aligned" $layout_flags ||
        { say "build FAILED: ${name}_aligned with $rt"; failed=1; }
    done
  done
  build_task_kernels || failed=1
  for src in "$bench"/programs/*.c; do
    name=$(basename "$src" .c)
    for rt in "${paired_runtimes[@]}"; do
      mkdir -p "$bin_dir/$rt/programs"
      compile "$rt" "$src" "$bin_dir/$rt/programs/$name" ||
        { say "build FAILED: programs/$name with $rt"; failed=1; }
    done
  done
  "$gcc_cmd" $cflags -Wall -Wextra "$bench/tools/spinner.c" -o "$bin_dir/spinner" ||
    { say "build FAILED: tools/spinner.c"; failed=1; }
  return $failed
}

# ------------------------------------------------------------------------------------------------
# Running one case
# ------------------------------------------------------------------------------------------------

# Set by the sections before calling run_case.  case_launcher: a command run_case puts before
# the program (the programs section's tools/timed.py), empty for the kernels.  case_test_suffix:
# appended to the test= of the program's RESULT lines (the layout-controlled builds' -aligned).
case_section=""
case_scenario="t2"
case_count=0
case_launcher=()
case_test_suffix=""

# run_case RUNTIME PROGRAM KERNEL TEST [VAR=VALUE ...] -- [ARGS ...]
#
# Runs $bin_dir/RUNTIME/PROGRAM ARGS with the environment $base_env + VAR=VALUE..., under a
# timeout.  Appends its RESULT lines to $raw, each prefixed with section=, scenario= and runtime=.
# If the program fails, appends one FAIL line instead, which names the case (KERNEL, TEST, the
# schedule from OMP_SCHEDULE, the threads from OMP_NUM_THREADS) and the reason:
#   not-implemented  the runtime stopped with "not implemented" (a schedule it does not have yet)
#   wrong-result     the kernel's self-check failed
#   timeout          it ran longer than $case_timeout seconds
#   crash            any other non-zero exit, or no RESULT line
#   not-built        there is no binary: the runtime's compiler could not build the kernel
#                    (omp2numa and the tasking kernels, until tasks land)
# stderr goes to $out/logs/.  Never fails itself: a failed case is a result.
run_case() {
  local rt=$1 prog=$2 kernel=$3 test=$4
  shift 4
  local envs=()
  while [ $# -gt 0 ] && [ "$1" != "--" ]; do envs+=("$1"); shift; done
  [ $# -gt 0 ] && shift

  case_count=$((case_count + 1))
  local log="logs/$case_count.$case_section.$case_scenario.$rt.$kernel.err"
  local prefix="section=$case_section scenario=$case_scenario runtime=$rt"
  local output status
  set +e
  output=$("${runner[@]}" env "${base_env[@]}" "${envs[@]}" timeout -k 5 "$case_timeout" \
    "${case_launcher[@]}" "$bin_dir/$rt/$prog" "$@" 2>"$out/$log")
  status=$?
  set -e

  local reason=""
  if ! [ -x "$bin_dir/$rt/$prog" ]; then
    reason=not-built
    cp "$bin_dir/$rt/$prog.build.log" "$out/$log" 2>/dev/null || true
  elif [ $status -eq 0 ] && grep -q '^RESULT ' <<<"$output"; then
    grep '^RESULT ' <<<"$output" |
      sed -e "s|^RESULT |RESULT $prefix |" -e "s| test=\([^ ]*\)| test=\1$case_test_suffix|" >>"$raw"
    [ -s "$out/$log" ] || rm -f "$out/$log" # keep only the logs that say something
    return 0
  elif grep -qi 'not implemented' "$out/$log"; then
    reason=not-implemented
  elif grep -q '^CHECK FAILED' <<<"$output"; then
    reason=wrong-result
    grep '^CHECK FAILED' <<<"$output" >>"$out/$log"
  elif [ $status -eq 124 ] || [ $status -eq 137 ]; then
    reason=timeout
  else
    reason=crash
  fi

  local sched=default chunk=default threads=$default_threads e
  for e in "${envs[@]}"; do
    case $e in
      OMP_SCHEDULE=*,*) sched=${e#OMP_SCHEDULE=}; chunk=${sched#*,}; sched=${sched%%,*} ;;
      OMP_SCHEDULE=*) sched=${e#OMP_SCHEDULE=} ;;
      OMP_NUM_THREADS=*) threads=${e#OMP_NUM_THREADS=} ;;
    esac
  done
  echo "FAIL $prefix kernel=$kernel test=$test sched=$sched chunk=$chunk threads=$threads" \
    "status=$status reason=$reason log=$log" >>"$raw"
  if [ "$reason" = not-built ]; then
    say "    $rt: n/a (does not build)"
  else
    say "    $rt: $reason (exit $status, see $log)"
  fi
}

# run_all_runtimes PROGRAM KERNEL TEST [VAR=VALUE ...] -- [ARGS ...]
# run_case for each runtime, in an order that rotates from one call to the next, so that no
# runtime always runs first (right after another program's start-up, say).
rotation=0
run_all_runtimes() {
  local n=${#runtimes[@]} i
  for ((i = 0; i < n; i++)); do
    run_case "${runtimes[$(((i + rotation) % n))]}" "$@"
  done
  rotation=$((rotation + 1))
}
