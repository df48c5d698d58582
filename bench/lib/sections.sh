# bench/lib/sections.sh -- the measurements of bench/run, one function per section.
# Sourced by bench/run after common.sh; the sizes and repetitions come from bench/run's mode
# settings (chunks, ext_kinds, ...).  The *_args settings are option strings, deliberately
# expanded unquoted (split into words); they never contain spaces within an option.

# Schedules that every runtime has: the block static schedule, then each kind over the chunk sweep.
peer_schedules() {
  echo static
  local kind c
  for kind in static dynamic guided; do
    for c in $chunks; do echo "$kind,$c"; done
  done
}

# omp2numa's extended kinds (DESIGN.md 3.1) that OMP_SCHEDULE can name.  Attempted on omp2numa
# only; while the runtime lacks one, its cases are reported as "n/a (not implemented)".
ext_schedules() {
  local kind c
  for kind in $ext_kinds; do
    for c in $ext_chunks; do
      if [ "$c" = default ]; then echo "$kind"; else echo "$kind,$c"; fi
    done
  done
}

# shuffled SEED WORD...: the words, one per line, in an order that depends only on SEED.
shuffled() {
  local seed=$1
  shift
  printf '%s\n' "$@" | awk -v seed="$seed" 'BEGIN { srand(seed + 1) } { print rand() "\t" $0 }' |
    sort -k1,1g | cut -f2-
}

# sweep SEED "PEER_SCHEDULES" "EXT_SCHEDULES" PROGRAM KERNEL "ARGS" [VAR=VALUE ...]
#
# One round over a list of schedules: each schedule of PEER_SCHEDULES on every runtime
# (run_all_runtimes), each of EXT_SCHEDULES on omp2numa only, in an order shuffled by SEED.  The
# sections run several rounds with different seeds, so that each case's repetitions are spread
# over the whole section: on a shared machine the background load changes over minutes, and a
# schedule measured only during a calm (or a busy) minute would look better (or worse) than it is.
sweep() {
  local seed=$1 peer=$2 ext=$3 prog=$4 kernel=$5 args=$6
  shift 6
  local items=() item s
  for s in $peer; do items+=("all:$s"); done
  for s in $ext; do items+=("o2n:$s"); done
  for item in $(shuffled "$seed" "${items[@]}"); do
    s=${item#*:}
    if [ "${item%%:*}" = all ]; then
      say "  $kernel $s"
      run_all_runtimes "$prog" "$kernel" loop "$@" OMP_SCHEDULE="$s" -- $args
    else
      say "  $kernel $s (omp2numa only)"
      run_case o2n "$prog" "$kernel" loop "$@" OMP_SCHEDULE="$s" -- $args
    fi
  done
}

# ------------------------------------------------------------------------------------------------

# Scheduling overhead per loop (EPCC schedbench), every schedule.
section_sched() {
  case_section=sched
  local r
  for ((r = 0; r < sched_rounds; r++)); do
    say "  round $((r + 1)) of $sched_rounds"
    sweep "$r" "$(peer_schedules)" "$(ext_schedules)" schedbench schedbench "$sched_args"
  done
}

# Fork/join, barrier, and the other synchronisation constructs (EPCC syncbench).
section_sync() {
  case_section=sync
  local t
  for t in parallel for parallel_for barrier reduction; do
    say "  syncbench $t"
    run_all_runtimes syncbench syncbench "$t" -- --test="$t" $sync_args
  done
}

# libgomp's ABI (docs/gomp-abi.md): the EPCC syncbench and schedbench built by gcc -fopenmp, the
# same binaries run as built (on libgomp) and on libomp2numa through its libgomp.so.1
# (gomp_on_o2n), one after the other for every construct and schedule, in the same run.
section_gompabi() {
  case_section=gompabi
  local t s lib="LD_LIBRARY_PATH=$o2n_libdir/omp2numa"
  ln -sfn gomp "$bin_dir/gomp_on_o2n"
  for t in parallel for parallel_for barrier reduction; do
    say "  syncbench $t"
    run_case gomp syncbench syncbench "$t" -- --test="$t" $sync_args
    run_case gomp_on_o2n syncbench syncbench "$t" "$lib" -- --test="$t" $sync_args
  done
  for s in static dynamic,1 guided,1; do
    say "  schedbench $s"
    run_case gomp schedbench schedbench loop OMP_SCHEDULE="$s" -- $sched_args
    run_case gomp_on_o2n schedbench schedbench loop "$lib" OMP_SCHEDULE="$s" -- $sched_args
  done
}

# Regular loops, where static is best: STREAM bandwidth (stream.c) and a Jacobi sweep and a short
# loop of cheap iterations (regular.c).  schedule(static) on every runtime; on omp2numa only, the
# untuned schedules: schedule(runtime) with OMP_SCHEDULE=adaptive, and with OMP_SCHEDULE unset
# (the default, auto).  In an order shuffled per round.
section_stream() {
  case_section=stream
  local runtimes=("${paired_runtimes[@]}")
  local r item prog
  for ((r = 0; r < stream_rounds; r++)); do
    say "  stream and regular loops, round $((r + 1)) of $stream_rounds"
    for item in $(shuffled "$r" stream:static stream:adaptive stream:default regular:static \
      regular:adaptive regular:default); do
      prog=${item%%:*}
      local args=${prog}_args
      case ${item#*:} in
        static) run_all_runtimes "$prog" "$prog" all -- ${!args} ;;
        adaptive) run_case o2n "$prog" "$prog" all OMP_SCHEDULE=adaptive -- ${!args} \
          --schedule=runtime ;;
        default) run_case o2n "$prog" "$prog" all -- ${!args} --schedule=runtime ;;
      esac
    done
  done
}

# LU factorisation (lu.c) by columns over the shrinking range j = k+1..N-1: schedule(static,1)
# with omp2numa's affinity(cols) (omp2numa over both back ends), schedule(static,1) and
# schedule(static) (every runtime), in an order shuffled per round.
section_lu() {
  case_section=lu
  local runtimes=("${paired_runtimes[@]}")
  local r item
  for ((r = 0; r < lu_rounds; r++)); do
    say "  lu, round $((r + 1)) of $lu_rounds"
    # Each variant also from lu_aligned (the layout-controlled build), as test VARIANT-aligned.
    for item in $(shuffled "$r" o2n:affinity all:cyclic all:block o2n:affinity-aligned \
      all:cyclic-aligned all:block-aligned); do
      local test=${item#*:} prog=lu
      case_test_suffix=""
      if [ "$test" != "${test%-aligned}" ]; then
        prog=lu_aligned
        case_test_suffix=-aligned
      fi
      say "  $prog ${test%-aligned}"
      if [ "${item%%:*}" = all ]; then
        run_all_runtimes "$prog" lu "$test" -- $lu_args --variant="${test%-aligned}"
      else
        run_case o2n "$prog" lu "$test" -- $lu_args --variant="${test%-aligned}"
        run_case o2nc "$prog" lu "$test" -- $lu_args --variant="${test%-aligned}"
      fi
    done
    case_test_suffix=""
  done
}

# affinity(name) map reuse (affinity_reuse.c; omp2numa only, the clause is omp2numa's): for each
# map and body, one process records the map, then alternates the loop that reuses it and the same
# loop without affinity (--reps each); the (map, body) cases in an order shuffled per round.  Then,
# when valgrind is there, instructions per execution of each loop: callgrind totals of runs that
# execute only that loop (--loop=reuse|plain) R1 and R2 times after the recording and one
# warm-up; report.py divides their difference by R2 - R1.  Every thread is counted, with
# OMP_WAIT_POLICY=passive so that a waiting thread sleeps (as in the callgrind section).
section_affinity() {
  case_section=affinity
  local r item m b loop reps file ir items=()
  for m in $affinity_maps; do
    for b in $affinity_bodies; do items+=("$m:$b"); done
  done
  for ((r = 0; r < affinity_rounds; r++)); do
    say "  round $((r + 1)) of $affinity_rounds"
    for item in $(shuffled "$r" "${items[@]}"); do
      m=${item%%:*} b=${item#*:}
      say "  affinity_reuse --map=$m --body=$b"
      run_case o2n affinity_reuse affinity_reuse "$m-$b" -- $affinity_args --map="$m" --body="$b"
    done
  done
  if ! command -v valgrind >/dev/null; then
    say "  valgrind not found: no instruction counts"
    return 0
  fi
  local dir="$out/raw/callgrind-affinity" log
  mkdir -p "$dir"
  for m in $affinity_cg_maps; do
    say "  callgrind affinity_reuse --map=$m"
    for loop in reuse plain; do
      for reps in $affinity_cg_reps; do
        file="$dir/$m.$loop.$reps.out"
        log="logs/callgrind-affinity.$m.$loop.$reps.out"
        if "${runner[@]}" env "${base_env[@]}" OMP_WAIT_POLICY=passive \
          timeout -k 5 "$case_timeout" valgrind --tool=callgrind --callgrind-out-file="$file" \
          "$bin_dir/o2n/affinity_reuse" $affinity_cg_args --reps="$reps" --map="$m" --body=read \
          --loop="$loop" >"$out/$log" 2>&1 &&
          ir=$(awk '/^(totals|summary):/ { print $2; exit }' "$file") && [ -n "$ir" ]; then
          echo "RESULT section=affinity scenario=$case_scenario runtime=o2n" \
            "kernel=affinity_reuse test=$m-read-$loop-ir map=$m body=read loop=$loop" \
            "reps=$reps ir=$ir" >>"$raw"
          rm -f "$out/$log"
        else
          echo "FAIL section=affinity scenario=$case_scenario runtime=o2n" \
            "kernel=affinity_reuse test=$m-read-$loop-ir status=1 reason=crash log=$log" >>"$raw"
          say "    callgrind failed ($log)"
        fi
        rm -f "$file"
      done
    done
  done
  rmdir "$dir" 2>/dev/null || true
}

# The irregular loops: every schedule and chunk on every runtime, and omp2numa's own kinds.
section_irregular() {
  case_section=irregular
  local runtimes=("${paired_runtimes[@]}")
  local r kernel args
  for ((r = 0; r < irregular_rounds; r++)); do
    say "  round $((r + 1)) of $irregular_rounds"
    for kernel in mandelbrot triangular spmv kmeans; do
      args=${kernel}_args
      sweep "$r" "$(peer_schedules)" "$(ext_schedules)" "$kernel" "$kernel" "${!args}"
    done
  done
}

# Hardware imbalance: more threads than cores, and a core shared with a background process.
# Scenarios (on 2 cores):
#   t2    OMP_NUM_THREADS=2 (the baseline: one thread per core)
#   t3    3 threads on 2 cores
#   t4    4 threads on 2 cores
#   bg50  2 threads, and a spinner pinned to the last core, busy half of the (wall-clock) time;
#         the spinner's actual share of that core is measured and recorded, since the kernel's
#         scheduler decides how much it gets while the benchmark competes for the core.
spinner_pid=""
spinner_start=""
start_spinner() {
  "${runner[@]}" taskset -c "$(($(nproc) - 1))" "$bin_dir/spinner" 0.5 10 &
  spinner_pid=$!
  spinner_start=$EPOCHREALTIME
}

# stop_spinner [ROUND]: stops the spinner; with ROUND, records its CPU share (utime + stime over
# wall time) as "RESULT ... runtime=spinner test=share share=X".
stop_spinner() {
  [ -n "$spinner_pid" ] || return 0
  local ticks
  ticks=$(awk '{ print $14 + $15 }' "/proc/$spinner_pid/stat" 2>/dev/null || echo "")
  if [ $# -gt 0 ] && [ -n "$ticks" ]; then
    echo "RESULT section=imbalance scenario=bg50 runtime=spinner kernel=spinner test=share" \
      "rep=$1 share=$(awk -v t="$ticks" -v hz="$(getconf CLK_TCK)" -v a="$spinner_start" \
        -v b="$EPOCHREALTIME" 'BEGIN { printf "%.3f", t / hz / (b - a) }')" >>"$raw"
  fi
  kill "$spinner_pid" 2>/dev/null || true
  wait "$spinner_pid" 2>/dev/null || true
  spinner_pid=""
}

section_imbalance() {
  case_section=imbalance
  local r scenario threads kernel prog args
  for ((r = 0; r < imbalance_rounds; r++)); do
    say "  round $((r + 1)) of $imbalance_rounds"
    for scenario in $imbalance_scenarios; do
      case_scenario=$scenario
      threads=$default_threads
      case $scenario in
        t*) threads=${scenario#t} ;;
        bg50) start_spinner ;;
      esac
      for kernel in flat mandelbrot; do
        prog=$kernel
        [ "$kernel" = flat ] && prog=triangular
        args=imbalance_${kernel}_args
        sweep "$r" "$imbalance_schedules" "$imbalance_ext_schedules" "$prog" "$kernel" \
          "${!args}" OMP_NUM_THREADS="$threads"
      done
      stop_spinner "$r"
    done
  done
  case_scenario=t$default_threads
}

# Translator speed: omp2numa on each file against clang-16 -fsyntax-only -fopenmp on the same
# file (parsing and semantic analysis, OpenMP included, no code generation), on the kernels, the
# samples and generated files of growing size (thousands of functions with OpenMP loops), whose
# lines per second show how the translator scales.  The translated output of each file is then
# compiled (-fsyntax-only) to check that it is valid C.
#
# time_tool RUNTIME NAME LINES LOG COMMAND...: translator_reps timed runs of COMMAND, RESULT lines;
# a FAIL line (and no more repetitions) if it fails.
time_tool() {
  local rt=$1 name=$2 lines=$3 log=$4 rep t0 t1
  shift 4
  local prefix="section=translator scenario=- runtime=$rt kernel=$name test=translate"
  for ((rep = 0; rep < translator_reps; rep++)); do
    t0=$EPOCHREALTIME
    if ! "${runner[@]}" "$@" 2>"$out/$log"; then
      echo "FAIL $prefix lines=$lines status=1 reason=crash log=$log" >>"$raw"
      say "    $rt failed on $name ($log)"
      return 1
    fi
    t1=$EPOCHREALTIME
    echo "RESULT $prefix lines=$lines rep=$rep seconds=$(elapsed "$t0" "$t1")" >>"$raw"
  done
  [ -s "$out/$log" ] || rm -f "$out/$log"
}

section_translator() {
  case_section=translator
  local files=() f name lines size tmp ok
  tmp=$(mktemp -d)
  for size in $translator_sizes; do
    f="$tmp/generated_$size.c" # not kept: the same command writes the same file
    python3 "$bench/tools/gen_translator_input.py" "$size" >"$f"
    files+=("$f")
  done
  # samples/heat_mpi.c includes mpi.h: Open MPI's include flags, when it is installed
  # (scripts/install-deps --with-mpi).
  local mpi_flags=()
  read -r -a mpi_flags <<<"$(mpicc --showme:compile 2>/dev/null || true)"
  for f in "$bench"/kernels/*.c "$root"/samples/*.c "${files[@]}"; do
    name=$(basename "$f" .c)
    lines=$(wc -l <"$f")
    if [ ${#mpi_flags[@]} -eq 0 ] && grep -q '#include <mpi.h>' "$f"; then
      say "  $name: skipped (no MPI installed)"
      continue
    fi
    say "  $name ($lines lines)"
    time_tool o2n "$name" "$lines" "logs/translate.$name.err" \
      "$o2n/bin/omp2numa" "$f" -o "$tmp/out.$name.c" -- -I"$o2n_incdir" \
      -I"$bench/kernels" "${mpi_flags[@]}" || continue
    # Clang rejects omp2numa's own clauses where a file uses them unguarded (samples/lu.c and
    # genblock_blocks.c, as a user would): no clang reference for those ("—" in the report).
    if grep -Eq 'affinity *\(|(genblock|indirect|wf2) *\(|schedule *\( *(adaptive|fac2|tss|rand)' "$f" &&
      ! "$clang_cmd" -fsyntax-only -fopenmp -I"$bench/kernels" "${mpi_flags[@]}" "$f" 2>/dev/null; then
      say "    (no clang reference: omp2numa's own clauses)"
    else
      time_tool clang "$name" "$lines" "logs/syntax.$name.err" \
        "$clang_cmd" -fsyntax-only -fopenmp -I"$bench/kernels" "${mpi_flags[@]}" "$f" || true
    fi
    local clog="logs/compile-translated.$name.err"
    if "$gcc_cmd" -fsyntax-only -I"$o2n_incdir" -I"$bench/kernels" "${mpi_flags[@]}" \
      "$tmp/out.$name.c" >"$out/$clog" 2>&1; then
      ok=1
      rm -f "$out/$clog"
    else
      ok=0
      say "    the translated $name.c does not compile ($clog)"
    fi
    echo "RESULT section=translator scenario=- runtime=o2n kernel=$name test=output-compiles" \
      "lines=$lines ok=$ok log=$clog" >>"$raw"
  done
  rm -rf "$tmp"
}

# Runtime cost per chunk and per loop in instructions (callgrind): chunkcost in three cases, each
# at three (n, loops) points, A = (n1, L1), B = (n2, L1), C = (n1, L2); report.py takes the
# differences.  The cases: dyn1, OMP_SCHEDULE=dynamic,1 with a reduction (a chunk per iteration);
# static, OMP_SCHEDULE=static without one (the least a loop costs); reduction, static with one
# (what the reduction adds); for, static worksharing loops with a reduction in one region (a loop
# without the fork and join).  With one thread the counts are exact and repeatable.  With two,
# valgrind runs one thread at a time and a waiting thread's spinning would add a varying amount:
# the runs use OMP_WAIT_POLICY=passive (waiters sleep) and are repeated.  callgrind_annotate keeps
# the per-function counts of each point (first repetition), from which report.py shows where each
# runtime's instructions per chunk and per loop go.
callgrind_cases="dyn1:dynamic,1:reduction static:static:plain reduction:static:reduction
  for:static:for"
section_callgrind() {
  case_section=callgrind
  if ! command -v valgrind >/dev/null; then
    say "  valgrind not found: callgrind section skipped"
    echo "FAIL section=callgrind scenario=- runtime=all kernel=chunkcost test=-" \
      "reason=no-valgrind" >>"$raw"
    return 0
  fi
  local dir="$out/raw/callgrind" rt threads rep point n loops reps file ir item cg_case sched body
  local what
  mkdir -p "$dir"
  for threads in $callgrind_threads; do
    case_scenario=t$threads
    reps=1
    [ "$threads" -gt 1 ] && reps=$callgrind_reps_multi
    for item in $callgrind_cases; do
      IFS=: read -r cg_case sched body <<<"$item"
      for rt in "${runtimes[@]}"; do
        say "  callgrind $cg_case $rt, $threads thread(s)"
        for ((rep = 0; rep < reps; rep++)); do
          for point in A B C; do
            case $point in
              A) n=$cg_n1 loops=$cg_l1 ;;
              B) n=$cg_n2 loops=$cg_l1 ;;
              C) n=$cg_n1 loops=$cg_l2 ;;
            esac
            file="$dir/$rt.$cg_case.t$threads.$point.$rep.out"
            what="section=callgrind scenario=t$threads runtime=$rt kernel=chunkcost test=$point"
            what+=" case=$cg_case sched=${sched%,*} chunk=$([ "${sched#*,}" = "$sched" ] &&
              echo default || echo "${sched#*,}") threads=$threads"
            if "${runner[@]}" env "${base_env[@]}" OMP_NUM_THREADS="$threads" \
              OMP_SCHEDULE="$sched" OMP_WAIT_POLICY=passive \
              timeout -k 5 "$case_timeout" valgrind --tool=callgrind --callgrind-out-file="$file" \
              "$bin_dir/$rt/chunkcost" --n="$n" --loops="$loops" --body="$body" \
              >"$out/logs/callgrind.$rt.$cg_case.t$threads.$point.$rep.out" 2>&1 &&
              ir=$(awk '/^(totals|summary):/ { print $2; exit }' "$file") && [ -n "$ir" ]; then
              echo "RESULT $what rep=$rep n=$n loops=$loops ir=$ir" >>"$raw"
              rm -f "$out/logs/callgrind.$rt.$cg_case.t$threads.$point.$rep.out"
            else
              echo "FAIL $what status=1 reason=crash" \
                "log=logs/callgrind.$rt.$cg_case.t$threads.$point.$rep.out" >>"$raw"
            fi
            if [ "$rep" = 0 ] && [ -f "$file" ]; then
              callgrind_annotate --auto=no --threshold=100 "$file" \
                >"$dir/$rt.$cg_case.t$threads.$point.annotate.txt" 2>/dev/null || true
            fi
            rm -f "$file"
          done
        done
      done
    done
  done
  case_scenario=t$default_threads
}

# Multiprogramming: K = 1, 2, 4, 8 copies of the same program started at once, each asking for
# all processors (no OMP_NUM_THREADS; OMP_DYNAMIC only in the o2n_dyn configuration), on omp2numa
# with OMP_DYNAMIC unset and =true, libgomp and libomp; every batch alone and next to
# $multiprog_background busy single-threaded processes (the spinner at duty 1.0); and each
# build's serial reference (one copy, one thread), from which the report derives the ideals.
# The many-short-regions program runs one copy at a time (K = 1), alone and crowded, also with
# the reference omp2numa when there is one (--omp2numa-reference).
# tools/multiprog.py runs the batches, interleaving the configurations within each repetition,
# and measures each copy's turnaround and CPU time.
section_multiprog() {
  case_section=multiprog
  local args=() e w
  for e in "${user_env[@]}"; do args+=("--env=$e"); done
  for w in "${runner[@]}"; do args+=("--runner=$w"); done
  [ -n "$o2n_reference" ] && args+=("--reference=mp_regions")
  python3 "$bench/tools/multiprog.py" --bin-dir="$bin_dir" --raw="$raw" --logs="$out/logs" \
    --copies="${multiprog_copies// /,}" --reps="$multiprog_reps" --timeout="$multiprog_timeout" \
    --background="$multiprog_background" --spinner="$bin_dir/spinner" "${args[@]}" \
    "mp_mandelbrot=multiprog_mandelbrot:$multiprog_mandelbrot_args" \
    "mp_heat=multiprog_heat:$multiprog_heat_args" \
    "mp_regions/1=multiprog_regions:$multiprog_regions_args" ||
    say "  multiprog: the driver failed (exit $?)"
}

# Tasking (kernels/tasks/): the application kernels (fib, n-queens, merge sort, sparse LU with
# dependences, an unbalanced tree search, a tiled Cholesky with dependences), each timed against
# its own serial reference, and the EPCC-style task overheads (taskbench).  Every runtime, in an
# order shuffled per round; a runtime that cannot build a kernel (omp2numa, until tasks land) is
# reported as "n/a (does not build)".
section_tasks() {
  case_section=tasks
  local runtimes=("${paired_runtimes[@]}")
  local r k args
  for ((r = 0; r < tasks_rounds; r++)); do
    say "  round $((r + 1)) of $tasks_rounds"
    for k in $(shuffled "$r" $tasks_kernels taskbench); do
      args=${k}_args
      say "  $k"
      run_all_runtimes "$k" "$k" tasks -- ${!args}
    done
  done
}

# NUMA (issue 21, numa_stream.c): STREAM, Nested-STREAM and Twisted-STREAM with first touch on
# every runtime; with migration and next touch on omp2numa only; the costs of moving memory, next
# touch with units of each of $numa_units pages; then, where QEMU can boot a guest of 4 NUMA
# nodes, everything on omp2numa in the guest (scenario guest4): locality and pages per node.
section_numa() {
  case_section=numa
  local r u
  for ((r = 0; r < numa_rounds; r++)); do
    say "  numa_stream, round $((r + 1)) of $numa_rounds"
    run_all_runtimes numa_stream numa_stream all -- \
      --test=stream,nested,twisted100-ft,twisted66-ft $numa_args
    run_case o2n numa_stream numa_stream moved -- --test=twisted100-migrate,twisted100-nexttouch,twisted66-migrate,twisted66-nexttouch $numa_args
    for u in $numa_units; do
      run_case o2n numa_stream numa_stream cost OMP2NUMA_NEXT_TOUCH_PAGES="$u" -- --test=cost \
        $numa_cost_args
    done
  done
  numa_guest
}

# numa_stream on omp2numa in a QEMU guest of 4 nodes of 2 CPUs (tests/runtime/placement/Inputs/
# run-in-numa-guest.sh), every test once; its RESULT lines go to $raw as scenario guest4, with the
# next-touch units of $numa_units given on the command line (the guest has no environment).
numa_guest() {
  local guest="$root/tests/runtime/placement/Inputs/run-in-numa-guest.sh" u output tests
  if ! command -v qemu-system-x86_64 >/dev/null || ! command -v busybox >/dev/null ||
    ! command -v cpio >/dev/null || ! ls /boot/vmlinuz-* >/dev/null 2>&1; then
    say "  QEMU guest: skipped (needs qemu-system-x86_64, busybox, cpio and a kernel in /boot)"
    return 0
  fi
  local prefix="section=numa scenario=guest4 runtime=o2n"
  # Every test with the first unit; then the costs alone with the others.
  local all="stream,nested,twisted100-ft,twisted100-migrate,twisted100-nexttouch,twisted66-ft"
  all="$all,twisted66-migrate,twisted66-nexttouch,cost"
  for u in $numa_units; do
    tests=cost
    [ "$u" = "${numa_units%% *}" ] && tests=$all
    say "  QEMU guest, 4 nodes: numa_stream --test=$tests, next-touch unit $u pages"
    output=$(NUMA_GUEST_NODES=4 NUMA_GUEST_CPUS=2 sh "$guest" "$bin_dir/guest" \
      "$bin_dir/o2n/numa_stream" --test="$tests" --unit-pages="$u" $numa_guest_args \
      2>>"$out/logs/numa.guest4.err") || true
    grep '^RESULT ' <<<"$output" | sed "s|^RESULT |RESULT $prefix |" >>"$raw" || true
    if ! grep -q '^CHECK ok' <<<"$output"; then
      echo "FAIL $prefix kernel=numa_stream test=guest sched=static chunk=default threads=8" \
        "status=1 reason=crash log=logs/numa.guest4.err" >>"$raw"
      say "    guest: failed (see logs/numa.guest4.err)"
    fi
  done
}

# Whole programs (programs/*.c: small OpenMP programs written for the project from public
# descriptions, which know nothing of bench.h), each built four ways (paired_runtimes), run by
# tools/timed.py with 1 and with 2 threads: wall and CPU seconds of the process, the builds of a
# case back to back in a rotating order, programs in a shuffled order per round; each run is
# tagged with its round (rep=R), which the report uses to pair the builds' runs.  Then, when
# valgrind is there, the instructions of each build on one thread (callgrind,
# OMP_WAIT_POLICY=passive as in the callgrind section) at two smaller sizes, "small" and "large":
# counts that the machine's load does not change.  Their difference leaves out what does not grow
# with the work (dynamic linking, the runtime's start-up), so the same program compiled by the
# same back end should show about the same difference translated or not.
section_programs() {
  case_section=programs
  local runtimes=("${paired_runtimes[@]}")
  local case_launcher r threads item prog args rt file ir log
  for ((r = 0; r < programs_rounds; r++)); do
    for threads in $programs_threads; do
      case_scenario=t$threads
      for item in $(shuffled "$r" $programs_list); do
        prog=${item%%:*}
        say "  $prog, $threads thread(s), round $((r + 1)) of $programs_rounds"
        case_launcher=(python3 "$bench/tools/timed.py" --rep="$r" "$prog")
        args=${item#*:}
        run_all_runtimes "programs/$prog" "$prog" run OMP_NUM_THREADS="$threads" -- ${args//,/ }
      done
    done
  done
  case_scenario=t$default_threads
  if ! command -v valgrind >/dev/null; then
    say "  valgrind not found: no instruction counts"
    return 0
  fi
  local size small large
  for item in $programs_cg_list; do
    IFS=: read -r prog small large <<<"$item"
    for rt in "${runtimes[@]}"; do
      for size in small large; do
        say "  callgrind $prog $rt ($size)"
        file="$out/raw/callgrind-programs.$prog.$rt.$size.out"
        log="logs/callgrind-programs.$prog.$rt.$size.out"
        args=${!size}
        mkdir -p "$out/raw"
        if "${runner[@]}" env "${base_env[@]}" OMP_NUM_THREADS=1 OMP_WAIT_POLICY=passive \
          timeout -k 5 "$case_timeout" valgrind --tool=callgrind --callgrind-out-file="$file" \
          "$bin_dir/$rt/programs/$prog" ${args//,/ } >"$out/$log" 2>&1 &&
          ir=$(awk '/^(totals|summary):/ { print $2; exit }' "$file") && [ -n "$ir" ]; then
          echo "RESULT section=programs scenario=t1 runtime=$rt kernel=$prog test=ir-$size" \
            "sched=default chunk=default threads=1 rep=0 ir=$ir" >>"$raw"
          rm -f "$out/$log"
        else
          echo "FAIL section=programs scenario=t1 runtime=$rt kernel=$prog test=ir-$size" \
            "status=1 reason=crash log=$log" >>"$raw"
          say "    callgrind failed ($log)"
        fi
        rm -f "$file"
      done
    done
  done
}
