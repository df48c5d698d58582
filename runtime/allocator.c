/*
 * allocator.c -- the OpenMP memory allocators: omp_init_allocator() and its traits, the default
 * allocator (def-allocator-var), omp_alloc() and its variants, omp_realloc() and omp_free().
 *
 * Every block starts with a header right before the address returned (as in libgomp): the
 * address the memory really starts at, the bytes charged to the pool, the allocator that made
 * the block (after fallbacks) and the size asked for.  omp_free() and omp_realloc() need nothing
 * else, so their allocator arguments are not needed.  A block is charged its header and the
 * padding that its alignment may need, as libgomp charges it, so pool sizes mean the same.
 *
 * Where the memory comes from:
 *   - predefined allocators, and partition environment without pinned: malloc();
 *   - partition environment, pinned: an anonymous mapping;
 *   - partition nearest, blocked, interleaved: the placement API (placement.c): one NUMA node
 *     (the caller's), a bloc1d allocation over the team's nodes, a bloc1dcyclic one with one
 *     page per bloc.  These are mappings of whole pages, bound before they are touched;
 *   - pinned: the mapping is then locked in memory (mlock); if it cannot be, the allocation fails
 *     and the fallback trait decides.
 * Handles of allocators made by omp_init_allocator() are the addresses of their descriptors.
 */
#include "internal.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/* An allocator made by omp_init_allocator().  Read-only once made, but for the pool's use. */
struct o2n_allocator {
  size_t alignment;   /* alignment trait, at least sizeof(void *) */
  size_t pool_size;   /* pool_size trait; SIZE_MAX: no pool */
  _Atomic size_t used; /* bytes charged to the pool (headers and padding included) */
  omp_allocator_handle_t fb_data;
  int fallback;       /* an omp_alloctrait_value_t: omp_atv_default_mem_fb .. allocator_fb */
  int partition;      /* an omp_alloctrait_value_t: omp_atv_environment .. interleaved */
  bool pinned;
};

/* What precedes every block. */
struct header {
  void *base;                       /* what the memory's source returned */
  size_t size;                      /* its size, charged to the pool */
  omp_allocator_handle_t allocator; /* the allocator that made it */
  size_t user_size;                 /* the size asked for */
};

/* The descriptor of an allocator, NULL for a predefined one. */
static struct o2n_allocator *data_of(omp_allocator_handle_t allocator)
{
  return allocator > omp_thread_mem_alloc ? (struct o2n_allocator *)(uintptr_t)allocator : NULL;
}

static struct header *header_of(void *ptr)
{
  return (struct header *)ptr - 1;
}

/* ------------------------------------------------------------------------------------------- */
/* Traits                                                                                      */
/* ------------------------------------------------------------------------------------------- */

/* Stores one trait into *a; false if its key is unknown or its value one the key does not take. */
static bool set_trait(struct o2n_allocator *a, const omp_alloctrait_t *trait)
{
  const bool dflt = trait->value == (uintptr_t)omp_atv_default;
  const uintptr_t v = trait->value;
  switch ((int)trait->key) {
  case omp_atk_sync_hint: /* every allocator is thread-safe: checked, then ignored */
    return dflt || (v >= omp_atv_contended && v <= omp_atv_private);
  case omp_atk_alignment:
    a->alignment = dflt ? 1 : v;
    return a->alignment != 0 && (a->alignment & (a->alignment - 1)) == 0;
  case omp_atk_access: /* every thread of the process may access any memory */
    return dflt || (v >= omp_atv_all && v <= omp_atv_cgroup);
  case omp_atk_pool_size:
    a->pool_size = dflt ? SIZE_MAX : v;
    return true;
  case omp_atk_fallback:
    a->fallback = dflt ? omp_atv_default_mem_fb : (int)v;
    return dflt || (v >= omp_atv_default_mem_fb && v <= omp_atv_allocator_fb);
  case omp_atk_fb_data:
    a->fb_data = (omp_allocator_handle_t)v;
    return true;
  case omp_atk_pinned:
    a->pinned = v == omp_atv_true;
    return dflt || v == omp_atv_false || v == omp_atv_true;
  case omp_atk_partition:
    a->partition = dflt ? omp_atv_environment : (int)v;
    return dflt || (v >= omp_atv_environment && v <= omp_atv_interleaved);
  default:
    return false;
  }
}

/* ------------------------------------------------------------------------------------------- */
/* Pools and memory sources                                                                    */
/* ------------------------------------------------------------------------------------------- */

/* Charges size bytes to the pool of a (NULL: no pool), less `credit`, the bytes of a block of a
   that the new one replaces.  False if the pool has not that much left. */
static bool pool_charge(struct o2n_allocator *a, size_t size, size_t credit)
{
  if (!a || a->pool_size == SIZE_MAX)
    return true;
  size_t used = atomic_load_explicit(&a->used, memory_order_relaxed);
  do {
    /* used >= credit: the replaced block is still charged. */
    if (size > a->pool_size || used - credit > a->pool_size - size)
      return false;
  } while (!atomic_compare_exchange_weak_explicit(&a->used, &used, used - credit + size,
                                                  memory_order_relaxed, memory_order_relaxed));
  return true;
}

/* Undoes pool_charge(a, size, credit).  One addition modulo 2^N: credit - size may wrap. */
static void pool_return(struct o2n_allocator *a, size_t size, size_t credit)
{
  if (a && a->pool_size != SIZE_MAX)
    atomic_fetch_add_explicit(&a->used, credit - size, memory_order_relaxed);
}

/* Whether a's memory is mapped (whole pages) rather than from malloc(). */
static bool is_mapped(const struct o2n_allocator *a)
{
  return a && (a->pinned || a->partition != omp_atv_environment);
}

static void source_free(const struct o2n_allocator *a, void *base, size_t size)
{
  if (!is_mapped(a))
    free(base);
  else if (a->partition == omp_atv_environment)
    munmap(base, size);
  else
    omp_locality_domain_free(base, size);
}

/* size bytes from a's memory (a NULL: a predefined allocator's), or NULL. */
static void *source_alloc(const struct o2n_allocator *a, size_t size)
{
  if (!is_mapped(a))
    return malloc(size);
  void *base;
  if (a->partition == omp_atv_environment) {
    base = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (base == MAP_FAILED)
      return NULL;
  } else {
    const struct o2n_thread *self = o2n_self();
    const int node = a->partition == omp_atv_nearest
                         ? (int)o2n_topology()->places[self->place].domain
                         : -1;
    base = o2n_placement_alloc(size, (size_t)sysconf(_SC_PAGESIZE),
                               a->partition == omp_atv_interleaved, node);
    if (!base)
      return NULL;
  }
  if (a->pinned && mlock(base, size) != 0) {
    source_free(a, base, size);
    return NULL;
  }
  return base;
}

/* ------------------------------------------------------------------------------------------- */
/* Allocation with fallbacks                                                                   */
/* ------------------------------------------------------------------------------------------- */

/* One attempt with one allocator.  `old`, if not NULL, is the header of a block that the new one
   replaces (omp_realloc): when it is the same allocator's, the pool is charged only the
   difference, and *credited says so.  Returns the block, or NULL. */
static void *try_allocate(omp_allocator_handle_t allocator, size_t alignment, size_t size,
                          const struct header *old, bool *credited)
{
  struct o2n_allocator *a = data_of(allocator);
  if (a && a->alignment > alignment)
    alignment = a->alignment;
  const size_t pad = alignment > sizeof(void *) ? alignment - sizeof(void *) : 0;
  size_t total;
  if (__builtin_add_overflow(size, sizeof(struct header) + pad, &total))
    return NULL;
  const size_t credit = old && old->allocator == allocator ? old->size : 0;
  if (!pool_charge(a, total, credit))
    return NULL;
  char *base = source_alloc(a, total);
  if (!base) {
    pool_return(a, total, credit);
    return NULL;
  }
  /* base is aligned on sizeof(void *) at least, so the block ends within base + total. */
  const uintptr_t start = ((uintptr_t)base + sizeof(struct header) + pad) & ~(alignment - 1);
  struct header *h = header_of((void *)start);
  *h = (struct header){.base = base, .size = total, .allocator = allocator, .user_size = size};
  *credited = credit != 0;
  return (void *)start;
}

/* Allocates with an allocator (omp_null_allocator: the default one) and its fallbacks. */
static void *allocate(omp_allocator_handle_t allocator, size_t alignment, size_t size,
                      const struct header *old, bool *credited)
{
  if (allocator == omp_null_allocator)
    allocator = o2n_self()->icv.def_allocator;
  for (;;) {
    void *p = try_allocate(allocator, alignment, size, old, credited);
    const struct o2n_allocator *a = data_of(allocator);
    if (p || !a) /* a predefined allocator returns NULL when it fails */
      return p;
    switch (a->fallback) {
    case omp_atv_default_mem_fb:
      allocator = omp_default_mem_alloc;
      break;
    case omp_atv_allocator_fb:
      allocator = a->fb_data == omp_null_allocator ? omp_default_mem_alloc : a->fb_data;
      break;
    case omp_atv_abort_fb:
      o2n_fatal("out of memory (allocating %zu bytes with an allocator whose fallback is "
                "omp_atv_abort_fb)",
                size);
    default: /* omp_atv_null_fb */
      return NULL;
    }
  }
}

/* Frees a block given a copy of its header; uncharges its pool unless a replacement took over
   the charge. */
static void release(const struct header *h, bool uncharge)
{
  struct o2n_allocator *a = data_of(h->allocator);
  if (uncharge)
    pool_return(a, h->size, 0);
  source_free(a, h->base, h->size);
}

/* ------------------------------------------------------------------------------------------- */
/* API                                                                                         */
/* ------------------------------------------------------------------------------------------- */

O2N_API omp_allocator_handle_t omp_init_allocator(omp_memspace_handle_t memspace, int ntraits,
                                                  const omp_alloctrait_t traits[])
{
  if (memspace > omp_low_lat_mem_space || memspace == omp_high_bw_mem_space)
    return omp_null_allocator;
  struct o2n_allocator *a = malloc(sizeof *a);
  if (!a)
    return omp_null_allocator;
  a->alignment = 1;
  a->pool_size = SIZE_MAX;
  atomic_init(&a->used, 0);
  a->fb_data = omp_null_allocator;
  a->fallback = omp_atv_default_mem_fb;
  a->partition = omp_atv_environment;
  a->pinned = false;
  for (int i = 0; i < ntraits; i++)
    if (!set_trait(a, &traits[i])) {
      free(a);
      return omp_null_allocator;
    }
  if (a->alignment < sizeof(void *))
    a->alignment = sizeof(void *);
  return (omp_allocator_handle_t)(uintptr_t)a;
}

O2N_API void omp_destroy_allocator(omp_allocator_handle_t allocator)
{
  free(data_of(allocator));
}

O2N_API void omp_set_default_allocator(omp_allocator_handle_t allocator)
{
  struct o2n_thread *self = o2n_self();
  o2n_icv_will_change(self);
  self->icv.def_allocator =
      allocator == omp_null_allocator ? omp_default_mem_alloc : allocator;
}

O2N_API omp_allocator_handle_t omp_get_default_allocator(void)
{
  return o2n_self()->icv.def_allocator;
}

O2N_API void *omp_aligned_alloc(size_t alignment, size_t size, omp_allocator_handle_t allocator)
{
  if (size == 0 || alignment == 0 || (alignment & (alignment - 1)) != 0)
    return NULL;
  bool credited;
  return allocate(allocator, alignment, size, NULL, &credited);
}

O2N_API void *omp_alloc(size_t size, omp_allocator_handle_t allocator)
{
  return omp_aligned_alloc(1, size, allocator);
}

O2N_API void *omp_aligned_calloc(size_t alignment, size_t nmemb, size_t size,
                                 omp_allocator_handle_t allocator)
{
  if (nmemb == 0 || size == 0)
    return NULL;
  size_t total;
  if (__builtin_mul_overflow(nmemb, size, &total))
    total = SIZE_MAX; /* fails, through the fallbacks, as any size too large does */
  void *p = omp_aligned_alloc(alignment, total, allocator);
  return p ? memset(p, 0, total) : NULL;
}

O2N_API void *omp_calloc(size_t nmemb, size_t size, omp_allocator_handle_t allocator)
{
  return omp_aligned_calloc(1, nmemb, size, allocator);
}

O2N_API void *omp_realloc(void *ptr, size_t size, omp_allocator_handle_t allocator,
                          omp_allocator_handle_t free_allocator)
{
  if (!ptr)
    return omp_alloc(size, allocator);
  if (size == 0) {
    omp_free(ptr, free_allocator);
    return NULL;
  }
  const struct header old = *header_of(ptr);
  bool credited = false;
  void *p = allocate(allocator, 1, size, &old, &credited);
  if (!p)
    return NULL;
  memcpy(p, ptr, old.user_size < size ? old.user_size : size);
  release(&old, !credited);
  return p;
}

O2N_API void omp_free(void *ptr, omp_allocator_handle_t allocator)
{
  (void)allocator;
  if (!ptr)
    return;
  const struct header h = *header_of(ptr);
  release(&h, true);
}

/* ------------------------------------------------------------------------------------------- */
/* ABI: the allocate clause's private copies, the allocate directive's variables               */
/* ------------------------------------------------------------------------------------------- */

/* size bytes (at least 1) from allocator, or the program stops with a message about what. */
static void *allocate_or_stop(size_t size, size_t alignment, uintptr_t allocator,
                              const char *what)
{
  void *p = omp_aligned_alloc(alignment, size ? size : 1, (omp_allocator_handle_t)allocator);
  if (!p)
    o2n_fatal("out of memory allocating %zu bytes for %s", size, what);
  return p;
}

O2N_ABI void *__omp2numa_private_alloc(size_t size, size_t alignment, uintptr_t allocator)
{
  return allocate_or_stop(size, alignment, allocator,
                          "a private copy of an 'allocate' clause");
}

O2N_ABI void __omp2numa_private_free(void *copy)
{
  omp_free(copy, omp_null_allocator);
}

O2N_ABI void *__omp2numa_allocate_var(size_t size, size_t alignment, uintptr_t allocator)
{
  return allocate_or_stop(size, alignment, allocator, "a variable of an 'allocate' directive");
}

O2N_ABI void __omp2numa_allocate_var_free(void *var)
{
  omp_free(*(void **)var, omp_null_allocator);
}
