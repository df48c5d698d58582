// The OpenMP 5.1 memory-allocator routines, each checked against the specification and GCC 12's
// libgomp: the predefined allocators; omp_alloc, omp_aligned_alloc, omp_calloc and
// omp_aligned_calloc (alignment honoured, 0 bytes or a non-power-of-two alignment give NULL,
// calloc zero-fills and refuses products that overflow); omp_realloc (contents kept across
// allocators, NULL and size 0, a pool charged only the difference when the block stays in it,
// the old block kept when it fails); omp_free (NULL, any allocator argument); omp_init_allocator
// with every trait and invalid ones (omp_null_allocator), omp_high_bw_mem_space (none on the host);
// pool_size exhaustion with the null_fb, default_mem_fb and allocator_fb fallbacks (abort_fb:
// abort-fallback.c); pinned memory locked in RAM, and its fallback when it cannot be; the default
// allocator, an ICV of each task inherited by the team; a pool shared by a team's threads never
// overdrawn.  Nothing reaches stderr.
//
// RUN: %rt-cc %s %rt-link -o %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t 2>&1 | FileCheck %s --implicit-check-not=omp2numa: --implicit-check-not=failed
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t 2>&1 | FileCheck %s --implicit-check-not=omp2numa: --implicit-check-not=failed
// RUN: %if tsan %{ %rt-tsan-cc %s %rt-tsan-link -o %t.tsan %}
// RUN: %if tsan %{ env OMP_NUM_THREADS=4 %o2n-tsan-run %t.tsan 2>&1 | FileCheck %s --implicit-check-not=omp2numa: --implicit-check-not=failed %}
//
// CHECK: done
#define _GNU_SOURCE 1
#include "../Inputs/check.h"

#include <linux/capability.h>
#include <omp.h>
#include <omp2numa-abi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#define NTRAITS(t) ((int)(sizeof(t) / sizeof(t)[0]))

static int aligned(const void *p, size_t alignment)
{
  return p && (uintptr_t)p % alignment == 0;
}

static int all_zero(const unsigned char *p, size_t n)
{
  for (size_t i = 0; i < n; i++)
    if (p[i])
      return 0;
  return 1;
}

static void predefined(void)
{
  for (omp_allocator_handle_t a = omp_default_mem_alloc; a <= omp_thread_mem_alloc; a++) {
    char *p = omp_alloc(100, a);
    CHECK(aligned(p, 16), "allocator %d: %p", (int)a, (void *)p);
    memset(p, 1, 100);
    p = omp_realloc(p, 5000, a, a);
    CHECK(p && p[99] == 1, "allocator %d: realloc", (int)a);
    omp_free(p, a);
    int *q = omp_aligned_calloc(4096, 10, sizeof *q, a);
    CHECK(aligned(q, 4096) && all_zero((unsigned char *)q, 10 * sizeof *q), "allocator %d", (int)a);
    omp_free(q, omp_null_allocator);
  }
  CHECK(omp_alloc(0, omp_default_mem_alloc) == NULL, "0 bytes");
  CHECK(omp_aligned_alloc(64, 0, omp_default_mem_alloc) == NULL, "0 bytes aligned");
  CHECK(omp_aligned_alloc(48, 10, omp_default_mem_alloc) == NULL, "alignment 48");
  CHECK(omp_aligned_alloc(0, 10, omp_default_mem_alloc) == NULL, "alignment 0");
  CHECK(omp_calloc(0, 8, omp_default_mem_alloc) == NULL && omp_calloc(8, 0, omp_null_allocator) == NULL,
        "calloc of 0");
  CHECK(omp_calloc(SIZE_MAX / 2, 3, omp_default_mem_alloc) == NULL, "calloc overflow");
  CHECK(omp_alloc(SIZE_MAX - 8, omp_default_mem_alloc) == NULL, "size overflow");
  omp_free(NULL, omp_default_mem_alloc);
  omp_free(NULL, omp_null_allocator);
  CHECK(omp_realloc(NULL, 0, omp_null_allocator, omp_null_allocator) == NULL, "realloc(NULL, 0)");
}

static void invalid_traits(void)
{
  static const omp_alloctrait_t bad[][1] = {
      {{omp_atk_sync_hint, omp_atv_all}},        {{omp_atk_alignment, 3}},
      {{omp_atk_alignment, 0}},                  {{omp_atk_access, omp_atv_private}},
      {{omp_atk_fallback, omp_atv_true}},        {{omp_atk_pinned, omp_atv_thread}},
      {{omp_atk_partition, omp_atv_null_fb}},    {{(omp_alloctrait_key_t)99, 0}},
      {{(omp_alloctrait_key_t)0, omp_atv_default}},
  };
  for (int i = 0; i < NTRAITS(bad); i++)
    CHECK(omp_init_allocator(omp_default_mem_space, 1, bad[i]) == omp_null_allocator,
          "bad trait %d", i);
  CHECK(omp_init_allocator(omp_high_bw_mem_space, 0, NULL) == omp_null_allocator, "high_bw");
  CHECK(omp_init_allocator((omp_memspace_handle_t)5, 0, NULL) == omp_null_allocator, "space 5");
  // Every key with its default, and every valid value of each enumerated trait.
  static const omp_alloctrait_t good[] = {
      {omp_atk_sync_hint, omp_atv_default},  {omp_atk_sync_hint, omp_atv_serialized},
      {omp_atk_sync_hint, omp_atv_private},  {omp_atk_alignment, omp_atv_default},
      {omp_atk_access, omp_atv_default},     {omp_atk_access, omp_atv_thread},
      {omp_atk_pool_size, omp_atv_default},  {omp_atk_fallback, omp_atv_default},
      {omp_atk_fallback, omp_atv_abort_fb},  {omp_atk_fb_data, omp_default_mem_alloc},
      {omp_atk_pinned, omp_atv_default},     {omp_atk_pinned, omp_atv_false},
      {omp_atk_partition, omp_atv_default},  {omp_atk_partition, omp_atv_environment},
  };
  omp_allocator_handle_t a = omp_init_allocator(omp_low_lat_mem_space, NTRAITS(good), good);
  CHECK(a != omp_null_allocator, "all the defaults");
  char *p = omp_alloc(1, a);
  CHECK(aligned(p, sizeof(void *)), "alignment default");
  omp_free(p, a);
  omp_destroy_allocator(a);
  omp_destroy_allocator(omp_null_allocator);
  omp_destroy_allocator(omp_default_mem_alloc);
}

// A pool of 4096 bytes with alignment 64 (each block costs size + 32 + 56 bytes), with fallback fb.
static omp_allocator_handle_t pool(omp_alloctrait_value_t fb, omp_allocator_handle_t fb_data)
{
  const omp_alloctrait_t traits[] = {{omp_atk_alignment, 64},
                                     {omp_atk_pool_size, 4096},
                                     {omp_atk_fallback, fb},
                                     {omp_atk_fb_data, fb_data}};
  omp_allocator_handle_t a = omp_init_allocator(omp_default_mem_space, NTRAITS(traits), traits);
  CHECK(a != omp_null_allocator, "pool");
  return a;
}

static void pools(void)
{
  omp_allocator_handle_t null_fb = pool(omp_atv_null_fb, omp_null_allocator);
  void *p = omp_alloc(3000, null_fb);
  CHECK(aligned(p, 64), "first block");
  CHECK(omp_alloc(1000, null_fb) == NULL, "pool exhausted: null_fb");
  void *q = omp_aligned_alloc(256, 700, null_fb); // 700 + 32 + 248 bytes
  CHECK(aligned(q, 256), "what is left, aligned on 256");
  omp_free(q, omp_default_mem_alloc); // the argument does not matter
  omp_free(p, null_fb);
  CHECK((p = omp_alloc(4096 - 88, null_fb)) != NULL, "the whole pool again");
  CHECK(omp_alloc(4096 - 87, omp_default_mem_alloc) != NULL, "another allocator");
  omp_free(p, null_fb);

  omp_allocator_handle_t dflt_fb = pool(omp_atv_default_mem_fb, omp_null_allocator);
  p = omp_alloc(5000, dflt_fb);
  CHECK(p != NULL && aligned(p, 16), "default_mem_fb");
  memset(p, 2, 5000);
  omp_free(p, omp_null_allocator);

  // allocator_fb: null_fb's pool is empty, so its blocks come from dflt_fb, then malloc.
  omp_allocator_handle_t chain = pool(omp_atv_allocator_fb, dflt_fb);
  p = omp_alloc(3000, chain);
  q = omp_alloc(3000, chain); // from dflt_fb's pool
  char *r = omp_alloc(3000, chain); // from omp_default_mem_alloc
  CHECK(aligned(p, 64) && aligned(q, 64) && aligned(r, 16), "allocator_fb chain");
  CHECK(omp_alloc(3000, dflt_fb) != NULL, "dflt_fb falls back whatever its pool holds");
  omp_free(q, chain);
  CHECK((q = omp_alloc(3000, dflt_fb)) != NULL && aligned(q, 64), "dflt_fb's pool freed");
  omp_free(q, omp_null_allocator);

  // realloc: within one pool only the difference counts; from one allocator to another the
  // contents move; a failure leaves the old block as it was.
  memset(p, 7, 3000);
  p = omp_realloc(p, 3900, chain, chain);
  CHECK(aligned(p, 64) && ((char *)p)[2999] == 7, "realloc in place of the pool");
  char *s = omp_realloc(p, 10, null_fb, omp_null_allocator);
  CHECK(aligned(s, 64) && s[9] == 7, "realloc to another allocator");
  s = omp_realloc(s, 8000, null_fb, null_fb);
  CHECK(s == NULL, "realloc beyond the pool: null_fb");
  memset(r, 3, 3000);
  r = omp_realloc(r, 100, null_fb, chain);
  CHECK(aligned(r, 64) && r[99] == 3, "realloc from malloc into a pool");
  CHECK(omp_realloc(r, 0, omp_null_allocator, omp_null_allocator) == NULL, "realloc to 0");
  omp_destroy_allocator(chain);
  omp_destroy_allocator(dflt_fb);
  omp_destroy_allocator(null_fb);
}

// Drops CAP_IPC_LOCK (root may lock any amount) and sets RLIMIT_MEMLOCK to 0, so that mlock fails.
static void forbid_locking(void)
{
  struct __user_cap_header_struct hdr = {_LINUX_CAPABILITY_VERSION_3, 0};
  struct __user_cap_data_struct data[2];
  if (syscall(SYS_capget, &hdr, data) == 0) {
    data[0].effective &= ~(1u << CAP_IPC_LOCK);
    syscall(SYS_capset, &hdr, data);
  }
  struct rlimit none = {0, 0};
  setrlimit(RLIMIT_MEMLOCK, &none);
}

static void pinned(void)
{
  const omp_alloctrait_t pin_null[] = {{omp_atk_pinned, omp_atv_true},
                                       {omp_atk_fallback, omp_atv_null_fb}};
  const omp_alloctrait_t pin_dflt[] = {{omp_atk_pinned, omp_atv_true}};
  omp_allocator_handle_t a = omp_init_allocator(omp_default_mem_space, 2, pin_null);
  omp_allocator_handle_t b = omp_init_allocator(omp_default_mem_space, 1, pin_dflt);
  CHECK(a != omp_null_allocator && b != omp_null_allocator, "pinned allocators");
  char *p = omp_calloc(1000, 4, a);
  CHECK(p && all_zero((unsigned char *)p, 4000), "pinned: allocated");
  unsigned char resident;
  CHECK(mincore((void *)((uintptr_t)p & ~(uintptr_t)4095), 1, &resident) == 0 && (resident & 1),
        "pinned: resident");
  omp_free(p, a);
  forbid_locking();
  p = omp_alloc(100000, a);
  char *q = omp_alloc(100000, b);
  // Unless the process can lock memory all the same, a falls back to NULL, b to unpinned memory.
  CHECK(q != NULL, "pinned with default_mem_fb");
  if (p)
    printf("note: memory can be locked without CAP_IPC_LOCK and RLIMIT_MEMLOCK\n");
  omp_free(p, a);
  omp_free(q, b);
  omp_destroy_allocator(a);
  omp_destroy_allocator(b);
}

// #pragma omp parallel
// { the team inherits the default allocator; each thread sets its own; the shared pool in
//   *data never gives more than it holds }
static void region(void *data)
{
  const omp_allocator_handle_t shared = *(const omp_allocator_handle_t *)data;
  CHECK(omp_get_default_allocator() == omp_pteam_mem_alloc, "inherited default allocator");
  omp_set_default_allocator(omp_get_thread_num() % 2 ? shared : omp_null_allocator);
  for (int round = 0; round < 200; round++) {
    void *p = omp_alloc(1000, omp_null_allocator); // 1088 bytes: at most 3 at once in 4096
    if (omp_get_thread_num() % 2 == 0)
      CHECK(p != NULL, "default allocator");
    omp_free(p, omp_null_allocator);
  }
  CHECK(omp_get_default_allocator() ==
            (omp_get_thread_num() % 2 ? shared : omp_default_mem_alloc),
        "own default allocator");
  __omp2numa_barrier();
  // Every thread holds blocks of the shared pool at once: never more than 3.
  void *mine[3];
  int got = 0;
  for (int i = 0; i < 3; i++)
    got += (mine[i] = omp_alloc(1000, shared)) != NULL;
  static _Atomic int total;
  atomic_fetch_add(&total, got);
  __omp2numa_barrier();
  CHECK(atomic_load(&total) == 3, "pool overdrawn or underused: %d blocks", atomic_load(&total));
  __omp2numa_barrier();
  for (int i = 0; i < 3; i++)
    omp_free(mine[i], shared);
}

static void default_allocator(void)
{
  CHECK(omp_get_default_allocator() == omp_default_mem_alloc, "initial default allocator");
  omp_allocator_handle_t shared = pool(omp_atv_null_fb, omp_null_allocator);
  omp_set_default_allocator(omp_pteam_mem_alloc);
  static const struct __omp2numa_region_site site = {"routines.c", __LINE__, 0, 0};
  __omp2numa_parallel(&site, region, &shared, 0, 1);
  CHECK(omp_get_default_allocator() == omp_pteam_mem_alloc, "primary's default allocator");
  omp_set_default_allocator(omp_null_allocator);
  CHECK(omp_get_default_allocator() == omp_default_mem_alloc, "null sets the default");
  omp_destroy_allocator(shared);
}

int main(void)
{
  predefined();
  invalid_traits();
  pools();
  default_allocator();
  pinned(); // last: it forbids locking memory
  printf("done\n");
  return num_failed;
}
