/*
 * task_uts.c -- an unbalanced tree search in the spirit of UTS (binomial trees): the tree is
 * not stored; each node's children are derived from a hash of its id, and a task per node
 * counts the subtree.  The shape is fixed by the seed, so every runtime explores the same tree.
 *
 *   root: --root children; any other node: --m children with probability --q, else none
 *   (q * m < 1, so the tree is finite; its size varies wildly between subtrees, which is the
 *   point: only dynamic load balancing keeps the threads busy).
 *
 * Each node's "work" is --work rounds of the hash (UTS uses SHA-1 for this).  Each task returns
 * its subtree's node count and depth through its parent's shared array (a VLA) after taskwait.
 * Both are checked against a serial traversal.
 *
 * Options: --root=1000 --m=5 --q=0.1995 --work=100 --seed=19 --reps=5 (about 190 000 nodes)
 * Output:  RESULT kernel=task_uts test=serial|tasks ... seconds=<s> nodes=<n> depth=<d>
 */
#include "bench.h"

static int root_children, m, work;
static uint64_t threshold, seed;

static uint64_t hash(uint64_t x)
{
  for (int r = 0; r < work; r++) {
    x ^= x >> 31;
    x *= 0x7fb5d329728ea185u;
    x ^= x >> 27;
    x *= 0x81dadef4bc2dd44du;
    x ^= x >> 33;
  }
  return x;
}

static int children(uint64_t id, int depth)
{
  if (depth == 0)
    return root_children;
  return hash(id) < threshold ? m : 0;
}

static uint64_t child_id(uint64_t id, int c)
{
  return (id ^ seed) * 0x9e3779b97f4a7c15u + (uint64_t)c * 0xbf58476d1ce4e5b9u + 1;
}

struct count {
  long nodes;
  int depth;
};

static struct count walk_serial(uint64_t id, int depth)
{
  struct count r = {1, depth};
  int n = children(id, depth);
  for (int c = 0; c < n; c++) {
    struct count s = walk_serial(child_id(id, c), depth + 1);
    r.nodes += s.nodes;
    if (s.depth > r.depth)
      r.depth = s.depth;
  }
  return r;
}

static struct count walk(uint64_t id, int depth)
{
  struct count r = {1, depth};
  int n = children(id, depth);
  struct count part[n > 0 ? n : 1];
  for (int c = 0; c < n; c++) {
#pragma omp task shared(part) firstprivate(c, id, depth)
    part[c] = walk(child_id(id, c), depth + 1);
  }
#pragma omp taskwait
  for (int c = 0; c < n; c++) {
    r.nodes += part[c].nodes;
    if (part[c].depth > r.depth)
      r.depth = part[c].depth;
  }
  return r;
}

int main(int argc, char **argv)
{
  bench_init("task_uts", argc, argv);
  root_children = (int)bench_opt_long("root", 1000);
  m = (int)bench_opt_long("m", 5);
  double q = bench_opt_double("q", 0.1995);
  work = (int)bench_opt_long("work", 100);
  seed = (uint64_t)bench_opt_long("seed", 19);
  int reps = (int)bench_opt_long("reps", 5);
  bench_opts_done();
  bench_fixed_schedule("tasks", "default");
  threshold = (uint64_t)(q * 18446744073709551616.0);

  double t0 = bench_now();
  struct count want = walk_serial(seed, 0);
  bench_result("serial", 0, bench_now() - t0, "nodes=%ld depth=%d", want.nodes, want.depth);
  for (int rep = -1; rep < reps; rep++) {
    struct count got = {0, 0};
    t0 = bench_now();
#pragma omp parallel shared(got)
#pragma omp single
    got = walk(seed, 0);
    double t = bench_now() - t0;
    bench_check(got.nodes == want.nodes && got.depth == want.depth,
                "%ld nodes, depth %d; want %ld, %d", got.nodes, got.depth, want.nodes, want.depth);
    if (rep >= 0)
      bench_result("tasks", rep, t, "nodes=%ld depth=%d", got.nodes, got.depth);
  }
  bench_check_ok();
  return 0;
}
