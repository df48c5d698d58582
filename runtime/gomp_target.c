/*
 * gomp_target.c -- target constructs of gcc-compiled code, on the host, as libgomp runs them when
 * the machine has no offload device (libomp2numa has none: device.c).
 *
 * A target region runs its outlined function on the encountering thread, with the host's
 * addresses, after copying its firstprivate variables (the map kind GOMP_MAP_FIRSTPRIVATE) into
 * a block of its own, as libgomp's fallback does.  Data mapping (target data, enter/exit data,
 * update) has nothing to do: the device is the host's memory.  Offload images are never
 * registered.  As in libgomp, the region runs as a new initial thread (target.c's
 * o2n_target_run): inside it, omp_get_level() is 0 and a parallel region is outermost, even when
 * the target construct is in a parallel region, and its thread_limit clause is the
 * thread-limit-var of the region's contention group.  Departure from libgomp: nowait runs the
 * region at once (an undeferred target task).
 */
#include "gomp.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* libgomp's map kinds (gomp-constants.h): the low byte is the kind, the high byte the log2 of
   the alignment; firstprivate is kind 12. */
enum { MAP_KIND_MASK = 0xff, MAP_FIRSTPRIVATE = 12, MAP_ALIGN_SHIFT = 8 };

/* The size of a block that holds the firstprivate variables, each at its alignment. */
static size_t firstprivate_size(size_t mapnum, const size_t *sizes, const unsigned short *kinds,
                                size_t *max_align)
{
  size_t size = 0;
  *max_align = 1;
  for (size_t i = 0; i < mapnum; i++)
    if ((kinds[i] & MAP_KIND_MASK) == MAP_FIRSTPRIVATE) {
      const size_t align = (size_t)1 << (kinds[i] >> MAP_ALIGN_SHIFT);
      *max_align = align > *max_align ? align : *max_align;
      size = (size + align - 1) / align * align + sizes[i];
    }
  return size;
}

/* Copies the firstprivate variables into block and points hostaddrs at the copies. */
static void firstprivate_copy(char *block, size_t mapnum, void **hostaddrs, const size_t *sizes,
                              const unsigned short *kinds)
{
  size_t offset = 0;
  for (size_t i = 0; i < mapnum; i++)
    if ((kinds[i] & MAP_KIND_MASK) == MAP_FIRSTPRIVATE) {
      const size_t align = (size_t)1 << (kinds[i] >> MAP_ALIGN_SHIFT);
      offset = (offset + align - 1) / align * align;
      memcpy(block + offset, hostaddrs[i], sizes[i]);
      hostaddrs[i] = block + offset;
      offset += sizes[i];
    }
}

/* libgomp's target arguments (gomp-constants.h): a NULL-terminated list of ids, each with its
   value in its upper bits or in the next element. */
enum {
  ARG_DEVICE_MASK = (1 << 7) - 1,
  ARG_SUBSEQUENT_PARAM = 1 << 7,
  ARG_ID_MASK = ((1 << 8) - 1) << 8,
  ARG_THREAD_LIMIT = 2 << 8,
  ARG_VALUE_SHIFT = 16
};

/* The thread_limit clause of a target construct, 0 without one. */
static unsigned target_thread_limit(void **args)
{
  while (args && *args) {
    const intptr_t id = (intptr_t)*args++;
    const intptr_t value = (id & ARG_SUBSEQUENT_PARAM) ? (intptr_t)*args++ : id >> ARG_VALUE_SHIFT;
    if ((id & ARG_DEVICE_MASK) == 0 && (id & ARG_ID_MASK) == ARG_THREAD_LIMIT)
      return value > INT_MAX ? INT_MAX : value > 0 ? (unsigned)value : 0;
  }
  return 0;
}

O2N_ABI void GOMP_target_ext(int device, o2n_gomp_fn fn, size_t mapnum, void **hostaddrs,
                             size_t *sizes, unsigned short *kinds, unsigned flags, void **depend,
                             void **args)
{
  (void)device, (void)flags;
  if (depend)
    o2n_gomp_depend_wait("GOMP_target_ext", __builtin_return_address(0), depend);
  size_t align;
  const size_t size = firstprivate_size(mapnum, sizes, kinds, &align);
  char *block = size ? o2n_xmalloc(size + align - 1) : NULL;
  if (block) {
    char *aligned = (char *)(((uintptr_t)block + align - 1) / align * align);
    firstprivate_copy(aligned, mapnum, hostaddrs, sizes, kinds);
  }
  o2n_target_run(fn, hostaddrs, target_thread_limit(args));
  free(block);
}

O2N_ABI void GOMP_target(int device, o2n_gomp_fn fn, const void *unused, size_t mapnum,
                         void **hostaddrs, size_t *sizes, unsigned char *kinds)
{
  (void)device, (void)unused, (void)mapnum, (void)sizes, (void)kinds;
  o2n_target_run(fn, hostaddrs, 0);
}

O2N_ABI void GOMP_target_update_ext(int device, size_t mapnum, void **hostaddrs, size_t *sizes,
                                    unsigned short *kinds, unsigned flags, void **depend)
{
  (void)device, (void)mapnum, (void)hostaddrs, (void)sizes, (void)kinds, (void)flags;
  if (depend)
    o2n_gomp_depend_wait("GOMP_target_update_ext", __builtin_return_address(0), depend);
}

O2N_ABI void GOMP_target_enter_exit_data(int device, size_t mapnum, void **hostaddrs,
                                         size_t *sizes, unsigned short *kinds, unsigned flags,
                                         void **depend)
{
  (void)device, (void)mapnum, (void)hostaddrs, (void)sizes, (void)kinds, (void)flags;
  if (depend)
    o2n_gomp_depend_wait("GOMP_target_enter_exit_data", __builtin_return_address(0), depend);
}

/* The rest has nothing to do on the host. */

O2N_ABI void GOMP_target_data_ext(int device, size_t mapnum, void **hostaddrs, size_t *sizes,
                                  unsigned short *kinds)
{
  (void)device, (void)mapnum, (void)hostaddrs, (void)sizes, (void)kinds;
}

O2N_ABI void GOMP_target_data(int device, const void *unused, size_t mapnum, void **hostaddrs,
                              size_t *sizes, unsigned char *kinds)
{
  (void)device, (void)unused, (void)mapnum, (void)hostaddrs, (void)sizes, (void)kinds;
}

O2N_ABI void GOMP_target_end_data(void)
{
}

O2N_ABI void GOMP_target_update(int device, const void *unused, size_t mapnum, void **hostaddrs,
                                size_t *sizes, unsigned char *kinds)
{
  (void)device, (void)unused, (void)mapnum, (void)hostaddrs, (void)sizes, (void)kinds;
}

/* GOMP 4.0's teams, inside a target region: one team on the host, as libgomp's fallback. */
O2N_ABI void GOMP_teams(unsigned num_teams, unsigned thread_limit)
{
  (void)num_teams, (void)thread_limit;
}

O2N_ABI void GOMP_offload_register_ver(unsigned version, const void *host_table, int target_type,
                                       const void *target_data)
{
  (void)version, (void)host_table, (void)target_type, (void)target_data;
}

O2N_ABI void GOMP_offload_unregister_ver(unsigned version, const void *host_table,
                                         int target_type, const void *target_data)
{
  (void)version, (void)host_table, (void)target_type, (void)target_data;
}

O2N_ABI void GOMP_offload_register(const void *host_table, int target_type,
                                   const void *target_data)
{
  (void)host_table, (void)target_type, (void)target_data;
}

O2N_ABI void GOMP_offload_unregister(const void *host_table, int target_type,
                                     const void *target_data)
{
  (void)host_table, (void)target_type, (void)target_data;
}
