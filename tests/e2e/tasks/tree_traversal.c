// REQUIRES: translator, omp2numa-tasks
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t
// RUN: %if tsan %{ %omp2numa %s -o %t.tsan.c && %rt-tsan-cc %t.tsan.c %rt-tsan-link -o %t.tsan %}
// RUN: %if tsan %{ env OMP_NUM_THREADS=4 %o2n-tsan-run %t.tsan %}
//
// Traversals of a pointer-based, unbalanced binary search tree of 20000 keys (inserted in a
// fixed pseudo-random order), the way programs walk trees with tasks:
//  - post-order with taskwait: node count, key sum and height computed bottom-up from child
//    results (shared locals of each call), against a serial walk;
//  - pre-order with one taskgroup around the walk: every node is visited exactly once (a
//    visit counter per node) and its depth, passed down firstprivate, is right;
//  - an update walk: every node's value becomes the sum of its subtree (children first, then
//    the node), checked against the serial walk;
//  - a search for 1000 keys (some are slots left empty by duplicate keys), one task per key,
//    each walking down from the root: as many found as serially.

#define TEST_NAME "tree_traversal.c"
#include "Inputs/check.h"

#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

struct node {
  long key, sub;
  int depth, visits, serial_depth;
  struct node *left, *right;
};

#define NKEYS 20000
static struct node pool[NKEYS];

struct stats {
  long count, sum;
  int height;
};

static struct stats post(struct node *n)
{
  struct stats s = {0, 0, 0};
  if (!n)
    return s;
  struct stats l, r;
#pragma omp task shared(l) if (n->depth < 12)
  l = post(n->left);
#pragma omp task shared(r) if (n->depth < 12)
  r = post(n->right);
#pragma omp taskwait
  s.count = 1 + l.count + r.count;
  s.sum = n->key + l.sum + r.sum;
  s.height = 1 + (l.height > r.height ? l.height : r.height);
  return s;
}

static struct stats post_serial(struct node *n)
{
  struct stats s = {0, 0, 0};
  if (!n)
    return s;
  struct stats l = post_serial(n->left), r = post_serial(n->right);
  s.count = 1 + l.count + r.count;
  s.sum = n->key + l.sum + r.sum;
  s.height = 1 + (l.height > r.height ? l.height : r.height);
  return s;
}

static void pre(struct node *n, int depth)
{
  if (!n)
    return;
#pragma omp atomic
  n->visits++;
  n->depth = depth;
  if (n->left) {
#pragma omp task
    pre(n->left, depth + 1);
  }
  if (n->right) {
#pragma omp task
    pre(n->right, depth + 1);
  }
}

static long subtree(struct node *n)
{
  if (!n)
    return 0;
  long a, b;
#pragma omp task shared(a)
  a = subtree(n->left);
  b = subtree(n->right);
#pragma omp taskwait
  n->sub = n->key + a + b;
  return n->sub;
}

static long subtree_serial_check(struct node *n, int *bad)
{
  if (!n)
    return 0;
  long s = n->key + subtree_serial_check(n->left, bad) + subtree_serial_check(n->right, bad);
  *bad += s != n->sub;
  return s;
}

static void serial_depths(struct node *n, int d)
{
  if (!n)
    return;
  n->serial_depth = d;
  serial_depths(n->left, d + 1);
  serial_depths(n->right, d + 1);
}

static struct node *find(struct node *n, long key)
{
  while (n && n->key != key)
    n = key < n->key ? n->left : n->right;
  return n;
}

int main(void)
{
  struct node *root = NULL;
  uint64_t st = 12345;
  for (int i = 0; i < NKEYS; i++) {
    st = st * 6364136223846793005u + 1442695040888963407u;
    long key = (long)(st >> 33) % 1000000;
    struct node **p = &root;
    while (*p && (*p)->key != key)
      p = key < (*p)->key ? &(*p)->left : &(*p)->right;
    if (*p)
      continue; /* duplicate key */
    *p = &pool[i];
    pool[i].key = key;
  }
  serial_depths(root, 0);
  pre(root, 0); /* serially: sets depth for the if() cut-off of post */
  for (int i = 0; i < NKEYS; i++)
    pool[i].visits = 0;

  struct stats want = post_serial(root), got = {0, 0, 0};
  long found = 0;
#pragma omp parallel
  {
#pragma omp single
    got = post(root);
#pragma omp single
    {
#pragma omp taskgroup
      pre(root, 0);
      int bad_visits = 0, bad_depth = 0;
      for (int i = 0; i < NKEYS; i++) {
        struct node *n = &pool[i];
        if (find(root, n->key) != n)
          continue; /* a slot left unused by a duplicate */
        bad_visits += n->visits != 1;
        bad_depth += n->depth != n->serial_depth;
      }
      CHECK(!bad_visits, "pre-order: %d nodes not visited exactly once", bad_visits);
      CHECK(!bad_depth, "pre-order: %d nodes with a wrong depth", bad_depth);
    }
#pragma omp single
    subtree(root);
#pragma omp single
    for (int k = 0; k < 1000; k++) {
#pragma omp task shared(found)
      {
        if (find(root, pool[k * 17 % NKEYS].key)) {
#pragma omp atomic
          found++;
        }
      }
    }
  }
  CHECK(got.count == want.count && got.sum == want.sum && got.height == want.height,
        "post-order: count %ld sum %ld height %d, want %ld %ld %d", got.count, got.sum,
        got.height, want.count, want.sum, want.height);
  int bad = 0;
  subtree_serial_check(root, &bad);
  CHECK(!bad, "subtree sums: %d nodes wrong", bad);
  long want_found = 0;
  for (int k = 0; k < 1000; k++)
    want_found += find(root, pool[k * 17 % NKEYS].key) != NULL;
  CHECK(found == want_found, "search: %ld keys found, want %ld", found, want_found);
  return failures != 0;
}
